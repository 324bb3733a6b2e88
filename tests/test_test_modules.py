"""Test modules stand alone (CONTRIBUTING.md): fixtures live in ``conftest.py`` files and shared builders and
helpers in plain modules (``tests/factories.py``, ``tests/ziege.py``, ``tests/exports/paper.py`` …); no module imports
a test module, whose import would also collect its tests a second time and tie two test files together."""

import ast
from pathlib import Path

TESTS = Path(__file__).parent


def imported_modules(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield node.module
            yield from (f"{node.module}.{alias.name}" for alias in node.names)


def test_no_module_imports_a_test_module():
    found = [f"{path.relative_to(TESTS.parent)}: {name}" for path in sorted(TESTS.rglob("*.py"))
             for name in imported_modules(path)
             if name.startswith("tests.") and name.rsplit(".", 1)[-1].startswith("test_")]
    assert not found, "modules that import a test module:\n" + "\n".join(found)
