"""Windows built once and kept: the help and the paytable open again without being built
again.

Building a window (composing its widgets, styling them, laying out and rendering its text
and pictures) is most of what opening it costs.  The help and the paytable show the same
thing every time for the same game, bet and theme, so :func:`show_kept` keeps the one last
built for each kind of window (installed in the app, so closing it does not throw it
away) and shows it again while that key holds; a new key builds a new one and lets the
old one go.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any
from weakref import WeakKeyDictionary

from textual.app import App
from textual.screen import Screen

_KEYS: WeakKeyDictionary[App[Any], dict[str, Hashable]] = WeakKeyDictionary()
"""For each app, the key each kept window was built for."""


def kept_name(kind: str) -> str:
    """The name the window of ``kind`` is installed under."""
    return f"kept-{kind}"


def show_kept(app: App[Any], kind: str, key: Hashable, build: Callable[[], Screen[Any]]) -> None:
    """Show the window of ``kind`` built for ``key``: the kept one when it was built for
    ``key``, else one built now with ``build()`` (and kept in place of the old one)."""
    name = kept_name(kind)
    keys = _KEYS.setdefault(app, {})
    if app.is_screen_installed(name) and keys.get(kind) == key:
        kept = app.get_screen(name)
        if kept not in app.screen_stack:
            app.push_screen(name)
            return
    if app.is_screen_installed(name):
        old = app.get_screen(name)
        if old in app.screen_stack:  # shown already (opened from itself): show a fresh one
            app.push_screen(build())
            return
        app.uninstall_screen(name)
        old.remove()
    app.install_screen(build(), name)
    keys[kind] = key
    app.push_screen(name)
