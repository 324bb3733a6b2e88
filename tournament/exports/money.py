"""The cash reports (issue 26, docs/money.md): ``cash_report`` (a tournament's day, PDF), ``season_cash_report``
(every day side by side, the season fund and the season prizes paid from it, PDF, landscape) and the sheet "Kasse"
of the tournament workbook (``cash_sheet``). The figures come from ``money.selectors``; the workbook's amounts and
sums are numbers written by us, never formulas."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tournament.common.euros import EXCEL_EUROS
from tournament.exports.base import INTEGER, Column, PdfExporter, Sheet
from tournament.exports.registry import register
from tournament.money import selectors


def report_lines(report):
    """The report as (section, label, amount) lines, in print order — the PDF and the sheet read the same."""
    fees, other, result = _("Entry fees"), _("Other income and expenses"), _("Result")
    lines = [(fees, _("Entry fee before reductions"), report.fee)]
    lines += [(fees, ngettext("%(kind)s: %(n)s entry", "%(kind)s: %(n)s entries", n) % {"kind": kind, "n": n}, paid)
              for kind, n, _due, paid in report.kinds]
    lines += [(fees, _("received, %(method)s") % {"method": label}, amount)
              for label, amount in report.by_method.items()]
    lines += [(fees, _("of that refunded"), -report.refunded), (fees, _("Fees received (net)"), report.fees_net),
              (fees, _("Open fees"), report.open)]
    lines += [(other, item.text, item.amount) for item in report.income]
    lines += [(other, item.text, -item.amount) for item in report.expenses]
    lines += [(result, _("Prize money paid"), -report.prize_money),
              (result, _("Share for the season fund"), -report.fund_share),
              (result, _("Balance for the host club"), report.balance),
              (result, _("Goods from the prize table (value, not cash)"), report.prize_goods)]
    return lines


def cash_sheet(tournament):
    """The sheet "Kasse" of the tournament workbook: the report's lines (amount in the last column), then every
    entry's account (start number, owes, paid, open) — every amount a number, every sum computed here."""
    report = selectors.day_report(tournament)
    columns = [Column(_("Section"), 18), Column(_("What"), 40), Column(_("Start number"), 10, INTEGER),
               *(Column(label, 12, EXCEL_EUROS) for label in (_("Owes"), _("Paid"), _("Open"))),
               Column(_("Amount"), 14, EXCEL_EUROS)]

    def rows():
        yield from ([section, label, None, None, None, None, amount] for section, label, amount in report_lines(report))
        entries = _("Entries")
        for acc in selectors.accounts(tournament).values():
            kind = acc.kind + (f" · {acc.reason}" if acc.reason else "")
            withdrawn = f" ({_('withdrawn')})" if acc.entry.withdrawn else ""
            yield [entries, f"{acc.entry.player.full_name}{withdrawn} · {kind}", acc.entry.start_number, acc.due,
                   acc.paid, acc.open, None]

    return Sheet(_("Cash"), columns, rows(), counted=False, freeze_columns=2)


@register
class CashReportPdf(PdfExporter):
    identifier = "cash_report"
    verbose_name = gettext_lazy("Cash report (fees, other income and expenses, prizes, the season fund's share)")
    scope = "tournament"
    template_name = "exports/pdf/cash_report.html"

    def context(self, *, tournament, **kwargs):
        report = selectors.day_report(tournament)
        return {"tournament": tournament, "report": report, "lines": report_lines(report)}

    def stem(self, *, tournament, **kwargs):
        return (_("cash-report"), tournament.name, f"{tournament.date:%Y-%m-%d}")


@register
class SeasonCashReportPdf(PdfExporter):
    identifier = "season_cash_report"
    verbose_name = gettext_lazy("Season cash report (every day side by side, the season fund and its prizes)")
    scope = "season"
    template_name = "exports/pdf/season_cash_report.html"

    def context(self, *, season, **kwargs):
        report = selectors.season_report(season)
        rows = [
            (_("Fees received (net)"), [d.fees_net for d in report.days]),
            (_("of that in cash"), [d.by_method.get(str(_("cash")), 0) for d in report.days]),
            (_("Open fees"), [d.open for d in report.days]),
            (_("Other income"), [d.income_total for d in report.days]),
            (_("Expenses"), [d.expense_total for d in report.days]),
            (_("Prize money paid"), [d.prize_money for d in report.days]),
            (_("Share for the season fund"), [d.fund_share for d in report.days]),
            (_("Balance for the host club"), [d.balance for d in report.days]),
        ]
        rows = [(label, values, sum(values)) for label, values in rows]
        return {"season": season, "report": report, "rows": rows}

    def stem(self, *, season, **kwargs):
        return (_("season-cash-report"), season.name)

