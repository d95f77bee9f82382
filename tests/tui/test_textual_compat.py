"""Textual's private members slotterm relies on, all in :mod:`slotterm.tui.textual_compat`.

Each member the compatibility module uses is checked against the installed Textual, by
name and with the shape the module relies on, so that an upgrade that takes one away fails
here, naming it.  And no other module of ``slotterm`` uses a private name of Textual: a
private module or name imported from it, a private member read or set on another object,
or a private member of a Textual base class defined, set or read in a subclass (with a
check that the scan would see each of those).
"""

from __future__ import annotations

import ast
import asyncio
import functools
import importlib
import inspect
import re
import signal
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import ClassVar

import pytest
import textual
from rich.text import Text
from textual import _time
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingsMap, BindingType
from textual.drivers.linux_driver import LinuxDriver
from textual.geometry import Size
from textual.reactive import Reactive
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Footer, Static
from textual.widgets._footer import FooterKey

from slotterm.tui import textual_compat
from slotterm.tui.driver import TerminalDriver
from slotterm.tui.textual_compat import (
    HookedLinuxDriver,
    bindings_of,
    event_clock,
    footer_key_width,
    footer_keys,
    lay_out_screen_unseen,
    mark_footer_bindings_ready,
    mount_unseen,
    screen_text,
    set_bindings,
)

REPO = Path(__file__).resolve().parents[2]
PACKAGE = REPO / "slotterm"
ALLOWED = {
    PACKAGE / "tui" / "textual_compat.py",  # the one place for Textual's private members
    PACKAGE / "commands" / "serve_compat.py",  # textual-serve's (it reads none of Textual's)
}
NOT_IMPORTED = {PACKAGE / "__main__.py"}
"""Modules the class scan does not import (``__main__`` would run the program)."""


# --- each private member, as the module uses it ----------------------------------------------


def test_textual_time_get_time_stamps_every_event(monkeypatch: pytest.MonkeyPatch) -> None:
    """``textual._time.get_time`` is the clock a message's ``time`` comes from."""
    monkeypatch.setattr(_time, "get_time", lambda: 1234.5)
    assert textual.message.Message().time == 1234.5
    monkeypatch.undo()
    before = event_clock()
    assert before <= textual.message.Message().time <= event_clock()


class Keys(Screen[None]):
    """A screen with one key of its own."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("a", "note('a')", "A")]

    def __init__(self) -> None:
        super().__init__()
        self.notes: list[str] = []

    def action_note(self, what: str) -> None:
        """Remember a key's action ran."""
        self.notes.append(what)


async def test_domnode_bindings_are_the_keys_a_screen_answers() -> None:
    """``DOMNode._bindings`` is a ``BindingsMap``; one put in its place before the screen is
    mounted is the keys the screen answers."""
    screen = Keys()
    assert isinstance(bindings_of(screen), BindingsMap)
    assert "a" in bindings_of(screen).key_to_bindings
    keys = dict(bindings_of(screen).key_to_bindings)
    keys["b"] = [Binding("b", "note('b')", "B")]
    set_bindings(screen, BindingsMap.from_keys(keys))
    app: App[None] = App()
    async with app.run_test() as pilot:
        await app.push_screen(screen)
        await pilot.press("a", "b")
        await pilot.pause()
        assert screen.notes == ["a", "b"]
        assert "b" in screen.active_bindings


def test_footer_bindings_ready_is_footers_reactive_flag() -> None:
    """``Footer._bindings_ready``: a reactive of ``Footer``, False until the screen's first
    signal, that its ``compose`` waits for."""
    flag = vars(Footer).get("_bindings_ready")
    assert isinstance(flag, Reactive), "Footer._bindings_ready is gone"
    assert Footer._default__bindings_ready is False  # type: ignore[attr-defined]
    assert "_bindings_ready" in inspect.getsource(Footer.compose)


