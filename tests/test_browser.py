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
from tests.serve_support import POLL, WAIT, ServeProcess, start_serve, wait_until

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
        server = start_serve(list(args), user_dirs, tmp_path)
        servers.append(server)
        return f"http://127.0.0.1:{server.port}/"

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

    def settled(
        self, check: Callable[[str], bool], what: str, key: Callable[[str], object] = str
    ) -> str:
        """The screen once ``check(screen)`` holds on two looks :data:`POLL` apart that show
        the same ``key(screen)`` (the whole text by default): a frame xterm.js has finished
        parsing, not one that is still arriving.  Fails with the screen after :data:`WAIT`."""
        deadline = time.monotonic() + WAIT
        last: str | None = None
        while True:
            screen = self.text()
            if check(screen):
                if last is not None and key(screen) == key(last):
                    return screen
                last = screen
            else:
                last = None
            if time.monotonic() > deadline:
                raise AssertionError(f"gave up waiting for {what}; the page shows:\n{screen}")
            self.page.wait_for_timeout(POLL * 1000)

    def press(self, key: str) -> None:
        """A key, typed as a player does: no click anywhere first."""
        self.page.keyboard.press(key)

    def close(self) -> None:
        """Close the tab (the server ends its game)."""
        self.page.close()


def box(screen: str, title: str, row: int = 1) -> str | None:
    """The text in row ``row`` of the box titled ``title`` (``╭─ Credits ───╮``), or
    ``None`` while no such box (or row) is drawn."""
    lines = screen.splitlines()
    for number, line in enumerate(lines):
        found = line.find(f"─ {title} ─")
        if found < 0 or number + row >= len(lines):
            continue
        left = line.rfind("╭", 0, found)
        right = line.find("╮", found)
        return lines[number + row][left + 1 : right].strip()
    return None


def cents(amount: str | None) -> int | None:
    """``1,000.00`` -> 100000; ``None`` for anything that is not a whole amount (a row
    still drawing, or not there)."""
    match = re.fullmatch(r"(\d{1,3}(?:,\d{3})*)\.(\d\d)", amount or "")
    return int(match[1].replace(",", "")) * 100 + int(match[2]) if match else None


def _credits(screen: str) -> int | None:
    """The Credits box's amount, or ``None`` while it is not (fully) on the screen."""
    return cents(box(screen, "Credits"))


def _bet_boxes(screen: str) -> tuple[int, int, int] | None:
    """The Bet box's total and per-line bet and the Lines box's count, or ``None`` while
    one of them is not (fully) drawn."""
    bet = cents(box(screen, "Bet"))
    per_line = cents((box(screen, "Bet", row=2) or "").removesuffix(" per line"))
    lines = box(screen, "Lines")
    if bet is None or per_line is None or lines is None or not lines.isdigit():
        return None
    return bet, per_line, int(lines)


def test_the_game_plays_in_the_browser(browser: Any, serve: Callable[..., str]) -> None:
    tab = Page(browser, serve("book-of-spells"))  # a demo session
    try:
        screen = tab.settled(_at_rest, "the game at rest")
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
            lambda s: "paytable" not in s and _at_rest(s) and _bet_boxes(s) is not None,
            "the game with its boxes",
        )
        credits = _credits(screen)
        boxes = _bet_boxes(screen)
        assert credits is not None and boxes is not None
        bet, per_line, lines = boxes
        assert bet == per_line * lines  # the boxes agree with one another
        tab.press("Space")  # a spin
        after = tab.settled(
            lambda s: _credits(s) not in (None, credits), "the bet taken", key=_credits
        )
        assert _credits(after) == credits - bet  # the bet is taken, the box shows it
    finally:
        tab.close()


def test_a_second_tab_is_told_the_save_is_in_use(
    browser: Any, serve: Callable[..., str], tmp_path: Path
) -> None:
    url = serve("book-of-spells", "--save-dir", str(tmp_path / "saves"))
    first = Page(browser, url)
    second: Page | None = None
    try:
        start = _credits(first.settled(_at_rest, "the game at rest", key=_step))
        first.press("Space")
        first.wait_for(lambda s: _credits(s) not in (None, start), "a spin")
        left = _credits(_play_to_rest(first))  # a win collected, a feature played out
        assert left is not None

        second = Page(browser, url)
        told = second.settled(lambda s: "This save is already in use" in s, "the notice")
        assert "open in another" in told
        assert "─ Credits ─" not in told  # no game behind it: the save is not touched

        first.close()  # the first tab goes: its game ends and lets the save go
        wait_until(lambda: not _save_locked(tmp_path / "saves"), "the first game to end")
        second.page.bring_to_front()
        second.press("r")  # try again: the page reloads with a new session
        resumed = second.settled(_at_rest, "the resumed game at rest", key=_step)
        assert _credits(resumed) == left  # the same save, as the first left it
    finally:
        for tab in (first, second):
            if tab is not None and not tab.page.is_closed():
                tab.close()


