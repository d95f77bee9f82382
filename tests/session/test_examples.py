"""The example saves in ``saves/``: each loads from a copy and plays to the end of its round."""

from __future__ import annotations

import shutil
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from slotterm.engine.round import Phase
from slotterm.session.opening import open_session
from slotterm.session.settings import default_settings
from tests.session.helpers import GAME, Clock
from tests.session.policy import next_action

SAVES = Path(__file__).resolve().parents[2] / "saves"
NOW = datetime(2026, 1, 2, 9, 0, tzinfo=UTC)
EXPECTED = {
    "collect-offered": Phase.WIN_OFFERED,
    "magic-book-choosing": Phase.FEATURE_AWARDED,
    "mid-free-spins": Phase.FREE_SPINS,
    "mid-gamble": Phase.GAMBLE,
    "autoplay-running": Phase.WIN_OFFERED,
    "pending-over-90-days": Phase.IDLE,
    "format-v1-collect-offered": Phase.WIN_OFFERED,
}


def test_every_example_is_listed() -> None:
    folders = {p.name for p in SAVES.iterdir() if p.is_dir() and not p.name.startswith("_")}
    assert folders == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example_loads_and_resumes_to_the_end(tmp_path: Path, name: str) -> None:
    root = tmp_path / name
    shutil.copytree(SAVES / name, root)
    original = {p: p.read_bytes() for p in (SAVES / name).rglob("*.save")}
    opened = open_session(
        GAME, default_settings(GAME), root=root, clock=Clock(NOW, timedelta(seconds=3))
    )
    session = opened.session
    assert session.phase is EXPECTED[name]
    if name == "pending-over-90-days":
        assert "collected automatically" in (session.load_notice or "")
    else:
        assert session.load_notice is None
        assert session.open_round is not None
    ledger = session.ledger
    assert session.money_in_play() == (
        session.start_credits + ledger.topped_up + ledger.total_won - ledger.total_bet
    )
    open_round = session.open_round
    before = session.history[-1].number if session.history else 0
    steps = 0
    while session.phase is not Phase.IDLE:
        session.act(next_action(session))
        steps += 1
    ledger = session.ledger
    assert session.state.credits == (
        session.start_credits + ledger.topped_up + ledger.total_won - ledger.total_bet
    )
    closed = session.history[-1]
    assert closed.credits_before - closed.bet.total + closed.paid == session.state.credits
    if open_round is not None:
        assert closed.number == open_round.number > before
        assert closed.base == open_round.base
        assert open_round.special in (None, closed.special)
        assert closed.free_spins[: len(open_round.free_spins)] == open_round.free_spins
        assert closed.gamble[: len(open_round.gamble)] == open_round.gamble
    opened.close()
    assert {p: p.read_bytes() for p in (SAVES / name).rglob("*.save")} == original
