"""The reel stops that make a tester's forced round happen (``--force retrigger``,
``five-of-a-kind:SYM``, ``cap``), found by searching the game's strips.

A plan is a list of :class:`~slotterm.forced_stops.ForcedSpin`: the session hands them
to the engine through :class:`~slotterm.forced_stops.ForcedStopsSource`, so the engine
still draws every outcome through the one randomness interface and records the stops it
drew (DESIGN.md §3).  Every plan but a five of a kind is played once here first, on a
copy of the machine (the engine's own rules, no save), and refused when it does not do
what it was made for: the search may be simple, what it promises is checked.

Nothing here knows a game by its name: the free spins are the feature named
``free_spins`` (as ``--force free-spins`` names it) and their strips that feature's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from slotterm.engine.actions import Action, ActionRefused, Bet, Limits, Spin
from slotterm.engine.events import Event, RoundClosed
from slotterm.engine.features.free_spins_records import FreeSpinsAwarded
from slotterm.engine.model import GameDefinition
from slotterm.engine.outcome import Evaluation
from slotterm.engine.policy import next_action
from slotterm.engine.records import EndReason, GameState, Phase, Round
from slotterm.engine.round import apply
from slotterm.engine.strip_table import StripTable, strip_table
from slotterm.forced_stops import ForcedSpin, ForcedStopsSource, strip_lengths
from slotterm.money import format_cents
from slotterm.rng import SeededSource

FREE_SPINS = "free_spins"
"""The feature a retrigger and the cap are played in."""
MAX_PLAN_SPINS = 10_000
"""The most forced spins one plan may take (as many as ``--stops`` may force)."""
SEARCH_PASSES = 4
"""How many times the search goes over every reel looking for a better stop."""


class PlanError(ValueError):
    """A forced round the game cannot play (one line, for the tester)."""


class TooManySpins(PlanError):
    """A plan that would take more than :data:`MAX_PLAN_SPINS` forced spins."""


def five_of_a_kind(game: GameDefinition, symbol: str, lines: int) -> ForcedSpin:
    """The base spin showing ``symbol`` on the five reels of one of the first ``lines``
    paid lines (the lowest line that can), or a :class:`PlanError`."""
    strips = game.reel_sets["base"]
    for line in game.lines[:lines]:
        stops = []
        for strip, row in zip(strips, line, strict=True):
            found = [s for s in range(len(strip)) if strip[(s + row) % len(strip)] == symbol]
            if not found:
                break
            stops.append(found[0])
        else:
            return ForcedSpin("base", tuple(stops))
    raise PlanError(f"no reel stops show {symbol} on every reel of a paid line")


def retrigger(game: GameDefinition, bet: Bet, limits: Limits) -> tuple[ForcedSpin, ...]:
    """A base spin starting the free spins and a first free spin retriggering them."""
    base, free = _scatter_spins(game)
    events = _play(game, bet, limits, (base, free), stop=_retriggered)[1]
    if not _retriggered(events):
        raise PlanError(f"the free spins of {game.name} cannot be retriggered")
    return base, free


def cap(game: GameDefinition, bet: Bet, limits: Limits) -> tuple[ForcedSpin, ...]:
    """Spins that take the round to its cap at ``bet``: one base spin paying it, or a base
    spin starting the free spins and free spins paying it (:func:`_free_spins_to`); each
    played on a copy of the machine, the first that reaches the cap kept."""
    top = game.max_win(bet.total, limits)
    table = strip_table(game, game.reel_sets["base"])
    best_base = _best(table, bet, lambda e: True)
    plans: list[tuple[ForcedSpin, ...]] = []
    if table.evaluation(best_base, bet.lines, bet.bet_per_line).total_win >= top:
        plans.append((ForcedSpin("base", best_base),))
    too_long: str | None = None
    if game.has_feature(FREE_SPINS):
        try:
            plans.append(_free_spins_to(game, bet, limits, top))
        except TooManySpins as exc:  # said if nothing else reaches the cap
            too_long = str(exc)
        except PlanError:  # the free spins cannot retrigger, or pay nothing
            pass
    for plan in plans:
        closed = _play(game, bet, limits, plan)[0]
        if closed is not None and closed.ended_by is EndReason.CAP:
            return plan
    raise PlanError(
        too_long
        or f"no forced spins reach the round cap of {format_cents(top)} at this bet"
        f" ({bet.lines} lines, {format_cents(bet.total)} in all)"
    )


# --- the search ------------------------------------------------------------------------------


def _free_set(game: GameDefinition) -> str:
    """The name of the free spins' strip set."""
    return next(iter(game.feature(FREE_SPINS).reel_sets()))


def _scatter_stops(game: GameDefinition, set_name: str) -> tuple[int, ...]:
    """Per reel of ``set_name``'s strips, the first stop showing the most scatters."""
    scatters = game.scatter_ids
    stops = []
    for strip in game.reel_sets[set_name]:
        n = len(strip)

        def shown(s: int, strip: Sequence[str] = strip, n: int = n) -> int:
            return sum(strip[(s + row) % n] in scatters for row in range(game.rows))

        stops.append(max(range(n), key=shown))
    return tuple(stops)


