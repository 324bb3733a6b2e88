"""django-tables2 tables of the public pages. Rows are plain dicts made from ``standings.Row`` (``*_rows``).

Sorting happens on the dicts (``order_by`` names dict keys); "higher is better" columns sort descending on
the first click. Columns marked ``wide`` are hidden on a phone, where the name cell shows them in a sub-line.
"""

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from tournament.common.collation import name_key, person_key
from tournament.common.numbers import signed

NUM = {"th": {"class": "num"}, "td": {"class": "num"}}
WIDE = {"th": {"class": "wide"}, "td": {"class": "wide"}}
WIDE_NUM = {"th": {"class": "num wide"}, "td": {"class": "num wide"}}
TEMPLATE = "public/_table.html"


def matches(row, query):
    """Every word of ``query`` occurs (case-insensitively) in the row's name or town."""
    haystack = f"{row.get('name', '')} {row.get('town', '')}".casefold()
    return all(word in haystack for word in (query or "").casefold().split())


def standings_rows(rows, prize_keys=()):
    """``standings.Row`` of a tournament → dicts for ``StandingsTable`` (round scores as r1, r2, …)."""
    out = []
    for row in rows:
        d = dict(row.data, rank=row.rank, tied=row.tied, total=row.total, declarer_won=row.declarer_won,
                 declarer_lost=row.declarer_lost, prize=row.key in prize_keys,
                 sort_name=person_key(row.data))
        for number, points in enumerate(row.round_scores, start=1):
            d[f"r{number}"] = points
        out.append(d)
    return out


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


class RankColumn(tables.Column):
    """ "2." on every row of a shared rank; a shared rank says so to screen readers and on hover."""

    def __init__(self, **kwargs):
        kwargs.setdefault("verbose_name", _("Rank"))
        kwargs.setdefault("attrs", {"th": {"class": "num rank"}, "td": {"class": "num rank"}})
        kwargs.setdefault("order_by", ("rank", "sort_name"))
        super().__init__(**kwargs)

    def render(self, value, record):
        if record.get("tied"):
            return format_html('<span title="{}">{}.</span>', _("shared rank"), value)
        return f"{value}."


class PointsColumn(tables.Column):
    def __init__(self, **kwargs):
        kwargs.setdefault("attrs", NUM)
        super().__init__(**kwargs)

    def render(self, value):
        return signed(value)


class DeclarerColumn(tables.Column):
    """Declarer games won (✓) or lost (✗): a narrow symbol header, the words for screen readers and on hover."""

    def __init__(self, *, won):
        words = _("declarer games won") if won else _("declarer games lost")
        key, cls = ("declarer_won", "dw") if won else ("declarer_lost", "dl")
        header = format_html('<span aria-hidden="true">{}</span><span class="sr-only">{}</span>',
                             "✓" if won else "✗", words)
        super().__init__(verbose_name=header, order_by=(f"-{key}" if won else key, "rank"),
                         attrs={"th": {"class": f"num {cls}", "title": words}, "td": {"class": f"num {cls}"}})


class PublicTable(tables.Table):
    class Meta:
        template_name = TEMPLATE
        attrs = {"class": "grid standings"}
        empty_text = _("No one matches.")


