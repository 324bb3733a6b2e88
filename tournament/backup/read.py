"""Check a backup document and build the unsaved model objects it describes (docs/backup.md).

Nothing here touches the database, so a bad file is refused before anything is written. Checked: format and
version, every value against its model field, every reference (start numbers, teams, categories, tables of
audit rows), table sizes and seats, game numbers, zero-sum totals where the ruleset writes zero-sum, and every
game against the engine: its stored scores, value, Fach and result must be what ``scoring.score_game`` gives
for its stored input (unless ``check_scores`` is off), so an edited score is caught with the game named.
"""

from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scoring import ScoringError, score_game
from tournament.backup import money as backup_money
from tournament.backup import ziege as backup_ziege
from tournament.backup.format import (
    ADJUSTMENT_FIELDS,
    AUDIT_FIELDS,
    AUDIT_MONEY_KEYS,
    AUDIT_OBJECT_KEYS,
    ENTRY_FIELDS,
    FORMAT,
    GAME_STORED,
    PLAYER_FIELDS,
    READABLE_VERSIONS,
    ROUND_FIELDS,
    SEASON_FIELDS,
    TABLE_FIELDS,
    TOURNAMENT_FIELDS,
    VERSION,
    BackupError,
    load_fields,
    member,
    problem,
    upgrade,
)
from tournament.games import kind_of
from tournament.models import (
    Adjustment,
    AuditLog,
    Entry,
    Game,
    Player,
    Round,
    Season,
    Table,
    Tournament,
)
from tournament.results.engine import GAME_FIELDS, engine_game, ruleset_for


@dataclass
class EntryPlan:
    entry: Entry
    player: Player
    team: str | None
    categories: list


@dataclass
class TablePlan:
    table: Table
    seats: list                     # the entries by position
    totals: list | None             # totals-only: points by position
    games: list = field(default_factory=list)
    ziege_games: list = field(default_factory=list)


@dataclass
class Plan:
    """Everything the document holds, as unsaved objects linked to each other (not yet to users and players)."""

    season: dict
    tournament: Tournament
    teams: list
    categories: list
    entries: list = field(default_factory=list)           # EntryPlan
    rounds: list = field(default_factory=list)
    tables: list = field(default_factory=list)            # TablePlan
    games: list = field(default_factory=list)
    ziege_pairs: list = field(default_factory=list)       # a Ziege tournament (backup.ziege)
    ziege_byes: list = field(default_factory=list)
    ziege_games: list = field(default_factory=list)
    adjustments: list = field(default_factory=list)
    audit: list = field(default_factory=list)
    audit_objects: list = field(default_factory=list)     # per audit row: the object it names, or None
    users: list = field(default_factory=list)             # (object, field name, user name)
    # the money and the prizes (backup.money); the season categories by name, None for none, per reduction/prize
    reductions: list = field(default_factory=list)
    reduction_categories: list = field(default_factory=list)
    charges: list = field(default_factory=list)
    payments: list = field(default_factory=list)
    cash_items: list = field(default_factory=list)
    prize_plan: object = None
    prizes: list = field(default_factory=list)
    prize_categories: list = field(default_factory=list)
    prize_steps: list = field(default_factory=list)

    @property
    def totals(self):
        """{start number: stored total} as in the document."""
        return {p.entry.start_number: p.entry.total for p in self.entries}


def check_header(doc):
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise BackupError(_("This is not a tournament backup (format “%(format)s” expected).") % {"format": FORMAT})
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version not in READABLE_VERSIONS:
        raise BackupError(_("Backup format version %(found)s cannot be read; this version of the program reads "
                            "version %(version)s.") % {"found": version, "version": VERSION})


def read(doc, check_scores=True):
    """The ``Plan`` of a parsed document, or ``BackupError`` naming the first problem."""
    check_header(doc)
    upgrade(doc)
    where = _("tournament")
    plan = Plan(season=load_fields(Season, member(doc, "season", _("season"), dict), SEASON_FIELDS,
                                   _("season")),
                tournament=Tournament(**load_fields(Tournament, member(doc, "tournament", where, dict),
                                                    TOURNAMENT_FIELDS, where)),
                teams=_names(doc, "teams"), categories=_names(doc, "categories"))
    try:
        rules = ruleset_for(plan.tournament)
    except ScoringError as err:
        raise problem(where, err.message(get_language() or "de")) from None
    entries = _entries(doc, plan)
    pairs = backup_ziege.read_teams(doc, plan, entries)
    tables = _rounds(doc, plan, entries, rules.writing == "zero_sum", check_scores, pairs)
    _adjustments(doc, plan, entries)
    backup_money.read(doc, plan, entries, _entry, _user)
    _audit(doc, plan, tables)
    return plan


