"""Password reset by e-mail: Django's views, only where this site can send e-mail.

``settings.CEGO_PASSWORD_RESET`` is on when ``DJANGO_EMAIL_HOST`` is set (docs/production.md). Off, the four reset
URLs answer 404 and the login page does not link them: a form that silently sends nothing only misleads, and an
open form is a free mail cannon. On, sending the form is limited per client address and per e-mail address
(``common.ratelimit``): ``CEGO_RESET_RATE`` sendings (default 5) per ``CEGO_RESET_WINDOW`` seconds (default 3600)
each; over either, the answer is 429 and no mail goes out. Counting by the e-mail address as well means that
rotating addresses does not flood one mailbox.
"""

import hashlib
from functools import wraps

from axes.helpers import get_client_ip_address
from django.conf import settings
from django.contrib.auth import views as auth_views
from django.http import Http404
from django.template.response import TemplateResponse

from tournament.common import ratelimit


def reset_enabled():
    return bool(getattr(settings, "CEGO_PASSWORD_RESET", False))


def when_enabled(view):
    """``view`` while the password reset is on; a 404 while it is off."""
    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not reset_enabled():
            raise Http404
        return view(request, *args, **kwargs)
    return wrapper


def over_limit(request):
    """Count one sending of the reset form, by client address and by the e-mail address typed; True when either
    count of this window is past the limit (both are counted, so neither can be reset by varying the other)."""
    limit = getattr(settings, "CEGO_RESET_RATE", 5)
    window = getattr(settings, "CEGO_RESET_WINDOW", 3600)
    address = get_client_ip_address(request) or "unknown"
    email = request.POST.get("email", "").strip().casefold()
    mailbox = hashlib.blake2b(email.encode(), digest_size=12).hexdigest()
    by_address = ratelimit.over_limit(f"reset:ip:{address}", limit=limit, window=window)
    by_mailbox = ratelimit.over_limit(f"reset:mail:{mailbox}", limit=limit, window=window)
    return by_address or by_mailbox


class ThrottledPasswordResetView(auth_views.PasswordResetView):
    def post(self, request, *args, **kwargs):
        if over_limit(request):
            return TemplateResponse(request, "registration/password_reset_limit.html", status=429)
        return super().post(request, *args, **kwargs)


class LoginView(auth_views.LoginView):
    """Django's login, which links the password reset only while it is on."""

    def get_context_data(self, **kwargs):
        return {**super().get_context_data(**kwargs), "password_reset": reset_enabled()}


password_reset = when_enabled(ThrottledPasswordResetView.as_view())
password_reset_done = when_enabled(auth_views.PasswordResetDoneView.as_view())
password_reset_confirm = when_enabled(auth_views.PasswordResetConfirmView.as_view())
password_reset_complete = when_enabled(auth_views.PasswordResetCompleteView.as_view())
login = LoginView.as_view()
