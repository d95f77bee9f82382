"""Quitting: at once, or after asking when a ``--demo`` round would be lost.

A saved game keeps its open round (it resumes on the next start), so it quits at once.  A
demo keeps nothing: with a round open (a win waiting, a gamble or a feature under way)
quitting first asks, in :class:`QuitConfirm` (Y quits, N or Escape stays).  Every way out
comes here (:func:`quit_game`): Q on any screen, Ctrl+Q, Ctrl+C and the palette's Quit
(the app's quit action).  A screen on top that asks by itself (the too-small notice, where
a dialog would not fit: :class:`AsksBeforeQuitting`) is asked instead.  Quit signals
(SIGTERM, SIGHUP) still end the game at once.

In a demo, a spin (or any show) still being shown is first finished, to the picture it
lands on, and only then is the question decided: whether the dialog comes must never tell
the player, over reels still spinning, that the spin wins; and the reels under the
dialog show their resting picture, not a frozen mid-motion frame.
"""

from __future__ import annotations

from typing import Any, ClassVar, Protocol, runtime_checkable

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from slotterm.engine.records import Phase
from slotterm.session.game_session import GameSession
from slotterm.tui.keymap import both_cases
from slotterm.tui.presenter import Presenter
from slotterm.tui.screens.dialog_css import DIALOG, HEIGHTS, WIDTHS, dialog_stylesheets
from slotterm.tui.widgets.key_bar import KeyBar


def round_would_be_lost(session: GameSession | None) -> bool:
    """True when quitting now loses a round: a demo (nothing saved) with a round open."""
    return (
        session is not None
        and session.persist is None
        and session.phase is not Phase.IDLE
        and session.state.round is not None
    )


QUESTION = (
    "This is a demo: nothing is saved, so the round under way\n"
    "(and any win it holds) is lost if you quit now."
)
"""What is at stake, as the question says it (the dialog and the too-small notice)."""
ANSWERS = "Y quits · N or Escape goes back to the game."
"""The keys that answer it."""


@runtime_checkable
class AsksBeforeQuitting(Protocol):
    """A screen that asks the question itself (instead of a :class:`QuitConfirm` over it)."""

    def ask_before_quitting(self) -> None:
        """Ask whether to quit: Y quits (``app.exit()``), N or Escape stays."""


def quit_game(app: App[Any], session: GameSession | None) -> None:
    """Every way out: leave at once, or ask first when the open round of a demo would be
    lost (in a :class:`QuitConfirm`, or by the screen on top when it asks by itself); a
    demo's show under way is finished first (see the module docstring)."""
    if session is not None and session.persist is None:
        finish_show(app)
    if not round_would_be_lost(session):
        app.exit()
        return
    top = app.screen
    if isinstance(top, QuitConfirm):
        return
    if isinstance(top, AsksBeforeQuitting):
        top.ask_before_quitting()
        return

    def answered(leave: bool | None) -> None:
        if leave:
            app.exit()

    app.push_screen(QuitConfirm(), callback=answered)


def finish_show(app: App[Any]) -> None:
    """End the show under way on the game's main screen at once (each scene on its final
    picture, as the skip key does), so the screen is at rest with the outcome it shows."""
    presenter = getattr(getattr(app, "main_screen", None), "presenter", None)
    if isinstance(presenter, Presenter) and presenter.busy:
        presenter.skip_show()


class QuitConfirm(ModalScreen[bool]):
    """Asks whether to quit a demo with its round open: Y quits, N or Escape stays."""

    DEFAULT_CLASSES = DIALOG
    CSS_PATH = dialog_stylesheets(__file__)
    HORIZONTAL_BREAKPOINTS = WIDTHS
    VERTICAL_BREAKPOINTS = HEIGHTS

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(both_cases("y"), "answer(True)", "Quit", key_display="Y"),
        Binding(both_cases("n") + ",escape", "answer(False)", "Stay", key_display="N/Esc"),
    ]

    def compose(self) -> ComposeResult:
        """The question and its keys."""
        with Vertical(id="quit-dialog") as dialog:
            dialog.border_title = "Quit the demo?"
            yield Static(f"{QUESTION}\n\n{ANSWERS}", id="quit-text")
        yield KeyBar(compact=True)

    def action_answer(self, leave: bool) -> None:
        """Close with the answer (``True``: quit)."""
        self.dismiss(leave)
