"""The translation catalogues: complete, and the committed .mo files compiled from the current .po files."""
import ast
import gettext
from pathlib import Path

import pytest
from django.conf import settings

LOCALE = Path(settings.BASE_DIR) / "tournament" / "locale"


def po_entries(path):
    """``{msgid: msgstr}`` of a .po file (``"msgctxt\x04msgid"`` for a message with a context); a plural entry has
    the list of its msgstr, a fuzzy one ``""``."""
    entries, current, key = {}, {}, None
    for line in path.read_text(encoding="utf-8").splitlines() + [""]:
        line = line.strip()
        if not line:
            if "msgid" in current and current["msgid"]:
                plural = [v for k, v in sorted(current.items()) if k.startswith("msgstr[")]
                # a message with a context is compiled under "context\x04msgid" (what pgettext looks up)
                key = f"{current['msgctxt']}\x04{current['msgid']}" if "msgctxt" in current else current["msgid"]
                entries[key] = "" if current.get("fuzzy") else plural or current.get("msgstr", "")
            current, key = {}, None
        elif line.startswith("#,") and "fuzzy" in line:
            current["fuzzy"] = True
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            current[key] += ast.literal_eval(line)
        else:
            key, _, rest = line.partition(" ")
            current[key] = ast.literal_eval(rest)
    return entries


@pytest.mark.parametrize("lang", ["de", "en"])
def test_catalogue_is_complete_and_compiled(lang):
    po = LOCALE / lang / "LC_MESSAGES" / "django.po"
    mo = po.with_suffix(".mo")
    entries = po_entries(po)
    assert entries, f"{po} has no messages"
    with mo.open("rb") as f:
        compiled = gettext.GNUTranslations(f)
    for msgid, msgstr in entries.items():
        if isinstance(msgstr, list):
            assert all(msgstr), f"{lang}: untranslated plural {msgid!r}"
            assert compiled.ngettext(msgid, msgid + "s", 1) == msgstr[0], f"{lang}: .mo is stale for {msgid!r}"
        else:
            assert msgstr, f"{lang}: untranslated {msgid!r}"
            assert compiled.gettext(msgid) == msgstr, f"{lang}: .mo is stale for {msgid!r} (run make messages)"
