"""The seat-draw adapter between the ORM and the pure ``tournament.seating`` (like Tabbycat's draw manager), and the
secret links of the drawn tables (``links``: issued with the draw, used by ``table_entry`` and the phone)."""
