"""The contract between the exact analysis and a feature's own maths.

The engine's features (:mod:`slotterm.engine.features`) know how to *play*; their exact
laws live here, one module per feature, registered by the feature's name
(:mod:`slotterm.analysis.features`).  The analysis core (the walk, the spin law, the
round below the cap, the sheet) never names a feature; it asks the laws:

* :meth:`FeatureLaw.spin_rules` -- what the feature adds to a spin: trackers the walk
  must keep, pays read from them (:class:`~slotterm.analysis.spin_law.PayTerm`) and
  whether the spin awards the feature (:class:`~slotterm.analysis.spin_law.AwardRule`);
* :meth:`FeatureLaw.analyse` -- the law of what the feature pays once awarded, as a
  :class:`~slotterm.analysis.exact_round.TriggeredLaw` (moments, distribution below the
  cap, spectrum);
* :meth:`FeatureLaw.figures` -- its figures of the PAR sheet, by section
  (:data:`~slotterm.analysis.sheet.SECTIONS`), and :meth:`FeatureLaw.sheet_text` -- its
  rows and tables of the printed sheet (:mod:`slotterm.analysis.sheet_text`);
* the simulation's hooks -- :attr:`FeatureLaw.source` (where the RTP split of a
  simulation counts what the feature pays when a base spin starts it),
  :meth:`FeatureLaw.spins_played`, :attr:`FeatureLaw.offers_choices`,
  :meth:`FeatureLaw.simulation_report` and :meth:`FeatureLaw.simulation_rows`.  They need
  no exact law: a feature without one is simulated with the defaults
  (:func:`simulation_law`).

A spin modifier (the Magic Book's expanding symbol) has a :class:`ModifierLaw`: the
states it may draw with their probabilities, each with the rules it adds to every spin
of its host (:class:`Variant`), and its figures.  Laws are found by the feature's name
(:data:`FEATURE_LAWS`, :data:`MODIFIER_LAWS`), never by its class.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from slotterm.analysis.sheet import Figures
from slotterm.analysis.sheet_text import Row, SheetText
from slotterm.engine.feature import Feature, SpinModifier
from slotterm.engine.model import GameDefinition

if TYPE_CHECKING:  # the exact maths (numpy) is imported where it is used: not by a simulation
    from slotterm.analysis.exact_lines import LineAutomaton
    from slotterm.analysis.exact_round import TriggeredLaw
    from slotterm.analysis.exact_walk import Array, Strips
    from slotterm.analysis.sheet import ParSheet
    from slotterm.analysis.sim_tally import SimulationResult
    from slotterm.analysis.spin_law import SpinOutcome, SpinRules


class NoExactLaw(LookupError):
    """A feature (or spin modifier) of the game has no exact law, or one it cannot use."""


class NotWholeUnits(NoExactLaw):
    """An amount is no whole number of bets per line, so the exact law (counted in bets
    per line) cannot hold it; rounded down and up (:attr:`LawContext.rounding`) it bounds
    the figures from below and above."""


ROUNDINGS = ("exact", "down", "up")
"""How a law counts an amount of no whole bets per line: refuse it
(:class:`NotWholeUnits`), or round it down or up (the bounds)."""


@dataclass(frozen=True, eq=False)
class LawContext:
    """What a law may know: the game, the active lines, the line automaton, the strips.

    ``reel_sets`` are the game's (or replacements, to try other strips); ``laws`` the
    laws of every feature of the game, by name; ``policy`` how the player makes the
    choices a feature offers (a pick game: ``"best"``, ``"keep-first"``, ``"worst"``,
    ``"random"``).  Amounts are in bet-per-line units.
    """

    game: GameDefinition
    lines: int
    automaton: LineAutomaton
    reel_sets: Mapping[str, Strips]
    laws: Mapping[str, FeatureLaw]
    policy: str = "best"
    rounding: str = "exact"
    """One of :data:`ROUNDINGS`."""

    @property
    def cap(self) -> int:
        """The round cap in bet-per-line units, at the game's highest bet per line.

        A cap in multiples of the total bet is the same in units at every bet; an absolute
        cap (cents) bites hardest at the highest bet, so that is the bet analysed.
        """
        unit = self.game.highest_bet_per_line()
        return self.game.max_win(self.lines * unit) // unit

    @property
    def cap_x_total_bet(self) -> int | float:
        """The round cap as a multiple of the total bet (an ``int`` when it is whole)."""
        whole, rest = divmod(self.cap, self.lines)
        return whole if not rest else self.cap / self.lines

    def spin_rules(self, inside: str | None, factor: int = 1) -> SpinRules:
        """The core's rules plus every feature's, for a spin played ``inside`` a feature.

        ``inside`` is ``None`` for a base spin, else the name of the feature whose spin it
        is (a free spin: ``"free_spins"``).  ``factor`` multiplies the spin's own wins --
        its lines, the core's terms and those of the feature it is played in -- and not
        what other features add to it (a bonus the spin starts pays its own win).
        """
        from slotterm.analysis.spin_law import SpinRules, core_rules

        rules = core_rules(self.game).scaled(factor)
        for law in self.laws.values():
            own = law.spin_rules(self, inside)
            rules = rules + (own.scaled(factor) if law.name == inside else own)
        if factor != 1:
            rules = rules + SpinRules(line_scale=factor)
        return rules

    def outcomes(
        self, reel_set: str, labelled: Sequence[tuple[str, SpinRules]]
    ) -> Iterator[SpinOutcome]:
        """One spin on ``reel_set`` under each of the (label, rules), one at a time.

        The line walk is shared; every outcome's count table is dropped once it is made.
        """
        from slotterm.analysis.exact_walk import spin_counts_many
        from slotterm.analysis.spin_law import spin_outcome

        counts = spin_counts_many(
            self.game,
            self.reel_sets[reel_set],
            self.lines,
            self.automaton,
            [rules.all_trackers for _, rules in labelled],
        )
        for (label, rules), table in zip(labelled, counts, strict=True):
            yield spin_outcome(table, rules, label)
            del table  # one large count table at a time


class AnalysedRound(Protocol):
    """What a law's :meth:`~FeatureLaw.figures` read of the exact round of a game (a
    :class:`~slotterm.analysis.exact.RoundAnalysis`, which is built from the laws and so
    is named here by what it offers)."""

    @property
    def context(self) -> LawContext:
        """What the laws knew: the game, the lines, the strips, the laws."""

    @property
    def base(self) -> SpinOutcome:
        """The law of a base spin."""

    @property
    def feature(self) -> str | None:
        """The feature a base spin may award (``None``: none)."""

    @property
    def triggered(self) -> TriggeredLaw | None:
        """The law of what that feature pays once awarded."""

    @property
    def trigger_probability(self) -> float:
        """P(a base spin awards the feature)."""

    @property
    def mean(self) -> float:
        """Uncapped E[round win], in bet-per-line units."""


class FeatureLaw:
    """The exact law of one engine feature (see the module notes).

    Built from the game's feature object; ``name`` is the feature's name and
    ``feature_type`` the engine class the law is written for.  The defaults describe a
    feature that adds nothing to spins, is never awarded, and whose pay a simulation
    counts as a bonus.  ``term_labels`` name, for people, the pays the law adds to a spin
    (by :class:`~slotterm.analysis.spin_law.PayTerm` name).
    """

    name: ClassVar[str] = ""
    feature_type: ClassVar[type[Feature]] = Feature
    term_labels: ClassVar[Mapping[str, str]] = {}
    source: ClassVar[str] = "bonus"
    """The simulation's source (:data:`~slotterm.analysis.sim_tally.SOURCES`) of what the
    feature pays when a base spin starts it (all it plays included)."""
    offers_choices: ClassVar[bool] = False
    """True when the player makes choices in the feature (a pick policy matters)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A law with a name registers itself (:data:`FEATURE_LAWS`)."""
        super().__init_subclass__(**kwargs)
        if cls.name:
            FEATURE_LAWS[cls.name] = cls

    def __init__(self, feature: Feature) -> None:
        self.feature = feature

    def spin_rules(self, ctx: LawContext, inside: str | None) -> SpinRules:
        """What the feature adds to a spin played ``inside`` (``None``: a base spin)."""
        from slotterm.analysis.spin_law import SpinRules

        return SpinRules()

    def analyse(self, ctx: LawContext) -> TriggeredLaw:
        """The law of what the feature pays once a spin awards it."""
        raise NoExactLaw(f"{self.name} is never awarded by a spin")

    def spin_walks(self, ctx: LawContext) -> tuple[tuple[str, SpinRules], ...]:
        """The (reel set, rules) of every spin law :meth:`analyse` walks (none by default);
        the memory estimate reads them (:mod:`slotterm.analysis.memory_estimate`)."""
        return ()

    def figures(self, round_: AnalysedRound) -> Figures:
        """The feature's figures of the PAR sheet, by section, each by figure name; a part
        of the RTP is an :class:`~slotterm.analysis.sheet.RtpPart` (before the cap), which
        the sheet writes as the pair ``NAME`` (with the cap) / ``NAME_uncapped``."""
        return {}

    def sheet_text(self, sheet: ParSheet) -> SheetText:
        """The feature's rows and tables of the printed sheet."""
        return SheetText()

    # --- the simulation's hooks (no exact law needed) ---------------------------------

    def spins_played(self, record: Any) -> int:
        """Spins the feature's finished ``record`` played (free spins: each one)."""
        return 0

    def simulation_report(self, result: SimulationResult) -> Mapping[str, Any]:
        """The feature's keys of ``simulate --json``."""
        return {}

    def simulation_rows(self, report: Mapping[str, Any]) -> list[Row]:
        """The feature's rows of the printed simulation report, from its keys."""
        return []


