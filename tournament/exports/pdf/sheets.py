"""Score sheets (*Spiellisten*) as PDF: blank for the table, filled for the record; one table or a whole round.

Page layout (docs/exports.md): the front of a sheet is one A4 page (``sheet_layout.pages_for`` pages when a
table plays more than ``MAX_ROWS`` games); the back page holds the ruleset's tariff grid and the contract
abbreviations (an Offiziers-Cego sheet's back: ``offiziers_back``). A round's file interleaves them — front, back,
front, back — so that a duplex print gives every table one sheet of paper with the tariff on its back: ``2 × tables``
pages. ``back="end"`` prints the tariff once at the end (``tables + 1`` pages, for simplex printers), ``back="none"``
leaves it out. Filled sheets have no back page by default.

The back page is laid out and drawn once per file (``page_sharing``); fronts are rendered in batches of up to
``MAX_BATCH`` sheets, and progress is reported after each batch.
"""

import math

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.contracts import CONTRACTS, DRESCHER, FINE, GOAL, PENALTY, RAEUBER
from scoring.tariff import tariff_grid
from tournament.common.i18n import engine_lang
from tournament.common.namesakes import initials
from tournament.common.numbers import signed
from tournament.draws.links import active_links, link_warning
from tournament.draws.selectors import namesake_scope, seat_labels
from tournament.exports.base import CEGO_GAMES, PdfExporter, render_document, site_base
from tournament.exports.pdf import sheet_layout
from tournament.exports.pdf.cards import table_link
from tournament.exports.pdf.page_sharing import write_pages
from tournament.exports.registry import register
from tournament.games import kind_of
from tournament.models import Game, Round, Score, Seat, Table
from tournament.results.engine import ruleset_for
from tournament.results.offiziers import offiziers_pack
from tournament.results.row_words import contract_abbr, special_words
from tournament.results.scoresheet import ScoreSheet

BACK_CHOICES = ("each", "end", "none")
MAX_BATCH = 10      # sheets per WeasyPrint document: progress per batch, little per-document overhead
PROGRESS_STEPS = 10  # a round reports progress about this often (batches of total / PROGRESS_STEPS sheets)


def grid_labels():
    return {"number": _("No."), "dealer": _("Dealer"), "contract": _("Contract"), "declarer": _("Declarer"),
            "points": _("Card points"), "plus": "±", "stand": _("Total"), "check": "Σ",
            "final": _("Final total")}


def game_cells(game, row, pack=None):
    """The texts of one filled row: contract abbreviation, declarer seat, card points, ± and Stand per seat.
    Offiziers-Cego (``pack``: the points of the pack) has no contract: its points column shows both seats'."""
    if pack is not None:
        return {"contract": "", "declarer": "",
                "points": ("!" if game.card_points is None else f"{game.card_points}:{pack - game.card_points}"),
                "plus": [signed(s) for s in row.scores], "stand": [signed(v) for v in row.running],
                "check": signed(row.row_sum)}
    contract = CONTRACTS.get(game.contract)
    kind = contract.kind if contract else None
    declarer = "" if game.declarer is None else str(game.declarer + 1)
    if kind in (RAEUBER, DRESCHER):
        declarer = "" if game.announcer is None else str(game.announcer + 1)
        points = ""
    elif kind == PENALTY:       # Schinden: the losing seat where the sheet was keyed, no card points
        declarer = "" if game.penalty is None else str(game.penalty + 1)
        points = ""
    elif kind == FINE:          # a fine: the payer, the value per other player
        declarer = "" if game.payer is None else str(game.payer + 1)
        points = str(game.value)
    elif kind == GOAL:
        points = str(game.tricks) if game.tricks is not None else ("✓" if game.achieved else "✗")
    else:
        points = "" if game.card_points is None else str(game.card_points)
    if game.penalty is not None and kind != PENALTY:
        points = (points + " !").strip()
    plus = [signed(s) for s in row.scores]
    if row.sitting_out is not None and not row.scores[row.sitting_out]:
        plus[row.sitting_out] = ""          # sat out and scored nothing: the shaded cell stays empty
    return {"contract": contract_abbr(game), "declarer": declarer,
            "points": points, "plus": plus, "stand": [signed(v) for v in row.running], "check": signed(row.row_sum)}



