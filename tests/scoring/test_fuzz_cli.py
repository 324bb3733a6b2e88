"""Fuzzing ``python -m scoring score`` (RULES.md §6): whatever arrives on stdin, the CLI exits with 0, 1 or 2,
prints a strict JSON array of results and errors on stdout (nothing for 2, a one-line reason on stderr) and
never a traceback.

Two layers: in process through ``cli.main`` with stdin and stdout replaced by *byte* streams that decode and
encode strictly as UTF-8, as a pipe under a UTF-8 locale does (fast, so many examples), and a handful of real
subprocess runs of the entry point with the nastiest inputs. Hypothesis runs derandomized, without its example
database, so CI sees the same examples every time.
"""

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import cli, engine
from scoring.contracts import CONTRACTS
from scoring.errors import MESSAGES
from scoring.rulesets import PARAMETERS, RULESET_KEYS
from tests.scoring.strategies import OPTION_SETS, legal_games

ROOT = Path(__file__).resolve().parents[2]
FUZZ = settings(derandomize=True, database=None, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# -- running the CLI -------------------------------------------------------------------------------------------


def run_in_process(data, args=()):
    """``cli.main(["score", "-", *args])`` on ``data`` (bytes): ``(exit status, stdout bytes, stderr text)``."""
    stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors="strict")
    stdout = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict")
    stderr = io.StringIO()
    with mock.patch.object(sys, "stdin", stdin), mock.patch.object(sys, "stdout", stdout), \
            mock.patch.object(sys, "stderr", stderr):
        code = cli.main(["score", "-", *args])
    stdout.flush()
    return code, stdout.buffer.getvalue(), stderr.getvalue()


def strict_json(text):
    """``json.loads`` that refuses NaN and ±Infinity, which are not JSON (RFC 8259)."""
    def refuse(name):
        raise ValueError(f"{name} in the output")
    return json.loads(text, parse_constant=refuse)


def check_answer(code, out, err, games=None):
    """The documented answer: 2 with nothing on stdout, or 0/1 with one result or error per game."""
    assert "Traceback" not in err
    assert code in (0, 1, 2), (code, err)
    if code == 2:
        assert out == b"" and err.strip(), err
        return
    results = strict_json(out.decode("utf-8"))
    assert isinstance(results, list)
    if games is not None:
        assert len(results) == len(games)
    assert code == (1 if any("error" in r for r in results) else 0)
    for i, result in enumerate(results):
        game = games[i] if games is not None else None
        if "error" in result:
            assert set(result) == {"error"}
            error = result["error"]
            assert error["code"] in MESSAGES and isinstance(error["message"], str) and error["message"]
            assert isinstance(error["params"], dict)
            continue
        assert isinstance(game, dict) or games is None
        scores = result["scores"]
        assert all(type(s) is int for s in scores) and type(result["value"]) is int
        assert result["won"] in (True, False, None) and isinstance(result["explanation"], str)
        if game is not None:
            assert len(scores) == game.get("players", 4)
            options = game.get("options") or {}
            if options.get("writing") != "declarer_only":
                assert sum(scores) == 0, (game, result)


# -- strategies ------------------------------------------------------------------------------------------------

HUGE = [2**31, 2**63, -(2**63) - 1, 10**30, -(10**300), 10**4000]
WORDS = [*CONTRACTS, *RULESET_KEYS, "", " ", "C", "Räuber", "\x00", "\ud800", "𝔠𝔢𝔤𝔬", "null", "0" * 300]
scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 90), st.integers(), st.sampled_from(HUGE),
    st.floats(),                                    # NaN and ±Infinity included: written as bare literals
    st.text(), st.text(max_size=3000), st.sampled_from(WORDS),
)
keys = st.one_of(st.sampled_from(sorted(engine.FIELDS)), st.sampled_from(sorted(PARAMETERS)), st.text(max_size=6))
json_values = st.recursive(
    scalars, lambda inner: st.lists(inner, max_size=5) | st.dictionaries(keys, inner, max_size=5), max_leaves=25)

seat = st.integers(-1, 5) | json_values
options = st.dictionaries(st.sampled_from(sorted(PARAMETERS)) | st.text(max_size=4),
                          st.integers(0, 8) | st.sampled_from(HUGE) | st.booleans() | json_values, max_size=4)
