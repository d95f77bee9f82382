"""Helpers for the pick-game screens' tests: forced bonuses, a bare app for one screen,
waiting for rest, and each pick game's prize worked out from DESIGN.md §2 (not from the
engine's code)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import textual._wait
from textual import events
from textual.app import App
from textual.pilot import Pilot

from slotterm.engine.actions import Spin
from slotterm.engine.features.mystery_bonus import OpenBonus
from slotterm.engine.features.pick_games.magic_potion import STOP, WIN_ALL
from slotterm.engine.records import Round
from slotterm.games import get_game
from slotterm.rng import SeededSource
from slotterm.session.game_session import GameSession, demo_session
from slotterm.session.opening import OpenedSession, open_session
from slotterm.session.settings import default_settings
from slotterm.tui.app import SlotApp
from slotterm.tui.features.pick_cell import ITEM_KEYS
from slotterm.tui.features.pick_screen import PickScreen
from slotterm.tui.features.pick_screens import PICK_SCREENS
from slotterm.tui.screens.main_screen import MainScreen
from tests.tui.main_support import SceneClock
from tests.tui.modal_support import wait_for

WITCH = get_game("lucky-witch")
SIZE = (100, 32)
LABELS = {
    "magic_potion": "potion",
    "pumpkin": "pumpkin",
    "spell_book": "spell-book",
    "secret_vault": "vault",
}
"""Each pick game's label, as ``--force mystery-bonus:NAME`` takes it."""
START = 100_000


def force(game: str) -> str:
    """The Spin force that starts the Mystery bonus with ``game``."""
    return f"mystery_bonus:{LABELS[game]}"


def witch_session(seed: int = 3) -> GameSession:
    """An in-memory Lucky Witch session at the smallest bet."""
    return demo_session(WITCH, SeededSource(seed), credits=START)


def bonus_session(game: str, seed: int = 3, session: GameSession | None = None) -> GameSession:
    """A session whose open round has just drawn the pick game ``game`` (through the session)."""
    session = session or witch_session(seed)
    session.act(Spin(session.bet, force=force(game), limits=session.limits))
    session.act(OpenBonus())
    return session


def saved_session(folder: Path, seed: int = 3) -> OpenedSession:
    """Lucky Witch saved in ``folder`` (every step written before it is shown)."""
    return open_session(
        WITCH, default_settings(WITCH), root=folder, seed=seed, state_root=folder / "state"
    )


def pick_frame(session: GameSession) -> int:
    """The index of the pick game's frame in the open round."""
    round_ = session.state.round
    assert round_ is not None
    return next(i for i, f in enumerate(round_.frames) if f.feature in PICK_SCREENS)


class PickApp(App[None]):
    """Only the pick game's screen, over a blank screen, for the session's open round."""

    ENABLE_COMMAND_PALETTE = False
    CSS_PATH: ClassVar[list[Any]] = []

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        self.animation_level = "none"

    def on_mount(self) -> None:
        """Push the screen of the pick game under way."""
        index = pick_frame(self.session)
        round_ = self.session.state.round
        assert round_ is not None
        self.push_screen(PICK_SCREENS[round_.frames[index].feature](self.session, index))


def pick_screen(app: App[Any]) -> PickScreen:
    """The pick screen on top (the test fails if it is not)."""
    assert isinstance(app.screen, PickScreen), f"not a pick screen: {app.screen!r}"
    return app.screen


async def at_rest(pilot: Pilot[Any], app: App[Any]) -> PickScreen:
    """Wait for the pick screen on top with no scene running (scenes on a
    :class:`SceneClock` are run out by moving it)."""
    await wait_for(pilot, lambda: isinstance(app.screen, PickScreen))
    screen = pick_screen(app)
    presenter = screen.presenter
    for _ in range(200):
        if not presenter.busy:
            break
        clock, scene = presenter.clock, presenter.current
        if isinstance(clock, SceneClock) and scene is not None:
            clock.advance(scene.duration)
        await pilot.pause(0.02)
    assert not presenter.busy, "the pick screen never came to rest"
    await pilot.pause()
    return screen


async def press_all(pilot: Pilot[Any], app: App[Any], *keys: str) -> PickScreen:
    """Press ``keys`` one by one, each at rest."""
    for key in keys:
        await pilot.press(key)
        await at_rest(pilot, app)
    return pick_screen(app)


def text_of(screen: PickScreen, selector: str) -> str:
    """The plain text of one of the screen's widgets."""
    return str(screen.query_one(selector).render())


def faces(screen: PickScreen) -> list[str]:
    """What each item shows now."""
    return [str(cell.render()) for cell in screen.cells]


def closed_round(session: GameSession, number: int) -> Round:
    """Round ``number`` as it closed (the test fails if it is still open)."""
    return next(r for r in session.history if r.number == number)


# --- DESIGN.md §2: what each pick game pays, in total bets -------------------------------


