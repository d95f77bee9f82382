"""The PAR sheet's rows and the sheet itself, as plain values with their JSON form.

Computed by :mod:`slotterm.analysis.par` (the core figures) and the features' laws
(:mod:`slotterm.analysis.features`, their own figures).  Money figures are fractions of
the total bet, standard deviations in units of the total bet, frequencies probabilities
per base round.  Every part of the RTP comes as a pair (:data:`UNCAPPED`): ``NAME`` with the
operator's round cap at the highest bet, ``NAME_uncapped`` the game's own figure.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields, is_dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from slotterm.engine.model import GameDefinition

SCHEMA = 2
"""The version of the sheet's JSON form (``"schema"``): 2 since every RTP part is a pair
(``NAME`` with the cap, ``NAME_uncapped`` without); 1 mixed capped and uncapped parts."""

UNCAPPED = "_uncapped"
"""The suffix of a figure without the round cap, beside the same name with it."""

BASE = "base"
"""An RTP part the base spin pays (the cap first takes the base spin's own excess off it)."""

FEATURE = "feature"
"""An RTP part the feature a base spin awards pays (it shares the rest of the cap's effect)."""


@dataclass(frozen=True)
class RtpPart:
    """A law's part of the RTP before the cap, and what wins it (:data:`BASE` or
    :data:`FEATURE`): the sheet writes it as the pair ``NAME`` / ``NAME_uncapped``."""

    uncapped: float
    won: str


@dataclass(frozen=True)
class SymbolOdds:
    """One line reading of the base game: odds per line and its share of the RTP."""

    symbol: str
    count: int
    multiplier: int
    combinations: int
    probability: float
    one_in: float
    rtp: float


@dataclass(frozen=True)
class ScatterOdds:
    """Scatter count (the top count means 'or more') in the base game."""

    count: int
    multiplier: int
    probability: float
    one_in: float
    rtp: float


@dataclass(frozen=True)
class WinBand:
    """Rounds whose (capped) win falls in ``[low, high)`` × total bet."""

    label: str
    low: float
    high: float
    probability: float
    rtp: float


@dataclass(frozen=True)
class WinTail:
    """The probability that a round pays at least ``x`` × total bet (with the cap)."""

    x: float
    probability: float


@dataclass(frozen=True)
class Confidence:
    """Where the RTP of ``rounds`` rounds lands: ± VI/√N at 90 % and 95 %."""

    rounds: int
    low_90: float
    high_90: float
    low_95: float
    high_95: float


SPLIT = "split"
"""The section of a feature's figures that splits the RTP (after ``cap_effect``)."""

FREQUENCY = "frequency"
"""The section of a feature's frequencies and values (after ``hit_frequency``)."""

CYCLE = "cycle"
"""The section of a feature's own reel cycles (after ``cycle_base``)."""

TABLES = "tables"
"""The section of a feature's tables, lists of rows (after ``neglected_mass``)."""

SECTIONS = (SPLIT, FREQUENCY, CYCLE, TABLES)
"""Where a feature's figures go among the core's, in the order of the JSON."""

Figures = Mapping[str, Mapping[str, Any]]
"""A feature's figures by section (:data:`SECTIONS`), each by figure name, in order."""


@dataclass(frozen=True, kw_only=True)
class ParSheet:
    """The exact PAR sheet of one game at one line count (see :mod:`slotterm.analysis.par`).

    ``schema`` is :data:`SCHEMA` and ``version`` slotterm's version.  ``rtp`` is what the game
    returns with the operator's round cap at the highest bet (the cap binds least there in
    money, most in total bets: the honest figure a lab certifies), ``rtp_uncapped`` the game's
    own; each part of the split likewise (``rtp_base_lines`` / ``rtp_base_lines_uncapped``, a
    law's ``free_spins_lines`` / ``free_spins_lines_uncapped``...), and the parts add up to
    ``rtp`` in the one reading and to ``rtp_uncapped`` in the other.  ``cap_effect`` is
    ``rtp - rtp_uncapped`` (never above 0).

    ``rtp_lower`` / ``rtp_upper`` are set (and ``rtp_bounded_by`` says why) only when an
    amount of the game is no whole number of bets per line, so that the sheet cannot be
    exact: the sheet is then the one with such amounts rounded down (``rtp`` is
    ``rtp_lower``), and ``rtp_upper`` the RTP with them rounded up; the true RTP is
    between the two.

    The core fills the round's figures (the fields); the features' laws fill theirs
    (``figures``, by section, e.g. the free spins' feature frequency, retriggers, spins and
    value and the free-spin split; the Mystery bonus's ``bonus`` fields and its pick
    games), read by name as attributes (``sheet.feature_one_in``) or with :meth:`figure`.
    ``definition`` is the game analysed and ``laws`` the laws that filled the figures
    (their text hooks lay the sheet out); neither is part of the JSON.  A feature's figure
    that is ``None`` is left out of the JSON (a table without rows is written, empty).
    """

    schema: int = SCHEMA
    version: str = ""
    game: str
    lines: int
    published_rtp: float
    rtp: float
    rtp_uncapped: float
    rtp_lower: float | None = None
    rtp_upper: float | None = None
    rtp_bounded_by: str | None = None
    rtp_base_lines: float
    rtp_base_lines_uncapped: float
    rtp_scatter: float
    rtp_scatter_uncapped: float
    rtp_free_spins: float
    rtp_free_spins_uncapped: float
    cap_effect: float
    hit_frequency: float
    sd: float
    sd_uncapped: float
    sd_base: float
    vi_90: float
    vi_95: float
    cap_x_total_bet: int | float
    cap_cents: int | None = None
    cap_total_bet_cents: int | None = None
    cap_probability: float
    cap_one_in: float
    top_award_in_1e8_rounds: float
    cycle_base: int
    neglected_mass: float
    symbols: tuple[SymbolOdds, ...]
    scatters: tuple[ScatterOdds, ...]
    win_bands: tuple[WinBand, ...]
    win_tail: tuple[WinTail, ...] = ()
    confidence: tuple[Confidence, ...]
    figures: Figures = field(default_factory=dict)
    definition: GameDefinition | None = field(default=None, repr=False, compare=False)
    laws: tuple[Any, ...] = field(default=(), repr=False, compare=False)

    @property
    def kind(self) -> str:
        """``"exact"``, or ``"bounded"`` when only bounds of the RTP are known
        (:attr:`rtp_lower` to :attr:`rtp_upper`, :attr:`rtp_bounded_by` says why)."""
        return "exact" if self.rtp_lower is None else "bounded"

    def __getattr__(self, name: str) -> Any:
        """A feature's figure by name; ``None`` for one the game's features do not give
        (a game without a bonus has no ``rtp_bonus``)."""
        if name.startswith("_") or name in ("figures", "definition", "laws"):
            raise AttributeError(name)
        return self.figure(name)

    def figure(self, name: str) -> Any:
        """A feature's figure by name, or ``None`` when the game has none by that name."""
        for section in self.figures.values():
            if name in section:
                return section[name]
        return None

    def to_json(self) -> dict[str, Any]:
        """Everything as plain JSON values (fractions of 1, multiples of the total bet).

        The core's figures, with each section of the features' after its core figure.
        """
        data: dict[str, Any] = {}
        after = {
            "cap_effect": SPLIT,
            "hit_frequency": FREQUENCY,
            "cycle_base": CYCLE,
            "neglected_mass": TABLES,
        }
        for f in fields(self):
            if f.name in ("figures", "definition", "laws"):
                continue
            data[f.name] = _plain(getattr(self, f.name))
            section = after.get(f.name)
            if section is not None:
                for key, value in self.figures.get(section, {}).items():
                    data[key] = _plain(value)
        return {k: _finite(v) for k, v in data.items() if v is not None}


def _plain(value: Any) -> Any:
    """A figure as JSON: a table of rows (dataclasses) as a list of objects."""
    if isinstance(value, tuple):
        return [asdict(row) if is_dataclass(row) else row for row in value]  # type: ignore[arg-type]
    return value


def _finite(value: Any) -> Any:
    """JSON has no infinity: an impossible event's '1 in N' becomes null."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, list):
        return [_finite(v) for v in value]
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    return value
