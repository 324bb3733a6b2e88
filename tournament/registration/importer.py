"""Importing a registration file into a tournament (the rows come from ``files.parse_registrations``).

Three steps, usable apart (the director's import page uses all three; the template to fill in is an export,
``exports.xlsx.tournament.registration_template_xlsx``, with the columns ``files.COLUMNS``):

* ``files.parse_registrations(data, filename)`` reads and checks the file alone — no database.
* ``check_against_tournament(result, tournament)`` matches existing players (``match_players``: the same
  person the German way, ``common.names``, from the same town) and flags players already registered and start
  numbers already taken.
* ``import_registrations(tournament=, data=, filename=, user=)`` parses and checks again and, only when the
  whole file is clean, registers every line in one transaction; otherwise it raises ``ImportRejected``. Lines
  left out (footers, the director's choice: ``files``) are not imported; the audit row lists them. An entry
  whose player the import created is marked (``Entry.created_player``): removing it right after removes that
  player too, while nothing else uses him (``services.player_goes_too``).
"""


from django.db import transaction
from django.utils.translation import gettext as _
from rapidfuzz import process
from rapidfuzz.distance import OSA

from tournament.audit.log import audit
from tournament.common import names
from tournament.models import AuditLog, Entry, Player, Team
from tournament.models.locks import lock_tournament
from tournament.money import services as money_services
from tournament.registration import services as registration_services
from tournament.registration.files import DIRECTOR, FOOTER, ImportRejected, parse_registrations
from tournament.registration.selectors import visible
from tournament.registration.services import team_named
from tournament.staff.permissions import DIRECT, require

# Checking against the database -----------------------------------------------------------------------------

def _closeness(first, last, p_first, p_last):
    """0: the same spelling (ignoring case; ``lower``, not ``casefold``, which would make "Weiß" "weiss"), 1: the
    same name the German way, 2: one typo apart."""
    if (first.lower(), last.lower()) == (p_first.lower(), p_last.lower()):
        return 0
    same = (names.match_key(first), names.match_key(last)) == (names.match_key(p_first), names.match_key(p_last))
    return 1 if same else 2


def match_players(rows, season, *, visible_to=None):
    """For each ``(first, last, town)`` of ``rows``, the existing player it is, or None: the same person
    (``names.same_person``: equal the German way — "Weiss" is "Weiß", "Mueller" is "Müller" — or one typo apart)
    from the same town (folded, one typo; no town matches no town). Among several: the same spelling first,
    then the same name the German way, then one typo apart; then a player of ``season``; then the oldest record.
    All players are read once (a few thousand, narrow columns); last names are compared in C (rapidfuzz) before
    ``same_person`` decides. ``visible_to``: the user importing — only players he may find are matched
    (``selectors.visible``); None (the system): all."""
    by_last = {}
    players = visible(Player.objects.all(), visible_to)
    for pk, first, last, town in players.values_list("pk", "first_name", "last_name", "town").iterator(chunk_size=2000):
        by_last.setdefault(names.match_key(last), []).append((pk, first, last, town))
    in_season = set(Entry.objects.filter(tournament__season=season).values_list("player_id", flat=True))
    keys, found = list(by_last), []
    for first, last, town in rows:
        last_key, town_key = names.match_key(last), names.match_key(town)
        near = [k for k, _score, _i in process.extract(last_key, keys, scorer=OSA.distance, score_cutoff=1,
                                                       limit=None)] if last_key else []
        candidates = [(_closeness(first, last, p_first, p_last), pk not in in_season, pk)
                      for p_last_key in near for pk, p_first, p_last, p_town in by_last[p_last_key]
                      if names.same_person(first, last, p_first, p_last)
                      and (town_key == names.match_key(p_town) or names.similar(town_key, names.match_key(p_town)))]
        found.append(min(candidates)[2] if candidates else None)
    players = Player.objects.in_bulk([pk for pk in found if pk is not None])
    return [players.get(pk) for pk in found]


def check_against_tournament(result, tournament, *, visible_to=None):
    """Match existing players and flag lines already registered or with a start number already taken."""
    named = [row for row in result.rows if row.values.get("first_name") and row.values.get("last_name")]
    matched = match_players([(r.values["first_name"], r.values["last_name"], r.values.get("town") or "")
                             for r in named], tournament.season, visible_to=visible_to)
    entries = {e.player_id: e for e in Entry.objects.filter(tournament=tournament).select_related("player")}
    numbers = {e.start_number: e for e in entries.values()}
    teams = {t.name.casefold() for t in Team.objects.filter(season=tournament.season)}
    for row, player in zip(named, matched, strict=True):
        row.player = player
        if row.player is not None and row.player.pk in entries:
            row.add("already_registered", _("Already registered in this tournament with start number %(n)s.")
                    % {"n": entries[row.player.pk].start_number})
        number = row.values.get("start_number")
        if number and number in numbers and (row.player is None or numbers[number].player_id != row.player.pk):
            row.add("start_number_taken", _("Start number %(n)s is already taken by %(player)s.")
                    % {"n": number, "player": numbers[number].player}, "start_number")
        row.team_exists = bool(row.values.get("team")) and row.values["team"].casefold() in teams
    return result


