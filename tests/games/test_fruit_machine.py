"""The third shipped game, a classic fruit machine defined by its file alone (issue 19).

Its maths is exact: ``par`` at every line count is checked against a plain count from the
file's symbol counts (:func:`tests.games.plain_count.uncapped_rtp`, no engine code), its
RTP lies in 94-97 %, and the table of exact figures in the file's comments is what ``par``
prints today; ``simulate`` agrees; ``tools/tune_fruit.py`` rebuilds its strips.
"""

from __future__ import annotations

import importlib.util
import json
import re
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

from slotterm.cli import main
from slotterm.games import SHIPPED_FOLDER, game_ids, get_game
from slotterm.games.catalog import catalog
from tests.games.plain_count import uncapped_rtp

GAME_ID = "orchard-sevens"
FILE = SHIPPED_FOLDER / f"{GAME_ID}.toml"
TREE = tomllib.loads(FILE.read_text(encoding="utf-8"))
LINE_COUNTS = range(1, len(TREE["lines"]) + 1)
TOOL = Path(__file__).resolve().parent.parent.parent / "tools" / "tune_fruit.py"


def _par(capsys: pytest.CaptureFixture[str], lines: int) -> dict[str, float]:
    assert main(["par", GAME_ID, "--lines", str(lines), "--json"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return json.loads(out)  # type: ignore[no-any-return]


def test_it_is_shipped_loads_and_is_in_the_lobby_catalog() -> None:
    assert GAME_ID in game_ids()
    game = get_game(GAME_ID)
    assert game.source == str(FILE)
    assert (game.reels, game.rows, len(game.lines)) == (5, 3, 10)
    assert [f.name for f in game.features] == ["free_spins"]
    assert game.help_text.startswith("Orchard Sevens")
    assert {s.id for s in game.symbols} == set(game.art)  # every symbol has its own art
    assert GAME_ID in [entry.id for entry in catalog(None) if entry.game is not None]


def test_par_is_exact_and_in_range_at_every_line_count(
    capsys: pytest.CaptureFixture[str],
) -> None:
    counted = float(uncapped_rtp(TREE))
    for lines in LINE_COUNTS:
        sheet = _par(capsys, lines)
        assert sheet["rtp_uncapped"] == pytest.approx(counted, rel=1e-9), lines
        assert 0.94 <= sheet["rtp"] <= 0.97, lines
        assert abs(sheet["rtp"] - sheet["published_rtp"]) < 0.0005, lines
        assert 100 <= sheet["feature_one_in"] <= 250
    assert 0.25 <= sheet["hit_frequency"] <= 0.35  # at all 10 lines
    assert sheet["free_spins_win_multiplier"] == 3


def test_the_figures_in_the_files_comments_are_par_s(capsys: pytest.CaptureFixture[str]) -> None:
    text = FILE.read_text(encoding="utf-8")
    rows = re.findall(r"^# (\d+) +(0\.\d{7}) +\S+ +([\d.]+)% +([\d.]+) ", text, re.MULTILINE)
    assert [int(r[0]) for r in rows] == list(LINE_COUNTS)
    for lines, rtp, hit, sd in rows:
        sheet = _par(capsys, int(lines))
        assert f"{sheet['rtp']:.7f}" == rtp
        assert f"{sheet['hit_frequency'] * 100:.2f}" == hit
        assert f"{sheet['sd']:.2f}" == sd
    assert f"uncapped {sheet['rtp_uncapped']:.7f} at every line count" in text
    assert f"free spins 1 in {sheet['feature_one_in']:.2f} base" in text


def test_simulate_agrees_with_par(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", GAME_ID, "--spins", "200000", "--seed", "1", "--json"]) == 0
    out, _ = capsys.readouterr()
    report = json.loads(out)
    low, high = report["rtp_ci99"]
    assert low <= report["exact_rtp"] <= high
    assert report["exact_inside_ci99"] is True


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("tune_fruit", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_tuning_tool_rebuilds_the_strips() -> None:
    assert _tool().strips() == TREE["reels"]
