"""One signed-number format (``tournament.common.numbers``): the function, the template filter, the workbook
format, and the score sheet's JavaScript copy pinned to the Python."""

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.template import Context, Template

from tournament.common.numbers import EXCEL_SIGNED, MINUS, signed
from tournament.exports import base

TOTALS_JS = Path(__file__).resolve().parents[2] / "tournament/office/static/office/totals.js"
VALUES = [None, 0, 1, -1, 30, -10, 999, -1000, 123456, -1_000_000]


def test_the_format():
    assert [signed(v) for v in (30, -10, 0, None)] == ["+30", f"{MINUS}10", "0", ""]
    assert MINUS == "\u2212" and base.SIGNED == EXCEL_SIGNED == "+#,##0;-#,##0;0"


def test_the_filter():
    template = Template("{% load numbers %}{% for v in values %}[{{ v|signed }}]{% endfor %}")
    html = template.render(Context({"values": [30, -10, 0, None, "", "7", "−3", "x"]}))
    assert html == "[+30][\u221210][0][][][+7][\u22123][x]"


@pytest.mark.skipif(shutil.which("node") is None, reason="no node to run the totals page JavaScript")
def test_the_totals_javascript_writes_the_same():
    source = TOTALS_JS.read_text(encoding="utf-8")
    function = re.search(r"function signed\(v\) \{.*?\n  \}", source, re.S).group(0)
    script = f"{function}\nconsole.log(JSON.stringify({json.dumps(VALUES)}.map(signed)));"
    out = subprocess.run(["node", "-e", script], capture_output=True, text=True, timeout=30, check=True).stdout
    assert json.loads(out) == [signed(v) for v in VALUES]
