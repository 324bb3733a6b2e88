"""The bridge between Django's active language and the scoring engine's two label languages."""
from django.utils.translation import get_language


def engine_lang():
    """``"de"`` or ``"en"``: the language the scoring engine should use for labels and messages."""
    return "en" if (get_language() or "de").startswith("en") else "de"
