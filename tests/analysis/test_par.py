"""Book of Spells meets its published figures exactly; the ``par`` command's contract."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from collections.abc import Sequence

import pytest

from slotterm.analysis.par import compute_par
from slotterm.analysis.sheet import ParSheet
from slotterm.cli import main
from slotterm.engine.evaluate import evaluate, window_at
from slotterm.engine.features import free_spins_records
from slotterm.engine.features.expanding_symbol import ExpandingSymbol, Expansion, expand
from slotterm.engine.features.free_spins import FreeSpins
from slotterm.engine.model import GameDefinition
from slotterm.engine.outcome import Evaluation
from slotterm.games import get_game

from .rtp_pairs import check_sheet

GAME = get_game("book-of-spells")
FREE_SPINS = GAME.feature(free_spins_records.NAME)
assert isinstance(FREE_SPINS, FreeSpins)
assert isinstance(FREE_SPINS.modifier, ExpandingSymbol)
SPECIALS = FREE_SPINS.modifier.candidates
ALL_LINES = range(1, len(GAME.lines) + 1)
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


@pytest.mark.parametrize("lines", ALL_LINES)
def test_rtp_is_96_13_at_every_line_count(sheets: dict[int, ParSheet], lines: int) -> None:
    sheet = sheets[lines]
    assert 0.96125 <= sheet.rtp <= 0.96135, sheet.rtp
    assert abs(sheet.rtp - GAME.published_rtp) <= 0.00005
    assert sheet.rtp_base_lines + sheet.rtp_scatter + sheet.rtp_free_spins == pytest.approx(
        sheet.rtp, abs=1e-12
    )
    assert sheet.rtp - sheet.rtp_uncapped == pytest.approx(sheet.cap_effect, abs=1e-15)
    assert sheet.cap_effect < 0  # the cap costs something at every line count
    assert sheet.neglected_mass < 1e-12


def test_uncapped_rtp_is_the_same_on_every_line_count(sheets: dict[int, ParSheet]) -> None:
    values = [s.rtp_uncapped for s in sheets.values()]
    assert max(values) - min(values) < 1e-12
    # the cap costs most when one line can reach it alone
    assert sheets[1].cap_effect < sheets[9].cap_effect


def test_published_shape_of_the_game(sheets: dict[int, ParSheet]) -> None:
    sheet = sheets[9]
    assert abs(sheet.hit_frequency - 0.269) <= 0.01, sheet.hit_frequency
    assert 150 <= sheet.feature_one_in <= 250, sheet.feature_one_in
    assert 10 < sheet.spins_per_feature < 11
    assert sheet.sd > 5  # high volatility
    assert sheet.vi_95 == pytest.approx(1.959963984540054 * sheet.sd)
    assert 0 < sheet.cap_probability < 1e-6
    witch5 = next(o for o in sheet.symbols if (o.symbol, o.count) == ("WITCH", 5))
    assert witch5.one_in > 1e6  # the top line award is rare


def test_split_and_tables_add_up(sheets: dict[int, ParSheet]) -> None:
    for sheet in sheets.values():
        assert sum(b.probability for b in sheet.win_bands) == pytest.approx(1.0, abs=1e-12)
        assert sum(b.rtp for b in sheet.win_bands) == pytest.approx(sheet.rtp, abs=1e-12)
        assert 1 - sheet.win_bands[0].probability == pytest.approx(sheet.hit_frequency, abs=1e-12)
        base_loss = sheet.rtp_base_lines_uncapped - sheet.rtp_base_lines  # the base spin's
        assert -1e-12 <= base_loss <= -sheet.cap_effect + 1e-12  # part of the cap's effect
        assert check_sheet(sheet) == []


# --- every advertised award can happen -----------------------------------------------


def _stop(
    strip: Sequence[str], want: str | None = None, row: int = 1, avoid: Sequence[str] = ()
) -> int:
    """A stop showing ``want`` at ``row`` (or anything not in ``avoid`` there)."""
    n = len(strip)
    for stop in range(n):
        s = strip[(stop + row) % n]
        if (want is None or s == want) and s not in avoid:
            return stop
    raise AssertionError(f"no stop shows {want} at row {row}")


def _window_stop(strip: Sequence[str], symbol: str, present: bool) -> int:
    n = len(strip)
    for stop in range(n):
        if (symbol in {strip[(stop + r) % n] for r in range(3)}) is present:
            return stop
    raise AssertionError(f"no stop {'shows' if present else 'hides'} {symbol}")


def _spin(game: GameDefinition, free: bool, stops: Sequence[int], lines: int) -> Evaluation:
    strips = game.reel_sets["free" if free else "base"]
    return evaluate(game, window_at(strips, stops, game.rows), lines, 1)


def _expansion(stops: Sequence[int], lines: int, special: str) -> Expansion | None:
    window = window_at(GAME.reel_sets["free"], stops, GAME.rows)
    return expand(GAME, window, special, lines, 1)


def _line_award(symbol: str, count: int) -> Evaluation:
    strips = GAME.base_reels
    stops = []
    for reel, strip in enumerate(strips):
        if reel < count:
            stops.append(_stop(strip, symbol))
        elif reel == count:
            breaker = "TEN" if symbol == "BOOK" else None
            stops.append(_stop(strip, breaker, avoid=(symbol, "BOOK")))
        else:
            stops.append(_stop(strip, avoid=("BOOK", "TEN", symbol)))
    return _spin(GAME, False, stops, 1)


AWARDS = [(s, c) for s in GAME.paytable for c in GAME.paytable[s] if GAME.paytable[s][c]]
AWARDS += [("BOOK", c) for c in GAME.paytable[GAME.wild_only_pays_as or "WITCH"] if c >= 2]


@pytest.mark.parametrize(("symbol", "count"), AWARDS)
def test_every_line_award_is_reachable_in_the_base_game(symbol: str, count: int) -> None:
    ev = _line_award(symbol, count)
    assert len(ev.line_wins) == 1
    win = ev.line_wins[0]
    paid_as = GAME.wild_only_pays_as if symbol == "BOOK" else symbol
    assert (win.symbol, win.count, win.multiplier) == (
        symbol,
        count,
        GAME.line_pay(str(paid_as), count),
    )


@pytest.mark.parametrize("count", [3, 4, 5])
def test_every_scatter_award_is_reachable(count: int) -> None:
    stops = [
        _window_stop(strip, "BOOK", reel < count) for reel, strip in enumerate(GAME.base_reels)
    ]
    ev = _spin(GAME, False, stops, 9)
    assert ev.scatter_win is not None and ev.scatter_win.count == count
    assert ev.scatter_win.multiplier == GAME.scatter_pays[count]
    assert FREE_SPINS.awarded_by(ev.scatter_count, retrigger=False) == FREE_SPINS.award == 10


def test_retrigger_is_reachable() -> None:
    strips = GAME.reel_sets["free"]
    stops = [_window_stop(strip, "BOOK", reel < 3) for reel, strip in enumerate(strips)]
    ev = _spin(GAME, True, stops, 9)
    assert FREE_SPINS.awarded_by(ev.scatter_count, retrigger=True) == FREE_SPINS.retrigger == 10


@pytest.mark.parametrize("special", SPECIALS)
def test_every_expansion_is_reachable(special: str) -> None:
    strips = GAME.reel_sets["free"]
    for k, mult in GAME.paytable[special].items():
        if not mult:
            continue
        stops = [_window_stop(strip, special, reel < k) for reel, strip in enumerate(strips)]
        expansion = _expansion(stops, 9, special)
        assert expansion is not None and expansion.reels == tuple(range(k))
        assert [w.multiplier for w in expansion.wins] == [mult] * 9


# --- the command ---------------------------------------------------------------------


def test_par_json_has_the_design_keys(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["par", "book-of-spells", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    for key in DESIGN_KEYS:
        assert isinstance(data[key], float), key
    for key in DESIGN_KEYS[:-1]:
        assert 0 < data[key] < 1, key
    assert data["lines"] == 9
    assert data["rtp_base_lines"] + data["rtp_scatter"] + data["rtp_free_spins"] == (
        pytest.approx(data["rtp"], abs=1e-12)
    )
    assert data["feature_frequency"] == pytest.approx(1 / data["feature_one_in"])
    assert {row["symbol"] for row in data["specials"]} == set(SPECIALS)
    assert [row["rounds"] for row in data["confidence"]] == [10**k for k in range(3, 8)]


def test_par_lines_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["par", "book-of-spells", "--lines", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["lines"] == 1
    assert 0.96125 <= data["rtp"] <= 0.96135


def test_par_tables_for_people(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["par", "book-of-spells", "--lines", "5"]) == 0
    out = capsys.readouterr().out
    assert "5 lines" in out and "96.131" in out and "1 in 212.6" in out
    assert "WITCH" in out and "cap" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["par", "book-of-spells", "--lines", "10"],
        ["par", "book-of-spells", "--lines", "0"],
        ["par", "book-of-spells", "--lines", "many"],
        ["par", "no-such-game"],
    ],
)
def test_par_bad_input_is_one_line_and_exit_2(argv: list[str]) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "slotterm", *argv], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith("slotterm")


def test_top_award_figures(sheets: dict[int, ParSheet]) -> None:
    sheet = sheets[9]
    assert sheet.cap_one_in == pytest.approx(1 / sheet.cap_probability)
    expected = 1 - (1 - sheet.cap_probability) ** 10**8
    assert sheet.top_award_in_1e8_rounds == pytest.approx(expected, rel=1e-9)
    assert math.isfinite(sheet.cap_one_in)


def test_every_table_title_of_the_people_output_fits_one_line_at_80_columns(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    titles = {
        ("par", "book-of-spells"): [
            "RTP split (fractions of the total bet)",
            "Free spins by special symbol (before the cap)",
            "Base game line wins (per line)",
            "Round wins by size (× total bet, with the cap)",
            "Where the RTP of N rounds lands (RTP ± VI/√N)",
        ],
        ("game-def", "book-of-spells"): [
            "Symbols and line pays (× bet per line)",
            "Lines (row per reel, 0 = top)",
            "Base reel strips: symbol counts per reel",
        ],
    }
    for argv, expected in titles.items():
        assert main(list(argv)) == 0
        out = capsys.readouterr().out
        lines = [line.strip() for line in out.splitlines()]
        assert max(len(line) for line in out.splitlines()) <= 80
        for title in expected:
            assert title in lines, (argv, title)
