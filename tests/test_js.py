"""The JavaScript tests (tests/js/, node's built-in test runner) as part of the pytest suite, so that `make test`
and `make test-fast` run them. Skipped only when node is not installed (then say so: `node --test tests/js/` is
what this runs)."""

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NODE = shutil.which("node")


@pytest.mark.skipif(NODE is None, reason="node is not installed: the tests of tests/js/ (phone/queue.js) did not run")
def test_node_tests_pass():
    result = subprocess.run([NODE, "--test", "tests/js/"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
    assert "# fail 0" in result.stdout and "# pass 0" not in result.stdout, result.stdout[-2000:]
