"""``python manage.py import_tournament FILE`` (``-`` for stdin): restore a tournament backup (docs/backup.md).

All or nothing, in one transaction. A bad file ends with a message naming the problem, never a traceback:
bounds (``backup.bounds``), then format and version, then the signature (``backup.signature``: a file not signed
with this installation's key only with ``--trust-unsigned`` and a warning), then the content — all before the
first write.
Progress goes to stderr, the summary to stdout.
"""

import json
import sys
from contextlib import nullcontext

from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError
from django.utils.translation import gettext as _

from tournament.backup import bounds, signature
from tournament.backup.format import BackupError
from tournament.backup.load import import_tournament
from tournament.backup.read import check_header
from tournament.models import Season


class Command(BaseCommand):
    help = "Import a tournament backup written by export_tournament, as a new tournament."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the backup file, or - to read standard input")
        same = parser.add_mutually_exclusive_group()
        same.add_argument("--replace", action="store_true",
                          help="delete the tournament of the same season, name and date, and import in its place")
        same.add_argument("--as-new", metavar="NAME", help="import under this name (keeps an existing tournament)")
        parser.add_argument("--season", type=int, metavar="ID", help="import into this season instead")
        parser.add_argument("--new-players", action="store_true",
                            help="create every player anew instead of matching existing players")
        parser.add_argument("--trust-scores", action="store_true",
                            help="do not recompute the games with the engine (a backup from an older engine)")
        parser.add_argument("--trust-unsigned", action="store_true",
                            help="import a file that is not signed with this installation's backup key (an older "
                                 "backup, or one from another installation), after a warning")

    def handle(self, *args, file, replace=False, as_new=None, season=None, new_players=False, trust_scores=False,
               trust_unsigned=False, **options):
        doc = self.load(file)
        try:
            check_header(doc)
            warning = signature.verify(doc, trust_unsigned=trust_unsigned)
        except BackupError as err:
            raise CommandError(str(err)) from None
        if warning:
            self.stderr.write(warning, style_func=self.style.WARNING)
        if season is not None:
            season_id, season = season, Season.objects.filter(pk=season).first()
            if season is None:
                raise CommandError(_("There is no season with id %(id)s.") % {"id": season_id})
        try:
            summary = import_tournament(doc, replace=replace, as_new=as_new, season=season, new_players=new_players,
                                        check_scores=not trust_scores, progress=self.progress)
        except BackupError as err:
            raise CommandError(str(err)) from None
        except DatabaseError as err:
            raise CommandError(_("The database refused the import: %(error)s") % {"error": err}) from None
        t = summary.tournament
        self.stdout.write(_("Tournament “%(name)s” imported with id %(id)s: %(entries)s entries (new players: "
                            "%(new)s), %(rounds)s rounds, %(tables)s tables, %(games)s games, %(adjustments)s "
                            "adjustments, %(audit)s audit entries.")
                          % {"name": t.name, "id": t.pk, "new": summary.new_players, **summary.counts})
        if summary.replaced:
            self.stdout.write(_("It replaces the tournament of the same name and date, which is deleted."))
        if summary.matched_by_data:
            self.stdout.write(_("Matched to existing players with the same data: %(players)s")
                              % {"players": "; ".join(summary.matched_by_data)})
        if summary.new_users:
            self.stdout.write(_("Created inactive accounts (no password) for: %(users)s")
                              % {"users": ", ".join(summary.new_users)})

    def progress(self, message):
        self.stderr.write(message, style_func=str)
        self.stderr.flush()

    def load(self, file):
        """The parsed JSON of ``file`` (``-``: stdin), or a ``CommandError`` saying what is wrong with it."""
        try:
            with nullcontext(sys.stdin.buffer) if file == "-" else open(file, "rb") as handle:
                data = bounds.read_bounded(handle)
        except OSError as err:
            raise CommandError(_("Cannot read %(file)s: %(error)s") % {"file": file, "error": err}) from None
        except BackupError as err:
            raise CommandError(f"{file}: {err}") from None
        try:
            return bounds.parse(data)
        except BackupError as err:
            raise CommandError(f"{file}: {err}") from None
        except UnicodeDecodeError:
            raise CommandError(_("%(file)s is not UTF-8 text.") % {"file": file}) from None
        except json.JSONDecodeError as err:
            raise CommandError(_("%(file)s is not a complete JSON document (line %(line)s, column %(column)s: "
                                 "%(error)s).") % {"file": file, "line": err.lineno, "column": err.colno,
                                                   "error": err.msg}) from None