class Footed(App[None]):
    """A footer, ready at once, under a screen with two keys."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("x", "bell", "Ring"),
        Binding("y", "ring_again", "Ring again"),
    ]

    def action_ring_again(self) -> None:
        """Ring the bell."""
        self.bell()

    def compose(self) -> ComposeResult:
        footer = Footer()
        mark_footer_bindings_ready(footer)
        yield footer


async def test_footer_key_is_the_widget_of_each_key_in_the_footer() -> None:
    """``textual.widgets._footer.FooterKey``: a widget per shown key, its ``render()`` a
    ``Text`` whose width is the label's; a footer marked ready shows them at once."""
    assert issubclass(FooterKey, Widget)
    app = Footed()
    async with app.run_test() as pilot:
        await pilot.pause()
        footer = app.query_one(Footer)
        keys = footer_keys(footer)
        assert [key.description for key in keys[:2]] == ["Ring", "Ring again"]
        assert all(isinstance(key, FooterKey) for key in keys)
        rendered = keys[0].render()
        assert isinstance(rendered, Text)
        assert footer_key_width(keys[0]) == rendered.cell_len >= len("x Ring")


def test_app_load_screen_css_and_register_take_what_mount_unseen_gives() -> None:
    """``App._load_screen_css(screen)`` and ``App._register(parent, *widgets)``."""
    assert list(inspect.signature(App._load_screen_css).parameters) == ["self", "screen"]
    params = inspect.signature(App._register).parameters
    assert list(params)[:3] == ["self", "parent", "widgets"]
    assert params["widgets"].kind is inspect.Parameter.VAR_POSITIONAL


def test_chops_update_is_what_a_partial_update_writes() -> None:
    """``textual._compositor.ChopsUpdate(chops, spans, chop_ends)`` and its
    ``render_segments(console)``, the app's way to write a partial update; and
    ``Console._color_system``, the colours a strip is written in."""
    from textual import _compositor

    params = inspect.signature(_compositor.ChopsUpdate.__init__).parameters
    assert list(params) == ["self", "chops", "spans", "chop_ends"]
    assert "renderable.render_segments(console)" in inspect.getsource(App._display)
    assert "console._color_system" in inspect.getsource(Strip.render)


class Later(Screen[None]):
    """A screen built ahead, unseen."""

    def compose(self) -> ComposeResult:
        yield Static("built ahead", id="ahead")


async def test_screen_layout_members_lay_out_a_screen_not_on_top() -> None:
    """``Screen._size``, ``_layout_required``, ``_dirty_widgets`` (a set),
    ``_refresh_layout(size)`` and ``_compositor.render_update(full=...)``: a screen mounted
    unseen is laid out at the app's size and then has nothing left to do."""
    params = inspect.signature(Screen._refresh_layout).parameters
    assert list(params)[:2] == ["self", "size"]
    app: App[None] = App()
    async with app.run_test(size=(60, 20)) as pilot:
        screen = Later()
        app.install_screen(screen, "later")
        assert mount_unseen(app, screen)
        deadline = 200
        while not screen.is_mounted:
            deadline -= 1
            assert deadline, "never mounted"
            await pilot.pause(0.01)
        assert isinstance(screen._dirty_widgets, set)
        assert isinstance(screen._layout_required, bool)
        assert "full" in inspect.signature(screen._compositor.render_update).parameters
        passes = 0
        while lay_out_screen_unseen(screen, app.size):
            passes += 1
            assert passes < 20, "the layout never settled"
            await pilot.pause()
        assert passes >= 1
        assert screen._size == Size(60, 20)
        assert screen.query_one("#ahead").size.width == 60
        assert screen not in app.screen_stack


class Over(Screen[None]):
    """A window over half the screen: the screen under it shows through."""

    DEFAULT_CSS = "Over { background: transparent; } Over Static { width: 20; }"

    def compose(self) -> ComposeResult:
        yield Static("the window", id="over")


async def test_background_screens_and_render_update_give_the_screen_as_text() -> None:
    """``App._background_screens`` (a list of screens) and ``render_update(full=True,
    screen_stack=...)``: :func:`screen_text` is what the terminal shows, the screen under
    a window too, one line per row."""
    app: App[None] = App()
    async with app.run_test(size=(40, 6)) as pilot:
        await app.mount(Static("\nunder it all"))
        await pilot.pause()
        assert screen_text(app).splitlines()[1] == "under it all"
        await app.push_screen(Over())
        await pilot.pause()
        assert isinstance(app._background_screens, list)
        assert "full" in inspect.signature(app.screen._compositor.render_update).parameters
        text = screen_text(app)
        assert text.splitlines()[:2] == ["the window", "under it all"]


