"""The check-in desk's services: one start number at a time (with its undo), everybody at once (with its undo),
each audited once, refused in words for unknown or withdrawn numbers, and only for the tournament's direction."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from tests import factories
from tournament.models import AuditLog, Entry, Role, Tournament
from tournament.registration import selectors
from tournament.registration import services as registration

pytestmark = pytest.mark.django_db


def codes(err):
    return {e.code for errors in err.error_dict.values() for e in errors} if hasattr(err, "error_dict") else {err.code}


def present(t):
    return sorted(t.entries.filter(checked_in=True).values_list("start_number", flat=True))


def entry_rows(t):
    """The audit rows that changed a check-in (the factory's registrations have their own rows)."""
    return AuditLog.objects.filter(tournament=t, object_type=AuditLog.Kind.ENTRY, new__has_key="checked_in")


def test_check_in_by_start_number_is_audited_once_and_raises_the_data_version():
    t = factories.tournament(players=5)
    director = factories.staff()
    before = Tournament.objects.values_list("data_version", "setup_version").get(pk=t.pk)
    entry, changed = registration.check_in(tournament=t, user=director, start_number=3)
    assert changed and entry.start_number == 3 and present(t) == [3]
    row = entry_rows(t).get()
    assert (row.object_id, row.user, row.old, row.new) == (
        entry.pk, director, {"start_number": 3, "checked_in": False}, {"start_number": 3, "checked_in": True})
    after = Tournament.objects.values_list("data_version", "setup_version").get(pk=t.pk)
    assert after[0] > before[0] and after[1] > before[1]
    entry, changed = registration.check_in(tournament=t, user=director, start_number=3)      # typed twice
    assert not changed and entry_rows(t).count() == 1


def test_undo_of_one_check_in():
    t = factories.tournament(players=3)
    director = factories.staff()
    registration.check_in(tournament=t, user=director, start_number=2)
    assert selectors.last_check_in(t, director)["entry"].start_number == 2
    entry, changed = registration.check_in(tournament=t, user=director, start_number=2, present=False)
    assert changed and present(t) == [] and entry_rows(t).count() == 2
    assert selectors.last_check_in(t, director) is None           # the undo is not offered twice


def test_unknown_and_withdrawn_numbers_are_refused_in_words():
    t = factories.tournament(players=3)
    Entry.objects.filter(tournament=t, start_number=2).update(withdrawn=True)
    with pytest.raises(ValidationError) as unknown:
        registration.check_in(tournament=t, user=None, start_number=99)
    with pytest.raises(ValidationError) as withdrawn:
        registration.check_in(tournament=t, user=None, start_number=2)
    assert codes(unknown.value) == {"unknown_start_number"} and "99" in str(unknown.value)
    assert codes(withdrawn.value) == {"entry_withdrawn"}
    assert set(unknown.value.error_dict) == set(withdrawn.value.error_dict) == {"number"}
    assert present(t) == [] and not entry_rows(t).exists()


def test_check_in_everybody_leaves_out_the_withdrawn_and_records_whom_it_changed():
    t = factories.tournament(players=6)
    director = factories.staff()
    registration.check_in(tournament=t, user=director, start_number=1)
    Entry.objects.filter(tournament=t, start_number=4).update(withdrawn=True)
    row = registration.check_in_all(tournament=t, user=director)
    assert present(t) == [1, 2, 3, 5, 6]
    assert row.new == {"checked_in": True, "start_numbers": [2, 3, 5, 6], "bulk": registration.CHECK_IN_ALL}
    assert entry_rows(t).count() == 2                                 # one row for the single, one for the bulk
    assert selectors.check_in_counts(t) == {"present": 5, "registered": 5}
    assert selectors.last_check_in(t, director) == {"log": row, "count": 4}
    assert registration.check_in_all(tournament=t, user=director) is None      # nobody left: no row
    assert entry_rows(t).count() == 2


def test_undo_of_everybody_restores_the_previous_state_once():
    t = factories.tournament(players=5)
    director = factories.staff()
    registration.check_in(tournament=t, user=director, start_number=2)
    row = registration.check_in_all(tournament=t, user=director)
    registration.check_in(tournament=t, user=director, start_number=4, present=False)   # unchecked by hand since
    undo = registration.undo_check_in_all(tournament=t, user=director, log_id=row.pk)
    assert present(t) == [2]                                         # as before the bulk check-in
    assert undo.new == {"checked_in": False, "start_numbers": [1, 3, 5], "bulk": registration.UNDO_CHECK_IN_ALL,
                        "undoes": row.pk}
    assert selectors.last_check_in(t, director) is None
    with pytest.raises(ValidationError) as again:
        registration.undo_check_in_all(tournament=t, user=director, log_id=row.pk)
    assert codes(again.value) == {"bulk_already_undone"} and present(t) == [2]


def test_undo_of_everybody_needs_a_bulk_row_of_this_tournament():
    t, other = factories.tournament(players=2), factories.tournament(players=2, name="Anderes")
    row = registration.check_in_all(tournament=other, user=None)
    single = registration.check_in(tournament=t, user=None, start_number=1)
    for log_id in (row.pk, AuditLog.objects.filter(tournament=t).latest("id").pk, 0):
        with pytest.raises(ValidationError) as err:
            registration.undo_check_in_all(tournament=t, user=None, log_id=log_id)
        assert codes(err.value) == {"unknown_bulk_check_in"}
    assert single[1] and present(other) == [1, 2]


def test_check_in_needs_the_direction_of_the_tournament():
    t = factories.tournament(players=2)
    helper = factories.with_role(Role.Kind.HELPER, tournament=t, name="helfer")
    for call in (lambda: registration.check_in(tournament=t, user=helper, start_number=1),
                 lambda: registration.check_in_all(tournament=t, user=helper)):
        with pytest.raises(PermissionDenied):
            call()
    row = registration.check_in_all(tournament=t, user=None)
    with pytest.raises(PermissionDenied):
        registration.undo_check_in_all(tournament=t, user=helper, log_id=row.pk)
    assert present(t) == [1, 2]


def test_counts_leave_out_the_withdrawn():
    t = factories.tournament(players=4)
    Entry.objects.filter(tournament=t, start_number=4).update(withdrawn=True, checked_in=True)
    registration.check_in(tournament=t, user=None, start_number=1)
    assert selectors.check_in_counts(t) == {"present": 1, "registered": 3}


def test_the_bulk_rows_read_as_words_with_their_start_numbers():
    from tournament.audit.words import describe

    t = factories.tournament(players=3)
    row = registration.check_in_all(tournament=t, user=None)
    undo = registration.undo_check_in_all(tournament=t, user=None, log_id=row.pk)
    said, unsaid = describe(row), describe(undo)
    assert [c.key for c in said.changes] == ["checked_in", "start_numbers"]      # "bulk", "undoes" are hidden
    assert said.changes[1].after == unsaid.changes[1].after == "1, 2, 3"