def name_lines(name):
    """A last name as one line, or as two split after its own hyphen (else at a space) where the longer line is
    shortest: "Oberholzer-" / "Schwarzwälder". A name with neither stays one line."""
    cuts = [i + 1 for i, ch in enumerate(name) if ch == "-"] or [i for i, ch in enumerate(name) if ch == " "]
    if not cuts:
        return [name]
    cut = min(cuts, key=lambda i: max(len(name[:i]), len(name) - i))
    return [name[:cut].rstrip(), name[cut:].lstrip()]


def seat_head(player, width):
    """A seat's heading cell over the grid (bold, like every heading): the seat number and the last name, then
    "first name · No. n" (or a namesake's initials, number and town) — each at the largest size that fits the
    cell between its limits. A last name too long for one line even at 6.5 pt is set on two lines, split after its
    own hyphen, at up to 7 pt; the start number is always printed (docs/exports.md, "Names print whole")."""
    number = f"{_('No.')}\u00a0{player['start_number']}"       # "Nr." and its number never part (no-break space)
    if player["tag"]:
        sub = f"{player['initials']} · {number} · {player['tag']}"
    else:
        sub = f"{player['first_name']} · {number}"
    inner = float(width) - 2.4
    last = player["last_name"]

    def room(size):        # what the seat number (a point larger than the name) leaves on the first line
        return inner - sheet_layout.text_width(f"{player['seat']}\u2009 ", (size + 1) * sheet_layout.PT, True)

    size = sheet_layout.fitted_size(last, room(9.0), 9.0, 6.5, bold=True)
    lines = [last]
    if sheet_layout.text_width(last, size * sheet_layout.PT, True) > room(size) * sheet_layout.FIT_SAFETY:
        lines = name_lines(last)
        size = min(sheet_layout.fitted_size(lines[0], room(7.0), 7.0, 5.0, bold=True),
                   sheet_layout.fitted_size(lines[-1], inner, 7.0, 5.0, bold=True))
    return {**player, "width": width, "sub": sub, "name_lines": lines, "name_pt": sheet_layout.fmt(size),
            "seat_pt": sheet_layout.fmt(min(10.0, size + 1)),
            "sub_pt": sheet_layout.fmt(sheet_layout.fitted_size(sub, inner, 6.5, 5.0))}


