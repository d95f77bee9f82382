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


def dialog_css(
    screen: str,
    dialog_id: str,
    *,
    width: str = "100%",
    max_width: int | None = None,
    height: str = "100%",
    extra: tuple[str, ...] = (),
) -> str:
    """CSS centring ``#dialog_id`` on ``screen`` in a bordered box; ``extra`` adds rules to it."""
    rules = [f"width: {width};"]
    if max_width is not None:
        rules.append(f"max-width: {max_width};")
    rules.append(f"height: {height};")
    rules += ["border: thick $accent;", "border-title-align: center;", "background: $surface;"]
    rules += extra
    body = "\n".join(f"        {rule}" for rule in rules)
    return f"""
    {screen} {{
        align: center middle;
    }}
    #{dialog_id} {{
{body}
    }}"""
