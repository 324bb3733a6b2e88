"""The money and the prizes of a tournament in its backup (issue 26; docs/backup.md "Money and prizes").

In the document (a file written before has none of these keys: ``LATER_KEYS``, nothing of the kind):
``"reductions"`` — ``{"name", "amount", "free", "category", "season_category"}`` (``category``: a built-in key such
as ``"youth"`` or ""; a category the organiser added to the season is named by its name in ``season_category``,
since the model stores it as ``c<database id>``); ``"charges"`` — ``{"entry", "reduction", "no_reduction",
"override", "reason"}``; ``"payments"`` — ``{"entry", "amount", "method", "paid_on", "at", "user"}``;
``"cash_items"`` — ``{"kind", "text", "amount", "at"}``; ``"prize_plan"`` — the plan's settings with its
``"prizes"`` (``category`` by name), or null; ``"prize_steps"`` — ``{"entry", "state", "award", "money", "goods",
"goods_name", "goods_value", "at", "user"}`` with ``goods`` the prize's place (1, 2, …) in the plan's ``prizes``.

Reading checks every value against its field and the models' check constraints, every reference (start numbers,
reduction names, categories, prizes), and that a name, a charge or a plan occurs only once.
"""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournament.backup.format import (
    CASH_ITEM_FIELDS,
    CHARGE_FIELDS,
    LATER_KEYS,
    PAYMENT_FIELDS,
    PRIZE_FIELDS,
    PRIZE_PLAN_FIELDS,
    PRIZE_STEP_FIELDS,
    REDUCTION_FIELDS,
    dump_fields,
    load_fields,
    member,
    problem,
)
from tournament.models import (
    AuditLog,
    CashItem,
    Category,
    EntryCharge,
    Payment,
    Prize,
    PrizePlan,
    PrizeStep,
    Reduction,
)
from tournament.standings.categories import BUILTIN

# ---------------------------------------------------------------------------------------------------- export


def _username(user):
    return user.get_username() if user else None


def export(t, number, refs):
    """The money and prize keys of ``t``'s document (``number``: start number by entry id), the season
    categories they name, and the natural keys of their objects for the audit rows (into ``refs``)."""
    season_categories = {f"c{pk}": name for pk, name in Category.objects.filter(season=t.season_id)
                         .values_list("pk", "name")}
    reductions = list(Reduction.objects.filter(tournament=t).order_by("name"))
    charges = list(EntryCharge.objects.filter(entry__tournament=t).select_related("reduction")
                   .order_by("entry__start_number"))
    payments = list(Payment.objects.filter(entry__tournament=t).select_related("user", "entry")
                    .order_by("entry__start_number", "at", "id"))
    cash_items = list(CashItem.objects.filter(tournament=t).order_by("kind", "at", "id"))
    plan = PrizePlan.objects.filter(tournament=t).first()
    prizes = list(Prize.objects.filter(plan__tournament=t).select_related("category")
                  .order_by("kind", "place", "id"))
    steps = list(PrizeStep.objects.filter(tournament=t).select_related("user").order_by("id"))
    prize_index = {p.pk: index for index, p in enumerate(prizes, start=1)}
    refs["money"] = {"entry": refs["entry"], "reduction": {r.pk: {"reduction": r.name} for r in reductions},
                     "cash_item": {c.pk: {"cash_item": i} for i, c in enumerate(cash_items, start=1)}}
    refs["prize"] = {s.pk: {"prize_step": i} for i, s in enumerate(steps, start=1)}
    refs["prize_plan"] = {plan.pk: {}} if plan else {}
    names = {season_categories[r.category] for r in reductions if r.category in season_categories}
    names |= {p.category.name for p in prizes if p.category_id}
    doc = {
        "reductions": [{**dump_fields(r, REDUCTION_FIELDS),
                        "category": r.category if r.category in BUILTIN else "",     # a gone c<id>: none
                        "season_category": season_categories.get(r.category)} for r in reductions],
        "charges": [{"entry": number[c.entry_id], "reduction": c.reduction.name if c.reduction_id else None,
                     **dump_fields(c, CHARGE_FIELDS)} for c in charges],
        "payments": [{"entry": number[p.entry_id], **dump_fields(p, PAYMENT_FIELDS), "user": _username(p.user)}
                     for p in payments],
        "cash_items": [dump_fields(c, CASH_ITEM_FIELDS) for c in cash_items],
        "prize_plan": {**dump_fields(plan, PRIZE_PLAN_FIELDS), "prizes": [
            {**dump_fields(p, PRIZE_FIELDS), "category": p.category.name if p.category_id else None}
            for p in prizes]} if plan else None,
        "prize_steps": [{"entry": number[s.entry_id], **dump_fields(s, PRIZE_STEP_FIELDS),
                         "goods": prize_index.get(s.goods_id), "user": _username(s.user)} for s in steps],
    }
    return doc, names


