"""The exact laws of the engine's features, one module each, registered by name.

* :mod:`~slotterm.analysis.features.free_spins_law` -- the free spins: trigger and
  retrigger on the scatter count, the retrigger branching process, the feature's
  distribution below the cap;
* :mod:`~slotterm.analysis.features.expanding_symbol_law` -- the Magic Book's expanding
  symbol, a modifier of the free spins: one spin law per special symbol;
* :mod:`~slotterm.analysis.features.mystery_bonus_law` -- the Mystery bonus, a random pay
  on every spin (base and free) whose law is the mixture of its pick games'
  (:mod:`~slotterm.analysis.features.pick_game_laws`).

The contract they implement and the look-ups (``feature_law``, ``modifier_law``) are in
:mod:`~slotterm.analysis.features.contract`; this package fills the registry, so every
law is registered whatever module of it is imported first.  The analysis may import the
engine's features; the engine never imports this package.
"""

from __future__ import annotations

from slotterm.analysis.features.contract import FEATURE_LAWS, MODIFIER_LAWS
from slotterm.analysis.features.expanding_symbol_law import ExpandingSymbolLaw
from slotterm.analysis.features.free_spins_law import FreeSpinsLaw
from slotterm.analysis.features.mystery_bonus_law import MysteryBonusLaw

FEATURE_LAWS[FreeSpinsLaw.name] = FreeSpinsLaw
FEATURE_LAWS[MysteryBonusLaw.name] = MysteryBonusLaw
MODIFIER_LAWS[ExpandingSymbolLaw.name] = ExpandingSymbolLaw
