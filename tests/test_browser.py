"""``slotterm serve`` in a real browser: headless Chromium driven by Playwright.

The browser is the system's Chromium (Debian's ``chromium`` package), never Playwright's
own download.  Without it (or without ``playwright``) the tests are skipped with the
install hint as the reason, unless ``SLOTTERM_REQUIRE_BROWSER=1`` (``.ci/run`` sets it):
then a missing browser fails them.  ``SLOTTERM_CHROMIUM=PATH`` names another Chromium;
``SLOTTERM_BROWSER_SHOT=FILE`` saves a PNG of the game as the first test sees it.

The page's text is read from the terminal itself: an init script catches the xterm.js
``Terminal`` object as the page creates it (its constructor assigns ``_core``), and
``page.evaluate`` reads its buffer line by line, the characters xterm.js has on its
screen (the page draws them on a canvas, which has no text to query).
"""

from __future__ import annotations

import os
import re
import shutil
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from slotterm.session.opening import LOCK_NAME
from tests.serve_support import POLL, WAIT, ServeProcess, free_port, wait_until

INSTALL_HINT = (
    "no Chromium to drive: install Debian's browser with `apt-get install -y chromium` "
    "(and playwright with `pip install -e '.[test]'`)"
)
REQUIRED = os.environ.get("SLOTTERM_REQUIRE_BROWSER") == "1"
CHROMIUM = os.environ.get("SLOTTERM_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
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
SCREEN_TEXT = """
() => {
  const term = window.slottermTerminal;
  if (!term) return null;
  const buffer = term.buffer.active;
  const lines = [];
  for (let row = 0; row < term.rows; row++) {
    const line = buffer.getLine(buffer.viewportY + row);
    lines.push(line ? line.translateToString(true) : "");
  }
  return lines.join("\\n");
}
"""


def _browser_problem() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed: " + INSTALL_HINT
    if not Path(CHROMIUM).is_file():
        return INSTALL_HINT
    return None


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A headless Chromium with a fresh profile, catching each page's terminal."""
    problem = _browser_problem()
    if problem is not None:
        if REQUIRED:
            pytest.fail(f"{problem} (SLOTTERM_REQUIRE_BROWSER=1: the browser test must run)")
        pytest.skip(problem)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("chromium-profile")),
            executable_path=CHROMIUM,
            headless=True,
            args=CHROMIUM_ARGS,
            viewport=VIEWPORT,
        )
        context.add_init_script(CATCH_TERMINAL)
        try:
            yield context
        finally:
            context.close()


@pytest.fixture
def serve(user_dirs: dict[str, str], tmp_path: Path) -> Iterator[Callable[..., str]]:
    """``serve(*args)``: ``slotterm serve ARGS`` on a free port; its address."""
    servers: list[ServeProcess] = []

    def start(*args: str) -> str:
        port = free_port()
        server = ServeProcess([*args, "--port", str(port)], user_dirs, tmp_path)
        servers.append(server)
        server.wait_listening(port)
        return f"http://127.0.0.1:{port}/"

    yield start
    for server in servers:
        server.stop()


class Page:
    """One browser tab on the game, its terminal read as text."""

    def __init__(self, browser: Any, url: str) -> None:
        self.page = browser.new_page()
        self.page.goto(url)

    def text(self) -> str:
        """The terminal's screen now (empty before the page has its terminal, and while
        it loads again)."""
        from playwright.sync_api import Error

        try:
            return self.page.evaluate(SCREEN_TEXT) or ""
        except Error as exc:  # the page is being replaced (R reloads it)
            if "context was destroyed" not in str(exc):
                raise
            return ""

    def wait_for(self, check: Callable[[str], bool], what: str) -> str:
        """The screen once ``check(screen)`` holds; fail with the screen after :data:`WAIT`."""
        deadline = time.monotonic() + WAIT
        while True:
            screen = self.text()
            if check(screen):
                return screen
            if time.monotonic() > deadline:
                raise AssertionError(f"gave up waiting for {what}; the page shows:\n{screen}")
            self.page.wait_for_timeout(POLL * 1000)

    def wait_text(self, wanted: str) -> str:
        """The screen once it shows ``wanted``."""
        return self.wait_for(lambda screen: wanted in screen, repr(wanted))

    def press(self, key: str) -> None:
        """A key, typed as a player does: no click anywhere first."""
        self.page.keyboard.press(key)

    def close(self) -> None:
        """Close the tab (the server ends its game)."""
        self.page.close()


def box(screen: str, title: str, row: int = 1) -> str:
    """The text in row ``row`` of the box titled ``title`` (``╭─ Credits ───╮``)."""
    lines = screen.splitlines()
    for number, line in enumerate(lines):
        found = line.find(f"─ {title} ─")
        if found < 0:
            continue
        left = line.rfind("╭", 0, found)
        right = line.find("╮", found)
        return lines[number + row][left + 1 : right].strip()
    raise AssertionError(f"no {title} box on the screen:\n{screen}")


