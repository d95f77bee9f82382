"""What a round is made of: its phase, the drawn spins, its features, gamble cards, steps.

:class:`Round` is the complete record of one round (every draw, in its steps),
:class:`GameState` the machine between transitions.  Frozen values; the
transitions in :mod:`slotterm.engine.round` build new ones (by keyword, or with
:func:`evolve`).  A feature's own record sits in a :class:`FeatureFrame`; what it holds
is the feature's business (:mod:`slotterm.engine.features`).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, NamedTuple

from slotterm.engine.actions import Action, Bet, Limits
from slotterm.engine.fast_init import keyword_builder, strict_tuple
from slotterm.engine.gamble import Color
from slotterm.engine.outcome import Evaluation, Window


class Phase(StrEnum):
    """Where the machine stands between transitions.

    ``FEATURE``: a feature of the round is under way (its frame says where it stands).
    """

    IDLE = "idle"
    FEATURE = "feature"
    WIN_OFFERED = "win_offered"
    GAMBLE = "gamble"


class EndReason(StrEnum):
    """Why the round's winnings were cut short."""

    CAP = "cap"
    LIMIT = "limit"


# --- round records -------------------------------------------------------------------------


@strict_tuple
class SpinResult(NamedTuple):
    """One drawn spin: the stops, the window they show, and what it pays."""

    stops: tuple[int, ...]
    window: Window
    evaluation: Evaluation


build_spin_result = keyword_builder(SpinResult)
"""``SpinResult(stops=, window=, evaluation=)``, cheaper (a free spin builds one each)."""


@strict_tuple
class GambleStep(NamedTuple):
    """One gamble card: the card (0..51), the guess, the stake and the outcome."""

    card: int
    guess: Color
    stake: int
    won: bool
    result: int


@strict_tuple
class Step(NamedTuple):
    """One transition of a round: the action and the draws it consumed."""

    action: Action
    draws: tuple[int, ...]


@strict_tuple
class FeatureFrame(NamedTuple):
    """One feature of an open round: which feature (its name in the game), and its record.

    ``done`` once the feature has finished (or the round cap ended it).
    """

    feature: str
    record: Any
    done: bool = False


build_feature_frame = keyword_builder(FeatureFrame)
"""``FeatureFrame(feature=, record=, done=)``, cheaper (every feature step builds one)."""


@strict_tuple
class Round(NamedTuple):
    """An open (or just closed) round with every step it went through.

    ``frames`` holds every feature the round started; the one being played is the last
    frame not ``done`` (a feature started inside another is pushed after it).
    ``feature_win`` is what the features have won, ``win`` what the round offers now
    (after any gamble), ``paid`` what went into credits when it closed.
    """

    number: int
    bet: Bet
    limits: Limits
    autoplay: bool
    credits_before: int
    base: SpinResult
    base_win: int
    frames: tuple[FeatureFrame, ...]
    feature_win: int
    win: int
    ended_by: EndReason | None
    gamble: tuple[GambleStep, ...]
    gamble_closed: bool
    steps: tuple[Step, ...]
    paid: int = 0

    @property
    def round_win(self) -> int:
        """What the spin and its features won, before any gamble."""
        return self.base_win + self.feature_win

    @property
    def active(self) -> FeatureFrame | None:
        """The feature being played: the last frame not done (``None`` when all are)."""
        frame: FeatureFrame
        for frame in reversed(self.frames):
            if not frame.done:
                return frame
        return None

    def frame(self, feature: str) -> FeatureFrame | None:
        """The first frame of ``feature`` in this round, if it started."""
        for frame in self.frames:
            if frame.feature == feature:
                return frame
        return None


def gamble_allowed(round_: Round) -> bool:
    """True when the offered win may be gambled (DESIGN.md §1, gamble row).

    Never a win autoplay spun, unless the spin started a feature: autoplay stops there and
    the player plays the feature by hand, so its win may be gambled (an interface that
    lets autoplay play a feature collects for it and offers no gamble while it runs).
    """
    limit = round_.limits.gamble_limit
    return (
        (not round_.autoplay or bool(round_.frames))
        and round_.ended_by is None
        and not round_.gamble_closed
        and round_.win > 0
        and (limit is None or round_.win <= limit)
    )


def evolve(round_: Round, **changes: Any) -> Round:
    """A copy of ``round_`` with ``changes`` (fields by keyword).

    As ``round_._replace(**changes)`` (a name that is no field raises ``ValueError``),
    without its generic machinery: a feature step evolves its round every time.
    """
    values = list(round_)
    index = _ROUND_FIELD_INDEX
    try:
        for name, value in changes.items():
            values[index[name]] = value
    except KeyError:
        unknown = [name for name in changes if name not in index]
        raise ValueError(f"Got unexpected field names: {unknown!r}") from None
    return _new_tuple(Round, values)


_ROUND_FIELD_INDEX = {name: i for i, name in enumerate(Round._fields)}
_new_tuple = tuple.__new__


@strict_tuple
class GameState(NamedTuple):
    """The machine: phase, credits, the open round, and a little memory across rounds."""

    phase: Phase
    credits: int
    round: Round | None = None
    rounds_played: int = 0
    recent_cards: tuple[int, ...] = ()
