"""``python manage.py export_tournament ID [-o FILE]``: a backup of one tournament as JSON (docs/backup.md).

The document goes to stdout (or FILE), signed with this installation's backup key (``backup.signature``);
progress and the closing line go to stderr, so ``> backup.json`` captures the document and nothing else.
"""

import os
import time

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournament.backup.export import export_tournament, to_json
from tournament.backup.signature import sign
from tournament.models import Tournament


class Command(BaseCommand):
    help = "Write a backup of one tournament (JSON) to stdout or a file; import it with import_tournament."

    def add_arguments(self, parser):
        parser.add_argument("tournament", type=int, help="tournament id")
        parser.add_argument("-o", "--output", help="file to write (default: stdout)")

    def handle(self, *args, tournament, output=None, **options):
        try:
            t = Tournament.objects.get(pk=tournament)
        except Tournament.DoesNotExist:
            raise CommandError(_("There is no tournament with id %(id)s.") % {"id": tournament}) from None
        start = time.perf_counter()
        text = to_json(sign(export_tournament(t, progress=self.progress)))
        if output in (None, "-"):
            self.write_stdout(text)
            output = "stdout"
        else:
            self.write_file(output, text)
        self.progress(_("%(target)s: %(bytes)s bytes in %(seconds).1f s")
                      % {"target": output, "bytes": f"{len(text.encode()):,}",
                         "seconds": time.perf_counter() - start})

    def progress(self, message):
        self.stderr.write(message, style_func=str)
        self.stderr.flush()

    def write_stdout(self, text):
        """UTF-8 whatever the console's encoding: to the byte stream under stdout when there is one."""
        buffer = getattr(self.stdout, "buffer", None)
        if buffer is None:
            self.stdout.write(text, ending="")
            return
        self.stdout.flush()
        buffer.write(text.encode())
        buffer.flush()

    def write_file(self, path, text):
        """Write next to the target and rename, so a failed export never leaves half a backup under its name."""
        part = f"{path}.part"
        try:
            with open(part, "w", encoding="utf-8") as handle:
                handle.write(text)
            os.replace(part, path)
        except OSError as err:
            raise CommandError(_("Cannot write %(file)s: %(error)s") % {"file": path, "error": err}) from None
