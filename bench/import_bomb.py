"""Benchmark: a registration upload that is a zip bomb, and a real list of 160 players, through the import.

    python bench/import_bomb.py [--unpacked-mb 200] [--players 160]

* the bomb: a valid workbook whose sheet XML unpacks to ``--unpacked-mb`` MB (packed into about 1 MB), fed to
  ``files.parse_registrations`` — the seconds until it is refused and the peak of Python's allocations
  meanwhile (``tracemalloc``), besides the bytes of the upload itself;
* the largest sheet the bounds let through to openpyxl (``CEGO_IMPORT_MAX_CELLS`` filled cells in lines of
  ``CEGO_IMPORT_MAX_COLUMNS``): seconds and peak of reading and checking it;
* the list: an .xlsx of ``--players`` players (title row, then the heading), parsed, stored as a preview, read
  back, checked and imported into a fresh tournament of a throwaway SQLite database — seconds and peak.

The process's peak resident memory (``VmHWM``, with Django and openpyxl loaded) is printed too.
Last line: ``bomb_refused_s=X bomb_peak_mb=Y largest_sheet_s=… largest_sheet_peak_mb=… import_160_s=Z
import_peak_mb=W check_in_160_s=C process_peak_mb=V``
(targets: X < 0.5, Y < 100).
"""

import argparse
import io
import os
import sys
import tempfile
import time
import tracemalloc
import zipfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, ROOT)

SHEET_HEAD = (b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet '
              b'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>')


