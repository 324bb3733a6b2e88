"""Statistics of a tournament, a season and a player, as plain dicts for the pages."""
