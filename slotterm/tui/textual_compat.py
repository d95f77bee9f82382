"""Every private member of Textual that slotterm relies on, in one place.

Textual offers no public way to do a handful of things the game needs, so they are done
here, each behind a small named function (or, for the driver, a base class with public
hooks), and nowhere else: ``tests/tui/test_textual_compat.py`` checks that each member
below still exists in the installed Textual with the shape used here (it fails naming the
member as soon as an upgrade takes one away), and that no other module of ``slotterm``
uses a private name of Textual.  Checked with Textual 8.2.8 (``textual>=8.0,<9``).

What is used, why, and what happens if it goes:

* ``textual._time.get_time`` (:func:`event_clock`): the clock Textual stamps each event's
  ``time`` with.  The app compares a key's ``time`` with the moment it last answered a key
  to drop keys typed ahead of a slow answer, so both must come from the same clock.  If it
  goes, importing this module fails (every tui test fails at once).
* ``DOMNode._bindings`` (:func:`bindings_of`, :func:`set_bindings`): a node's own key
  bindings, built from ``BINDINGS`` when the node is made.  A game screen adds its
  features' keys to them (a feature's keys are known only once the game is).  If it goes,
  the features' keys do nothing.
* ``Footer._bindings_ready`` (:func:`mark_footer_bindings_ready`): the footer's "the
  screen has said which keys it has" flag; set at once, the key bar shows its keys in its
  first frame instead of one frame later.  If it goes, setting it does no harm, and the
  bar waits for the screen's signal, as Textual's own footer does.
* ``textual.widgets._footer.FooterKey`` (:func:`footer_keys`, :func:`footer_key_width`):
  the widget of each key in the footer, which the key bar hides when it does not fit.
  If it goes, importing this module fails.
* ``App._load_screen_css``, ``App._register`` (:func:`mount_unseen`): the two steps
  ``push_screen`` takes before showing a screen (read its styles, start it so that it
  composes and mounts), to build the help and the paytable ahead, unseen.  If they go,
  :func:`mount_unseen` answers False and windows are built when first opened.
* ``Screen._size``, ``Widget._layout_required``, ``Screen._dirty_widgets``,
  ``Screen._refresh_layout``, ``Screen._compositor.render_update``
  (:func:`lay_out_screen_unseen`): whether a mounted screen needs laying out, and doing it (and
  rendering its lines) while it is not on top.  If they go, :func:`lay_out_unseen`
  answers False (nothing laid out ahead).
* ``App._background_screens`` with ``Screen._compositor.render_update`` (:func:`screen_text`):
  the screens seen through the top one, and its lines, rendered as plain text, the way
  ``App.export_screenshot`` renders them (``slotterm script``'s transcript).  If they go,
  :func:`screen_text` fails on first use (the script tests fail).
* ``Driver._app``, ``Driver._loop``, ``LinuxDriver._file``,
  ``LinuxDriver._sigcont_application`` (:class:`HookedLinuxDriver`): the app a driver
  posts to, the event loop it posts on, the file its output thread writes to (replaced by
  a file that survives a hung-up terminal), and its SIGCONT handler (which must restart
  nothing on a hung-up terminal).  If they go, the driver's attributes fail on first use
  (the hang-up tests fail) or SIGCONT is no longer screened.

* ``textual._compositor.ChopsUpdate.render_segments`` (:func:`write_dirty_columns_only`):
  how a partial update is written to the terminal.  Textual crops each widget's piece of a
  line only at the dirty span's right end ("TODO: crop to x extents"), so a region
  refreshed inside a wide widget (a spinning reel inside the reel window) is written from
  the widget's left edge, once per region on the line; slotterm's version crops both
  ends, so only the dirty columns go out, and writes each colour change once
  (:mod:`~slotterm.tui.terminal_text`); ``Console._color_system``: the colours the
  terminal takes, as Textual reads them to write a strip.  If it goes, nothing is replaced and every
  partial update is written as Textual writes it (the same picture, more bytes).

textual-serve's private members are in :mod:`slotterm.commands.serve_compat`.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

from rich.color import ColorSystem
from rich.console import Console
from rich.control import Control
from textual import _compositor
from textual._time import get_time
from textual.binding import BindingsMap
from textual.drivers.linux_driver import LinuxDriver
from textual.widgets._footer import FooterKey

from slotterm.tui.terminal_text import strip_text

if TYPE_CHECKING:
    import asyncio

    from textual.app import App
    from textual.dom import DOMNode
    from textual.geometry import Size
    from textual.screen import Screen
    from textual.widgets import Footer


def event_clock() -> float:
    """Now, on the clock Textual stamps each event's ``time`` with (monotonic seconds)."""
    return get_time()


