"""The season calendar (docs/public.md, "Season calendar"): the page of the published days and the iCal feed."""

import datetime
import decimal

import icalendar
import pytest
from django.test import Client
from django.urls import reverse

from tests import factories
from tournament.models import Tournament
from tournament.seasons import services as seasons

pytestmark = pytest.mark.django_db


@pytest.fixture
def season_days():
    factories.staff()
    played = factories.played(players=8, rounds=1, name="Cego-Turnier Löffingen", venue="Festhalle",
                              venue_address="Festhallenweg 1, 79843 Löffingen", host="Feuerwehr Löffingen",
                              start_time=datetime.time(19, 0), entry_fee=decimal.Decimal("12.50"))
    season = played.season
    open_day = Tournament.objects.create(season=season, name="Cego-Turnier Vöhrenbach", published=True,
                                         date=datetime.date(2026, 5, 2), prereg_open=True, host="SV Vöhrenbach")
    hidden = Tournament.objects.create(season=season, name="Geheimturnier", date=datetime.date(2026, 6, 1))
    return season, played, open_day, hidden


def test_page_lists_the_published_days_with_their_facts(client, season_days):
    season, played, open_day, _hidden = season_days
    html = client.get(reverse("public:season_calendar", args=[season.pk])).content.decode()
    assert "Cego-Turnier Löffingen" in html and "Cego-Turnier Vöhrenbach" in html
    assert "Geheimturnier" not in html
    assert "Festhallenweg 1, 79843 Löffingen" in html and "Feuerwehr Löffingen" in html
    assert "19:00" in html and "12,50 €" in html
    assert reverse("public:tournament", args=[played.pk]) in html              # results of a played day
    assert reverse("public:preregister", args=[open_day.pk]) in html           # registration state: open
    assert reverse("public:season_calendar_ics", args=[season.pk]) in html


def test_feed_has_one_event_per_published_day(client, season_days):
    season, played, open_day, _hidden = season_days
    response = client.get(reverse("public:season_calendar_ics", args=[season.pk]))
    assert response["Content-Type"].startswith("text/calendar")
    cal = icalendar.Calendar.from_ical(response.content)
    events = cal.walk("VEVENT")
    assert [str(e["summary"]) for e in events] == ["Cego-Turnier Löffingen", "Cego-Turnier Vöhrenbach"]
    timed, whole_day = events
    assert timed.decoded("dtstart") == datetime.datetime(2026, 3, 7, 19, 0,
                                                         tzinfo=timed.decoded("dtstart").tzinfo)
    assert str(timed["dtstart"].params["TZID"]) == "Europe/Berlin" and cal.walk("VTIMEZONE")
    assert "Festhallenweg 1" in str(timed["location"])
    assert whole_day.decoded("dtstart") == datetime.date(2026, 5, 2)
    assert whole_day.decoded("dtend") == datetime.date(2026, 5, 3)
    assert str(timed["url"]).endswith(reverse("public:tournament", args=[played.pk]))
    assert len({str(e["uid"]) for e in events}) == 2
    for e in events:
        assert "dtstamp" in e and "last-modified" in e and "sequence" in e


def test_a_changed_date_keeps_the_uid_and_raises_the_sequence(client, season_days):
    season, _played, open_day, _hidden = season_days
    url = reverse("public:season_calendar_ics", args=[season.pk])

    def event():
        first = client.get(url)
        return first, next(e for e in icalendar.Calendar.from_ical(first.content).walk("VEVENT")
                           if str(e["summary"]) == "Cego-Turnier Vöhrenbach")

    before_response, before = event()
    assert client.get(url, headers={"If-None-Match": before_response["ETag"]}).status_code == 304
    seasons.update_tournament(tournament=open_day, user=factories.user(), date=datetime.date(2026, 5, 9))
    after_response, after = event()
    assert after_response["ETag"] != before_response["ETag"]
    assert str(after["uid"]) == str(before["uid"])
    assert after.decoded("sequence") == before.decoded("sequence") + 1
    assert after.decoded("dtstart") == datetime.date(2026, 5, 9)


def test_unpublished_season_is_not_found(client):
    factories.staff()
    t = factories.tournament(players=4)
    assert client.get(reverse("public:season_calendar", args=[t.season.pk])).status_code == 404
    assert client.get(reverse("public:season_calendar_ics", args=[t.season.pk])).status_code == 404


def test_director_form_takes_the_calendar_facts(client):
    director = factories.staff()
    t = factories.tournament(players=4)
    client.force_login(director)
    url = reverse("director:tournament_edit", args=[t.pk])
    page = client.get(url).content.decode()
    for name in ("start_time", "venue_address", "host", "entry_fee"):
        assert f'name="{name}"' in page
    assert "Street and town of the hall" in page or "Straße und Ort der Halle" in page


def test_the_facts_saved_in_the_form_reach_the_feed(client):
    director = factories.staff()
    t = factories.tournament(players=4, published=True)
    office = Client()
    office.force_login(director)
    data = factories.tournament_data(name=t.name, date="2026-04-11", seed=t.seed, published="on", status=t.status,
                                     start_time="18:30", venue_address="Hauptstraße 5, 78141 Schönwald",
                                     host="Musikverein Schönwald", entry_fee="15")
    assert office.post(reverse("director:tournament_edit", args=[t.pk]), data).status_code == 302
    t.refresh_from_db()
    assert (t.start_time, t.host, t.entry_fee) == (datetime.time(18, 30), "Musikverein Schönwald", 15)
    event = icalendar.Calendar.from_ical(
        client.get(reverse("public:season_calendar_ics", args=[t.season.pk])).content).walk("VEVENT")[0]
    assert event.decoded("dtstart").replace(tzinfo=None) == datetime.datetime(2026, 4, 11, 18, 30)
    assert "Musikverein Schönwald" in str(event["description"]) and "15,00 €" in str(event["description"])
    assert event.decoded("sequence") == 1                  # the date and the place changed once
    data.update(entry_fee="", host="")                     # an empty fee is no fee
    assert office.post(reverse("director:tournament_edit", args=[t.pk]), data).status_code == 302
    t.refresh_from_db()
    assert t.entry_fee == 0
    data["entry_fee"] = "1000.50"
    assert office.post(reverse("director:tournament_edit", args=[t.pk]), data).status_code == 200   # refused
