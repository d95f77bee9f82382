"""The keys of a game as plain text, for ``slotterm GAME --help``.

The rows are the help window's own (:func:`~slotterm.tui.help_play.key_rows`, with each
feature's part of the help saying what Space does in it), set as two columns that wrap to
the terminal's width.
"""

from __future__ import annotations

import shutil
import textwrap

from slotterm.engine.model import GameDefinition

KEYS_COLUMN_MOST = 18
"""The widest the keys column is; longer keys stand on a line of their own."""
WIDTH_MOST = 100
"""The widest the text is, however wide the terminal (as argparse's help)."""


def help_width() -> int:
    """The width to wrap help text to: the terminal's, less argparse's margin of two."""
    return min(WIDTH_MOST, shutil.get_terminal_size().columns - 2)


def keys_text(game: GameDefinition, width: int) -> str:
    """What each key does in ``game``, two columns wrapped to ``width``, under a title."""
    from slotterm.tui.features.registry import FeatureViews
    from slotterm.tui.help_play import key_rows

    rows = key_rows(game, FeatureViews(game).help_sections(None))
    column = min(KEYS_COLUMN_MOST, max(len(keys) for keys, _ in rows)) + 2
    lines = [f"keys in {game.name} (the help, H in the game, says more):"]
    for keys, does in rows:
        indent = " " * (2 + column)
        first = f"  {keys:<{column}}" if len(keys) < column else f"  {keys}\n{indent}"
        wrapped = textwrap.wrap(
            does.replace("`", ""), width=max(20, width - len(indent)), break_on_hyphens=False
        )
        lines.append(first + f"\n{indent}".join(wrapped))
    return "\n".join(lines)
