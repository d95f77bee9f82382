"""Bets, limits, actions and steps as JSON, and back (format 3).

An action is ``{"type": name, fields...}``.  The core's actions are encoded here:
``spin`` (``bet``, ``autoplay``, ``force``: a feature's name, maybe with a detail
``"mystery_bonus:pumpkin"``, or ``null``; ``limits``), ``collect``, ``start_gamble``,
``guess`` (``color``) and ``top_up`` (``amount``).  A feature's actions are encoded by
the feature itself (:meth:`~slotterm.engine.feature.Feature.encode_action`); on load
the feature is found by the action's ``type`` among the ``actions`` of the game's
features.  A step is ``[action, draws]``.  Readers raise
:class:`~slotterm.engine.fields.RecordError` naming the field.
"""

from __future__ import annotations

from typing import Any

from slotterm.engine.actions import (
    Action,
    Bet,
    Collect,
    FeatureAction,
    Guess,
    Limits,
    Spin,
    StartGamble,
    TopUp,
)
from slotterm.engine.feature import Feature, Json
from slotterm.engine.fields import (
    RecordError,
    as_bool,
    as_dict,
    as_int,
    as_ints,
    as_list,
    as_str,
    check,
    need,
    opt_int,
)
from slotterm.engine.gamble import Color
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import Step
from slotterm.engine.round import force_refusal
from slotterm.session.save_fields import as_bounded, shown

MAX_DRAW = 10**9
"""No recorded draw may exceed this (a sanity bound; draws index strips and decks)."""
MAX_DRAWS = 100_000
"""The most draws one step records (a whole autoplayed feature draws thousands)."""

_CORE_SIMPLE: dict[str, Action] = {"collect": Collect(), "start_gamble": StartGamble()}
_CORE_NAMES = {type(action): name for name, action in _CORE_SIMPLE.items()}


# --- bets and limits -------------------------------------------------------------------------


def encode_bet(bet: Bet) -> list[int]:
    """``[bet_per_line, lines]``, and ``coin_size`` third for a game bet in coins."""
    if bet.coin_size is None:
        return [bet.bet_per_line, bet.lines]
    return [bet.bet_per_line, bet.lines, bet.coin_size]


def encode_limits(limits: Limits) -> list[int | None]:
    """``[gamble_limit, free_spin_limit]`` (``null`` = none), and ``max_win`` third when set."""
    if limits.max_win is None:
        return [limits.gamble_limit, limits.free_spin_limit]
    return [limits.gamble_limit, limits.free_spin_limit, limits.max_win]


def decode_bet(value: Any, game: GameDefinition, where: str) -> Bet:
    """``[bet_per_line, lines]`` (``[..., coin_size]`` in a coin game), checked against the game.

    A game bet in coins needs the coin size, a game bet in cents must not have one; the
    coins per line must be in the game's range and the bet per line a whole number of
    coins.
    """
    items = as_list(value, where)
    check(len(items) in (2, 3), f"{where} must hold 2 or 3 numbers")
    per_line = as_int(items[0], f"{where}[0]", 1)
    lines = as_int(items[1], f"{where}[1]", 1)
    refused = game.lines_refusal(lines)
    check(refused is None, f"{where}[1]: {refused}")
    coin_size = as_int(items[2], f"{where}[2]", 1) if len(items) == 3 else None
    wrong = game.bet_refusal(per_line, coin_size)
    check(wrong is None, f"{where}: {wrong}")
    return Bet(bet_per_line=per_line, lines=lines, coin_size=coin_size)


def decode_limits(value: Any, where: str) -> Limits:
    """``[gamble_limit, free_spin_limit]`` or ``[..., max_win]`` (a max win is positive)."""
    items = as_list(value, where)
    check(len(items) in (2, 3), f"{where} must hold 2 or 3 limits")
    return Limits(
        gamble_limit=opt_int(items[0], f"{where}[0]"),
        free_spin_limit=opt_int(items[1], f"{where}[1]"),
        max_win=as_int(items[2], f"{where}[2]", 1) if len(items) == 3 else None,
    )


# --- actions ---------------------------------------------------------------------------------


def feature_of_action(game: GameDefinition, action: FeatureAction) -> Feature:
    """The game's feature (or part) that defines ``action``; ``ValueError`` if none does.

    Parts may share an action type (every pick game's ``pick``): they encode it alike.
    """
    for feature in game.all_features:
        if type(action) in feature.actions.values():
            return feature
    raise ValueError(f"{game.id} has no feature with the action {type(action).__name__}")


def encode_action(action: Action, game: GameDefinition) -> Json:
    """An action as ``{"type": ..., fields...}`` (a feature's action by its feature)."""
    if isinstance(action, FeatureAction):
        return feature_of_action(game, action).encode_action(action)
    match action:
        case Spin(bet=bet, autoplay=autoplay, force=force, limits=limits):
            return {
                "type": "spin",
                "bet": encode_bet(bet),
                "autoplay": autoplay,
                "force": force,
                "limits": encode_limits(limits),
            }
        case Guess(color=color):
            return {"type": "guess", "color": color.value}
        case TopUp(amount=amount):
            return {"type": "top_up", "amount": amount}
    return {"type": _CORE_NAMES[type(action)]}


def decode_action(value: Any, game: GameDefinition, where: str) -> Action:
    """An action from ``{"type": ..., fields...}``: a core action or a feature's."""
    doc = as_dict(value, where)
    kind = as_str(need(doc, "type", where), f"{where}.type")
    if kind in _CORE_SIMPLE:
        return _CORE_SIMPLE[kind]
    if kind == "spin":
        force_raw = need(doc, "force", where)
        force = None if force_raw is None else as_str(force_raw, f"{where}.force")
        wrong_force = None if force is None else force_refusal(game, force)
        check(wrong_force is None, f"{where}.force {shown(force or '')}: {wrong_force}")
        return Spin(
            bet=decode_bet(need(doc, "bet", where), game, f"{where}.bet"),
            autoplay=as_bool(need(doc, "autoplay", where), f"{where}.autoplay"),
            force=force,
            limits=decode_limits(need(doc, "limits", where), f"{where}.limits"),
        )
    if kind == "guess":
        return Guess(color=color_of(need(doc, "color", where), f"{where}.color"))
    if kind == "top_up":
        return TopUp(amount=as_int(need(doc, "amount", where), f"{where}.amount", 1))
    refused: RecordError | None = None
    for feature in game.all_features:  # an action several parts share (a pick game's pick)
        if kind in feature.actions:  # is the first of theirs that reads it
            try:
                return feature.decode_action(doc, where)
            except RecordError as exc:
                refused = refused or exc
    if refused is not None:
        raise refused
    raise RecordError(f"{where}.type {shown(kind)} is not an action")


def color_of(value: Any, where: str) -> Color:
    """``"red"`` or ``"black"``."""
    try:
        return Color(as_str(value, where))
    except ValueError:
        raise RecordError(f"{where} must be red or black") from None


# --- steps -----------------------------------------------------------------------------------


def encode_step(step: Step, game: GameDefinition) -> list[Any]:
    """``[action, draws]``."""
    return [encode_action(step.action, game), list(step.draws)]


def decode_step(value: Any, game: GameDefinition, where: str) -> Step:
    """``[action, draws]``, every draw a whole number in range."""
    action_raw, draws_raw = as_list(value, where, 2)
    draws = as_ints(
        as_bounded(draws_raw, f"{where}.draws", MAX_DRAWS), f"{where}.draws", 0, MAX_DRAW
    )
    return Step(action=decode_action(action_raw, game, f"{where}.action"), draws=draws)
