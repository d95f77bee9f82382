"""The pick games use the whole terminal (issue 20): Credits, Bet and Win stay in view
while a bonus plays, at 80×24 and at 200×60, showing the prize only once the board has
revealed it; at 200×60 the game fills the window; the Secret Vault shuffles its vaults
before the choice (Space skips it at once, mashed keys pick nothing unseen and are not
lost to a stuck screen) and the nine vaults out of the game leave the board."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest
from textual.app import App
from textual.geometry import Region

from slotterm.money import format_cents
from slotterm.session.game_session import GameSession
from slotterm.tui.features.pick_money import PickMoney
from slotterm.tui.features.vault_scenes import LeaveScene, ShuffleScene
from slotterm.tui.features.vault_view import VaultScreen
from tests.tui.main_support import SceneClock
from tests.tui.pick_support import (
    PAYS,
    START,
    PickApp,
    at_rest,
    bonus_session,
    mash,
    pick_frame,
    press_all,
    text_of,
)

SIZES = [(80, 24), (200, 60)]
END_KEYS = {
    "magic_potion": ["2", "3", "4", "1"],
    "pumpkin": ["1", "n", "2", "y"],
    "secret_vault": ["5", "8", "c", "8"],
    "spell_book": ["2"],
}
"""Keys that end each game (seed 3)."""


def in_view(widget: Any, size: tuple[int, int]) -> bool:
    """The widget drawn on the screen, above the key bar."""
    region = widget.region
    return region.width > 0 and region.height > 0 and region.bottom <= size[1] - 1


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", list(END_KEYS))
async def test_credits_bet_and_win_stay_in_view_and_win_waits_for_the_reveal(
    game: str, size: tuple[int, int]
) -> None:
    session = bonus_session(game)
    app = PickApp(session)
    async with app.run_test(size=size) as pilot:
        screen = await at_rest(pilot, app)
        bet = screen.total_bet
        for name in ("credits", "bet", "win"):
            assert in_view(screen.query_one(f"#pick-{name}"), size), name
        assert format_cents(START - bet) in text_of(screen, "#pick-credits")
        assert format_cents(bet) in text_of(screen, "#pick-bet")
        assert text_of(screen, "#pick-win").endswith(format_cents(0))
        screen = await press_all(pilot, app, *END_KEYS[game])
        assert screen.finished
        prize = PAYS[game](screen.record) * bet
        assert text_of(screen, "#pick-win").endswith(format_cents(prize))
        for name in ("credits", "bet", "win"):
            assert in_view(screen.query_one(f"#pick-{name}"), size), name


@pytest.mark.parametrize("game", ["magic_potion", "secret_vault"])
async def test_at_200x60_the_game_fills_the_window(game: str) -> None:
    app = PickApp(bonus_session(game))
    async with app.run_test(size=(200, 60)) as pilot:
        screen = await at_rest(pilot, app)
        board = Region.from_union([cell.region for cell in screen.cells])
        money = screen.query_one(PickMoney).region
        assert board.width >= 0.9 * 200
        assert board.height >= 0.6 * 60  # the board covers most of the window
        top = screen.query_one("#pick-title").region.y
        assert money.bottom - top >= 0.8 * 60  # title to money: most of the rows


class VaultApp(App[None]):
    """The Secret Vault's screen on a clock the test moves (set before it mounts, so its
    shuffle stands still on its first frame)."""

    ENABLE_COMMAND_PALETTE = False
    CSS_PATH: ClassVar[list[Any]] = []

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        self.clock = SceneClock()

    def on_mount(self) -> None:
        """Push the vault screen with its presenter on the test's clock."""
        screen = VaultScreen(self.session, pick_frame(self.session))
        screen.presenter.clock = self.clock
        self.push_screen(screen)


def swapping(cell: Any) -> bool:
    """The cell shows a shuffle's swap."""
    return "⇄ SWAP ⇄" in cell.look.caption


async def shuffling(pilot: Any, app: VaultApp) -> VaultScreen:
    """The vault screen with its shuffle running (standing still)."""
    for _ in range(100):
        if isinstance(app.screen, VaultScreen) and app.screen.presenter.busy:
            break
        await pilot.pause(0.02)
    screen = app.screen
    assert isinstance(screen, VaultScreen)
    assert isinstance(screen.presenter.current, ShuffleScene)
    return screen


async def test_the_vaults_shuffle_first_and_space_skips_it_at_once() -> None:
    app = VaultApp(bonus_session("secret_vault"))
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await shuffling(pilot, app)
        assert any(swapping(cell) for cell in screen.cells)
        await pilot.press("space")
        assert not isinstance(screen.presenter.current, ShuffleScene)
        assert not any(swapping(cell) for cell in screen.cells)
        assert screen.record.chosen == ()  # the skip chose nothing


async def test_keys_mashed_into_the_shuffle_choose_nothing_unseen_and_none_is_stuck() -> None:
    app = VaultApp(bonus_session("secret_vault"))
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await shuffling(pilot, app)
        await mash(pilot, app, "5", "5", "enter", "space", "8")
        assert screen.record.chosen == ()  # no vault chosen from under the shuffle
        screen = await at_rest(pilot, app)  # the skip's hold runs out on the clock
        assert not any(swapping(cell) for cell in screen.cells)
        await press_all(pilot, app, "5", "8")
        assert screen.record.chosen == (4, 7)  # the next keys choose as asked


async def test_with_animations_off_there_is_no_shuffle_to_wait_for() -> None:
    app = PickApp(bonus_session("secret_vault"))  # animations off
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await at_rest(pilot, app)
        assert not screen.presenter.busy
        await press_all(pilot, app, "5")
        assert screen.record.chosen == (4,)


@pytest.mark.parametrize("animated", [False, True], ids=["off", "on"])
async def test_the_nine_vaults_close_and_leave_the_board(animated: bool) -> None:
    app = PickApp(bonus_session("secret_vault"))
    if animated:
        app.animation_level = "full"
    async with app.run_test(size=(100, 32)) as pilot:
        await at_rest(pilot, app)  # the shuffle (animated) run out first
        await pilot.pause()
        screen = await at_rest(pilot, app)
        await press_all(pilot, app, "5", "8")
        assert screen.record.chosen == (4, 7)
        assert all(c.styles.visibility != "hidden" for c in screen.cells)
        await pilot.press("c")
        screen = await at_rest(pilot, app)
        record = screen.record
        gone = [i for i, c in enumerate(screen.cells) if c.styles.visibility == "hidden"]
        assert gone == [i for i in range(12) if i not in record.chosen]
        others = [record.layout[i] for i in gone]
        status = text_of(screen, "#pick-status")
        assert all(f"{a}×" in status for a in others)  # their amounts still told


def test_the_nine_leave_after_their_amounts_are_shown() -> None:
    from slotterm.engine.features.pick_game import ItemsRevealed
    from slotterm.tui.features.pick_scenes import RevealScene

    session = bonus_session("secret_vault")
    screen = VaultScreen(session, pick_frame(session))
    event = ItemsRevealed(game=screen.game.name, items=((0, 5), (1, 8)))
    kinds = [type(s) for s in screen.scenes([event])]
    assert kinds == [RevealScene, LeaveScene]
