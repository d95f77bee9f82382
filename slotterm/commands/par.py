"""The ``par`` command: the exact PAR sheet as Rich tables, JSON, CSV, Markdown or an HTML
report (DESIGN.md §6)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from slotterm.analysis.sheet import UNCAPPED
from slotterm.analysis.sheet_text import one_in as _one_in
from slotterm.analysis.sheet_text import pct as _pct
from slotterm.analysis.sheet_text import split_rows
from slotterm.cli import UsageError
from slotterm.commands.par_formats import feature_text
from slotterm.games import get_game

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    from slotterm.analysis.sheet import ParSheet
    from slotterm.analysis.sheet_text import SheetText
    from slotterm.engine.model import GameDefinition


def run_par(args: argparse.Namespace) -> int:
    """Compute the PAR sheet of ``args.game`` and print it."""
    game = get_game(args.game)
    lines = args.lines
    refusal = None if lines is None else game.lines_refusal(lines)
    if refusal is not None:
        raise UsageError(f"--{refusal}, got {lines}")  # "--lines must be 1..9, got 0"
    if args.section is not None and not args.csv:
        raise UsageError("--section goes with --csv: slotterm par GAME --csv --section NAME")
    if args.html is not None:  # a path that cannot be written is said before the count
        from slotterm.commands.par_report_file import check_target

        check_target(args.html)
    from slotterm.analysis import memory_estimate as memory
    from slotterm.analysis.features.contract import NoExactLaw
    from slotterm.analysis.par import compute_par

    budget = memory.default_budget() if args.max_memory is None else args.max_memory
    try:  # the estimate comes first: a game past the budget is refused before counting
        need = memory.estimate_memory(game, lines or len(game.lines), args.policy)
        refusal = memory.budget_refusal(need, budget)
        if refusal is not None:
            raise UsageError(f"{game.id}: no exact PAR sheet: {refusal}")
        with memory.guard(budget):
            sheet = compute_par(game, lines, args.policy)
    except NoExactLaw as exc:
        raise UsageError(f"{game.id}: no exact PAR sheet: {exc} (simulate still works)") from None
    except MemoryError:
        raise UsageError(
            f"{game.id}: no exact PAR sheet: the exact analysis ran past the memory budget"
            f" of {memory.format_bytes(budget)} (raise it with --max-memory)"
        ) from None
    if args.json:
        json.dump(sheet.to_json(), sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0
    if args.html is not None:
        from slotterm.commands.par_report_file import write_report

        write_report(sheet, args.html)
        print(f"PAR report written to {args.html}")
        return 0
    if args.csv:
        from slotterm.commands.par_csv import long_csv, section_csv

        section = args.section
        sys.stdout.write(long_csv(sheet) if section is None else section_csv(sheet, section))
        return 0
    if args.markdown:
        from slotterm.commands.par_formats import sheet_markdown

        sys.stdout.write(sheet_markdown(sheet))
        return 0
    from rich.console import Console

    print_sheet(sheet, Console())
    return 0


def print_sheet(sheet: ParSheet, console: Console) -> None:
    """Render the sheet as Rich tables: the core's rows, with each feature's from its law."""
    from rich.table import Table

    features = feature_text(sheet)
    title = f"{sheet.game} — {sheet.kind} PAR sheet, {sheet.lines} line{'s' * (sheet.lines > 1)}"
    summary = Table(title=title, show_header=False)
    summary.add_column("figure")
    summary.add_column("value", justify="right")
    cycles = [("base", sheet.cycle_base), *features.cycles]
    rows = [
        ("RTP (with the round cap)", _pct(sheet.rtp)),
        ("RTP without the cap", _pct(sheet.rtp_uncapped)),
        *_bound_rows(sheet),
        *_cap_rows(sheet),
        ("published RTP", _pct(sheet.published_rtp, 2)),
        ("hit frequency (pays or starts a feature)", _pct(sheet.hit_frequency, 3)),
        *features.summary,
        ("standard deviation (× total bet)", f"{sheet.sd:.3f}"),
        ("  without the cap / base spin only", f"{sheet.sd_uncapped:.3f} / {sheet.sd_base:.3f}"),
        ("volatility index 90 % / 95 %", f"{sheet.vi_90:.2f} / {sheet.vi_95:.2f}"),
        (f"top award {_times(sheet.cap_x_total_bet)}× total bet", _one_in(sheet.cap_one_in)),
        ("  seen at least once in 10^8 rounds", _pct(sheet.top_award_in_1e8_rounds, 2)),
        (
            f"cycle ({' / '.join(name for name, _ in cycles)} reels)",
            " / ".join(f"{count:,}" for _, count in cycles),
        ),
    ]
    for row in rows:
        summary.add_row(*row)
    console.print(summary)

    console.print(split_table(sheet, features))

    for own in features.tables:
        table = Table(title=own.title)
        for header in own.headers:
            table.add_column(header, justify="right")
        for cells in own.rows:
            table.add_row(*cells)
        console.print(table)

    from slotterm.commands.par_formats import sheet_game, wild_reading

    game = sheet_game(sheet)
    readings = [wild_reading(game, o) for o in sheet.symbols]
    symbols = Table(
        title="Base game line wins (per line)",
        caption=_wild_caption(game) if any(readings) else None,
    )
    symbols.add_column("symbol", justify="right", no_wrap=True)
    for header in ("count", "pays ×", "combinations", "odds 1 in", "RTP"):
        symbols.add_column(header, justify="right")
    for o, reading in zip(sheet.symbols, readings, strict=True):
        symbols.add_row(
            f"{o.symbol} {reading}" if reading else o.symbol,
            str(o.count),
            f"{o.multiplier:,}",
            f"{o.combinations:,}",
            _one_in(o.one_in).removeprefix("1 in "),
            _pct(o.rtp),
        )
    for sc in sheet.scatters:
        symbols.add_row(
            "scatter",
            f"{sc.count}+" if sc is sheet.scatters[-1] else str(sc.count),
            f"{sc.multiplier:,} total",
            "",
            _one_in(sc.one_in).removeprefix("1 in "),
            _pct(sc.rtp),
        )
    console.print(symbols)

    bands_title = "Round wins by size (× total bet, with the cap)"
    bands = Table(title=bands_title, min_width=len(bands_title))  # title on one line
    for header in ("band", "probability", "RTP"):
        bands.add_column(header, justify="right")
    for b in sheet.win_bands:
        bands.add_row(b.label, _pct(b.probability, 5), _pct(b.rtp))
    console.print(bands)

    conf = Table(title="Where the RTP of N rounds lands (RTP ± VI/√N)")
    for header in ("rounds", "90 %", "95 %"):
        conf.add_column(header, justify="right")
    for c in sheet.confidence:
        conf.add_row(
            f"{c.rounds:,}",
            f"{_pct(c.low_90, 2)} – {_pct(c.high_90, 2)}",
            f"{_pct(c.low_95, 2)} – {_pct(c.high_95, 2)}",
        )
    console.print(conf)


def split_table(sheet: ParSheet, features: SheetText) -> Table:
    """The RTP split: each part as the game's own figure and with the round cap, the
    cap's effect, and the totals (both columns add up)."""
    from rich.table import Table

    if sheet.cap_total_bet_cents is not None:
        capped = "with the cap at the highest bet"
    else:
        capped = f"with the {_times(sheet.cap_x_total_bet)}× cap"
    split = Table(title="RTP split (fractions of the total bet)")
    split.add_column("part")
    split.add_column("game's own", justify="right")
    split.add_column(capped, justify="right")
    for label, name in split_rows(features):
        value = getattr(sheet, name)
        if value is not None:
            split.add_row(label, _pct(getattr(sheet, name + UNCAPPED)), _pct(value))
    split.add_row("round cap", "", _pct(sheet.cap_effect))
    split.add_row("total", _pct(sheet.rtp_uncapped), _pct(sheet.rtp), end_section=False)
    return split