def _names(doc, key):
    names = member(doc, key, _("document"), list)
    if not all(isinstance(n, str) and n for n in names) or len(set(names)) != len(names):
        raise problem(key, _("names must be distinct, non-empty texts"))
    return names


def _user(plan, obj, name, username, where):
    if username is None:
        return
    max_length = get_user_model()._meta.get_field(get_user_model().USERNAME_FIELD).max_length
    if not isinstance(username, str) or not username or len(username) > max_length:
        raise problem(where, _("“%(key)s” is not a user name") % {"key": name})
    plan.users.append((obj, name, username))


def _entries(doc, plan):
    """The entries by start number."""
    by_number = {}
    for raw in member(doc, "entries", _("document"), list):
        where = _("entry %(number)s") % {"number": raw.get("start_number") if isinstance(raw, dict) else "?"}
        entry = Entry(tournament=plan.tournament, **load_fields(Entry, raw, ENTRY_FIELDS, where))
        if entry.start_number in by_number:
            raise problem(where, _("the start number occurs twice"))
        team = member(raw, "team", where)
        categories = member(raw, "categories", where, list)
        if team is not None and team not in plan.teams:
            raise problem(where, _("unknown team “%(name)s”") % {"name": team})
        unknown = [c for c in categories if c not in plan.categories]
        if unknown:
            raise problem(where, _("unknown category “%(name)s”") % {"name": unknown[0]})
        player = Player(**load_fields(Player, member(raw, "player", where, dict), PLAYER_FIELDS, where))
        by_number[entry.start_number] = entry
        plan.entries.append(EntryPlan(entry, player, team, categories))
    return by_number


def _rounds(doc, plan, entries, zero_sum, check_scores, pairs):
    """Rounds, tables with their seats, totals and games; returns the tables by (round, table) number."""
    tables = {}
    for raw in member(doc, "rounds", _("document"), list):
        where = _("round %(round)s") % {"round": raw.get("number") if isinstance(raw, dict) else "?"}
        round_ = Round(tournament=plan.tournament, **load_fields(Round, raw, ROUND_FIELDS, where))
        if any(r.number == round_.number for r in plan.rounds):
            raise problem(where, _("the round occurs twice"))
        plan.rounds.append(round_)
        byes = backup_ziege.read_byes(raw, round_, pairs, plan, where)
        seated = set()
        for raw_table in member(raw, "tables", where, list):
            table = Table(round=round_, **load_fields(Table, raw_table, TABLE_FIELDS, where))
            where_table = _("round %(round)s, table %(table)s") % {"round": round_.number, "table": table.number}
            if (round_.number, table.number) in tables:
                raise problem(where_table, _("the table occurs twice"))
            tables[round_.number, table.number] = table
            seats = _seats(table, member(raw_table, "seats", where_table, list), entries, seated, where_table)
            totals, games = member(raw_table, "totals", where_table), member(raw_table, "games", where_table, list)
            if totals is not None and games:
                raise problem(where_table, _("the table has totals and games"))
            if totals is not None:
                _points(totals, table.size, where_table, "totals")
                if zero_sum and sum(totals):
                    raise problem(where_table, _("the totals sum to %(sum)+d, not to zero") % {"sum": sum(totals)})
            table_plan = TablePlan(table, seats, totals)
            plan.tables.append(table_plan)
            backup_ziege.read_games(raw_table, table_plan, pairs, plan, where_table, check_scores)
            for raw_game in games:
                table_plan.games.append(_game(plan, table, raw_game, table_plan.games, zero_sum, check_scores))
            plan.games += table_plan.games
        backup_ziege.check_byes(plan, round_, byes, pairs, plan.tables)
    return tables


def _seats(table, numbers, entries, seated, where):
    low, high = kind_of(table.round.tournament).seats        # the sizes its game is played at
    if not low <= table.size <= high or len(numbers) != table.size:
        raise problem(where, _("%(seats)s seats at a table of %(size)s") % {"seats": len(numbers), "size": table.size})
    seats = []
    for number in numbers:
        _entry(entries, number, where)
        if number in seated:
            raise problem(where, _("start number %(number)s is seated twice in the round") % {"number": number})
        seated.add(number)
        seats.append(entries[number])
    return seats


def _entry(entries, number, where):
    if not isinstance(number, int) or number not in entries:
        raise problem(where, _("no entry has start number %(number)s") % {"number": number})
    return entries[number]


