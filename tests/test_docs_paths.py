"""Every repository path the documentation cites exists (docs/*.md, README.md, CONTRIBUTING.md, CHANGELOG.md's
"Unreleased" excepted: a changelog tells history, and history names files that are gone).

A cited path is a backticked word that looks like a file of this repository: it ends in one of ``EXTENSIONS``, or
in ``/`` and starts with a folder of the root or of ``tournament/`` (``templates/pdf/``). It may be relative to the
root, to ``tournament/`` (``results/services.py``), to the template directory, to an app package or its static
directory (``BASES``); a bare file name (``settings.py``) must exist somewhere in the repository; a glob
(``locale/pending/*.json``) must match at least one file. Not checked: URLs,
absolute paths, the sibling checkout ``../shared``, what the server writes at run time (``var/``, ``.venv/``,
``staticfiles/``), placeholders (``<token>``, ``…``), a bare extension (``.po``), and a line that carries
``<!-- no-path-check -->``.
"""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = sorted([*ROOT.glob("docs/*.md"), ROOT / "README.md", ROOT / "CONTRIBUTING.md"])
EXTENSIONS = (".py", ".md", ".html", ".js", ".css", ".json", ".toml", ".txt", ".yaml", ".yml", ".po", ".svg")
# The root, tournament/, the template directory, the app packages (a package's doc says ``views/pages.py``) and
# their static directories (``public/public.js`` as the static URL names it).
BASES = (ROOT, ROOT / "tournament", ROOT / "templates", *ROOT.glob("tournament/*/"), *ROOT.glob("tournament/*/static/"))
TOP = {p.name for base in (ROOT, ROOT / "tournament") for p in base.iterdir()}
RUNTIME = ("var/", ".venv/", "staticfiles/", "../", "~")
TICKED = re.compile(r"`([^`\s]+)`")
PATHLIKE = re.compile(r"[\w.*/-]+")


def cited(text):
    """(line number, path) of every backticked word of ``text`` that looks like a repository path."""
    for number, line in enumerate(text.splitlines(), start=1):
        if "<!-- no-path-check -->" in line:
            continue
        for word in TICKED.findall(line):
            word = word.split("::")[0].rstrip(".,:;")        # tests/x.py::test_y, a path at the end of a sentence
            if not PATHLIKE.fullmatch(word) or word.startswith(("/", "http", *RUNTIME)) or word in EXTENSIONS:
                continue                                    # a URL, a runtime file, a bare extension (`.po`)
            if word.endswith(EXTENSIONS) or (word.endswith("/") and word.split("/")[0] in TOP):
                yield number, word


def exists(path):
    if "/" not in path.strip("/"):
        return any(p for p in ROOT.rglob(path) if ".venv" not in p.parts)
    for base in BASES:
        if "*" in path:
            if any(base.glob(path)):
                return True
        elif (base / path).exists():
            return True
    return False


def test_the_heuristic_finds_stale_references():
    text = "`office/forms/sheet.py`, `locale/pending/*.json` and `templates/pdf/sheet.css`; `results/services.py`"
    assert [p for _n, p in cited(text) if not exists(p)] == [
        "office/forms/sheet.py", "locale/pending/*.json", "templates/pdf/sheet.css"]
    assert list(cited("`https://example.org/a.py`, `/t/<token>/`, `var/hall.sqlite3`, `../shared/x.json`")) == []


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_cited_path_exists(document):
    if not document.exists():
        pytest.skip(f"{document.name} is not written yet")
    missing = [f"{document.name}:{n}: {p}" for n, p in cited(document.read_text(encoding="utf-8"))
               if not exists(p)]
    assert not missing, "paths cited in the documentation that do not exist:\n" + "\n".join(missing)
