"""A feature with no exact law: ``par`` says so in one line (exit 2), ``simulate`` still works.

The toy feature is defined here and nowhere else: a lucky ``SEVEN`` anywhere on reel 1
starts it, and its one step pays 3 × the total bet.  Nothing in ``slotterm.analysis``
knows it; the simulation counts it with the default hooks (its pay goes to the bonus
source of the RTP split).
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

import pytest

from slotterm.analysis.features.contract import NoExactLaw
from slotterm.analysis.par import compute_par
from slotterm.analysis.simulate import simulate
from slotterm.cli import main
from slotterm.commands import par as par_command
from slotterm.commands import simulate as simulate_command
from slotterm.engine.actions import FeatureAction
from slotterm.engine.feature import Feature, FeatureContext, FeatureStep, Triggered
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import SpinResult
from slotterm.engine.symbols import Symbol, SymbolKind
from slotterm.rng import RandomSource


@dataclass(frozen=True, slots=True)
class TakeSeven(FeatureAction):
    """Take the toy's prize."""

    name = "take_seven"


class SevenRecord(NamedTuple):
    """What the toy paid (``None`` until taken)."""

    paid: int | None


class LuckySeven(Feature):
    """A SEVEN on reel 1 pays 3 × the total bet (a toy: no law anywhere)."""

    name = "lucky_seven"
    actions: ClassVar[Mapping[str, type[FeatureAction]]] = {TakeSeven.name: TakeSeven}

    def trigger(self, ctx: FeatureContext, spin: SpinResult) -> Triggered | None:
        """SEVEN anywhere on reel 1."""
        return Triggered(SevenRecord(None)) if "SEVEN" in spin.window[0] else None

    def refusal(self, ctx: FeatureContext, record: Any, action: FeatureAction) -> str | None:
        """Take it once."""
        return None if record.paid is None else "already taken"

    def step(
        self, ctx: FeatureContext, record: Any, action: FeatureAction, rng: RandomSource
    ) -> FeatureStep:
        """Pay 3 × the total bet (no more than the room left)."""
        win = min(3 * ctx.bet.total, ctx.room)
        return FeatureStep(record=SevenRecord(win), events=(), win=win)

    def finished(self, record: Any) -> bool:
        """Taken."""
        return record.paid is not None

    def pay(self, record: Any) -> int:
        """What it paid."""
        return record.paid or 0

    def next_action(
        self, ctx: FeatureContext, record: Any, policy: str, chooser: RandomSource | None = None
    ) -> FeatureAction:
        """Take it."""
        return TakeSeven()


TOY = GameDefinition(
    id="toy-sevens",
    name="Toy sevens",
    reels=3,
    rows=1,
    symbols=(Symbol("SEVEN", SymbolKind.BONUS, "Seven"), Symbol("A", SymbolKind.REGULAR, "A")),
    paytable={"A": {3: 2}},
    scatter_pays={},
    lines=((0, 0, 0),),
    base_reels=(("SEVEN", "A", "A", "A"), ("A",), ("A", "A")),
    max_win_x_total_bet=100,
    wild_only_pays_as=None,
    bet_per_line_steps=(10,),
    published_rtp=0.9,
    features=(LuckySeven(),),
)
"""Reel 1 shows SEVEN on 1 stop in 4 (paying 3 × bet, no line win) and A on the others (2 ×)."""


def test_par_refuses_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(NoExactLaw, match="'lucky_seven' has no exact law"):
        compute_par(TOY)
    monkeypatch.setattr(par_command, "get_game", lambda _: TOY)
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        assert main(["par", "book-of-spells"])  # the game looked up is the toy == 2
    message = err.getvalue()
    assert message.count("\n") == 1 and "lucky_seven" in message and "no exact" in message


def test_simulate_still_plays_and_counts_it() -> None:
    result = simulate(TOY, 4_000, seed=11)
    # exactly: 1/4 x 3 (the toy) + 3/4 x 2 (three As) = 2.25 x the total bet, no spread
    # beyond the two outcomes, so the run is near it; the toy's pay is the bonus source
    assert result.frames_of("lucky_seven") == result.started_by_base_spin("lucky_seven") > 800
    split = result.rtp_by_source()
    assert split["bonus"] == pytest.approx(3 * result.frames_of("lucky_seven") / 4_000)
    assert split["base_lines"] + split["bonus"] == pytest.approx(result.rtp)
    assert result.feature_frequency == 0.0  # no free spins


def test_simulate_command_reports_without_an_exact_rtp(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    monkeypatch.setattr(simulate_command, "get_game", lambda _: TOY)
    args = ["simulate", "book-of-spells", "--spins", "2000", "--seed", "3", "--workers", "1"]
    assert main([*args, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["exact_rtp"] is None and "lucky_seven" in report["exact_note"]
    assert report["rtp_bonus"] > 0 and "policy" not in report
    # every figure is measured, none compared: there is no sheet
    figures = report["figures"]
    assert figures["rtp_bonus"]["estimate"] == pytest.approx(report["rtp_bonus"])
    assert all(f["par"] is None and f["z"] is None for f in figures.values())
    assert figures["rtp"]["ci99"] is not None
    assert main(args) == 0
    assert "exact RTP" in capsys.readouterr().out
