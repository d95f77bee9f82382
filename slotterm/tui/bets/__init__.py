"""What each bet model shows (:mod:`slotterm.engine.bet_model`): one view per model.

The views are listed in :mod:`slotterm.tui.bet_views`, by the model's kind.
"""
