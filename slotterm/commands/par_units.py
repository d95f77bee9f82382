"""The unit of each figure of the PAR sheet, read from its name (``par --csv``, ``--html``).

The sheet's JSON names its figures but not their units; :func:`unit_of` gives one from a
short table of name patterns (:data:`UNIT_RULES`), so a figure a feature adds, or the
``NAME_uncapped`` partner of a figure, has its unit without an edit here: the partner
has its figure's unit (:data:`UNCAPPED` is dropped before the patterns are tried).

The units (:data:`UNITS`): ``fraction`` (an RTP or a share of it as a fraction of the
total bet, or a probability: 0.9613 is 96.13 %), ``x_total_bet`` and ``x_line_bet``
(a win, a mean or a standard deviation in multiples of the total bet or of the bet on
one line), ``rounds`` (a number of base rounds, or "1 in N rounds"), ``spins`` (a number
of spins, or "1 in N spins" of one line), ``per_round`` (how many a base round gives on
average), ``count`` (a number of things: lines, symbols, reel stop combinations),
``cents`` (money), ``factor`` (a multiplier applied to wins) and ``number`` (anything
the table does not know).
"""

from __future__ import annotations

from dataclasses import dataclass
from fnmatch import fnmatchcase

from slotterm.analysis.sheet import UNCAPPED


@dataclass(frozen=True)
class UnitRule:
    """Names matching ``pattern`` (``fnmatch``, case-sensitive) are in ``unit``; with
    ``sections``, only in those sections of the sheet."""

    pattern: str
    unit: str
    sections: tuple[str, ...] = ()

    def matches(self, section: str, name: str) -> bool:
        """Whether the rule gives the unit of ``name`` in ``section``."""
        return fnmatchcase(name, self.pattern) and (not self.sections or section in self.sections)


LINE_READINGS = ("symbols",)
"""The sections of one line's readings: their wins are multiples of the line bet."""

UNIT_RULES = (
    UnitRule("*_cents", "cents"),
    UnitRule("one_in", "spins", (*LINE_READINGS, "scatters")),
    UnitRule("*one_in", "rounds"),
    UnitRule("multiplier", "x_line_bet", LINE_READINGS),
    UnitRule("*_multiplier", "factor"),
    UnitRule("cycle_*", "count"),
    UnitRule("combinations", "count"),
    UnitRule("count", "count"),
    UnitRule("lines", "count"),
    UnitRule("rounds", "rounds"),
    UnitRule("spins_per_*", "spins"),
    UnitRule("*_per_round", "per_round"),
    UnitRule("*rtp*", "fraction"),
    UnitRule("cap_effect", "fraction"),
    UnitRule("free_spins_*", "fraction"),
    UnitRule("*probability", "fraction"),
    UnitRule("*frequency", "fraction"),
    UnitRule("*_mass", "fraction"),
    UnitRule("top_award_in_*", "fraction"),
    UnitRule("low_*", "fraction"),
    UnitRule("high_*", "fraction"),
    UnitRule("*x_total_bet", "x_total_bet"),
    UnitRule("multiplier", "x_total_bet"),
    UnitRule("low", "x_total_bet"),
    UnitRule("high", "x_total_bet"),
    UnitRule("x", "x_total_bet"),
    UnitRule("top", "x_total_bet"),
    UnitRule("*value", "x_total_bet"),
    UnitRule("*mean*", "x_total_bet"),
    UnitRule("sd*", "x_total_bet"),
    UnitRule("*_sd", "x_total_bet"),
    UnitRule("vi_*", "x_total_bet"),
)
"""Name patterns and their units, the first match winning (so ``one_in`` of a line
reading is in spins before every other ``one_in`` is in rounds)."""

NUMBER = "number"
"""The unit of a figure no rule names."""

UNITS = (
    "fraction",
    "x_total_bet",
    "x_line_bet",
    "rounds",
    "spins",
    "per_round",
    "count",
    "cents",
    "factor",
    NUMBER,
)
"""Every unit a figure can have (see the module notes)."""


def unit_of(section: str, name: str) -> str:
    """The unit of the figure ``name`` (a JSON key, or a column of a list) in ``section``."""
    bare = name.removesuffix(UNCAPPED)
    for rule in UNIT_RULES:
        if rule.matches(section, bare):
            return rule.unit
    return NUMBER
