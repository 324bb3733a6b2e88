"""Exports: PDFs (score sheets, table lists, standings) and Excel workbooks, each a small exporter class.

Importing this package registers every exporter; ``registry.get(identifier)`` finds one. See docs/exports.md.
"""

from . import pdf_lists, pdf_sheets, pdf_standings, xlsx_season, xlsx_tournament  # noqa: F401  (registers)
from .base import Exporter, ListExporter, PdfExporter, render_pdf
from .registry import for_scope, get, identifiers

__all__ = ["Exporter", "ListExporter", "PdfExporter", "for_scope", "get", "identifiers", "render_pdf"]
