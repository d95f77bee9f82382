"""Slot maths: exact PAR sheets by counting, and Monte Carlo through the real engine.

Exact (all amounts in bet-per-line units):

* :mod:`~slotterm.analysis.trackers` -- what the walk keeps besides line pays (scatter
  count, reels showing a symbol, a symbol on each of given reels);
* :mod:`~slotterm.analysis.exact_lines` / :mod:`~slotterm.analysis.exact_walk` -- the line
  automaton and the reel-by-reel walk: exact counts by (tracker values, line pay);
* :mod:`~slotterm.analysis.spin_law` -- a spin's law: what the rules pay from the
  trackers, and whether the spin awards a feature;
* :mod:`~slotterm.analysis.features` -- each feature's own exact law, registered by name
  (free spins with retriggers, the expanding symbol, the Mystery bonus and its pick
  games);
* :mod:`~slotterm.analysis.convolution` / :mod:`~slotterm.analysis.exact_round` -- sums
  below the cap, and the round (base spin plus triggered feature) below the cap;
* :mod:`~slotterm.analysis.exact` -- the round analysis; :mod:`~slotterm.analysis.par` and
  :mod:`~slotterm.analysis.sheet` -- the PAR sheet.

Monte Carlo: :mod:`~slotterm.analysis.simulate`.
"""
