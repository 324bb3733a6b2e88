"""The tournament workbook: standings, one sheet per round with every game and the per-player scores,
adjustments and the audit log. The entries list (everything the registration holds of each entry, its remark
too). Also the registration template (``registration_template_xlsx``, with the columns of
``registration.files.COLUMNS``; the office's import page offers it too)."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.audit import words
from tournament.common.i18n import engine_lang
from tournament.exports import ziege
from tournament.exports.base import (
    CEGO_GAMES,
    DATETIME,
    INTEGER,
    SIGNED,
    XLSX,
    Column,
    Exporter,
    ListExporter,
    Sheet,
    local,
)
from tournament.exports.money import cash_sheet
from tournament.exports.registry import register
from tournament.exports.sections import LOT_MARK, lot_legend
from tournament.exports.workbook import write_xlsx
from tournament.games import kind_of
from tournament.models import Adjustment, AuditLog, Entry, Game, Round, Score, Seat, Table
from tournament.registration.files import COLUMNS
from tournament.results.engine import contract_name
from tournament.results.row_words import special_words, variant_text
from tournament.standings.categories import category_choices
from tournament.standings.selectors import tournament_standings


def yes_no(value):
    return None if value is None else (_("yes") if value else _("no"))


def variant(game):
    """The variant column (issue 15): the contract a Gegensolo was played with (``KM``) or ``ouv.`` (played open);
    one column, as the two never meet in one game (one is a point game's, the other a goal game's); a
    Pflichträuber, a bought Kleiner Mann or a fine in words (RULES.md §10)."""
    return special_words(game) or variant_text(game).lstrip("/ ") or None


def seat_number(value):
    """A 0-based seat as the sheet shows it (1-based); None stays empty."""
    return None if value is None else value + 1


def standings_sheet(tournament):
    standings = tournament_standings(tournament)
    labels = dict(category_choices(tournament.season))
    prize_keys = {r.key for r in standings.prizes}
    lots = any(r.by_lot for r in standings.rows)     # the lot column only when the lot decided a place
    columns = [Column(_("Rank"), 7, INTEGER), *([Column(_("Lot"), 5)] if lots else []),
               Column(_("Start number"), 10, INTEGER), Column(_("First name"), 14),
               Column(_("Last name"), 16), Column(_("Town"), 16), Column(_("Club"), 22), Column(_("Team"), 20)]
    columns += [Column(_("Round %(n)s") % {"n": n}, 11, SIGNED) for n in standings.rounds]
    declarer = kind_of(tournament).declarer          # Offiziers-Cego: nobody is declarer (docs/standings.md)
    columns += [Column(_("Adjustments"), 12, SIGNED), Column(_("Total points"), 11, SIGNED)]
    if declarer:
        columns += [Column(_("Declarer games won"), 13, INTEGER), Column(_("Declarer games lost"), 13, INTEGER)]
    columns += [Column(_("Prize"), 7), Column(_("Categories"), 22)]

    def rows():
        for r in standings.rows:
            d = r.data
            yield [r.rank, *([LOT_MARK if r.by_lot else ""] if lots else []), d["start_number"], d["first_name"],
                   d["last_name"], d["town"], d["club"], d["team"],
                   *r.round_scores, d["adjustments"], r.total,
                   *([r.declarer_won, r.declarer_lost] if declarer else []),
                   _("yes") if r.key in prize_keys else "",
                   ", ".join(str(labels.get(c, c)) for c in d["categories"])]

    return Sheet(_("Standings"), columns, rows(), freeze_columns=5 if lots else 4,     # rank, start number, name
                 note=lot_legend() if lots else "")


GAME_COLUMNS = 15      # table … won, variant; then number, player and score of each seat


def round_sheet(round_):
    """Every game of the round, one row each: what was played and each seat's player and points."""
    lang = engine_lang()
    tables = {t.pk: t for t in Table.objects.filter(round=round_)}
    width = max((t.size for t in tables.values()), default=4)
    players = {}
    for table_id, position, number, first, last in (
            Seat.objects.filter(round=round_).values_list("table_id", "position", "entry__start_number",
                                                          "entry__player__first_name", "entry__player__last_name")):
        players[(table_id, position)] = (number, f"{first} {last}")
    columns = [Column(_("Table"), 7, INTEGER), Column(_("Game no."), 7, INTEGER),
               Column(_("Dealer (seat)"), 9, INTEGER), Column(_("Contract"), 18),
               Column(_("Declarer (seat)"), 9, INTEGER), Column(_("Announcer (seat)"), 9, INTEGER),
               Column(_("Card points"), 9, INTEGER),
               Column(_("Tricks"), 7, INTEGER), Column(_("Goal achieved"), 9), Column(_("Calls"), 7, INTEGER),
               Column(_("Rule violation (seat)"), 10, INTEGER), Column(_("Value"), 8, INTEGER),
               Column(_("Fach"), 6, INTEGER), Column(_("Won"), 8),
               Column(_("Variant"), 7)]
    for seat in range(1, width + 1):
        columns += [Column(_("No. %(seat)s") % {"seat": seat}, 6, INTEGER),
                    Column(_("Player %(seat)s") % {"seat": seat}, 17),
                    Column(_("Score %(seat)s") % {"seat": seat}, 8, SIGNED)]
    games = Game.objects.filter(table__round=round_).order_by("table__number", "number")
    totals = {}
    for table_id, entry_id, points in Score.objects.filter(table__round=round_, game__isnull=True).values_list(
            "table_id", "entry_id", "points"):
        totals.setdefault(table_id, {})[entry_id] = points
    entry_position = dict(((s.table_id, s.entry_id), s.position) for s in Seat.objects.filter(round=round_))

    def seats(table, scores):
        cells = []
        for position in range(width):
            if position >= table.size:
                cells += [None, None, None]
                continue
            number, name = players.get((table.pk, position), (None, ""))
            cells += [number, name, scores[position] if scores is not None else None]
        return cells

    def rows():
        for g in games.iterator(chunk_size=2000):
            table = tables[g.table_id]
            yield [table.number, g.number, table.dealer(g.number) + 1,
                   contract_name(g.contract, lang), seat_number(g.declarer),
                   seat_number(g.announcer), g.card_points, g.tricks, yes_no(g.achieved), g.calls or None,
                   seat_number(g.penalty), g.value, g.fach, yes_no(g.won),
                   variant(g), *seats(table, g.scores)]
        for table in sorted((tables[pk] for pk in totals), key=lambda t: t.number):
            by_position = {entry_position[(table.pk, e)]: p for e, p in totals[table.pk].items()}
            scores = [by_position.get(p) for p in range(table.size)]
            yield [table.number, None, None, _("totals only"), *[None] * (GAME_COLUMNS - 4), *seats(table, scores)]

    return Sheet(_("Round %(n)s") % {"n": round_.number}, columns, rows(), freeze_columns=2)   # table, game


