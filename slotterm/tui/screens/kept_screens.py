"""Windows built once and kept: the help and the paytable open again without being built
again, and can be built ahead, unseen, so that even their first opening only shows them.

Building a window (composing its widgets, styling them, laying out and rendering its text
and pictures) is most of what opening it costs.  The help and the paytable show the same
thing every time for the same game, bet and theme, so :func:`show_kept` keeps the one last
built for each kind of window (installed in the app, so closing it does not throw it
away) and shows it again while that key holds; a new key builds a new one and lets the
old one go.

:func:`build_ahead` builds the window for a key before it is asked for (the machine does
it in a quiet moment, :mod:`~slotterm.tui.screens.windows_ahead`): the window is mounted,
styled, laid out at the terminal's size and its lines rendered, without being shown,
which leaves it exactly as a window opened once and closed again.  Textual has no public
way to mount a screen without showing it, so :func:`prepare_unseen` takes the steps
``push_screen`` takes, minus the showing (through :mod:`~slotterm.tui.textual_compat`);
should a Textual release change them, building ahead quietly does nothing and the
window is built when first opened, as before.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any
from weakref import WeakKeyDictionary

from textual.app import App
from textual.screen import Screen

from slotterm.tui.textual_compat import lay_out_screen_unseen, mount_unseen

_KEYS: WeakKeyDictionary[App[Any], dict[str, Hashable]] = WeakKeyDictionary()
"""For each app, the key each kept window was built for."""


def kept_name(kind: str) -> str:
    """The name the window of ``kind`` is installed under."""
    return f"kept-{kind}"


def kept_for(app: App[Any], kind: str, key: Hashable) -> Screen[Any] | None:
    """The window of ``kind`` kept for ``key``, if there is one."""
    name = kept_name(kind)
    if app.is_screen_installed(name) and _KEYS.get(app, {}).get(kind) == key:
        return app.get_screen(name)
    return None


def _kept_on_screen(app: App[Any], kind: str) -> bool:
    """Whether the kept window of ``kind`` is on the screen now (opened from itself)."""
    name = kept_name(kind)
    return app.is_screen_installed(name) and app.get_screen(name) in app.screen_stack


def _replace_kept(app: App[Any], kind: str, key: Hashable, screen: Screen[Any]) -> None:
    """Keep ``screen`` as the window of ``kind`` for ``key``, letting the old one go."""
    name = kept_name(kind)
    if app.is_screen_installed(name):
        old = app.get_screen(name)
        app.uninstall_screen(name)
        old.remove()
    app.install_screen(screen, name)
    _KEYS.setdefault(app, {})[kind] = key


def show_kept(app: App[Any], kind: str, key: Hashable, build: Callable[[], Screen[Any]]) -> None:
    """Show the window of ``kind`` built for ``key``: the kept one when it was built for
    ``key``, else one built now with ``build()`` (and kept in place of the old one)."""
    name = kept_name(kind)
    kept = kept_for(app, kind, key)
    if kept is not None and kept not in app.screen_stack:
        app.push_screen(name)
        return
    if _kept_on_screen(app, kind):
        app.push_screen(build())  # shown already (opened from itself): show a fresh one
        return
    _replace_kept(app, kind, key, build())
    app.push_screen(name)


def build_ahead(
    app: App[Any], kind: str, key: Hashable, build: Callable[[], Screen[Any]]
) -> Screen[Any] | None:
    """Build the window of ``kind`` for ``key`` now, unseen, unless one is kept for it or
    the kept one is on the screen; the window built and mounting (``None``: nothing to
    do, or this Textual cannot mount it unseen: it is then mounted when first shown)."""
    if kept_for(app, kind, key) is not None or _kept_on_screen(app, kind):
        return None
    screen = build()
    _replace_kept(app, kind, key, screen)
    return screen if prepare_unseen(app, screen) else None


def prepare_unseen(app: App[Any], screen: Screen[Any]) -> bool:
    """Mount ``screen`` (its styles read, its widgets composed) without showing it; once
    mounted, :func:`lay_out_unseen` lays it out.  False when this Textual cannot."""
    return mount_unseen(app, screen)


def lay_out_unseen(app: App[Any], screen: Screen[Any]) -> bool:
    """Lay out a mounted, unseen ``screen`` at the terminal's size and render its lines
    (each widget keeps them, so showing the screen only puts them together).  True when
    there was something to do: its widgets then answer their new sizes, which may ask
    for another pass, so call again until False (also False when ``screen`` is not
    mounted, is on the screen, or this Textual cannot)."""
    if not screen.is_mounted or screen in app.screen_stack:
        return False
    return lay_out_screen_unseen(screen, app.size)
