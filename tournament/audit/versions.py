"""Data versions: counters a write raises in its own transaction, so that whoever reads a version afterwards also
reads the data it stands for. The public page cache keys its pages on them (``tournament.public.cache``,
docs/public.md "Caching"): a page stored under a version is never older than that version.

* ``Tournament.data_version`` — anything the tournament's pages show;
* ``Tournament.setup_version`` — the same without the results at a table (games, totals): settings,
  registrations, names, draws, round states, adjustments;
* ``Entry.results_version`` — the results at the entry's tables (games, totals) and its stored total;
* ``Season.data_version`` — the season itself (name, categories and their members, teams) or any of its
  tournaments.

``audit.log.audit`` raises them for every audited write; the writes without an audit row (bulk random games,
stored totals, a backup import, a player's data, the office's season, tournament and category forms, the admin)
call these functions themselves. Each is one ``UPDATE … SET version = version + 1`` per table involved (``F()``:
no read, no lost update), always in the same order — tournaments, entries, seasons — so that two writes cannot
each hold a row the other waits for (PostgreSQL). New rows start at a random version (``models.season.first_version``).
"""

from django.db.models import F

from tournament.models import Entry, Season, Tournament

RAISE = {"data_version": F("data_version") + 1}


def tournaments_changed(tournament_ids, *, results_of=None):
    """What the pages of these tournaments (and so of their seasons) show has changed. ``results_of``: only
    results changed, those of these entries (ids, or a query of ids), so ``setup_version`` stays."""
    ids = list(tournament_ids)
    if results_of is None:
        Tournament.objects.filter(pk__in=ids).update(**RAISE, setup_version=F("setup_version") + 1)
    else:
        Tournament.objects.filter(pk__in=ids).update(**RAISE)
        Entry.objects.filter(pk__in=results_of).update(results_version=F("results_version") + 1)
    Season.objects.filter(pk__in=Tournament.objects.filter(pk__in=ids).values("season_id")).update(**RAISE)


def season_changed(season_id):
    """The season itself changed (name, year, best N, categories and their members): its pages and those of
    all its tournaments, which show its name and categories."""
    Tournament.objects.filter(season_id=season_id).update(**RAISE, setup_version=F("setup_version") + 1)
    Season.objects.filter(pk=season_id).update(**RAISE)


def player_changed(player_id):
    """A player's name, town or other data changed: the pages of every tournament the player entered."""
    tournaments_changed(Entry.objects.filter(player_id=player_id).values_list("tournament_id", flat=True)
                        .distinct())
