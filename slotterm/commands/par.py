"""The ``par`` command: the exact PAR sheet as Rich tables, JSON, CSV or Markdown (DESIGN.md §6)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from slotterm.cli import UsageError
from slotterm.games import get_game

if TYPE_CHECKING:
    from rich.console import Console

    from slotterm.analysis.sheet import ParSheet
    from slotterm.engine.model import GameDefinition


def run_par(args: argparse.Namespace) -> int:
    """Compute the PAR sheet of ``args.game`` and print it."""
    game = get_game(args.game)
    lines = args.lines
    refusal = None if lines is None else game.lines_refusal(lines)
    if refusal is not None:
        raise UsageError(f"--{refusal}, got {lines}")  # "--lines must be 1..9, got 0"
    from slotterm.analysis.par import compute_par

    sheet = compute_par(game, lines, getattr(args, "policy", None) or "best")
    if args.json:
        json.dump(sheet.to_json(), sys.stdout, indent=2)
        sys.stdout.write("\n")
        return 0
    if args.csv or args.markdown:
        from slotterm.commands.par_formats import sheet_csv, sheet_markdown

        sys.stdout.write(sheet_csv(sheet) if args.csv else sheet_markdown(sheet))
        return 0
    from rich.console import Console

    print_sheet(sheet, Console())
    return 0


def _pct(x: float, digits: int = 4) -> str:
    return f"{100 * x:.{digits}f} %"


def _one_in(x: float | None) -> str:
    return "never" if x is None or x == float("inf") else f"1 in {x:,.1f}"


def print_sheet(sheet: ParSheet, console: Console) -> None:
    """Render the sheet as Rich tables."""
    from rich.table import Table

    title = f"{sheet.game} — exact PAR sheet, {sheet.lines} line{'s' * (sheet.lines > 1)}"
    summary = Table(title=title, show_header=False)
    summary.add_column("figure")
    summary.add_column("value", justify="right")
    rows = [
        ("RTP (with the round cap)", _pct(sheet.rtp)),
        ("RTP without the cap", _pct(sheet.rtp_uncapped)),
        *_cap_rows(sheet),
        ("published RTP", _pct(sheet.published_rtp, 2)),
        ("hit frequency (base round pays)", _pct(sheet.hit_frequency, 3)),
        ("free spins", _one_in(sheet.feature_one_in)),
        ("retrigger per free spin", _pct(sheet.retrigger_probability, 3)),
        ("free spins per feature", f"{sheet.spins_per_feature:.3f}"),
        ("mean feature win (× total bet)", f"{sheet.feature_value:.2f}"),
        *_bonus_rows(sheet),
        ("standard deviation (× total bet)", f"{sheet.sd:.3f}"),
        ("  without the cap / base spin only", f"{sheet.sd_uncapped:.3f} / {sheet.sd_base:.3f}"),
        ("volatility index 90 % / 95 %", f"{sheet.vi_90:.2f} / {sheet.vi_95:.2f}"),
        (f"top award {_times(sheet.cap_x_total_bet)}× total bet", _one_in(sheet.cap_one_in)),
        ("  seen at least once in 10^8 rounds", _pct(sheet.top_award_in_1e8_rounds, 2)),
        ("cycle (base / free reels)", f"{sheet.cycle_base:,} / {sheet.cycle_free:,}"),
    ]
    for row in rows:
        summary.add_row(*row)
    console.print(summary)

    split = Table(title="RTP split (fractions of the total bet)")
    split.add_column("part")
    split.add_column("RTP", justify="right")
    parts: list[tuple[str, float | None]] = [
        ("base game line wins", sheet.rtp_base_lines),
        ("base game scatters", sheet.rtp_scatter),
        ("base game Mystery bonus", sheet.rtp_bonus),
        ("free spins", sheet.rtp_free_spins),
        ("  regular line wins (before cap)", sheet.free_spins_lines),
        ("  scatters (before cap)", sheet.free_spins_scatter),
        ("  expanding symbol (before cap)", sheet.free_spins_expansion if sheet.specials else None),
        ("  Mystery bonus (before cap)", sheet.free_spins_mystery_bonus),
        ("  round cap", sheet.cap_effect),
        ("total", sheet.rtp),
    ]
    for label, value in parts:
        if value is not None:
            split.add_row(label, _pct(value))
    console.print(split)

    if sheet.specials:
        specials = Table(title="Free spins by special symbol (before the cap)")
        for header in ("special", "expands per spin", "win per spin ×", "feature win ×", "RTP"):
            specials.add_column(header, justify="right")
        for s in sheet.specials:
            specials.add_row(
                s.symbol,
                _pct(s.expansion_probability, 2),
                f"{s.spin_value:.3f}",
                f"{s.feature_value:.2f}",
                _pct(s.rtp_expansion),
            )
        console.print(specials)

    if sheet.pick_games:
        _print_pick_games(sheet, console)

    from slotterm.commands.par_formats import wild_reading
    from slotterm.games import get_game

    game = get_game(sheet.game)
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


def _bonus_rows(sheet: ParSheet) -> list[tuple[str, str]]:
    """The Mystery bonus's summary rows (none for a game without it)."""
    if sheet.bonus_frequency is None:
        return []
    return [
        ("Mystery bonus (base spins)", _one_in(sheet.bonus_one_in)),
        ("  per free spin", _pct(sheet.free_spins_bonus_frequency or 0.0, 4)),
        ("  bonuses per base round, free spins included", f"{sheet.bonuses_per_round:.6f}"),
        ("  mean / sd of a bonus (× total bet)", f"{sheet.bonus_mean:.3f} / {sheet.bonus_sd:.3f}"),
        ("  RTP of all bonuses (before cap)", _pct(sheet.rtp_bonus_in_all or 0.0)),
        (
            "RTP best / keep first / worst play (before cap)",
            f"{_pct(sheet.rtp_best or 0.0)} / {_pct(sheet.rtp_keep_first or 0.0)} / "
            f"{_pct(sheet.rtp_worst or 0.0)}",
        ),
    ]


def _print_pick_games(sheet: ParSheet, console: Console) -> None:
    """The pick games of the Mystery bonus: exact mean and sd, by policy."""
    from rich.table import Table

    table = Table(title=f"Mystery bonus pick games (× total bet, {sheet.policy} play)")
    for header in ("game", "mean", "sd", "top", "best", "keep first", "worst"):
        table.add_column(header, justify="right")
    for g in sheet.pick_games:
        table.add_row(
            g.title,
            f"{g.mean:.4f}",
            f"{g.sd:.4f}",
            f"{g.top:,}",
            f"{g.mean_best:.4f}",
            f"{g.mean_keep_first:.4f}",
            f"{g.mean_worst:.4f}",
        )
    console.print(table)
