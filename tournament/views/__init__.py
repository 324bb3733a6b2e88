"""Views, split by area: ``tariff`` (public rule reference and card counter), more with later issues."""
