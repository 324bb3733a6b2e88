"""The exporter base (pretix's ``base/exporter.py`` habit): one small class per file a director can download.

Words used here:

exporter    a class with an ``identifier`` (stable, used in URLs and on the command line), a ``verbose_name``,
            a ``scope`` (what it exports: a ``table``, a ``round``, a ``tournament`` or a ``season``) and
            ``render(**kwargs) -> (filename, content_type, bytes)``.
list        a list exporter only yields rows (``sheets()`` → ``Sheet`` objects with columns and a row iterable);
            the base writes the workbook (``exports.workbook``, openpyxl in write-only mode): bold frozen header,
            auto-filter, column widths, number formats, print setup with the page header of ``page_header``
            (event and status), every text a text cell (never a formula).
progress    ``render(progress=callback)`` calls ``callback(done, total)`` while it works (sheets rendered, rows
            written); the command prints it, the web page shows it (``exports.tasks`` writes it to the job).
language    exports are German unless ``language`` is given (the players are in Baden).
site url    exporters that print table links and their QR codes (``uses_site_url``) get ``site_url``: the address
            the phones reach the server at (``settings.CEGO_SITE_URL``, else the root of the page that asked for
            the export). A background job has no request, so the web page puts it into the job's parameters.

The base sits low in the package: it imports the workbook writer (``exports.workbook``) and reads what it needs
to know about a target — whether anybody plays for a team, whether a season has Cego — from
``standings.selectors``; never the package's own ``selectors`` or ``registry``, which import it.

PDFs come from ordinary Django templates under ``templates/pdf/`` through ``render_pdf(template, context)``;
the same templates open in a browser as a preview.
"""

from django.conf import settings
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

from tournament.common.numbers import EXCEL_SIGNED
from tournament.exports.workbook import (  # noqa: F401 (re-exported: the exporters take their sheet tools from here)
    Column,
    Sheet,
    no_progress,
    sheet_title,
    text,
    write_xlsx,
)
from tournament.games import keys, kind_of
from tournament.results.status import status_of
from tournament.standings.selectors import has_cego, has_teams

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
PDF = "application/pdf"
CEGO_GAMES = keys(family="sheet")     # ``Exporter.games`` of the files that print Cego layouts (tournament.games)
ZIEGE_GAMES = keys(family="series")
SCOPES = ("table", "round", "tournament", "season")
TARGET_KWARG = {"table": "table", "round": "round_", "tournament": "tournament", "season": "season"}  # by scope

# Number formats (Excel codes; Excel shows them with the reader's separators).
INTEGER = "#,##0"
SIGNED = EXCEL_SIGNED          # tournament.common.numbers: +30, −10, 0
DATE = "DD.MM.YYYY"
DATETIME = "DD.MM.YYYY HH:MM"


GERMAN = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss", "ẞ": "SS"})


def file_slug(*parts):
    """``("Cego-Turnier Bräunlingen", "d1")`` → ``"cego-turnier-braeunlingen-d1"`` (ASCII, for file names: the
    German transliteration of umlauts and ß, then Django's slug)."""
    return "-".join(s for s in (slugify(str(p).translate(GERMAN)) for p in parts if p not in (None, "")) if s) \
        or "export"


class Unavailable(Exception):
    """An export with nothing to show for its target (team standings without teams); the message is for the user
    (translated), raised by ``render`` instead of an empty file."""


