"""``simulate`` reports each figure it measures against the PAR sheet (issue 21): under
``figures`` in ``--json`` and as a table in the printed report."""

from __future__ import annotations

import json
from typing import Any

import pytest

from slotterm.analysis.sim_vs_par import FIGURES
from slotterm.cli import main

BOS = "book-of-spells"
LW = "lucky-witch"
ENTRY = {"estimate", "se", "ci99", "par_key", "par", "z"}
BONUS = {"bonus_frequency", "bonus_one_in", "bonuses_per_round", "bonus_mean", "rtp_bonus"}


def report(capsys: pytest.CaptureFixture[str], game: str, *args: str) -> dict[str, Any]:
    """The ``--json`` report of a seeded one-worker run of 3,000 rounds."""
    argv = ["simulate", game, "--spins", "3000", "--seed", "8", "--workers", "1", "--json"]
    assert main([*argv, *args]) == 0
    out: dict[str, Any] = json.loads(capsys.readouterr().out)
    return out


def test_the_json_has_each_figure_with_its_interval_par_and_z(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bos, lw = report(capsys, BOS), report(capsys, LW)
    order = [figure.name for figure in FIGURES]
    for got in (bos, lw):
        figures = got["figures"]
        assert list(figures) == [name for name in order if name in figures]  # the table's order
        assert all(set(entry) == ENTRY for entry in figures.values())
        rtp = figures["rtp"]
        assert rtp["estimate"] == pytest.approx(got["rtp"])
        assert rtp["ci99"] == pytest.approx(got["rtp_ci99"])
        assert rtp["par"] == got["exact_rtp"]
        assert rtp["z"] == pytest.approx((got["rtp"] - got["exact_rtp"]) / rtp["se"])
    assert lw["figures"].keys() >= BONUS and not BONUS & bos["figures"].keys()
    # the run at the lowest coin bet plays without the sheet's cap; at every bet a cap in
    # total bets holds
    assert lw["figures"]["rtp"]["par_key"] == "rtp_uncapped"
    assert bos["figures"]["rtp"]["par_key"] == "rtp"
    top = report(capsys, LW, "--coins", "20", "--coin-size", "1.00")
    assert top["figures"]["rtp"]["par_key"] == "rtp"


def test_the_printed_report_has_the_table_under_the_run(
    capsys: pytest.CaptureFixture[str],
) -> None:
    figures = report(capsys, LW)["figures"]
    argv = ["simulate", LW, "--spins", "3000", "--seed", "8", "--workers", "1"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out.index("Simulation of") < out.index("Simulated against the PAR sheet")
    labels = {figure.name: figure.label.strip() for figure in FIGURES}
    for name in figures:
        assert labels[name] in out, name
    z = figures["hit_frequency"]["z"]
    row = [line for line in out.splitlines() if "hit frequency" in line][-1]  # the figures'
    assert f"{z:+.2f}" in row
