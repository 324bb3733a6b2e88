"""The standings tables of the public pages: plain rows, plain columns, one template loop per table.

These are the hot pages (every phone in the hall reloads them), so they use no table library: the rows are plain
dicts made from ``standings.Row`` (``*_rows``), a ``Table`` sorts and pages them, and the table's template
(``templates/public/_<kind>_table.html``, on the frame ``public/_table.html``) writes the cells.

Sorting: ``?sort=<alias>``, where an alias is a column key, ``-key`` the other way round; a column sorts by its
``order_by`` keys of the rows, so "higher is better" columns (``-total``) put the highest first on the first
click. Several ``sort`` parameters sort by each in turn; unknown ones are ignored. A header link sorts by its
column (the other way round when the table is sorted by it already), keeps the other parameters and goes back to
page 1. Paging: ``?page=n`` with ``PER_PAGE`` rows; a page past the end shows the last one. Columns marked
``wide`` are hidden on a phone, where the name cell shows them in a sub-line.
"""

import re
import threading
from dataclasses import dataclass
from functools import cached_property

from django.core.paginator import EmptyPage, Paginator
from django.urls import reverse
from django.utils.html import escape, format_html
from django.utils.http import urlencode
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournament.common import names, params
from tournament.common.collation import person_key
from tournament.games import kind_of

PER_PAGE = 50
BUILT_KEPT = 16                 # rankings whose rows (and index) ``standings_rows_of`` (``row_of``) keep per process
_built, _index, _built_lock = {}, {}, threading.Lock()
SORT, PAGE = params.SORT, params.PAGE


def matches(row, query):
    """Every word of ``query`` is found in the row's name or town, the German way (``names.query_matches``)."""
    return names.query_matches((query or "")[:100], row.get("name", ""), row.get("town", ""))   # bounded


def standings_rows(rows, prize_keys=()):
    """``standings.Row`` of a tournament → dicts for ``StandingsTable`` (round scores: ``rounds``, r1, r2 …)."""
    out = []
    for row in rows:
        d = dict(row.data, rank=row.rank, tied=row.tied, by_lot=row.by_lot, total=row.total,
                 declarer_won=row.declarer_won, declarer_lost=row.declarer_lost, prize=row.key in prize_keys,
                 rounds=row.round_scores, sort_name=person_key(row.data))
        for number, points in enumerate(row.round_scores, start=1):
            d[f"r{number}"] = points
        out.append(d)
    return out


def per_result(store, result, build):
    """``build(result)`` once per ranked ``Standings`` object and process, kept in ``store`` (the newest
    ``BUILT_KEPT``) with the result itself, so that its id is not reused meanwhile."""
    with _built_lock:
        kept = store.get(id(result))
    if kept is None or kept[0] is not result:
        kept = (result, build(result))
        with _built_lock:
            store[id(result)] = kept
            while len(store) > BUILT_KEPT:
                del store[next(iter(store))]
    return kept[1]


def standings_rows_of(result):
    """``standings_rows`` of a ranked ``Standings`` (with its prize places), built once per result object and
    process: the public standings render up to twenty variants (pages, sort orders, languages, searches) of one
    ranking after each result, and building 1,000 rows costs 5 ms. A new list each time (``Table.sort`` sorts it);
    the rows themselves are shared and only read (``Table.page_rows`` copies the page's)."""
    return list(per_result(_built, result, lambda r: standings_rows(r.rows, {p.key for p in r.prizes})))


def row_of(result, key):
    """The row of ``key`` in a ranked ``Standings`` (or None), by an index built once per result object and process
    (a player page asks after every result)."""
    return per_result(_index, result, lambda r: {row.key: row for row in r.rows}).get(key)


def season_rows(rows):
    """``standings.Row`` of a season → dicts for ``SeasonTable`` (tournament totals as t0, t1, …)."""
    out = []
    for row in rows:
        d = dict(row.data, rank=row.rank, tied=row.tied, total=row.total,
                 sort_name=person_key(row.data))
        for index, value in enumerate(row.data["per_tournament"]):
            d[f"t{index}"] = value
        out.append(d)
    return out


def team_rows(rows):
    return [dict(row.data, rank=row.rank, tied=row.tied, total=row.total) for row in rows]


