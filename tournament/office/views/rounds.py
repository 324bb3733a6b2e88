"""Director pages: a round — draw it, show its table lists and progress, complete/lock/unlock, delete its draw,
end one table's round early (a player left: ``results.early_end``);
with entry at the table its links, clock and sign-offs (``hall.round_extras``; locking goes through
``table_entry.services.lock_round``, which wants a reason while tables are not signed off)."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from tournament.draws import selectors as draw_selectors
from tournament.draws import services as draws
from tournament.games import kind_of
from tournament.idempotency import idempotent
from tournament.models import AuditLog, Round, Score, Table
from tournament.office import errors
from tournament.office.access import allowed, direct, forbidden, tournament_pk
from tournament.office.common import (
    sheet_url,
    tournament_context,
    tournament_or_404,
)
from tournament.office.forms.director import DrawForm, EndTableForm, ReasonForm, RoundStatusForm
from tournament.office.views.hall import round_extras
from tournament.office.ziege import views as ziege_views
from tournament.results import early_end, engine, selectors, services
from tournament.seating import SeatingError, table_sizes
from tournament.staff import permissions
from tournament.table_entry import services as table_services


def planned_tables(tournament, players):
    """(sizes, problem): the table sizes a draw of ``players`` would give, or why it cannot be drawn."""
    try:
        rs = engine.ruleset_for(tournament)
    except Exception:   # a broken override shows on the tournament form; the draw itself reports it
        return [], ""
    leftover = 3 if 3 in rs.players else 5
    try:
        return list(table_sizes(players, leftover=leftover)), ""
    except SeatingError:
        return [], _("%(n)s players cannot be seated at tables of 4 and %(leftover)s.") % {"n": players,
                                                                                          "leftover": leftover}


def size_summary(sizes):
    parts = []
    for size in sorted(set(sizes)):
        count = sizes.count(size)
        parts.append(ngettext("%(count)s table of %(size)s", "%(count)s tables of %(size)s", count)
                     % {"count": count, "size": size})
    return ", ".join(parts)


def draw_stats(round_):
    log = (AuditLog.objects.filter(tournament=round_.tournament, object_type=AuditLog.Kind.ROUND, object_id=round_.pk,
                                   action=AuditLog.Action.DRAW).order_by("-at", "-id").first())
    return (log.new or {}).get("stats", {}) if log else {}


def undrawn_context(tournament, number, form):
    present = draws.present_entries(tournament)
    sizes, problem = planned_tables(tournament, len(present))
    active = tournament.entries.filter(withdrawn=False)
    previous = tournament.round_set.filter(number=number - 1).first() if number > 1 else None
    previous_open = None
    if previous is not None and previous.status == Round.Status.OPEN:
        progress = selectors.round_progress(previous)
        done = sum(t["complete"] for t in progress)
        if done < len(progress):
            previous_open = {"number": previous.number, "done": done, "tables": len(progress)}
    return {"form": form, "present": len(present), "active": active.count(),
            "only_checked_in": active.filter(checked_in=True).exists(), "sizes": size_summary(sizes),
            "problem": problem, "previous_missing": number > 1 and previous is None, "previous_open": previous_open}


def drawn_context(round_):
    by_table, alphabetical = draw_selectors.draw_lists(round_)
    scope = draw_selectors.namesake_scope(round_.tournament_id)
    for _table, seats in by_table:
        draw_selectors.labelled(seats, scope)       # seat.label: a namesake with its town (common.namesakes)
    progress = {p["table"].pk: p for p in selectors.round_progress(round_)}
    tables = [{"table": table, "seats": seats, "progress": progress[table.pk], "sheet_url": sheet_url(table)}
              for table, seats in by_table]
    later = round_.tournament.round_set.filter(number__gt=round_.number).exists()
    played = Score.objects.filter(table__round=round_).exists()
    complete = sum(p["complete"] for p in progress.values())
    return {"tables": tables, "alphabetical": alphabetical, "stats": draw_stats(round_),
            "complete_tables": complete, "all_complete": complete == len(progress),
            "can_delete": not later and not played, "later_rounds": later, "played": played,
            "delete_form": ReasonForm(prefix="delete"),
            "players": len(alphabetical)}


def confirm_page(request, tournament, number, *, question, details, fields, button, back):
    """The page that asks before a write (``office/confirm.html``): the forms of the round page send ``ask=1``
    where a step wants asking; the page sends the same fields again without it. A script that sends no ``ask``
    is not asked (the services check what must hold whoever calls)."""
    return render(request, "office/confirm.html", tournament_context(
        tournament, "round", number=number, question=question, details=details, fields=fields, button=button,
        action=request.path, cancel=reverse("director:round", args=[tournament.pk, back])))


def open_before(tournament, number):
    """The round before ``number`` if it is still open (neither marked complete nor locked), else None."""
    if number < 2:
        return None
    return tournament.round_set.filter(number=number - 1, status=Round.Status.OPEN).first()


def ask_draw(request, tournament, number):
    """Drawing round n+1 while round n is open asks first."""
    previous = open_before(tournament, number)
    return confirm_page(
        request, tournament, number,
        question=_("Draw round %(n)s while round %(p)s is still open?") % {"n": number, "p": previous.number},
        details=[_("Round %(p)s is neither complete nor locked: tables may still be playing or correcting it. "
                   "Its games stay as they are; the draw of round %(n)s seats the players as round %(p)s stands.")
                 % {"n": number, "p": previous.number}],
        fields=[("seed", request.POST.get("seed", "")[:64])],
        button=_("Draw round %(n)s now") % {"n": number}, back=previous.number)


@allowed(permissions.ENTER, tournament_pk)
@idempotent
def round_detail(request, pk, number):
    tournament = tournament_or_404(pk)
    round_ = Round.objects.filter(tournament=tournament, number=number).first()
    if round_ is None and not 1 <= number <= tournament.round_count:
        raise Http404(_("This tournament has no round %(n)s.") % {"n": number})
    if kind_of(tournament).teams:
        if (request.method == "POST" and round_ is None and request.POST.get("ask") and open_before(tournament, number)
                and permissions.can(request.user, permissions.DIRECT, tournament)):
            return ask_draw(request, tournament, number)
        return ziege_views.round_detail(request, tournament, number)       # team against team
    form = DrawForm(request.POST or None, initial={"seed": tournament.seed})
    if request.method == "POST":
        answer = _draw_posted(request, tournament, number, round_, form)
        if answer is not None:
            return answer
    context = tournament_context(tournament, "round", number=number, round=round_,
                                 next_number=number + 1 if number < tournament.round_count else None,
                                 next_drawn=tournament.round_set.filter(number=number + 1).exists())
    context.update(drawn_context(round_) if round_ else undrawn_context(tournament, number, form))
    if round_:
        context.update(round_extras(request, round_))
        if kind_of(tournament).seats == (2, 2):          # pairs: an odd field has a bye
            context["byes"] = draw_selectors.byes(round_)
    return render(request, "office/round.html", context)


def _draw_posted(request, tournament, number, round_, form):
    """The answer to the draw form of a Cego round: a redirect once drawn, or None to show the page again with the
    form's errors and messages."""
    if not permissions.can(request.user, permissions.DIRECT, tournament):
        return forbidden(request)       # entry helpers see the round, only the direction draws it
    if round_ is not None:
        messages.error(request, _("Round %(n)s is already drawn. Delete its draw first.") % {"n": number})
        return redirect("director:round", tournament.pk, number)
    if not form.is_valid():
        return None
    if request.POST.get("ask") and open_before(tournament, number):
        return ask_draw(request, tournament, number)
    try:
        round_ = kind_of(tournament).hook("draw_round")(tournament=tournament, number=number, user=request.user,
                                                        seed=form.cleaned_data["seed"].strip() or None)
    except ValidationError as err:
        errors.to_messages(request, err)
        return None
    messages.success(request, _("Round %(n)s is drawn: %(players)s players at %(tables)s tables.")
                     % {"n": number, "players": round_.seats.count(), "tables": round_.tables.count()})
    return redirect("director:round", tournament.pk, number)


