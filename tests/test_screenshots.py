"""The README's screenshots (``docs/screenshots/``, written by ``tools/make_screenshots.py``
from the snapshot tests' apps): each one is what the code draws today, and the README
shows each one.

When a screen changes on purpose, run ``python tools/make_screenshots.py`` and commit the
pictures with the change (as the snapshots are regenerated)."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

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
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    linked = set(re.findall(r"\]\((docs/screenshots/[\w-]+\.svg)\)", readme))
    wanted = {f"docs/screenshots/{shot.name}.svg" for shot in shots.SHOTS}
    assert wanted <= linked, sorted(wanted - linked)
    for link in linked:
        assert (ROOT / link).is_file(), f"README links {link}, which is not there"


def test_check_names_each_missing_picture(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert shots.main(["--check", "--out", str(tmp_path)]) == 1
    printed = capsys.readouterr().out
    for shot in shots.SHOTS:
        assert f"{shot.name}.svg" in printed


@pytest.mark.slow
def test_the_committed_pictures_are_what_the_code_draws() -> None:
    stale = shots.stale()
    assert stale == [], f"stale pictures {stale}: run python tools/make_screenshots.py"
