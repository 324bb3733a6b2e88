"""Prize writes, each a keyword-only function in one transaction, allowed to the tournament direction (``DIRECT``)
or, for a season's template, the season's organisers (``ORGANISE``), and written to the audit log in words
(``AuditLog.Kind.PRIZE_PLAN`` for the plan, ``AuditLog.Kind.PRIZE`` for the prize giving).

Bad input changes nothing and raises ``ValidationError`` with a translated message: a negative or absurd amount,
a plan that pays more than the fees hold (``OverBudget``, unless the director accepts it), a prize handed to a
withdrawn player, goods that are no longer on the table.
"""

from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournament.audit.log import assign, audit
from tournament.models import AuditLog, Prize, PrizePlan, PrizeStep
from tournament.models.locks import lock_tournament
from tournament.models.prizes import MAX_AMOUNT
from tournament.prizes import selectors
from tournament.staff import permissions
from tournament.standings import selectors as standings_queries

PLAN_FIELDS = ("rule", "ties", "scale_from", "public", "certificate_places", "certificate_specials")
PRIZE_FIELDS = ("kind", "place", "category", "money", "goods", "goods_value", "quantity")


class OverBudget(ValidationError):
    """The plan pays more than the fees hold; the director may accept it (``accept_over=True``)."""


def check_amount(value, label):
    if value is None:
        return None
    value = Decimal(value)
    if value < 0 or value > MAX_AMOUNT:
        raise ValidationError(_("%(field)s must be between 0 and %(max)s €.") % {"field": label, "max": MAX_AMOUNT},
                              code="amount")
    return value


def _plan_for_tournament(tournament):
    plan, _created = PrizePlan.objects.get_or_create(tournament=tournament)
    return plan


def check_budget(tournament, accept_over):
    money, goods, available = selectors.budget(tournament)
    if money + goods > available and not accept_over:
        raise OverBudget(_("The plan pays %(planned)s (money and goods) but the entry fees hold only %(available)s. "
                           "Accept it if the fund or a sponsor pays the rest.")
                         % {"planned": selectors.euros(money + goods), "available": selectors.euros(available)},
                         code="over_budget")


@transaction.atomic
def save_plan(*, tournament, user, accept_over=False, **data):
    """Set the plan's rule, tie rule, scaling, public flag and certificate choice."""
    permissions.require(user, permissions.DIRECT, tournament)
    lock_tournament(tournament.pk)
    unknown = set(data) - set(PLAN_FIELDS)
    if unknown:
        raise ValueError(unknown)
    plan = _plan_for_tournament(tournament)
    old, new = assign(plan, data)
    plan.full_clean(exclude=["tournament", "season"])
    plan.save()
    check_budget(tournament, accept_over)
    if new:
        audit(tournament=tournament, obj_type=AuditLog.Kind.PRIZE_PLAN, obj_id=plan.pk,
              action=AuditLog.Action.UPDATE, user=user, old=old, new=new)
    return plan


def _prize_words(prize):
    return {"kind": str(prize.get_kind_display()), "place": prize.place,
            "category": prize.category.name if prize.category_id else None,
            "money": selectors.euros(prize.money) if prize.money else None, "goods": prize.goods or None,
            "goods_value": selectors.euros(prize.goods_value) if prize.goods_value is not None else None,
            "quantity": prize.quantity if prize.quantity != 1 else None}


@transaction.atomic
def add_prize(*, tournament, user, accept_over=False, **data):
    """Add one line to the tournament's plan (a place's money and goods, a special prize, goods on the table)."""
    permissions.require(user, permissions.DIRECT, tournament)
    lock_tournament(tournament.pk)
    plan = _plan_for_tournament(tournament)
    prize = _new_prize(plan, data, tournament.season)
    check_budget(tournament, accept_over)
    audit(tournament=tournament, obj_type=AuditLog.Kind.PRIZE_PLAN, obj_id=plan.pk, action=AuditLog.Action.ADD,
          user=user, new={k: v for k, v in _prize_words(prize).items() if v is not None})
    return prize


