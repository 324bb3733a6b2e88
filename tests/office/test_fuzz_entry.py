"""Fuzzing the score-sheet endpoints (docs/entry.md) with arbitrary form posts, and the books they must keep.

Each example is a short sequence of requests to ``entry:preview``, ``entry:save``, ``entry:delete`` and
``entry:totals`` with random fields (the real row inputs and junk keys, several values per key) and nasty values
(unicode, NUL bytes, huge and negative numbers, superscript digits, very long text), with and without
``Accept: application/json`` and ``HX-Request: true`` (the page script's partials), at a 5-table, a 4-table with
Contracego calls, a locked round and at table ids that do not exist. Whatever arrives, the answer is one of the
protocol's statuses, never a 500 or a traceback, JSON where JSON is due, a partial (no page) where the page script
asked, and afterwards the books balance (``assert_books_balance``).

Every example runs in a transaction that is rolled back, so each starts from the same sheets and a failure
replays exactly; the sequences let one example save, conflict, correct and delete the same row. Hypothesis runs
derandomized and without its example database, so CI sees the same examples every run.
"""

import json

import pytest
from django.db import transaction
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests import factories
from tests.books import assert_books_balance
from tournament.models import Entry, Round, Score
from tournament.results import services

pytestmark = pytest.mark.django_db
FUZZ = settings(derandomize=True, database=None, deadline=None, max_examples=300,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
STATUSES = {"preview": {200}, "save": {200, 302, 400, 409}, "delete": {200, 302, 400, 409},
            "totals": {200, 302, 400}}


@pytest.fixture
def sheets():
    """A 5-table and a 4-table (Contracego calls on) of an open round, and a fully played, locked 4-table.
    Returns ``{name: table pk}`` with ids that do not exist added."""
    _t, open_round = factories.seated(players=9, options={"calls": True}, name="Offen")
    five, four = (open_round.tables.get(size=size) for size in (5, 4))
    _t, done = factories.seated_and_played(players=4, name="Fertig")
    services.set_round_status(round_=done, status=Round.Status.LOCKED, user=factories.user())
    return {"five": five.pk, "four": four.pk, "locked": done.tables.get().pk,
            "missing": 999_999, "huge": 2**63 + 1}


@pytest.fixture
def office(client):
    client.force_login(factories.user())
    return client


# -- strategies ------------------------------------------------------------------------------------------------

INPUTS = ["number", "version", "contract", "declarer", "result", "penalty", "calls", "reason",
          *(f"rp_{s}" for s in range(5)), *(f"rt_{s}" for s in range(5)), *(f"seat_{s}" for s in range(5))]
JUNK_KEYS = ["", "rp_9", "rt_-1", "seat_7", "csrfmiddlewaretoken", "number[]", "ümlaut", "a\x00b", "x" * 300]
PLAUSIBLE = ["", "C", "c", "H", "E", "L", "2L", "S", "GSo", "U", "B", "P", "R", "D", "KM", "Räuber", "eine halbe",
             "+", "-", "−", "j", "n", "0", "1", "2", "3", "4", "5", "6", "7", "11", "20", "40", "45", "79", "80",
             "-40", "120", "-120", " 4 ", "04", "1.0", "1e3", "NaN", "Infinity"]
NASTY = ["\x00", "1\x00", "²", "①", "٣", "𝟙", "Ⅻ", "\u202e5", "\ufeff1", "🂡", "\ud7ff", "9" * 30,
         "-" + "9" * 30, str(2**31), str(-(2**31) - 1), str(2**63), "x" * 10_000, "1" * 5000, "<script>",
         "%(number)s", "{0}", "%s"]
nasty = st.one_of(
    st.sampled_from(NASTY), st.integers().map(str), st.text(max_size=12),
    st.text(min_size=1, max_size=4).map(lambda s: s * 2000),
)
values = st.sampled_from(PLAUSIBLE) | st.integers(-200, 200).map(str) | nasty
field_values = st.one_of(values, st.lists(values, min_size=2, max_size=3))          # several values per key
junk = st.dictionaries(st.sampled_from(JUNK_KEYS) | st.text(max_size=8), field_values, max_size=2)


@st.composite
def rows(draw):
    """A form post: mostly a plausible row of games 1–3 (so rows get saved, conflict, are corrected and deleted),
    half of them with one or two inputs replaced by something nasty; else random inputs; sometimes junk keys."""
    data = {}
    if draw(st.integers(0, 3)):
        data.update({"number": str(draw(st.integers(1, 3))), "version": draw(st.sampled_from(["", "", "1", "2"])),
                     "contract": draw(st.sampled_from(["H", "E", "S", "S", "C", "P", "R", "D"])),
                     "declarer": str(draw(st.integers(1, 5))), "result": str(draw(st.integers(0, 79))),
                     "reason": draw(st.sampled_from(["", "", "", "Zettel falsch", "\x00"]))})
        for seat in range(5):
            data[f"rp_{seat}"] = str(draw(st.integers(0, 30)))
            data[f"seat_{seat}"] = str(draw(st.sampled_from([0, 40, -40, 120, -120])))
        if draw(st.booleans()):
            data.update(draw(st.dictionaries(st.sampled_from(INPUTS), nasty | st.lists(nasty, min_size=2, max_size=3),
                                             min_size=1, max_size=2)))
    else:
        data.update(draw(st.dictionaries(st.sampled_from(INPUTS), field_values, max_size=8)))
    if draw(st.integers(0, 3)) == 0:
        data.update(draw(junk))
    return data


requests = st.fixed_dictionaries({
    "endpoint": st.sampled_from(["save", "save", "save", "preview", "delete", "delete", "totals"]),
    "table": st.sampled_from(["five", "five", "four", "four", "four", "locked", "missing", "huge"]),
    "method": st.sampled_from(["POST"] * 5 + ["GET"]),
    "json": st.booleans(),
    "htmx": st.booleans(),
    "data": rows(),
    "body": st.sampled_from([None] * 12 + ["json", "multipart-junk"]),
})


# -- one request -----------------------------------------------------------------------------------------------

def send(client, sheets, request):
    """Post (or get) one fuzzed request; returns the response after checking what every response must be."""
    name, table = request["endpoint"], request["table"]
    url = reverse(f"entry:{name}", args=[sheets[table]])
    headers = {"HTTP_ACCEPT": "application/json"} if request["json"] else {}
    if request["htmx"]:
        headers["HTTP_HX_REQUEST"] = "true"
    get = request["method"] == "GET" and name in ("delete", "totals")
    if get:
        response = client.get(url, request["data"], **headers)
    elif request["body"] == "json":
        response = client.post(url, json.dumps(request["data"]), content_type="application/json", **headers)
    elif request["body"] == "multipart-junk":
        response = client.post(url, b"--x\r\nContent-Disposition: form-data; name=\"number\"\r\n\r\n1",
                               content_type="multipart/form-data; boundary=x", **headers)
    else:
        response = client.post(url, request["data"], **headers)
    body = response.content.decode("utf-8", "replace")
    assert "Traceback" not in body
    if table in ("missing", "huge"):
        assert response.status_code == 404, response.status_code
        return response
    assert response.status_code in STATUSES[name] | ({200, 302} if get else set()), (response.status_code, body[:300])
    json_due = request["json"] and not get and name in ("save", "delete") and request["body"] != "multipart-junk"
    if response["Content-Type"].startswith("application/json"):
        assert json_due or (request["json"] and name in ("save", "delete")), (name, request)
        json.loads(body, parse_constant=lambda c: pytest.fail(f"{c} in a JSON answer"))
    elif json_due:
        pytest.fail(f"{name} answered {response['Content-Type']} to a JSON request")
    elif not get and (name == "preview" or (request["htmx"] and name in ("save", "delete"))):
        assert response.status_code != 302 and "<html" not in body, (name, response.status_code, body[:300])
    return response


@FUZZ
@given(sequence=st.lists(requests, min_size=1, max_size=4))
def test_random_posts_never_break_the_sheet_or_the_books(office, sheets, sequence):
    with transaction.atomic():
        for request in sequence:
            send(office, sheets, request)
            assert_books_balance()
        transaction.set_rollback(True)


# -- bugs the fuzzer found (fixed), small ------------------------------------------------------------------------------

@pytest.mark.parametrize("field", ["number", "version"])
def test_delete_with_a_superscript_digit_is_no_server_error(office, sheets, field):
    data = {"number": "1", "version": "1", field: "²"}
    response = office.post(reverse("entry:delete", args=[sheets["four"]]), data, HTTP_ACCEPT="application/json")
    assert response.status_code in (200, 400, 409)


def test_delete_with_a_nul_byte_in_the_reason_is_no_server_error(office, sheets):
    url = reverse("entry:delete", args=[sheets["locked"]])
    data = {"number": "1", "version": "1", "reason": "Zettel\x00"}
    response = office.post(url, data, HTTP_ACCEPT="application/json")
    assert response.status_code in (200, 400)


def test_totals_with_an_empty_post_is_no_server_error(office, sheets):
    response = office.post(reverse("entry:totals", args=[sheets["locked"]]), {})
    assert response.status_code == 400


def test_a_saved_row_can_be_corrected_and_deleted_and_the_books_balance(office, sheets):
    """The fuzzer's invariant on a plain story, so a broken ``assert_books_balance`` cannot pass silently."""
    table = sheets["four"]
    save, delete = (reverse(f"entry:{name}", args=[table]) for name in ("save", "delete"))
    row = {"number": 2, "version": "", "contract": "S", "declarer": 3, "result": 50}
    assert office.post(save, row, HTTP_ACCEPT="application/json").status_code == 200
    assert office.post(save, {**row, "version": 1, "result": 20}, HTTP_ACCEPT="application/json").status_code == 200
    assert_books_balance()
    assert Score.objects.filter(game__table_id=table).count() == 4
    Entry.objects.filter(pk=Score.objects.filter(game__table_id=table).first().entry_id).update(total=12345)
    with pytest.raises(AssertionError):
        assert_books_balance()                 # a wrong stored total is noticed
    services.refresh_totals(Entry.objects.values_list("pk", flat=True))
    assert office.post(delete, {"number": 2, "version": 2}, HTTP_ACCEPT="application/json").status_code == 200
    assert_books_balance()
    assert not Score.objects.filter(game__table_id=table).exists()
