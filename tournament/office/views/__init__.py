"""Views of the office, one module per page group; guards in ``access``, shared helpers in ``common``."""
