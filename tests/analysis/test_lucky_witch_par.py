"""Lucky Witch meets its design figures exactly (DESIGN.md §2); ``par lucky-witch``'s contract."""

from __future__ import annotations

import json

import pytest

from slotterm.analysis.par import compute_par
from slotterm.analysis.sheet import ParSheet
from slotterm.cli import main
from slotterm.engine.definition_error import DefinitionError
from slotterm.engine.features import free_spins_records
from slotterm.engine.features.free_spins import FreeSpins
from slotterm.games import get_game

LUCKY_WITCH = get_game("lucky-witch")

GAME = get_game("lucky-witch")
FREE = GAME.feature(free_spins_records.NAME)
assert isinstance(FREE, FreeSpins)
ALL_LINES = range(1, len(GAME.lines) + 1)
LW_KEYS = (
    "rtp_bonus",
    "rtp_bonus_uncapped",
    "bonus_frequency",
    "rtp_keep_first_uncapped",
    "rtp_worst_uncapped",
    "pick_games",
)
DESIGN_KEYS = (
    "rtp",
    "rtp_base_lines",
    "rtp_scatter",
    "rtp_free_spins",
    "hit_frequency",
    "feature_frequency",
    "sd",
)


@pytest.fixture(scope="module")
def sheets() -> dict[int, ParSheet]:
    return {lines: compute_par(GAME, lines) for lines in ALL_LINES}


def test_rtp_is_96_30_with_best_play_at_every_line_count(sheets: dict[int, ParSheet]) -> None:
    first = sheets[1].rtp_uncapped
    for lines, sheet in sheets.items():
        assert sheet.rtp_uncapped == pytest.approx(0.9630, abs=1e-4), lines
        # line EV is the same on every line; scatter, bonus and free spins pay per total bet
        assert sheet.rtp_uncapped == pytest.approx(first, abs=1e-12), lines
        assert sheet.rtp_best_uncapped == sheet.rtp_uncapped
        assert -5e-4 < sheet.cap_effect <= 1e-10  # the 250,000.00 cap at the highest bet
        assert sheet.rtp == pytest.approx(sheet.rtp_uncapped + sheet.cap_effect, abs=1e-15)


def test_design_figures(sheets: dict[int, ParSheet]) -> None:
    sheet = sheets[15]
    assert 0.30 <= sheet.hit_frequency <= 0.36
    assert 100 <= sheet.feature_one_in <= 250
    assert 0.10 <= sheet.rtp_free_spins / sheet.rtp <= 0.30
    assert sheet.bonus_one_in is not None and 250 <= sheet.bonus_one_in <= 700
    assert sheet.rtp_bonus is not None and 0.02 <= sheet.rtp_bonus / sheet.rtp <= 0.07
    assert 5 <= sheet.sd <= 10  # medium-high: Book of Spells (high) has about 9.4
    assert sheet.cap_x_total_bet == pytest.approx(250_000_00 / 30_000)
    assert sheet.rtp_worst_uncapped is not None and sheet.rtp_keep_first_uncapped is not None
    assert sheet.rtp_worst_uncapped < sheet.rtp_keep_first_uncapped < sheet.rtp_uncapped
    lucky5 = [o for o in sheet.symbols if o.symbol == "LUCKY" and o.count == 5]
    assert lucky5 and lucky5[0].combinations > 0  # LUCKY × 5 on a line is reachable


def _runs(strip: tuple[str, ...], symbol: str) -> list[int]:
    n = len(strip)
    starts = [i for i in range(n) if strip[i] == symbol and strip[i - 1] != symbol]
    lengths = []
    for i in starts:
        k = 0
        while strip[(i + k) % n] == symbol:
            k += 1
        lengths.append(k)
    return lengths


def test_strips_follow_the_design() -> None:
    for label, strips in GAME.reel_sets.items():
        for r, strip in enumerate(strips, 1):
            assert all(k >= 2 for k in _runs(strip, "LUCKY")), (label, r)
            assert "CAULDRON" not in strip or r in (1, 3, 5), (label, r)
            assert "CAULDRON" in strip or label != "base" or r not in (1, 3, 5), r
            for symbol in ("POTION", "CAULDRON"):
                at = [i for i, s in enumerate(strip) if s == symbol]
                gaps = [(b - a) % len(strip) for a, b in zip(at, at[1:] + at[:1], strict=True)]
                assert len(at) < 2 or min(gaps) >= 3, (label, r, symbol)
        assert all("LUCKY" in strip for strip in GAME.base_reels)
    assert max(_runs(GAME.base_reels[2], "LUCKY")) >= 3  # a whole reel can turn wild


def test_the_definition_refuses_cauldron_off_reels_1_3_5() -> None:
    from dataclasses import replace

    base = list(LUCKY_WITCH.base_reels)
    base[1] = (*base[1][:-1], "CAULDRON")
    with pytest.raises(DefinitionError, match="CAULDRON"):
        replace(LUCKY_WITCH, base_reels=tuple(base))


def test_par_json_has_the_design_keys(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["par", "lucky-witch", "--json", "--lines", "15"]) == 0
    data = json.loads(capsys.readouterr().out)
    for key in (*DESIGN_KEYS, *LW_KEYS):
        assert key in data, key
    assert {g["label"] for g in data["pick_games"]} == {"potion", "pumpkin", "spell-book", "vault"}
    assert all(0 < g["mean"] <= g["top"] <= 100 for g in data["pick_games"])
    assert data["policy"] == "best" and data["rtp_best_uncapped"] == data["rtp_uncapped"]


def test_book_of_spells_json_has_no_lucky_witch_keys(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["par", "book-of-spells", "--json", "--lines", "1"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert not set(LW_KEYS) & set(data)
    assert "free_spins_expansion" in data and "specials" in data


def test_par_tables_for_people(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["par", "lucky-witch", "--lines", "15"]) == 0
    out = capsys.readouterr().out
    for text in ("Mystery bonus", "Pumpkin", "keep first", "250,000.00", "833.33"):
        assert text in out, text
    assert "expanding symbol" not in out


@pytest.mark.parametrize("argv", [["--lines", "0"], ["--lines", "16"]])
def test_par_bad_lines_is_one_line_and_exit_2(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["par", "lucky-witch", *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "lines" in err and "Traceback" not in err