async def test_linux_driver_members_the_hooked_driver_names() -> None:
    """``Driver._app``, ``Driver._loop``, ``LinuxDriver._file`` (what its output thread is
    given) and ``LinuxDriver._sigcont_application`` (its SIGCONT handler, installed when it
    is made): the hooked driver's names for them, and its hook screens SIGCONT."""
    assert "WriterThread(self._file)" in inspect.getsource(LinuxDriver.start_application_mode)
    assert callable(vars(LinuxDriver).get("_sigcont_application")), "_sigcont_application"
    handlers = {sig: signal.getsignal(sig) for sig in (signal.SIGTSTP, signal.SIGCONT)}
    app: App[None] = App()
    try:
        driver = TerminalDriver(app)
        assert driver.driven_app is app
        assert driver.event_loop is asyncio.get_running_loop()
        assert driver._file is driver.output  # type: ignore[comparison-overlap]  # its output
        installed = signal.getsignal(signal.SIGCONT)
        assert getattr(installed, "__func__", None) is HookedLinuxDriver._sigcont_application
        resumed: list[bool] = []
        driver.resume_application_mode = lambda: resumed.append(True)  # type: ignore[method-assign]
        driver.on_sigcont = lambda: False  # type: ignore[method-assign]
        driver._sigcont_application()
        assert resumed == []
        driver.on_sigcont = lambda: True  # type: ignore[method-assign]
        driver._sigcont_application()
        assert resumed == [True]
    finally:
        for sig, handler in handlers.items():
            signal.signal(sig, handler)


# --- no other module uses a private name of Textual ------------------------------------------


def private(name: str) -> bool:
    """A single-underscore name (``_x``; not ``__x__``, not ``_``)."""
    return name.startswith("_") and not name.startswith("__") and name != "_"


def textual_private_members() -> frozenset[str]:
    """The private members of Textual's app, screen, widget and driver classes (and of
    every widget Textual ships): class attributes and what their code sets on ``self``."""
    import textual.widgets as widgets

    roots: list[type] = [App, Screen, Widget, LinuxDriver]
    roots += [
        getattr(widgets, n) for n in dir(widgets) if inspect.isclass(getattr(widgets, n, None))
    ]
    names: set[str] = set()
    for root in roots:
        for cls in root.__mro__:
            if cls.__module__.startswith("textual"):
                names |= {n for n in vars(cls) if private(n)}
                names |= instance_members(cls)
    return frozenset(names)


@functools.cache
def instance_members(cls: type) -> frozenset[str]:
    """The private names a class's own code sets or reads on ``self`` (read once per class:
    finding a class's source is slow, and every module's scan asks about the same bases)."""
    try:
        source = inspect.getsource(cls)
    except (OSError, TypeError):
        return frozenset()
    return frozenset(n for n in re.findall(r"self\.(_\w+)", source) if private(n))


