"""Credits, Bet and Win on a pick screen: the machine's own boxes
(:class:`~slotterm.tui.widgets.info_box.InfoBox`), so the player's money stays in view
while a bonus plays.

What they show never runs ahead of the show: the pick game's prize is in Win (and a
closed round's pay in Credits) only once the board has revealed it; before that they
show what the machine showed when the bonus began.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal

from slotterm.engine.records import Round
from slotterm.money import format_cents
from slotterm.session.game_session import GameSession
from slotterm.tui.widgets.info_box import InfoBox

FRAMED_FROM = 40
"""From this many rows up the boxes are framed (below, one line: the board keeps the room)."""

TALL_LINES = 4
"""The boxes' lines on a tall terminal (a value and a detail line in a frame)."""

FLAT_LINES = 1
"""The boxes' line on a short one (each box one line: its title and its value)."""


def money_lines(height: int) -> int:
    """Lines the boxes take on a terminal ``height`` rows high."""
    return TALL_LINES if height >= FRAMED_FROM else FLAT_LINES


class PickMoney(Horizontal):
    """Credits, Bet and Win in a row (the screen fills them: :meth:`show`; styled in
    ``pick_screen.tcss``)."""

    def compose(self) -> ComposeResult:
        """One box each for the credits, the bet and the win."""
        yield InfoBox("Credits", id="pick-credits")
        yield InfoBox("Bet", id="pick-bet")
        yield InfoBox("Win", id="pick-win")

    def __init__(self) -> None:
        super().__init__()
        self._shown: tuple[GameSession, Round, int] | None = None

    def set_flat(self, flat: bool) -> None:
        """One line a box (a short terminal) or framed boxes; what they show kept."""
        if flat != self.has_class("-flat"):
            self.set_class(flat, "-flat")
            if self._shown is not None:
                self.show(*self._shown)

    def show(self, session: GameSession, round_: Round, unpaid: int) -> None:
        """The money of ``round_`` in ``session``, less the ``unpaid`` cents of the pick
        game's prize the board has not revealed yet."""
        self._shown = (session, round_, unpaid)
        closed = session.state.round is None or session.state.round.number != round_.number
        credits = session.state.credits - (round_.paid if closed else 0)
        win = max(0, round_.win - unpaid)
        flat = self.has_class("-flat")
        for name, cents, detail in (
            ("credits", credits, session.currency),
            ("bet", round_.bet.total, ""),
            ("win", win, ""),
        ):
            box = self.query_one(f"#pick-{name}", InfoBox)
            value = format_cents(cents)
            if flat:  # no frame to carry the title: the title before the value
                box.show(f"{box.border_title}  {value} {detail}".rstrip())
            else:
                box.show(value, detail)
