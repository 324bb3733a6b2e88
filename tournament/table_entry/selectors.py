"""Reads of entry at the table: the sheet a phone shows (``phone_sheet``), the fingerprint a sign-off is given for
(``sheet_state``), who has signed (``signed_positions``), and the tiles of the director's hall view (``hall``,
with the seats phones hold)."""

import hashlib

from django.db.models import Count, Max, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.contracts import CONTRACTS, FINE, GOAL, LADDER, PENALTY, RAEUBER
from scoring.engine import calls_allowed, tricks_decide
from tournament.draws.selectors import namesake_scope, seat_labels
from tournament.games import kind_of
from tournament.models import Game, Score, Seat, Signature, Table, TableFlag, ZiegeGame
from tournament.results import selectors as results
from tournament.results.engine import ruleset_for
from tournament.results.row_words import COMPULSORY_ABBR, contract_abbr, special_words
from tournament.results.rows import row_values
from tournament.table_entry import holds


def sheet_state(table, games=None, totals=None):
    """A fingerprint of the sheet as it is: every game's number and version, or the keyed totals."""
    games = games if games is not None else list(Game.objects.filter(table=table).values_list("number", "version"))
    totals = totals if totals is not None else results.table_totals(table)
    text = (";".join(f"{n}:{v}" for n, v in sorted(games)) + "|"
            + ";".join(f"{k}:{v}" for k, v in sorted(totals.items())))
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def ziege_state(games):
    """The fingerprint of a Ziege sheet from its games' ``(number, id)``: a Ziege game is never changed, so its id
    is its version (``table_entry.ziege``)."""
    text = ";".join(f"{n}:{pk}" for n, pk in sorted(games))
    return hashlib.sha256(("ziege|" + text).encode()).hexdigest()[:32]


def signed_positions(table, state=None):
    """Seats (0-based) whose sign-off is for the sheet as it is now; a later change makes a sign-off stale."""
    state = state or sheet_state(table)
    return sorted(Signature.objects.filter(table=table, state=state).order_by().values_list("position", flat=True))


def open_flags(table):
    return list(TableFlag.objects.filter(table=table, resolved_at__isnull=True).order_by("created_at"))


def _game_row(game, seats_names):
    contract = CONTRACTS.get(game.contract)
    kind = contract.kind if contract else None
    seat = {"raeuber": game.announcer, "drescher": game.announcer, "penalty": game.penalty,
            "fine": game.payer}.get(kind, game.declarer)
    return {"version": game.version, "contract": game.contract,
            "abbr": contract_abbr(game),     # GSo/KM, U2 ouv., PR, U/3
            "words": special_words(game),    # a Pflichträuber, a bought Kleiner Mann, a fine (RULES.md §10)
            "declarer": None if seat is None else seat + 1,
            "declarer_name": seats_names.get(seat, "") if seat is not None else "",
            "scores": game.scores, "explanation": game.explanation, "won": game.won,
            "keyed_seat": None if game.keyed_seat is None else game.keyed_seat + 1,
            "confirmed": game.confirmed,
            "confirmed_seat": None if game.confirmed_seat is None else game.confirmed_seat + 1,
            "values": {k: v for k, v in row_values(game, len(seats_names)).items() if k != "kind"}}


def _totals_only(table, seats):
    """``results.table_totals`` for the seats already read (one query less on every poll)."""
    by_entry = dict(Score.objects.filter(table=table, game__isnull=True).values_list("entry_id", "points"))
    return {s.position: by_entry[s.entry_id] for s in seats if s.entry_id in by_entry}


