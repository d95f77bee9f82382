"""One PAR model (issue 21): every RTP part is a pair that adds up, for every shipped game at
every line count and under every pick policy (:mod:`tests.analysis.rtp_pairs`)."""

from __future__ import annotations

import json

import pytest

from slotterm import __version__
from slotterm.analysis.par import compute_par
from slotterm.analysis.sheet import SCHEMA
from slotterm.games import game_ids, get_game

from .rtp_pairs import check_sheet


def _cases() -> list[tuple[str, str]]:
    cases = []
    for game_id in game_ids():
        game = get_game(game_id)
        choices = any(getattr(f, "games", None) for f in game.features)
        for policy in ("best", "keep-first", "worst") if choices else ("best",):
            cases.append((game_id, policy))
    return cases


@pytest.mark.parametrize(("game_id", "policy"), _cases())
def test_every_part_is_a_pair_that_adds_up(game_id: str, policy: str) -> None:
    game = get_game(game_id)
    problems = []
    for lines in range(1, len(game.lines) + 1):
        problems += check_sheet(compute_par(game, lines, policy))
    assert problems == []


def test_the_sheet_says_its_schema_and_version_first() -> None:
    data = compute_par(get_game("book-of-spells"), 1).to_json()
    assert list(data)[:2] == ["schema", "version"]
    assert (data["schema"], data["version"]) == (SCHEMA, __version__)


def test_no_cap_effect_where_no_round_reaches_the_cap() -> None:
    """Lucky Witch at one line: the cap is 12,500x the total bet, which no base spin reaches
    and a feature reaches with a probability below float's reach (the tail's rounding,
    about 4e-16, once put the capped RTP 5.5e-12 above the uncapped one): the capped
    figures are the game's own to the last bit."""
    sheet = compute_par(get_game("lucky-witch"), 1)
    assert sheet.cap_probability < 1e-14
    assert sheet.cap_effect == 0.0
    assert sheet.rtp == sheet.rtp_uncapped
    assert sheet.rtp_base_lines == sheet.rtp_base_lines_uncapped
    assert sheet.rtp_free_spins == sheet.rtp_free_spins_uncapped
    assert sheet.sd == sheet.sd_uncapped


def test_where_the_cap_binds_it_lowers_the_capped_side_only() -> None:
    sheet = compute_par(get_game("lucky-witch"))
    assert sheet.cap_effect < 0
    assert sheet.rtp_base_lines < sheet.rtp_base_lines_uncapped
    assert sheet.rtp_free_spins < sheet.rtp_free_spins_uncapped
    assert sheet.rtp_scatter <= sheet.rtp_scatter_uncapped
    assert sheet.sd < sheet.sd_uncapped


def test_par_policy_gives_the_capped_sheet_of_that_policy(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``par --policy worst`` is the sheet under worst play: its game's own RTP is the best
    sheet's ``rtp_worst_uncapped``, and it has the capped figure beside it."""
    from slotterm.cli import main

    assert main(["par", "lucky-witch", "--json", "--lines", "3"]) == 0
    best = json.loads(capsys.readouterr().out)
    assert main(["par", "lucky-witch", "--json", "--lines", "3", "--policy", "worst"]) == 0
    worst = json.loads(capsys.readouterr().out)
    assert worst["policy"] == "worst"
    assert worst["rtp_uncapped"] == pytest.approx(best["rtp_worst_uncapped"], abs=1e-12)
    assert worst["rtp"] <= worst["rtp_uncapped"] < best["rtp_uncapped"]


def test_par_refuses_a_policy_it_cannot_compute(capsys: pytest.CaptureFixture[str]) -> None:
    from slotterm.cli import main

    assert main(["par", "lucky-witch", "--policy", "random"]) == 2
    err = capsys.readouterr().err
    assert "must be one of best, keep-first, worst" in err and "Traceback" not in err


@pytest.mark.parametrize("game_id", game_ids())
def test_the_win_tail_is_the_exact_law_read_from_the_top(game_id: str) -> None:
    """``win_tail``: P(round win >= x total bets) at 0.1, 0.2, 0.5, 1... and the cap, from
    the round's exact law (recomputed here by brute summing), falling with x."""
    from slotterm.analysis.exact import analyse_round

    game = get_game(game_id)
    lines = 3
    sheet = compute_par(game, lines)
    law = analyse_round(game, lines).below_cap
    cap_p = sheet.cap_probability
    xs = [t.x for t in sheet.win_tail]
    assert xs[:4] == [0.1, 0.2, 0.5, 1.0] and xs[-1] == sheet.cap_x_total_bet
    for point in sheet.win_tail[:-1]:
        least = next(k for k in range(len(law)) if k / lines >= point.x - 1e-12)
        expected = float(law[least:].sum()) + cap_p
        assert point.probability == pytest.approx(expected, rel=1e-9, abs=1e-15), point
    probabilities = [t.probability for t in sheet.win_tail]
    assert probabilities == sorted(probabilities, reverse=True)
    assert probabilities[0] <= sheet.hit_frequency + 1e-12