def _new_prize(plan, data, season):
    prize = Prize(plan=plan, **data)
    prize.money = check_amount(prize.money or 0, _("Money"))
    prize.goods_value = check_amount(prize.goods_value, _("Book value"))
    if prize.kind == Prize.Kind.PLACE and not prize.place:
        raise ValidationError(_("A place prize needs its place."), code="place")
    if prize.kind != Prize.Kind.PLACE:
        prize.place = None
    if prize.kind == Prize.Kind.CATEGORY and (prize.category is None or prize.category.season_id != season.pk):
        raise ValidationError(_("Choose a category of the season."), code="category")
    if prize.kind != Prize.Kind.CATEGORY:
        prize.category = None
    if not prize.money and not prize.goods and prize.kind != Prize.Kind.LAST:
        raise ValidationError(_("A prize needs money or goods."), code="empty")
    if prize.kind == Prize.Kind.TABLE and not prize.goods:
        raise ValidationError(_("Goods on the prize table need a name."), code="goods")
    if prize.kind == Prize.Kind.PLACE and plan.prizes.filter(kind=Prize.Kind.PLACE, place=prize.place).exists():
        raise ValidationError(_("Place %(n)s has a prize already; remove it first.") % {"n": prize.place},
                              code="twice")
    if prize.kind in (Prize.Kind.LADY, Prize.Kind.YOUTH, Prize.Kind.LAST) and plan.prizes.filter(
            kind=prize.kind).exists():
        raise ValidationError(_("The plan has this special prize already."), code="twice")
    prize.full_clean(exclude=["plan"])
    prize.save()
    return prize


@transaction.atomic
def remove_prize(*, prize, user):
    plan = prize.plan
    tournament = plan.tournament
    permissions.require(user, permissions.DIRECT, tournament)
    lock_tournament(tournament.pk)
    if prize.steps.exists():
        raise ValidationError(_("These goods were handed over already; undo that first."), code="handed")
    words = {k: v for k, v in _prize_words(prize).items() if v is not None}
    prize.delete()
    audit(tournament=tournament, obj_type=AuditLog.Kind.PRIZE_PLAN, obj_id=plan.pk, action=AuditLog.Action.REMOVE,
          user=user, old=words)


@transaction.atomic
def save_as_template(*, tournament, user):
    """Copy the tournament's plan to its season as the template for the next tournaments."""
    season = tournament.season
    permissions.require(user, permissions.ORGANISE, season)
    plan = selectors.plan_of(tournament)
    if plan is None:
        raise ValidationError(_("This tournament has no prize plan yet."), code="no_plan")
    PrizePlan.objects.filter(season=season).delete()
    template = PrizePlan.objects.create(season=season, **{f: getattr(plan, f) for f in PLAN_FIELDS})
    Prize.objects.bulk_create([Prize(plan=template, **{f: getattr(p, f) for f in PRIZE_FIELDS})
                               for p in plan.prizes.all()])
    audit(season=season, obj_type=AuditLog.Kind.PRIZE_PLAN, obj_id=template.pk, action=AuditLog.Action.CREATE,
          user=user, new={"tournament": str(tournament), "prizes": len(plan.prizes.all())})
    return template


@transaction.atomic
def apply_template(*, tournament, user):
    """Replace the tournament's plan by the season's template (refused once prizes were handed over)."""
    permissions.require(user, permissions.DIRECT, tournament)
    lock_tournament(tournament.pk)
    template = PrizePlan.objects.filter(season=tournament.season).first()
    if template is None:
        raise ValidationError(_("The season has no prize plan template."), code="no_template")
    if PrizeStep.objects.filter(tournament=tournament).exists():
        raise ValidationError(_("The prize giving has started; the plan is kept."), code="started")
    PrizePlan.objects.filter(tournament=tournament).delete()
    plan = PrizePlan.objects.create(tournament=tournament, **{f: getattr(template, f) for f in PLAN_FIELDS})
    Prize.objects.bulk_create([Prize(plan=plan, **{f: getattr(p, f) for f in PRIZE_FIELDS})
                               for p in template.prizes.all()])
    audit(tournament=tournament, obj_type=AuditLog.Kind.PRIZE_PLAN, obj_id=plan.pk, action=AuditLog.Action.CREATE,
          user=user, new={"season": str(tournament.season), "prizes": plan.prizes.count()})
    return plan


