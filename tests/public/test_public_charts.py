"""The running-total SVG: pure function, well-formed, escaped, scaled; no Django needed."""

import ast
import importlib.util
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tournament.public import charts

SVG = "{http://www.w3.org/2000/svg}"


def parse(text):
    return ET.fromstring(text)


def test_points_start_at_zero_and_follow_the_totals():
    svg = parse(charts.running_total_svg([10, -20, 30], title="T", description="D"))
    points = [tuple(map(float, p.split(","))) for p in svg.find(f".//{SVG}polyline").get("points").split()]
    assert len(points) == 4
    xs = [x for x, _y in points]
    assert xs == sorted(xs) and xs[0] == charts.PAD_LEFT
    ys = [y for _x, y in points]
    assert ys[2] > ys[0] > ys[1] > ys[3]                   # SVG y grows downwards: −20 lowest, +30 highest
    assert svg.find(f".//{SVG}text[@data-total]").get("data-total") == "30"
    assert svg.find(f"{SVG}title").text == "T" and svg.find(f"{SVG}desc").text == "D"


def test_text_is_escaped():
    svg = charts.running_total_svg([5], title="<b>&\"x\"", breaks=[(0, "<i>")], element_id='a"b')
    tree = parse(svg)
    assert tree.find(f"{SVG}title").text == "<b>&\"x\""
    assert "<b>" not in svg


def test_breaks_and_empty_chart():
    svg = parse(charts.running_total_svg([1, 2, 3, 4], breaks=[(2, "Runde 2"), (9, "outside")]))
    assert [t.text for t in svg.iter(f"{SVG}text") if t.text and t.text.startswith("Runde")] == ["Runde 2"]
    assert len(svg.findall(f"{SVG}line[@class='chart-break']")) == 1
    empty = parse(charts.running_total_svg([], empty_text="Noch nichts"))
    assert empty.find(f".//{SVG}polyline") is None and "Noch nichts" in ET.tostring(empty, encoding="unicode")


@pytest.mark.parametrize(("values", "low", "high"), [([0, 0], 0, 5), ([-35, 120], -50, 150), ([-999], -1000, 250)])
def test_grid_covers_the_values_with_round_steps(values, low, high):
    assert charts._bounds(values)[:2] == (low, high)


PURE_HELPERS = {"tournament.common.numbers"}     # pure themselves (standard library only)


def test_charts_module_is_pure():
    def imports(path):
        tree = ast.parse(Path(path).read_text())
        names = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        return names | {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}

    imported = imports(charts.__file__)
    assert not any(m.split(".")[0] == "django" for m in imported)
    assert {m for m in imported if m.split(".")[0] == "tournament"} <= PURE_HELPERS
    for helper in PURE_HELPERS:
        assert all(m.split(".")[0] in sys.stdlib_module_names for m in imports(importlib.util.find_spec(helper).origin))


def test_labels_are_not_scaled_down_with_the_picture():
    """Issue 16: with a viewBox the labels shrank with the chart (10 px on a phone, less at 200 % zoom). The outer
    SVG is now as wide as its box with positions in percent and text sized in em, so the page's font size holds."""
    svg = parse(charts.running_total_svg([10, -20, 30], breaks=[(1, "Runde 2")], title="T"))
    assert svg.get("viewBox") is None and svg.get("height").endswith("em")
    texts = list(svg.iter(f"{SVG}text"))
    assert len(texts) >= 4 and all(t.get("font-size").endswith("em") for t in texts)
    assert all(t.get(a).endswith("%") for t in texts for a in ("x", "y")
               if a == "x" or t.get("class") != "chart-label chart-round")
    plot = svg.find(f"{SVG}svg")                   # only the line is stretched, with a stroke that does not stretch
    assert plot.get("preserveAspectRatio") == "none"
    assert plot.find(f"{SVG}polyline").get("vector-effect") == "non-scaling-stroke"