def audit_target(row):
    """Which object a money row of the audit log names by its id: ``"entry"`` (a payment, refund or fee of an
    entry: the row keeps its start number), ``"reduction"`` (the row keeps its name) or ``"cash_item"``."""
    words = {**(row.old if isinstance(row.old, dict) else {}), **(row.new if isinstance(row.new, dict) else {})}
    if "start_number" in words:
        return "entry"
    return "reduction" if "name" in words else "cash_item"


# ---------------------------------------------------------------------------------------------------- read


def _list(doc, key):
    value = doc.get(key, LATER_KEYS[key])
    if not isinstance(value, list):
        raise problem(_("document"), _("“%(key)s” must be a list") % {"key": key})
    return value


def _checked(obj, where, exclude=()):
    """``obj`` after the model's check constraints (amount ranges, a place prize's place …)."""
    try:
        obj.validate_constraints(exclude=set(exclude))
    except ValidationError as err:
        raise problem(where, " ".join(err.messages)) from None
    return obj


def _category(plan, name, where):
    if name is not None and name not in plan.categories:
        raise problem(where, _("unknown category “%(name)s”") % {"name": name})
    return name


def read(doc, plan, entries, entry_of, user_of):
    """Fill ``plan``'s money and prize parts; ``entry_of(entries, number, where)`` and ``user_of(plan, obj, name,
    username, where)`` are the reader's checks of a start number and a user name."""
    t = plan.tournament
    for index, raw in enumerate(_list(doc, "reductions"), start=1):
        where = _("reduction %(number)s") % {"number": index}
        reduction = Reduction(tournament=t, **load_fields(Reduction, raw, REDUCTION_FIELDS, where))
        category, season_category = member(raw, "category", where), member(raw, "season_category", where)
        if not isinstance(category, str) or category not in ("", *BUILTIN) or (category and season_category):
            raise problem(where, _("“%(key)s” has an unknown value: %(value)s") % {"key": "category",
                                                                                  "value": category})
        reduction.category = category
        if any(r.name == reduction.name for r in plan.reductions):
            raise problem(where, _("the name “%(name)s” occurs twice") % {"name": reduction.name})
        plan.reductions.append(_checked(reduction, where, {"tournament"}))
        plan.reduction_categories.append(_category(plan, season_category, where))
    reductions = {r.name: r for r in plan.reductions}
    for index, raw in enumerate(_list(doc, "charges"), start=1):
        where = _("charge %(number)s") % {"number": index}
        charge = EntryCharge(entry=entry_of(entries, member(raw, "entry", where), where),
                             **load_fields(EntryCharge, raw, CHARGE_FIELDS, where))
        name = member(raw, "reduction", where)
        if name is not None and name not in reductions:
            raise problem(where, _("unknown reduction “%(name)s”") % {"name": name})
        charge.reduction = reductions.get(name)
        if any(c.entry is charge.entry for c in plan.charges):
            raise problem(where, _("the entry has two charges"))
        plan.charges.append(_checked(charge, where, {"entry", "reduction"}))
    for index, raw in enumerate(_list(doc, "payments"), start=1):
        where = _("payment %(number)s") % {"number": index}
        payment = Payment(entry=entry_of(entries, member(raw, "entry", where), where),
                          **load_fields(Payment, raw, PAYMENT_FIELDS, where))
        user_of(plan, payment, "user", member(raw, "user", where), where)
        plan.payments.append(_checked(payment, where, {"entry", "user"}))
    for index, raw in enumerate(_list(doc, "cash_items"), start=1):
        where = _("cash item %(number)s") % {"number": index}
        item = CashItem(tournament=t, **load_fields(CashItem, raw, CASH_ITEM_FIELDS, where))
        plan.cash_items.append(_checked(item, where, {"tournament"}))
    _read_prizes(doc, plan, entries, entry_of, user_of)


