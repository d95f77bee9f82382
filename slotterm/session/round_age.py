"""How long a round has been left, measured only when the save's clock readings agree.

A round left unfinished for more than :data:`PENDING_LIMIT` is settled on opening
(:func:`slotterm.session.opening.collect_if_pending`).  Its age is the time since the
player left it -- the last step saved (``stats.last_activity``, written with every step) --
and it is trusted only when the times the save holds run forwards: every earlier round
closed, and the session started, no later than this round started; the round started no
later than its last step; that step is not later than now.  A start in the future of the
last save, or a clock that moved backwards (while playing, or since), makes the age
untrustworthy: the round is never settled then, it resumes for the player to finish
(and the event log says why).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta

from slotterm.session.game_session import RoundTimes

PENDING_LIMIT = timedelta(days=90)
"""A round left unfinished longer than this is settled on opening."""


@dataclass(frozen=True, slots=True)
class RoundAge:
    """When the open round started, when it was left, and why that cannot be trusted."""

    started_at: datetime
    left_at: datetime
    """The last step saved (the round's start when the save does not say)."""
    problem: str | None
    """Why the clock readings cannot be trusted (``None``: they agree)."""

    def overdue(self, now: datetime) -> bool:
        """True when the round was left longer than :data:`PENDING_LIMIT`, by times that
        agree: it is to be settled."""
        return self.problem is None and now - self.left_at > PENDING_LIMIT

    def seems_overdue(self, now: datetime) -> bool:
        """True when some reading says the round is older than :data:`PENDING_LIMIT`
        (trusted or not): an untrusted one is logged as a settlement refused."""
        return now - min(self.started_at, self.left_at) > PENDING_LIMIT


def round_age(
    number: int,
    round_times: Mapping[int, RoundTimes],
    *,
    last_activity: datetime | None,
    session_started: datetime,
    now: datetime,
) -> RoundAge | None:
    """The age of open round ``number`` (``None`` when the save has no times for it)."""
    times = round_times.get(number)
    if times is None:
        return None
    started = times.started_at
    left = last_activity if last_activity is not None else started
    earlier = [t.closed_at for n, t in round_times.items() if n != number and t.closed_at]
    problem = None
    if started > left:
        problem = "the round started after the last step saved"
    elif session_started > started or any(closed > started for closed in earlier):
        problem = "the clock moved backwards while the session was played"
    elif left > now:
        problem = "the clock is behind the last step saved (it moved backwards)"
    return RoundAge(started_at=started, left_at=left, problem=problem)