def bindings_of(node: DOMNode) -> BindingsMap:
    """The key bindings ``node`` was given (its ``BINDINGS``, or what :func:`set_bindings`
    put in their place)."""
    return node._bindings


def set_bindings(node: DOMNode, bindings: BindingsMap) -> None:
    """Give ``node`` ``bindings`` in place of its own (call it before it is mounted)."""
    node._bindings = bindings


def mark_footer_bindings_ready(footer: Footer) -> None:
    """Tell ``footer`` its screen's keys can be read now: its first compose shows them."""
    footer._bindings_ready = True


def footer_keys(footer: Footer) -> list[FooterKey]:
    """The footer's key widgets, left to right."""
    return list(footer.query_children(FooterKey))


def footer_key_width(key: FooterKey) -> int:
    """The columns a footer key's label takes (its key and its description)."""
    return key.render().cell_len


def mount_unseen(app: App[Any], screen: Screen[Any]) -> bool:
    """Start mounting ``screen`` (its styles read, its widgets composed) without showing
    it, as ``push_screen`` does before it shows one.  False when this Textual cannot."""
    try:
        app._load_screen_css(screen)
        if not screen.is_running:
            app._register(app, screen)
    except (AttributeError, TypeError):  # pragma: no cover - another Textual's internals
        return False
    return True


def lay_out_screen_unseen(screen: Screen[Any], size: Size) -> bool:
    """Lay out a mounted screen that is not on top at ``size`` and render its lines (each
    widget keeps them).  True when there was something to do; False when it is laid out
    already, or this Textual cannot."""
    try:
        if screen._size == size and not screen._layout_required and not screen._dirty_widgets:
            return False
        screen._layout_required = False
        screen._refresh_layout(size)  # only drawn on the terminal when it is on top
        screen._compositor.render_update(full=True)
        screen._dirty_widgets.clear()
    except (AttributeError, TypeError):  # pragma: no cover - another Textual's internals
        return False
    return True


def _render_dirty_columns(update: Any, console: Console) -> str:
    """A partial update as terminal text: each widget's piece of a line cropped to the dirty
    span at both ends (``ChopsUpdate.render_segments``, which crops the right end only),
    each colour change written once (:func:`~slotterm.tui.terminal_text.strip_text`)."""
    sequences: list[str] = []
    append = sequences.append
    move_to = Control.move_to
    last_y = update.spans[-1][0]
    color_system = console._color_system or ColorSystem.TRUECOLOR
    for y, x1, x2 in update.spans:
        for end, (x, strip) in zip(update.chop_ends[y], update.chops[y].items(), strict=False):
            if strip is None or x >= x2 or end <= x1:
                continue
            if x < x1 or end > x2:
                start = max(x, x1)
                strip = strip.crop(start - x, min(end, x2) - x)
                x = start
            append(move_to(x, y).segment.text)
            append(strip_text(strip, color_system))
        if y != last_y:
            append("\n")
    return "".join(sequences)


def write_dirty_columns_only() -> bool:
    """From now on, a partial update writes only its dirty columns to the terminal (see the
    module docstring); False when this Textual has no ``ChopsUpdate.render_segments``."""
    chops_update = getattr(_compositor, "ChopsUpdate", None)
    if chops_update is None or not callable(getattr(chops_update, "render_segments", None)):
        return False  # pragma: no cover - another Textual's internals
    chops_update.render_segments = _render_dirty_columns
    return True


def screen_text(app: App[Any]) -> str:
    """What the app's terminal shows now (the top screen over the ones seen through it), as
    plain text, one line per row, trailing spaces cut: ``App.export_screenshot``'s picture
    without its styles."""
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system=None,
        record=True,
        legacy_windows=False,
        safe_box=False,
    )
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    console.print(update)
    return "\n".join(line.rstrip() for line in console.export_text().splitlines())


class HookedLinuxDriver(LinuxDriver):
    """Textual's Linux driver with public names for the private members slotterm uses:
    :attr:`driven_app`, :attr:`event_loop`, :meth:`use_output_file`, and the SIGCONT hook
    :meth:`on_sigcont`."""

    @property
    def driven_app(self) -> App[Any]:
        """The app this driver posts its events to."""
        return self._app

    @property
    def event_loop(self) -> asyncio.AbstractEventLoop:
        """The app's event loop (the one the driver was made on)."""
        return self._loop

    def use_output_file(self, file: object) -> None:
        """Have the output thread (started with the application mode) write to ``file``
        (anything with ``write``, ``flush`` and ``fileno``)."""
        self._file = file  # type: ignore[assignment]

    def on_sigcont(self) -> bool:
        """SIGCONT arrived: True to let Textual resume the application mode (the default)."""
        return True

    def _sigcont_application(self, *args: Any) -> None:
        if self.on_sigcont():
            super()._sigcont_application(*args)