def opposite(alias):
    return alias[1:] if alias.startswith("-") else f"-{alias}"


def sort_key(value):
    """Rows without a value (a tournament not played) sort before every number."""
    return (value is not None, value)


@dataclass(frozen=True)
class Column:
    """One column: ``key`` names its sort alias (and usually the row's value), ``order_by`` the row keys it sorts
    by (default: ``key``); ``css`` the classes of its header cell, ``title`` the header's tooltip."""

    key: str
    header: str
    order_by: tuple = ()
    css: str = ""
    title: str = ""

    def sorts_by(self, alias):
        keys = self.order_by or (self.key,)
        return tuple(opposite(k) for k in keys) if alias.startswith("-") else keys


class Table:
    """Rows (dicts), columns, the request's sorting and page; the template writes the cells of ``page_rows``."""

    template_name = None
    label = None
    css = "grid standings"
    html_id = None
    empty_text = _("No one matches.")

    def __init__(self, rows, columns):
        self.rows = rows
        self.columns = columns
        self.order_by = ()
        self.query = {}
        self.paginator = self.page = None

    def configure(self, request, per_page=PER_PAGE):
        """Sort by the request's ``sort`` parameters and show its ``page``."""
        self.query = dict(request.GET.lists())
        self.sort(request.GET.getlist(SORT))
        try:
            page = max(1, int(params.get(request.GET, PAGE, 1)))
        except ValueError:
            page = 1
        self.paginate(page, per_page)
        return self

    def sort(self, aliases):
        columns = {c.key: c for c in self.columns}
        self.order_by = tuple(a for a in aliases if a.removeprefix("-") in columns)
        keys = [k for alias in self.order_by for k in columns[alias.removeprefix("-")].sorts_by(alias)]
        for key in reversed(keys):          # stable sorts, least significant key first
            name = key.removeprefix("-")
            self.rows.sort(key=lambda row, name=name: sort_key(row.get(name)), reverse=key.startswith("-"))

    def paginate(self, page, per_page=PER_PAGE):
        self.paginator = Paginator(self.rows, per_page)
        try:
            self.page = self.paginator.page(page)
        except EmptyPage:
            self.page = self.paginator.page(self.paginator.num_pages)

    def link(self, **params):
        """``?…`` of the current query with ``params`` replaced (escaped for an attribute)."""
        return escape("?" + urlencode({**self.query, **params}, doseq=True))

    @property
    def headers(self):
        """Per column: its label, tooltip, classes (``orderable``, ``asc``/``desc`` when sorted by it) and link."""
        out = []
        for column in self.columns:
            current = next((a for a in self.order_by if a.removeprefix("-") == column.key), None)
            classes = set(column.css.split()) | {"orderable"}
            if current is not None:
                classes.add("desc" if current.startswith("-") else "asc")
            alias = column.key if current is None else opposite(current)
            out.append({"label": column.header, "title": column.title, "css": " ".join(sorted(classes)),
                        "href": self.link(**{SORT: alias, PAGE: 1})})
        return out

    @cached_property
    def page_rows(self):
        """The rows of the page, each with its row classes in ``css`` (``even``/``odd`` counted over all rows);
        copies, so that the table's rows may be shared (``standings_rows_of``)."""
        start = self.page.start_index() - 1 if self.rows else 0
        rows = [dict(row) for row in self.page.object_list]
        for index, row in enumerate(rows, start=start):
            row["css"] = " ".join([*self.row_classes(row), "odd" if index % 2 else "even"])
        return rows

    def row_classes(self, row):
        return ["tied"] if row.get("tied") else []

    def previous_link(self):
        return self.link(**{PAGE: self.page.previous_page_number()})

    def next_link(self):
        return self.link(**{PAGE: self.page.next_page_number()})


# Every sort alias a column below can have (its key, "-key" the other way round): the page cache
# (``public.query``) keys only these; tests/public/test_cache_query.py checks every column of every table against it.
SORT_ALIAS = re.compile(r"-?(?:rank|start_number|name|town|total|declarer_won|declarer_lost|participations|members"
                        r"|r[1-9]\d?|t\d{1,3})")


def rank_column(**kwargs):
    """ "2." on every row of a shared rank; a shared rank says so to screen readers and on hover."""
    return Column("rank", _("Rank"), **{"order_by": ("rank", "sort_name"), "css": "num rank", **kwargs})


