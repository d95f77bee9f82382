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
    "magic-book-chosen": Phase.FREE_SPINS,
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


def test_a_chosen_special_symbol_is_kept_on_resume(tmp_path: Path) -> None:
    """Killed during the Magic Book animation: the drawn symbol is shown again, not redrawn."""
    root = tmp_path / "chosen"
    shutil.copytree(SAVES / "magic-book-chosen", root)
    specials = []
    for _ in range(2):  # resumed twice: the secure source would draw anew if it could
        opened = open_session(GAME, default_settings(GAME), root=root, clock=Clock(NOW))
        round_ = opened.session.open_round
        assert opened.session.phase is Phase.FREE_SPINS
        assert round_ is not None and round_.special is not None and not round_.free_spins
        specials.append(round_.special)
        opened.close()
    opened = open_session(GAME, default_settings(GAME), root=root, clock=Clock(NOW))
    session = opened.session
    session.act(next_action(session))  # the first free spin plays with that symbol
    round_ = session.open_round
    assert round_ is not None and len(round_.free_spins) == 1
    assert round_.special == specials[0] == specials[1]
    opened.close()