@direct
@require_POST
@idempotent
def round_status(request, pk, number):
    tournament = tournament_or_404(pk)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    form = RoundStatusForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Unknown status."))
        return redirect("director:round", tournament.pk, number)
    reason = form.cleaned_data["reason"].strip()
    if form.cleaned_data["status"] == Round.Status.LOCKED and request.POST.get("ask"):
        details = [_("Once locked, the phones of this round can no longer write, and every correction needs a "
                     "reason. The round's results count as final.")]
        if reason:
            details.append(_("Reason: %(reason)s") % {"reason": reason})
        return confirm_page(request, tournament, number,
                            question=_("Lock round %(n)s?") % {"n": number}, details=details,
                            fields=[("status", Round.Status.LOCKED), ("reason", reason)],
                            button=_("Lock round %(n)s") % {"n": number}, back=number)
    try:
        if form.cleaned_data["status"] == Round.Status.LOCKED:
            table_services.lock_round(round_=round_, user=request.user, reason=reason)
        else:
            services.set_round_status(round_=round_, status=form.cleaned_data["status"], user=request.user,
                                      reason=reason)
    except ValidationError as err:
        errors.to_messages(request, err)
    else:
        text = {Round.Status.OPEN: _("Round %(n)s is open again: results can be entered and corrected."),
                Round.Status.COMPLETE: _("Round %(n)s is marked complete."),
                Round.Status.LOCKED: _("Round %(n)s is locked: corrections now need a reason.")}
        messages.success(request, text[form.cleaned_data["status"]] % {"n": number})
    return redirect("director:round", tournament.pk, number)