def potion_pays(record: Any) -> int:
    """Win All pays every amount; Stop the amounts opened plus 1 per bottle left closed."""
    amounts = [c for c in record.layout if c not in (WIN_ALL, STOP)]
    if record.layout[record.opened[-1]] == WIN_ALL:
        return sum(amounts)
    found = [record.layout[i] for i in record.opened if record.layout[i] not in (WIN_ALL, STOP)]
    return sum(found) + (12 - len(record.opened))


def pumpkin_pays(record: Any) -> int:
    """The amount of the pumpkin kept (the last opened)."""
    return int(record.layout[record.opened[-1]])


def spell_book_pays(record: Any) -> int:
    """The book opened plus the imp, if it came."""
    return int(record.books[record.opened]) + (record.imp or 0)


def vault_pays(record: Any) -> int:
    """The vault opened."""
    return int(record.layout[record.opened])


PAYS: dict[str, Callable[[Any], int]] = {
    "magic_potion": potion_pays,
    "pumpkin": pumpkin_pays,
    "spell_book": spell_book_pays,
    "secret_vault": vault_pays,
}
"""Each game's prize by the rules, in total bets."""


def content_text(content: Any) -> str:
    """How an opened item names what it held (an amount, WIN ALL or STOP)."""
    if content == WIN_ALL:
        return "WIN ALL"
    if content == STOP:
        return "STOP"
    return f"{content}× bet"


def opened_items(record: Any) -> tuple[int, ...]:
    """The items opened (a tuple in Magic Potion and Pumpkin, one index or none otherwise)."""
    if isinstance(record.opened, tuple):
        return record.opened
    return () if record.opened is None else (record.opened,)


def contents(game: str, record: Any) -> tuple[Any, ...]:
    """What every item of ``game`` holds, in item order."""
    return tuple(record.books if game == "spell_book" else record.layout)


async def machine_at_rest(pilot: Pilot[Any], app: Any) -> MainScreen:
    """Wait for the machine on top with no scene running."""
    await wait_for(pilot, lambda: isinstance(app.screen, MainScreen))
    screen = app.screen
    await wait_for(pilot, lambda: not screen.presenter.busy)
    await pilot.pause()
    return screen  # type: ignore[no-any-return]


def make_witch_app(session: GameSession, *, force_next: str | None = None) -> SlotApp:
    """The whole program on ``session`` (animations off)."""
    app = SlotApp(session, force=force_next)
    app.animation_level = "none"
    return app


SCRIPTS: dict[str, list[str]] = {
    "pumpkin": ["3", "n", "right", "enter", "n", "enter", "y"],
    "spell_book": ["right", "right", "enter"],
    "secret_vault": ["5", "left", "enter", "c", "left", "enter"],
}
"""Keys that play a game to its end (Magic Potion ends where its specials lie: see
:func:`play_potion`)."""

EXPECTED_PICKS: dict[str, tuple[str, tuple[int, ...]]] = {
    "pumpkin": ("opened", (2, 4, 0)),
    "spell_book": ("opened", (2,)),
    "secret_vault": ("chosen", (4, 3, 11)),
}
"""Which items those keys take (0-based), by how the highlight moves."""


async def play_potion(pilot: Pilot[Any], app: Any) -> list[int]:
    """Open bottles until a special ends the game: Enter on the highlight, then a
    bottle's own key, in turn; returns the bottles each key should have opened."""
    expected = []
    for turn in range(12):
        screen = pick_screen(app)
        if screen.finished:
            break
        if turn % 2 == 0:
            expected.append(screen.highlight)
            await press_all(pilot, app, "enter")
        else:
            last = screen.game.untaken(screen.record.opened)[-1]
            expected.append(last)
            await press_all(pilot, app, ITEM_KEYS[last])
    return expected


async def play_to_end(pilot: Pilot[Any], app: Any, game: str) -> None:
    """Play the game on the screen to its end and check the items each key took."""
    if game == "magic_potion":
        expected = await play_potion(pilot, app)
        assert list(pick_screen(app).record.opened) == expected
        return
    screen = await press_all(pilot, app, *SCRIPTS[game])
    field, picks = EXPECTED_PICKS[game]
    record = screen.record
    taken = getattr(record, field)
    assert (taken if isinstance(taken, tuple) else (taken,)) == picks
    if game == "secret_vault":
        assert record.opened == 4


async def mash(pilot: Pilot[Any], app: App[Any], *keys: str) -> None:
    """Press ``keys`` as a mashing player does: all queued at once (as a terminal hands
    over keys typed in a burst), then wait until the app has handled them."""
    for key in keys:
        char = {"enter": "\r", "space": " "}.get(key, key if len(key) == 1 else None)
        app.post_message(events.Key(key, char))
    # Textual's own idle wait (the Pilot's is the quick one, tests/tui/pilot_speed.py): a
    # burst of keys is handled over several turns of the loop, and the wait lasts until
    # the app has stopped working on them.
    await textual._wait.wait_for_idle(0)
    await pilot.pause()
