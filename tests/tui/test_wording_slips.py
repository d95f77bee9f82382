"""Player-facing sentences that once read wrong: the Magic Potion's Stop with nothing
found ("the 0× bet found"), a settings dialog's ↑/↓ key called "Up" (it moves both ways),
and the lobby calling a game "playing" while it rests between rounds (that one in
``test_lobby``)."""

from __future__ import annotations

from textual.binding import Binding

from slotterm.engine.features.pick_games.magic_potion import STOP
from slotterm.tui.features.potion_view import PotionScreen
from slotterm.tui.screens.choice_dialog import ChoiceDialog
from tests.tui.pick_support import bonus_session, pick_frame


def test_a_stop_with_nothing_found_says_so_and_one_after_amounts_adds_them() -> None:
    session = bonus_session("magic_potion")
    screen = PotionScreen(session, pick_frame(session))
    record = screen.record
    stop = record.layout.index(STOP)
    amount = next(i for i, c in enumerate(record.layout) if isinstance(c, int))
    closed = len(record.layout) - 1
    bonus = screen.potion.stop_bonus
    first = screen.end_text(record._replace(opened=(stop,)))
    assert first == (
        f"STOP: nothing found before it, but {bonus}× bet for each of the {closed} "
        "bottles left closed."
    )
    found = record.layout[amount]
    later = screen.end_text(record._replace(opened=(amount, stop)))
    assert later.startswith(f"STOP: {found}× bet found, and {bonus}× bet more for each of")
    assert "0× bet" not in first and "the " + f"{found}×" not in later


def test_the_dialogs_up_and_down_key_is_not_called_up() -> None:
    keys = [b for b in ChoiceDialog.BINDINGS if isinstance(b, Binding)]
    shown = [b for b in keys if b.show and b.key_display == "↑/↓"]
    assert [b.description for b in shown] == ["Choose"]
