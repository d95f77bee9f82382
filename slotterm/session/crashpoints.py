"""A test hook: stop the process dead at a named point of the save sequence.

Set ``SLOTTERM_CRASH_POINT=<name>:<n>`` and the process calls ``os._exit`` the *n*-th
time (1-based) it reaches the point ``<name>`` — as if the power had been cut there.
``<name>`` is one of :data:`POINTS`, or ``*`` to count every point.  A save writes two
mirrored copies, so it passes every point twice, first for the copy written first, then for
its twin: ``after-replace:1`` stops after the first copy's replace of the process's first
save, ``after-replace:2`` after the twin's; ``log-mid-write:1`` cuts the first event log
line written in half (:data:`LOG_POINTS`).  The kill-campaign test uses it to crash between
each write, fsync and replace step of both copies.  Without the variable nothing happens.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping

ENV_VAR = "SLOTTERM_CRASH_POINT"
CRASH_EXIT_STATUS = 86

POINTS = (
    "before-write",
    "mid-write",
    "after-write",
    "after-fsync",
    "after-replace",
    "after-dir-fsync",
)
"""Every crash point, in the order the write of one copy passes them (twice per save)."""
LOG_POINTS = ("log-before-write", "log-mid-write", "log-after-write")
"""The crash points of an append to the event log (:mod:`slotterm.session.event_log`),
counted apart from the save's (``*`` counts only the save's)."""


class CrashPlan:
    """Counts arrivals at crash points and exits at the planned one."""

    def __init__(self, name: str | None = None, nth: int = 0) -> None:
        self.name = name
        self.nth = nth
        self._seen = 0

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> CrashPlan:
        """The plan in ``SLOTTERM_CRASH_POINT`` (none when unset or malformed)."""
        text = (os.environ if env is None else env).get(ENV_VAR, "")
        name, _, count = text.partition(":")
        known = name in POINTS or name in LOG_POINTS or name == "*"
        if known and count.isdigit() and int(count) > 0:
            return cls(name, int(count))
        return cls()

    def reached(self, point: str) -> None:
        """Call at each point; exits the process when it is the planned arrival."""
        if self.name is None or self.name not in (point, "*"):
            return
        self._seen += 1
        if self._seen == self.nth:
            sys.stdout.flush()
            os._exit(CRASH_EXIT_STATUS)
