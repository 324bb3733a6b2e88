"""Exports: PDFs (score sheets, table lists, standings) and Excel workbooks, each a small exporter class.

Importing this package registers every exporter; ``registry.get(identifier)`` finds one. See docs/exports.md.
"""

from tournament.exports.pdf import lists as pdf_lists
from tournament.exports.pdf import sheets as pdf_sheets
from tournament.exports.pdf import standings as pdf_standings
from tournament.exports.xlsx import season as xlsx_season
from tournament.exports.xlsx import tournament as xlsx_tournament
from tournament.exports.base import Exporter, ListExporter, PdfExporter, render_pdf
from tournament.exports.registry import for_scope, get, identifiers

__all__ = ["Exporter", "ListExporter", "PdfExporter", "for_scope", "get", "identifiers", "render_pdf"]
