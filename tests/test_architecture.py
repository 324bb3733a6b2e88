"""The shape docs/architecture.md promises: package boundaries (import-linter), small modules, small folders."""
import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAX_LINES = 400
MAX_MODULES = 15


def python_files():
    return [p for p in (ROOT / "tournament").rglob("*.py") if "migrations" not in p.parts]


def test_import_contracts_are_kept():
    lint = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run([str(lint), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert "0 broken" in result.stdout


def test_no_module_is_longer_than_400_lines():
    long = {str(p.relative_to(ROOT)): n for p in python_files()
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not long, f"modules over {MAX_LINES} lines: {long}"


def test_no_phone_script_is_longer_than_400_lines():
    """The phone's page scripts keep the module size too (games.js was 468 lines; now games.js + games_sheet.js)."""
    scripts = list((ROOT / "tournament" / "phone" / "static" / "phone").glob("*.js"))
    assert any(p.name == "games_sheet.js" for p in scripts)
    long = {p.name: n for p in scripts if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert not long, f"phone scripts over {MAX_LINES} lines: {long}"


def test_no_folder_holds_more_than_15_modules():
    folders = {}
    for p in python_files():
        folders.setdefault(p.parent, []).append(p)
    crowded = {str(d.relative_to(ROOT)): len(files) for d, files in folders.items() if len(files) > MAX_MODULES}
    assert not crowded, f"folders with more than {MAX_MODULES} modules: {crowded}"


def test_every_package_says_what_it_owns():
    silent = [str(p.relative_to(ROOT)) for p in (ROOT / "tournament").rglob("__init__.py")
              if "migrations" not in p.parts and "management" not in p.parts and "templatetags" not in p.parts
              and not p.read_text(encoding="utf-8").lstrip().startswith('"""')]
    assert not silent, f"packages without a docstring: {silent}"


# Imports inside a function are for a heavy or platform-bound library only (WeasyPrint, openpyxl, ctypes …), with
# the reason written beside them; never for the project's own code: a cycle is broken by moving the shared part
# down (docs/architecture.md, "No cycles"), which the acyclic_siblings contract of .importlinter checks.
OWN_CODE_IN_A_FUNCTION = {"tournament/apps.py"}     # Django's ready() hook: app code once the registry is loaded


def test_no_function_imports_the_projects_own_code():
    found = []
    for path in [*(ROOT / "scoring").rglob("*.py"), *python_files()]:
        rel = str(path.relative_to(ROOT))
        if rel in OWN_CODE_IN_A_FUNCTION:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for func in (n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))):
            for node in ast.walk(func):
                if isinstance(node, ast.ImportFrom):
                    names = [node.module or ""] if node.level == 0 else ["."]
                elif isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                else:
                    continue
                if any(n == "." or n.split(".")[0] in ("scoring", "tournament") for n in names):
                    found.append(f"{rel}:{node.lineno}")
    assert not found, f"imports of the project's own code inside a function: {found}"
