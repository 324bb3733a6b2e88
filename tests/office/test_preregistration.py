"""The director's side of online pre-registration (docs/director.md, "Pre-registration"): opening it and setting
the places in the tournament's settings, the list (confirmed places, then the waiting ones in order), confirming a
request into an entry with the likeliest existing player or a new one, declining (a confirmed one loses its
entry and the first of the waiting list moves up), permissions and escaping."""

import pytest
from django.urls import reverse

from tests import factories
from tests.factories import tournament_data
from tournament.models import AuditLog, Entry, Player, PreRegistration, Role, Team, Tournament
from tournament.registration import prereg

pytestmark = pytest.mark.django_db


@pytest.fixture
def director(client):
    client.force_login(factories.staff())
    return client


@pytest.fixture
def t():
    return factories.tournament(players=2, published=True, prereg_open=True)


def ask(t, first, last, town="Titisee", team=""):
    return prereg.submit(tournament=t, first_name=first, last_name=last, town=town, team_name=team)


def page(director, t):
    return director.get(reverse("director:preregistrations", args=[t.pk]))


def confirm(director, t, p, player="new"):
    return director.post(reverse("director:prereg_confirm", args=[t.pk, p.pk]), {"player": player})


def decline(director, t, p):
    return director.post(reverse("director:prereg_decline", args=[t.pk, p.pk]))


def test_the_settings_open_pre_registration_and_set_the_places(director):
    t = factories.tournament(players=0)
    response = director.post(reverse("director:tournament_edit", args=[t.pk]),
                             tournament_data(published="on", prereg_open="on", prereg_capacity="40"))
    assert response.status_code == 302
    t.refresh_from_db()
    assert (t.prereg_open, t.prereg_capacity) == (True, 40)
    assert AuditLog.objects.filter(tournament=t, object_type="tournament", new__prereg_open=True).exists()
    refused = director.post(reverse("director:tournament_edit", args=[t.pk]),
                            tournament_data(prereg_open="on", prereg_capacity="0"))
    assert refused.status_code == 200 and refused.context["form"].has_error("prereg_capacity")
    director.post(reverse("director:tournament_edit", args=[t.pk]), tournament_data(prereg_capacity=""))
    t.refresh_from_db()
    assert (t.prereg_open, t.prereg_capacity) == (False, None)


def test_the_list_shows_confirmed_places_first_then_the_waiting_list(director, t):
    Tournament.objects.filter(pk=t.pk).update(prereg_capacity=2)
    t.refresh_from_db()
    a, b, c, d = (ask(t, *name) for name in [("Anna", "Kern"), ("Berta", "Dold"), ("Carla", "Faller"),
                                               ("Dora", "Hog")])
    confirm(director, t, b)
    places = page(director, t).context["places"]
    assert [p.pk for p in places.confirmed] == [b.pk]
    assert [p.pk for p in places.pending] == [a.pk]
    assert [(p.pk, p.waiting_number) for p in places.waiting_list] == [(c.pk, 1), (d.pk, 2)]
    assert places.free == 0
    html = page(director, t).content.decode()
    assert html.index(f'id="prereg-{b.pk}"') < html.index(f'id="prereg-{a.pk}"') < html.index(
        f'id="prereg-{c.pk}"') < html.index(f'id="prereg-{d.pk}"')


def test_confirming_registers_a_new_player_with_the_team(director, t):
    p = ask(t, "Anna", "Kern", team="Triberg")
    response = confirm(director, t, p)
    assert response.status_code == 302
    p.refresh_from_db()
    assert p.status == "confirmed"
    entry = Entry.objects.get(pk=p.entry_id)
    assert (entry.tournament, entry.player.full_name, entry.player.town, entry.start_number) == (
        t, "Anna Kern", "Titisee", 3)
    assert entry.team == Team.objects.get(season=t.season, name="Triberg")
    assert AuditLog.objects.filter(tournament=t, object_type="prereg", action="confirm", object_id=p.pk).exists()
    assert AuditLog.objects.filter(tournament=t, object_type="entry", action="create", object_id=entry.pk).exists()
    # decided once: a second confirmation changes nothing
    confirm(director, t, p)
    assert Entry.objects.filter(tournament=t).count() == 3


def test_the_likeliest_existing_player_is_offered_first_and_taken(director, t):
    weiss = Player.objects.create(first_name="Jürgen", last_name="Weiß", town="Bräunlingen")
    Player.objects.create(first_name="Jürgen", last_name="Weiss", town="Lenzkirch")
    p = ask(t, "Jürgen", "Weiss", town="Bräunlingen")
    html = page(director, t).content.decode()
    row = html[html.index(f'id="prereg-{p.pk}"'):]
    assert f'value="{weiss.pk}" checked' in row
    players = Player.objects.count()
    confirm(director, t, p, player=weiss.pk)
    p.refresh_from_db()
    assert p.entry.player == weiss
    assert Player.objects.count() == players
    assert AuditLog.objects.get(object_type="prereg", action="confirm").new["existing_player"] is True


