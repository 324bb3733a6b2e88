"""The tournament form's "visible to players" choice (docs/director.md, "Published when it should be"): now, from
the first draw (a new tournament's default), or hidden until the director publishes it. One choice on the form,
two fields in the model (``published``, ``publish_with_draw``)."""

from django import forms
from django.utils.translation import gettext_lazy as _

NOW, WITH_DRAW, HIDDEN = "now", "draw", "hidden"
CHOICES = [(NOW, _("Visible to players now")),
           (WITH_DRAW, _("Visible from the first draw")),
           (HIDDEN, _("Hidden until I publish it"))]
FIELDS = {NOW: (True, False), WITH_DRAW: (False, True), HIDDEN: (False, False)}


def current(tournament):
    if tournament.published:
        return NOW
    return WITH_DRAW if tournament.publish_with_draw else HIDDEN


def add_field(form):
    """The choice on ``form`` (a ``TournamentForm``), preset from the tournament; the plain ``published``
    checkbox stays for a form posted without the choice (a script, an older page)."""
    instance = form.instance
    choices = CHOICES
    if instance.pk and instance.round_set.exists():
        choices = [c for c in CHOICES if c[0] != WITH_DRAW]        # drawn already: now or hidden
    form.fields["visibility"] = forms.ChoiceField(
        label=_("Visible to players"), choices=choices, required=False, widget=forms.RadioSelect,
        initial=current(instance) if instance.pk else WITH_DRAW,
        help_text=_("Players find a visible tournament on the start page, look up their seat and follow the "
                    "standings. A hidden one answers “page not found” to them."))
    form.fields["published"].required = False


def clean(form, data):
    """``published`` and ``publish_with_draw`` from the choice (when it was posted)."""
    choice = data.get("visibility")
    if choice in FIELDS:
        data["published"], data["publish_with_draw"] = FIELDS[choice]
    elif "published" in data and form.instance.pk and data["published"] != form.instance.published:
        data["publish_with_draw"] = False          # the checkbox chosen by hand: no wait for the draw
    return data
