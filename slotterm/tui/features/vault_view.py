"""The Secret Vault pick game's screen (:mod:`slotterm.engine.features.pick_games.secret_vault`).

Twelve vaults: the player chooses three; the other nine then show their amounts and are
out of the game, and the player opens one of the three.  At the end the two chosen and
not opened show what they held.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from slotterm.bet_words import times_bet, times_bet_list
from slotterm.engine.actions import Bet
from slotterm.engine.events import Event
from slotterm.engine.features.pick_game import ItemsRevealed
from slotterm.engine.features.pick_games.secret_vault import NAME, SecretVault
from slotterm.session.game_session import GameSession
from slotterm.tui.art.pick_items import BARRED, CLOSED, OPEN
from slotterm.tui.features.pick_cell import ItemLook
from slotterm.tui.features.pick_help import PickHelp, times_total_bet
from slotterm.tui.features.pick_screen import PickScreen
from slotterm.tui.presenter import Scene


class VaultScreen(PickScreen, PickHelp):
    """Choose three vaults, then open one of them."""

    game_name = NAME
    columns = 6
    story = (
        "Choose three of the twelve vaults.  The other nine then show what they held and "
        "close for good; open one of your three to take its amount."
    )

    @classmethod
    def help_item(cls, game: Any) -> str:
        """Choose some vaults, then open one of them."""
        return (
            f"**{game.title}**: choose {game.chosen} of {game.vaults} vaults; the rest open and "
            f"vanish, then you open one of your {game.chosen} and win what it holds."
        )

    @classmethod
    def paytable_rule(cls, game: Any, bet: Bet) -> str:
        """The vaults and their amounts at ``bet``."""
        return (
            f"• {game.title}: {game.vaults} vaults, hiding {times_total_bet(game.amounts, bet)} "
            f"between them, one amount each. Choose {game.chosen}; the others open and "
            f"disappear; then open one of your {game.chosen} and win what it holds."
        )

    def __init__(self, session: GameSession, frame_index: int) -> None:
        super().__init__(session, frame_index)
        self.leaving: set[int] = set()
        """Vaults out of the game drawn closing (a scene takes them off the board)."""
        self.shuffling = False
        """True while the vaults are shown shuffled (a key only ends the shuffle)."""

    def opening_scenes(self) -> list[Scene]:
        """A game not begun shows the vaults shuffled first."""
        from slotterm.tui.features.vault_scenes import ShuffleScene  # not needed at launch

        return [] if self.record.chosen else [ShuffleScene(self)]

    def scenes(self, events: Sequence[Event]) -> list[Scene]:
        """The reveal scenes; the nine out of the game then close and leave."""
        from slotterm.tui.features.vault_scenes import LeaveScene  # not needed at launch

        scenes = super().scenes(events)
        for event in events:
            if isinstance(event, ItemsRevealed) and event.game == self.game.name:
                gone = tuple(i for i, _ in event.items)
                after = next(
                    (n for n, s in enumerate(scenes) if getattr(s, "items", None) == gone), -1
                )
                scenes.insert(after + 1, LeaveScene(self, gone))
        return scenes

    def gone(self, record: Any) -> list[int]:
        """The vaults off the board: out of the game, and neither opening nor leaving now."""
        if len(record.chosen) < self.vault.chosen:
            return []
        held = self.masked | self.leaving
        return [i for i in self.game.untaken(record.chosen) if i not in held]

    def draw_extra(self, record: Any, *, reveal: bool) -> None:
        """The vaults out of the game are gone from the board (their places kept)."""
        gone = set(self.gone(record))
        for i, cell in enumerate(self.cells):
            cell.styles.visibility = "hidden" if i in gone else "visible"

    @property
    def vault(self) -> SecretVault:
        """The game's rules."""
        return cast(SecretVault, self.game)  # the screen is found by the game's name

    def looks(self, record: Any, *, reveal: bool) -> list[ItemLook]:
        """Chosen vaults in gold, the nine out of the game barred once the choice is made,
        the one opened swung open."""
        looks = []
        made = len(record.chosen) == self.vault.chosen
        for i, amount in enumerate(record.layout):
            if i == record.opened:
                looks.append(self.amount_look(OPEN, "won" if reveal else "open", amount))
            elif i in record.chosen:
                looks.append(
                    self.amount_look(CLOSED, "revealed", amount)
                    if reveal
                    else ItemLook(CLOSED, "chosen", ("CHOSEN",))
                )
            elif made:
                looks.append(self.amount_look(BARRED, "gone", amount))
            else:
                looks.append(ItemLook(CLOSED, "closed"))
        return looks

    def selectable(self, record: Any) -> list[int]:
        """Vaults not chosen yet, then the three chosen."""
        if record.opened is not None:
            return []
        if len(record.chosen) < self.vault.chosen:
            return self.game.untaken(record.chosen)
        return sorted(record.chosen)

    def status(self, record: Any) -> str:
        """How many to choose, or which to open (nothing to choose while shuffling)."""
        if self.shuffling:
            return "The vaults are being shuffled…"
        more = self.vault.chosen - len(record.chosen)
        if more:
            return f"Choose {more} more vault{'s' if more != 1 else ''}."
        others = ", ".join(f"{a}×" for i, a in enumerate(record.layout) if i not in record.chosen)
        return f"The other nine held {others} bet and are gone.  Open one of your three."

    def end_text(self, record: Any) -> str:
        """The vault opened."""
        return f"Your vault held {record.layout[record.opened]}× bet."

    @classmethod
    def replay_lines(cls, record: Any, total_bet: int) -> tuple[str, ...]:
        """The vaults chosen, the one opened, and all twelve."""
        chosen = ", ".join(str(i + 1) for i in record.chosen) or "none"
        lines = [f"Vaults chosen: {chosen}."]
        if record.opened is not None:
            lines.append(
                f"Vault {record.opened + 1} opened: {times_bet(record.layout[record.opened])}."
            )
            lines.append(f"The vaults held: {times_bet_list(record.layout)}.")
        return tuple(lines)
