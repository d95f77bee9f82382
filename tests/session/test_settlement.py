"""Settling a round on the next start (DESIGN.md §5).

* A win waiting for Collect when the game was closed is credited at once on the next start,
  and the player is told (rules: "properly credited").  A gamble or a feature resumes.
* A round left unfinished for more than 90 days is settled: a waiting win collected, a
  feature played to its end by the engine's policy (no gamble) and credited.  The example
  saves' README says what happens to each folder.
"""

from __future__ import annotations

import re
import shutil
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from slotterm.engine.records import Phase
from slotterm.money import format_cents
from slotterm.session.game_session import GameSession
from slotterm.session.opening import open_session
from slotterm.session.settings import default_settings
from tests.session.helpers import GAME, START, WITCH, Clock, open_seeded
from tests.session.policy import next_action

SAVES = Path(__file__).resolve().parents[2] / "saves"
EXAMPLES = sorted(p.name for p in SAVES.iterdir() if p.is_dir() and not p.name.startswith("_"))
LATE = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)
"""More than 90 days after every example's own date (1 January 2026, June 2025)."""
PICKING = ("bonus", "pick", "pumpkin", "spell-book", "vault")
"""Words in the names of the examples that stand in (or just before) a pick game."""


def _play_until(session: GameSession, phase: Phase, *, feature: bool = False) -> None:
    """Act by the test policy until ``phase`` (with ``feature``: in a round with a feature)."""
    for _ in range(2_000):
        round_ = session.open_round
        if session.phase is phase and (not feature or (round_ is not None and round_.frames)):
            return
        session.act(next_action(session))
    raise AssertionError(f"never reached {phase}")


def _money_adds_up(session: GameSession) -> bool:
    ledger = session.ledger
    return session.money_in_play() == (
        session.start_credits + ledger.topped_up + ledger.total_won - ledger.total_bet
    )


@pytest.mark.parametrize("feature", [False, True], ids=["base-game win", "after free spins"])
def test_a_win_waiting_for_collect_is_credited_on_the_next_start(
    tmp_path: Path, feature: bool
) -> None:
    opened = open_seeded(tmp_path, clock=Clock(START))
    session = opened.session
    _play_until(session, Phase.WIN_OFFERED, feature=feature)
    round_ = session.open_round
    assert round_ is not None
    expected = session.state.credits + round_.win
    opened.close()

    later = open_seeded(tmp_path, clock=Clock(START + timedelta(minutes=5)))
    resumed = later.session
    assert resumed.phase is Phase.IDLE and resumed.open_round is None
    assert resumed.state.credits == expected
    closed = resumed.history[-1]
    assert closed.number == round_.number and closed.paid == round_.win and not closed.gamble
    notice = resumed.load_notice or ""
    assert "credited" in notice and format_cents(round_.win) in notice
    assert f"round {round_.number}" in notice.lower()
    assert _money_adds_up(resumed)
    later.close()
    # the credit itself was saved: a third start finds nothing to credit or say
    again = open_seeded(tmp_path, clock=Clock(START + timedelta(minutes=9))).session
    assert again.state == resumed.state and again.load_notice is None


def test_a_gamble_or_a_feature_resumes_where_it_was(tmp_path: Path) -> None:
    opened = open_seeded(tmp_path, clock=Clock(START))
    session = opened.session
    _play_until(session, Phase.GAMBLE)
    state = session.state
    opened.close()
    resumed = open_seeded(tmp_path, clock=Clock(START + timedelta(minutes=5)))
    assert resumed.session.state == state and resumed.session.load_notice is None
    session = resumed.session
    _play_until(session, Phase.FEATURE)
    state = session.state
    resumed.close()
    again = open_seeded(tmp_path, clock=Clock(START + timedelta(minutes=9))).session
    assert again.state == state and again.load_notice is None


def test_a_demo_has_nothing_to_credit() -> None:
    opened = open_session(GAME, default_settings(GAME), root=None, seed=4, demo=True)
    assert opened.session.phase is Phase.IDLE and opened.session.load_notice is None


def _example(tmp_path: Path, name: str, now: datetime) -> GameSession:
    root = tmp_path / name
    shutil.copytree(SAVES / name, root)
    game = WITCH if name.startswith("lucky-witch-") else GAME
    clock = Clock(now, timedelta(seconds=3))
    return open_session(game, default_settings(game), root=root, clock=clock).session


def _feature_state(name: str) -> bool:
    """Whether the example stands inside a feature (opened at its own date)."""
    import tempfile

    year, month = (2025, 6) if "pending-over-90-days" in name else (2026, 1)
    with tempfile.TemporaryDirectory() as where:
        own_date = datetime(year, month, 1, 9, 30, tzinfo=UTC)
        return _example(Path(where), name, own_date).phase is Phase.FEATURE


@pytest.mark.parametrize("name", EXAMPLES)
def test_every_example_opened_after_90_days_is_settled_and_said(tmp_path: Path, name: str) -> None:
    """Waiting wins collected; features played to their end with no gamble, credited."""
    session = _example(tmp_path, name, LATE)
    assert session.phase is Phase.IDLE and session.open_round is None
    closed = session.history[-1]
    assert all(frame.done for frame in closed.frames)
    notice = session.load_notice or ""
    assert format_cents(closed.paid) in notice and f"Round {closed.number}" in notice
    if _feature_state(name):
        assert "played to the end" in notice and not closed.gamble
        game = WITCH if name.startswith("lucky-witch-") else GAME
        assert ("gamble" in notice) == game.gamble  # Lucky Witch has none to speak of
        if any(word in name for word in PICKING):
            assert "picks that pay best" in notice
    else:
        assert "collected automatically" in notice
    assert re.search(r"started \d{1,2} [A-Z][a-z]{2} 20\d\d, ", notice), notice
    assert _money_adds_up(session)


def _readme_rows() -> dict[str, str]:
    """The README's table: each folder named in a row, with the row's whole text."""
    rows: dict[str, str] = {}
    for line in (SAVES / "README.md").read_text(encoding="utf-8").splitlines():
        if not line.startswith("| `"):
            continue
        for folder in re.findall(r"`([a-z0-9-]+)`", line.split("|")[1]):
            rows[folder] = line
    return rows


@pytest.mark.parametrize("name", EXAMPLES)
def test_the_readme_says_what_each_example_does_on_opening(name: str) -> None:
    """Each folder's row says what opening it later does: a waiting win credited (at once
    or after 90 days), a gamble or feature resumed, and after 90 days what is settled."""
    rows = _readme_rows()
    assert name in rows, f"{name} is not in saves/README.md's table"
    cells = [c.strip() for c in rows[name].strip("|").split("|")]
    assert len(cells) >= 4, "the table needs a column for opening after 90 days"
    opened_late = cells[-1].lower()
    if _feature_state(name):
        assert "played to the end" in opened_late and "credited" in opened_late
    else:
        assert "collected" in opened_late or "credited" in opened_late
