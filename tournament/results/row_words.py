"""A stored game's row in short form and in words, for every sheet that prints or shows one (the director's
sheet, the phone, the PDF score sheet, the workbook): the contract as typed (``GSo/KM``, ``U2 ouv.``, ``PR``,
``U/3``) and the last rules of the seed documents in words (RULES.md §10: a Pflichträuber, a bought Kleiner Mann, a
fine). Reads only; ``results.rows`` parses what is typed."""

from django.utils.translation import gettext as _

from scoring.contracts import CONTRACTS

COMPULSORY_ABBR = "PR"      # a Pflichträuber as typed and printed (``results.rows.COMPULSORY_ALIASES``)


def contract_abbr(game):
    """A stored game's contract as typed and printed: ``C``, ``GSo/KM``, ``U2 ouv.``, ``PR``, ``U/3``."""
    if game.contract == "raeuber" and getattr(game, "compulsory", False):
        return COMPULSORY_ABBR
    contract = CONTRACTS.get(game.contract)
    return (contract.abbr if contract else game.contract) + variant_text(game)


def special_words(game):
    """The last rules of the seed documents in words, for the sheets (screen and paper) and the phone: a
    Pflichträuber, a bought Kleiner Mann, a fine; ``""`` for every other game."""
    if game.contract == "raeuber" and getattr(game, "compulsory", False):
        return _("Pflichträuber (compulsory Räuber, nobody announced it)")
    if getattr(game, "pagat_seller", None) is not None:
        return _("Kleiner Mann bought from seat %(seat)s") % {"seat": game.pagat_seller + 1}
    if game.contract == "fine" and getattr(game, "payer", None) is not None:
        value = game.fine_value if game.fine_value is not None else game.value
        return _("Fine: seat %(seat)s pays %(value)s to every other player") % {"seat": game.payer + 1,
                                                                                 "value": value}
    return ""


def variant_text(game):
    """The short form of a stored game's variants, as typed and printed: ``/KM``, `` ouv.``, ``/3`` (the seat that
    sold the Kleiner Mann) or ``""``."""
    out = ""
    if getattr(game, "played_with", None) in CONTRACTS:
        out += "/" + CONTRACTS[game.played_with].abbr
    if getattr(game, "pagat_seller", None) is not None:
        out += f"/{game.pagat_seller + 1}"
    if getattr(game, "ouverte", False):
        out += " ouv."
    return out
