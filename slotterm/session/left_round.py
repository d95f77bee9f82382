"""What became of the round the player left while it was being shown.

Every step is saved before it is shown (DESIGN.md §5), so a game quit or killed while the
reels spin, a win is shown or a pick game's item opens has already settled that step: on
the next start the player must be told, in his words, what it did.  What he saw is kept
in the save as ``seen`` (:data:`Seen`: the round and how many of its steps he saw shown
to their end), moved on by :func:`seen_mark` when a show comes to rest.

:func:`left_round_note` compares the mark with the latest round and says what the steps
he did not see did ("The spin you left paid 0.40, added to your credits.", "Your Secret
Vault paid 7.50 (vault 12: 10× bet).") -- or ``None`` when there is nothing to say: he
saw it all, or what he missed is back on the screen anyway (a pick game's board, a
gamble's stake and cards, the free spin the reels show).  A save without the mark (written
before it existed) says nothing, as before.  The notes stay short: they share an
80-column message line with the prompt.  What a feature's step did, and how a spin names
the feature it won, is said by the feature's report (found by its name,
:func:`slotterm.session.feature_reports.report_for`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from slotterm.engine.actions import Collect, FeatureAction, Guess, Spin
from slotterm.engine.fields import as_int, as_list, check
from slotterm.engine.gamble import card_label
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import FeatureFrame, GameState, Phase, Round
from slotterm.money import format_cents
from slotterm.session.feature_reports import report_for
from slotterm.session.round_codec import MAX_STEPS

Seen = tuple[int, int]
"""The last step the player saw shown to its end: (round number, steps of it seen);
``(0, 0)`` before the first round."""

NOTHING_SEEN: Seen = (0, 0)
"""The mark of a session that has played no round yet."""


def latest_round(state: GameState, history: Sequence[Round]) -> Round | None:
    """The open round, else the last closed one (``None`` before the first round)."""
    if state.round is not None:
        return state.round
    return history[-1] if history else None


def seen_mark(state: GameState, history: Sequence[Round]) -> Seen:
    """The mark of everything played so far: the latest round with all its steps."""
    latest = latest_round(state, history)
    return NOTHING_SEEN if latest is None else (latest.number, len(latest.steps))


def decode_seen(value: Any, state: GameState, history: Sequence[Round], where: str) -> Seen:
    """Read a saved mark: a round already played, no more of its steps than it has."""
    number, steps = as_list(value, where, 2)
    seen = (as_int(number, where, 0, state.rounds_played), as_int(steps, where, 0, MAX_STEPS))
    latest = latest_round(state, history)
    newest = 0 if latest is None else latest.number
    check(seen[0] <= newest, f"{where} names round {seen[0]}, not played yet")
    if latest is not None and seen[0] == latest.number:
        check(seen[1] <= len(latest.steps), f"{where}: round {seen[0]} has fewer steps")
    check(seen[0] > 0 or seen[1] == 0, f"{where}: no steps before the first round")
    return seen


def left_round_note(
    game: GameDefinition, state: GameState, history: Sequence[Round], seen: Seen | None
) -> str | None:
    """What the steps of the latest round the player did not see did, in a sentence."""
    latest = latest_round(state, history)
    if seen is None or latest is None:
        return None
    first = seen[1] if seen[0] == latest.number else 0
    if first >= len(latest.steps):
        return None
    closed = state.round is None
    action = latest.steps[-1].action
    if isinstance(action, Spin) or (isinstance(action, Collect) and first == 0):
        return _spin_note(game, latest, state.phase, closed=closed)
    if isinstance(action, Guess) and closed:
        step = latest.gamble[-1]
        stake = format_cents(step.stake)
        return f"Your gamble card was {card_label(step.card)}: the win of {stake} was lost."
    if isinstance(action, FeatureAction):
        return _feature_note(game, latest, action, closed=closed)
    return None


def _spin_note(game: GameDefinition, round_: Round, phase: Phase, *, closed: bool) -> str | None:
    """The round's spin: what it paid, or the features it won."""
    if closed:
        if round_.paid:
            return f"The spin you left paid {format_cents(round_.paid)}, added to your credits."
        return "The spin you left landed no win."
    if phase is Phase.FEATURE:
        return f"The spin you left won {_and([_feature_words(game, f) for f in round_.frames])}."
    return None  # a win waiting: credited on start, with its own note (session.opening)


def _feature_note(
    game: GameDefinition, round_: Round, action: FeatureAction, *, closed: bool
) -> str | None:
    """A feature step: what its feature says of it (a pick game it ended), or the round's
    end when it closed the round (the last free spin)."""
    owner = _owner(game, round_, action)
    if owner is not None:
        report = report_for(owner.feature)
        if report.tells_steps:
            feature = game.feature(owner.feature)
            return report.step_note(feature, owner, round_.bet.total) if owner.done else None
    if not closed:
        return None  # the reels, the banner and the Win box show the free spin
    if not round_.paid:
        return "Your round ended with no win."
    return f"Your round ended: it paid {format_cents(round_.paid)}, added to your credits."


def _owner(game: GameDefinition, round_: Round, action: FeatureAction) -> FeatureFrame | None:
    """The latest frame whose feature takes ``action`` (``None``: none of the game's)."""
    frame: FeatureFrame
    for frame in reversed(round_.frames):
        feature = _feature(game, frame)
        if feature is not None and feature.actions.get(action.name) is type(action):
            return frame
    return None


def _feature(game: GameDefinition, frame: FeatureFrame) -> Any:
    """The game's feature of ``frame`` (``None`` for a name the game does not have)."""
    return game.feature(frame.feature) if game.has_feature(frame.feature) else None


def _feature_words(game: GameDefinition, frame: FeatureFrame) -> str:
    """A feature a spin won, as the player names it (its report says)."""
    return report_for(frame.feature).won_words(_feature(game, frame), frame)


def _and(words: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(words) <= 1:
        return "".join(words) or "a feature"
    return f"{', '.join(words[:-1])} and {words[-1]}"
