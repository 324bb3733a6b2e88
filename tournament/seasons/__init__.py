"""Seasons: a season, its tournaments' settings and its categories with their players — the data an organiser
keeps above any one tournament's registration and results (``services``: the writes, audited)."""
