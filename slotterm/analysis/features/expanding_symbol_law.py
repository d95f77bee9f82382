"""The exact law of the expanding symbol (the Magic Book), a modifier of the free spins.

The special symbol is drawn once per feature, uniformly from the candidates; every free
spin of that feature then pays, besides its own wins, ``pay[E][k]`` × bet per line on
every active line, ``k`` being the number of reels that show the special symbol ``E``
anywhere (a wild does not count; see
:mod:`slotterm.engine.features.expanding_symbol`).  So a spin's law in state ``E`` is the
walk's joint law of (line pay, scatters, reels showing ``E``) with the expansion added:
one :class:`~slotterm.analysis.features.contract.Variant` per candidate, weight
``1 / candidates``, tracking :class:`~slotterm.analysis.trackers.ReelsShowing` and paying
the :class:`~slotterm.analysis.spin_law.PayTerm` ``"expansion"``.  The number of reels
showing ``E`` is Poisson-binomial, but the walk keeps it jointly with everything else, so
the spin's whole distribution is exact, not only its mean.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar

from slotterm.analysis.features.contract import (
    LawContext,
    ModifierLaw,
    Variant,
    VariantOutcome,
)
from slotterm.analysis.sheet import TABLES, Figures
from slotterm.analysis.sheet_text import SheetText, TextTable, pct
from slotterm.analysis.trackers import ReelsShowing
from slotterm.engine.features.expanding_symbol import ExpandingSymbol
from slotterm.engine.model import GameDefinition

if TYPE_CHECKING:  # the spin law (numpy) is imported where used: a simulation needs none
    from slotterm.analysis.sheet import ParSheet
    from slotterm.analysis.spin_law import SpinRules

EXPANSION = "expansion"
"""The name of the expansion's pay in a spin's RTP split."""


@dataclass(frozen=True)
class SpecialFigures:
    """Free spins with one special symbol (uncapped, per feature and per spin)."""

    symbol: str
    spin_value: float
    feature_value: float
    expansion_probability: float
    rtp_expansion: float


def expansion_rules(game: GameDefinition, symbol: str) -> SpinRules:
    """What the special ``symbol`` adds to a free spin: ``pay[symbol][k]`` on every line."""
    from slotterm.analysis.spin_law import PayTerm, SpinRules

    showing = ReelsShowing(symbol, game.reels)

    def multiplier(reels: int) -> int:  # × bet per line on each line: × total bet
        return game.line_pay(symbol, reels)

    return SpinRules(terms=(PayTerm(EXPANSION, (showing,), multiplier),))


class ExpandingSymbolLaw(ModifierLaw):
    """The law of :class:`~slotterm.engine.features.expanding_symbol.ExpandingSymbol`."""

    name = ExpandingSymbol.name
    modifier_type = ExpandingSymbol
    term_labels: ClassVar[Mapping[str, str]] = {EXPANSION: "expanding symbol"}
    modifier: ExpandingSymbol

    def variants(self, ctx: LawContext) -> tuple[Variant, ...]:
        """One variant per candidate, drawn uniformly."""
        candidates = self.modifier.candidates
        weight = Fraction(1, len(candidates))
        return tuple(Variant(s, weight, expansion_rules(ctx.game, s)) for s in candidates)

    def figures(
        self, ctx: LawContext, outcomes: Sequence[VariantOutcome], per_feature: float
    ) -> Figures:
        """``specials``: per special symbol, its spin and feature value, how often it
        expands, and its share of the RTP (all before the cap)."""
        game = ctx.game
        lines = ctx.lines
        rows = []
        for outcome in outcomes:
            symbol = outcome.variant.label
            weight = outcome.variant.weight
            reels = outcome.spin.marginal(ReelsShowing(symbol, game.reels))
            rows.append(
                SpecialFigures(
                    symbol=symbol,
                    spin_value=outcome.spin.mean / lines,
                    feature_value=outcome.moments.mean / lines,
                    expansion_probability=1.0
                    - sum(p for k, p in enumerate(reels) if game.line_pay(symbol, k) == 0),
                    rtp_expansion=per_feature
                    * outcome.spin.term_mean(EXPANSION)
                    * weight.numerator
                    / weight.denominator,
                )
            )
        return {TABLES: {"specials": tuple(rows)}}

    def sheet_text(self, sheet: ParSheet) -> SheetText:
        """The table of the free spins by special symbol."""
        rows = tuple(
            (
                s.symbol,
                pct(s.expansion_probability, 2),
                f"{s.spin_value:.3f}",
                f"{s.feature_value:.2f}",
                pct(s.rtp_expansion),
            )
            for s in sheet.figure("specials") or ()
        )
        table = TextTable(
            title="Free spins by special symbol (before the cap)",
            headers=("special", "expands per spin", "win per spin ×", "feature win ×", "RTP"),
            rows=rows,
        )
        return SheetText(
            tables=(table,) if rows else (),
            descriptions={"specials": "free spins by special symbol before the cap"},
        )