def test_a_player_not_offered_is_refused(director, t):
    stranger = Player.objects.create(first_name="Xaver", last_name="Ganz", town="Anderswo")
    p = ask(t, "Anna", "Kern")
    confirm(director, t, p, player=stranger.pk)
    p.refresh_from_db()
    assert p.status == "waiting" and p.entry is None
    assert not Entry.objects.filter(player=stranger).exists()


def test_declining_a_waiting_request(director, t):
    p = ask(t, "Anna", "Kern")
    assert decline(director, t, p).status_code == 302
    p.refresh_from_db()
    assert p.status == "declined"
    assert AuditLog.objects.filter(object_type="prereg", action="status", object_id=p.pk).exists()
    assert [x.pk for x in page(director, t).context["declined"]] == [p.pk]


def test_declining_a_confirmed_one_removes_the_entry_and_the_waiting_list_moves_up(director, t):
    Tournament.objects.filter(pk=t.pk).update(prereg_capacity=1)
    first, second = ask(t, "Anna", "Kern"), ask(t, "Berta", "Dold")
    confirm(director, t, first)
    first.refresh_from_db()
    entry_pk = first.entry_id
    assert [p.pk for p in page(director, t).context["places"].waiting_list] == [second.pk]
    decline(director, t, first)
    assert not Entry.objects.filter(pk=entry_pk).exists()
    places = page(director, t).context["places"]
    assert [p.pk for p in places.pending] == [second.pk] and places.waiting_list == []


def test_the_public_count_follows_the_office(client, director, t):
    Tournament.objects.filter(pk=t.pk).update(prereg_capacity=1)
    first = ask(t, "Anna", "Kern")
    decline(director, t, first)
    assert b'data-free="1"' in client.get(reverse("public:preregister", args=[t.pk])).content


def test_names_are_escaped_in_the_office(director, t):
    p = ask(t, "<script>x()</script>", "Kern", team="<i>Team</i>")
    html = page(director, t).content.decode()
    assert "<script>x()</script>" not in html and "&lt;script&gt;x()&lt;/script&gt;" in html
    assert "<i>Team</i>" not in html
    assert p.pk


def test_helpers_and_other_directors_are_refused(client, t):
    p = ask(t, "Anna", "Kern")
    other = factories.tournament(players=0, name="Anderes")
    for account in (factories.with_role(Role.Kind.HELPER, tournament=t, name="helfer"),
                    factories.with_role(Role.Kind.DIRECTOR, tournament=other, name="fremd")):
        client.force_login(account)
        assert client.get(reverse("director:preregistrations", args=[t.pk])).status_code == 403
        assert confirm(client, t, p).status_code == 403
        assert decline(client, t, p).status_code == 403
    p.refresh_from_db()
    assert p.status == "waiting"


def test_a_request_of_another_tournament_is_not_found(director, t):
    other = factories.tournament(players=0, name="Anderes", season=t.season, published=True, prereg_open=True)
    p = ask(other, "Anna", "Kern")
    assert confirm(director, t, p).status_code == 404
    assert decline(director, t, p).status_code == 404


def test_the_audit_log_shows_the_requests_in_words(director, t):
    first, second = ask(t, "Anna", "Kern"), ask(t, "Berta", "Dold")
    confirm(director, t, first)
    decline(director, t, second)
    response = director.get(reverse("director:audit", args=[t.pk]))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Anna Kern" in html and "Berta Dold" in html


def test_a_backup_keeps_the_settings_and_the_audit_rows_of_the_requests(tmp_path, director, t):
    import io

    from django.core.management import call_command

    Tournament.objects.filter(pk=t.pk).update(prereg_capacity=30)
    confirm(director, t, ask(t, "Anna", "Kern"))
    decline(director, t, ask(t, "Berta", "Dold"))
    out = io.StringIO()
    call_command("export_tournament", t.pk, stdout=out, stderr=io.StringIO())
    path = tmp_path / "backup.json"
    path.write_text(out.getvalue(), encoding="utf-8")
    done = io.StringIO()
    call_command("import_tournament", str(path), "--as-new", "Kopie", stdout=done, stderr=io.StringIO())
    copy = Tournament.objects.get(name="Kopie")
    assert (copy.prereg_open, copy.prereg_capacity) == (True, 30)
    assert copy.audit.filter(object_type="prereg").count() == 4      # two sent, one confirmed, one declined
    assert not PreRegistration.objects.filter(tournament=copy).exists()
