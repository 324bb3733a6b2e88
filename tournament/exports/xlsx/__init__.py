"""Excel workbooks of a tournament and of a season (openpyxl, write-only)."""
