"""Benchmark: what one public request costs the server in CPU, by kind, for a tournament of ``--players``.

    python bench/public_pages.py [--players 1000] [--repeat 9]

Builds the live tournament of ``bench/load.py`` (``load_data.build``: round 1 open, a few games at every table)
in a throwaway SQLite file and asks the pages through Django's test client, with DEBUG on (the process' memory
cache), anonymously, as a phone in the hall does. Times are CPU time of this process (median of ``--repeat``):

* ``ranking``: ``tournament_standings`` alone, which runs once per result and process;
* a standings page served whole (nothing changed), and the same page right after a result (new data version:
  ranked and rendered again);
* a player page served whole, one whose page was not kept whole (fragments from the cache, rank rendered), and
  one right after a result at another table (the ranking again, the rank line rendered);
* the API's standings (docs/api.md) asked again with its ETag (304), from the cache (200), and right after a
  result (built from the kept ranking and stored).

``bench/load.py`` measures the same under load, over HTTP; this one says where the time of a request goes.
Last line: ``ranking_ms=… standings_after_result_ms=… player_after_result_ms=… whole_page_ms=…``.
"""

import argparse
import os
import sys
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
sys.path.insert(0, ROOT)                     # ahead of bench/, whose scoring.py would shadow the scoring package
sys.path.append(os.path.dirname(os.path.abspath(__file__)))


def median_ms(call, repeat, before=None):
    times = []
    for _ in range(repeat):
        if before:
            before()
        start = time.process_time()
        call()
        times.append((time.process_time() - start) * 1000)
    return sorted(times)[len(times) // 2]


def get_etag_then(client, url, status, cache=None):
    """A request for ``url``: with the ETag of the current answer (``status`` 304), or without (200 from the cache
    or, after a result, built: ``cache``)."""
    etag = {}

    def call():
        headers = {"If-None-Match": etag["tag"]} if status == 304 else {}
        response = client.get(url, headers=headers)
        assert response.status_code == status and (cache is None or response["X-Public-Cache"] == cache), (
            url, response.status_code, response.get("X-Public-Cache"))
        etag["tag"] = response.get("ETag", etag.get("tag"))
    etag["tag"] = client.get(url)["ETag"]
    return call


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=9)
    args = parser.parse_args()
    import load_data
    tournament, _round, _helpers, _preplayed = load_data.in_process(args.players, "cego-pages-")
    from django.db.models import F
    from django.test import Client

    from tournament.models import Tournament
    from tournament.public import cache as public_cache
    from tournament.public import page_cache
    from tournament.standings.selectors import tournament_standings

    tournament = Tournament.objects.select_related("season").get(pk=tournament.pk)
    entry = tournament.entries.order_by("pk")[args.players // 2]
    client = Client(HTTP_HOST="localhost")
    standings_url = f"/turnier/{tournament.pk}/"
    player_url = f"/turnier/{tournament.pk}/spieler/{entry.pk}/"

    def get(url, expected):
        def call():
            response = client.get(url)
            assert response.status_code == 200 and response["X-Public-Cache"] == expected, (
                url, response.status_code, response.get("X-Public-Cache"))
        return call

    def result_elsewhere():
        """What a result at another table changes for these pages: the tournament's data version."""
        Tournament.objects.filter(pk=tournament.pk).update(data_version=F("data_version") + 1)

    api_url = f"/api/v1/tournaments/{tournament.pk}/standings/"
    client.get(api_url)

    def forget_whole_pages():
        page_cache._pages.clear()

    for _ in range(2):                       # the second request keeps the page whole (page_cache)
        client.get(standings_url), client.get(player_url)
    figures = {
        "ranking": median_ms(lambda: tournament_standings(tournament), args.repeat),
        "standings_whole": median_ms(get(standings_url, "page"), args.repeat),
        "player_whole": median_ms(get(player_url, "page"), args.repeat),
        "standings_after_result": median_ms(get(standings_url, "miss"), args.repeat, before=result_elsewhere),
        "player_fragments": median_ms(get(player_url, "hit"), args.repeat, before=forget_whole_pages),
        "player_after_result": median_ms(get(player_url, "hit"), args.repeat, before=result_elsewhere),
        "api_standings_304": median_ms(get_etag_then(client, api_url, 304), args.repeat),
        "api_standings_hit": median_ms(get_etag_then(client, api_url, 200, "hit"), args.repeat),
        "api_standings_after_result": median_ms(get_etag_then(client, api_url, 200, "miss"), args.repeat,
                                                before=result_elsewhere),
    }
    public_cache._standings.clear()
    print(f"{args.players} players, SQLite, CPU ms a request (median of {args.repeat}):")
    for name, value in figures.items():
        print(f"  {name:24s} {value:7.1f} ms")
    print(f"ranking_ms={figures['ranking']:.1f} standings_after_result_ms={figures['standings_after_result']:.1f} "
          f"player_after_result_ms={figures['player_after_result']:.1f} "
          f"whole_page_ms={max(figures['standings_whole'], figures['player_whole']):.2f}")


if __name__ == "__main__":
    main()
