"""The tournament form's fields that belong to one game only (``GameKind.own_fields``: Offiziers-Cego's tables of
two, win/loss writing and round robin). They are shown hidden for another game (``office/game_fields.js`` shows
them when their game is chosen in the game select) and, when saved, disabled: the stored values stay whatever was
posted."""

from tournament.games import kinds


class GameFields:
    """Mixed into ``TournamentForm`` (a form with a ``game`` field and an ``instance``)."""

    def own_game_fields(self):
        """Disable the fields of the games not chosen (call once the fields exist)."""
        posted = self.data.get(self.add_prefix("game")) if self.is_bound else None
        chosen = posted or self.instance.game
        self.shown_games = {kind.key for kind in kinds() if kind.own_fields and kind.key == chosen}
        for kind in kinds():
            if self.is_bound and kind.key not in self.shown_games:
                for name in kind.own_fields:
                    self.fields[name].disabled = True

    def game_blocks(self):
        """Per game with fields of its own: its key, its fields and whether they are shown (the template's
        ``data-only-game`` blocks)."""
        return [{"key": kind.key, "fields": [self[name] for name in kind.own_fields],
                 "shown": kind.key in self.shown_games} for kind in kinds() if kind.own_fields]
