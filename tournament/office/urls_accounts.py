"""The account URLs under /konto/: Django's ``django.contrib.auth.urls`` with the same names, but the login links
the password reset only while it is on, and the reset itself exists only where e-mail can be sent and is
throttled (``views.password_reset``)."""
from django.contrib.auth import urls as auth_urls
from django.urls import path

from tournament.office.views.accounts import password_reset as views

OURS = {"login", "password_reset", "password_reset_done", "password_reset_confirm", "password_reset_complete"}

urlpatterns = [pattern for pattern in auth_urls.urlpatterns if pattern.name not in OURS] + [
    path("login/", views.login, name="login"),
    path("password_reset/", views.password_reset, name="password_reset"),
    path("password_reset/done/", views.password_reset_done, name="password_reset_done"),
    path("reset/<uidb64>/<token>/", views.password_reset_confirm, name="password_reset_confirm"),
    path("reset/done/", views.password_reset_complete, name="password_reset_complete"),
]
