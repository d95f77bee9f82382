"""Which screen plays which pick game of the Mystery bonus (by the pick game's name)."""

from __future__ import annotations

from slotterm.tui.features.pick_help import PickHelp
from slotterm.tui.features.pick_screen import PickScreen
from slotterm.tui.features.potion_view import PotionScreen
from slotterm.tui.features.pumpkin_view import PumpkinScreen
from slotterm.tui.features.spell_book_view import SpellBookScreen
from slotterm.tui.features.vault_view import VaultScreen

_SCREENS = (PotionScreen, PumpkinScreen, SpellBookScreen, VaultScreen)

PICK_SCREENS: dict[str, type[PickScreen]] = {screen.game_name: screen for screen in _SCREENS}
"""The screen class of each pick game, by the game's name in the engine."""
PICK_HELP: dict[str, type[PickHelp]] = {screen.game_name: screen for screen in _SCREENS}
"""The same classes as the pick games' help and paytable words (:class:`PickHelp`)."""
