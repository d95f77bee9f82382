"""The Magic Potion pick game's screen (:mod:`slotterm.engine.features.pick_games.magic_potion`).

Twelve bottles: amounts, one Win All and one Stop.  Each bottle opened adds its amount;
Win All pays every amount on the shelf and Stop ends the game, paying what was found plus
a little for every bottle left closed.  At the end every bottle shows what it held.
"""

from __future__ import annotations

from typing import Any, cast

from slotterm.bet_words import times_bet
from slotterm.engine.actions import Bet
from slotterm.engine.features.pick_games.magic_potion import NAME, STOP, WIN_ALL, MagicPotion
from slotterm.engine.features.pick_layouts import Content
from slotterm.tui.art.pick_items import CLOSED, OPEN
from slotterm.tui.features.pick_cell import ItemLook
from slotterm.tui.features.pick_help import PickHelp, times_total_bet
from slotterm.tui.features.pick_screen import PickScreen


class PotionScreen(PickScreen, PickHelp):
    """Open bottles until Win All or Stop."""

    game_name = NAME
    columns = 6
    story = (
        "Open bottles one at a time: each amount is yours.  WIN ALL pays every bottle on the "
        "shelf; STOP ends the game and adds a bonus for each bottle still closed."
    )

    @classmethod
    def help_item(cls, game: Any) -> str:
        """Open bottles; Win All and Stop."""
        return (
            f"**{game.title}**: open bottles one by one and collect the amounts inside. Finding "
            "**Win All** pays every amount bottle, opened or not; finding **Stop** ends the "
            "game and adds a small prize for each bottle left closed."
        )

    @classmethod
    def paytable_rule(cls, game: Any, bet: Bet) -> str:
        """The bottles, their amounts at ``bet`` and the two specials."""
        return (
            f"• {game.title}: {game.bottles} bottles. {game.amount_bottles} hide amounts "
            f"({times_total_bet(game.amounts, bet)}), one says Win All and one says Stop. Open "
            "them one by one and collect what they hold. Win All pays every amount bottle, "
            "opened or not, and ends the game; Stop ends it and adds "
            f"{game.stop_bonus}× the total bet for each bottle still closed."
        )

    @property
    def potion(self) -> MagicPotion:
        """The game's rules."""
        return cast(MagicPotion, self.game)  # the screen is found by the game's name

    def face(self, picture: str, state: str, content: Content, *, ended: bool) -> ItemLook:
        """A bottle showing what it held; a special says what it did only if it ``ended``
        the game (shown afterwards, only its name)."""
        if content in (WIN_ALL, STOP):
            name = str(content).replace("_", " ").upper()
            did = "pays all" if content == WIN_ALL else "game over"
            return ItemLook(picture, state, (name, did) if ended else (name,))
        assert isinstance(content, int)
        return self.amount_look(picture, state, content)

    def looks(self, record: Any, *, reveal: bool) -> list[ItemLook]:
        """Opened bottles uncorked (the special that ended the game as the win), the rest
        still corked, showing at the end what they held."""
        looks = []
        last = record.opened[-1] if record.opened else None
        over = self.game.finished(record)
        for i, content in enumerate(record.layout):
            if i in record.opened:
                state = "won" if over and i == last and reveal else "open"
                looks.append(self.face(OPEN, state, content, ended=over and i == last))
            elif reveal:
                looks.append(self.face(CLOSED, "revealed", content, ended=False))
            else:
                looks.append(ItemLook(CLOSED, "closed"))
        return looks

    def selectable(self, record: Any) -> list[int]:
        """Bottles still closed (none once the game is over)."""
        return [] if self.game.finished(record) else self.game.untaken(record.opened)

    def found(self, record: Any) -> int:
        """The amounts opened so far, in total bets."""
        return sum(c for i in record.opened if isinstance(c := record.layout[i], int))

    def status(self, record: Any) -> str:
        """Bottles opened and the amount collected."""
        opened = len(record.opened)
        return (
            f"Bottles opened: {opened} of {len(record.layout)}.  "
            f"Collected so far: {self.money(self.found(record))}."
        )

    def end_text(self, record: Any) -> str:
        """Win All or Stop, and what it paid."""
        if record.layout[record.opened[-1]] == WIN_ALL:
            return "WIN ALL: every bottle on the shelf pays."
        closed = len(record.layout) - len(record.opened)
        left = "the 1 bottle" if closed == 1 else f"each of the {closed} bottles"
        found, bonus = self.found(record), self.potion.stop_bonus
        if not found:
            return f"STOP: nothing found before it, but {bonus}× bet for {left} left closed."
        return f"STOP: {found}× bet found, and {bonus}× bet more for {left} left closed."

    @classmethod
    def replay_lines(cls, record: Any, total_bet: int) -> tuple[str, ...]:
        """The bottles opened in order, and the whole shelf."""
        names = {WIN_ALL: "Win All", STOP: "Stop"}
        opened = ", ".join(
            f"{i + 1}: {names.get(str(record.layout[i])) or times_bet(record.layout[i])}"
            for i in record.opened
        )
        shelf = ", ".join(names.get(str(c)) or times_bet(c) for c in record.layout)
        return (f"Bottles opened: {opened or 'none'}.", f"The shelf: {shelf}.")
