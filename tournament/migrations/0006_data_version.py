"""Data versions for the public page cache (tournament.audit.versions): raised by the services in the transaction
of every write. Existing rows start at one random number each (the default is evaluated once per column)."""

from django.db import migrations, models

import tournament.models.season


def version_field(name):
    return models.BigIntegerField(default=tournament.models.season.first_version, editable=False, verbose_name=name)


class Migration(migrations.Migration):

    dependencies = [("tournament", "0005_export_jobs")]

    operations = [
        migrations.AddField(model_name="entry", name="results_version", field=version_field("results version")),
        migrations.AddField(model_name="season", name="data_version", field=version_field("data version")),
        migrations.AddField(model_name="tournament", name="data_version", field=version_field("data version")),
        migrations.AddField(model_name="tournament", name="setup_version", field=version_field("set-up version")),
    ]
