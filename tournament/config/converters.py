"""Path converters. ``id`` is ``int`` bounded to what a database id can hold: digits up to 2^63 − 1 (the largest
BigAutoField, and every SQLite INTEGER). A longer number in a URL is a page that cannot exist, so it is a 404 —
without it, ``/turnier/9223372036854775808/`` reached the database and answered 500 (OverflowError). Every
id-like parameter of every ``urls*.py`` uses it (``tests/security/test_huge_ids.py`` walks them all)."""

from django.urls import register_converter

ID_MAX = 2**63 - 1


class IdConverter:
    regex = "[0-9]{1,19}"      # 2^63 − 1 has 19 digits: a longer number never gets as far as int()

    def to_python(self, value):
        number = int(value)
        if number > ID_MAX:
            raise ValueError("id out of range")     # the resolver reads ValueError as "no match": 404
        return number

    def to_url(self, value):
        return str(int(value))


register_converter(IdConverter, "id")
