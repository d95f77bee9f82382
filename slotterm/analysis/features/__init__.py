"""The exact laws of the engine's features, one module each, registered by name.

* :mod:`~slotterm.analysis.features.free_spins_law` -- the free spins: trigger and
  retrigger on the scatter count, the retrigger branching process, the feature's
  distribution below the cap;
* :mod:`~slotterm.analysis.features.expanding_symbol_law` -- the Magic Book's expanding
  symbol, a modifier of the free spins: one spin law per special symbol;
* :mod:`~slotterm.analysis.features.mystery_bonus_law` -- the Mystery bonus, a random pay
  on every spin (base and free) whose law is the mixture of its pick games'
  (:mod:`~slotterm.analysis.features.pick_game_laws`).

The contract they implement and the look-ups (``feature_law``, ``modifier_law``,
``simulation_law``) are in :mod:`~slotterm.analysis.features.contract`.  A law registers
itself by its ``name`` when its class is made (no list names them here); importing this
package imports every law module in it (those named ``*_law``), so every law is registered
whatever module of it is imported first, and a new feature's law is one new module here.
The helpers the laws work their maths with (:mod:`.retrigger_series`, numpy, the spin
law) are imported only where that maths is done: a simulation, which asks the laws only
for their simulation hooks, never loads them.  The analysis may import the engine's
features; the engine never imports this package.
"""

from __future__ import annotations

import importlib
import pkgutil

for _module in pkgutil.iter_modules(__path__):
    if _module.name.endswith("_law"):
        importlib.import_module(f"{__name__}.{_module.name}")
