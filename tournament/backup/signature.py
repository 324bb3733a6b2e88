"""The signature of a backup: an HMAC-SHA256 over the document's content (docs/backup.md, "Signature").

``sign`` adds ``"signature": {"algorithm": "HMAC-SHA256", "key": <key id>, "hmac": <hex>}`` as the document's
last key; the HMAC is taken over the canonical JSON of everything else (keys sorted, no spaces, ASCII), so the
layout of the file does not matter, only its content. The key is ``settings.BACKUP_KEY`` (``DJANGO_BACKUP_KEY``,
else the secret key); the key id is an HMAC of a fixed text with it, so it names the key without revealing it.

``verify`` decides before anything is read further: signed with this key and matching — accepted; signed with
this key and not matching — refused always (the file was edited or damaged after the export); no signature, or
one of another key (another installation, a changed key) — refused unless ``trust_unsigned``, then accepted with
a warning that names the case.
"""

import hashlib
import hmac
import json

from django.conf import settings
from django.utils.translation import gettext as _

from tournament.backup.format import BackupError

ALGORITHM = "HMAC-SHA256"
KEY = "signature"
KEY_ID_TEXT = b"cego-tournament backup key id"


def _key():
    return settings.BACKUP_KEY.encode()


def key_id(key=None):
    """A short name of the key (16 hex digits), the same on every installation that has the same key."""
    return hmac.new(key or _key(), KEY_ID_TEXT, hashlib.sha256).hexdigest()[:16]


def content(doc):
    """The canonical bytes the HMAC covers: the document without its signature."""
    return json.dumps({k: v for k, v in doc.items() if k != KEY}, sort_keys=True, ensure_ascii=True,
                      separators=(",", ":"), allow_nan=False).encode()


def _hmac(doc, key):
    return hmac.new(key, content(doc), hashlib.sha256).hexdigest()


def sign(doc, key=None):
    """A copy of ``doc`` with its signature as the last key."""
    key = key or _key()
    return {**{k: v for k, v in doc.items() if k != KEY},
            KEY: {"algorithm": ALGORITHM, "key": key_id(key), "hmac": _hmac(doc, key)}}


def verify(doc, trust_unsigned=False):
    """``None`` when ``doc`` (a dict) is signed with this installation's key, a translated warning when it is
    unsigned or signed with another key and ``trust_unsigned`` is set; otherwise ``BackupError``."""
    found = doc.get(KEY)
    own = key_id()
    if isinstance(found, dict) and found.get("key") == own:
        value = found.get("hmac")
        if (found.get("algorithm") != ALGORITHM or not isinstance(value, str)
                or not hmac.compare_digest(value.encode(), _hmac(doc, _key()).encode())):
            raise BackupError(_("The file was changed after it was exported here, or is damaged: its signature "
                                "does not match its content. It cannot be imported, not even with "
                                "--trust-unsigned."))
        return None
    if found is None:
        if not trust_unsigned:
            raise BackupError(_("The file is not signed (a backup from before signatures, or one whose signature "
                                "was removed), so changes to it cannot be detected. If you know where it comes "
                                "from, import it with --trust-unsigned."))
        return _("Warning: the file is not signed; it is imported because of --trust-unsigned. Changes to it "
                 "(seats, totals, adjustments, audit entries) cannot be detected, only what the checks of the "
                 "content find.")
    other = found.get("key") if isinstance(found, dict) and isinstance(found.get("key"), str) else "?"
    if not trust_unsigned:
        raise BackupError(_("The file was signed by another installation or with another key (key %(key)s; this "
                            "one signs with %(own)s), so its signature cannot be checked here. If you know where "
                            "it comes from, import it with --trust-unsigned.") % {"key": other[:20], "own": own})
    return _("Warning: the file was signed with another key (%(key)s, not this installation's %(own)s); it is "
             "imported because of --trust-unsigned. Changes to it (seats, totals, adjustments, audit entries) "
             "cannot be detected, only what the checks of the content find.") % {"key": other[:20], "own": own}
