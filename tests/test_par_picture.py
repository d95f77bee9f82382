"""The README's picture of the PAR report's charts (``docs/screenshots/par-report.svg``,
written by ``tools/make_par_picture.py``): it is current, it is a standalone SVG with the
three charts, and the README shows it."""

from __future__ import annotations

import importlib.util
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "tools" / "make_par_picture.py"
PICTURE = "docs/screenshots/par-report.svg"
SVG = "{http://www.w3.org/2000/svg}"


def _load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_par_picture", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_picture_is_current(capsys: pytest.CaptureFixture[str]) -> None:
    assert _load_tool().main(["--check"]) == 0, capsys.readouterr().out


def test_check_says_a_stale_picture(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    stale = tmp_path / "par-report.svg"
    stale.write_text("<svg/>", encoding="utf-8")
    assert _load_tool().main(["--check", "--out", str(stale)]) == 1
    assert f"stale: {stale}" in capsys.readouterr().out


def test_the_picture_has_the_three_charts() -> None:
    root = ElementTree.parse(ROOT / PICTURE).getroot()
    assert root.tag == f"{SVG}svg"
    charts = {e.get("id") for e in root.iter(f"{SVG}svg")}
    assert {"rtp-split", "win-distribution", "volatility"} <= charts
    assert root.find(f"{SVG}style") is not None  # its colours travel with it


def test_the_readme_shows_the_picture() -> None:
    from tests.readme_support import pictures, readme_text, repository_file

    assert PICTURE in [repository_file(link) for link in pictures(readme_text())]