@dataclass(frozen=True)
class Variant:
    """One state a spin modifier may draw, its probability, and what it adds to spins."""

    label: str
    weight: Fraction
    rules: SpinRules


@dataclass(frozen=True)
class FeatureMoments:
    """Uncapped mean and second moment of a host feature in one variant."""

    spins: float
    mean: float
    second_moment: float


@dataclass(frozen=True, eq=False)
class VariantOutcome:
    """A host feature in one variant: the law of one of its spins, its moments."""

    variant: Variant
    spin: SpinOutcome
    moments: FeatureMoments


class ModifierLaw:
    """The exact law of a spin modifier (see the module notes)."""

    name: ClassVar[str] = ""
    modifier_type: ClassVar[type[SpinModifier]] = SpinModifier
    term_labels: ClassVar[Mapping[str, str]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A law with a name registers itself (:data:`MODIFIER_LAWS`)."""
        super().__init_subclass__(**kwargs)
        if cls.name:
            MODIFIER_LAWS[cls.name] = cls

    def __init__(self, modifier: SpinModifier) -> None:
        self.modifier = modifier

    def variants(self, ctx: LawContext) -> tuple[Variant, ...]:
        """The states the modifier may draw (probabilities adding up to 1)."""
        raise NotImplementedError

    def figures(
        self, ctx: LawContext, outcomes: Sequence[VariantOutcome], per_feature: float
    ) -> Figures:
        """The modifier's figures of the PAR sheet, by section; ``per_feature`` is the
        host's spins per base round divided by the lines (a spin's mean times it is its
        RTP share)."""
        return {}

    def sheet_text(self, sheet: ParSheet) -> SheetText:
        """The modifier's rows and tables of the printed sheet."""
        return SheetText()


