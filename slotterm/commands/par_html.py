"""The PAR report: one self-contained HTML page of the sheet (``par GAME --html FILE``).

The page has no script and loads nothing: its style sheet is inline and its charts are
inline SVG (:mod:`~slotterm.commands.par_svg`).  It shows the headline figures, the RTP
split as bars, the win distribution (the probability that a round pays at least x times
the total bet, exact at 1-2-5 steps of each decade, on log-log axes), where the RTP of
10^3 to 10^6 rounds lands (RTP ± VI/√N at 90 % and 95 %), then every figure of
``par --json``: the single figures with their units
(:func:`~slotterm.commands.par_units.unit_of`) and each list as a table.  A figure is shown
rounded for reading; its ``data-value`` attribute (and its hover text) has every digit.
Every text on the page is escaped.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

from slotterm import __version__
from slotterm.commands.par_charts import distribution_chart, percent, split_chart, volatility_chart
from slotterm.commands.par_formats import SUMMARY, cell_text, sheet_game, sheet_tables
from slotterm.commands.par_html_style import STYLE
from slotterm.commands.par_svg import element
from slotterm.commands.par_units import unit_of

if TYPE_CHECKING:
    from slotterm.analysis.sheet import ParSheet
    from slotterm.commands.par_formats import SheetTable


UNIT_WORDS = {
    "fraction": "%",
    "x_total_bet": "× total bet",
    "x_line_bet": "× line bet",
    "rounds": "rounds",
    "spins": "spins",
    "per_round": "per round",
    "cents": "money",
    "factor": "×",
}
"""How the page names a unit (:data:`~slotterm.commands.par_units.UNITS`; a count or a
plain number has no word)."""


def unit_words(section: str, name: str) -> str:
    """The unit of a figure as the page says it."""
    return UNIT_WORDS.get(unit_of(section, name), "")


def show(section: str, name: str, value: Any) -> str:
    """A figure as a reader wants it: by its unit, rounded (every digit is in ``data-value``)."""
    if value is None:
        return "never"
    if isinstance(value, str):
        return value
    unit = unit_of(section, name)
    if unit == "fraction":
        return percent(value)
    if unit == "cents":
        from slotterm.money import format_cents

        return format_cents(value)
    if isinstance(value, int) or (float(value).is_integer() and abs(value) < 1e15):
        return f"{int(value):,}"
    if unit in ("rounds", "spins") or abs(value) >= 1e5:
        return f"{value:,.1f}"
    return f"{value:,.4f}"


def _cell(tag: str, section: str, name: str, value: Any, **attrs: object) -> str:
    exact = cell_text(value)
    return element(
        tag, {**attrs, "data-value": exact, "title": exact}, html.escape(show(section, name, value))
    )


def _table(attrs: dict[str, object], head: list[str], rows: list[str]) -> str:
    """A table: its header cells (markup) and its rows (markup)."""
    header = element("tr", {}, "".join(element("th", {}, cell) for cell in head))
    return element(
        "table", attrs, element("thead", {}, header) + element("tbody", {}, "".join(rows))
    )


def _summary_row(name: str, value: Any) -> str:
    unit = "" if isinstance(value, str) else unit_words(SUMMARY, name)
    cells = (
        element("th", {}, html.escape(name))
        + _cell("td", SUMMARY, name, value, **{"class": "value"})
        + element("td", {"class": "unit"}, html.escape(unit))
    )
    return element("tr", {"data-name": name}, cells)


def summary_table(table: SheetTable) -> str:
    """The single figures: name, value, unit; one row each, named by its JSON key."""
    rows = [_summary_row(name, value) for name, value in table.rows]
    return _table({"id": "summary"}, ["figure", "value", "unit"], rows)


def list_table(table: SheetTable) -> str:
    """One list of the sheet: its columns (with their units) and its rows."""
    head = []
    for n, column in enumerate(table.columns):
        words = all(isinstance(row[n], str) for row in table.rows)
        unit = "" if words else unit_words(table.name, column)
        head.append(html.escape(column) + element("span", {"class": "unit"}, html.escape(unit)))
    rows = [
        element(
            "tr",
            {},
            "".join(
                _cell("td", table.name, column, value, **{"data-column": column})
                for column, value in zip(table.columns, row, strict=True)
            ),
        )
        for row in table.rows
    ]
    attrs: dict[str, object] = {"id": f"table-{table.name}", "data-section": table.name}
    return _table(attrs, head, rows)


def report_html(sheet: ParSheet) -> str:
    """The whole page."""
    game = sheet_game(sheet)
    lines = f"{sheet.lines} line{'s' * (sheet.lines > 1)}"
    title = f"{game.name}: {sheet.kind} PAR sheet, {lines}"
    tables = sheet_tables(sheet)
    parts = [
        element("h1", {}, html.escape(title)),
        element(
            "p",
            {},
            "Every figure is computed exactly by counting reel stops, not by simulation. "
            "RTPs and probabilities are percentages of the total bet or of the rounds; "
            "wins and standard deviations are multiples of the total bet. "
            "Hover a figure for all its digits.",
        ),
        _headline(sheet),
        _section("split", "RTP split", split_chart(sheet), _split_note(sheet)),
        _section(
            "distribution",
            "Win distribution",
            distribution_chart(sheet),
            "The chance that one round (its base spin and every feature it starts) pays at "
            "least x times the total bet, with the round cap. Exact at the marked points "
            "(0.1, 0.2, 0.5, 1, 2, 5... and the cap); the dashed line only joins them.",
        ),
        _section(
            "spread",
            "Volatility",
            volatility_chart(sheet),
            "Where the RTP of N rounds lands: RTP ± VI/√N, inside the dark band 90 % of the "
            "time and inside the light band 95 % of the time.",
        ),
        _section("figures", "Every figure", summary_table(tables[0]), ""),
        *(
            _section(f"list-{table.name}", table.title, list_table(table), "")
            for table in tables[1:]
        ),
        element("footer", {}, html.escape(f"slotterm {__version__}, game file {game.id}")),
    ]
    head = (
        '<meta charset="utf-8">'
        + element("title", {}, html.escape(title))
        + element("style", {}, STYLE)
    )
    return (
        "<!DOCTYPE html>\n"
        + element(
            "html",
            {"lang": "en"},
            element("head", {}, head) + element("body", {}, "\n".join(parts)),
        )
        + "\n"
    )


def _section(section_id: str, heading: str, body: str, note: str) -> str:
    words = element("p", {"class": "note"}, html.escape(note)) if note else ""
    return element(
        "section", {"id": section_id}, element("h2", {}, html.escape(heading)) + body + words
    )


def _split_note(sheet: ParSheet) -> str:
    effect = percent(sheet.cap_effect)
    return (
        f"The parts add up to the total. The round cap changes the RTP by {effect}, "
        "already counted in the parts it cuts; a feature's own parts are shown under it."
    )


def _headline(sheet: ParSheet) -> str:
    cards = [
        ("RTP", percent(sheet.rtp), "rtp"),
        ("hit frequency", percent(sheet.hit_frequency), "hit_frequency"),
        ("volatility index (90 %)", show(SUMMARY, "vi_90", sheet.vi_90), "vi_90"),
        (
            "top award, × total bet",
            show(SUMMARY, "cap_x_total_bet", sheet.cap_x_total_bet),
            "cap_x_total_bet",
        ),
        ("top award, 1 in", show(SUMMARY, "cap_one_in", _finite(sheet.cap_one_in)), "cap_one_in"),
    ]
    return element(
        "div",
        {"class": "cards"},
        "".join(
            element(
                "div",
                {"class": "card", "data-name": name},
                element("span", {}, html.escape(label)) + element("strong", {}, html.escape(value)),
            )
            for label, value, name in cards
        ),
    )


def _finite(value: float) -> float | None:
    return value if value != float("inf") else None