def phone_sheet(link, lang="de"):
    """Everything a phone shows of its table, JSON-ready: seats, rows (dealer, who sits out, the game and its
    running totals), the next game, totals, confirmations, disputes, sign-offs, the round clock, the state."""
    table = link.table
    round_ = table.round
    tournament = round_.tournament
    seats = list(Seat.objects.filter(table=table).select_related("entry__player").order_by("position"))
    labels = seat_labels(seats)
    names = {position: label.full for position, label in labels.items()}
    rs = ruleset_for(tournament)
    sheet = results.sheet_for_table(table, zero_sum=rs.writing == "zero_sum")
    totals_only = _totals_only(table, seats)
    games = [r.game for r in sheet.rows if r.game is not None]
    state = sheet_state(table, [(g.number, g.version) for g in games], totals_only)
    flags = open_flags(table)
    disputed = {f.game_number for f in flags if f.kind == TableFlag.Kind.DISPUTE}
    rows = []
    for r in sheet.rows:
        row = {"number": r.number, "dealer": r.dealer + 1, "forehand": r.forehand + 1,
               "out": None if r.sitting_out is None else r.sitting_out + 1, "running": r.running if r.entered else None,
               "game": _game_row(r.game, names) if r.game is not None else None}
        if row["game"]:
            row["game"]["disputed"] = r.number in disputed
        rows.append(row)
    next_number = sheet.next_open() if not (totals_only or table.ended_early) else None   # an early end: no more
    unconfirmed = [g.number for g in games if not g.confirmed]
    totals = sheet.totals
    if totals_only:
        totals = [totals_only.get(p, 0) for p in range(table.size)]
    complete = table.ended_early or bool(totals_only) or sheet.complete
    now = timezone.now()
    return {
        "tournament": tournament.name, "round": round_.number, "table": table.number, "size": table.size,
        "planned": table.games_planned, "round_status": round_.status, "writable": round_.status != "locked",
        "seats": seats_json(table, seats, labels),
        "rows": rows, "next": next_number, "ended_early": table.ended_early, "not_counted": table.not_counted,
        "next_dealer": sheet.rows[next_number - 1].dealer + 1 if next_number else None,
        "totals": totals, "totals_only": bool(totals_only), "entered": len(games), "complete": complete,
        "unconfirmed": unconfirmed, "balanced": sheet.balanced,
        "signed": [p + 1 for p in signed_positions(table, state)], "state": state,
        "flags": [{"kind": f.kind, "seat": None if f.seat is None else f.seat + 1, "game": f.game_number,
                   "note": f.note} for f in flags],
        "clock": clock(round_, now), "now": now.isoformat(),
        "calls": bool(rs.calls),
    }


def seat_json(seat, label, held=False):
    """A seat as the phone shows it (``common.namesakes``): the name with a namesake's tag (``name``, used in every
    sentence), the short form of the column heading, the tag, the start number the seat button always shows, and
    whether a phone holds the seat (``held``: the seat choice marks it as taken before anyone taps it)."""
    return {"seat": seat.position + 1, "name": label.full, "short": label.short, "plain": label.name,
            "tag": label.tag if label.by_town else "", "start_number": seat.entry.start_number, "held": held}


def seats_json(table, seats, labels):
    """``seat_json`` of every seat of ``table``, with the seats phones hold (one query)."""
    held = holds.held_positions(table)
    return [seat_json(s, labels[s.position], s.position in held) for s in seats]


def clock(round_, now=None):
    """The round clock: minutes set and when it runs out, with seconds left (negative once over), or None."""
    if round_.clock_ends_at is None:
        return None
    now = now or timezone.now()
    return {"minutes": round_.clock_minutes, "ends_at": round_.clock_ends_at.isoformat(),
            "seconds_left": int((round_.clock_ends_at - now).total_seconds())}


