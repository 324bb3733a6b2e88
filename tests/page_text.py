"""Reading pages in tests: the rows of a table, the text of an element, the levels of the messages shown, a GET
in a language. Shared by tests/office, tests/public and tests/e2e."""

from html.parser import HTMLParser

from django.contrib.messages import get_messages


class TableText(HTMLParser):
    """The text of each row (``th`` and ``td`` cells) of the ``<table>`` with the given id."""

    def __init__(self, table_id):
        super().__init__()
        self.table_id = table_id
        self.depth = 0          # nesting of <table> inside the wanted table; 0 = outside
        self.rows = []
        self.cell = None

    def handle_starttag(self, tag, attrs):
        if tag == "table" and (self.depth or dict(attrs).get("id") == self.table_id):
            self.depth += 1
        elif self.depth and tag == "tr":
            self.rows.append([])
        elif self.depth and tag in ("td", "th"):
            self.cell = []

    def handle_endtag(self, tag):
        if tag == "table" and self.depth:
            self.depth -= 1
        elif self.depth and tag in ("td", "th") and self.cell is not None:
            self.rows[-1].append(" ".join("".join(self.cell).split()))
            self.cell = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


def table_rows(response, table_id):
    parser = TableText(table_id)
    parser.feed(response.content.decode())
    assert parser.rows, f"no table #{table_id} on the page"
    return parser.rows


def get(client, url, lang="de", **params):
    return client.get(url, params, HTTP_ACCEPT_LANGUAGE=lang)


class ElementText(HTMLParser):
    """The text inside the element with the given id."""

    VOID = {"br", "input", "img", "meta", "link", "hr"}

    def __init__(self, element_id):
        super().__init__()
        self.element_id, self.depth, self.parts = element_id, 0, []

    def handle_starttag(self, tag, attrs):
        if tag in self.VOID:
            return
        if self.depth or dict(attrs).get("id") == self.element_id:
            self.depth += 1

    def handle_endtag(self, tag):
        if self.depth and tag not in self.VOID:
            self.depth -= 1

    def handle_data(self, data):
        if self.depth:
            self.parts.append(data)


def text_of(html, element_id):
    parser = ElementText(element_id)
    parser.feed(html)
    return " ".join(" ".join(parser.parts).split()).replace(" ,", ",")


def levels(response):
    return [m.level_tag for m in get_messages(response.wsgi_request)]
