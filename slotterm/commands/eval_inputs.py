"""The inputs ``eval`` takes from a game's features: their options and request keys.

Each feature says what it takes to evaluate a window as one of its own spins
(:meth:`~slotterm.engine.feature.Feature.eval_inputs`, an
:class:`~slotterm.engine.eval_input.EvalInput`): free spins with an expanding symbol take
the special symbol (``--special SYM``, ``"special"``), others take a switch
(``--free-spin``, ``"free_spin"``).  This module turns those descriptions into the
command line's options (:func:`add_input_options`, every input the shipped games' features
declare, so that a flag of one game is refused in words for another) and reads a value
given to one (:func:`input_value`).  Nothing here names a feature.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from typing import Any

from slotterm.commands.bet_inputs import is_given
from slotterm.engine.eval_input import EvalInput
from slotterm.engine.feature import Feature
from slotterm.engine.model import GameDefinition
from slotterm.games import game_ids, get_game


class InputError(ValueError):
    """A value an input does not take; the message says why, in one line."""


def inputs_of(game: GameDefinition) -> tuple[tuple[Feature, EvalInput], ...]:
    """Every input the game's features take, with its feature, in the game's order."""
    return tuple(_inputs(game))


def _inputs(game: GameDefinition) -> Iterator[tuple[Feature, EvalInput]]:
    for feature in game.all_features:
        for spec in feature.eval_inputs():
            yield feature, spec


def flag(spec: EvalInput) -> str:
    """The command-line option of an input: ``free_spin`` -> ``--free-spin``."""
    return "--" + spec.key.replace("_", "-")


def known_inputs() -> tuple[EvalInput, ...]:
    """Every input the shipped games' features take, each key once (first seen first)."""
    found: dict[str, EvalInput] = {}
    for game_id in game_ids():
        for _, spec in inputs_of(get_game(game_id)):
            found.setdefault(spec.key, spec)
    return tuple(found.values())


def add_input_options(parser: argparse.ArgumentParser) -> None:
    """Add an option for every input in :func:`known_inputs` (a switch: a flag)."""
    for spec in known_inputs():
        if spec.choices:
            parser.add_argument(flag(spec), dest=spec.key, default=None, help=spec.help)
        else:
            parser.add_argument(flag(spec), dest=spec.key, action="store_true", help=spec.help)


def input_value(spec: EvalInput, value: object) -> object:
    """``value`` read for ``spec``: a symbol of its choices (upper case), or a switch's
    ``True``/``False``; ``None`` (absent) reads as absent (``None``, or ``False`` for a
    switch).  Raises :class:`InputError`."""
    if not spec.choices:
        if value is None:
            return False
        if not isinstance(value, bool):
            raise InputError(f"{spec.key} must be true or false, got {_shown(value)}")
        return value
    if value is None:
        return None
    if not isinstance(value, str) or value.strip().upper() not in spec.choices:
        raise InputError(
            f"{spec.key} must be one of {', '.join(spec.choices)}, got {_shown(value)}"
        )
    return value.strip().upper()


def _shown(value: object) -> str:
    """``repr(value)`` for an error message, cut short when long."""
    text = repr(value)
    return text if len(text) <= 30 else text[:24] + "…"


def mode_words(values: dict[str, Any]) -> str:
    """How the readable form names the spin: ``"base game"``, ``"free spin"`` or
    ``"free spin, special A"`` (each symbol input given, by its key)."""
    if not any(is_given(v) for v in values.values()):
        return "base game"
    named = [f"{key} {value}" for key, value in values.items() if isinstance(value, str)]
    return ", ".join(["free spin", *named])
