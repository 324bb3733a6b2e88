"""Table tokens never reach a log (``tournament/config/log_masking.py``). A table link's token lets whoever reads
it write to that table, so Django's request log ("Not Found: /t/<token>/", "Forbidden: …", "Too Many Requests:
…") writes it as ``/t/***/``; gunicorn's access log is checked in ``test_live_gunicorn.py``."""

import io
import logging
import secrets

import pytest

from tests import factories
from tournament.config.log_masking import MaskTableTokens, mask
from tournament.models import TableLink

TOKEN = "Zq8-Xk_3vPp0aaBBccDDeeFF"


@pytest.mark.parametrize(("text", "masked"), [
    (f"/t/{TOKEN}/", "/t/***/"),
    (f"Not Found: /t/{TOKEN}/blatt/", "Not Found: /t/***/blatt/"),
    (f'"GET /t/{TOKEN}/spiel/?x=1 HTTP/1.1" 404', '"GET /t/***/spiel/?x=1 HTTP/1.1" 404'),
    (f"https://cego.example.org/t/{TOKEN}", "https://cego.example.org/t/***"),
    (f"/t/{TOKEN}/ and /t/other-token/", "/t/***/ and /t/***/"),
    ("/t/%3Cscript%3E/", "/t/***/"),
    ("/t/sw.js", "/t/sw.js"),                            # the service worker is no secret
    ("/t/sw.jsX/", "/t/***/"),
    ("/turnier/3/ /tarif/ /statistik/t/", "/turnier/3/ /tarif/ /statistik/t/"),
])
def test_mask(text, masked):
    assert mask(text) == masked


def test_a_traceback_is_masked_too():
    try:
        raise ValueError(f"bad /t/{TOKEN}/")
    except ValueError:
        record = logging.LogRecord("django.request", logging.ERROR, __file__, 1, "Internal Server Error: %s",
                                   (f"/t/{TOKEN}/",), exc_info=__import__("sys").exc_info())
    assert MaskTableTokens().filter(record) is True
    text = logging.Formatter().format(record)
    assert TOKEN not in text and "Internal Server Error: /t/***/" in text and "bad /t/***/" in text


@pytest.fixture
def django_log(caplog):
    """What the configured handler of the ``django`` logger writes, and the records ``caplog`` sees there."""
    logger = logging.getLogger("django")
    (handler,) = [h for h in logger.handlers if any(isinstance(f, MaskTableTokens) for f in h.filters)]
    stream = io.StringIO()
    old = handler.setStream(stream)
    logger.addHandler(caplog.handler)       # after the configured handler: sees the record as it was written
    try:
        yield stream, caplog
    finally:
        logger.removeHandler(caplog.handler)
        handler.setStream(old)


@pytest.mark.django_db
def test_django_request_log_masks_404_403_and_429(client, settings, django_log):
    stream, caplog = django_log
    settings.CEGO_TABLE_RATE = 2
    _t, round_ = factories.drawn()
    link = TableLink.objects.filter(table__round=round_).first()
    unknown = secrets.token_urlsafe(18)
    assert client.get(f"/t/{unknown}/").status_code == 404
    assert client.post(f"/t/{link.token}/sitz/", {"seat": "1", "device": "phone1"}).status_code == 403  # no secret
    statuses = [client.get(f"/t/{link.token}/blatt/").status_code for _ in range(2)]
    assert statuses[-1] == 429
    written = stream.getvalue()
    messages = [record.getMessage() for record in caplog.records]
    assert "Not Found: /t/***/" in written and "Forbidden: /t/***/sitz/" in written
    assert "Too Many Requests: /t/***/blatt/" in written
    assert len([m for m in messages if "/t/***/" in m]) >= 3
    for secret in (unknown, link.token):
        assert secret not in written and all(secret not in m for m in messages)
