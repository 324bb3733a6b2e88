"""Names that say what they hold: Tournament.rounds is a count, Table.games_played holds the games planned."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [("tournament", "0003_roles")]

    operations = [
        migrations.RemoveConstraint(model_name="tournament", name="tournament_rounds_1_8"),
        migrations.RenameField("tournament", "rounds", "round_count"),
        migrations.RenameField("table", "games_played", "games_planned"),
        migrations.AddConstraint(
            model_name="tournament",
            constraint=models.CheckConstraint(condition=models.Q(("round_count__gte", 1), ("round_count__lte", 8)),
                                              name="tournament_rounds_1_8"),
        ),
    ]
