"""The features a game can use, one module each (DESIGN.md §2a).

* :mod:`~slotterm.engine.features.free_spins` -- free spins on their own strips, awarded
  by scatters, with retriggers; may carry a spin modifier;
* :mod:`~slotterm.engine.features.expanding_symbol` -- the modifier that picks a special
  symbol for the feature and expands it over the reels after each free spin.

The core (:mod:`slotterm.engine.round`) never imports these: a game lists the features it
uses (:mod:`slotterm.games`), and the core reaches them through the contract in
:mod:`slotterm.engine.feature`.
"""
