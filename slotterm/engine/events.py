"""What a transition reports, in order, for the interface to animate and the store to log.

These are the core's events; a feature defines its own (subclasses of
:class:`FeatureEvent`) in its module.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from slotterm.engine.fast_init import keyword_builder, strict_tuple
from slotterm.engine.records import GambleStep, GameState, Round, SpinResult


class FeatureEvent:
    """Base of the events a feature reports (free spins awarded, a symbol chosen...)."""

    __slots__ = ()


@strict_tuple
class ReelsStopped(NamedTuple):
    """A spin was drawn on the strips ``reel_set`` (``"base"`` or a feature's set).

    ``number`` is the feature's count of it (free spin 3, say; ``None`` for the base
    spin), ``win`` what it added to the round, ``extra`` what a feature added to the
    window (symbols filling reels, say; the feature's own value) or ``None``.
    """

    result: SpinResult
    reel_set: str
    win: int
    number: int | None = None
    extra: Any = None


build_reels_stopped = keyword_builder(ReelsStopped)
"""``ReelsStopped(result=, reel_set=, win=, number=, extra=)``, cheaper (a free spin's)."""


@strict_tuple
class WinOffered(NamedTuple):
    """A win waits for collect; ``gamble_allowed`` says whether the gamble is open."""

    amount: int
    gamble_allowed: bool


@strict_tuple
class CardDrawn(NamedTuple):
    """A gamble card was turned."""

    step: GambleStep


@strict_tuple
class Collected(NamedTuple):
    """The win went into credits."""

    amount: int


@strict_tuple
class RoundClosed(NamedTuple):
    """The round is finished; ``round`` is its complete record."""

    round: Round


@strict_tuple
class CreditsAdded(NamedTuple):
    """Demo credits were topped up."""

    amount: int


Event = (
    ReelsStopped | WinOffered | CardDrawn | Collected | RoundClosed | CreditsAdded | FeatureEvent
)
"""Any event a transition may report."""


class Transition:
    """The new state and what happened on the way, in order.

    ``events`` may be given, or built on first use by ``build`` (a function of no
    arguments): the outcome is already drawn and in ``state``; a simulation that never
    looks at the events does not pay for building them.  Compared by state and events.
    """

    __slots__ = ("_events", "state")

    def __init__(
        self,
        state: GameState,
        events: tuple[Event, ...] | None = None,
        build: Callable[[], tuple[Event, ...]] | None = None,
    ) -> None:
        self.state = state
        # the events, or until they are first asked for, the function that builds them
        self._events: tuple[Event, ...] | Callable[..., tuple[Event, ...]] | None = (
            build if events is None else events
        )

    @property
    def events(self) -> tuple[Event, ...]:
        """What happened, in order."""
        events = self._events
        if type(events) is tuple:
            return events
        assert events is not None and not isinstance(events, tuple)
        built = self._events = events()
        return built

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Transition):
            return NotImplemented
        return self.state == other.state and self.events == other.events

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Transition(state={self.state!r}, events={self.events!r})"


class DeferredTransition(Transition):
    """A transition whose events are built on first use by ``build(*args)``.

    The cheapest way to say "these events, if anyone asks": no builder object is made
    for a transition whose events nobody reads (a simulation's losing spins).
    """

    __slots__ = ("_args",)

    def __init__(
        self, state: GameState, build: Callable[..., tuple[Event, ...]], *args: Any
    ) -> None:
        self.state = state
        self._events = build
        self._args = args

    @property
    def events(self) -> tuple[Event, ...]:
        """What happened, in order."""
        events = self._events
        if type(events) is tuple:
            return events
        assert events is not None and not isinstance(events, tuple)
        built = self._events = events(*self._args)
        self._args = ()
        return built
