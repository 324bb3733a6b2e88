"""gunicorn's logger with the table tokens masked (``log_masking.mask``): in the access log, whose request line,
path, query and Referer name a phone's secret link, and in gunicorn's own error log ("Error handling request
/t/…"). Passed to gunicorn with ``--logger-class tournament.config.gunicorn_logger.Logger`` (the Makefile and
docs/systemd/cego-web.service; docs/production.md, "Logs")."""

from gunicorn.glogging import Logger as GunicornLogger

from tournament.config.log_masking import MaskTableTokens, mask


class Logger(GunicornLogger):
    """Every text atom of the access log format masked (``%(r)s``, ``%(U)s``, ``%(q)s``, ``%(f)s``, ``%({…}i)s``
    …), and the error log's records filtered like Django's."""

    def __init__(self, cfg):
        super().__init__(cfg)
        if not any(isinstance(f, MaskTableTokens) for f in self.error_log.filters):
            self.error_log.addFilter(MaskTableTokens())

    def atoms(self, resp, req, environ, request_time):
        atoms = super().atoms(resp, req, environ, request_time)
        return {key: mask(value) if isinstance(value, str) else value for key, value in atoms.items()}