games = st.fixed_dictionaries({}, optional={
    "ruleset": st.sampled_from(RULESET_KEYS) | json_values,
    "options": options | json_values,
    "players": st.integers(2, 6) | json_values,
    "sitting_out": seat,
    "contract": st.sampled_from(sorted(CONTRACTS)) | json_values,
    "declarer": seat, "announcer": seat, "last_trick": seat, "penalty": seat, "dealer": seat,
    "card_points": st.integers(-1, 80) | json_values,
    "achieved": st.booleans() | json_values,
    "tricks": st.integers(-1, 14) | json_values,
    "calls": st.integers(-1, 7) | st.sampled_from(HUGE) | json_values,
    "raeuber_points": st.lists(st.none() | st.integers(-1, 80), min_size=3, max_size=5) | json_values,
    "raeuber_tricks": st.lists(st.none() | st.integers(-1, 14), min_size=3, max_size=5) | json_values,
}) | st.builds(lambda game, junk: {**game, **junk}, st.fixed_dictionaries({"contract": st.sampled_from(
    sorted(CONTRACTS)), "declarer": st.integers(0, 3), "card_points": st.integers(0, 79)}),
    st.dictionaries(st.text(max_size=5), json_values, min_size=1, max_size=2))
# Legal games with one or two fields replaced by anything: they get past the first checks into the engine.
mutated_games = st.builds(
    lambda game, changes: {**game, **changes},
    st.sampled_from(OPTION_SETS).flatmap(lambda options: legal_games(options=options)).map(lambda rs_game: rs_game[1]),
    st.dictionaries(st.sampled_from(sorted(engine.FIELDS)), seat | options | json_values, max_size=2))
documents = st.lists(mutated_games | games | json_values, max_size=5) | json_values


def encode(document, ascii_only):
    """``document`` as the bytes a careless producer writes: NaN literals kept, lone surrogates as CESU bytes."""
    return json.dumps(document, ensure_ascii=ascii_only, allow_nan=True).encode("utf-8", "surrogatepass")


deep = st.integers(1, 60_000).flatmap(lambda n: st.sampled_from([
    b"[" * n, b"[" * n + b"]" * n, b'{"a":' * n + b"1" + b"}" * n, b"[" + b'{"options":' * n + b"{}" + b"}" * n +
    b"]"]))
