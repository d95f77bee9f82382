"""One browser connection of ``slotterm serve``: the game on Textual's web driver.

``slotterm serve`` (via ``textual-serve``) starts ``python -m
slotterm.commands.web_session [GAME] (--demo | --save-dir DIR) [--games DIR]`` for every
page that connects, with its stdin and stdout on pipes and ``TEXTUAL_DRIVER`` naming
Textual's web driver.  :func:`~slotterm.commands.web_driver.web_driver_active` is what
lets ``play`` start there although stdin and stdout are not terminals.

Whatever stops the session from opening (above all a save that another tab, window or
terminal has open: its lock is respected) is shown in the page itself by
:class:`NoticeApp`, not only in the server's log: the player reads why, and R tries again
once the other one is closed.

The process ends with its server: it asks the kernel for a SIGTERM when its parent dies
(Linux), which the game takes as Q (every step is already saved) and which releases the
save's lock, so a killed server leaves no game holding a save.

SIGTERM always ends the session, whoever sends it: it is taken by a thread of its own
(:func:`_end_on_sigterm`), which hands it to the game (the game's own handler quits as Q)
and, should the game be too busy to act on it within :data:`TERM_GRACE` seconds, ends the
process itself; a saved game loses nothing (each step is saved as it happens), and the
save's lock goes with the process.
"""

from __future__ import annotations

import _thread
import argparse
import contextlib
import ctypes
import os
import signal
import sys
import threading
import time
from collections.abc import Sequence
from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from slotterm.commands.web_driver import web_driver_active

TERM_GRACE = 3.0
"""Seconds the game has to quit after SIGTERM before the process ends without it."""
_PR_SET_PDEATHSIG = 1
"""``prctl`` option: the signal this process gets when its parent dies (Linux)."""


def child_arguments(
    game: str | None, save_dir: str | None, games_dir: str | None = None
) -> list[str]:
    """The arguments after ``-m slotterm.commands.web_session`` for one connection."""
    where = ["--demo"] if save_dir is None else ["--save-dir", save_dir]
    games = [] if games_dir is None else ["--games", games_dir]
    return [*([] if game is None else [game]), *where, *games]


def main(argv: Sequence[str] | None = None) -> int:
    """Play ``[GAME] (--demo | --save-dir DIR) [--games DIR]`` on the web driver; a
    refusal is shown."""
    from slotterm.cli import UsageError, build_parser
    from slotterm.commands.play import run_play

    _end_on_sigterm()
    _end_with_parent()
    words = list(sys.argv[1:] if argv is None else argv)
    if not web_driver_active():
        print("slotterm: error: this runs under 'slotterm serve' only", file=sys.stderr)
        return 2
    args: argparse.Namespace = build_parser().parse_args(["play", *words])
    try:
        return run_play(args)
    except UsageError as refused:
        print(f"slotterm: error: {refused}", file=sys.stderr)  # the server's log too
        NoticeApp(str(refused)).run()
        return 2


def _end_with_parent() -> None:
    """Ask for a SIGTERM when the server (the parent) dies; nothing where that is not
    available."""
    if not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGTERM), 0, 0, 0)
        if os.getppid() == 1:  # the parent died before the request: end now
            os.kill(os.getpid(), signal.SIGTERM)


def _end_on_sigterm() -> None:
    """Take SIGTERM on a thread of its own (:func:`_on_sigterm`): blocked here, before any
    other thread starts, so that every thread has it blocked and the kernel keeps it for
    that thread's ``sigwait``, however busy the main thread is."""
    if not hasattr(signal, "pthread_sigmask"):
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM})
    threading.Thread(target=_on_sigterm, name="sigterm", daemon=True).start()


def _on_sigterm() -> None:
    """Wait for SIGTERM, hand it to the main thread as if it had arrived there (the game's
    handler, once it has one, quits as Q), and end the process if it is still running
    :data:`TERM_GRACE` seconds later (at once when nothing handles the signal yet)."""
    signal.sigwait({signal.SIGTERM})
    status = 128 + int(signal.SIGTERM)
    if signal.getsignal(signal.SIGTERM) in (signal.SIG_DFL, signal.SIG_IGN, None):
        os._exit(status)  # no game yet (or a notice): nothing is left to do
    _thread.interrupt_main(signal.SIGTERM)
    time.sleep(TERM_GRACE)
    os._exit(status)


def notice_title(reason: str) -> str:
    """The heading of the page's notice for ``reason``."""
    if "open in another slotterm" in reason:
        return "This save is already in use"
    return "The game could not start"


def notice_advice(reason: str) -> str:
    """What the player can do about ``reason``."""
    if "open in another slotterm" in reason:
        return (
            "It is open in another browser tab or window, or in a terminal. Close the game "
            "there (Q), then press R here to try again."
        )
    return "Press R to try again once the problem is fixed."


class NoticeApp(App[None]):
    """A one-screen app saying why the game did not start: R reloads the page (a new
    session), Q or Escape closes this one."""

    TITLE = "slotterm"
    CSS = """
    Screen { align: center middle; }
    #notice { width: 76; max-width: 100%; height: auto; border: heavy $error; padding: 1 2; }
    #notice-title { text-style: bold; color: $error; padding-bottom: 1; }
    #notice-advice { padding-top: 1; }
    #notice-keys { padding-top: 1; color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "retry", "try again"),
        Binding("q,escape", "quit", "close"),
    ]

    def __init__(self, reason: str) -> None:
        super().__init__()
        self.reason = reason

    def compose(self) -> ComposeResult:
        """The notice: heading, the reason, what to do, the keys."""
        reason = self.reason
        with Vertical(id="notice"):
            yield Static(notice_title(reason), id="notice-title", markup=False)
            yield Static(reason[:1].upper() + reason[1:] + ".", id="notice-reason", markup=False)
            yield Static(notice_advice(reason), id="notice-advice", markup=False)
            yield Static("R  try again    Q  close", id="notice-keys", markup=False)

    def action_retry(self) -> None:
        """Reload the page: the server starts a new session for it."""
        self.open_url(".", new_tab=False)


if __name__ == "__main__":
    raise SystemExit(main())