RENUMBERABLE = {"start_number_taken", "duplicate_start_number"}


def renumber_clashes(result):
    """Give the lines whose start number clashes (taken, or given twice in the file) the next free numbers
    instead: their start number is dropped with its issue. Returns how many lines were renumbered."""
    count = 0
    for row in result.rows:
        if any(issue.code in RENUMBERABLE for issue in row.issues):
            row.issues = [issue for issue in row.issues if issue.code not in RENUMBERABLE]
            row.values["start_number"] = None
            row.renumbered = True
            count += 1
    return count


def only_clashes(result):
    """True when the file would import if the clashing start numbers were renumbered."""
    bad = result.bad_rows
    return bool(bad) and not result.issues and all(
        {issue.code for issue in row.issues} <= RENUMBERABLE for row in bad)


# Importing -------------------------------------------------------------------------------------------------

def _team(season, name, cache):
    key = name.casefold()
    if key not in cache:
        cache[key] = team_named(season, name)
    return cache[key]


@transaction.atomic
def import_registrations(*, tournament, data=None, filename, user, parsed=None, renumber=False):
    """Register every line of a clean file in one transaction; ``ImportRejected`` (nothing saved) otherwise.

    ``parsed`` is the file as ``files.parse_registrations`` read it (e.g. a stored preview, ``previews.load``);
    without it ``data`` is parsed here. Either way it is checked again against the tournament as it is now.
    With ``renumber`` the lines whose start number clashes get the next free numbers (``renumber_clashes``).

    Existing players (``match_players``: same person, same town) are reused unchanged; lines with a start number
    are registered first, so the automatic numbers of the others follow the highest number.
    """
    require(user, DIRECT, tournament)
    lock_tournament(tournament.pk)          # checked and registered against the same entries
    tournament.refresh_from_db(fields=["entry_fee"])        # the fee as it stands now decides the payments

    result = check_against_tournament(
        parsed if parsed is not None else parse_registrations(data, filename), tournament, visible_to=user)
    renumbered = renumber_clashes(result) if renumber else 0
    if not result.ok:
        raise ImportRejected(result)
    teams, entries = {}, []
    for row in result.rows:             # in file order: a new team takes the spelling of its first line
        if row.values.get("team"):
            _team(tournament.season, row.values["team"], teams)
    ordered = sorted(result.rows, key=lambda r: (r.values.get("start_number") is None, r.line))
    for row in ordered:
        v = row.values
        player = row.player or Player.objects.create(
            first_name=v["first_name"], last_name=v["last_name"], town=v.get("town", ""), club=v.get("club", ""),
            is_woman=v.get("is_woman", False), birth_year=v.get("birth_year"), is_guest=v.get("is_guest", False))
        team = _team(tournament.season, v["team"], teams) if v.get("team") else None
        charged = bool(v.get("paid")) and tournament.entry_fee > 0      # a payment for the cash box, below
        entries.append(registration_services.register(user=user, tournament=tournament, player=player,
                                         start_number=v.get("start_number"),
                                         team=team, paid=False if charged else bool(v.get("paid")),
                                         checked_in=bool(v.get("checked_in")), note=v.get("note") or "",
                                         created_player=row.player is None))
        if charged:
            money_services.pay_imported(entry=entries[-1], user=user, amount=v.get("paid_amount"),
                                        method=v.get("paid_method"))
    new = {"file": filename[:100], "sha256": result.sha256, "entries": len(entries), "new_players": result.new_players}
    if renumbered:
        new["renumbered"] = renumbered
    if result.left_out:                 # which lines were not imported, and why: a footer or the director's choice
        new["left_out"] = {kind: [r.line for r in result.left_out if r.left_out == kind]
                           for kind in (FOOTER, DIRECTOR) if any(r.left_out == kind for r in result.left_out)}
    audit(tournament=tournament, obj_type=AuditLog.Kind.IMPORT, action=AuditLog.Action.CREATE, user=user, new=new)
    return entries
