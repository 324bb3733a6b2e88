"""``{% fragment "name" %} … {% endfragment %}``: a part of a public page that ``tournament.public.cache`` stores.

Rendered from the data when the page is rendered for the cache (and then recorded) or without it; taken from the
stored page otherwise, without evaluating anything inside. Whatever a template puts outside its fragments is
rendered for every request, from the request and the few context values the cache keeps with the fragments.
"""

from django import template

register = template.Library()
STORED = "fragments_stored"       # context: name → HTML of a stored page; its fragments are taken from here
RECORD = "fragments_record"       # context: a dict the fragments put their HTML into while the page is rendered


class FragmentMissing(Exception):
    """The stored page lacks a fragment the template has (stored by other code): render the page anew."""


class FragmentNode(template.Node):
    def __init__(self, name, nodelist):
        self.name, self.nodelist = name, nodelist

    def render(self, context):
        stored = context.get(STORED)
        if stored is not None:
            if self.name not in stored:
                raise FragmentMissing(self.name)
            return stored[self.name]
        html = self.nodelist.render(context)
        record = context.get(RECORD)
        if record is not None:
            if self.name in record:
                raise template.TemplateSyntaxError(f"fragment {self.name!r} is rendered twice on one page")
            record[self.name] = html
        return html


@register.tag
def fragment(parser, token):
    bits = token.split_contents()
    if len(bits) != 2 or bits[1][0] not in "\"'" or bits[1][0] != bits[1][-1]:
        raise template.TemplateSyntaxError('Use {% fragment "name" %} … {% endfragment %}.')
    nodelist = parser.parse(("endfragment",))
    parser.delete_first_token()
    return FragmentNode(bits[1][1:-1], nodelist)