def total_column():
    return Column("total", _("Total"), order_by=("-total", "rank"), css="num total")


def declarer_column(*, won):
    """Declarer games won (✓) or lost (✗): a narrow symbol header, the words for screen readers and on hover."""
    words = _("declarer games won") if won else _("declarer games lost")
    key = "declarer_won" if won else "declarer_lost"
    header = format_html('<span aria-hidden="true">{}</span><span class="sr-only">{}</span>', "✓" if won else "✗",
                         words)
    return Column(key, header, order_by=(f"-{key}" if won else key, "rank"), css=f"num {'dw' if won else 'dl'}",
                  title=words)


class StandingsTable(Table):
    """A tournament's standings: rank, no., name, town, a column per round, total, declarer games won and lost."""

    template_name = "public/_standings_table.html"
    label = _("Standings")
    html_id = "standings"

    def __init__(self, rows, *, tournament, rounds):
        # One reverse() per table, not per row: the URL up to the entry id.
        self.player_url_prefix = reverse("public:player", args=[tournament.pk, 0]).removesuffix("0/")
        columns = [
            rank_column(),
            Column("start_number", _("No."), css="num wide"),
            Column("name", _("Name"), order_by=("sort_name",)),
            Column("town", _("Town"), css="wide"),
            *[Column(f"r{n}", _("R%(n)s") % {"n": n}, order_by=(f"-r{n}", "rank"), css="num round",
                     title=_("Round %(n)s") % {"n": n}) for n in rounds],
            total_column(),
        ]
        # Offiziers-Cego: two players, nobody is declarer (docs/director.md); no declarer columns.
        self.declarer = not hasattr(tournament, "game") or kind_of(tournament).declarer
        if self.declarer:
            columns += [declarer_column(won=True), declarer_column(won=False)]
        super().__init__(rows, columns)

    def row_classes(self, row):
        return [c for c in ("tied", "prize", "withdrawn") if row.get(c)]


class SeasonTable(Table):
    """A season's standings: rank, name, town, tournaments played, a column per tournament, total."""

    template_name = "public/_season_table.html"
    label = _("Season standings")
    css = "grid standings season"
    html_id = "season-standings"

    def __init__(self, rows, *, tournaments, best_n=None):
        self.marked = best_n is not None          # results that do not count are struck through
        self.player_url_prefix = reverse("public:player_years", args=[0]).removesuffix("0/")   # a player's years
        columns = [
            rank_column(),
            Column("name", _("Name"), order_by=("sort_name",)),
            Column("town", _("Town"), css="wide"),
            Column("participations", _("Played"), order_by=("-participations", "rank"), css="num wide",
                   title=_("tournaments played")),
            # short headers (day and month): they fit a phone
            *[Column(f"t{index}", f"{t.date.day}.{t.date.month}.", order_by=(f"-t{index}", "rank"),
                     css="num tcol", title=t.name) for index, t in enumerate(tournaments)],
            total_column(),
        ]
        self.short_dates = [f"{t.date.day}.{t.date.month}." for t in tournaments]
        super().__init__(rows, columns)

    @cached_property
    def page_rows(self):
        """Also ``per_short``: (day, points, dropped) per tournament, the sub-line of a narrow screen, where the
        tournament columns are hidden."""
        rows = super().page_rows
        for row in rows:
            counted = row.get("counted", ())
            per_tournament = zip(self.short_dates, row["per_tournament"], strict=False)
            row["per_short"] = [(day, points, self.marked and points is not None and index not in counted)
                                for index, (day, points) in enumerate(per_tournament)]
        return rows


class TeamTable(Table):
    """Team standings (of a tournament or a season): rank, team, players, total."""

    template_name = "public/_team_table.html"
    label = _("Team standings")
    css = "grid standings teams"
    html_id = "team-standings"

    def __init__(self, rows):
        # "Mann-schaft" may break at its soft hyphen where the column is narrow (public.css, 200 % on a phone)
        team = Column("name", pgettext_lazy("narrow column heading", "Team"), css="name")
        super().__init__(rows, [rank_column(order_by=("rank", "name")), team,
                                Column("members", _("Players"), css="num wide"), total_column()])
