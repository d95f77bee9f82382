"""The panel that closes a free-spins feature counts its spins in words a player reads."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult

from slotterm.tui.features.feature_summary import FeatureSummary


class SummaryApp(App[None]):
    """Only the summary panel."""

    def compose(self) -> ComposeResult:
        yield FeatureSummary(id="summary")


@pytest.mark.parametrize(
    ("spins", "wanted", "unwanted"),
    [(1, "1 free spin played", "1 free spins"), (10, "10 free spins played", "10 free spin ")],
)
async def test_the_spins_played_are_counted_in_words(
    spins: int, wanted: str, unwanted: str
) -> None:
    app = SummaryApp()
    async with app.run_test():
        panel = app.query_one(FeatureSummary)
        panel.show_summary(spins=spins, extra=None, total=50, reason=None)
        shown = str(panel.render())
        assert wanted in shown
        assert unwanted not in shown
