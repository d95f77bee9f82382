"""The ``simulate`` command: Monte Carlo through the real round state machine.

``slotterm simulate GAME --spins N [--seed S] [--lines L] [--workers W] [--policy P]
[--coins N --coin-size X] [--json]``.  Pick games are played by the policy ``P``
(``best``, ``keep-first``, ``random``, ``worst``; in a game without pick games it
changes nothing).  Reports the RTP with its 99 % confidence interval, hit and feature
frequency, and the exact RTP beside it when the exact calculator
(``slotterm.analysis.par``) is available (a game with a feature that has no exact law
is simulated all the same: the report says why there is no exact RTP).  A game whose
features offer the player choices adds the policy, a game bet in coins its bet, and each
feature what its law's simulation hooks report (the Mystery bonus: its frequency, what
it paid, each pick game's count and mean).  A progress bar is drawn on stderr when
stderr is a terminal.

The exact sheet applies an absolute round cap (such as 250,000.00) at the game's
highest bet; simulated at a lower bet, where that cap is a larger multiple of the total
bet, the run is compared with the exact RTP before the cap (``exact_note`` says so).
Last come the ``figures``: each figure of the sheet the run measures, with its 99 %
interval, the sheet's value and a z-score (:mod:`slotterm.analysis.sim_vs_par`, laid out
by :mod:`slotterm.commands.simulate_par`).
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
from collections.abc import Sequence
from typing import Any

from slotterm.analysis.features.contract import FeatureLaw, simulation_law
from slotterm.analysis.sim_tally import SOURCES, SimulationResult
from slotterm.analysis.sim_vs_par import FigureCheck, applies_par_cap, compare
from slotterm.analysis.simulate import MAX_SPINS, default_workers, simulate
from slotterm.cli import UsageError
from slotterm.commands.bet_input_error import BetInputError
from slotterm.commands.bet_inputs import bet_inputs, other_bet_inputs
from slotterm.commands.coin_bet import coins_text
from slotterm.commands.ready_tables import FILL_ROUNDS, ready_tables
from slotterm.commands.simulate_par import exact_par, exact_rtp, figures_json, figures_table
from slotterm.engine.actions import Bet
from slotterm.engine.model import GameDefinition
from slotterm.games import UnknownGame, get_game
from slotterm.money import format_cents

BONUS = "bonus"
"""The source reported only by a game with a feature paying into it (:func:`feature_report`)."""


MIN_ROUNDS_FOR_INTERVAL = 1_000
"""The fewest rounds a 99 % interval is given for.

