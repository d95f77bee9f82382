"""Where the screens' styles are: a ``.tcss`` file beside each screen's module, and the
look shared by every window opened over the machine (``dialog.tcss``: centred, thick
accent border).

A window over the machine has the class :data:`DIALOG` (``DEFAULT_CLASSES``) and takes
``CSS_PATH = dialog_stylesheets(__file__)``; its own file gives its box the size.
"""

from __future__ import annotations

from pathlib import Path, PurePath

DIALOG = "dialog"
"""The CSS class of a window over the machine: the box it composes first is the window."""


def stylesheet_of(module_file: str) -> Path:
    """The ``.tcss`` file beside a screen's module (``__file__``), found from any subclass."""
    return Path(module_file).with_suffix(".tcss")


def dialog_stylesheets(module_file: str) -> list[str | PurePath]:
    """A window's styles: the shared look (``dialog.tcss``), then its own beside
    ``module_file``."""
    return [Path(__file__).with_name("dialog.tcss"), stylesheet_of(module_file)]
