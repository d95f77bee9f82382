"""``simulate`` gives a 99 % interval only for enough rounds, never below zero (qa2
finding 24: 3 rounds printed ``-29.18 % … 66.22 %`` and called the exact RTP OUTSIDE)."""

from __future__ import annotations

import json
import re

import pytest

from slotterm.cli import main
from slotterm.commands.simulate import MIN_ROUNDS_FOR_INTERVAL
from tests.simulate_support import SIMULATE_KEYS

BOS = "book-of-spells"


def report(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    """The ``--json`` report of a one-worker run."""
    assert main(["simulate", BOS, "--workers", "1", "--json", *args]) == 0
    out: dict[str, object] = json.loads(capsys.readouterr().out)
    return out


def test_three_rounds_give_no_interval_and_no_verdict(capsys: pytest.CaptureFixture[str]) -> None:
    got = report(capsys, "--spins", "3", "--seed", "1")
    assert set(got) == SIMULATE_KEYS  # the same keys, the interval's null
    assert got["rtp_ci99"] is None and got["ci99_half_width"] is None
    assert got["exact_inside_ci99"] is None and got["exact_rtp"] is not None
    assert main(["simulate", BOS, "--spins", "3", "--seed", "1", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "too few rounds for an interval" in out
    assert "OUTSIDE" not in out and "inside" not in out
    assert not re.search(r"-\d", out), out


def test_the_interval_starts_at_the_threshold(capsys: pytest.CaptureFixture[str]) -> None:
    below = report(capsys, "--spins", str(MIN_ROUNDS_FOR_INTERVAL - 1), "--seed", "3")
    at = report(capsys, "--spins", str(MIN_ROUNDS_FOR_INTERVAL), "--seed", "3")
    assert below["rtp_ci99"] is None
    assert isinstance(at["rtp_ci99"], list) and isinstance(at["exact_inside_ci99"], bool)


def test_the_low_end_is_never_below_zero(capsys: pytest.CaptureFixture[str]) -> None:
    # seed 52: 1,000 rounds with one big win, RTP 224.9 % ± 396.0 % (found by a search)
    got = report(capsys, "--spins", "1000", "--seed", "52")
    rtp, half, interval = got["rtp"], got["ci99_half_width"], got["rtp_ci99"]
    assert isinstance(rtp, float) and isinstance(half, float) and isinstance(interval, list)
    assert rtp - half < 0, "the normal interval reaches below zero here"
    assert interval == [0.0, pytest.approx(rtp + half)]
    assert got["exact_inside_ci99"] is True  # 96.13 % lies in 0 … 621 %
    assert main(["simulate", BOS, "--spins", "1000", "--seed", "52", "--workers", "1"]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines() if "99 % interval" in line)
    assert "0.0000 % …" in row and not re.search(r"-\d", row), row