The interval is the normal approximation (the mean ± 2.576 standard errors), and a
round's return is far from normal: most rounds lose, a few pay hundreds of times the bet.
Measured over 300 seeded runs each (``simulate`` with seeds 1000..1299), the interval of
100 rounds held the exact RTP in 68 % and 76 % of the runs (two of the shipped games),
not 99 %, and its low end was below zero in 39 % and 46 %; at 1,000 rounds, 90 % and 92 %
(below zero 5 % and 1 %); at 3,000, 96 %; at 10,000, 97 %.  Below 1,000 rounds the
interval says nothing, so none is given (``null`` in ``--json``)."""


def rtp_interval(result: SimulationResult) -> tuple[float, float] | None:
    """The RTP's 99 % interval, its low end at least 0 (an RTP is never negative); ``None``
    for fewer than :data:`MIN_ROUNDS_FOR_INTERVAL` rounds or rounds that all returned the
    same (no spread to measure)."""
    if result.tally.rounds < MIN_ROUNDS_FOR_INTERVAL or result.sd == 0:
        return None
    low, high = result.ci99
    return max(low, 0.0), high


def result_json(
    result: SimulationResult,
    seconds: float,
    exact: float | None,
    exact_note: str | None,
    game: GameDefinition | None = None,
    figures: Sequence[FigureCheck] = (),
) -> dict[str, Any]:
    """The machine-readable report (fractions of 1; amounts in multiples of total bet).

    The RTP is split by source under the PAR sheet's names (``rtp_base_lines``,
    ``rtp_scatter``, ``rtp_free_spins``; they add up to ``rtp``); a game with a bonus adds
    :func:`feature_report`'s keys, ``rtp_bonus`` among them.  With too few rounds for an
    interval (:func:`rtp_interval`), ``rtp_ci99``, ``ci99_half_width`` and
    ``exact_inside_ci99`` are ``null``.  ``game`` is the game simulated (by default the
    game of ``result.game_id``).  ``figures`` comes last: each figure set against the
    exact sheet (:func:`~slotterm.commands.simulate_par.figures_json`).
    """
    interval = rtp_interval(result)
    report = {
        "game": result.game_id,
        "spins": result.tally.rounds,
        "seed": result.seed,
        "lines": result.lines,
        "workers": result.workers,
        "seconds": round(seconds, 3),
        "rtp": result.rtp,
        "rtp_ci99": None if interval is None else list(interval),
        "ci99_half_width": None if interval is None else result.ci99_half_width,
        "sd": result.sd,
        "hit_frequency": result.hit_frequency,
        "feature_frequency": result.feature_frequency,
        "free_spins_per_feature": result.free_spins_per_feature,
        "capped_rounds": result.tally.capped,
        "top_win_x_total_bet": result.top_win_x,
        "exact_rtp": exact,
        "exact_inside_ci99": (
            None if exact is None or interval is None else interval[0] <= exact <= interval[1]
        ),
        "exact_note": exact_note,
    }
    split = result.rtp_by_source()
    report |= {f"rtp_{source}": split[source] for source in SOURCES if source != BONUS}
    if game is None:
        from slotterm.games import get_game

        game = get_game(result.game_id)
    return report | feature_report(result, game) | {"figures": figures_json(figures)}


def _laws(game: GameDefinition) -> list[FeatureLaw]:
    """The simulation hooks of each of the game's features and parts, in the game's order."""
    return [simulation_law(feature) for feature in game.all_features]


def feature_report(result: SimulationResult, game: GameDefinition) -> dict[str, Any]:
    """What the game's features add to the report: ``policy`` when a feature offers the
    player choices, the bet in coins (``coins``, ``coin_size``) for a game bet in coins,
    then each feature's keys from its law's
    :meth:`~slotterm.analysis.features.contract.FeatureLaw.simulation_report`, and
    ``rtp_bonus`` when a feature pays into the bonus source without saying so itself."""
    laws = _laws(game)
    out: dict[str, Any] = {}
    if any(law.offers_choices for law in laws):
        out["policy"] = result.policy
    if result.coin_size is not None:
        out["coins"] = result.bet_per_line // result.coin_size
        out["coin_size"] = format_cents(result.coin_size)
    for law in laws:
        out |= law.simulation_report(result)
    roots = {feature.name for feature in game.features}
    if BONUS not in out and any(law.source == BONUS for law in laws if law.feature.name in roots):
        out[f"rtp_{BONUS}"] = result.rtp_by_source()[BONUS]
    return out


def read_tables(game: GameDefinition, spins: int) -> None:
    """:func:`~slotterm.commands.ready_tables.ready_tables` for a run of ``spins`` rounds,
    the cyclic garbage collector paused meanwhile (and on again after, whatever happens).

    A kept table is read back as hundreds of thousands of tuples at once, and the
    collector, counting them as they are made, went through every object of the process
    again and again while they were: a shipped game's 3.8 MB of tables took 0.09 CPU-s to
    read with it on, 0.035 with it paused.  None of those objects is garbage."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        ready_tables(game, fill=spins >= FILL_ROUNDS)
    finally:
        if was_on:
            gc.enable()


def run_simulate(args: argparse.Namespace) -> int:
    """Run the simulation the arguments ask for and print its report."""
    try:
        game = get_game(args.game)
    except UnknownGame as exc:
        raise UsageError(str(exc)) from None
    lines = len(game.lines) if args.lines is None else args.lines
    refusal = game.lines_refusal(lines)
    if refusal is not None:
        raise UsageError(f"--{refusal}, got {lines}")  # "--lines must be 1..9, got 0"
    if args.spins > MAX_SPINS:
        raise UsageError(f"--spins must be at most {MAX_SPINS:,}, got {args.spins:,}")
    bet = _bet_from_args(game, args, lines)
    # more processes than cores only adds forks (--workers 1000 once forked 200 for 10^7)
    workers = default_workers() if args.workers is None else min(args.workers, default_workers())
    began = time.perf_counter()
    policy = args.policy
    options: dict[str, Any] = {"seed": args.seed, "lines": lines, "workers": workers}
    options["policy"] = policy
    if bet is not None:
        options |= {"bet_per_line": bet.bet_per_line, "coin_size": bet.coin_size}
    read_tables(game, args.spins)
    if sys.stderr.isatty():
        result = simulate_with_bar(game, args.spins, options)
    else:
        result = simulate(game, args.spins, **options)
    seconds = time.perf_counter() - began
    played = Bet(result.bet_per_line, result.lines, result.coin_size)
    par, note = exact_par(game, lines, policy)
    exact = None
    if par is not None:
        exact, note = exact_rtp(game, par, played)
    under_cap = applies_par_cap(game, played)
    least = MIN_ROUNDS_FOR_INTERVAL
    checks = compare(result, game, par, capped=under_cap, min_rounds=least)
    report = result_json(result, seconds, exact, note, game, checks)
    if args.json:
        print(json.dumps(report))
    else:
        _print_report(report, game)
    return 0


def _bet_from_args(game: GameDefinition, args: argparse.Namespace, lines: int) -> Bet | None:
    """The bet of the game's bet model's options (``--coins``/``--coin-size``; ``None``:
    none given, the game's lowest bet); another model's options are refused."""
    values = {name: value for name, value in vars(args).items() if value is not None}
    for other in other_bet_inputs(game):
        given = other.given(values)
        if given:
            raise UsageError(f"{game.id} {other.refused}: leave out {', '.join(given)}")
    inputs = bet_inputs(game)
    if not inputs.given(values):
        return None
    try:
        return inputs.parse(game, values, lines)
    except BetInputError as exc:
        raise UsageError(f"{exc.option}: {exc}") from None


