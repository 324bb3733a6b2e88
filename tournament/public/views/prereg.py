"""The public pre-registration page (docs/director.md, "Pre-registration"): a published tournament whose
direction opened it (else 404) takes a player's request and answers with a free place or his number on the
waiting list. Not cached (it has a form). A filled honeypot gets the same thank-you page and nothing is stored;
more than ``CEGO_PREREG_RATE`` sendings per address and window get 429 (``public.ratelimit``)."""

from django.core.exceptions import ValidationError
from django.http import Http404
from django.template.response import TemplateResponse
from django.views.decorators.cache import never_cache

from tournament.public import ratelimit
from tournament.public import selectors as public_queries
from tournament.public.forms import PreRegistrationForm
from tournament.registration import prereg


@never_cache
def preregister(request, pk):
    t = public_queries.published_tournament(pk)
    if not prereg.is_open(t):
        raise Http404
    context = {"tournament": t, "season": t.season, "noindex": True}
    form = PreRegistrationForm(request.POST or None)
    if request.method == "POST":
        if ratelimit.over_limit(request):
            return TemplateResponse(request, "public/preregister_limit.html", context, status=429,
                                    headers={"Retry-After": "600"})
        if form.is_bot:
            return TemplateResponse(request, "public/preregister_done.html", {**context, "bot": True})
        if form.is_valid():
            data = {k: form.cleaned_data[k] for k in ("first_name", "last_name", "town", "team_name", "email")}
            try:
                sent = prereg.submit(tournament=t, **data)
            except ValidationError as err:
                form.add_error(None, err)
            else:
                places = prereg.places(t)
                return TemplateResponse(request, "public/preregister_done.html", {
                    **context, "sent": sent, "waiting_number": places.waiting_number(sent)})
    return TemplateResponse(request, "public/preregister.html", {**context, "form": form,
                                                                 "places": prereg.places(t)})