def sheet_pages(table, seats, games=None, totals=None, *, zero_sum=True, out_scores_zero=True, scope=None):
    """The pages of one table's sheet: header data and the SVG grid of each page.

    ``games`` (Game objects) fill it; ``totals`` ({position: points}) fill only the final row (a table entered
    as totals only). Blank when both are None. A filled sheet of a table that played fewer games than planned
    says under its final row how far it got ("after 7 of 24 games"), and one whose round the director ended early
    says so in its foot, with the reason and whether the games count (``results.early_end``). A namesake's name
    carries its town (the head) or its town or start number (the signature line): ``draws.selectors.seat_labels``
    over ``scope`` (the tournament's entries; read here when None).
    """
    size = table.size
    by_position = {s.position: s for s in seats}
    labels = seat_labels(seats, scope)
    players = [{"seat": p + 1, "start_number": by_position[p].entry.start_number if p in by_position else "",
                "name": labels[p].full if p in by_position else "",
                "tag": labels[p].tag if p in by_position and labels[p].by_town else "",
                "initials": initials(by_position[p].entry.player.first_name) if p in by_position else "",
                "last_name": by_position[p].entry.player.last_name if p in by_position else "",
                "first_name": by_position[p].entry.player.first_name if p in by_position else "",
                "town": by_position[p].entry.player.town if p in by_position else ""} for p in range(size)]
    rows, final, played, words = {}, None, None, []
    if games is not None:
        sheet = ScoreSheet(size, table.games_planned, {g.number: g.scores for g in games},
                           {g.number: g for g in games}, zero_sum=zero_sum)
        pack = offiziers_pack(table.round.tournament) if size == 2 else None
        rows = {r.number: game_cells(r.game, r, pack) for r in sheet.rows if r.entered and r.game is not None}
        # a Pflichträuber, a bought Kleiner Mann, a fine in words under the grid (RULES.md §10)
        words = [_("Game %(number)s: %(words)s") % {"number": g.number, "words": special_words(g)}
                 for g in sorted(games, key=lambda g: g.number) if pack is None and special_words(g)]
        played = sheet.entered
        if sheet.entered:
            final = {"stand": [signed(v) for v in sheet.totals], "check": signed(sum(sheet.totals))}
    if totals:
        values = [totals.get(p, 0) for p in range(size)]
        final = {"stand": [signed(v) for v in values], "check": signed(sum(values))}
    labels = grid_labels()
    partial = played is not None and not totals and played < table.games_planned
    note = (_("after %(played)s of %(planned)s games") % {"played": played, "planned": table.games_planned}
            if partial else "")
    parts = sheet_layout.chunks(table.games_planned)
    pages = []
    for index, (first, last) in enumerate(parts, start=1):
        is_last = index == len(parts)
        grid = sheet_layout.grid(size=size, first=first, last=last, labels=labels, rows=rows,
                                 final=final if is_last else None, show_totals=is_last,
                                 sitting_out=out_scores_zero, final_note=note)
        head = [{"label": labels[key], "width": width} if kind == "label" else seat_head(players[key], width)
                for kind, key, width in grid.heading]
        pages.append({"grid": grid, "grid_uri": sheet_layout.data_uri(sheet_layout.to_svg(grid)), "head": head,
                      "page": index, "pages": len(parts), "last": is_last, "first_game": first,
                      "last_game": last})
    return {"table": table, "number": table.number, "size": size, "games": table.games_planned,
            "players": players, "pages": pages, "filled": games is not None or bool(totals),
            "totals_only": bool(totals), "five": table.dealer_sits_out, "zero_sum": zero_sum,
            "out_scores_zero": out_scores_zero, "played": played, "partial": partial, "words": words,
            "ended": (games is not None or bool(totals)) and table.ended_early}


def cego_back(tournament):
    """The back page of a Cego sheet (the Cego kind's ``sheet_back``): the template and its context."""
    return "exports/pdf/sheet_back.html", back_context(tournament)