big_number = st.integers(4000, 20_000).flatmap(lambda n: st.sampled_from([
    b"[" + b"9" * n + b"]", b'[{"contract": "cego", "declarer": 0, "card_points": ' + b"1" * n + b"}]",
    b"[1." + b"5" * n + b"]", b"[1e" + b"9" * (n // 1000) + b"]"]))
literals = st.sampled_from([
    b"", b" ", b"\n", b"null", b"[]", b"{}", b"[NaN]", b"[Infinity]", b"[-Infinity]", b"[1e999]", b"[-1e400]",
    b'[{"contract": "cego", "declarer": 0, "card_points": 1e999}]',
    b'[{"contract": "\\ud800", "declarer": 0}]', b'[{"\\udfff": 1}]', b'[{"contract": "cego\\u0000"}]',
    b'[{"contract": "cego", "declarer": 0, "card_points": 40, "calls": 1000000000,'
    b' "options": {"calls": true, "max_calls": 1000000000000}}]',
    b'[{"contract": "cego", "declarer": 0, "card_points": 0, "options": {"unit": ' + b"9" * 4000 + b', "max_fach": '
    + b"9" * 4000 + b"}}]",
    b"\xef\xbb\xbf[]", "[]".encode("utf-16"), b"[\xed\xa0\x80]", b'["\xed\xa0\x80"]', b"[\xff\xfe]", b"[\x00]",
])
raw_inputs = st.one_of(
    st.binary(max_size=200), literals, deep, big_number,
    st.builds(lambda document, ascii_only, cut: encode(document, ascii_only)[:cut], documents, st.booleans(),
              st.integers(0, 400)),                                                      # truncated JSON
    st.builds(lambda document, at, junk: (lambda b: b[:at] + junk + b[at:])(encode(document, False)), documents,
              st.integers(0, 200), st.binary(min_size=1, max_size=4)),                  # a few bytes spliced in
)
flags = st.sampled_from([(), ("--lang", "en"), ("--indent", "2"), ("--lang", "de", "--indent", "0")])


# -- in process ------------------------------------------------------------------------------------------------

@settings(FUZZ, max_examples=600)
@given(document=documents, ascii_only=st.booleans(), args=flags)
def test_any_json_document_gets_results_or_a_clean_refusal(document, ascii_only, args):
    data = encode(document, ascii_only)
    code, out, err = run_in_process(data, args)
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:          # a lone surrogate written raw: not UTF-8, so refused
        assert code == 2
    else:
        if isinstance(document, list) and cli._depth(document) <= cli.MAX_DEPTH:
            assert code in (0, 1), err   # an array of anything is scored, game by game
    check_answer(code, out, err, document if code != 2 else None)


@settings(FUZZ, max_examples=400)
@given(data=raw_inputs, args=flags)
def test_any_bytes_get_results_or_a_clean_refusal(data, args):
    code, out, err = run_in_process(data, args)
    check_answer(code, out, err)


@pytest.mark.parametrize("data, code", [
    (b"[NaN]", 1), (b'[{"contract": "cego", "declarer": -Infinity}]', 1), (b"[1e999]", 1),
    (b"[" + b"[" * 960 + b"NaN" + b"]" * 961, 2), (b"[\xff]", 2), (b"[" + b"9" * 5000 + b"]", 2),
    (b"[" * 100_000, 2), (b'[{"contract": "\\ud800"}]', 1), (b"\xef\xbb\xbf[]", 0),
    (b'[{"contract": "cego", "declarer": 0, "card_points": 40, "calls": 1000000,'
     b' "options": {"calls": true, "max_calls": 1000000}}]', 1),
    (b'[{"contract": "solo", "declarer": 0, "card_points": 0, "options": {"unit": 1000000, "max_fach": 1000000,'
     b' "solo": {"win": 1000000, "loss": 1000000}}}]', 0),
])
def test_known_nasty_inputs(data, code):
    """The inputs that once ended in a traceback or in output that is not JSON, with their exit status."""
    got, out, err = run_in_process(data)
    check_answer(got, out, err)
    assert got == code, err


def test_nan_in_a_rejected_game_is_echoed_as_a_string():
    code, out, _err = run_in_process(b'[{"contract": "cego", "declarer": NaN}]')
    error = strict_json(out.decode("utf-8"))[0]["error"]
    assert code == 1 and error["code"] == "bad_seat" and error["params"]["seat"] == "NaN"


def test_lone_surrogates_in_messages_are_written_as_json_escapes():
    code, out, _err = run_in_process(b'[{"contract": "\\ud800"}]')
    error = strict_json(out.decode("utf-8"))[0]["error"]
    assert code == 1 and error["code"] == "unknown_contract" and error["params"]["contract"] == "\ud800"


# -- the real entry point --------------------------------------------------------------------------------------

NASTY = {
    "invalid utf-8": b'[{"contract": "c\xffego"}]',
    "encoded surrogate": b'["\xed\xa0\x80"]',
    "escaped surrogate": b'[{"contract": "\\ud800", "declarer": 0}, {"\\udfff": 1}]',
    "nan": b'[{"contract": "cego", "declarer": NaN}]',
    "overflowing float": b"[1e999]",
    "5000 digits": b"[" + b"7" * 5000 + b"]",
    "deep nesting": b"[" * 200_000 + b"]" * 200_000,
    "2**1000000 calls": b'[{"contract": "piccolo", "declarer": 0, "achieved": true, "calls": 1000000,'
                        b' "options": {"calls": true, "max_calls": 1000000}}]',
    "binary": bytes(range(256)),
}


@pytest.mark.parametrize("data", NASTY.values(), ids=NASTY.keys())
def test_the_entry_point_never_prints_a_traceback(data):
    env = {**os.environ, "PYTHONIOENCODING": "utf-8:strict", "LC_ALL": "C.UTF-8", "PYTHONUTF8": "0"}
    proc = subprocess.run([sys.executable, "-m", "scoring", "score", "-"], input=data, capture_output=True,
                          cwd=ROOT, env=env, timeout=60)
    check_answer(proc.returncode, proc.stdout, proc.stderr.decode("utf-8", "replace"))
