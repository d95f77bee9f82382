"""What a simulation counts (:class:`Tally`) and what it derives from the counts.

:mod:`slotterm.analysis.simulate` plays the rounds; this module holds its integer
tallies, which add up across chunks and processes (the per-feature :class:`FrameCounts`
and the per-source :class:`SourceSplit` a chunk fills as it plays), and
:class:`SimulationResult`, the statistics a report prints (RTP and its 99 % interval,
its split by source, frequencies, per-feature figures).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import zip_longest

from slotterm.engine.model import GameDefinition
from slotterm.engine.outcome import Evaluation
from slotterm.engine.records import Round

Z_99 = 2.5758293035489004
"""The two-sided 99 % normal quantile."""


SOURCES = ("base_lines", "scatter", "free_spins", "bonus")
"""Where a round's pay comes from, as the PAR sheet splits the RTP (``rtp_<source>``):
the base spin's lines (less any cut by the round cap) and its scatter pay, the free spins
(with everything played inside them), and a bonus the base spin started.  A feature's law
says which of the last two its pays go to
(:attr:`~slotterm.analysis.features.contract.FeatureLaw.source`)."""

FEATURE_SOURCE = "free_spins"
"""The source of the round's feature: a round whose base spin started a feature paying
into it counts as one with the feature (``Tally.features``, the feature frequency)."""


def _sum(a: Sequence[int], b: Sequence[int]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip_longest(a, b, fillvalue=0))


@dataclass(frozen=True, slots=True)
class Tally:
    """Integer tallies of a number of rounds (amounts in cents).

    ``paid_squares``, ``paid_cubes`` and ``paid_fourths`` sum each round's pay to the
    second, third and fourth power (the last two give the spread of the sample sd).
    ``features`` counts rounds that started a feature of :data:`FEATURE_SOURCE` (the free
    spins), ``free_spins`` the spins all features played and ``free_spins_squares`` the
    sum of each round's count squared.  ``frames``, ``frame_rounds``, ``frame_paid`` and
    ``base_frames`` are per feature of the game's ``all_features`` (frames played, rounds
    with at least one, what they paid, frames the base spin started), as are
    ``frame_paid_squares`` (each frame's pay squared, summed) and ``frame_count_squares``
    (each round's count of the feature's frames squared, summed).  ``source_paid`` and
    ``source_squares`` are per source of :data:`SOURCES`: what the rounds paid from it,
    and the sum of each round's pay from it squared.
    """

    rounds: int = 0
    staked: int = 0
    paid: int = 0
    paid_squares: int = 0
    paid_cubes: int = 0
    paid_fourths: int = 0
    base_hits: int = 0
    features: int = 0
    free_spins: int = 0
    free_spins_squares: int = 0
    capped: int = 0
    top_win: int = 0
    frames: tuple[int, ...] = ()
    frame_rounds: tuple[int, ...] = ()
    frame_paid: tuple[int, ...] = ()
    base_frames: tuple[int, ...] = ()
    frame_paid_squares: tuple[int, ...] = ()
    frame_count_squares: tuple[int, ...] = ()
    source_paid: tuple[int, ...] = ()
    source_squares: tuple[int, ...] = ()

    def __add__(self, other: Tally) -> Tally:
        """The tally of both sets of rounds."""
        return Tally(
            rounds=self.rounds + other.rounds,
            staked=self.staked + other.staked,
            paid=self.paid + other.paid,
            paid_squares=self.paid_squares + other.paid_squares,
            paid_cubes=self.paid_cubes + other.paid_cubes,
            paid_fourths=self.paid_fourths + other.paid_fourths,
            base_hits=self.base_hits + other.base_hits,
            features=self.features + other.features,
            free_spins=self.free_spins + other.free_spins,
            free_spins_squares=self.free_spins_squares + other.free_spins_squares,
            capped=self.capped + other.capped,
            top_win=max(self.top_win, other.top_win),
            frames=_sum(self.frames, other.frames),
            frame_rounds=_sum(self.frame_rounds, other.frame_rounds),
            frame_paid=_sum(self.frame_paid, other.frame_paid),
            base_frames=_sum(self.base_frames, other.base_frames),
            frame_paid_squares=_sum(self.frame_paid_squares, other.frame_paid_squares),
            frame_count_squares=_sum(self.frame_count_squares, other.frame_count_squares),
            source_paid=_sum(self.source_paid, other.source_paid),
            source_squares=_sum(self.source_squares, other.source_squares),
        )


class FrameCounts:
    """Per-feature counts of the rounds that played features (the rare rounds)."""

    __slots__ = (
        "base",
        "count_squares",
        "frames",
        "game",
        "index",
        "paid",
        "paid_squares",
        "rounds",
    )

    def __init__(self, game: GameDefinition) -> None:
        """Zero counts for each of ``game``'s features and parts."""
        self.game = game
        self.index = {f.name: i for i, f in enumerate(game.all_features)}
        self.frames = [0] * len(self.index)
        self.rounds = [0] * len(self.index)
        self.paid = [0] * len(self.index)
        self.base = [0] * len(self.index)
        self.paid_squares = [0] * len(self.index)
        self.count_squares = [0] * len(self.index)

    def add_base(self, round_: Round) -> None:
        """Count the frames a base spin started."""
        for frame in round_.frames:
            self.base[self.index[frame.feature]] += 1

    def add(self, round_: Round) -> None:
        """Count the frames of a finished round."""
        seen: dict[int, int] = {}
        for frame in round_.frames:
            i = self.index[frame.feature]
            pay = self.game.feature(frame.feature).pay(frame.record)
            self.frames[i] += 1
            self.paid[i] += pay
            self.paid_squares[i] += pay * pay
            seen[i] = seen.get(i, 0) + 1
        for i, count in seen.items():
            self.rounds[i] += 1
            self.count_squares[i] += count * count


class SourceSplit:
    """What the rounds paid by source (:data:`SOURCES`), with the sums of squares per round."""

    __slots__ = ("paid", "squares")

    def __init__(self) -> None:
        """Nothing paid yet."""
        self.paid = [0] * len(SOURCES)
        self.squares = [0] * len(SOURCES)

    def add_base(self, round_: Round) -> None:
        """A base spin's win (after the cap): its scatter pay, the rest to its lines."""
        if round_.base_win:
            self.add_win(round_.base_win, round_.base.evaluation)

    def add_win(self, won: int, evaluation: Evaluation) -> None:
        """A base spin's win ``won`` (after the cap, > 0) of ``evaluation``: its scatter
        pay, the rest to its lines."""
        scatter = evaluation.scatter_win
        pays = 0 if scatter is None else scatter.win
        lines = won - pays  # the cap's cut is taken off the lines, as the PAR sheet does
        paid, squares = self.paid, self.squares
        paid[0] += lines
        squares[0] += lines * lines
        if pays:
            paid[1] += pays
            squares[1] += pays * pays

    def add_features(self, won: Sequence[int]) -> None:
        """What one round's features paid, by source (:data:`SOURCES`; the base spin's own
        sources get nothing from the features)."""
        paid, squares = self.paid, self.squares
        for i in range(2, len(SOURCES)):
            amount = won[i]
            paid[i] += amount
            squares[i] += amount * amount


@dataclass(frozen=True, slots=True)
class SimulationResult:
    """What a simulation measured, with the statistics derived from it."""

    game_id: str
    seed: int
    lines: int
    bet_per_line: int
    workers: int
    tally: Tally
    policy: str = "best"
    coin_size: int | None = None
    feature_names: tuple[str, ...] = ()

    @property
    def total_bet(self) -> int:
        """The total bet of one round in cents."""
        return self.bet_per_line * self.lines

    @property
    def rtp(self) -> float:
        """Paid / staked."""
        return self.tally.paid / self.tally.staked if self.tally.staked else 0.0

    @property
    def sd(self) -> float:
        """Sample standard deviation of one round's return (win / total bet)."""
        n = self.tally.rounds
        if n < 2:
            return 0.0
        # exact integer arithmetic for the sum of squared deviations, in cents²
        deviations = n * self.tally.paid_squares - self.tally.paid**2
        variance_cents = deviations / (n * (n - 1))
        return math.sqrt(max(variance_cents, 0.0)) / self.total_bet

    @property
    def ci99_half_width(self) -> float:
        """Half the width of the 99 % confidence interval of the RTP."""
        n = self.tally.rounds
        return Z_99 * self.sd / math.sqrt(n) if n else math.inf

    @property
    def ci99(self) -> tuple[float, float]:
        """The 99 % confidence interval of the RTP."""
        half = self.ci99_half_width
        return self.rtp - half, self.rtp + half

    @property
    def hit_frequency(self) -> float:
        """Share of rounds whose base spin paid anything or started a feature (free spins
        or a bonus): the PAR sheet's ``hit_frequency``."""
        return self.tally.base_hits / self.tally.rounds if self.tally.rounds else 0.0

    @property
    def feature_frequency(self) -> float:
        """Share of rounds that triggered free spins."""
        return self.tally.features / self.tally.rounds if self.tally.rounds else 0.0

    @property
    def free_spins_per_feature(self) -> float:
        """Average free spins played per feature."""
        return self.tally.free_spins / self.tally.features if self.tally.features else 0.0

    @property
    def top_win_x(self) -> float:
        """The biggest round win as a multiple of the total bet."""
        return self.tally.top_win / self.total_bet

    def _of(self, counts: tuple[int, ...], name: str) -> int:
        names = self.feature_names
        return counts[names.index(name)] if name in names and len(counts) > names.index(name) else 0

    def frames_of(self, name: str) -> int:
        """How many times the feature (or part) ``name`` was played."""
        return self._of(self.tally.frames, name)

    def started_by_base_spin(self, name: str) -> int:
        """How many times a base spin started the feature ``name``."""
        return self._of(self.tally.base_frames, name)

    def paid_squares_of(self, name: str) -> int:
        """The sum of the squared pay of each frame of the feature (or part) ``name``."""
        return self._of(self.tally.frame_paid_squares, name)

    def count_squares_of(self, name: str) -> int:
        """The sum over rounds of the squared count of frames of the feature ``name``."""
        return self._of(self.tally.frame_count_squares, name)

    def rounds_with(self, name: str) -> int:
        """How many rounds played the feature (or part) ``name`` at least once."""
        return self._of(self.tally.frame_rounds, name)

    def paid_of(self, name: str) -> int:
        """What the feature (or part) ``name`` paid in all, in cents."""
        return self._of(self.tally.frame_paid, name)

    def rtp_of(self, names: Sequence[str]) -> float:
        """What the features ``names`` paid, per amount staked."""
        paid = sum(self.paid_of(n) for n in names)
        return paid / self.tally.staked if self.tally.staked else 0.0

    def rtp_by_source(self) -> dict[str, float]:
        """What each source of :data:`SOURCES` paid, per amount staked (they add up to the RTP)."""
        staked = self.tally.staked
        paid = self.tally.source_paid or (0,) * len(SOURCES)
        return {name: paid[i] / staked if staked else 0.0 for i, name in enumerate(SOURCES)}

    def source_ci99_half_width(self, source: str) -> float:
        """Half the width of the 99 % confidence interval of one source's share of the RTP."""
        n = self.tally.rounds
        if n < 2:
            return math.inf
        i = SOURCES.index(source)
        paid = self.tally.source_paid[i] if self.tally.source_paid else 0
        squares = self.tally.source_squares[i] if self.tally.source_squares else 0
        variance_cents = max(n * squares - paid * paid, 0) / (n * (n - 1))
        return Z_99 * math.sqrt(variance_cents) / self.total_bet / math.sqrt(n)
