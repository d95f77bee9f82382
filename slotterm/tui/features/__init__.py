"""One view per feature (DESIGN.md §4): what the interface shows of each engine feature.

* :mod:`~slotterm.tui.features.view` -- the contract: :class:`FeatureView`,
  :class:`ModifierView` and the :class:`Stage` a view draws on;
* :mod:`~slotterm.tui.features.free_spins_view` -- the free spins;
* :mod:`~slotterm.tui.features.expanding_symbol_view` -- the Magic Book's expanding
  symbol, the free spins' modifier;
* :mod:`~slotterm.tui.features.registry` -- which view shows which feature, and
  :class:`FeatureViews`, a game's views asked as one.
"""