def back_context(tournament):
    """The back page: the ruleset's tariff grid, its fixed values and the contract abbreviations."""
    rs = ruleset_for(tournament)
    lang = engine_lang()
    grid = tariff_grid(rs)
    columns = [{"key": c.key, "label": CONTRACTS[c.contract].name(lang), "abbr": CONTRACTS[c.contract].abbr,
                "suffix": "" if c.won is None else ("+" if c.won else "−")} for c in grid.columns]
    rows = [{"fach": r["fach"], "declarer_band": r["declarer_band"], "defender_band": r["defender_band"],
             "values": [r[c["key"]] for c in columns]} for r in grid.rows]
    fixed = [{"label": f.label[lang], "abbr": CONTRACTS[f.contract].abbr, "value": f.value,
              "note": f.note.get(lang, "")} for f in grid.fixed]
    legend = [{"abbr": c.abbr, "label": c.name(lang)} for key, c in CONTRACTS.items() if key in rs.allowed]
    legend_rows = [legend[i:i + 3] for i in range(0, len(legend), 3)]
    if legend_rows:
        legend_rows[-1] += [{"abbr": "", "label": ""}] * (3 - len(legend_rows[-1]))
    goals = [c.name(lang) for key, c in CONTRACTS.items() if key in rs.allowed and c.kind == GOAL]
    if len(goals) > 8:   # the regional special games: their abbreviations, or the page overflows
        goals = [c.abbr for key, c in CONTRACTS.items() if key in rs.allowed and c.kind == GOAL]
    return {"ruleset_name": rs.label(lang), "ruleset": rs, "tariff_columns": columns, "tariff_rows": rows,
            "goal_names": ", ".join(goals), "raeuber": "raeuber" in rs.allowed, "drescher": "drescher" in rs.allowed,
            "fixed": fixed, "legend": legend, "legend_rows": legend_rows, "zero_sum": rs.writing == "zero_sum",
            "sitting_out_zero": rs.sitting_out_scores == "zero",
            "win_loss": any(c["suffix"] for c in columns), "note_lines": range(7 if len(legend) <= 18 else 0),
            "house_rules": [note[lang] for note in rs.house_rules], "margin": grid.kind == "margin",
            "grid_notes": [note[lang] for note in grid.notes], "fixed_columns": len(fixed) > 9}


def common_context(tournament, round_):
    """What every sheet of a round shares; the tournament's name in the head at the size that fits one line
    (13 pt down to 9 pt, then it wraps: never cut)."""
    title_pt = sheet_layout.fitted_size(tournament.name, 132.0, 13.0, 9.0, bold=True)
    return {"tournament": tournament, "round": round_, "generated": timezone.localtime(),
            "title_pt": sheet_layout.fmt(title_pt)}


def load_round(round_, tables=None, filled=False):
    """Per table (in number order): (table, seats, games or None, totals or None) in a fixed number of queries."""
    tables = list(tables if tables is not None else Table.objects.filter(round=round_).order_by("number"))
    seats = {}
    for s in (Seat.objects.filter(table__in=tables).select_related("entry__player").order_by("table", "position")):
        seats.setdefault(s.table_id, []).append(s)
    games, totals = {}, {}
    if filled:
        for g in Game.objects.filter(table__in=tables).order_by("table", "number"):
            games.setdefault(g.table_id, []).append(g)
        position = {(s.table_id, s.entry_id): s.position for table_seats in seats.values() for s in table_seats}
        for table_id, entry_id, points in (Score.objects.filter(table__in=tables, game__isnull=True)
                                           .values_list("table_id", "entry_id", "points")):
            totals.setdefault(table_id, {})[position[(table_id, entry_id)]] = points
    return [(t, seats.get(t.pk, []), games.get(t.pk, []) if filled else None, totals.get(t.pk) or None)
            for t in tables]


def qr_codes(round_, tables, site_url=None):
    """{table id: the table link's QR code} while the round is not locked and the server's address is known (a
    locked round's link only reads: the sheet is the record then)."""
    base = site_base(site_url)
    if not base or round_.status == Round.Status.LOCKED:
        return {}
    wanted = {t.pk for t in tables}
    return {table_id: table_link(link, base)["qr"] for table_id, link in active_links(round_).items()
            if table_id in wanted}