class StandingsTable(PublicTable):
    label = _("Standings")
    rank = RankColumn()
    start_number = tables.Column(verbose_name=_("No."), attrs=WIDE_NUM)
    name = tables.Column(verbose_name=_("Name"), order_by=("sort_name",), attrs={"td": {"class": "name"}})
    town = tables.Column(verbose_name=_("Town"), attrs=WIDE)
    total = PointsColumn(verbose_name=_("Total"), order_by=("-total", "rank"),
                         attrs={"th": {"class": "num total"}, "td": {"class": "num total"}})
    class Meta(PublicTable.Meta):
        attrs = {"class": "grid standings", "id": "standings"}
        row_attrs = {"class": lambda record: " ".join(c for c, on in (("tied", record.get("tied")),
                                                                       ("prize", record.get("prize")),
                                                                       ("withdrawn", record.get("withdrawn")))
                                                          if on),
                     "data-entry": lambda record: record["entry_id"]}

    def __init__(self, data, *, tournament, rounds, **kwargs):
        self.tournament = tournament
        # One reverse() per table, not per row (a quarter of a 300-row render): the URL up to the entry id.
        self.player_url_prefix = reverse("public:player", args=[tournament.pk, 0]).removesuffix("0/")
        extra = [(f"r{n}", PointsColumn(verbose_name=_("R%(n)s") % {"n": n}, order_by=(f"-r{n}", "rank"),
                                        attrs={"th": {"class": "num round", "title": _("Round %(n)s") % {"n": n}},
                                               "td": {"class": "num round"}}))
                 for n in rounds]
        order = ["rank", "start_number", "name", "town", *[name for name, _c in extra], "total", "declarer_won",
                 "declarer_lost"]
        extra += [("declarer_won", DeclarerColumn(won=True)), ("declarer_lost", DeclarerColumn(won=False))]
        super().__init__(data, extra_columns=extra, sequence=order, **kwargs)

    def render_name(self, value, record):
        url = f"{self.player_url_prefix}{record['entry_id']}/"
        sub = f"{record['start_number']}" + (f" · {record['town']}" if record["town"] else "")
        withdrawn = format_html(' <span class="note">{}</span>', _("withdrawn")) if record.get("withdrawn") else ""
        return format_html('<a href="{}">{}</a>{}<span class="sub">{}</span>', url, value, withdrawn, sub)


class TournamentColumn(tables.Column):
    """A player's total in one tournament of the season; with best N, totals that do not count are struck."""

    def __init__(self, *, index, marked, **kwargs):
        self.index = index
        self.marked = marked
        super().__init__(**kwargs)

    def render(self, value, record):
        if value is None:
            return format_html('<span class="absent" title="{}">–</span>', _("did not play"))
        if self.marked and self.index not in record["counted"]:
            return format_html('<span class="dropped" title="{}">{}</span>', _("does not count (best N)"),
                               signed(value))
        return signed(value)


class SeasonTable(PublicTable):
    label = _("Season standings")
    rank = RankColumn()
    name = tables.Column(verbose_name=_("Name"), order_by=("sort_name",), attrs={"td": {"class": "name"}})
    town = tables.Column(verbose_name=_("Town"), attrs=WIDE)
    participations = tables.Column(verbose_name=_("Played"), order_by=("-participations", "rank"),
                                   attrs={"th": {"class": "num wide", "title": _("tournaments played")},
                                          "td": {"class": "num wide"}})
    total = PointsColumn(verbose_name=_("Total"), order_by=("-total", "rank"),
                         attrs={"th": {"class": "num total"}, "td": {"class": "num total"}})

    class Meta(PublicTable.Meta):
        attrs = {"class": "grid standings season", "id": "season-standings"}
        row_attrs = {"class": lambda record: "tied" if record.get("tied") else ""}

    def __init__(self, data, *, tournaments, best_n=None, **kwargs):
        self.best_n = best_n
        extra = []
        for index, t in enumerate(tournaments):
            column = TournamentColumn(index=index, marked=best_n is not None,
                                      verbose_name=f"{t.date.day}.{t.date.month}.",   # short: fits a phone
                                      order_by=(f"-t{index}", "rank"), empty_values=(),
                                      attrs={"th": {"class": "num tcol", "title": t.name},
                                             "td": {"class": "num tcol"}})
            extra.append((f"t{index}", column))
        order = ["rank", "name", "town", "participations", *[name for name, _c in extra], "total"]
        super().__init__(data, extra_columns=extra, sequence=order, **kwargs)

    def render_name(self, value, record):
        played = ngettext("%(n)s tournament", "%(n)s tournaments", record["participations"]) % {
            "n": record["participations"]}
        sub = f"{record['town']} · {played}" if record["town"] else played
        return format_html('{}<span class="sub">{}</span>', value, sub)


class TeamTable(PublicTable):
    label = _("Team standings")
    rank = RankColumn(order_by=("rank", "sort_name"))
    name = tables.Column(verbose_name=_("Team"), order_by=("sort_name",))
    members = tables.Column(verbose_name=_("Players"), attrs=NUM)
    total = PointsColumn(verbose_name=_("Total"), order_by=("-total", "rank"),
                         attrs={"th": {"class": "num total"}, "td": {"class": "num total"}})

    class Meta(PublicTable.Meta):
        attrs = {"class": "grid standings teams", "id": "team-standings"}


def team_rows(rows):
    return [dict(row.data, rank=row.rank, tied=row.tied, total=row.total, sort_name=name_key(row.data["name"]))
            for row in rows]
