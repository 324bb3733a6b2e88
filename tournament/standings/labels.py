"""The tie-break rules in words (the one place: the tournament form, the standings page and the audit log)."""

from django.utils.translation import gettext_lazy as _

TIEBREAK_LABELS = {
    "best_round": _("Better single round"),
    "declarer_won": _("More declarer games won"),
    "declarer_lost": _("Fewer declarer games lost"),
    "lots": _("Drawing lots"),
}


def tiebreak_label(name):
    """A tie-break rule's name in the current language; an unknown name as it is."""
    return str(TIEBREAK_LABELS.get(name, name))
