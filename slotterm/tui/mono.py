"""Whether a widget draws without colour (``NO_COLOR``): then its pictures are told apart
by shape alone (the reels' tiles, the pick games' items)."""

from __future__ import annotations

from textual.widget import Widget


def no_colour(widget: Widget) -> bool:
    """True when ``widget``'s terminal gets no colour (False when it is in no app)."""
    try:
        return bool(widget.app.no_color)
    except Exception:  # not mounted in an app
        return False
