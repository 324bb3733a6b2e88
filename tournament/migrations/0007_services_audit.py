"""Every write in a service (issue 10, part 4): audit rows of a season (seasons, categories, organisers) beside
those of a tournament, object kinds as choices, and an entry's results protected from deleting the entry alone.

The standings no longer draw tie-break lots while a page is read; the writes do (``standings.services``). Entries
of tournaments already drawn that have no lot yet (nobody opened their standings) get it here, as the next
standings read would have given it.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

import tournament.models.registration
from tournament.standings.ranking import draw_lots


def draw_missing_lots(apps, schema_editor):
    """``standings.services.draw_missing_lots`` for every tournament with a drawn round (historical models)."""
    Entry = apps.get_model("tournament", "Entry")
    Tournament = apps.get_model("tournament", "Tournament")
    for tournament in Tournament.objects.filter(round_set__isnull=False).distinct():
        missing = list(Entry.objects.filter(tournament=tournament, lot__isnull=True).values_list("pk", flat=True))
        if not missing:
            continue
        start = Entry.objects.filter(tournament=tournament, lot__isnull=False).count()
        lots = draw_lots(tournament.seed or tournament.pk, missing)
        Entry.objects.bulk_update([Entry(pk=pk, lot=start + lots[pk]) for pk in missing], ["lot"])


class Migration(migrations.Migration):

    dependencies = [
        ('tournament', '0006_data_version'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='auditlog',
            name='season',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='audit', to='tournament.season', verbose_name='season'),
        ),
        migrations.AlterField(
            model_name='adjustment',
            name='entry',
            field=models.ForeignKey(on_delete=tournament.models.registration.protect_results, related_name='adjustments', to='tournament.entry', verbose_name='entry'),
        ),
        migrations.AlterField(
            model_name='auditlog',
            name='action',
            field=models.CharField(choices=[('create', 'created'), ('update', 'changed'), ('delete', 'deleted'), ('status', 'status changed'), ('draw', 'drawn'), ('add', 'added'), ('remove', 'removed')], max_length=10, verbose_name='action'),
        ),
        migrations.AlterField(
            model_name='auditlog',
            name='object_type',
            field=models.CharField(choices=[('game', 'Game'), ('totals', 'Sheet totals'), ('round', 'Round'), ('adjustment', 'Adjustment'), ('entry', 'Registration'), ('import', 'Import'), ('role', 'Staff'), ('season', 'Season'), ('tournament', 'Tournament'), ('category', 'Category')], max_length=20, verbose_name='object'),
        ),
        migrations.AlterField(
            model_name='auditlog',
            name='tournament',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='audit', to='tournament.tournament', verbose_name='tournament'),
        ),
        migrations.AlterField(
            model_name='score',
            name='entry',
            field=models.ForeignKey(on_delete=tournament.models.registration.protect_results, related_name='scores', to='tournament.entry', verbose_name='entry'),
        ),
        migrations.AlterField(
            model_name='seat',
            name='entry',
            field=models.ForeignKey(on_delete=tournament.models.registration.protect_results, related_name='seats', to='tournament.entry', verbose_name='entry'),
        ),
        migrations.AddIndex(
            model_name='auditlog',
            index=models.Index(fields=['season', 'at'], name='tournament__season__d9fc94_idx'),
        ),
        migrations.AddConstraint(
            model_name='auditlog',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('season__isnull', True), ('tournament__isnull', False)), models.Q(('season__isnull', False), ('table__isnull', True), ('tournament__isnull', True)), _connector='OR'), name='audit_tournament_or_season'),
        ),
        migrations.RunPython(draw_missing_lots, migrations.RunPython.noop),
    ]
