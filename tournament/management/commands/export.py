"""``python manage.py export IDENTIFIER (--tournament ID | --season ID) [--round N] [--table N] -o FILE``

Runs one exporter (see ``--list``) and writes its file, printing progress ("sheet 12/100") to stderr.
``--table`` is a table number within ``--round`` of ``--tournament``; without them it is a table id.
"""

import os
import sys
import time

from django.core.management.base import BaseCommand, CommandError

from tournament import exports as exporters
from tournament.exports.base import Unavailable
from tournament.exports.pdf.sheets import BACK_CHOICES
from tournament.models import Round, Season, Table, Tournament


class Command(BaseCommand):
    help = "Write one export (score sheets, table lists, standings, workbooks) to a file."

    def add_arguments(self, parser):
        parser.add_argument("identifier", nargs="?", help="the exporter, e.g. score_sheets (see --list)")
        parser.add_argument("--list", action="store_true", help="list the exporters and exit")
        parser.add_argument("--tournament", type=int, help="tournament id")
        parser.add_argument("--season", type=int, help="season id")
        parser.add_argument("--round", type=int, help="round number within the tournament")
        parser.add_argument("--table", type=int, help="table number within --round (or a table id without it)")
        parser.add_argument("--category", help="category key for standings (women, youth, guests, c<ID>)")
        parser.add_argument("--back", choices=BACK_CHOICES, help="score sheets: tariff on the back of each, "
                                                                 "once at the end, or none")
        parser.add_argument("--language", default=None, help="de (default) or en")
        parser.add_argument("--site-url", default=None,
                            help="table cards, score sheets: the address phones reach the server at, for the "
                                 "table links and QR codes (default: CEGO_SITE_URL; without either, no QR code)")
        parser.add_argument("-o", "--output", help="file to write; a directory takes the export's file name")

    def handle(self, *args, identifier=None, list=False, output=None, **options):
        if list or not identifier:
            for scope in ("table", "round", "tournament", "season"):
                for exporter in exporters.for_scope(scope):
                    self.stdout.write(f"{exporter.identifier:28} {scope:10} {exporter.verbose_name}")
            return
        try:
            exporter = exporters.get(identifier)
        except LookupError:
            raise CommandError(f"unknown exporter {identifier!r}; see --list") from None
        kwargs = self.target(exporter, options)
        for name in ("category", "back", "language"):
            if options.get(name):
                kwargs[name] = options[name]
        if exporter.uses_site_url and options.get("site_url"):
            kwargs["site_url"] = options["site_url"]
        start, last = time.perf_counter(), [None]

        def progress(done, total):
            line = f"{exporter.progress_unit} {done}/{total}" if total else f"{exporter.progress_unit} {done}"
            if line != last[0]:
                last[0] = line
                self.stderr.write(line)
                self.stderr.flush()

        try:
            filename, _content_type, content = exporter.render(progress=progress, **kwargs)
        except Unavailable as err:
            raise CommandError(str(err)) from None
        path = self.write(output, filename, content)
        self.stdout.write(f"{path}: {len(content):,} bytes in {time.perf_counter() - start:.1f} s")

    def target(self, exporter, options):
        """The object the exporter works on, from the options, as its keyword argument."""
        try:
            if exporter.scope == "season":
                if not options["season"]:
                    raise CommandError("this export needs --season ID")
                return {"season": Season.objects.get(pk=options["season"])}
            if exporter.scope == "table" and options["table"] and not options["round"]:
                return {"table": Table.objects.select_related("round__tournament").get(pk=options["table"])}
            if not options["tournament"]:
                if not exporter.needs_object:
                    return {}
                raise CommandError("this export needs --tournament ID")
            tournament = Tournament.objects.get(pk=options["tournament"])
            if exporter.scope == "tournament":
                return {"tournament": tournament}
            if not options["round"]:
                raise CommandError("this export needs --round N")
            round_ = Round.objects.select_related("tournament").get(tournament=tournament, number=options["round"])
            if exporter.scope == "round":
                return {"round_": round_}
            if not options["table"]:
                raise CommandError("this export needs --table N")
            return {"table": Table.objects.select_related("round__tournament").get(round=round_,
                                                                                   number=options["table"])}
        except (Season.DoesNotExist, Tournament.DoesNotExist, Round.DoesNotExist, Table.DoesNotExist) as err:
            raise CommandError(str(err)) from None

    def write(self, output, filename, content):

        if output in (None, "-"):
            if output == "-":
                sys.stdout.buffer.write(content)
                return "-"
            output = filename
        if os.path.isdir(output):
            output = os.path.join(output, filename)
        with open(output, "wb") as handle:
            handle.write(content)
        return output
