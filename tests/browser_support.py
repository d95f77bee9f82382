"""Reading the game in a browser tab, for ``tests/test_browser.py``: a :class:`Page`
whose screen is the text of its xterm.js terminal, the boxes and message line on it, and
:func:`play_to_rest`, which plays a round out with Space.

xterm.js parses what it receives in slices, and a Textual frame comes in several
websocket packets, so a look at the screen may catch a frame half drawn: every reader
here gives ``None`` (or "") for a part not fully there, and a state is trusted once two
looks :data:`~tests.serve_support.POLL` apart agree (:meth:`Page.settled`).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from tests.serve_support import POLL, WAIT

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
"""Script for ``page.evaluate``: the terminal's screen, one text line per row (``null``
before the page has caught its terminal, see ``CATCH_TERMINAL`` in test_browser)."""


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


def credits_of(screen: str) -> int | None:
    """The Credits box's amount, or ``None`` while it is not (fully) on the screen."""
    return cents(box(screen, "Credits"))


def bet_boxes(screen: str) -> tuple[int, int, int] | None:
    """The Bet box's total and per-line bet and the Lines box's count, or ``None`` while
    one of them is not (fully) drawn."""
    bet = cents(box(screen, "Bet"))
    per_line = cents((box(screen, "Bet", row=2) or "").removesuffix(" per line"))
    lines = box(screen, "Lines")
    if bet is None or per_line is None or lines is None or not lines.isdigit():
        return None
    return bet, per_line, int(lines)


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


def play_to_rest(tab: Page) -> str:
    """Play on until the machine rests between rounds (a win collected, a feature played to
    its end), so that what the save holds is what the Credits box says; the screen then.

    The message line decides, not the footer: it is written in the same frame as the
    Credits box, while the footer is redrawn one or more frames later (right after a
    Space it may still name what Space did before).  Every look is at a settled screen
    (:func:`step` the same twice, :data:`POLL` apart), and the footer must agree with
    the message line: at rest the prompt is :data:`REST_PROMPT` and the footer ``Spin``;
    a step's prompt (:data:`STEP_PROMPTS`) with a footer naming a step is pressed once,
    and the next look waits for the round to stand elsewhere (:func:`step` changed, and
    settled), so that one Space is never sent twice into the same step.
    Anything else (the reels or a feature's show moving, a footer not caught up yet) is
    waited out."""
    deadline = time.monotonic() + 4 * WAIT
    while True:
        screen = tab.settled(lambda s: credits_of(s) is not None, "the Credits box", key=step)
        if at_rest(screen):
            return screen
        assert time.monotonic() < deadline, f"the machine never came to rest:\n{screen}"
        if _step_waits(screen):
            tab.press("Space")
            tab.settled(partial(_moved_on, step(screen)), "the Space to be taken", key=step)
        else:
            tab.page.wait_for_timeout(POLL * 1000)


def _moved_on(before: tuple[str, str, int | None, tuple[str, ...]], now: str) -> bool:
    """Whether the round on screen ``now`` stands elsewhere than at ``before``."""
    return step(now) != before


def at_rest(screen: str) -> bool:
    """Whether ``screen`` shows the machine at rest, every part drawn: the rest prompt on
    the message line, the footer's Space spinning, the Credits box."""
    return (
        _message(screen).endswith(REST_PROMPT)
        and _space_does(screen) == "Spin"
        and credits_of(screen) is not None
    )


def _step_waits(screen: str) -> bool:
    """Whether ``screen`` shows a step waiting for Space (message line and footer agree)."""
    does = _space_does(screen)
    return (
        STEP_PROMPTS.search(_message(screen)) is not None
        and does not in ("", "Spin", *MOVING)
        and credits_of(screen) is not None
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


def step(screen: str) -> tuple[str, str, int | None, tuple[str, ...]]:
    """Where the round stands on ``screen``: the message line (its amounts left out: a
    win's count-up names it once counted), what Space does, the credits, the free-spin
    count.  Each step a Space takes changes one of them; a win's cycling lines none."""
    message = re.sub(r" ?[\d,]+\.\d\d", "", _message(screen))
    counts = tuple(re.findall(r"Free spin \d+ of \d+", screen))
    return message, _space_does(screen), credits_of(screen), counts