# -- the prize giving ------------------------------------------------------------------------------------------

def _step_words(step):
    return {"player": f"{step.entry.start_number} {step.entry.player.full_name}",
            "state": step.state, "award": step.award or None,
            "money": selectors.euros(step.money) if step.money else None, "goods_name": step.goods_name or None}


@transaction.atomic
def record(*, tournament, entry, state, user, goods=None, standings=None):
    """One step at the prize table for ``entry``: its prize handed over (money as the plan says, and the goods it
    took — the place's own, or ``goods`` chosen from the table), or "not present", or "comes later".
    ``standings``: the tournament's standings when the caller has them already (the demo's many steps)."""
    permissions.require(user, permissions.DIRECT, tournament)
    lock_tournament(tournament.pk)
    if entry.tournament_id != tournament.pk:
        raise ValidationError(_("This player does not play in this tournament."), code="other")
    if state not in PrizeStep.State.values:
        raise ValidationError(_("Unknown step."), code="state")
    standings = standings or standings_queries.tournament_standings(tournament)
    won = selectors.awards(tournament, standings)
    award = won.get(entry.pk)
    if award is None:
        raise ValidationError(_("%(name)s has no prize.") % {"name": entry.player.full_name}, code="no_prize")
    step = PrizeStep(tournament=tournament, entry=entry, state=state, user=user if user.is_authenticated else None,
                     award=selectors.award_text(award)[:200])
    if state == PrizeStep.State.HANDED:
        if entry.withdrawn:
            raise ValidationError(_("%(name)s has withdrawn: no prize is handed to a withdrawn player.")
                                  % {"name": entry.player.full_name}, code="withdrawn")
        latest = selectors.latest_steps(tournament).get(entry.pk)
        if latest is not None and latest.state == PrizeStep.State.HANDED:
            raise ValidationError(_("%(name)s has the prize already.") % {"name": entry.player.full_name},
                                  code="twice")
        step.money = award.money
        goods = goods or _own_goods(tournament, award)
        if goods is not None:
            left = dict((p.pk, n) for p, n in selectors.goods_left(tournament))
            if goods.plan.tournament_id != tournament.pk or left.get(goods.pk, 0) < 1:
                raise ValidationError(_("“%(goods)s” is no longer on the prize table.") % {"goods": goods.goods},
                                      code="gone")
            step.goods, step.goods_name, step.goods_value = goods, goods.goods, goods.goods_value or 0
    step.save()
    audit(tournament=tournament, obj_type=AuditLog.Kind.PRIZE, obj_id=step.pk, action=AuditLog.Action.ADD,
          user=user, new={k: v for k, v in _step_words(step).items() if v is not None})
    return step


def _own_goods(tournament, award):
    """The plan line whose goods the award names (a place's basket, the lady's flowers), if still there."""
    if not award.goods:
        return None
    for prize, left in selectors.goods_left(tournament):
        if prize.goods == award.goods and left > 0 and prize.kind != Prize.Kind.TABLE:
            return prize
    return None


@transaction.atomic
def undo_last(*, tournament, user):
    """Take back the latest step of the prize giving (audited with what it was)."""
    permissions.require(user, permissions.DIRECT, tournament)
    lock_tournament(tournament.pk)
    step = PrizeStep.objects.filter(tournament=tournament).select_related("entry__player").order_by("-id").first()
    if step is None:
        raise ValidationError(_("Nothing to undo."), code="nothing")
    words = {k: v for k, v in _step_words(step).items() if v is not None}
    step.delete()
    audit(tournament=tournament, obj_type=AuditLog.Kind.PRIZE, obj_id=None, action=AuditLog.Action.REMOVE,
          user=user, old=words, reason=_("undone"))
    return words

