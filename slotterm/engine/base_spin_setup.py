"""What every base spin of a game at one bet needs, worked out once.

:class:`BaseSpin` holds the strip table, the cap, the context the features' triggers see
and each feature's gate (its :class:`~slotterm.engine.feature.TriggerHint` turned into
stops of the base strips); :func:`base_spin` keeps the last one made for each game.  The
base spin itself (:mod:`slotterm.engine.base_spin`) plays with it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import reduce
from operator import and_, getitem

from slotterm.engine.actions import Bet, Limits, Spin
from slotterm.engine.feature import Feature, FeatureContext, Triggered
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import SpinResult
from slotterm.engine.strip_table import strip_table
from slotterm.rng import RandomSource, drawer

Gate = tuple[Feature, int, tuple[tuple[int, frozenset[int]], ...]]
"""A feature, the scatters its trigger needs, and per reel the stops that may start it."""


class BaseSpin:
    """What every base spin of a game at one bet needs, worked out once (the last is kept).

    The strip table, the cap, the context the triggers see, and each feature's gate: its
    :class:`~slotterm.engine.feature.TriggerHint` turned into stops of the base strips.
    """

    __slots__ = (
        "bet",
        "bet_per_line",
        "cap",
        "ctx",
        "draw",
        "evaluation",
        "features",
        "game",
        "gate_bits",
        "gate_check",
        "gates",
        "least",
        "lengths",
        "limits",
        "lines",
        "rng",
        "scatter_bits",
        "table",
        "total",
    )

    def __init__(self, game: GameDefinition, bet: Bet, limits: Limits) -> None:
        self.game = game
        self.bet = bet
        self.limits = limits
        self.lines = bet.lines
        self.bet_per_line = bet.bet_per_line
        self.total = bet.bet_per_line * bet.lines
        self.table = strip_table(game, game.base_reels)
        self.lengths = self.table.lengths
        self.cap = game.max_win(self.total, limits)
        self.features = game.features
        self.ctx = FeatureContext(game=game, bet=bet, limits=limits, room=self.cap)
        self.gates = tuple(self._gate(feature) for feature in game.features)
        # a spin showing fewer scatters than this starts nothing
        self.least = min((least for _, least, _ in self.gates), default=1 << 30)
        self.gate_bits = self._gate_bits()
        self.scatter_bits = self._scatter_bits()
        self.gate_check = gate_check(self.scatter_bits, self.gate_bits)
        self.evaluation = self.table.evaluator(self.lines, self.bet_per_line)
        self.rng: RandomSource | None = None
        self.draw: Callable[[], tuple[int, ...]] = tuple

    def bind(self, rng: RandomSource) -> None:
        """Draw the stops from ``rng`` from now on."""
        self.rng = rng
        self.draw = drawer(rng, self.lengths)

    def _gate(self, feature: Feature) -> Gate:
        hint = feature.trigger_hint()
        if hint is None:
            return feature, 0, ()
        symbol = hint.symbol
        if symbol is None:
            return feature, hint.min_scatters, ()
        columns = self.table.columns
        reels = tuple(
            (r, frozenset(stop for stop, column in enumerate(columns[r]) if symbol in column))
            for r in hint.reels
        )
        return feature, hint.min_scatters, reels

    def started(
        self, stops: tuple[int, ...], result: SpinResult
    ) -> list[tuple[Feature, Triggered]]:
        """The features an unforced base spin starts, asking only those its gates let by."""
        started = []
        scatters = result.evaluation.scatter_count
        for feature, least, reels in self.gates:
            if scatters < least:
                continue
            if reels and not all(stops[r] in allowed for r, allowed in reels):
                continue
            triggered = feature.trigger(self.ctx, result)
            if triggered is not None:
                started.append((feature, triggered))
        return started

    def may_start(self, stops: tuple[int, ...], scatters: int) -> bool:
        """False when no gate lets a spin at ``stops`` showing ``scatters`` scatters by.

        Each gate is a bit: ``gate_bits[reel][stop]`` holds the gates a reel's stop lets
        by, ``scatter_bits[n]`` those ``n`` scatters do; a spin may start a feature when
        some bit is in all of them.  (:attr:`gate_check` is the same, written out.)
        """
        bits = self.scatter_bits[scatters if scatters < len(self.scatter_bits) else -1]
        return bool(bits and reduce(and_, map(getitem, self.gate_bits, stops), bits))

    def _gate_bits(self) -> tuple[tuple[int, ...], ...]:
        """Per reel and stop, the bits of the gates that stop lets by (see :meth:`may_start`)."""
        every = (1 << len(self.gates)) - 1
        reels: list[tuple[int, ...]] = []
        for reel, length in enumerate(self.lengths):
            masks = [every] * length
            for bit, (_, _, gated) in enumerate(self.gates):
                for r, allowed in gated:
                    if r == reel:
                        for stop in range(length):
                            if stop not in allowed:
                                masks[stop] &= ~(1 << bit)
            reels.append(tuple(masks))
        return tuple(reels)

    def _scatter_bits(self) -> tuple[int, ...]:
        """By scatters shown (the last entry: as many as a window holds, or more), the bits
        of the gates that many scatters let by."""
        most = self.game.reels * self.game.rows
        return tuple(
            sum(1 << bit for bit, (_, least, _) in enumerate(self.gates) if n >= least)
            for n in range(most + 1)
        )


def gate_check(
    scatter_bits: tuple[int, ...], gate_bits: tuple[tuple[int, ...], ...]
) -> Callable[[tuple[int, ...], int], bool]:
    """:meth:`BaseSpin.may_start` of these bits written out as one function: it reads
    only the reels that hold some gate back, one at a time, and stops at the first that
    leaves no gate open (most spins of a game whose feature needs given stops on some
    reels are told at the first of them)."""
    every = (1 << max((bits.bit_length() for bits in scatter_bits), default=0)) - 1
    gated = [r for r, masks in enumerate(gate_bits) if any(m & every != every for m in masks)]
    # the reel that closes most often first: the check stops sooner
    gated.sort(key=lambda r: -sum(1 for m in gate_bits[r] if not m & every))
    body = [
        "def make(sb, last, gb):",
        *(f"    g{r} = gb[{r}]" for r in gated),
        "    def check(stops, scatters):",
        "        bits = sb[scatters] if scatters < last else sb[-1]",
    ]
    for r in gated:
        body += [
            "        if not bits:",
            "            return False",
            f"        bits &= g{r}[stops[{r}]]",
        ]
    body += ["        return bits != 0", "    return check"]
    namespace: dict[str, Callable[..., Callable[[tuple[int, ...], int], bool]]] = {}
    exec("\n".join(body), namespace)
    return namespace["make"](scatter_bits, len(scatter_bits), gate_bits)


_BASE_SPINS: dict[int, BaseSpin] = {}


_LAST: list[tuple[Spin, GameDefinition, BaseSpin]] = []


def base_spin(game: GameDefinition, action: Spin) -> BaseSpin:
    """The (cached) setup of the base spins of ``game`` at the action's bet and limits."""
    if _LAST:
        last_action, last_game, last = _LAST[0]
        if last_action is action and last_game is game:
            return last
    bet, limits = action.bet, action.limits
    base = _BASE_SPINS.get(id(game))
    if base is None or base.game is not game or base.bet != bet or base.limits != limits:
        if len(_BASE_SPINS) > 64:
            _BASE_SPINS.clear()
        base = _BASE_SPINS[id(game)] = BaseSpin(game, bet, limits)
    _LAST[:] = [(action, game, base)]
    return base
