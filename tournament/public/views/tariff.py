"""Public rule reference: the rulesets, each ruleset's tariff grid, and a card counter.

Everything shown is computed by the scoring engine; these views only pick the language and lay it out.
"""
from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring import rulesets, tariff
from scoring.errors import ScoringError
from tournament.common import params
from tournament.common.i18n import engine_lang
from tournament.public.forms import CardCounterForm
from tournament.public.tariff_table import TariffTable


def counter_context(request):
    """The card counter: bound (and counted) only when the request carries its fields."""
    submitted = params.CARDS in request.GET or params.CARD_CODES in request.GET
    form = CardCounterForm(request.GET if submitted else None)
    result = form.result() if submitted and form.is_valid() else None
    return {"counter_form": form, "counter_result": result}


def index(request):
    lang = engine_lang()
    items = []
    for key in rulesets.RULESET_KEYS:
        rs = rulesets.resolve(key)
        items.append({"key": key, "name": rs.name[lang], "description": rs.description[lang],
                      "default": key == rulesets.DEFAULT_RULESET})
    return render(request, "public/tariff/index.html", {"rulesets": items, "comparison": tariff.comparison(lang),
                                                        **counter_context(request)})


def detail(request, ruleset):
    try:
        rs = rulesets.resolve(ruleset)
    except ScoringError:
        raise Http404(_("There is no ruleset “%(key)s”.") % {"key": ruleset}) from None
    lang = engine_lang()
    grid = tariff.tariff_grid(rs)
    fixed = [{"key": f.contract, "label": f.label[lang], "value": f.value, "note": f.note.get(lang, "")}
             for f in grid.fixed]
    context = {
        "ruleset": {"key": rs.key, "name": rs.name[lang], "description": rs.description[lang],
                    "counting": rs.counting},
        "table": TariffTable(grid),
        "fixed": fixed,
        "parameters": ruleset_parameters(rs),
        "house_rules": [note[lang] for note in rs.house_rules],
        "sources": [note[lang] for note in rs.sources],
        "margin": grid.kind == "margin",
        "grid_notes": [note[lang] for note in grid.notes],
        "others": [{"key": k, "name": rulesets.resolve(k).name[lang]} for k in rulesets.RULESET_KEYS if k != rs.key],
        **counter_context(request),
    }
    return render(request, "public/tariff/detail.html", context)


def counting_label(counting):
    return {"pairs": _("pairs (2er-Zählweise)"), "triples": _("triples (3er-Zählweise)")}.get(counting, counting)


def ruleset_parameters(rs):
    """The key parameters of a ruleset as ``(label, text)`` pairs in the active language."""
    if rs.bonus:
        total = ngettext("%(total)s + %(bonus)s bonus point", "%(total)s + %(bonus)s bonus points",
                         rs.bonus) % {"total": rs.total, "bonus": rs.bonus}
    else:
        total = str(rs.total)
    if rs.rounding <= 1:
        rounding = _("none")
    elif rs.rounding == 10:
        rounding = _("to tens, half up (15 → 20)")
    else:
        rounding = _("to multiples of %(step)s, half up") % {"step": rs.rounding}
    writing = {
        "zero_sum": _("zero-sum: the declarer receives the value from each opponent or pays it to each"),
        "declarer_only": _("declarer only: ± the value for the declarer alone"),
    }.get(rs.writing, rs.writing)
    params = [
        (_("Counting"), counting_label(rs.counting)),
        (_("Card points in the pack"), total),
        (_("Declarer wins with"), _("at least %(points)s card points") % {"points": rs.declarer_threshold}),
        (_("Defenders win with"), _("at least %(points)s card points") % {"points": rs.defender_threshold}),
        (_("Fach"), _("%(width)s card points per Fach, at most %(max)s Fach")
         % {"width": rs.fach_width, "max": rs.max_fach}),
        (_("Value of one Fach"), str(rs.unit)),
        (_("Rounding"), rounding),
        (_("Players per table"), ", ".join(str(n) for n in rs.players)),
        (_("Writing"), writing),
    ]
    if rs.margin_over is not None:
        params.append((_("Point games scored by"), _("margin over %(over)s, rounded up to a multiple of %(step)s")
                       % {"over": rs.margin_over, "step": rs.margin_rounding}))
    if 5 in rs.players:
        sitting_out = {"zero": _("scores 0"), "as_defender": _("pays and receives like a defender")}
        params.append((_("At a table of 5 the dealer sits out and"),
                       sitting_out.get(rs.sitting_out_scores, rs.sitting_out_scores)))
    params += [
        (_("Contra calls (Contracego)"), _("yes") if rs.calls else _("no")),
        (_("Rule violation"), _("lost at %(fach)s Fach") % {"fach": rs.penalty_fach}),
    ]
    return params
