"""Where the screens' styles are: a ``.tcss`` file beside each screen's module, and the
look shared by every window opened over the machine (``dialog.tcss``: centred, thick
accent border).

A window over the machine has the class :data:`DIALOG` (``DEFAULT_CLASSES``) and takes
``CSS_PATH = dialog_stylesheets(__file__)``; its own file gives its box the size.

A window grows with the terminal: its box is a share of the window's width (never less
than it needs at 80×24), and the window's breakpoints (:data:`WIDTHS`, :data:`HEIGHTS`,
its ``HORIZONTAL_BREAKPOINTS`` and ``VERTICAL_BREAKPOINTS``) give its screen the classes
``-wide`` and ``-tall`` in a roomy terminal: then the text is set with more space around
it, and the box leaves the machine's Credits, Bet and Win boxes in sight below it.
"""

from __future__ import annotations

from pathlib import Path, PurePath

DIALOG = "dialog"
"""The CSS class of a window over the machine: the box it composes first is the window."""

ROOMY_WIDTH, ROOMY_HEIGHT = 120, 40
"""From this many columns a window's screen has the class ``-wide``, from this many rows
``-tall`` (below, ``-narrow`` and ``-short``)."""
WIDTHS: list[tuple[int, str]] = [(0, "-narrow"), (ROOMY_WIDTH, "-wide")]
"""A window's ``HORIZONTAL_BREAKPOINTS``."""
HEIGHTS: list[tuple[int, str]] = [(0, "-short"), (ROOMY_HEIGHT, "-tall")]
"""A window's ``VERTICAL_BREAKPOINTS``."""


def stylesheet_of(module_file: str) -> Path:
    """The ``.tcss`` file beside a screen's module (``__file__``), found from any subclass."""
    return Path(module_file).with_suffix(".tcss")


def dialog_stylesheets(module_file: str) -> list[str | PurePath]:
    """A window's styles: the shared look (``dialog.tcss``), then its own beside
    ``module_file``."""
    return [Path(__file__).with_name("dialog.tcss"), stylesheet_of(module_file)]


def window_stylesheets() -> list[str]:
    """Every screen's ``.tcss`` here, relative to the ``slotterm.tui`` package, the shared
    look first.  The app reads them all when it starts (a few milliseconds): a window
    whose styles are new makes Textual read them, then style every widget of the app
    again, about 40 ms the first time each window opened."""
    names = sorted(p.name for p in Path(__file__).parent.glob("*.tcss"))
    shared = Path(__file__).with_name("dialog.tcss").name
    return [f"screens/{name}" for name in [shared, *(n for n in names if n != shared)]]
