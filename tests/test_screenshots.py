"""The README's screenshots (``docs/screenshots/``, written by ``tools/make_screenshots.py``
from the snapshot tests' apps): the tool draws each one, each shows the screen it is said
to, the README shows each one, and none is stale (``--check`` passes).

When a screen changes, run ``python tools/make_screenshots.py`` and commit the pictures
with the change; ``--check`` says which are stale."""

from __future__ import annotations

import html
import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.readme_support import pictures, readme_text, repository_file

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "tools" / "make_screenshots.py"


def _load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_screenshots", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


shots = _load_tool()


def test_the_readme_shows_every_picture() -> None:
    # by absolute address (the README is also the package index's page), each naming a
    # file of docs/screenshots here
    shown = pictures(readme_text())
    names = [repository_file(link) for link in shown]
    elsewhere = [link for link, name in zip(shown, names, strict=True) if name is None]
    assert not elsewhere, f"README shows pictures that are not the repository's: {elsewhere}"
    linked = {name for name in names if name is not None}
    wanted = {f"docs/screenshots/{shot.name}.svg" for shot in shots.SHOTS}
    assert wanted <= linked, sorted(wanted - linked)
    for name in linked:
        assert (ROOT / name).is_file(), f"README shows {name}, which is not there"


def test_check_names_each_missing_picture(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert shots.main(["--check", "--out", str(tmp_path)]) == 1
    printed = capsys.readouterr().out
    for shot in shots.SHOTS:
        assert f"{shot.name}.svg" in printed


def svg_text(svg: str) -> str:
    """The words a screenshot shows (its text runs, spaces restored)."""
    runs = re.findall(r"<text [^>]*>([^<]*)</text>", svg)
    return html.unescape("".join(runs)).replace("\xa0", " ")


SHOWS = {
    "book-of-spells": ("BOOK OF SPELLS", "Credits", "Win"),
    "lucky-witch": ("LUCKY WITCH", "Coin size", "Credits"),
    "pick-game": ("Choose three of the twelve vaults", "CHOSEN"),
    "lobby": ("Book of Spells", "Lucky Witch"),
    "paytable": ("paytable", "Witch"),
    "light-theme": ("BOOK OF SPELLS", "Credits"),
}
"""Words each picture must show: it is the screen the README says it is."""


@pytest.mark.slow
def test_each_picture_shows_its_screen_now_and_as_committed() -> None:
    # The strict comparison with the committed files is test_no_picture_is_stale.
    assert set(SHOWS) == {shot.name for shot in shots.SHOTS}
    for shot in shots.SHOTS:
        committed = (shots.OUT / f"{shot.name}.svg").read_text(encoding="utf-8")
        for svg in (shots.render(shot), committed):
            text = svg_text(svg)
            missing = [word for word in SHOWS[shot.name] if word not in text]
            assert not missing, f"{shot.name}: {missing} not shown"
    light = (shots.OUT / "light-theme.svg").read_text(encoding="utf-8")
    dark = (shots.OUT / "book-of-spells.svg").read_text(encoding="utf-8")
    # textual-light's and textual-dark's $background
    assert (first_cell(light), first_cell(dark)) == ("#e0e0e0", "#121212")


def first_cell(svg: str) -> str:
    """The colour of the screen's top-left cell (its background; the first rectangle is
    the window's frame)."""
    fills = re.findall(r'<rect fill="(#[0-9a-fA-F]{6})"', svg)
    return fills[1].lower()


@pytest.mark.slow
def test_no_picture_is_stale(capsys: pytest.CaptureFixture[str]) -> None:
    """What ``tools/make_screenshots.py --check`` does in a terminal: every committed
    picture is the one the code draws now (a screen changed on purpose fails here until
    its pictures are made again)."""
    assert shots.main(["--check"]) == 0, capsys.readouterr().out
