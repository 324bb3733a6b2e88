"""Hostile backups, attacked as the tester did (issue 14): JSON nested 1,000 deep, an integer of 4,300+ digits,
long texts and lists, a file larger than any backup; and the consistent edits the content checks cannot see —
seats swapped with the totals adjusted, an extra +500 adjustment, audit rows dropped — which the signature
refuses. Unsigned files and files of another key are imported only with --trust-unsigned, after a warning."""

import io
import json
import random
import sys
import types

import pytest
from django.core.management import CommandError, call_command
from django.utils import translation

from tests import factories
from tests.backup.roundtrip import counts, imported, record_random, restore
from tournament.results import services

pytestmark = pytest.mark.django_db

HEADER = '{"format": "cego-tournament", "version": 2, '


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


@pytest.fixture
def played():
    """A small played tournament with an adjustment: (tournament, its backup text as exported here)."""
    t, round_ = factories.seated_and_played(players=9, games=2)
    record_random(round_.tables.get(number=1), 3, random.Random(1), factories.user())
    services.add_adjustment(entry=t.entries.first(), points=2, reason="Bonus", user=factories.user())
    out = io.StringIO()
    call_command("export_tournament", t.pk, stdout=out, stderr=io.StringIO())
    return t, out.getvalue()


def refused(tmp_path, text, message, **options):
    """The import of ``text`` ends with a ``CommandError`` matching ``message`` and writes nothing."""
    before = counts()
    with pytest.raises(CommandError, match=message):
        restore(tmp_path, text, as_new="Angriff", **options)
    assert counts() == before


def unsigned(doc):
    return {k: v for k, v in doc.items() if k != "signature"}


# Bounds: the tester's files ---------------------------------------------------------------------------------

@pytest.mark.parametrize("depth", [1_000, 100_000])
def test_json_nested_deep_is_refused_with_a_message(tmp_path, depth):
    refused(tmp_path, HEADER + '"x": ' + "[" * depth + "]" * depth + "}", "nested more than 32 levels deep")


def test_deep_objects_count_too_and_brackets_inside_texts_do_not(tmp_path):
    refused(tmp_path, HEADER + '"x": ' + '{"a": ' * 40 + "1" + "}" * 40 + "}", "nested more than 32 levels")
    # 100 brackets inside a text are no nesting: the file gets as far as the signature
    refused(tmp_path, HEADER + '"x": "' + "[{" * 100 + '"}', "not signed")


@pytest.mark.parametrize("number", ["9" * 4_301, "-" + "1" * 5_000, "1" * 19])
def test_an_integer_of_thousands_of_digits_is_refused_with_a_message(tmp_path, number):
    refused(tmp_path, HEADER + '"n": ' + number + "}", r"whole number of \d+ digits \(at most 18\)")


def test_a_huge_number_in_a_signed_file_is_refused_before_the_database_sees_it(tmp_path, played):
    _t, text = played
    doc = json.loads(text)
    doc["entries"][0]["total"] = 10 ** 30
    refused(tmp_path, json.dumps(doc), "whole number of 31 digits")


@pytest.mark.parametrize("value", ["NaN", "Infinity", "-Infinity", "1e999", "0." + "1" * 100])
def test_numbers_json_does_not_know_or_too_long_are_refused(tmp_path, value):
    refused(tmp_path, HEADER + '"n": ' + value + "}", "no number in JSON|too large or too long")


def test_a_long_text_in_a_signed_file_is_refused(tmp_path, played, settings):
    """An audit snapshot has no length of its own: a megabyte of text there was imported as it was."""
    from tournament.backup.signature import sign

    _t, text = played
    doc = json.loads(text)
    doc["audit"][0]["new"] = {"reason": "<script>alert(1)</script>" * 40_000}
    refused(tmp_path, json.dumps(sign(doc)), r"text of 1000000 characters \(at most 20000\)")


def test_a_long_list_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr("tournament.backup.bounds.MAX_ITEMS", 1_000)
    refused(tmp_path, HEADER + '"x": [' + ", ".join(["0"] * 1_001) + "]}", r"list of 1001 items \(at most 1000\)")


def test_a_repeated_key_is_refused(tmp_path):
    refused(tmp_path, HEADER + '"rounds": [], "rounds": []}', "repeats the key “rounds”")


def test_a_file_larger_than_the_bound_is_not_even_read_whole(tmp_path, monkeypatch):
    monkeypatch.setattr("tournament.backup.bounds.MAX_BYTES", 1_000)
    refused(tmp_path, HEADER + '"x": "' + "a" * 2_000 + '"}', "larger than 0 MB")

    class Endless(io.RawIOBase):
        read_bytes = 0

        def readable(self):
            return True

        def readinto(self, buffer):
            buffer[:] = b" " * len(buffer)
            Endless.read_bytes += len(buffer)
            return len(buffer)
    monkeypatch.setattr(sys, "stdin", types.SimpleNamespace(buffer=io.BufferedReader(Endless())))
    with pytest.raises(CommandError, match="larger than"):
        call_command("import_tournament", "-", stdout=io.StringIO(), stderr=io.StringIO())
    assert Endless.read_bytes < 1_000 + 2 * io.DEFAULT_BUFFER_SIZE


