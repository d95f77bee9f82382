"""Write the README's screenshots (``docs/screenshots/*.svg``) from the snapshot tests' apps.

Each picture is an app built by the same helpers as a snapshot test (``tests/tui/...``:
seeded sessions, animations off), driven by the same keys and taken the way
pytest-textual-snapshot takes its pictures (Textual's ``take_svg_screenshot``), so a
change to a screen shows here just as it does in the snapshots: make them again with it
(``tests/test_screenshots.py`` checks that each shows its screen, ``--check`` that none is
stale)::

    python tools/make_screenshots.py            # write docs/screenshots/
    python tools/make_screenshots.py --check    # exit 1 naming each stale picture

Nothing is read from or written to the player's folders: the apps keep everything under
a temporary folder (and the XDG folders point there while the pictures are taken).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
SIZE = (100, 32)
"""The terminal of every picture (columns, rows), as the snapshot tests' main size."""

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from textual.app import App  # noqa: E402
from textual.pilot import Pilot  # noqa: E402

Before = Callable[[Pilot[Any]], Awaitable[None]]


@dataclass(frozen=True, slots=True)
class Shot:
    """One picture: its file name (without ``.svg``), what it shows (the README's alt
    text), and how to build the app and drive it (given a temporary folder)."""

    name: str
    caption: str
    setup: Callable[[Path], tuple[App[Any], Before | None]]


def _settled(*keys: str) -> Before:
    """Press each key and wait for the machine to rest (as the main snapshots do)."""
    from tests.tui.main_support import settle

    async def run(pilot: Pilot[Any]) -> None:
        for key in keys:
            await pilot.press(key)
            await settle(pilot, pilot.app)  # type: ignore[arg-type]

    return run


def _book_of_spells(_: Path) -> tuple[App[Any], Before | None]:
    # test_snapshots_main.test_win_shown
    from tests.tui.main_support import make_app, winning_seed

    return make_app(winning_seed()), _settled("space")


def _lucky_witch(_: Path) -> tuple[App[Any], Before | None]:
    # test_lucky_witch_snapshots.test_lucky_witch_win_with_stacked_wilds
    from tests.tui.lucky_witch_support import lw_app, stacked_win_seed

    return lw_app(stacked_win_seed()), _settled("space")


def _pick_game(_: Path) -> tuple[App[Any], Before | None]:
    # test_snapshots_picks.test_pick_game[secret_vault-during]
    from tests.tui.pick_support import PickApp, at_rest, bonus_session
    from tests.tui.test_snapshots_picks import KEYS

    app = PickApp(bonus_session("secret_vault", seed=3))
    app.title = "slotterm"

    async def play(pilot: Pilot[Any]) -> None:
        await at_rest(pilot, app)
        for key in KEYS["secret_vault"]["during"]:
            await pilot.press(key)
            await at_rest(pilot, app)

    return app, play


def _lobby(folder: Path) -> tuple[App[Any], Before | None]:
    # test_lobby.test_snapshot
    from tests.tui.shell_support import saved_shelf, shell_app

    app = shell_app(folder, shelf=saved_shelf(folder))

    async def down(pilot: Pilot[Any]) -> None:
        await pilot.press("down")

    return app, down


def _paytable(_: Path) -> tuple[App[Any], Before | None]:
    # test_snapshots_main's app at start, P pressed: the paytable over the machine
    from tests.tui.main_support import make_app
    from tests.tui.shell_support import wait_for

    app = make_app(1)

    async def open_pays(pilot: Pilot[Any]) -> None:
        await pilot.press("p")
        await wait_for(pilot, lambda: bool(app.screen.query("#pays-dialog")))

    return app, open_pays


def _light_theme(_: Path) -> tuple[App[Any], Before | None]:
    # test_snapshots_main.test_main_screen_at_start, on Textual's light theme
    from tests.tui.main_support import make_app

    app = make_app(1)

    async def light(pilot: Pilot[Any]) -> None:
        app.theme = "textual-light"
        await pilot.pause()

    return app, light


SHOTS = (
    Shot("book-of-spells", "Book of Spells: a win on the lines", _book_of_spells),
    Shot("lucky-witch", "Lucky Witch: stacked wilds on a win", _lucky_witch),
    Shot("pick-game", "Lucky Witch's Mystery bonus: the Secret Vault pick game", _pick_game),
    Shot("lobby", "The lobby: each game and its credits", _lobby),
    Shot("paytable", "Book of Spells' paytable at the current bet", _paytable),
    Shot("light-theme", "Book of Spells on Textual's light theme", _light_theme),
)
"""Every picture, in the README's order."""


@contextmanager
def _private_folders() -> Iterator[Path]:
    """A temporary folder, with the XDG folders pointing into it (and no ``TEXTUAL_THEME``)."""
    names = ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME")
    saved = {name: os.environ.get(name) for name in (*names, "TEXTUAL_THEME")}
    with tempfile.TemporaryDirectory(prefix="slotterm-shots-") as tmp:
        folder = Path(tmp)
        for name in names:
            os.environ[name] = str(folder / name.lower())
        os.environ.pop("TEXTUAL_THEME", None)
        try:
            yield folder
        finally:
            for name, value in saved.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value


def render(shot: Shot) -> str:
    """The SVG picture of ``shot``."""
    from textual._doc import take_svg_screenshot

    with _private_folders() as folder:
        app, before = shot.setup(folder)
        return take_svg_screenshot(app=app, terminal_size=SIZE, run_before=before)


def stale(out: Path = OUT) -> list[str]:
    """The pictures in ``out`` that are missing or differ from what the code draws now."""
    return [
        shot.name
        for shot in SHOTS
        if not (out / f"{shot.name}.svg").is_file()
        or (out / f"{shot.name}.svg").read_text(encoding="utf-8") != render(shot)
    ]


def write_all(out: Path = OUT) -> list[Path]:
    """Draw every picture into ``out``; the files written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for shot in SHOTS:
        path = out / f"{shot.name}.svg"
        path.write_text(render(shot), encoding="utf-8")
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    """Write the pictures, or with ``--check`` say which are stale (exit 1)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only compare, write nothing")
    parser.add_argument("--out", type=Path, default=OUT, help="folder of the pictures")
    args = parser.parse_args(argv)
    if args.check:
        names = stale(args.out)
        for name in names:
            print(f"stale: {args.out / name}.svg (run python tools/make_screenshots.py)")
        return 1 if names else 0
    for path in write_all(args.out):
        print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
