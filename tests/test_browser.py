"""``slotterm serve`` in a real browser: headless Chromium driven by Playwright.

The browser is the system's Chromium, skipped without it unless
``SLOTTERM_REQUIRE_BROWSER=1`` (see ``tests/chromium_support.py``);
``SLOTTERM_BROWSER_SHOT=FILE`` saves a PNG of the game as the first test sees it.

The page's text is read from the terminal itself: an init script catches the xterm.js
``Terminal`` object as the page creates it (its constructor assigns ``_core``), and
``page.evaluate`` reads its buffer line by line, the characters xterm.js has on its
screen (the page draws them on a canvas, which has no text to query): see
``tests/browser_support.py``.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from slotterm.session.opening import LOCK_NAME
from tests.browser_support import Page, at_rest, bet_boxes, credits_of, play_to_rest, step
from tests.chromium_support import chromium
from tests.serve_support import ServeProcess, start_serve, wait_until

VIEWPORT = {"width": 1400, "height": 900}

CATCH_TERMINAL = """
(() => {
  // xterm.js's Terminal constructor does `this._core = ...`: a setter on Object's
  // prototype sees it once, keeps the object, and then gives the property back.
  Object.defineProperty(Object.prototype, "_core", {
    configurable: true,
    get() { return undefined; },
    set(value) {
      Object.defineProperty(this, "_core", {
        value, writable: true, configurable: true, enumerable: true,
      });
      if (typeof this.loadAddon === "function" && this.buffer !== undefined) {
        window.slottermTerminal = this;
        delete Object.prototype._core;
      }
    },
  });
})();
"""


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A headless Chromium with a fresh profile, catching each page's terminal."""
    with chromium(tmp_path_factory.mktemp("chromium-profile"), VIEWPORT) as context:
        context.add_init_script(CATCH_TERMINAL)
        yield context


@pytest.fixture
def serve(user_dirs: dict[str, str], tmp_path: Path) -> Iterator[Callable[..., str]]:
    """``serve(*args)``: ``slotterm serve ARGS`` on a free port; the address it printed
    (with its token)."""
    servers: list[ServeProcess] = []

    def start(*args: str) -> str:
        server = start_serve(list(args), user_dirs, tmp_path)
        servers.append(server)
        return server.page_url

    yield start
    for server in servers:
        server.stop()


def test_the_game_plays_in_the_browser(browser: Any, serve: Callable[..., str]) -> None:
    tab = Page(browser, serve("book-of-spells"))  # a demo session
    try:
        screen = tab.settled(at_rest, "the game at rest")
        assert "Book of Spells" in screen
        assert tab.page.evaluate(
            "() => document.activeElement.classList.contains('xterm-helper-textarea')"
        ), "the terminal should have the keyboard as soon as the game shows"
        if shot := os.environ.get("SLOTTERM_BROWSER_SHOT"):
            tab.page.screenshot(path=shot)

        tab.press("p")  # the first key of the page, with no click anywhere
        table = tab.settled(lambda s: "Line pays" in s and "The 9 lines" in s, "the paytable")
        assert "paytable" in table
        tab.press("Escape")
        screen = tab.settled(
            lambda s: "paytable" not in s and at_rest(s) and bet_boxes(s) is not None,
            "the game with its boxes",
        )
        credits = credits_of(screen)
        boxes = bet_boxes(screen)
        assert credits is not None and boxes is not None
        bet, per_line, lines = boxes
        assert bet == per_line * lines  # the boxes agree with one another
        tab.press("Space")  # a spin
        after = tab.settled(
            lambda s: credits_of(s) not in (None, credits), "the bet taken", key=credits_of
        )
        assert credits_of(after) == credits - bet  # the bet is taken, the box shows it
    finally:
        tab.close()


def test_a_second_tab_is_told_the_save_is_in_use(
    browser: Any, serve: Callable[..., str], tmp_path: Path
) -> None:
    url = serve("book-of-spells", "--save-dir", str(tmp_path / "saves"))
    first = Page(browser, url)
    second: Page | None = None
    try:
        start = credits_of(first.settled(at_rest, "the game at rest", key=step))
        first.press("Space")
        first.wait_for(lambda s: credits_of(s) not in (None, start), "a spin")
        left = credits_of(play_to_rest(first))  # a win collected, a feature played out
        assert left is not None

        second = Page(browser, url)
        told = second.settled(lambda s: "This save is already in use" in s, "the notice")
        assert "open in another" in told
        assert "─ Credits ─" not in told  # no game behind it: the save is not touched

        first.close()  # the first tab goes: its game ends and lets the save go
        wait_until(lambda: not _save_locked(tmp_path / "saves"), "the first game to end")
        second.page.bring_to_front()
        second.press("r")  # try again: the page reloads with a new session
        resumed = second.settled(at_rest, "the resumed game at rest", key=step)
        assert credits_of(resumed) == left  # the same save, as the first left it
    finally:
        for tab in (first, second):
            if tab is not None and not tab.page.is_closed():
                tab.close()


def _save_locked(root: Path) -> bool:
    """Whether some process holds a lock on a save under ``root``."""
    import fcntl

    for lock in root.rglob(LOCK_NAME):
        with lock.open("rb") as handle:
            try:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                return True
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
    return False
