"""The memoised django-tables2 signature gives the same answers as the original, for every kind of callable."""

from django_tables2 import utils


class Column:
    def render(self, value, record):
        return value

    def render_kw(self, value, **kwargs):
        return value


def plain(value, *args, bound_column=None):
    return value


def test_signature_is_cached_and_right():
    assert getattr(utils.signature, "cached", False), "the app's ready() installs the cache"
    a, b = Column(), Column()
    assert utils.signature(a.render) == (("value", "record"), None)
    assert utils.signature(b.render) == (("value", "record"), None)
    assert utils.signature(a.render_kw) == (("value",), "kwargs")
    assert utils.signature(plain) == (("value", "bound_column"), None)
    assert utils.signature(lambda record: record) == (("record",), None)
    assert utils.call_with_appropriate(b.render, {"value": 3, "record": {}, "other": 1}) == 3


def test_attribute_html_is_cached_and_escapes_like_the_original():
    from django.utils.html import format_html_join
    from django.utils.safestring import mark_safe

    assert getattr(utils.AttributeDict.as_html, "cached", False), "the app's ready() installs the cache"
    plain = utils.AttributeDict({"class": "num", "title": "<b>&", "skip": None, "th": "x"})
    assert plain.as_html() == 'class="num" title="&lt;b&gt;&amp;"'
    assert plain.as_html() == format_html_join(" ", '{}="{}"', [("class", "num"), ("title", "<b>&")])
    safe = utils.AttributeDict({"class": "num", "title": mark_safe("<b>&")})
    assert safe.as_html() == 'class="num" title="<b>&"'          # not the cached escaped form of the plain one
    assert utils.AttributeDict({"class": lambda: "pos"}).as_html() == 'class="pos"'
    assert utils.AttributeDict({"data": ["a"]}).as_html() == 'data="[&#x27;a&#x27;]"'     # unhashable: original path
