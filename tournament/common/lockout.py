"""The login lockout's second limit (django-axes): per user name from any address.

Five wrong passwords lock one user name from one address (``AXES_FAILURE_LIMIT``; the address comes from
``common.client_ip``). Rotating addresses gets around that, so ``CEGO_LOGIN_USERNAME_LIMIT`` wrong passwords for
one user name from any addresses within the cool-off time lock the name everywhere. docs/production.md
"Login lockout".
"""

from axes.attempts import get_cool_off_threshold
from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import Sum


class LockoutHandler(AxesDatabaseHandler):
    """axes' database handler with a second, higher limit per user name from any address.

    axes counts failures per user name and address; a request counts as over the limit when that count reaches
    ``AXES_FAILURE_LIMIT`` or the user name's count over all addresses reaches ``CEGO_LOGIN_USERNAME_LIMIT``.
    """

    def get_failures(self, request, credentials=None):
        failures = super().get_failures(request, credentials)
        limit = getattr(settings, "CEGO_LOGIN_USERNAME_LIMIT", 0)
        username = get_client_username(request, credentials)
        if not limit or username is None or failures >= settings.AXES_FAILURE_LIMIT:
            return failures
        attempts = AccessAttempt.objects.filter(username=username)
        if settings.AXES_COOLOFF_TIME is not None:
            attempts = attempts.filter(attempt_time__gte=get_cool_off_threshold(request))
        if (attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0) >= limit:
            request.cego_locked_by_username = True      # the lockout page says so
            return max(failures, settings.AXES_FAILURE_LIMIT)
        return failures
