"""The draw of a Ziege round (docs/seating.md "Ziege"): team against team at tables of four, partners opposite.

Reads the tournament's teams (``ZiegePair``) whose two players are present, the pairs of teams that met in
earlier rounds of the day and the byes so far, runs the pure ``seating.pairs.pair_round`` (by lot) and saves ordinary
``Table``s and ``Seat``s (team A at positions 0 and 2, team B at 1 and 3) and a ``ZiegeBye`` for an odd team.
"""

import secrets

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournament.audit.log import audit
from tournament.draws.links import issue_links
from tournament.draws.services import check_drawable, present_entries, start_playing
from tournament.models import AuditLog, Round, Seat, Table, Tournament, ZiegeBye, ZiegePair
from tournament.models.locks import lock_tournament
from tournament.seating import pairs as pairing
from tournament.seating.rng import Rng
from tournament.staff import permissions

ALGORITHM = "ziege-pairs-2"          # 2: one pairing module with Offiziers-Cego (seating.pairs)


def present_pairs(tournament):
    """The teams drawn: both players present (``draws.services.present_entries``)."""
    present = {e.pk for e in present_entries(tournament)}
    return [p for p in tournament.ziege_pairs.select_related("first__player", "second__player")
            if p.first_id in present and p.second_id in present]


def met_before(tournament, before):
    """Pairs of team ids that sat at one table in a round before ``before``, as frozensets."""
    team_of = {}
    for pair in tournament.ziege_pairs.all():
        team_of[pair.first_id] = team_of[pair.second_id] = pair.pk
    tables = {}
    for table_id, entry_id in Seat.objects.filter(round__tournament=tournament, round__number__lt=before,
                                                  position__lte=1).values_list("table_id", "entry_id"):
        tables.setdefault(table_id, set()).add(team_of.get(entry_id))
    return {frozenset(t) for t in tables.values() if len(t) == 2 and None not in t}


def draw_missing_pair_lots(tournament):
    """Every team without a tie-break lot gets one (``ranking_key``'s last step), drawn from the seed."""
    missing = list(tournament.ziege_pairs.filter(lot__isnull=True).order_by("number"))
    if not missing:
        return
    start = tournament.ziege_pairs.filter(lot__isnull=False).count()
    Rng(tournament.seed or str(tournament.pk), label="ziege-lots").shuffle(missing)
    for index, pair in enumerate(missing, start=start + 1):
        pair.lot = index
    ZiegePair.objects.bulk_update(missing, ["lot"])


@transaction.atomic
def draw_round(*, tournament, number, user, seed=None):
    """Draw round ``number`` of a Ziege tournament and save its tables, seats and bye."""
    permissions.require(user, permissions.DIRECT, tournament)
    lock_tournament(tournament.pk)
    if tournament.game != Tournament.Game.ZIEGE:
        raise ValidationError(_("This tournament does not play Ziege."), code="not_ziege")
    check_drawable(tournament, number)
    pairs = present_pairs(tournament)
    if len(pairs) < 2:
        raise ValidationError(_("A Ziege draw needs at least two teams of two."), code="too_few_teams")
    if not tournament.seed and seed is None:
        tournament.seed = secrets.token_hex(4)
        tournament.save(update_fields=["seed"])
    seed = str(seed or tournament.seed)
    byes = {}
    for pair_id in ZiegeBye.objects.filter(round__tournament=tournament).values_list("pair_id", flat=True):
        byes[pair_id] = byes.get(pair_id, 0) + 1
    by_id = {p.pk: p for p in pairs}
    drawn = pairing.pair_round(sorted(by_id), seed=seed, number=number, met=met_before(tournament, number),
                               byes=byes, order=pairing.LOT, label="ziege")
    matches, bye, repeats = drawn.tables, drawn.bye, drawn.repeats
    round_ = Round.objects.create(tournament=tournament, number=number, seed=seed, algorithm=ALGORITHM,
                                  input_hash="")
    for index, (a, b) in enumerate(matches, start=1):
        table = Table.objects.create(round=round_, number=index, size=4,
                                     games_planned=tournament.games_per_round(4))
        a, b = by_id[a], by_id[b]
        Seat.objects.bulk_create(Seat(round=round_, table=table, entry=entry, position=pos)
                                 for pos, entry in enumerate((a.first, b.first, a.second, b.second)))
    issue_links(round_, user)               # every table's secret link for entry at the table
    if bye is not None:
        ZiegeBye.objects.create(round=round_, pair=by_id[bye])
    draw_missing_pair_lots(tournament)
    start_playing(tournament, user)
    audit(tournament=tournament, obj_type=AuditLog.Kind.ROUND, obj_id=round_.pk, action=AuditLog.Action.DRAW,
          user=user, new={"round": number, "seed": seed, "algorithm": ALGORITHM, "teams": len(pairs),
                          "tables": len(matches), "bye": None if bye is None else by_id[bye].number,
                          "repeats": repeats})
    return round_
