"""The exporter base (pretix's ``base/exporter.py`` habit): one small class per file a director can download.

Words used here:

exporter    a class with an ``identifier`` (stable, used in URLs and on the command line), a ``verbose_name``,
            a ``scope`` (what it exports: a ``table``, a ``round``, a ``tournament`` or a ``season``) and
            ``render(**kwargs) -> (filename, content_type, bytes)``.
list        a list exporter only yields rows (``sheets()`` → ``Sheet`` objects with columns and a row iterable);
            the base writes the workbook with openpyxl in write-only mode: bold frozen header, auto-filter,
            column widths, number formats.
progress    ``render(progress=callback)`` calls ``callback(done, total)`` while it works (sheets rendered, rows
            written); the command prints it, the web page shows it (``exports.tasks`` writes it to the job).
language    exports are German unless ``language`` is given (the players are in Baden).
site url    exporters that print table links and their QR codes (``uses_site_url``) get ``site_url``: the address
            the phones reach the server at (``settings.CEGO_SITE_URL``, else the root of the page that asked for
            the export). A background job has no request, so the web page puts it into the job's parameters.

PDFs come from ordinary Django templates under ``templates/pdf/`` through ``render_pdf(template, context)``;
the same templates open in a browser as a preview.
"""

import io
import re
from dataclasses import dataclass

from django.conf import settings
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

from tournament.common.numbers import EXCEL_SIGNED

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
PDF = "application/pdf"
SCOPES = ("table", "round", "tournament", "season")
TARGET_KWARG = {"table": "table", "round": "round_", "tournament": "tournament", "season": "season"}  # by scope

# Number formats (Excel codes; Excel shows them with the reader's separators).
INTEGER = "#,##0"
SIGNED = EXCEL_SIGNED          # tournament.common.numbers: +30, −10, 0
DATE = "DD.MM.YYYY"
DATETIME = "DD.MM.YYYY HH:MM"


def no_progress(done, total):
    """The progress callback when nobody listens."""


def file_slug(*parts):
    """``("Cego-Turnier Löffingen", "d1")`` → ``"cego-turnier-loffingen-d1"`` (ASCII, for file names)."""
    return "-".join(s for s in (slugify(str(p)) for p in parts if p not in (None, "")) if s) or "export"


class Exporter:
    identifier = None          # stable key: URLs, the command line, the registry
    verbose_name = None        # shown on the exports page
    description = ""
    scope = None               # "table" | "round" | "tournament" | "season"
    extension = None
    content_type = None
    long = False               # long exports run in the background on the web page, with progress
    progress_unit = _("steps")  # what ``progress(done, total)`` counts (command output, web page)
    needs_object = True        # False: renders without a tournament/season (the registration template)
    uses_site_url = False      # True: prints table links; gets ``site_url`` (the address phones reach us at)

    def render(self, *, progress=None, language=None, **kwargs):
        """``(filename, content_type, bytes)``; German unless ``language`` is given."""
        with translation.override(language or "de"):
            return self.generate(progress=progress or no_progress, **kwargs)

    def generate(self, *, progress, **kwargs):
        raise NotImplementedError

    def filename(self, *parts):
        return f"{file_slug(*parts)}.{self.extension}"

    def __repr__(self):
        return f"<{type(self).__name__} {self.identifier}>"


# ---------------------------------------------------------------------------------------------------- PDF


def url_fetcher():
    """Only local files and data: URLs (a name typed into a form must never make the server fetch anything)."""
    from weasyprint.urls import URLFetcher

    return URLFetcher(allowed_protocols=("file", "data"))


def render_document(template, context, font_config=None):
    """The laid-out WeasyPrint ``Document`` of a template (to combine pages of several documents)."""
    from weasyprint import HTML
    from weasyprint.text.fonts import FontConfiguration

    html = render_to_string(template, {"pdf": True, **context})
    return HTML(string=html, base_url=str(settings.BASE_DIR), url_fetcher=url_fetcher()).render(
        font_config=font_config or FontConfiguration())


def site_base(site_url=None):
    """The base of printed table links: ``site_url`` as given, else ``settings.CEGO_SITE_URL``; "" when neither
    is known (then no QR code is printed, only the path)."""
    return (site_url or settings.CEGO_SITE_URL or "").strip().rstrip("/")


def render_pdf(template, context):
    """The one way a PDF is made: a Django template, rendered by WeasyPrint (A4, print CSS, system fonts)."""
    return render_document(template, context).write_pdf()


