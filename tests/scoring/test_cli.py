"""The CLI of RULES.md §6: JSON in, JSON out, exit codes, never a traceback."""

import io
import json
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import cli

ROOT = Path(__file__).resolve().parents[2]


def run(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "scoring", *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, timeout=60)


def test_score_from_stdin_keeps_going_and_exits_1():
    games = [{"contract": "halbe", "declarer": 0, "card_points": 34},
             {"contract": "cego", "declarer": 9, "card_points": 40},
             {"contract": "eine", "declarer": 1, "card_points": 41}]
    proc = run("score", "-", stdin=json.dumps(games))
    assert proc.returncode == 1, proc.stderr
    results = json.loads(proc.stdout)
    assert results[0]["scores"] == [-60, 20, 20, 20]
    assert results[1]["error"]["code"] == "bad_seat"
    assert results[2]["scores"] == [-20, 60, -20, -20]
    assert "Traceback" not in proc.stderr


def test_score_from_file_exits_0(tmp_path):
    path = tmp_path / "games.json"
    path.write_text(json.dumps([{"contract": "cego", "declarer": 0, "card_points": 40}]))
    proc = run("score", str(path))
    assert proc.returncode == 0
    assert json.loads(proc.stdout)[0]["explanation"].startswith("Cego gewonnen mit 40:39")


def test_score_rejects_non_json_without_traceback(tmp_path):
    for stdin in ("{", '{"contract": "cego"}', "\xff"):
        proc = run("score", "-", stdin=stdin)
        assert proc.returncode == 2
        assert proc.stdout == "" and "Traceback" not in proc.stderr
    proc = run("score", str(tmp_path / "missing.json"))
    assert proc.returncode == 2 and "Traceback" not in proc.stderr


def test_count_both_methods():
    proc = run("count", "GS", "T21", "T1", "hK")
    assert json.loads(proc.stdout) == {"counting": "pairs", "cards": 4, "counters": 4, "points": 18}
    proc = run("count", "--counting", "triples", "GS", "T21", "T1", "hK")
    assert json.loads(proc.stdout)["points"] == 17


def test_count_bad_card():
    proc = run("count", "hK", "hZ")
    assert proc.returncode == 1
    assert json.loads(proc.stdout)["error"]["code"] == "unknown_card"


def test_table_prints_the_grid():
    proc = run("table", "--ruleset", "schwarzwald")
    assert proc.returncode == 0
    lines = proc.stdout.splitlines()
    fach2 = next(line for line in lines if line.split()[:1] == ["2"])
    # Fach 2: Cego 10, Halbe 20, Eine 30, Leere 40, Zwei Leere 50, Zwei Versch. 60, Kleiner Mann 70, Solo 20/10 …
    assert fach2.split()[3:10] == ["10", "20", "30", "40", "50", "60", "70"]
    assert "Ultimo: 80" in proc.stdout
    assert run("table", "--ruleset", "nope").returncode == 2   # argparse rejects the choice, no traceback


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 100) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(
        st.sampled_from(["contract", "declarer", "card_points", "players", "sitting_out", "ruleset", "options",
                         "raeuber_points", "announcer", "tricks", "achieved", "calls", "penalty", "x"]),
        children, max_size=6),
    max_leaves=20)
contracts = st.sampled_from(["cego", "halbe", "solo", "piccolo", "raeuber", "drescher", "ultimo", "bogus"])


@settings(max_examples=300)
@given(st.lists(st.one_of(json_values, st.fixed_dictionaries({"contract": contracts}, optional={
    "declarer": json_values, "card_points": json_values, "players": json_values, "sitting_out": json_values,
    "raeuber_points": json_values, "announcer": json_values, "options": json_values, "calls": json_values,
    "ruleset": st.sampled_from(["schwarzwald", "dreier", "traditionell", "unadingen", "x"])})), max_size=4))
def test_fuzzed_input_never_raises(games):
    out = io.StringIO()
    stdin = io.StringIO(json.dumps(games))
    old = sys.stdin, sys.stdout
    sys.stdin, sys.stdout = stdin, out
    try:
        code = cli.main(["score", "-"])
    finally:
        sys.stdin, sys.stdout = old
    results = json.loads(out.getvalue())
    assert len(results) == len(games)
    assert code == (1 if any("error" in r for r in results) else 0)
    for r in results:
        assert ("error" in r and r["error"]["code"]) or sum(r["scores"]) == 0 or "writing" in json.dumps(games)