def _times(x: float) -> str:
    """A multiple of the total bet: whole, or to two places."""
    return f"{x:,}" if float(x).is_integer() else f"{x:,.2f}"


def _wild_caption(game: GameDefinition) -> str:
    """What a row marked with the wild means, under the line wins."""
    times = game.wild_multiplier
    return f"+wild ×{times}: with a wild on the line, the win multiplied by {times}"


def _cap_rows(sheet: ParSheet) -> list[tuple[str, str]]:
    """The cap and its effect: × total bet, or an amount at the highest bet."""
    effect = _pct(sheet.cap_effect, 6)
    if sheet.cap_cents is None or sheet.cap_total_bet_cents is None:
        return [(f"effect of the {sheet.cap_x_total_bet:,}× cap", effect)]
    from slotterm.money import format_cents

    return [
        (
            f"round cap at the highest bet ({format_cents(sheet.cap_total_bet_cents)})",
            f"{format_cents(sheet.cap_cents)} = {_times(sheet.cap_x_total_bet)}× total bet",
        ),
        ("effect of the cap at the highest bet", effect),
    ]


def _bound_rows(sheet: ParSheet) -> list[tuple[str, str]]:
    """The RTP's bounds and why, for a sheet that cannot be exact (else nothing)."""
    if sheet.rtp_lower is None or sheet.rtp_upper is None:
        return []
    return [
        (
            "RTP between (the sheet: the lower)",
            f"{_pct(sheet.rtp_lower)} – {_pct(sheet.rtp_upper)}",
        ),
        ("  not exact because", str(sheet.rtp_bounded_by)),
    ]
