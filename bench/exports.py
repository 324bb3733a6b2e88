"""Benchmark: the score sheets of a 100-table round as one PDF, and the season workbook with its game log.

    python bench/exports.py [--players 400] [--tournaments 13] [--games 24] [--db PATH]

Builds (once, in a throwaway SQLite file unless --db points at an existing one) the season of
``bench/standings.py``: 400 players at 13 tournaments, two rounds of 24 games at 100 tables each — 62,400 games,
249,600 rows in the game log (one per player and game). Then:

* the blank score sheets of round 1 of the first tournament (100 tables: 100 fronts + 100 tariff backs) through
  the ``score_sheets`` exporter: total seconds, and seconds per page divided by what WeasyPrint needs for one bare
  A4 page holding one plain table (best of 5, same process, fonts warm);
* the same round's score sheets FILLED (every table played its 24 games: contracts, scores, running totals)
  through the ``score_sheets_filled`` exporter the director uses: total seconds, and KB a page;
* the ``season_workbook`` exporter run by the ``export`` command in a fresh Python process: wall seconds (with
  Django's start-up) and that process's peak resident memory (``VmHWM``).

Last line: ``pdf_100_sheets_s=X pdf_page_ratio=Y pdf_100_filled_s=F xlsx_season_s=Z xlsx_peak_mb=W``
(targets: X ≤ 15, F ≤ 15 with ≤ 30 KB a page, Z ≤ 30, W ≤ 300).
"""

import argparse
import importlib.util
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, ROOT)

BARE_PAGE = """<!DOCTYPE html><html><head><meta charset="utf-8"><style>
@page { size: A4; margin: 10mm; } body { font-family: "DejaVu Sans", sans-serif; font-size: 9pt; }
table { border-collapse: collapse; width: 100%; } td { border: 0.5pt solid #000; padding: 1mm; }
</style></head><body><table>{rows}</table></body></html>"""


# The child writes the season workbook through ``manage.py export`` and reports its own peak resident memory:
# /proc/self/status VmHWM belongs to the process image after exec (getrusage's ru_maxrss would include the
# parent's memory copied at fork, here some 250 MB of WeasyPrint).
CHILD = """
import os, resource, sys
root, db, season, out = sys.argv[1:5]
sys.path.insert(0, root)
os.environ["DATABASE_URL"] = "sqlite:///" + db
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.config.settings")
import django
django.setup()
from django.core.management import call_command
call_command("export", "season_workbook", season=int(season), output=out)
try:
    peak = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM"))
except OSError:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print("PEAK_KB=%d" % peak)
"""


def season_builder():
    spec = importlib.util.spec_from_file_location("bench_standings", os.path.join(ROOT, "bench", "standings.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def bare_page_seconds(runs=5):
    """WeasyPrint's time for one bare A4 page with one plain table (24 rows × 10 columns), best of ``runs``."""
    from weasyprint import HTML

    rows = "".join("<tr>" + "".join(f"<td>{r * 10 + c}</td>" for c in range(10)) + "</tr>" for r in range(24))
    html = BARE_PAGE.replace("{rows}", rows)
    HTML(string=html).write_pdf()      # warm up: fonts, Pango
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        HTML(string=html).write_pdf()
        times.append(time.perf_counter() - start)
    return min(times)


def count_pages(content):
    try:
        import io

        from pypdf import PdfReader
        return len(PdfReader(io.BytesIO(content)).pages)
    except ImportError:
        return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--tournaments", type=int, default=13)
    parser.add_argument("--games", type=int, default=24, help="games per round at a table")
    parser.add_argument("--db", default=None, help="SQLite file to build in or reuse (default: a temporary one)")
    args = parser.parse_args()
    db_path = args.db or os.path.join(tempfile.mkdtemp(prefix="cego-bench-"), "bench.sqlite3")
    builder = season_builder()
    builder.setup(db_path)

    from tournament.exports import get
    from tournament.exports.pdf.sheets import expected_pages
    from tournament.models import Round, Score

    print(f"building the season in {db_path} …", flush=True)
    season = builder.build(args.players, args.tournaments, args.games)
    log_rows = Score.objects.filter(table__round__tournament__season=season, game__isnull=False).count()
    round_ = (Round.objects.filter(tournament__season=season, number=1)
              .order_by("tournament__date", "tournament_id").select_related("tournament").first())
    tables = list(round_.tables.order_by("number"))
    print(f"season: {season.tournaments.count()} tournaments, {log_rows:,} game-log rows; "
          f"round 1 of {round_.tournament.name}: {len(tables)} tables")

    bare = bare_page_seconds()
    print(f"bare A4 page with one table: {bare * 1000:.0f} ms")
    start = time.perf_counter()
    _name, _type, content = get("score_sheets").render(round_=round_)
    pdf_s = time.perf_counter() - start
    pages = count_pages(content) or expected_pages(tables)
    assert pages == expected_pages(tables), (pages, expected_pages(tables))
    per_page = pdf_s / pages
    print(f"score sheets: {len(tables)} tables, {pages} pages, {len(content) / 1e6:.1f} MB in {pdf_s:.1f} s "
          f"({per_page * 1000:.0f} ms a page = {per_page / bare:.2f} bare pages)")

    games = sum(t.games.count() for t in tables[:3])
    assert games == 3 * args.games, f"round 1 is not fully played ({games} games at its first 3 tables)"
    start = time.perf_counter()
    _name, _type, filled = get("score_sheets_filled").render(round_=round_)
    filled_s = time.perf_counter() - start
    filled_pages = count_pages(filled) or expected_pages(tables, "none")
    assert filled_pages == expected_pages(tables, "none"), (filled_pages, expected_pages(tables, "none"))
    print(f"filled score sheets: {len(tables)} tables, {filled_pages} pages, {len(filled) / 1e6:.1f} MB in "
          f"{filled_s:.1f} s ({filled_s / filled_pages * 1000:.0f} ms and {len(filled) / filled_pages / 1000:.1f} KB "
          f"a page)")

    out = os.path.join(tempfile.mkdtemp(prefix="cego-bench-xlsx-"), "season.xlsx")
    start = time.perf_counter()
    result = subprocess.run([sys.executable, "-c", CHILD, ROOT, db_path, str(season.pk), out],
                            check=True, capture_output=True, text=True)
    xlsx_s = time.perf_counter() - start
    peak_mb = int(result.stdout.split("PEAK_KB=")[1].split()[0]) / 1024
    print(f"season workbook: {os.path.getsize(out) / 1e6:.1f} MB, {log_rows:,} game-log rows in {xlsx_s:.1f} s, "
          f"peak {peak_mb:.0f} MB resident (the whole export process)")
    print(f"pdf_100_sheets_s={pdf_s:.1f} pdf_page_ratio={per_page / bare:.2f} pdf_100_filled_s={filled_s:.1f} "
          f"xlsx_season_s={xlsx_s:.1f} xlsx_peak_mb={peak_mb:.0f}")


if __name__ == "__main__":
    main()
