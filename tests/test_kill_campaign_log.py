"""Kill campaign for the event log: the process dies while a log line is written.

A Lucky Witch session (every round forced, so every round's spin is logged as ``forced``)
is played by the headless driver as a chain of processes, each one stopped dead by
``SLOTTERM_CRASH_POINT`` at one of the log's crash points (before the line is written,
half-way through it, after its fsync), at the first or second append of the run.  Before
some runs a copy of the save is damaged, so the run's opening logs a recovery and the
copy set aside -- and is killed there.  Each time:

* the restart loads exactly the state the reference run had at the last save (nothing a
  log write does touches a save);
* the log reads back with no break in its chain: intact, or torn at its very end (a kill
  half-way through a line), and the next append cuts the torn line off and says so;
* the chain ends with the reference's final state and credits: no credit lost.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from slotterm.session.crashpoints import CRASH_EXIT_STATUS, ENV_VAR
from slotterm.session.log_check import read_log
from slotterm.session.opening import session_folder
from tests.kill_support import WITCH, output_lines, reference_run, run_driver

KILLS = (  # (crash point, which append of the run, damage a copy first)
    ("log-mid-write", 1, False),
    ("log-mid-write", 1, True),
    ("log-before-write", 2, True),
    ("log-after-write", 1, False),
    ("log-mid-write", 2, True),
    ("log-after-write", 2, True),
    ("log-before-write", 1, False),
)


def _last_saved(lines: list[str]) -> tuple[int, str]:
    """The sequence and fingerprint of the last save a run reported."""
    for line in reversed(lines):
        parts = line.split()
        if parts[0] == "STEP":
            return int(parts[1]), parts[3]
        if parts[0] in ("LOADED", "DONE"):
            return int(parts[1]), parts[2]
    raise AssertionError(f"the run reported no save: {lines}")


@pytest.mark.slow
@pytest.mark.usefixtures("user_dirs")
def test_kills_while_the_log_is_written_lose_nothing(
    tmp_path: Path, campaign_report: Callable[..., str]
) -> None:
    states, _phases, final_digest, final_credits = reference_run(WITCH, tmp_path)
    save_dir = tmp_path / "log-kills"
    where = session_folder(save_dir, WITCH.game, WITCH.seed)
    first = output_lines(run_driver(WITCH, save_dir, "--rounds", "0"))
    expected = _last_saved(first)
    tried = handled = torn = 0
    for point, nth, damage in KILLS:
        if damage:
            (where / "session-b.save").write_bytes(b"damaged by the campaign")
        proc = run_driver(WITCH, save_dir, env={ENV_VAR: f"{point}:{nth}"})
        lines = output_lines(proc)
        if proc.returncode == 0:
            break  # the session reached its end before this kill
        assert proc.returncode == CRASH_EXIT_STATUS, (point, nth, lines)
        tried += 1
        exact = True  # killed while opening: the next run's start is checked instead
        if lines:
            loaded = lines[0].split()
            seq, fingerprint = int(loaded[1]), loaded[2]
            # the last save reported, or the one a kill inside its step's log append cut
            # short of being reported (the save itself had completed)
            exact = seq in (expected[0], expected[0] + 1) and states.get(seq) == fingerprint
            expected = _last_saved(lines)
        report = read_log(where)
        whole = not report.broken  # a torn line is only ever the file's last
        torn += report.torn
        if point == "log-mid-write":
            whole = whole and report.torn  # the kill landed half-way through a line
        handled += exact and whole
    final = output_lines(run_driver(WITCH, save_dir))
    done = final[-1].split()
    report = read_log(where)
    lost = final_credits - int(done[3])
    line = campaign_report(
        "kill campaign (event log, lucky-witch)",
        tried=tried,
        handled=handled,
        lost=tried - handled,
        credits_lost=lost,
        torn_lines=torn,
    )
    assert tried == len(KILLS) and handled == tried, line
    assert done[2] == final_digest and lost == 0, line
    assert report.intact, report.problems  # every torn line cut off by a later append
    events = [e.event for e in report.entries]
    assert events.count("torn_tail") == torn and {"forced", "recovered", "set_aside"} <= set(events)
