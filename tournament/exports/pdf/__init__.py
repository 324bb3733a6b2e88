"""PDF exports: score sheets, table lists and standings, rendered from HTML with WeasyPrint."""
