"""The season calendar (issue 27): the season's published days as rows for the public page, and the same days as
an iCalendar feed (RFC 5545, built with the ``icalendar`` package) for Google, Apple and Outlook calendars.

A *day* is a published tournament of the season (a director publishes a day early — before its draw — when it
should appear in the calendar and take pre-registrations; docs/public.md, "Season calendar").

**Feed.** One ``VEVENT`` per day. ``UID``: the tournament's id and creation time, never anything that can change,
so a subscribed calendar updates the event instead of adding a second one. ``SEQUENCE``: how many times the
director changed what the event says about time and place (date, start time, venue, address) — counted from the
audit log, so it only grows; ``LAST-MODIFIED``: the last audited change of the tournament's settings;
``DTSTAMP``: when the feed was made. With a start time the event runs ``HOURS`` hours in Europe/Berlin local
time (``TZID`` and a ``VTIMEZONE``); without one it is an all-day event.
"""

import datetime
import zoneinfo

import icalendar
from django.db.models import Count, Max, Q

from tournament.models import AuditLog
from tournament.public import selectors as public_queries
from tournament.registration import prereg

ZONE = "Europe/Berlin"
HOURS = 5                   # a Cego day: about five hours from the first deal to the prizes
PRODID = "-//Cego-Turniere//Saisonkalender//DE"
PLACE_FIELDS = ("date", "start_time", "venue", "venue_address")   # a change of these raises SEQUENCE


class State:
    """What a day's registration is (the template words each)."""
    PREREG = "prereg"          # online pre-registration open
    ON_SITE = "on_site"        # registration at the hall
    RUNNING = "running"
    PLAYED = "played"


def state(tournament):
    if tournament.status == tournament.Status.FINISHED:
        return State.PLAYED
    if tournament.status == tournament.Status.RUNNING or tournament.rounds_drawn:
        return State.RUNNING
    return State.PREREG if prereg.is_open(tournament) else State.ON_SITE


def revisions(tournament_ids):
    """{tournament id: (sequence, last modified)} from the audit log of the tournaments' settings (two queries)."""
    rows = (AuditLog.objects.filter(tournament_id__in=tournament_ids, object_type=AuditLog.Kind.TOURNAMENT)
            .values("tournament_id").annotate(last=Max("at")).values_list("tournament_id", "last"))
    last = dict(rows)
    place = Q()
    for name in PLACE_FIELDS:
        place |= Q(new__has_key=name)
    changed = dict(AuditLog.objects.filter(place, tournament_id__in=tournament_ids,
                                           object_type=AuditLog.Kind.TOURNAMENT, action=AuditLog.Action.UPDATE)
                   .values("tournament_id").annotate(n=Count("pk")).values_list("tournament_id", "n"))
    return {pk: (changed.get(pk, 0), last.get(pk)) for pk in tournament_ids}


def season_days(season):
    """The season's published days by date and start time, each with ``state`` and ``played`` (results to show)."""
    days = list(public_queries.published_tournaments().filter(season=season))
    days.sort(key=lambda t: (t.date, t.start_time or datetime.time(0), t.pk))
    for t in days:
        t.state = state(t)
        t.has_results = bool(t.rounds_drawn)
    return days


def location(tournament):
    return ", ".join(part for part in (tournament.venue, tournament.venue_address) if part)


def feed(season, days, *, url_of, texts, now=None):
    """The iCalendar bytes of ``season``'s ``days`` (``season_days``). ``url_of(tournament)``: the absolute URL of
    a day's public page; ``texts(tournament)``: the event's description lines, in the site's language."""
    now = now or datetime.datetime.now(datetime.UTC)
    zone = zoneinfo.ZoneInfo(ZONE)
    known = revisions([t.pk for t in days])
    cal = icalendar.Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("method", "PUBLISH")
    cal.add("x-wr-calname", season.name)
    cal.add("x-wr-timezone", ZONE)
    for t in days:
        sequence, modified = known[t.pk]
        event = icalendar.Event()
        event.add("uid", f"cego-tournament-{t.pk}-{t.created_at:%Y%m%dT%H%M%S}@cego-turnier")
        event.add("dtstamp", now)
        event.add("sequence", sequence)
        event.add("last-modified", modified or t.created_at)
        event.add("summary", t.name)
        if t.start_time:
            start = datetime.datetime.combine(t.date, t.start_time, tzinfo=zone)
            event.add("dtstart", start)
            event.add("dtend", start + datetime.timedelta(hours=HOURS))
        else:
            event.add("dtstart", t.date)
            event.add("dtend", t.date + datetime.timedelta(days=1))
        if location(t):
            event.add("location", location(t))
        event.add("description", "\n".join(texts(t)))
        event.add("url", url_of(t))
        event.add("status", "CONFIRMED")
        event.add("transp", "OPAQUE")
        cal.add_component(event)
    cal.add_missing_timezones()
    return cal.to_ical()
