"""django-tables2 tables. Pure rows (lists of dicts from the engine) render directly."""
import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from tournament.common.i18n import engine_lang


class TariffTable(tables.Table):
    """The tariff grid of a ruleset: one row per Fach; value columns are added per ruleset."""

    fach = tables.Column(verbose_name=_("Fach"), attrs={"th": {"class": "fach"}, "td": {"class": "fach"}})
    declarer_band = tables.Column(verbose_name=_("Declarer lost"),
                                  attrs={"th": {"class": "band"}, "td": {"class": "band"}})
    defender_band = tables.Column(verbose_name=_("Defenders lost"),
                                  attrs={"th": {"class": "band"}, "td": {"class": "band"}})

    class Meta:
        orderable = False
        template_name = "public/tariff/grid_table.html"
        attrs = {"class": "grid tariff reflow", "id": "tariff-grid"}

    def __init__(self, grid, **kwargs):
        lang = engine_lang()
        extra = [
            (column.key, tables.Column(verbose_name=column.label[lang],
                                       attrs={"th": {"class": "num", "data-key": column.key},
                                              "td": {"class": "num", "data-key": column.key}}))
            for column in grid.columns
        ]
        super().__init__(grid.rows, extra_columns=extra, **kwargs)
        self.margin = grid.kind == "margin"
        if grid.kind == "margin":   # the margin-over-35 scoring has no Fach: a row per card point of margin
            self.columns["fach"].column.verbose_name = _("Margin")
            self.columns["declarer_band"].column.verbose_name = _("Winner's card points")
            self.columns["defender_band"].column.verbose_name = _("Loser's card points")
        for bound in self.columns:      # the label of each value in the one-card-per-Fach layout of a phone
            bound.column.attrs = {**bound.column.attrs, "td": {**bound.column.attrs.get("td", {}),
                                                               "data-label": str(bound.header)}}
        self.band_column_count = 2
        self.value_column_count = len(extra)