class PdfExporter(Exporter):
    extension = "pdf"
    content_type = PDF
    template_name = None

    def context(self, **kwargs):
        raise NotImplementedError

    def stem(self, **kwargs):
        return (self.identifier,)

    def generate(self, *, progress, **kwargs):
        progress(0, 1)
        content = render_pdf(self.template_name, {"generated": timezone.localtime(), **self.context(**kwargs)})
        progress(1, 1)
        return self.filename(*self.stem(**kwargs)), self.content_type, content


# ---------------------------------------------------------------------------------------------------- Excel


@dataclass
class Column:
    header: str
    width: float = 12
    number_format: str | None = None


@dataclass
class Sheet:
    title: str
    columns: list
    rows: object                   # any iterable of lists, consumed once
    counted: bool = True           # its rows count towards progress (small side sheets need not)
    landscape: bool = True


INVALID_TITLE = re.compile(r"[\[\]:*?/\\]")


def sheet_title(title, taken):
    """A valid, unique worksheet title (≤ 31 characters, none of ``[]:*?/\\``)."""
    base = INVALID_TITLE.sub("-", str(title)).strip("'") or "Tabelle"
    base = base[:31]
    candidate, n = base, 2
    while candidate.lower() in taken:
        suffix = f" ({n})"
        candidate, n = base[:31 - len(suffix)] + suffix, n + 1
    taken.add(candidate.lower())
    return candidate


def write_xlsx(sheets, progress=no_progress, total=None, every=1000):
    """Write ``sheets`` into an xlsx workbook in openpyxl's write-only mode and return its bytes.

    Each sheet gets a bold header row that is frozen and repeated when printed, an auto-filter over the
    written rows, the column widths and per-column number formats. Rows stream through: memory stays flat
    however many rows the iterables yield.
    """
    import openpyxl
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Alignment, Font, PatternFill
    from openpyxl.utils import get_column_letter

    workbook = openpyxl.Workbook(write_only=True)
    bold = Font(bold=True)
    fill = PatternFill("solid", fgColor="E8EEE9")
    wrap = Alignment(vertical="center", wrap_text=True)
    taken, done = set(), 0
    for sheet in sheets:
        ws = workbook.create_sheet(sheet_title(sheet.title, taken))
        last = get_column_letter(max(len(sheet.columns), 1))
        for index, column in enumerate(sheet.columns, start=1):
            ws.column_dimensions[get_column_letter(index)].width = column.width
        ws.freeze_panes = "A2"
        ws.print_title_rows = "1:1"
        ws.page_setup.orientation = "landscape" if sheet.landscape else "portrait"
        ws.page_setup.paperSize = "9"  # A4
        ws.page_setup.fitToWidth = 1
        ws.page_setup.fitToHeight = 0
        ws.sheet_properties.pageSetUpPr.fitToPage = True
        header = []
        for column in sheet.columns:
            cell = WriteOnlyCell(ws, value=str(column.header))
            cell.font, cell.fill, cell.alignment = bold, fill, wrap
            header.append(cell)
        ws.append(header)
        # One styled cell per formatted column, refilled for every row: write-only rows are serialised on
        # ``append``, so the same cell object can carry the next row's value.
        formatted = []
        for index, column in enumerate(sheet.columns):
            if column.number_format:
                cell = WriteOnlyCell(ws)
                cell.number_format = column.number_format
                formatted.append((index, cell))
        count = 0
        for row in sheet.rows:
            if formatted:
                row = list(row)
                for index, cell in formatted:
                    value = row[index]
                    if value is not None:
                        cell.value = value
                        row[index] = cell
            ws.append(row)
            count += 1
            if sheet.counted and count % every == 0:
                progress(min(done + count, total or done + count), total)
        if sheet.counted:
            done += count
            progress(min(done, total or done), total)
        ws.auto_filter.ref = f"A1:{last}{count + 1}"
    if not workbook.worksheets:
        workbook.create_sheet("Leer")
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


class ListExporter(Exporter):
    """An Excel export that only yields rows: ``sheets(**kwargs)`` gives ``Sheet`` objects."""

    extension = "xlsx"
    content_type = XLSX
    progress_unit = _("rows")

    def sheets(self, **kwargs):
        raise NotImplementedError

    def count(self, **kwargs):
        """Rows all sheets will yield, when cheap to know (for progress); None otherwise."""
        return None

    def stem(self, **kwargs):
        return (self.identifier,)

    def generate(self, *, progress, **kwargs):
        total = self.count(**kwargs)
        progress(0, total)
        content = write_xlsx(self.sheets(**kwargs), progress, total)
        if total is not None:
            progress(total, total)
        return self.filename(*self.stem(**kwargs)), self.content_type, content


def local(value):
    """A timezone-aware datetime as naive local time (Excel knows no time zones)."""
    if value is None:
        return None
    return timezone.localtime(value).replace(tzinfo=None) if timezone.is_aware(value) else value
