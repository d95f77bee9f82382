"""The exact PAR sheet beside a simulation: its RTP, and each figure the run measured set
against the sheet's (:mod:`slotterm.analysis.sim_vs_par`), for ``simulate``'s report.

:func:`exact_par` computes the sheet (``par --json``'s figures) at the run's lines and
pick policy, or says why there is none; :func:`exact_rtp` picks the RTP to compare with
(before the cap when the run does not play under the sheet's cap, with a note saying
so); :func:`figures_json` and :func:`figures_table` are the figures' part of the JSON
report and of the printed one.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from slotterm import user_cache
from slotterm.analysis.sheet_text import pct
from slotterm.analysis.sim_vs_par import FIGURES, FigureCheck, ParFigure, applies_par_cap
from slotterm.commands.ready_tables import game_file_bytes
from slotterm.engine.actions import Bet
from slotterm.engine.model import GameDefinition

Figures = dict[str, Any]
"""``par --json``'s figures, by key."""


def one_line_reason(text: str) -> str:
    """``text`` on one line, cut to 160 characters."""
    flat = " ".join(text.split())
    return flat if len(flat) <= 160 else flat[:159] + "…"


def exact_par(game: GameDefinition, lines: int, policy: str) -> tuple[Figures | None, str | None]:
    """The exact sheet's figures (``par --json``'s) at ``lines`` and ``policy``, or ``None``
    and why not (the exact calculator missing, or failing on this game).

    The figures of a game loaded from a file are kept in the user cache
    (:mod:`slotterm.user_cache`, keyed by the file's bytes, the lines, the policy and the
    code) and read back by the next run instead of being worked out again.
    """
    source = game_file_bytes(game)
    key = None
    if source is not None:
        key = user_cache.cache_key("par", source, str(lines), policy)
        kept = _kept_figures(user_cache.read(key))
        if kept is not None:
            return kept, None
    try:
        from slotterm.analysis.par import compute_par
    except ImportError:
        return None, "the exact calculator is not available"
    try:
        figures = compute_par(game, lines=lines, policy=policy).to_json()
    except Exception as exc:  # the exact figures are a bonus here; never fail the run for it
        return None, one_line_reason(f"the exact calculator failed: {exc}")
    if key is not None:
        text = json.dumps(figures)
        if json.loads(text) == figures:  # kept only when read back the very same
            user_cache.write(key, text.encode())
    return figures, None


def _kept_figures(payload: bytes | None) -> Figures | None:
    """The figures a kept payload holds, or ``None`` when it holds none."""
    if payload is None:
        return None
    try:
        figures = json.loads(payload)
    except ValueError:
        return None
    return figures if isinstance(figures, dict) else None


def exact_rtp(game: GameDefinition, par: Mapping[str, Any], bet: Bet) -> tuple[float, str | None]:
    """The sheet's RTP to compare a run at ``bet`` with, and a note when it is not the
    headline ``rtp``: a run that does not play under the sheet's cap
    (:func:`~slotterm.analysis.sim_vs_par.applies_par_cap`) is compared with the RTP
    before the cap."""
    if applies_par_cap(game, bet):
        return float(par["rtp"]), None
    cap_x = game.max_win(bet.total) / bet.total
    note = (
        f"the exact RTP is the one before the round cap, which is {cap_x:,.0f} times "
        f"this total bet; at the highest bet the sheet's capped RTP is "
        f"{100 * par['rtp']:.4f} %"
    )
    return float(par["rtp_uncapped"]), note


def figures_json(checks: Sequence[FigureCheck]) -> dict[str, dict[str, Any]]:
    """The report's ``figures``: each figure's estimate, se, 99 % interval, PAR key and
    value, and z, by the figure's name."""
    return {check.figure.name: check.to_json() for check in checks}


def _shown(figure: ParFigure, value: float | None) -> str:
    if value is None:
        return "-"
    if figure.unit == "share":
        return pct(value, figure.decimals)
    return f"{value:,.{figure.decimals}f}"


def _between(figure: ParFigure, interval: Sequence[float]) -> str:
    """An interval's two ends, the unit written once: ``"83.64 … 109.56 %"``."""
    low, high = interval
    if figure.unit == "share":
        return f"{100 * low:.{figure.decimals}f} … {pct(high, figure.decimals)}"
    return f"{_shown(figure, low)} … {_shown(figure, high)}"


_BY_NAME = {figure.name: figure for figure in FIGURES}


def figures_table(figures: Mapping[str, Mapping[str, Any]]) -> Any:
    """The printed table of the report's ``figures`` (a rich ``Table``): each figure's
    simulated value, its 99 % interval, the sheet's value and the z-score."""
    from rich.table import Table

    table = Table(
        title="Simulated against the PAR sheet",
        caption=(
            "× bet: times the total bet.  z: (simulated - PAR) / standard error; chance "
            "alone puts |z| over 3 once in 370."
        ),
    )
    table.add_column("figure")
    for name in ("simulated", "99 % interval", "PAR", "z"):
        table.add_column(name, justify="right")
    for name, entry in figures.items():
        figure = _BY_NAME[name]
        interval = entry["ci99"]
        between = "-" if interval is None else _between(figure, interval)
        z = entry["z"]
        table.add_row(
            figure.label,
            _shown(figure, entry["estimate"]),
            between,
            _shown(figure, entry["par"]),
            "-" if z is None else f"{z:+.2f}",
        )
    return table