def render_sheets(round_, items, *, back, progress, filled, site_url=None):
    """The PDF bytes of the sheets ``items`` (from ``load_round``) with back pages as ``back`` says; the fronts
    carry the table link's QR code (``qr_codes``)."""
    from weasyprint.text.fonts import FontConfiguration  # heavy: loaded when a PDF is made (not for a cycle)

    if back not in BACK_CHOICES:
        raise ValueError(f"back must be one of {BACK_CHOICES}")
    tournament = round_.tournament
    rs = ruleset_for(tournament)
    zero_sum, out_scores_zero = rs.writing == "zero_sum", rs.sitting_out_scores == "zero"
    font_config = FontConfiguration()
    base = common_context(tournament, round_)
    codes = qr_codes(round_, [t for t, *_rest in items], site_url)
    base["link_warning"] = link_warning(site_base(site_url), paper=True) if codes else ""
    scope = namesake_scope(tournament.pk)
    back_page = None
    if back != "none":
        template, context = kind_of(tournament).hook("sheet_back")(tournament)      # the game's own back page
        back_doc = render_document(template, {**base, **context}, font_config)
        back_page = back_doc.pages[0]
    total = len(items)
    progress(0, total)
    pages, first_doc = [], None
    size = max(1, min(MAX_BATCH, math.ceil(total / PROGRESS_STEPS)))
    for start in range(0, total, size):
        batch = items[start:start + size]
        sheets = [{**sheet_pages(t, seats, games, totals, zero_sum=zero_sum, out_scores_zero=out_scores_zero,
                                 scope=scope),
                   "qr": codes.get(t.pk, "")} for t, seats, games, totals in batch]
        doc = render_document("exports/pdf/sheets.html", {**base, "sheets": sheets, "filled": filled}, font_config)
        first_doc = first_doc or doc
        at = 0
        for sheet in sheets:
            count = len(sheet["pages"])
            pages += doc.pages[at:at + count]
            at += count
            if back == "each":
                pages.append(back_page)
        progress(min(start + size, total), total)
    if back == "end" or first_doc is None:
        if back_page is None:
            first_doc = render_document("exports/pdf/sheets.html", {**base, "sheets": []}, font_config)
        else:
            pages.append(back_page)
            first_doc = first_doc or back_doc
    return write_pages(pages, first_doc)


def expected_pages(tables, back="each"):
    """Pages of a round's sheets file, known before rendering (tests and the exports page use it)."""
    fronts = [sheet_layout.pages_for(t.games_planned) for t in tables]
    extra = {"each": len(fronts), "end": 1, "none": 0}[back]
    return sum(fronts) + extra


class SheetExporter(PdfExporter):
    progress_unit = gettext_lazy("sheets")
    games = CEGO_GAMES
    filled = False
    default_back = "each"
    uses_site_url = True

    def generate(self, *, progress, back=None, site_url=None, **kwargs):
        round_, tables = self.tables(**kwargs)
        items = load_round(round_, tables, filled=self.filled)
        content = render_sheets(round_, items, back=back or self.default_back, progress=progress,
                                filled=self.filled, site_url=site_url)
        return self.filename(*self.stem(round_, tables)), self.content_type, content


@register
class TableSheet(SheetExporter):
    identifier = "score_sheet"
    verbose_name = gettext_lazy("Score sheet (blank, with the tariff on the back)")
    scope = "table"

    def tables(self, *, table, **kwargs):
        return table.round, [table]

    def stem(self, round_, tables):
        return (_("score-sheet"), round_.tournament.name, _("round-%(n)s") % {"n": round_.number},
                _("table-%(n)s") % {"n": tables[0].number})


@register
class FilledTableSheet(TableSheet):
    identifier = "score_sheet_filled"
    verbose_name = gettext_lazy("Score sheet as played (for the record)")
    filled = True
    default_back = "none"


@register
class RoundSheets(SheetExporter):
    identifier = "score_sheets"
    verbose_name = gettext_lazy("All score sheets of the round (blank; tariff on the back of each)")
    scope = "round"
    long = True

    def tables(self, *, round_, **kwargs):
        return round_, None

    def stem(self, round_, tables):
        return (_("score-sheets"), round_.tournament.name, _("round-%(n)s") % {"n": round_.number})


@register
class FilledRoundSheets(RoundSheets):
    identifier = "score_sheets_filled"
    verbose_name = gettext_lazy("All score sheets of the round as played (for the record)")
    filled = True
    default_back = "none"

    def stem(self, round_, tables):
        return (_("score-sheets-played"), round_.tournament.name, _("round-%(n)s") % {"n": round_.number})