@direct
@require_POST
@idempotent
def round_delete_draw(request, pk, number):
    tournament = tournament_or_404(pk)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    form = ReasonForm(request.POST, prefix="delete")
    if not form.is_valid():
        messages.error(request, _("Give a reason for deleting the draw."))
        return redirect("director:round", tournament.pk, number)
    try:
        draws.delete_draw(round_=round_, user=request.user, reason=form.cleaned_data["reason"].strip())
    except ValidationError as err:
        errors.to_messages(request, err)
    else:
        messages.success(request, _("The draw of round %(n)s is deleted. You can draw it again.") % {"n": number})
    return redirect("director:round", tournament.pk, number)


@direct
@require_POST
@idempotent
def table_end(request, pk, number, table):
    """End a table's round early (the games played stand, or the table's round is not counted), or undo it."""
    tournament = tournament_or_404(pk)
    table = get_object_or_404(Table, round__tournament=tournament, round__number=number, number=table)
    form = EndTableForm(request.POST)
    if not form.is_valid():
        errors.to_messages(request, ValidationError(_("Give a reason."), code="reason_required"))
        return redirect("director:round", tournament.pk, number)
    data = form.cleaned_data
    try:
        if data["action"] == EndTableForm.RESUME:
            early_end.resume_table(table=table, user=request.user, reason=data["reason"])
        else:
            early_end.end_table_early(table=table, user=request.user, reason=data["reason"],
                                      counted=data["counted"] != EndTableForm.NOT_COUNTED)
    except ValidationError as err:
        errors.to_messages(request, err)
    else:
        table.refresh_from_db()
        text = (_("Table %(t)s plays on.") if not table.ended_early
                else _("The round of table %(t)s is ended early; it is not counted.") if table.not_counted
                else _("The round of table %(t)s is ended early; the games played stand."))
        messages.success(request, text % {"t": table.number})
    return redirect("director:round", tournament.pk, number)
