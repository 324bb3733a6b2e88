"""Tournament backups: the JSON format, export, checking a document and loading it (docs/backup.md)."""
