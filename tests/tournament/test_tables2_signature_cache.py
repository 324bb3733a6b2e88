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
