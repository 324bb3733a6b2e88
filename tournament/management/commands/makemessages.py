"""``makemessages`` with two project habits.

* Strings marked with ``N_`` (a no-op marker for deferred translation) are extracted too.
* No fuzzy matching: a new string gets an empty translation instead of a guessed one that gettext would
  silently ignore (``tests/config/test_locale.py`` then names it as untranslated).
"""
from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=N_"]
    msgmerge_options = [*makemessages.Command.msgmerge_options, "--no-fuzzy-matching"]