# The signature ------------------------------------------------------------------------------------------------

def _swap_seats(doc):
    """Swap two players of a table and move their totals with them: every check of the content still holds."""
    for table in doc["rounds"][0]["tables"]:
        points = [sum(game["scores"][p] for game in table["games"]) for p in range(table["size"])]
        if points[0] != points[1]:
            a, b = table["seats"][0], table["seats"][1]
            table["seats"][0], table["seats"][1] = b, a
            entries = {e["start_number"]: e for e in doc["entries"]}
            entries[a]["total"] += points[1] - points[0]
            entries[b]["total"] += points[0] - points[1]
            return
    raise AssertionError("no table with two different results")


def _extra_adjustment(doc):
    entry = doc["entries"][-1]
    doc["adjustments"].append({"entry": entry["start_number"], "points": 500, "reason": "Bonus",
                               "created_at": doc["exported_at"], "created_by": None})
    entry["total"] += 500


def _drop_audit(doc):
    assert len(doc["audit"]) > 3
    doc["audit"] = [row for row in doc["audit"] if row["object_type"] != "adjustment"][:-2]


@pytest.mark.parametrize("edit", [_swap_seats, _extra_adjustment, _drop_audit])
def test_a_consistently_edited_file_is_refused_by_its_signature(tmp_path, played, edit):
    _t, text = played
    doc = json.loads(text)
    edit(doc)
    edited = json.dumps(doc, ensure_ascii=False)
    refused(tmp_path, edited, "signature does not match its content")
    refused(tmp_path, edited, "signature does not match its content", trust_unsigned=True)
    # what the signature alone detects: without it, the content checks accept the edited file
    out, err = restore(tmp_path, json.dumps(unsigned(doc)), as_new="Bearbeitet", trust_unsigned=True)
    assert "Warning: the file is not signed" in err and imported(out).name == "Bearbeitet"


def test_a_signed_file_round_trips_without_a_warning_whatever_its_layout(tmp_path, played):
    t, text = played
    out, err = restore(tmp_path, text, as_new="Kopie")
    assert "Warning" not in err and imported(out).entries.count() == t.entries.count()
    doc = json.loads(text)
    assert set(doc["signature"]) == {"algorithm", "key", "hmac"} and doc["signature"]["algorithm"] == "HMAC-SHA256"
    relaid = json.dumps(dict(reversed(list(doc.items()))), indent=7, ensure_ascii=True)   # same content
    out, err = restore(tmp_path, relaid, as_new="Kopie 2")
    assert "Warning" not in err and imported(out).name == "Kopie 2"


def test_an_unsigned_file_is_refused_and_imports_with_trust_unsigned_after_a_warning(tmp_path, played):
    _t, text = played
    plain = json.dumps(unsigned(json.loads(text)))
    refused(tmp_path, plain, "not signed.*--trust-unsigned")
    out, err = restore(tmp_path, plain, as_new="Alt", trust_unsigned=True)
    assert "Warning: the file is not signed; it is imported because of --trust-unsigned" in err
    assert imported(out).name == "Alt"


def test_a_file_signed_with_another_key(tmp_path, played, settings):
    t, text = played
    settings.BACKUP_KEY = "the key of another installation"
    out = io.StringIO()
    call_command("export_tournament", t.pk, stdout=out, stderr=io.StringIO())
    foreign = out.getvalue()
    theirs = json.loads(foreign)["signature"]["key"]
    settings.BACKUP_KEY = "this installation's key"
    refused(tmp_path, foreign, f"signed by another installation or with another key \\(key {theirs};")
    out, err = restore(tmp_path, foreign, as_new="Fremd", trust_unsigned=True)
    assert f"Warning: the file was signed with another key ({theirs}" in err and imported(out).name == "Fremd"
    # installations that share DJANGO_BACKUP_KEY import each other's files unasked
    settings.BACKUP_KEY = "the key of another installation"
    out, err = restore(tmp_path, foreign, as_new="Geteilt")
    assert "Warning" not in err and imported(out).name == "Geteilt"


def test_the_signature_names_the_key_without_revealing_it(played, settings):
    _t, text = played
    signature = json.loads(text)["signature"]
    assert settings.BACKUP_KEY not in text and len(signature["key"]) == 16
    assert signature["key"] not in settings.BACKUP_KEY


def test_a_damaged_signature_of_this_key_is_refused(tmp_path, played):
    _t, text = played
    doc = json.loads(text)
    doc["signature"]["hmac"] = "0" * 64
    refused(tmp_path, json.dumps(doc), "signature does not match", trust_unsigned=True)
    doc["signature"]["hmac"] = None
    refused(tmp_path, json.dumps(doc), "signature does not match", trust_unsigned=True)