def hall(round_):
    """One tile per table of the round: games entered / confirmed / planned, signed seats, open disputes and calls,
    minutes since the last game, complete as the round page says (``results.selectors.round_progress``, the one
    "is this table complete" per game); sorted so the tables that need the director come first (``attention``)."""
    now = timezone.now()
    tables = list(Table.objects.filter(round=round_).order_by("number"))
    ziege = kind_of(round_.tournament).teams       # its games are ZiegeGames: no plan, no timestamp, no versions
    games = ZiegeGame.objects if ziege else Game.objects
    counts = {row["table_id"]: row for row in games.filter(table__round=round_).values("table_id").annotate(
        entered=Count("id"), unconfirmed=Count("id", filter=Q(keyed_seat__isnull=False, confirmed_seat__isnull=True)),
        at_table=Count("id", filter=Q(keyed_seat__isnull=False)),
        last=Max("confirmed_at" if ziege else "updated_at"))}
    none = {"entered": 0, "unconfirmed": 0, "at_table": 0, "last": None}
    for t in tables:
        for name, value in counts.get(t.pk, none).items():
            if name != "table_id":
                setattr(t, name, value)
    flags, resolved = _flags(round_)
    versions = {}
    for table_id, number, version in games.filter(table__round=round_).values_list("table_id", "number",
                                                                                      "pk" if ziege else "version"):
        versions.setdefault(table_id, []).append((number, version))
    totals_rows = _office_totals(round_)
    signatures = {}
    for table_id, position, state in Signature.objects.filter(table__round=round_).values_list("table_id", "position",
                                                                                              "state"):
        signatures.setdefault(table_id, []).append((position, state))
    progress = {p["table"].pk: p["complete"] for p in results.round_progress(round_)}
    seat_holds = holds.holds_of(round_)
    players = hall_players(round_)
    tiles = []
    for t in tables:
        if ziege:
            state = ziege_state(versions.get(t.pk, []))
        else:
            state = sheet_state(t, versions.get(t.pk, []), totals_rows.get(t.pk, {}))
        signed = sorted(p for p, s in signatures.get(t.pk, []) if s == state)
        table_flags = flags.get(t.pk, [])
        for flag in table_flags:         # who called or disputes, by name (a namesake with its tag)
            flag.who = next((p["name"] for p in players.get(t.pk, []) if p["position"] == flag.seat), "")
        complete = progress[t.pk]      # the one "is this table complete" per game (results.selectors)
        minutes = int((now - t.last).total_seconds() // 60) if t.last and not ziege else None
        tile = {"table": t, "number": t.number, "size": t.size, "planned": None if ziege else t.games_planned,
                "entered": t.entered,
                "confirmed": t.entered - t.unconfirmed, "unconfirmed": t.unconfirmed, "at_table": t.at_table,
                "totals_only": t.pk in totals_rows, "complete": complete, "signed": len(signed),
                "fully_signed": len(signed) == t.size, "signed_seats": [p + 1 for p in signed],
                "disputes": [f for f in table_flags if f.kind == TableFlag.Kind.DISPUTE],
                "calls": [f for f in table_flags if f.kind == TableFlag.Kind.CALL],
                "resolved": resolved.get(t.pk, [])[:RESOLVED_SHOWN], "minutes_idle": minutes,
                "holds": seat_holds.get(t.pk, []), "players": players.get(t.pk, [])}
        # Entered in the office (no game keyed at the table): complete is done, nobody signs on a phone.
        tile["office"] = complete and not t.at_table
        tile["done"] = complete and (tile["fully_signed"] or tile["office"])
        tile["attention"] = attention(tile)
        tiles.append(tile)
    tiles.sort(key=lambda tile: (-tile["attention"], tile["number"]))
    return tiles


def _flags(round_):
    """The round's open flags (oldest first) and the resolved ones (newest first), each by table id."""
    flags, resolved = {}, {}
    for flag in TableFlag.objects.filter(table__round=round_, resolved_at__isnull=True).order_by("created_at"):
        flags.setdefault(flag.table_id, []).append(flag)
    for flag in (TableFlag.objects.filter(table__round=round_, resolved_at__isnull=False)
                 .select_related("resolved_by").order_by("-resolved_at")):
        resolved.setdefault(flag.table_id, []).append(flag)     # what the director decided, newest first
    return flags, resolved


def _office_totals(round_):
    """``{table id: {position: points}}`` of the tables entered as totals in the office."""
    totals_rows = {}
    totals = list(Score.objects.filter(table__round=round_, game__isnull=True).values_list("table_id", "entry_id",
                                                                                          "points"))
    if totals:
        positions = {(s["table_id"], s["entry_id"]): s["position"]
                     for s in Seat.objects.filter(round=round_).values("table_id", "entry_id", "position")}
        for table_id, entry_id, points in totals:
            totals_rows.setdefault(table_id, {})[positions[(table_id, entry_id)]] = points
    return totals_rows


def hall_players(round_):
    """``{table id: [{"position", "seat", "name"}]}``: who sits where, namesakes with their town or start number
    (``draws.selectors.seat_labels``), in two queries for the whole round."""
    by_table = {}
    for seat in Seat.objects.filter(round=round_).select_related("entry__player").order_by("table_id", "position"):
        by_table.setdefault(seat.table_id, []).append(seat)
    scope = namesake_scope(round_.tournament_id) if by_table else []
    players = {}
    for table_id, seats in by_table.items():
        labels = seat_labels(seats, scope)
        players[table_id] = [{"position": s.position, "seat": s.position + 1, "name": labels[s.position].full}
                             for s in seats]
    return players


IDLE_MINUTES = 15      # a table without a new game for this long, and not finished, is worth a look
RESOLVED_SHOWN = 3     # the decisions a tile shows under its open flags


def attention(tile):
    """How urgently a table needs the director: calls, then disputes, then idle unfinished tables, then tables
    still playing, then complete but not signed; signed tables last (0)."""
    if tile["calls"]:
        return 5
    if tile["disputes"]:
        return 4
    if not tile["complete"] and tile["minutes_idle"] is not None and tile["minutes_idle"] >= IDLE_MINUTES:
        return 3
    if tile["complete"] and not tile["fully_signed"] and not tile.get("office"):
        return 2 if tile["unconfirmed"] or tile["at_table"] else 1
    if not tile["complete"]:
        return 1
    return 0


def unsigned_tables(round_):
    """Tables that keep a round from being locked without an override: not signed by every seat although games
    were keyed at the table, with unconfirmed games, or with an open dispute or call (docs/table-entry.md)."""
    problems = []
    for tile in hall(round_):
        reasons = []
        if tile["at_table"] and not tile["fully_signed"]:
            reasons.append("unsigned")
        if tile["unconfirmed"]:
            reasons.append("unconfirmed")
        if tile["disputes"] or tile["calls"]:
            reasons.append("flagged")
        if reasons:
            problems.append((tile["number"], reasons))
    return sorted(problems)


DEFAULT_ORDER = ("cego", "solo", "halbe", "eine", "leere", "raeuber", "zwei_leere", "zwei_verschiedene",
                 "kleiner_mann", "gegensolo", "bettel", "piccolo", "ultimo", "drescher", "zwiccolo", "drilling",
                 "vierlefax", "pfifferling")


def contract_buttons(tournament, lang="de"):
    """The ruleset's contracts for the phone's buttons, the most often played first (this season's games, then
    a usual order): key, abbreviation, name, kind."""
    rs = ruleset_for(tournament)
    counts = dict(Game.objects.filter(table__round__tournament__season_id=tournament.season_id)
                  .values("contract").annotate(n=Count("id")).values_list("contract", "n"))
    rank = {key: i for i, key in enumerate(DEFAULT_ORDER)}
    keys = sorted((k for k in CONTRACTS if k in rs.allowed), key=lambda k: (-counts.get(k, 0), rank.get(k, 99)))
    buttons = [{"key": k, "abbr": CONTRACTS[k].abbr, "name": CONTRACTS[k].name(lang), "kind": CONTRACTS[k].kind,
                "goal_tricks": CONTRACTS[k].goal_tricks} for k in keys]
    # The variants (docs/entry.md): the point games a Gegensolo may be played with, and goal games played open.
    with_choices = [{"key": k, "abbr": CONTRACTS[k].abbr, "name": CONTRACTS[k].name(lang)}
                    for k in LADDER if k in rs.point_multipliers] if rs.gegensolo_by_contract else []
    for button in buttons:
        if button["key"] == "gegensolo" and with_choices:
            button["played_with"] = with_choices
        if button["kind"] == GOAL and rs.ouverte_factor is not None:
            button["ouverte"] = True
        button.update(keypad(rs, CONTRACTS[button["key"]]))
    return buttons + seed_rule_buttons(rs, buttons, lang)


def seed_rule_buttons(rs, buttons, lang):
    """The last rules of the seed documents (RULES.md §10) on the phone: the Räuber buttons say whether the dealer
    of a table of five plays it (``dealer_plays``), the Ultimo asks who sold the Kleiner Mann (``pagat_seller``), a
    fine has the ruleset's value (``default_value``); and a Pflichträuber button (``PR``: a Räuber without an
    announcer, ``no_seat``) follows the contracts. Returns the extra buttons."""
    extra = []
    for button in buttons:
        if button["kind"] == RAEUBER:
            button["dealer_plays"] = rs.raeuber_with_dealer
            extra.append({**button, "key": COMPULSORY_ABBR, "abbr": COMPULSORY_ABBR, "no_seat": True,
                          "name": _("Compulsory Räuber")})
        elif button["key"] == "ultimo":
            button["pagat_seller"] = True
        elif button["kind"] == FINE:
            button["default_value"] = rs.fine
            button["all_seats"] = True      # the dealer who sits out pays a fine too
    return extra


def keypad(rs, contract):
    """What the phone's keypad offers for ``contract`` under the ruleset ``rs``, from the engine's own rules:

    * ``tricks``      the most tricks a seat can take, where tricks are keyed: per seat in a Räuber whose ruleset
                      pays on tricks (``Ruleset.pays_on_tricks``), the declarer's in a goal game whose goal is a
                      number of tricks (``engine.tricks_decide``); absent elsewhere;
    * ``trick_goal``  a goal game's goal in tricks (the won/lost buttons follow a keyed number);
    * ``more``        what "more" offers: ``penalty`` (every contract but a Schinden, whose seat is the loser
                      already) and ``calls`` where the engine takes them (``engine.calls_allowed``), up to
                      ``max_calls``."""
    out = {"more": [name for name, offered in (("penalty", contract.kind not in (PENALTY, FINE)),
                                                ("calls", calls_allowed(rs, contract))) if offered]}
    if "calls" in out["more"]:
        out["max_calls"] = rs.max_calls
    if contract.kind == RAEUBER and rs.pays_on_tricks:
        out["tricks"] = rs.hand_size
    elif contract.kind == GOAL and tricks_decide(rs, contract) is not None:
        out["tricks"] = rs.hand_size
        out["trick_goal"] = tricks_decide(rs, contract)
    return out
