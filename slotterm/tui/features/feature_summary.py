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


def win_sum(feature_win: int, spin_win: int, round_win: int) -> str:
    """Where the round's win comes from, up to its ``=``: ``"Feature win 9.10 + triggering
    spin 0.86 = "`` (and ``+ bonus X`` for another win of the round, a bonus before)."""
    text = f"Feature win {format_cents(feature_win)} + triggering spin {format_cents(spin_win)}"
    other = round_win - feature_win - spin_win
    if other > 0:
        text += f" + bonus {format_cents(other)}"
    return text + " = "


class FeatureSummary(Static):
    """What the feature paid; hidden with the feature keys."""

    can_focus = False

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id)
        self.border_title = "FREE SPINS COMPLETE"

    def show_summary(
        self,
        *,
        spins: int,
        extra: Text | None,
        total: int,
        reason: EndReason | None,
        spin_win: int = 0,
        round_win: int | None = None,
        level: str | None = None,
        times: int = 0,
        counted: int | None = None,
    ) -> None:
        """Fill the panel from the feature's recorded result (``extra``: a modifier's line).

        ``spin_win`` is the triggering spin's own win and ``round_win`` the round's (what
        the Win box shows): the panel adds them up (:func:`win_sum`).  ``level`` names the
        celebration the round's win earns ("MEGA WIN"), ``times`` total bets.  ``counted``:
        the feature win counted so far, while the outro counts it up (the sum comes after).
        """
        self.border_title = f"FREE SPINS COMPLETE  ·  {level}" if level else "FREE SPINS COMPLETE"
        text = Text(justify="center", end="")
        if level:
            text.append(f"★  {level}: {times} × your bet  ★\n", "bold")
        text.append(f"{spins} free spin{'' if spins == 1 else 's'} played\n")
        if extra is not None:
            text.append_text(extra)
            text.append("\n")
        if counted is not None:
            text.append("\nFeature win\n")
            text.append(f"  {format_cents(counted)}  ", "bold reverse")
            text.append("\n\nSpace: skip", "dim")
            self.update(text)
            return
        if spin_win > 0 and round_win is not None:
            text.append("\n" + win_sum(total, spin_win, round_win))
            text.append(format_cents(round_win), "bold reverse")
        else:
            text.append("\nFeature win\n")
            text.append(format_cents(total), "bold reverse")
        text.append("\n")
        if reason is not None:
            text.append("\n" + _REASONS[reason] + "\n")
        text.append("\nSpace / Enter / 0 / S: continue", "dim")
        self.update(text)