REST_PROMPT = "Press Space to spin."
"""The message line's prompt at rest (drawn in the same frame as the Credits box)."""
STEP_PROMPTS = re.compile(
    r"Win [\d,]+\.\d\d! Space collects"  # a win counted up and waiting (not "Win!": counting)
    r"|Press Space to continue\."  # a feature's summary
    r"|Press Space to go on\."
    r"|FREE SPINS! Press Space to"  # free spins won, to start
    r"|Press Space for free spin \d+ of \d+\."  # the next free spin
)
"""The message line's prompts for a step that Space takes (the round waits for it)."""
MOVING = ("Stop", "Skip")
"""What the footer says Space does while a scene runs."""


def _play_to_rest(tab: Page) -> str:
    """Play on until the machine rests between rounds (a win collected, a feature played to
    its end), so that what the save holds is what the Credits box says; the screen then.

    The message line decides, not the footer: it is written in the same frame as the
    Credits box, while the footer is redrawn one or more frames later (right after a
    Space it may still name what Space did before).  Every look is at a settled screen
    (:func:`_step` the same twice, :data:`POLL` apart), and the footer must agree with
    the message line: at rest the prompt is :data:`REST_PROMPT` and the footer ``Spin``;
    a step's prompt (:data:`STEP_PROMPTS`) with a footer naming a step is pressed once,
    and the next look waits for the round to stand elsewhere (:func:`_step` changed, and
    settled), so that one Space is never sent twice into the same step.
    Anything else (the reels or a feature's show moving, a footer not caught up yet) is
    waited out."""
    deadline = time.monotonic() + 4 * WAIT
    while True:
        screen = tab.settled(lambda s: _credits(s) is not None, "the Credits box", key=_step)
        if _at_rest(screen):
            return screen
        assert time.monotonic() < deadline, f"the machine never came to rest:\n{screen}"
        if _step_waits(screen):
            tab.press("Space")
            tab.settled(partial(_moved_on, _step(screen)), "the Space to be taken", key=_step)
        else:
            tab.page.wait_for_timeout(POLL * 1000)


def _moved_on(before: tuple[str, str, int | None, tuple[str, ...]], now: str) -> bool:
    """Whether the round on screen ``now`` stands elsewhere than at ``before``."""
    return _step(now) != before


def _at_rest(screen: str) -> bool:
    """Whether ``screen`` shows the machine at rest, every part drawn: the rest prompt on
    the message line, the footer's Space spinning, the Credits box."""
    return (
        _message(screen).endswith(REST_PROMPT)
        and _space_does(screen) == "Spin"
        and _credits(screen) is not None
    )


def _step_waits(screen: str) -> bool:
    """Whether ``screen`` shows a step waiting for Space (message line and footer agree)."""
    does = _space_does(screen)
    return (
        STEP_PROMPTS.search(_message(screen)) is not None
        and does not in ("", "Spin", *MOVING)
        and _credits(screen) is not None
    )


def _footer_row(lines: list[str]) -> int | None:
    """The index of the footer's row (the last one naming Quit), if drawn."""
    return next((n for n in range(len(lines) - 1, -1, -1) if "Quit" in lines[n]), None)


def _message(screen: str) -> str:
    """The message line (the row above the footer), or "" while there is none."""
    lines = screen.splitlines()
    row = _footer_row(lines)
    return lines[row - 1].strip() if row else ""


def _space_does(screen: str) -> str:
    """The first word of what the footer says Space does now ("" when it names none)."""
    lines = screen.splitlines()
    row = _footer_row(lines)
    found = re.search(r"Space\s*(\w+)", lines[row]) if row is not None else None
    return found[1] if found else ""


def _step(screen: str) -> tuple[str, str, int | None, tuple[str, ...]]:
    """Where the round stands on ``screen``: the message line (its amounts left out: a
    win's count-up names it once counted), what Space does, the credits, the free-spin
    count.  Each step a Space takes changes one of them; a win's cycling lines none."""
    message = re.sub(r" ?[\d,]+\.\d\d", "", _message(screen))
    counts = tuple(re.findall(r"Free spin \d+ of \d+", screen))
    return message, _space_does(screen), _credits(screen), counts


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