def private_imports(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """Imports of a private module of Textual, or of a private name from one of its modules."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
            names: list[str] = []
        elif isinstance(node, ast.ImportFrom) and not node.level:
            modules = [node.module or ""]
            names = [alias.name for alias in node.names]
        else:
            continue
        for module in modules:
            parts = module.split(".")
            if parts[0] != "textual":
                continue
            if any(private(p) for p in parts) or any(private(n) for n in names):
                yield node.lineno, f"imports {module} {' '.join(names)}".rstrip()


def private_reads_on_others(tree: ast.AST, members: frozenset[str]) -> Iterator[tuple[int, str]]:
    """``obj._member`` on anything but ``self``/``cls``/``super()``, where ``_member`` is a
    private member of Textual's classes."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in members:
            value = node.value
            if isinstance(value, ast.Name) and value.id in {"self", "cls"}:
                continue
            if isinstance(value, ast.Call) and getattr(value.func, "id", None) == "super":
                continue
            if isinstance(value, ast.Name) and value.id in sys.stdlib_module_names:
                continue  # os._exit and the like
            yield node.lineno, f"uses .{node.attr} of another object"


def own_names(cls_node: ast.ClassDef) -> Iterator[tuple[int, str]]:
    """The private names a class defines, sets or reads on itself (its methods, class
    attributes, ``self._x``, ``super()._x``)."""
    for item in cls_node.body:
        if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
            yield item.lineno, item.name
        targets = item.targets if isinstance(item, ast.Assign) else []
        if isinstance(item, ast.AnnAssign):
            targets = [item.target]
        for target in targets:
            if isinstance(target, ast.Name):
                yield item.lineno, target.id
    for node in ast.walk(cls_node):
        if isinstance(node, ast.Attribute):
            value = node.value
            on_self = isinstance(value, ast.Name) and value.id in {"self", "cls"}
            on_super = isinstance(value, ast.Call) and getattr(value.func, "id", None) == "super"
            if on_self or on_super:
                yield node.lineno, node.attr


def private_members_of_bases(tree: ast.Module, module: ModuleType) -> Iterator[tuple[int, str]]:
    """A private member of a Textual base class that a subclass defines, sets or reads."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.ClassDef):
            continue
        cls = getattr(module, node.name, None)
        if not inspect.isclass(cls):
            continue
        bases = [b for b in cls.__mro__[1:] if b.__module__.split(".")[0] == "textual"]
        for line, name in own_names(node):
            if not private(name):
                continue
            owner = next((b for b in bases if name in vars(b) or name in instance_members(b)), None)
            if owner is not None:
                yield line, f"{node.name} uses {owner.__qualname__}.{name}"


def module_of(path: Path) -> ModuleType:
    """The imported module of a file of the package."""
    parts = path.relative_to(REPO).with_suffix("").parts
    name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
    return importlib.import_module(name)


def uses_of_private_textual(source: str, module: ModuleType | None) -> list[tuple[int, str]]:
    """Every use of a private name of Textual in ``source`` (its classes looked up in
    ``module``, when given)."""
    tree = ast.parse(source)
    found = [*private_imports(tree), *private_reads_on_others(tree, MEMBERS)]
    if module is not None:
        found += private_members_of_bases(tree, module)
    return sorted(set(found))


MEMBERS = textual_private_members()

SAMPLE = """
from textual._time import get_time
from textual.widgets import Footer
from textual.drivers.linux_driver import LinuxDriver


class Bar(Footer):
    def __init__(self) -> None:
        super().__init__()
        self._bindings_ready = True


class Drive(LinuxDriver):
    def _sigcont_application(self, *args: object) -> None:
        super()._sigcont_application(*args)


class Mine:
    def __init__(self) -> None:
        self._bindings_ready = True  # not a Textual class: its own name


def lay_out(screen) -> None:
    screen._compositor.render_update(full=True)
    screen.refresh()
"""


def test_the_scan_would_see_each_kind_of_private_use() -> None:
    module = ModuleType("sample")
    exec(compile(SAMPLE, "sample", "exec"), module.__dict__)  # the sample's classes
    found = [what for _, what in uses_of_private_textual(SAMPLE, module)]
    assert found == [
        "imports textual._time get_time",
        "Bar uses Footer._bindings_ready",
        "Drive uses LinuxDriver._sigcont_application",  # its def
        "Drive uses LinuxDriver._sigcont_application",  # its super() call
        "uses ._compositor of another object",
    ]
    assert {"_compositor", "_register", "_dirty_widgets", "_bindings", "_loop"} <= MEMBERS


def test_the_compat_module_is_the_one_place_textual_privates_are_used() -> None:
    found = uses_of_private_textual(
        Path(textual_compat.__file__).read_text(encoding="utf-8"), textual_compat
    )
    assert found, "the scan sees nothing in the compat module: it would see nothing anywhere"


def package_files() -> list[Path]:
    """The package's modules the hygiene check reads."""
    return sorted(p for p in PACKAGE.rglob("*.py") if p not in ALLOWED)


@pytest.mark.parametrize("path", package_files(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_other_module_uses_a_private_name_of_textual(path: Path) -> None:
    module = None if path in NOT_IMPORTED else module_of(path)
    found = uses_of_private_textual(path.read_text(encoding="utf-8"), module)
    where = path.relative_to(REPO)
    assert not found, "\n".join(f"{where}:{line}: {what}" for line, what in found)
