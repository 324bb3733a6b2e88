"""The seat-draw adapter between the ORM and the pure ``tournament.seating`` (like Tabbycat's draw manager)."""