def simulate_with_bar(
    game: GameDefinition, spins: int, options: dict[str, Any], console: Any = None
) -> SimulationResult:
    """:func:`simulate` with a progress bar on ``console`` (a rich ``Console``; stderr).

    The bar moves every time the simulation reports progress (at least every 1 % of
    the run), so its estimate of the time left follows the run from its start.
    """
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = (
        TextColumn("simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    shown = Console(stderr=True) if console is None else console
    # Drawn from the progress reports themselves, at most every REDRAW_SECONDS, rather than
    # by Rich's refresh thread, which took the interpreter from the rounds 10 times a second.
    with Progress(*columns, console=shown, transient=True, auto_refresh=False) as bar:
        task = bar.add_task("rounds", total=spins)
        drawn = [time.monotonic()]

        def advance(rounds: int) -> None:
            bar.advance(task, rounds)
            now = time.monotonic()
            if now - drawn[0] >= REDRAW_SECONDS:
                drawn[0] = now
                bar.refresh()

        bar.refresh()
        return simulate(game, spins, progress=advance, **options)


REDRAW_SECONDS = 0.2
"""The least time between two drawings of the progress bar."""


_SPLIT_ROWS = (
    ("rtp_base_lines", "of which base lines"),
    ("rtp_scatter", "base scatter"),
    ("rtp_free_spins", "free spins"),
    ("rtp_bonus", "bonus on the base spin"),
)
"""The RTP split's rows in the printed report, under the RTP."""


def _pct(x: float) -> str:
    return f"{100 * x:.4f} %"


def _print_report(report: dict[str, Any], game: GameDefinition) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"Simulation of {report['game']}", show_header=False)
    table.add_column("figure")
    table.add_column("value", justify="right")
    rows = [
        ("rounds", f"{report['spins']:,}"),
        ("seed", str(report["seed"])),
        ("lines", str(report["lines"])),
        ("workers", str(report["workers"])),
        ("time", f"{report['seconds']:.1f} s"),
        ("RTP", _pct(report["rtp"])),
        ("99 % interval", _interval_text(report)),
        *((f"  {label}", _pct(report[key])) for key, label in _SPLIT_ROWS if key in report),
        ("sd of a round (× total bet)", f"{report['sd']:.3f}"),
        ("hit frequency (base spin pays or starts a feature)", _pct(report["hit_frequency"])),
    ]
    feature = report["feature_frequency"]
    one_in = f" (1 in {1 / feature:,.1f})" if feature else ""
    rows += [
        ("feature frequency", _pct(feature) + one_in),
        ("free spins per feature", f"{report['free_spins_per_feature']:.2f}"),
        ("rounds ended by the cap", f"{report['capped_rounds']:,}"),
        ("top round win (× total bet)", f"{report['top_win_x_total_bet']:,.2f}"),
    ]
    rows += _feature_rows(report, game)
    note = report["exact_note"]
    below = "; note below" if note else ""
    if report["exact_rtp"] is None:
        rows.append(("exact RTP", "unavailable (note below)" if note else "unavailable"))
    else:
        exact = _pct(report["exact_rtp"])
        if report["rtp_ci99"] is None:
            rows.append(("exact RTP", f"{exact}{f' ({below[2:]})' if note else ''}"))
        else:
            inside = "inside" if report["exact_inside_ci99"] else "OUTSIDE"
            rows.append(("exact RTP", f"{exact} ({inside} the 99 % interval{below})"))
    for name, value in rows:
        table.add_row(name, value)
    console = Console()
    console.print(table)
    if report["figures"]:
        console.print(figures_table(report["figures"]))
    if note:  # a sentence, under the table at its full width, not squeezed into a cell
        console.print(f"Note: {note}.", highlight=False, markup=False)
    if report["rtp_ci99"] is None:
        console.print(
            f"A 99 % interval needs at least {MIN_ROUNDS_FOR_INTERVAL:,} rounds: fewer rarely "
            f"hold the game's big wins, and the interval would say nothing.",
            highlight=False,
            markup=False,
        )


def _interval_text(report: dict[str, Any]) -> str:
    """The 99 % interval row's value: its ends and half width, or why there is none."""
    if report["rtp_ci99"] is None:
        return "too few rounds for an interval"
    low, high = report["rtp_ci99"]
    return f"{_pct(low)} … {_pct(high)} (± {_pct(report['ci99_half_width'])})"


def _feature_rows(report: dict[str, Any], game: GameDefinition) -> list[tuple[str, str]]:
    """The policy, the bet in coins, then each feature's rows from its law's hook."""
    rows: list[tuple[str, str]] = []
    if "policy" in report:
        rows.append(("pick policy", report["policy"]))
    if report.get("coins") is not None:
        rows.append(("bet", f"{coins_text(report['coins'])} of {report['coin_size']} per line"))
    for law in _laws(game):
        rows += law.simulation_rows(report)
    return rows
