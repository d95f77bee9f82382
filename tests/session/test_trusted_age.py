"""The 90-day settlement trusts a round's age only when the save's clock readings agree
(issue 23, defect 4): a wrong wall clock never settles a round for the player.

The age is the time since the round's last step was saved; a round whose start is in
the future of that step, or whose clock moved backwards (earlier rounds closed after it
started, or now before the last step), resumes instead, and the event log says why.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from slotterm.engine import policy
from slotterm.engine.actions import Spin
from slotterm.engine.records import Phase
from slotterm.session.game_session import GameSession, RoundTimes
from slotterm.session.log_check import read_log
from slotterm.session.opening import OpenedSession, open_session, session_folder
from slotterm.session.round_age import round_age
from slotterm.session.settings import default_settings
from tests.session.helpers import WITCH, Clock

TRUE_NOW = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)
YEAR = timedelta(days=365)
SEED = 21


def _open(root: Path, clock: Clock) -> OpenedSession:
    return open_session(
        WITCH, default_settings(WITCH), root=root, seed=SEED, clock=clock, state_root=root / "s"
    )


def _best(session: GameSession) -> None:
    action = policy.next_action(WITCH, session.state, "best")
    assert action is not None
    session.act(action)


def _play_rounds(session: GameSession, rounds: int) -> None:
    for _ in range(rounds):
        session.act(Spin(bet=session.bet, limits=session.limits))
        while session.open_round is not None:
            _best(session)


def _pumpkin(session: GameSession) -> None:
    """Spin into a Pumpkin game and open the bonus (the pumpkins waiting to be opened)."""
    session.act(Spin(bet=session.bet, force="mystery_bonus:pumpkin", limits=session.limits))
    while session.open_round is not None and session.open_round.frames[-1].feature != "pumpkin":
        _best(session)
    assert session.phase is Phase.FEATURE


def _events(root: Path) -> list[str]:
    return [e.event for e in read_log(session_folder(root, WITCH.id, SEED)).entries]


def test_a_round_started_with_the_clock_a_year_behind_is_not_settled_minutes_later(
    tmp_path: Path,
) -> None:
    """The issue's case: rounds played at the true time, then the clock a year behind for
    a Pumpkin round's start; five minutes after the player left it resumes, untouched."""
    clock = Clock(TRUE_NOW - timedelta(minutes=20))
    opened = _open(tmp_path, clock)
    session = opened.session
    _play_rounds(session, 2)
    clock.now -= YEAR  # the wall clock goes a year behind
    _pumpkin(session)
    state = session.state
    opened.close()

    later = _open(tmp_path, Clock(TRUE_NOW + timedelta(minutes=5)))
    assert later.session.state == state, "the round was settled for the player"
    assert later.session.phase is Phase.FEATURE
    assert "settled" not in (later.session.load_notice or "")
    later.close()
    assert "settlement_refused" in _events(tmp_path) and "settled" not in _events(tmp_path)


def test_a_start_in_the_future_of_the_last_save_never_settles(tmp_path: Path) -> None:
    """The spin saved with the clock a year ahead, the next step with the right clock:
    opened long after either, the round resumes."""
    clock = Clock(TRUE_NOW + YEAR)
    opened = _open(tmp_path, clock)
    session = opened.session
    _pumpkin(session)
    clock.now = TRUE_NOW  # put right
    _best(session)  # a pumpkin opened: the last step saved, before the round's "start"
    state = session.state
    opened.close()

    later = _open(tmp_path, Clock(TRUE_NOW + YEAR + timedelta(days=91)))
    assert later.session.state == state
    later.close()
    assert "settlement_refused" in _events(tmp_path)


def test_a_round_left_more_than_90_days_by_agreeing_clocks_is_settled_and_logged(
    tmp_path: Path,
) -> None:
    clock = Clock(TRUE_NOW)
    opened = _open(tmp_path, clock)
    _play_rounds(opened.session, 1)
    _pumpkin(opened.session)
    number = opened.session.open_round.number  # type: ignore[union-attr]
    opened.close()

    later = _open(tmp_path, Clock(TRUE_NOW + timedelta(days=91)))
    assert later.session.phase is Phase.IDLE
    assert f"Round {number}" in (later.session.load_notice or "")
    later.close()
    events = read_log(session_folder(tmp_path, WITCH.id, SEED)).entries
    settled = [e for e in events if e.event == "settled"]
    assert len(settled) == 1 and settled[0].detail["round"] == number
    assert settled[0].detail["picks"] is True


def test_the_age_is_untrusted_when_now_is_before_the_last_step() -> None:
    start = TRUE_NOW
    times = {1: RoundTimes(started_at=start)}
    age = round_age(1, times, last_activity=start, session_started=start, now=start - YEAR)
    assert age is not None and age.problem is not None and not age.overdue(start - YEAR)
    sane = round_age(1, times, last_activity=start, session_started=start, now=start + YEAR)
    assert sane is not None and sane.problem is None and sane.overdue(start + YEAR)
    # measured from the last step, not the start
    late = round_age(
        1,
        times,
        last_activity=start + timedelta(days=80),
        session_started=start,
        now=start + timedelta(days=100),
    )
    assert (
        late is not None and late.problem is None and not late.overdue(start + timedelta(days=100))
    )