def cents(amount: str) -> int:
    """``1,000.00`` -> 100000."""
    match = re.fullmatch(r"(\d{1,3}(?:,\d{3})*)\.(\d\d)", amount)
    assert match, f"not an amount: {amount!r}"
    return int(match[1].replace(",", "")) * 100 + int(match[2])


def test_the_game_plays_in_the_browser(browser: Any, serve: Callable[..., str]) -> None:
    tab = Page(browser, serve("book-of-spells"))  # a demo session
    try:
        screen = tab.wait_text("Press Space to spin")
        assert "Book of Spells" in screen
        assert tab.page.evaluate(
            "() => document.activeElement.classList.contains('xterm-helper-textarea')"
        ), "the terminal should have the keyboard as soon as the game shows"
        if shot := os.environ.get("SLOTTERM_BROWSER_SHOT"):
            tab.page.screenshot(path=shot)

        tab.press("p")  # the first key of the page, with no click anywhere
        table = tab.wait_text("paytable")
        assert "Line pays" in table and "The 9 lines" in table
        tab.press("Escape")
        screen = tab.wait_for(lambda s: "paytable" not in s and "─ Credits ─" in s, "the game")

        credits = cents(box(screen, "Credits"))
        bet = cents(box(screen, "Bet"))
        per_line = cents(box(screen, "Bet", row=2).removesuffix(" per line"))
        lines = int(box(screen, "Lines"))
        assert bet == per_line * lines  # the boxes agree with one another
        tab.press("Space")  # a spin
        after = tab.wait_for(lambda s: _credits(s) not in (None, credits), "a spin")
        assert _credits(after) == credits - bet  # the bet is taken, the box shows it
    finally:
        tab.close()


def _credits(screen: str) -> int | None:
    """The Credits box's amount, or ``None`` while the box is not on the screen."""
    return cents(box(screen, "Credits")) if "─ Credits ─" in screen else None


def test_a_second_tab_is_told_the_save_is_in_use(
    browser: Any, serve: Callable[..., str], tmp_path: Path
) -> None:
    url = serve("book-of-spells", "--save-dir", str(tmp_path / "saves"))
    first = Page(browser, url)
    second: Page | None = None
    try:
        start = cents(box(first.wait_text("Press Space to spin"), "Credits"))
        first.press("Space")
        first.wait_for(lambda s: _credits(s) not in (None, start), "a spin")
        left = _credits(_play_to_rest(first))  # a win collected, a feature played out

        second = Page(browser, url)
        told = second.wait_text("This save is already in use")
        assert "open in another" in told
        assert "─ Credits ─" not in told  # no game behind it: the save is not touched

        first.close()  # the first tab goes: its game ends and lets the save go
        wait_until(lambda: not _save_locked(tmp_path / "saves"), "the first game to end")
        second.page.bring_to_front()
        second.press("r")  # try again: the page reloads with a new session
        resumed = second.wait_text("─ Credits ─")
        assert _credits(resumed) == left  # the same save, as the first left it
    finally:
        for tab in (first, second):
            if tab is not None and not tab.page.is_closed():
                tab.close()


def _play_to_rest(tab: Page) -> str:
    """Play on until the machine rests between rounds (a win collected, a feature played to
    its end), so that what the save holds is what the Credits box says; the screen then.

    The footer names what Space does now: ``Spin`` at rest; ``Stop`` / ``Skip`` while a
    scene runs (wait); anything else (collect, a feature's step, continue) is pressed once,
    then the step must be seen taken before the next look: what Space does, the Credits
    box or the free-spin count changed.  Any change of the screen is not enough (a win's
    lines keep cycling while it waits), and a second Space sent into one state would,
    once the first had collected, spin again behind the test's back."""
    deadline = time.monotonic() + 4 * WAIT
    while True:
        screen = tab.text()
        does = _space_does(screen)
        if does == "Spin" and _credits(screen) is not None:
            return screen
        assert time.monotonic() < deadline, f"the machine never came to rest:\n{screen}"
        if does and does not in ("Spin", "Stop", "Skip"):
            tab.press("Space")
            tab.wait_for(partial(_moved_on, _step(screen)), "the Space to be taken")
        else:
            tab.page.wait_for_timeout(POLL * 1000)


def _moved_on(before: tuple[str, int | None, tuple[str, ...]], now: str) -> bool:
    """Whether the round on screen ``now`` stands elsewhere than at ``before``."""
    return _step(now) != before


def _space_does(screen: str) -> str:
    """The first word of what the footer says Space does now ("" when it names none)."""
    footer = next((ln for ln in reversed(screen.splitlines()) if "Quit" in ln), "")
    found = re.search(r"Space\s*(\w+)", footer)
    return found[1] if found else ""


def _step(screen: str) -> tuple[str, int | None, tuple[str, ...]]:
    """Where the round stands on ``screen``: what Space does, the credits, the free-spin
    count; each step a Space takes changes one of them, a win's cycling lines none."""
    counts = tuple(re.findall(r"Free spin \d+ of \d+", screen))
    return _space_does(screen), _credits(screen), counts


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
