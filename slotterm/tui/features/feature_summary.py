"""The panel that closes a free-spins feature: spins played, the modifier's line, total won."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from slotterm.engine.records import EndReason
from slotterm.money import format_cents

_REASONS = {
    EndReason.CAP: "The round reached the maximum win.",
    EndReason.LIMIT: "The free-spin win limit was reached; the limit is paid.",
}


class FeatureSummary(Static):
    """What the feature paid; hidden with the feature keys."""

    can_focus = False

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id)
        self.border_title = "FREE SPINS COMPLETE"

    def show_summary(
        self, *, spins: int, extra: Text | None, total: int, reason: EndReason | None
    ) -> None:
        """Fill the panel from the feature's recorded result (``extra``: a modifier's line)."""
        text = Text(justify="center", end="")
        text.append(f"{spins} free spins played\n")
        if extra is not None:
            text.append_text(extra)
            text.append("\n")
        text.append("\nFeature win\n")
        text.append(format_cents(total), "bold reverse")
        text.append("\n")
        if reason is not None:
            text.append("\n" + _REASONS[reason] + "\n")
        text.append("\nSpace / Enter / 0 / S: continue", "dim")
        self.update(text)