def adjustments_sheet(tournament):
    columns = [Column(_("Start number"), 10, INTEGER), Column(_("Name"), 22), Column(_("Score"), 9, SIGNED),
               Column(_("Reason"), 40, wrap=True), Column(_("When"), 17, DATETIME), Column(_("By"), 14)]
    adjustments = (Adjustment.objects.filter(entry__tournament=tournament)
                   .select_related("entry__player", "created_by").order_by("created_at", "pk"))
    rows = ([a.entry.start_number, a.entry.player.full_name, a.points, a.reason, local(a.created_at),
             a.created_by.get_username() if a.created_by else ""] for a in adjustments)
    return Sheet(_("Adjustments"), columns, rows, counted=False)


def audit_sheet(tournament):
    """The audit log oldest first, in the words of the director's audit page (``tournament.audit.words``); the
    sheet's title is "Audit log" translated ("Protokoll")."""
    columns = [Column(_("When"), 17, DATETIME), Column(_("User"), 14), Column(_("Object"), 14),
               Column(_("Action"), 14), Column(_("Round"), 8, INTEGER), Column(_("Table"), 7, INTEGER),
               Column(_("What"), 30, wrap=True), Column(_("Before"), 44, wrap=True), Column(_("After"), 44, wrap=True),
               Column(_("Reason"), 26, wrap=True)]
    entries = (AuditLog.objects.filter(tournament=tournament).select_related("user", "table__round")
               .order_by("at", "pk"))

    def rows():
        batch = []
        for log in entries.iterator(chunk_size=2000):
            batch.append(log)
            if len(batch) == 2000:
                yield from _audit_lines(batch)
                batch = []
        yield from _audit_lines(batch)

    return Sheet(_("Audit log"), columns, rows(), freeze_columns=1)                    # when


def _audit_lines(logs):
    """One line per log row, in the page's words: who (an account, or a table link's seat with its player), what
    (game number, table and round, start number and player …), before and after seat by seat with names."""
    for d in words.describe_all(logs):
        who = d.user if d.log.user or d.log.origin else ""
        yield [local(d.log.at), who, d.kind, d.action, d.round_number, d.table_number,
               " · ".join(part for part in (d.subject, d.where) if part and part != d.kind), d.before, d.after,
               d.log.reason]


