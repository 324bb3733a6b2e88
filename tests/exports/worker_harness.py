"""The processes of ``test_worker_killed.py``, each a ``python -m tests.exports.worker_harness ACTION`` on the
database of ``DATABASE_URL`` (a temporary SQLite file). Test code only: the app knows nothing of it.

* ``setup``: migrate, seat a round of 8 and make the director; prints ``{"round": id, "user": id}``.
* ``worker``: a real ``manage.py db_worker``, with the ``table_list`` export made slow — it reports progress every
  0.1 s for as long as the file ``HARNESS_SLOW_FILE`` exists (up to a minute), then renders as usual. The
  worker's pid is added to the file ``HARNESS_PIDS`` first.
* ``admit ROUND USER``: start the ``table_list`` export of the round as the user, and again every 0.2 s while the
  limit refuses it; prints ``refused`` once, then ``admitted JOB_ID UNIX_TIME``.
"""

import json
import os
import sys
import time


def setup():
    from django.core.management import call_command

    from tests import factories

    call_command("migrate", verbosity=0, interactive=False)
    _tournament, round_ = factories.seated(players=8)
    print(json.dumps({"round": round_.pk, "user": factories.staff().pk}), flush=True)


def worker():
    from django.core.management import call_command

    from tournament.exports import registry

    with open(os.environ["HARNESS_PIDS"], "a") as pids:
        pids.write(f"{os.getpid()}\n")
    slow_file = os.environ["HARNESS_SLOW_FILE"]
    cls = type(registry.get("table_list"))
    original = cls.render

    def render(self, *, progress=None, **kwargs):
        step = 0
        while os.path.exists(slow_file) and step < 600:
            step += 1
            progress(step, 1000)
            time.sleep(0.1)
        return original(self, progress=progress, **kwargs)

    cls.render = render
    call_command("db_worker", reload=False, interval=0.2, startup_delay=False, verbosity=0)


def admit(round_id, user_id):
    from django.contrib.auth import get_user_model
    from django.core.exceptions import ValidationError

    from tournament.exports import registry, services
    from tournament.models import Round

    round_ = Round.objects.select_related("tournament__season").get(pk=round_id)
    user = get_user_model().objects.get(pk=user_id)
    deadline, said = time.monotonic() + 120, False
    while time.monotonic() < deadline:
        try:
            job = services.start_export(user=user, exporter=registry.get("table_list"), target=round_)
        except ValidationError as refusal:
            if refusal.code != "busy":
                raise
            if not said:
                print("refused", flush=True)
                said = True
            time.sleep(0.2)
        else:
            print(f"admitted {job.pk} {time.time()}", flush=True)
            return
    raise SystemExit("never admitted")


if __name__ == "__main__":
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tournament.config.settings")
    django.setup()
    action, *args = sys.argv[1:]
    {"setup": setup, "worker": worker, "admit": admit}[action](*args)
