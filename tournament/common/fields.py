"""The one form field for a number a user types (points, start numbers, games, tables, minutes): digits 0–9
only. Django's ``IntegerField`` calls ``int()``, which also takes "٣" or "３"; this field refuses them with a
clear message (``common.numbers.parse_whole``). ModelForms get it for every integer column through
``Meta.formfield_callback = whole_numbers``.

``tidy_names`` is what a form does with the names typed in it (the player forms, the pre-registration form):
invisible and direction-changing characters dropped (``names.tidy``), and a name with nothing visible
(``names.invisible``) refused at its field with ``invisible_name_error``."""

from django import forms
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournament.common import names
from tournament.common.numbers import foreign_digits, parse_whole


def invisible_name_error():
    return ValidationError(_("This name has no visible letters (only invisible or direction-changing characters). "
                             "Type the name with letters."), code="invisible_name")


def tidy_names(form, data, required, optional=()):
    """Tidy the typed texts of ``data`` (a form's cleaned data) in place: ``required`` names with nothing visible
    are an error at their field (which takes them out of the data), the others are tidied."""
    for name in (*required, *optional):
        value = data.get(name)
        if isinstance(value, str) and name in required and names.invisible(value):
            form.add_error(name, invisible_name_error())
        elif isinstance(value, str):
            data[name] = names.tidy(value)


class WholeNumberField(forms.IntegerField):
    default_error_messages = {"digits": _("Type the number with the digits 0–9.")}

    def to_python(self, value):
        if isinstance(value, str) and value.strip() not in self.empty_values:
            try:
                value = parse_whole(value)
            except ValueError:
                code = "digits" if foreign_digits(value) else "invalid"
                raise ValidationError(self.error_messages[code], code=code) from None
        return super().to_python(value)


def digits_message(text):
    """The field's message for ``text`` typed with digits other than 0–9, or None (for forms that parse
    their own character fields, like the score sheet's rows)."""
    return WholeNumberField.default_error_messages["digits"] if foreign_digits(text) else None


def whole_numbers(db_field, **kwargs):
    """``formfield_callback`` of a ModelForm: integer columns as ``WholeNumberField``, the rest as usual."""
    if isinstance(db_field, models.IntegerField) and not db_field.choices:
        kwargs.setdefault("form_class", WholeNumberField)
    return db_field.formfield(**kwargs)
