"""scoring/ stays free of Django (and of anything outside the standard library)."""

import ast
import sys
from pathlib import Path

SCORING = Path(__file__).resolve().parents[2] / "scoring"


def imported_modules(path):
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            yield node.module


def test_scoring_imports_no_django_and_only_the_standard_library():
    files = sorted(SCORING.rglob("*.py"))
    assert len(files) >= 8
    for path in files:
        for module in imported_modules(path):
            top = module.split(".")[0]
            assert top != "django", f"{path.name} imports {module}"
            assert top in sys.stdlib_module_names, f"{path.name} imports non-stdlib {module}"


def test_the_check_can_fail(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("from django.db import models\nimport os\n")
    assert list(imported_modules(bad)) == ["django.db", "os"]
