"""The prizes handed over at a tournament, as the cash report needs them: the one door between the money and the
prize giving (``tournament.prizes``, docs/prizes.md): the money handed over and the goods' value for the books,
counted from each winner's latest step at the prize table."""

from tournament.prizes import selectors as prize_selectors


def paid_out(tournament):
    """``(money, goods)`` handed over at ``tournament``'s prize giving, both ``Decimal`` (``prizes.selectors``)."""
    return prize_selectors.paid_out(tournament)