def workbook(rows):
    import openpyxl

    book = openpyxl.Workbook()
    for row in rows:
        book.active.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def bomb(unpacked):
    """A workbook whose first sheet unpacks to ``unpacked`` bytes, written in chunks."""
    base = workbook([["Vorname", "Nachname"], ["Anna", "Maier"]])
    out = io.BytesIO()
    chunk = b"<row><c><v>1</v></c></row>" * 4096
    with zipfile.ZipFile(io.BytesIO(base)) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED,
                                                                   compresslevel=9) as dst:
        for info in src.infolist():
            if info.filename != "xl/worksheets/sheet1.xml":
                dst.writestr(info.filename, src.read(info.filename))
        with dst.open("xl/worksheets/sheet1.xml", "w", force_zip64=True) as target:
            target.write(SHEET_HEAD)
            for _ in range(unpacked // len(chunk) + 1):
                target.write(chunk)
            target.write(b"</sheetData></worksheet>")
    return out.getvalue()


def largest_accepted(rows, columns):
    """The largest sheet the bounds let through to openpyxl: ``rows`` lines of ``columns`` filled cells (random
    numbers, which pack only a few times) under a heading line."""
    import random

    rng = random.Random(7)
    head = ["Vorname", "Nachname"] + [f"Spalte {i}" for i in range(3, columns + 1)]
    return workbook([head] + [[rng.randrange(10 ** 9) for _ in range(columns)] for _ in range(rows)])


def players_list(count):
    towns = ["Titisee", "Neustadt", "Bräunlingen", "Hinterzarten", "Löffingen"]
    rows = [["Anmeldungen Cego-Turnier"], [], ["Nr.", "Nachname", "Vorname", "Ort", "Frau"]]
    rows += [[i, f"Spieler{i}", f"Vorname{i}", towns[i % len(towns)], "x" if i % 3 == 0 else ""]
             for i in range(1, count + 1)]
    return workbook(rows)


def measured(fn):
    tracemalloc.start()
    start = time.perf_counter()
    value = fn()
    seconds = time.perf_counter() - start
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return value, seconds, peak / 1024 / 1024


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--unpacked-mb", type=int, default=200)
    parser.add_argument("--players", type=int, default=160)
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="cego-import-bench-")
    os.environ["DATABASE_URL"] = f"sqlite:///{tmp}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    from tournament.models import ImportPreview, Season, Tournament
    from tournament.registration import importer, previews
    from tournament.registration.files import parse_registrations

    call_command("migrate", verbosity=0)
    data = bomb(args.unpacked_mb * 1024 * 1024)
    result, bomb_s, bomb_peak = measured(lambda: parse_registrations(data, "bombe.xlsx"))
    print(f"bomb: {len(data) / 1024:.0f} KB unpacking to {args.unpacked_mb} MB: {[i.code for i in result.issues]} "
          f"in {bomb_s * 1000:.1f} ms, peak {bomb_peak:.1f} MB of Python allocations")

    from django.conf import settings

    columns = settings.CEGO_IMPORT_MAX_COLUMNS
    rows = min(settings.CEGO_IMPORT_MAX_CELLS // columns - 1, settings.CEGO_IMPORT_MAX_ROWS)
    data = largest_accepted(rows, columns)
    print(f"largest sheet: {rows} lines of {columns} filled cells, {len(data) / 1024:.0f} KB")
    result, big_s, big_peak = measured(lambda: parse_registrations(data, "gross.xlsx"))
    print(f"largest sheet under the bounds: {len(data) / 1024:.0f} KB packed, {[i.code for i in result.issues]} "
          f"in {big_s:.2f} s, peak {big_peak:.1f} MB of Python allocations")

    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_superuser("bench", "bench@example.org", "pw")
    season = Season.objects.create(name="Saison", year=2026)
    tournament = Tournament.objects.create(season=season, name="Bench", date="2026-03-07", ruleset="schwarzwald",
                                           round_count=2, seed="bench")
    listing = players_list(args.players)

    def run_import():
        token = previews.save(parse_registrations(listing, "liste.xlsx"), owner=user, tournament=tournament)
        parsed = importer.check_against_tournament(previews.load(token, owner=user, tournament=tournament),
                                                   tournament)
        if not parsed.ok:
            raise SystemExit(f"the list has issues: {[i.code for i in parsed.issues]} "
                             f"{[(r.line, [i.code for i in r.issues]) for r in parsed.bad_rows][:5]}")
        stored = previews.load(token, owner=user, tournament=tournament)
        entries = importer.import_registrations(tournament=tournament, parsed=stored, filename="liste.xlsx", user=user)
        previews.delete(token, owner=user)
        return entries

    biggest = previews.save(result, owner=user, tournament=tournament)      # the largest sheet's stored preview
    print(f"largest sheet's preview in the database: "
          f"{ImportPreview.objects.get(pk=biggest).size / 1024:.0f} KB of JSON "
          f"(CEGO_IMPORT_MAX_PREVIEW {settings.CEGO_IMPORT_MAX_PREVIEW // 1024} KB)")
    previews.delete(biggest, owner=user)

    entries, import_s, import_peak = measured(run_import)
    print(f"list: {len(entries)} players imported in {import_s:.2f} s, peak {import_peak:.1f} MB")
    from tournament.registration import services as registration_services

    def run_check_in():          # as the desk does it: one start number after another, each its own write
        for entry in entries:
            registration_services.check_in(tournament=tournament, user=user, start_number=entry.start_number)

    _none, check_in_s, _peak = measured(run_check_in)
    print(f"check-in: {len(entries)} start numbers one after another in {check_in_s:.2f} s "
          f"({check_in_s / max(len(entries), 1) * 1000:.1f} ms each)")
    try:
        process_kb = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM"))
    except OSError:
        import resource

        process_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"bomb_refused_s={bomb_s:.4f} bomb_peak_mb={bomb_peak:.1f} largest_sheet_s={big_s:.2f} "
          f"largest_sheet_peak_mb={big_peak:.1f} import_{args.players}_s={import_s:.2f} "
          f"import_peak_mb={import_peak:.1f} check_in_{args.players}_s={check_in_s:.2f} "
          f"process_peak_mb={process_kb / 1024:.0f}")


if __name__ == "__main__":
    main()
