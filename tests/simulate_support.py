"""What tests of the ``simulate`` command share."""

from __future__ import annotations

SIMULATE_KEYS = {
    "game",
    "spins",
    "seed",
    "lines",
    "workers",
    "seconds",
    "rtp",
    "rtp_ci99",
    "ci99_half_width",
    "sd",
    "hit_frequency",
    "feature_frequency",
    "free_spins_per_feature",
    "capped_rounds",
    "top_win_x_total_bet",
    "exact_rtp",
    "exact_inside_ci99",
    "exact_note",
    "rtp_base_lines",
    "rtp_scatter",
    "rtp_free_spins",
    "figures",
}
"""The keys of Book of Spells' ``simulate --json`` report (the golden files pin them)."""