def no_modifier() -> tuple[Variant, ...]:
    """The one variant of a host feature without a modifier."""
    from slotterm.analysis.spin_law import SpinRules

    return (Variant("", Fraction(1), SpinRules()),)


def mix(values: Sequence[float], weights: Sequence[Fraction]) -> float:
    """``Σ w · x``: the mean of ``values`` under ``weights`` (equal values mix to themselves)."""
    if len(set(values)) == 1:
        return values[0]
    return float(_weighted(values, weights))


def mix_arrays(arrays: Sequence[Array], weights: Sequence[Fraction]) -> Array:
    """``Σ w · a`` of distributions (or spectra) under ``weights``."""
    return _weighted(arrays, weights)


def _weighted(values: Sequence[Any], weights: Sequence[Fraction]) -> Any:
    """Equal weights are applied once, to the sum (exact for a uniform draw)."""
    if len(set(weights)) == 1:
        total = values[0]
        for x in values[1:]:
            total = total + x
        return total * weights[0].numerator / weights[0].denominator
    total = values[0] * weights[0].numerator / weights[0].denominator
    for x, w in zip(values[1:], weights[1:], strict=True):
        total = total + x * w.numerator / w.denominator
    return total


FEATURE_LAWS: dict[str, type[FeatureLaw]] = {}
"""Feature name -> its law (each law registers itself; the package imports them all)."""

MODIFIER_LAWS: dict[str, type[ModifierLaw]] = {}
"""Spin modifier name -> its law (each law registers itself)."""


def feature_law(feature: Feature) -> FeatureLaw:
    """The law of ``feature``, found by its name; raises :class:`NoExactLaw` when none is
    registered, or the one registered is written for another kind of feature."""
    cls = FEATURE_LAWS.get(feature.name)
    if cls is None:
        raise NoExactLaw(f"the feature {feature.name!r} has no exact law")
    if not isinstance(feature, cls.feature_type):
        raise NoExactLaw(f"the feature {feature.name!r} is not the one its law is for")
    return cls(feature)


def simulation_law(feature: Feature) -> FeatureLaw:
    """The law whose simulation hooks count ``feature``: its own, or the defaults."""
    try:
        return feature_law(feature)
    except NoExactLaw:
        return FeatureLaw(feature)


def modifier_law(modifier: SpinModifier) -> ModifierLaw:
    """The law of a spin ``modifier``, found by its name; raises :class:`NoExactLaw` when
    none is registered (or it is written for another kind of modifier)."""
    cls = MODIFIER_LAWS.get(modifier.name)
    if cls is None:
        raise NoExactLaw(f"the spin modifier {modifier.name!r} has no exact law")
    if not isinstance(modifier, cls.modifier_type):
        raise NoExactLaw(f"the spin modifier {modifier.name!r} is not the one its law is for")
    return cls(modifier)