@register
class TournamentWorkbook(ListExporter):
    identifier = "tournament_workbook"
    verbose_name = gettext_lazy("Tournament workbook (standings, every game per round, audit log)")
    scope = "tournament"

    def count(self, *, tournament, **kwargs):
        return (tournament.entries.count() + Game.objects.filter(table__round__tournament=tournament).count()
                + AuditLog.objects.filter(tournament=tournament).count())

    def sheets(self, *, tournament, **kwargs):
        if kind_of(tournament).teams:           # teams of two (exports.ziege)
            yield from ziege.workbook_sheets(tournament)
            yield audit_sheet(tournament)
            return
        yield standings_sheet(tournament)
        for round_ in Round.objects.filter(tournament=tournament).order_by("number"):
            yield round_sheet(round_)
        yield adjustments_sheet(tournament)
        yield cash_sheet(tournament)
        yield audit_sheet(tournament)

    def stem(self, *, tournament, **kwargs):
        return (_("tournament"), tournament.name, f"{tournament.date:%Y-%m-%d}")


def registration_template_xlsx(page_header=()):
    """An empty registration workbook: the German headings on the first sheet, hints on a second (written by
    the one workbook writer, ``exports.workbook``: same fonts, print setup and text cells as every export;
    ``page_header``: ``(event, status)`` for the printed page header, as ``Exporter.page_header`` gives it)."""
    widths = {"first_name": 16, "last_name": 18, "town": 18, "club": 22, "is_woman": 8, "birth_year": 13,
              "is_guest": 8, "team": 18, "start_number": 13}
    explanations = {
        "first_name": _("text"), "last_name": _("text"), "town": _("text; used with the name to recognise players"),
        "club": _("text"), "is_woman": _("ja/nein, x or 1 (empty: no)"),
        "birth_year": _("four digits, e.g. 1987 (for the youth category)"),
        "is_guest": _("ja/nein, x or 1 (empty: no)"),
        "team": _("team name in this season; created if new"),
        "start_number": _("whole number; empty: the next free number"),
    }
    hints = [[c.heading, _("yes") if c.required else _("no"), explanations[c.field]] for c in COLUMNS]
    return write_xlsx([
        Sheet("Anmeldungen", [Column(c.heading, widths[c.field]) for c in COLUMNS], [], counted=False),
        Sheet(_("Hints"), [Column(_("Column"), 16), Column(_("Required"), 12), Column(_("Values"), 60)], hints,
              counted=False),
    ], page_header=page_header)


def entries_sheet(tournament):
    """Every entry by start number as the registration holds it: the player's data, paid, checked in, withdrawn,
    and the remark (``Entry.note``, e.g. the one of the club's list) — user text, written as text like every cell."""
    columns = [Column(_("Start number"), 10, INTEGER), Column(_("First name"), 14), Column(_("Last name"), 16),
               Column(_("Town"), 16), Column(_("Club"), 22), Column(_("Team"), 20), Column(_("Year of birth"), 10),
               Column(_("Paid"), 8), Column(_("Checked in"), 10), Column(_("Withdrawn"), 10),
               Column(_("Remark"), 40, wrap=True)]
    entries = (Entry.objects.filter(tournament=tournament).select_related("player", "team")
               .order_by("start_number"))
    rows = ([e.start_number, e.player.first_name, e.player.last_name, e.player.town, e.player.club,
             e.team.name if e.team else "", e.player.birth_year, yes_no(e.paid), yes_no(e.checked_in),
             yes_no(e.withdrawn), e.note] for e in entries)
    return Sheet(_("Entries"), columns, rows, freeze_columns=3)                # start number, name


@register
class EntriesWorkbook(ListExporter):
    identifier = "entries"
    games = CEGO_GAMES          # a Ziege evening's teams are on its team list (``ziege_teams``)
    verbose_name = gettext_lazy("Entries (Excel: player data, paid, checked in, withdrawn, remarks)")
    scope = "tournament"
    page_status = False         # a list of the registration, not of results

    def count(self, *, tournament, **kwargs):
        return tournament.entries.count()

    def sheets(self, *, tournament, **kwargs):
        yield entries_sheet(tournament)

    def stem(self, *, tournament, **kwargs):
        return (_("entries"), tournament.name, f"{tournament.date:%Y-%m-%d}")


@register
class RegistrationTemplate(Exporter):
    identifier = "registration_template"
    games = CEGO_GAMES          # an imported player is no Ziege team: teams are registered on the teams page
    verbose_name = gettext_lazy("Registration template (Excel, to fill in and import)")
    scope = "tournament"
    extension = "xlsx"
    content_type = XLSX
    needs_object = False
    page_status = False         # a template to fill in: the tournament (when given) in its page header, no status

    def generate(self, *, progress, **kwargs):
        progress(0, 1)
        content = registration_template_xlsx(page_header=self.page_header(**kwargs))
        progress(1, 1)
        return self.filename(_("registration-template")), self.content_type, content