def _read_prizes(doc, plan, entries, entry_of, user_of):
    raw_plan = doc.get("prize_plan", LATER_KEYS["prize_plan"])
    if raw_plan is not None:
        where = _("prize plan")
        prize_plan = PrizePlan(tournament=plan.tournament, **load_fields(PrizePlan, raw_plan, PRIZE_PLAN_FIELDS,
                                                                         where))
        plan.prize_plan = _checked(prize_plan, where, {"tournament", "season"})
        for index, raw in enumerate(member(raw_plan, "prizes", where, list), start=1):
            where_prize = _("prize %(number)s") % {"number": index}
            prize = Prize(plan=prize_plan, **load_fields(Prize, raw, PRIZE_FIELDS, where_prize))
            name = _category(plan, member(raw, "category", where_prize), where_prize)
            if (prize.kind == Prize.Kind.CATEGORY) != (name is not None):
                raise problem(where_prize, _("a prize for the best of a category, and only such a prize, names "
                                             "its category"))
            plan.prizes.append(_checked(prize, where_prize, {"plan", "category"}))
            plan.prize_categories.append(name)
    for index, raw in enumerate(_list(doc, "prize_steps"), start=1):
        where = _("step %(number)s of the prize giving") % {"number": index}
        step = PrizeStep(tournament=plan.tournament, entry=entry_of(entries, member(raw, "entry", where), where),
                         **load_fields(PrizeStep, raw, PRIZE_STEP_FIELDS, where))
        goods = member(raw, "goods", where)
        if goods is not None:
            if not isinstance(goods, int) or isinstance(goods, bool) or not 1 <= goods <= len(plan.prizes):
                raise problem(where, _("no prize %(number)s in the prize plan") % {"number": goods})
            step.goods = plan.prizes[goods - 1]
        user_of(plan, step, "user", member(raw, "user", where), where)
        plan.prize_steps.append(_checked(step, where, {"tournament", "entry", "goods", "user"}))


def audit_objects(plan):
    """The objects money, prize and prize plan rows of the audit log can name, by their natural keys."""
    return {
        "money": {("entry",): {(p.entry.start_number,): p.entry for p in plan.entries},
                  ("reduction",): {(r.name,): r for r in plan.reductions},
                  ("cash_item",): {(i,): c for i, c in enumerate(plan.cash_items, start=1)}},
        AuditLog.Kind.PRIZE: {(i,): s for i, s in enumerate(plan.prize_steps, start=1)},
        AuditLog.Kind.PRIZE_PLAN: {(): plan.prize_plan} if plan.prize_plan else {},
    }


# ---------------------------------------------------------------------------------------------------- load


def save(plan, categories, create_keeping, batch):
    """Save the money and the prizes (after the entries); ``categories``: the season's categories by name."""
    for reduction, name in zip(plan.reductions, plan.reduction_categories, strict=True):
        if name is not None:
            reduction.category = f"c{categories[name].pk}"
    Reduction.objects.bulk_create(plan.reductions, batch_size=batch)
    for charge in plan.charges:
        charge.entry_id = charge.entry.pk
        charge.reduction_id = charge.reduction.pk if charge.reduction else None
    EntryCharge.objects.bulk_create(plan.charges, batch_size=batch)
    for payment in plan.payments:
        payment.entry_id = payment.entry.pk
    create_keeping(Payment, plan.payments, "at")
    create_keeping(CashItem, plan.cash_items, "at")
    if plan.prize_plan is not None:
        plan.prize_plan.save()
        for prize, name in zip(plan.prizes, plan.prize_categories, strict=True):
            prize.plan_id = plan.prize_plan.pk
            prize.category = categories[name] if name is not None else None
        Prize.objects.bulk_create(plan.prizes, batch_size=batch)
    for step in plan.prize_steps:
        step.entry_id = step.entry.pk
        step.goods_id = step.goods.pk if step.goods else None
    create_keeping(PrizeStep, plan.prize_steps, "at")
