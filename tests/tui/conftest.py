"""The interface's tests get the exact σ for the statistics band, as ``slotterm play``
gives it (:func:`slotterm.tui.rtp_band.use_exact_sd`)."""

from __future__ import annotations

import pytest

from slotterm.commands.play import exact_sd_of
from slotterm.tui.rtp_band import use_exact_sd


@pytest.fixture(autouse=True, scope="session")
def _exact_sd() -> None:
    use_exact_sd(exact_sd_of)
