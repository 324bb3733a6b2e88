"""The shape of every answer of the API: plain DRF serializers over the dicts ``api.data`` builds. They exist to
say the shape once — for the answers and for the OpenAPI schema drf-spectacular generates from them."""

from rest_framework import serializers as s


class CategorySerializer(s.Serializer):
    key = s.CharField(help_text="Value of the ?category= parameter: women, youth, seniors, guests or c<id>.")
    label = s.CharField(help_text="Its name in the answer's language.")


class DaySerializer(s.Serializer):
    """A tournament day as the home page and the season list show it."""
    id = s.IntegerField()
    season_id = s.IntegerField()
    name = s.CharField()
    date = s.DateField()
    start_time = s.TimeField(allow_null=True)
    venue = s.CharField(allow_blank=True)
    venue_address = s.CharField(allow_blank=True)
    host = s.CharField(allow_blank=True, help_text="The club that hosts the day.")
    game = s.CharField(help_text="cego, offiziers or ziege.")
    state = s.ChoiceField(choices=["registration", "running", "finished"])
    live = s.BooleanField(help_text="Results may still change: a drawn round is open, or rounds remain to draw.")
    provisional = s.BooleanField(help_text="Not all rounds are drawn and locked yet.")
    round_count = s.IntegerField()
    rounds_drawn = s.IntegerField()
    players = s.IntegerField(help_text="Entries not withdrawn.")
    registration_url = s.CharField(allow_null=True, help_text="The online pre-registration, while it is open.")
    url = s.CharField(help_text="The public standings page.")
    standings = s.CharField(help_text="This API's standings of the day (null for Ziege).", allow_null=True)


class SeasonSummarySerializer(s.Serializer):
    id = s.IntegerField()
    name = s.CharField()
    year = s.IntegerField()
    url = s.CharField(help_text="The public season page.")
    api = s.CharField(help_text="This season in the API.")


class SeasonSerializer(SeasonSummarySerializer):
    best_n = s.IntegerField(allow_null=True, help_text="Only the best N days count (null: all).")
    categories = CategorySerializer(many=True)
    days = DaySerializer(many=True, help_text="Its published days, in date order.")
    next_day = DaySerializer(allow_null=True, help_text="The next day not finished yet (today or later).")


class EntrySerializer(s.Serializer):
    """One row of a tournament's standings, as the public standings page shows it."""
    rank = s.IntegerField()
    tied = s.BooleanField(help_text="Shares its rank with a neighbour.")
    by_lot = s.BooleanField(help_text="The lot mark “L”: separated from a neighbour only by the drawn lot.")
    entry_id = s.IntegerField()
    player_id = s.IntegerField()
    start_number = s.IntegerField(allow_null=True)
    name = s.CharField()
    town = s.CharField(allow_blank=True)
    team = s.CharField(allow_blank=True)
    rounds = s.ListField(child=s.IntegerField(), help_text="Points per round, round 1 first.")
    adjustments = s.IntegerField(help_text="Sum of the adjustments (their reasons are on the player page).")
    total = s.IntegerField()
    declarer_won = s.IntegerField()
    declarer_lost = s.IntegerField()
    withdrawn = s.BooleanField()
    prize = s.BooleanField(help_text="On the prize list.")
    provisional = s.BooleanField(help_text="Results can still change (the same for every row of a day).")
    url = s.CharField(help_text="The player's public page of this day.")


class StandingsSerializer(s.Serializer):
    tournament_id = s.IntegerField()
    provisional = s.BooleanField()
    live = s.BooleanField()
    category = s.CharField(allow_null=True, help_text="The category shown (ranks within it), null: everyone.")
    categories = CategorySerializer(many=True)
    rounds = s.ListField(child=s.IntegerField(), help_text="The round numbers, as the columns of ``rounds``.")
    entries = EntrySerializer(many=True)


class SeatSerializer(s.Serializer):
    seat = s.IntegerField(help_text="1-based seat at the table.")
    entry_id = s.IntegerField()
    start_number = s.IntegerField(allow_null=True)
    name = s.CharField()
    town = s.CharField(allow_blank=True)


class TableSerializer(s.Serializer):
    number = s.IntegerField()
    size = s.IntegerField()
    seats = SeatSerializer(many=True)


class RoundSerializer(s.Serializer):
    number = s.IntegerField()
    status = s.CharField(help_text="open, complete or locked.")
    tables = TableSerializer(many=True)


class RoundsSerializer(s.Serializer):
    tournament_id = s.IntegerField()
    rounds = RoundSerializer(many=True, help_text="Every drawn round: “where do I sit”.")


class SeasonResultSerializer(s.Serializer):
    tournament_id = s.IntegerField()
    points = s.IntegerField(allow_null=True, help_text="null: did not play that day.")
    counted = s.BooleanField(help_text="Counts for the total (with best N, the others are struck through).")


class SeasonEntrySerializer(s.Serializer):
    rank = s.IntegerField()
    tied = s.BooleanField()
    player_id = s.IntegerField()
    name = s.CharField()
    town = s.CharField(allow_blank=True)
    participations = s.IntegerField()
    results = SeasonResultSerializer(many=True, help_text="One per day of ``days``, in that order.")
    total = s.IntegerField()


class SeasonDaySerializer(s.Serializer):
    id = s.IntegerField()
    name = s.CharField()
    date = s.DateField()


class SeasonStandingsSerializer(s.Serializer):
    season_id = s.IntegerField()
    provisional = s.BooleanField(help_text="A day of the season is running.")
    best_n = s.IntegerField(allow_null=True)
    category = s.CharField(allow_null=True)
    categories = CategorySerializer(many=True)
    days = SeasonDaySerializer(many=True, help_text="The published Cego days that count, in date order.")
    entries = SeasonEntrySerializer(many=True)


class HistoryDaySerializer(s.Serializer):
    tournament_id = s.IntegerField()
    season_id = s.IntegerField()
    name = s.CharField()
    date = s.DateField()
    entry_id = s.IntegerField()
    rank = s.IntegerField(allow_null=True, help_text="null: withdrawn before playing, or a Ziege evening.")
    total = s.IntegerField()
    field_size = s.IntegerField()
    provisional = s.BooleanField()
    url = s.CharField(help_text="The player's public page of that day.")


class PlayerSerializer(s.Serializer):
    id = s.IntegerField()
    name = s.CharField()
    town = s.CharField(allow_blank=True)
    days = HistoryDaySerializer(many=True, help_text="Every published day the player entered, oldest first.")
