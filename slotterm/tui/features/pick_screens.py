"""Which screen plays which pick game of the Mystery bonus (by the pick game's name)."""

from __future__ import annotations

from slotterm.tui.features.pick_screen import PickScreen
from slotterm.tui.features.potion_view import PotionScreen
from slotterm.tui.features.pumpkin_view import PumpkinScreen
from slotterm.tui.features.spell_book_view import SpellBookScreen
from slotterm.tui.features.vault_view import VaultScreen

PICK_SCREENS: dict[str, type[PickScreen]] = {
    screen.game_name: screen
    for screen in (PotionScreen, PumpkinScreen, SpellBookScreen, VaultScreen)
}
"""The screen class of each pick game, by the game's name in the engine."""
