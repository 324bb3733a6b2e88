"""Table tokens never reach a log. A table link ``/t/<token>/…`` is the key to a table's sheet: whoever reads it
can write there. ``mask`` is the one rule (``/t/abcd…/`` → ``/t/***/``, also inside a full URL such as a Referer);
``MaskTableTokens`` applies it to Django's log records (``django.request``'s "Not Found: /t/…", ``django.server``'s
request lines, tracebacks) on the handlers of ``settings.LOGGING``; ``config.gunicorn_logger`` applies it to
gunicorn's access log (docs/production.md, "Logs")."""

import logging
import re

# /t/ and the path segment after it, but not the service worker (/t/sw.js), which is no secret.
TOKEN = re.compile(r"(/t/)(?!sw\.js(?=[/?#\s\"']|$))[^/?#\s\"']+")
MASK = r"\1***"


def mask(text):
    """``text`` with every table token replaced by ``***``."""
    return TOKEN.sub(MASK, text) if "/t/" in text else text


class MaskTableTokens(logging.Filter):
    """A handler filter: the record's message (its arguments merged in) and traceback with the tokens masked.
    It changes the record itself, so every handler after it sees the masked text too; it drops nothing."""

    def filter(self, record):
        message = record.getMessage()
        masked = mask(message)
        if masked != message:
            record.msg, record.args = masked, ()
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = mask(record.exc_text)
        if record.stack_info:
            record.stack_info = mask(record.stack_info)
        return True