def target_tournament(kwargs):
    """The tournament of an export's target (``tournament``, ``round_`` or ``table``); None for a season."""
    if kwargs.get("tournament") is not None:
        return kwargs["tournament"]
    if kwargs.get("round_") is not None:
        return kwargs["round_"].tournament
    if kwargs.get("table") is not None:
        return kwargs["table"].round.tournament
    return None


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
    needs_teams = False        # True: only offered when the tournament/season has teams (team standings)
    needs_cego = False         # True: a season's Cego file, not offered for a season of Ziege evenings only
    games = None               # the games (``Tournament.Game``) whose tournaments it fits; None: every game
    page_status = True         # a workbook's printed page header names the list's status (``page_header``)
    category_games = ()        # the games whose tournaments it can narrow to one category (``category=``)

    def unavailable(self, **kwargs):
        """Why this export has nothing to show for its target, as a sentence for the user; "" when it has.
        The exports pages leave out what is unavailable; ``render`` raises ``Unavailable`` with the reason."""
        tournament = target_tournament(kwargs)
        if self.games is not None and tournament is not None and tournament.game not in self.games:
            return str(kind_of(tournament).unfit_export)       # the game's own sentence (tournament.games)
        if (kwargs.get("category") and self.category_games and tournament is not None
                and tournament.game not in self.category_games):
            return str(_("A Ziege tournament ranks teams of two and has no category standings; download the "
                         "standings without a category."))
        if self.needs_cego and kwargs.get("season") is not None:
            if not has_cego(kwargs["season"]):
                return str(_("This season has Ziege evenings only, so this file would be empty; the Ziege table is "
                             "in the season standings and the season workbook."))
        if self.needs_teams:
            tournament, season = kwargs.get("tournament"), kwargs.get("season")
            if not has_teams(tournament=tournament, season=season):
                if tournament is not None:
                    return str(_("Nobody plays for a team in this tournament, so there are no team standings."))
                return str(_("Nobody plays for a team in this season, so there are no team standings."))
        return ""

    def page_header(self, **kwargs):
        """``(event, status)`` printed at the top of every page of a workbook (``write_xlsx(page_header=…)``): the
        tournament's name and date or the season's name, and the list's status (``results.status``: "Endstand"
        or how far it is) when ``page_status``; () without a tournament or season. Computed once per workbook."""
        tournament, season = target_tournament(kwargs), kwargs.get("season")
        if tournament is not None:
            event = f"{tournament.name} · {tournament.date:%d.%m.%Y}"
        elif season is not None:
            event = season.name
        else:
            return ()
        return (event, status_of(tournament=tournament, season=season).text if self.page_status else "")

    def takes_category(self, tournament):
        """Whether the exports page offers the category choice beside this export for ``tournament``."""
        return tournament.game in self.category_games

    def render(self, *, progress=None, language=None, **kwargs):
        """``(filename, content_type, bytes)``; German unless ``language`` is given."""
        with translation.override(language or "de"):
            reason = self.unavailable(**kwargs)
            if reason:
                raise Unavailable(reason)
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
    from weasyprint.urls import URLFetcher  # WeasyPrint is heavy: loaded when a PDF is made (not for a cycle)

    return URLFetcher(allowed_protocols=("file", "data"))


def render_document(template, context, font_config=None):
    """The laid-out WeasyPrint ``Document`` of a template (to combine pages of several documents)."""
    # WeasyPrint is heavy and only a PDF needs it: imported here, not when the app starts (not for a cycle).
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
    shows_status = False       # True: a list of results; every page says "Endstand" or "vorläufig" and how far
    status_games = None        # the games of a season whose tournaments make its status (None: all)

    def context(self, **kwargs):
        raise NotImplementedError

    def stem(self, **kwargs):
        return (self.identifier,)

    def status(self, **kwargs):
        """The list's ``results.status.ListStatus`` (None when it shows no status)."""
        if not self.shows_status:
            return None
        return status_of(tournament=kwargs.get("tournament"), season=kwargs.get("season"), games=self.status_games)

    def render_content(self, context):
        """The PDF of the template with ``context`` (a subclass may lay it out more than once)."""
        return render_pdf(self.template_name, context)

    def generate(self, *, progress, **kwargs):
        progress(0, 1)
        content = self.render_content({"generated": timezone.localtime(), "status": self.status(**kwargs),
                                       **self.context(**kwargs)})
        progress(1, 1)
        return self.filename(*self.stem(**kwargs)), self.content_type, content


# ---------------------------------------------------------------------------------------------------- Excel


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
        content = write_xlsx(self.sheets(**kwargs), progress, total, page_header=self.page_header(**kwargs))
        if total is not None:
            progress(total, total)
        return self.filename(*self.stem(**kwargs)), self.content_type, content


def local(value):
    """A timezone-aware datetime as naive local time (Excel knows no time zones)."""
    if value is None:
        return None
    return timezone.localtime(value).replace(tzinfo=None) if timezone.is_aware(value) else value
