"""What a ``slotterm script`` transcript line says of the game, and the ``@expect`` checks.

The state (:func:`state_of`) is read from the session, never from the screen: ``credits``,
``bet`` and ``win`` (what the Win box shows at rest) as amounts (``"999.82"``, no
grouping), ``lines``, ``phase`` (``idle``, ``feature``, ``win_offered``, ``gamble``),
``screen`` (the name of the screen on top: ``MainScreen``, ``GambleScreen``, a pick game's),
``round`` (the open round's number, or ``None``), ``rounds`` (rounds played), ``forced``
(forced spins still waiting), and ``features``: for each feature of the round shown (the
open one, else the last), its ``phase`` and its record's counters (numbers, words and
flags as they are, lists as their length: free spins' ``awarded``, ``spins`` played and
``left``).

``@expect NAME=VALUE`` compares the state's ``NAME`` (``features.NAME.FIELD`` for a
feature's counter) with ``VALUE`` (amounts as amounts: ``credits=1000`` holds at
``1000.00``); ``@expect screen~=TEXT`` holds when the screen's text contains ``TEXT``, and
``NAME~=TEXT`` in general when the value's text does.
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from slotterm.money import MoneyFormatError, format_cents, parse_cents
from slotterm.session.game_session import GameSession
from slotterm.tui.narration import shown_round, win_on_display

AMOUNTS = ("credits", "bet", "win")
"""The state's names whose values are amounts."""


def state_of(session: GameSession, screen: str) -> dict[str, Any]:
    """The state of ``session`` with ``screen`` (the top screen's name) on top."""
    state = session.state
    open_round = state.round
    return {
        "credits": format_cents(state.credits, grouping=False),
        "bet": format_cents(session.bet.total, grouping=False),
        "lines": session.bet.lines,
        "win": format_cents(win_on_display(session), grouping=False),
        "phase": str(state.phase),
        "screen": screen,
        "round": None if open_round is None else open_round.number,
        "rounds": state.rounds_played,
        "forced": len(session.forced_stops),
        "features": feature_counters(session),
    }


def feature_counters(session: GameSession) -> dict[str, dict[str, Any]]:
    """Each feature of the round shown: its phase and its record's counters."""
    round_ = shown_round(session)
    found: dict[str, dict[str, Any]] = {}
    if round_ is None:
        return found
    game = session.rules_of(round_.number)
    for frame in round_.frames:
        counters: dict[str, Any] = {"done": frame.done}
        if game.has_feature(frame.feature):
            counters["phase"] = game.feature(frame.feature).phase(frame.record)
        counters.update(_record_counters(frame.record))
        found[frame.feature] = counters
    return found


def _record_counters(record: Any) -> dict[str, Any]:
    fields = record._asdict() if hasattr(record, "_asdict") else {}
    counters: dict[str, Any] = {}
    for name, value in fields.items():
        if isinstance(value, Enum):
            counters[name] = str(value.value)
        elif value is None or isinstance(value, bool | int | str):
            counters[name] = value
        elif isinstance(value, tuple | list):
            counters[name] = len(value)
    left = getattr(record, "left", None)
    if isinstance(left, int):
        counters["left"] = left
    return counters


def expect_failure(
    name: str, how: str, wanted: str, state: dict[str, Any], screen_text: str
) -> str | None:
    """Why ``@expect NAME{how}WANTED`` does not hold (one line), or ``None`` when it does."""
    if name == "screen" and how == "~=":
        if wanted in screen_text:
            return None
        return f"the screen does not show {wanted!r}"
    found, value = _lookup(state, name)
    if not found:
        return f"no {name!r} in the state (e.g. credits, win, phase, features.NAME.left)"
    shown = (
        "none" if value is None else str(value).lower() if isinstance(value, bool) else str(value)
    )
    if how == "~=":
        return None if wanted in shown else f"{name} is {shown!r}, which has no {wanted!r}"
    if name in AMOUNTS:
        try:
            holds = parse_cents(wanted) == parse_cents(shown)
        except MoneyFormatError as exc:
            return f"{name}={wanted}: {exc}"
    else:
        holds = wanted == shown
    return None if holds else f"expected {name}={wanted}, got {shown}"


def _lookup(state: dict[str, Any], name: str) -> tuple[bool, Any]:
    value: Any = state
    for part in name.split("."):
        if not isinstance(value, dict) or part not in value:
            return False, None
        value = value[part]
    return True, value