def _scatter_spins(game: GameDefinition) -> tuple[ForcedSpin, ForcedSpin]:
    """The base and free spins showing the most scatters (a trigger, a retrigger)."""
    if not game.has_feature(FREE_SPINS):
        raise PlanError(f"{game.name} has no free spins")
    free = _free_set(game)
    return ForcedSpin("base", _scatter_stops(game, "base")), ForcedSpin(
        free, _scatter_stops(game, free)
    )


def _best(
    table: StripTable, bet: Bet, ok: Callable[[Evaluation], bool], start: Sequence[int] = ()
) -> tuple[int, ...]:
    """The best-paying stops the search finds whose evaluation is ``ok``: from ``start``
    and, for each symbol, from the first stop of each reel that shows it, one reel's stop
    changed at a time while that pays more (an ``ok`` window first)."""
    lengths = table.lengths

    def score(stops: Sequence[int]) -> tuple[bool, int]:
        evaluation = table.evaluation(stops, bet.lines, bet.bet_per_line)
        return ok(evaluation), evaluation.total_win

    symbols = sorted({symbol for column in table.columns for window in column for symbol in window})
    starts = [tuple(start)] if start else []
    for symbol in symbols:
        picked = [next((s for s, w in enumerate(col) if symbol in w), 0) for col in table.columns]
        starts.append(tuple(picked))
    best: tuple[int, ...] = starts[0]
    best_score = score(best)
    for first in starts:
        stops, now = list(first), score(first)
        for _ in range(SEARCH_PASSES):
            moved = False
            for reel, length in enumerate(lengths):
                for stop in range(length):
                    trial = [*stops[:reel], stop, *stops[reel + 1 :]]
                    trial_score = score(trial)
                    if trial_score > now:
                        stops, now, moved = trial, trial_score, True
            if not moved:
                break
        if now > best_score:
            best, best_score = tuple(stops), now
    return best


def _free_spins_to(
    game: GameDefinition, bet: Bet, limits: Limits, top: int
) -> tuple[ForcedSpin, ...]:
    """A base spin starting the free spins, then free spins paying ``top``: in blocks of
    one spin that retriggers and as many of the best-paying spins as the retrigger adds
    less one, so that spins are never short."""
    base, scatter = retrigger(game, bet, limits)
    table = strip_table(game, game.reel_sets[scatter.strips])
    most = table.evaluation(scatter.stops, bet.lines, bet.bet_per_line).scatter_count
    again, added = scatter.stops, _added(game, bet, limits, base, scatter)
    for least in range(1, most):  # the fewest scatters that retrigger leave the most room
        stops = _best(table, bet, partial(_shows, least), scatter.stops)
        count = _added(game, bet, limits, base, ForcedSpin(scatter.strips, stops))
        if count:
            again, added = stops, count
            break
    best = _best(table, bet, lambda e: True)
    block = [ForcedSpin(scatter.strips, again)] + [ForcedSpin(scatter.strips, best)] * (added - 1)
    win = sum(table.evaluation(s.stops, bet.lines, bet.bet_per_line).total_win for s in block)
    if win <= 0:
        raise PlanError("no free spins pay anything")
    spins = -(-top // win) * len(block)
    if spins > MAX_PLAN_SPINS:
        raise TooManySpins(
            f"the round cap of {format_cents(top)} takes more than {MAX_PLAN_SPINS:,} "
            "forced free spins at this bet (a higher bet takes fewer)"
        )
    return (base, *(block * (spins // len(block))))


def _shows(least: int, evaluation: Evaluation) -> bool:
    """Whether ``evaluation`` counts at least ``least`` scatters."""
    return evaluation.scatter_count >= least


def _added(
    game: GameDefinition, bet: Bet, limits: Limits, base: ForcedSpin, free: ForcedSpin
) -> int:
    """How many free spins ``free`` adds when played first after ``base`` (0: none)."""
    events = _play(game, bet, limits, (base, free), stop=_retriggered)[1]
    return next((e.count for e in events if isinstance(e, FreeSpinsAwarded) and e.retrigger), 0)


# --- a trial round ---------------------------------------------------------------------------


def _retriggered(events: Sequence[Event]) -> bool:
    """Whether the free spins were retriggered."""
    return any(isinstance(e, FreeSpinsAwarded) and e.retrigger for e in events)


def _play(
    game: GameDefinition,
    bet: Bet,
    limits: Limits,
    spins: Sequence[ForcedSpin],
    stop: Callable[[Sequence[Event]], bool] | None = None,
) -> tuple[Round | None, list[Event]]:
    """One round played on ``spins`` by the best policy on a copy of the machine: the
    round once closed (``None`` if ``stop`` ended the trial first), and its events."""
    source = ForcedStopsSource(SeededSource(0), spins, strip_lengths(game))
    state = GameState(Phase.IDLE, bet.total)
    events: list[Event] = []
    action: Action = Spin(bet, limits=limits)
    for _ in range(3 * len(spins) + 1000):
        try:
            transition = apply(game, state, action, source)
        except ActionRefused as exc:
            raise PlanError(f"the forced round cannot be played: {exc}") from None
        state = transition.state
        events.extend(transition.events)
        for event in transition.events:
            if isinstance(event, RoundClosed):
                return event.round, events
        if stop is not None and stop(events):
            return None, events
        following = next_action(game, state)
        if following is None:
            break
        action = following
    return None, events
