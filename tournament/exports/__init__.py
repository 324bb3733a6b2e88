"""Exports: PDFs (score sheets, table lists, standings) and Excel workbooks, each a small exporter class.

Importing this package registers every exporter; ``registry.get(identifier)`` finds one. Exports started on the
web page run in the background: ``services.start_export`` queues ``tasks.run_export`` (Django's tasks API, on the
database queue) for an ``ExportJob``, ``selectors`` read the jobs. See docs/exports.md.
"""

from tournament.exports import money  # noqa: F401  (registers)
from tournament.exports.base import Exporter, ListExporter, PdfExporter, render_pdf
from tournament.exports.pdf import board, cards, certificates, lists, sheets, standings  # noqa: F401  (registers)
from tournament.exports.registry import for_scope, get, identifiers
from tournament.exports.xlsx import season, tournament  # noqa: F401  (registers)

# isort: split
# Ziege's exporters register last: the order of registration is the order the export pages offer the files in.
from tournament.exports import ziege  # noqa: F401  (registers)

__all__ = ["Exporter", "ListExporter", "PdfExporter", "for_scope", "get", "identifiers", "render_pdf"]
