"""Views of the public pages (no login; published tournaments only)."""
