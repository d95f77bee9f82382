"""A key script's ``@stops`` and ``@force`` lines, read and checked before the game starts,
each exactly as ``play`` reads ``--stops`` and ``--force``.

``@stops`` goes through :func:`~slotterm.commands.stops_input.parse_stop_line`; ``@force``
through ``play``'s own option parser (whatever ``--force`` takes, ``@force`` takes) and
then :func:`~slotterm.cli.read_force` (a feature or a plan such as ``retrigger`` or
``cap``).  A bad value is a :class:`UsageError` naming the script's line.
"""

from __future__ import annotations

import contextlib
import io
from dataclasses import dataclass, field

from slotterm.cli import UsageError, build_parser, read_force
from slotterm.commands.key_script import KeyScript
from slotterm.commands.stops_input import parse_stop_line
from slotterm.engine.model import GameDefinition
from slotterm.force_kinds import Forcing
from slotterm.forced_stops import ForcedSpin, strip_lengths


@dataclass(frozen=True, slots=True)
class StepInputs:
    """The script's forced spins and forced features, by the line that gives each."""

    stops: dict[int, ForcedSpin] = field(default_factory=dict)
    forces: dict[int, Forcing] = field(default_factory=dict)


def step_inputs(game: GameDefinition, script: KeyScript, name: str) -> StepInputs:
    """Every ``@stops`` and ``@force`` of ``script`` (a file called ``name``) read for ``game``."""
    inputs = StepInputs()
    lengths = strip_lengths(game)
    for step in script.steps:
        where = f"{name} line {step.line}"
        if step.kind == "stops":
            inputs.stops[step.line] = parse_stop_line(game, lengths, step.text, f"{where}: @stops")
        elif step.kind == "force":
            inputs.forces[step.line] = force_of(game, step.text, where)
    return inputs


def force_of(game: GameDefinition, text: str, where: str) -> Forcing:
    """``@force text`` read as ``play`` reads ``--force`` (its parser, then the game's
    check), or a :class:`UsageError` starting with ``where``."""
    said = io.StringIO()
    try:
        with contextlib.redirect_stderr(said):
            args = build_parser().parse_args(["play", game.id, "--seed", "1", "--force", text])
    except SystemExit:
        reason = said.getvalue().strip().partition("error: ")[2] or "not a --force value"
        raise UsageError(f"{where}: @force {text}: {reason}") from None
    value = args.force[-1] if isinstance(args.force, list) else args.force
    try:
        return read_force(game, value)
    except UsageError as exc:
        raise UsageError(f"{where}: @{str(exc).removeprefix('--')}") from None
