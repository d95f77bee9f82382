"""Snapshots of each pick game of the Mystery bonus before, during and after, at 100×32
(seeded layouts, animations off but for the Spell Book's book frozen mid-opening); each
game mid-way at 80×24 and at its end at 120×40 and 200×60 (the items grow with the
terminal), without colour (``NO_COLOR``) and on the light theme.

The screens are shown on their own (:class:`~tests.tui.pick_support.PickApp`), so a
change to the machine under them does not move these pictures."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from tests.tui.main_support import SceneClock, hold_pulses
from tests.tui.pick_support import SIZE, PickApp, at_rest, bonus_session, pick_screen

# Seed 3's shelf: stop, 8, 5, 1, 2, win_all, 2, 3, 5, 1, 5, 5 (bottle 1 is Stop).
KEYS: dict[str, dict[str, list[str]]] = {
    "magic_potion": {"before": [], "during": ["2", "3", "4"], "after": ["2", "3", "4", "1"]},
    "pumpkin": {"before": [], "during": ["1"], "after": ["1", "n", "2", "y"]},
    "secret_vault": {"before": [], "during": ["5", "8", "c"], "after": ["5", "8", "c", "8"]},
    "spell_book": {"before": [], "after": ["2"]},
}


def _app(
    game: str, keys: list[str], seed: int = 3, theme: str | None = None
) -> tuple[PickApp, Any]:
    app = PickApp(bonus_session(game, seed=seed))

    async def play(pilot: Pilot[None]) -> None:
        await at_rest(pilot, app)
        if theme is not None:
            app.theme = theme
        for key in keys:
            await pilot.press(key)
            await at_rest(pilot, app)

    return app, play


@pytest.mark.parametrize(
    ("game", "moment"),
    [(game, moment) for game, moments in KEYS.items() for moment in moments],
)
def test_pick_game(snap_compare: Any, game: str, moment: str) -> None:
    app, play = _app(game, KEYS[game][moment])
    assert snap_compare(app, terminal_size=SIZE, run_before=play)


def test_spell_book_during_the_opening_with_the_imp_to_come(snap_compare: Any) -> None:
    app = PickApp(bonus_session("spell_book", seed=29))  # seed 29 brings the imp
    app.animation_level = "full"
    pulses = hold_pulses(app)  # the opening book's gold frame stays lit, whatever the time

    async def open_book(pilot: Pilot[None]) -> None:
        screen = await at_rest(pilot, app)
        screen.presenter.clock = SceneClock()  # the opening stands still on its frame
        await pilot.press("left")  # highlight wraps to book 3
        await pilot.press("enter")
        await pilot.pause()
        assert pick_screen(app).presenter.busy
        assert pulses.running == 1 and screen.cells[2].pulsing and not screen.cells[2].glowing

    assert snap_compare(app, terminal_size=SIZE, run_before=open_book)


def test_spell_book_after_with_the_imp(snap_compare: Any) -> None:
    app, play = _app("spell_book", ["3"], seed=29)
    assert snap_compare(app, terminal_size=SIZE, run_before=play)


def test_magic_potion_after_at_80x24(snap_compare: Any) -> None:
    """The widest board (twelve bottles) in the smallest terminal the game plays in."""
    app, play = _app("magic_potion", KEYS["magic_potion"]["after"])
    assert snap_compare(app, terminal_size=(80, 24), run_before=play)


MID_WAY = {game: moments.get("during", moments["after"]) for game, moments in KEYS.items()}
"""Keys that leave each game with an item opened (the Spell Book's one book ends it)."""


@pytest.mark.parametrize("game", list(KEYS))
def test_each_pick_game_mid_way_at_80x24(snap_compare: Any, game: str) -> None:
    app, play = _app(game, MID_WAY[game])
    assert snap_compare(app, terminal_size=(80, 24), run_before=play)


@pytest.mark.parametrize("size", [(120, 40), (200, 60)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", list(KEYS))
def test_each_pick_game_at_its_end_on_larger_terminals(
    snap_compare: Any, game: str, size: tuple[int, int]
) -> None:
    app, play = _app(game, KEYS[game]["after"])
    assert snap_compare(app, terminal_size=size, run_before=play)


@pytest.mark.parametrize("game", ["magic_potion", "secret_vault"])
def test_pick_items_without_colour(
    snap_compare: Any, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    keys = KEYS[game]["after"] if game == "magic_potion" else KEYS[game]["during"]
    app, play = _app(game, keys)
    assert snap_compare(app, terminal_size=SIZE, run_before=play)


def test_pick_items_on_the_light_theme(snap_compare: Any) -> None:
    app, play = _app("pumpkin", ["1", "n", "2"], theme="textual-light")
    assert snap_compare(app, terminal_size=SIZE, run_before=play)


BOTH = [(80, 24), (200, 60)]


@pytest.mark.parametrize("size", BOTH, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("moment", ["before", "after"])
@pytest.mark.parametrize("game", list(KEYS))
def test_each_board_and_end_frame_at_both_sizes(
    snap_compare: Any, game: str, moment: str, size: tuple[int, int]
) -> None:
    """The board as it opens (the vault's shuffle at its end frame: animations off) and
    the game's end frame, with Credits, Bet and Win, at 80×24 and 200×60."""
    app, play = _app(game, KEYS[game][moment])
    assert snap_compare(app, terminal_size=size, run_before=play)


@pytest.mark.parametrize("size", BOTH, ids=lambda s: f"{s[0]}x{s[1]}")
def test_vault_after_the_nine_leave(snap_compare: Any, size: tuple[int, int]) -> None:
    app, play = _app("secret_vault", KEYS["secret_vault"]["during"])
    assert snap_compare(app, terminal_size=size, run_before=play)