def _points(values, size, where, key):
    if not isinstance(values, list) or len(values) != size or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in values):
        raise problem(where, _("“%(key)s” must be %(size)s whole numbers, one per seat")
                      % {"key": key, "size": size})


def _game(plan, table, raw, earlier, zero_sum, check_scores):
    where = _("round %(round)s, table %(table)s, game %(game)s") % {
        "round": table.round.number, "table": table.number, "game": raw.get("number") if isinstance(raw, dict) else "?"}
    game = Game(table=table, **load_fields(Game, raw, GAME_STORED, where))
    if not 1 <= game.number <= table.games_planned:
        raise problem(where, _("the table plans games 1–%(max)s") % {"max": table.games_planned})
    if any(g.number == game.number for g in earlier):
        raise problem(where, _("the game occurs twice"))
    _points(game.scores, table.size, where, "scores")
    if zero_sum and sum(game.scores):
        raise problem(where, _("the scores sum to %(sum)+d, not to zero") % {"sum": sum(game.scores)})
    if check_scores:
        _check_engine(game, where)
    _user(plan, game, "updated_by", member(raw, "updated_by", where), where)
    return game


def _check_engine(game, where):
    """The stored result must be the engine's result for the stored input (explanation text aside: its
    language depends on who entered the game)."""
    data = {name: getattr(game, name) for name in GAME_FIELDS}
    try:
        result = score_game(engine_game(game.table, game.number, data))
    except ScoringError as err:
        raise problem(where, _("not a legal game: %(error)s")
                      % {"error": err.message(get_language() or "de")}) from None
    stored = {"scores": game.scores, "value": game.value, "fach": game.fach, "won": game.won}
    computed = {key: result[key] for key in stored}
    if stored != computed:
        raise problem(where, _("the stored result %(stored)s is not what the rules give (%(computed)s); the file "
                               "was changed or is damaged") % {"stored": stored, "computed": computed})


def _adjustments(doc, plan, entries):
    for index, raw in enumerate(member(doc, "adjustments", _("document"), list)):
        where = _("adjustment %(number)s") % {"number": index + 1}
        entry = _entry(entries, member(raw, "entry", where), where)
        adjustment = Adjustment(entry=entry, **load_fields(Adjustment, raw, ADJUSTMENT_FIELDS, where))
        if not adjustment.points:
            raise problem(where, _("an adjustment of 0 points"))
        _user(plan, adjustment, "created_by", member(raw, "created_by", where), where)
        plan.adjustments.append(adjustment)


def _audit(doc, plan, tables):
    games = {(g.table.round.number, g.table.number, g.number): g for g in (*plan.games, *plan.ziege_games)}
    objects = {
        "round": {(r.number,): r for r in plan.rounds},
        "totals": tables,
        "table": tables,
        "game": games,
        "adjustment": {(i,): a for i, a in enumerate(plan.adjustments, start=1)},
        "entry": {(p.entry.start_number,): p.entry for p in plan.entries},
        "tournament": {(): plan.tournament},
        **backup_money.audit_objects(plan),
    }
    for index, raw in enumerate(member(doc, "audit", _("document"), list)):
        where = _("audit entry %(number)s") % {"number": index + 1}
        row = AuditLog(tournament=plan.tournament, **load_fields(AuditLog, raw, AUDIT_FIELDS, where))
        row.table = _lookup(tables, member(raw, "table", where), ("round", "table"), where)
        keys = AUDIT_OBJECT_KEYS.get(row.object_type)
        ref = member(raw, "object", where)
        pool = objects.get(row.object_type, {})
        if row.object_type == AuditLog.Kind.MONEY:       # one of several kinds of object, told by the key
            keys = next((k for k in AUDIT_MONEY_KEYS if isinstance(ref, dict) and set(ref) == set(k)),
                        AUDIT_MONEY_KEYS[0])
            pool = pool[keys]
        if ref is not None and keys is None:
            raise problem(where, _("unknown object type “%(type)s”") % {"type": row.object_type})
        plan.audit_objects.append(_lookup(pool, ref, keys, where))
        _user(plan, row, "user", member(raw, "user", where), where)
        plan.audit.append(row)


def _lookup(objects, ref, keys, where):
    """The object a natural-key reference such as {"round": 1, "table": 3} names (None for null); the keys are
    numbers, a reduction's a name."""
    if ref is None:
        return None
    key = tuple(ref[k] for k in keys) if isinstance(ref, dict) and set(ref) == set(keys) else None
    if not all(isinstance(k, (int, str)) for k in key or ()) or key not in objects:
        raise problem(where, _("unknown reference %(ref)s") % {"ref": ref})
    return objects[key]
