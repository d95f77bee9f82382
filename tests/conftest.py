"""Fixtures every test folder may ask for: the game, seeded sources and sessions, user folders.

* ``game`` -- Book of Spells, the registered definition;
* ``demo`` -- a factory of in-memory demo sessions of ``game`` on a seed (``demo(7)``;
  keywords go to :func:`~slotterm.session.game_session.demo_session`);
* ``user_dirs`` -- home, data, config, state and cache folders under ``tmp_path``, for
  the test and the ``python -m slotterm`` children it starts (so nothing reads the real
  config or writes a real save); it returns the environment to hand a child.

Whatever a test asks for, its data, config, state and cache folders are under its own
``tmp_path`` (an autouse fixture): no test ever writes a save, a preference or a
high-water mark into the real user folders, even through a fixture that runs before
``user_dirs``.

Helpers that are not fixtures live beside the tests that use them (``support.py``,
``helpers.py``, ``policy.py``, ``main_support.py``, ...); no test module imports another
(``tests/test_hygiene.py`` checks it).
"""

from __future__ import annotations

import gc
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from slotterm.engine.model import GameDefinition
from slotterm.games import get_game
from slotterm.rng import SeededSource
from slotterm.session.game_session import GameSession, demo_session


@pytest.fixture(scope="session")
def game() -> GameDefinition:
    """Book of Spells."""
    return get_game("book-of-spells")


@pytest.fixture
def demo(game: GameDefinition) -> Callable[..., GameSession]:
    """``demo(seed, **options)``: a demo session of ``game`` on ``SeededSource(seed)``."""

    def make(seed: int, **options: Any) -> GameSession:
        return demo_session(game, SeededSource(seed), **options)

    return make


def _fsync_kept_in_memory(fd: int) -> None:
    """``os.fsync`` for the tests: the descriptor is still checked (a bad one raises
    ``OSError`` as fsync would), the flush to the disk is left out."""
    os.fstat(fd)


@pytest.fixture(autouse=True, scope="session")
def _no_disk_flush() -> Any:
    """In the test process, ``os.fsync`` checks its descriptor but does not wait for the
    disk: no test can tell a flushed page from a cached one (a killed process loses
    neither; only a power cut would), while thousands of saves waiting on a busy disk
    made the save campaigns several times longer.  The store still calls ``os.fsync`` at
    every step (tests/session/test_fault_injection.py makes each call fail in turn), and
    the children the tests start (kill campaigns, real terminals) keep the real one.
    ``SLOTTERM_TEST_REAL_FSYNC=1`` keeps it here too."""
    if os.environ.get("SLOTTERM_TEST_REAL_FSYNC") == "1":
        yield
        return
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(os, "fsync", _fsync_kept_in_memory)
        yield


USER_FOLDERS = {
    "HOME": "",
    "XDG_DATA_HOME": "data",
    "XDG_CONFIG_HOME": "config",
    "XDG_STATE_HOME": "state",
    "XDG_CACHE_HOME": "cache",
}
"""Where ``user_dirs`` puts each user folder, under ``tmp_path``."""


@pytest.fixture(autouse=True)
def _no_real_user_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name, folder in USER_FOLDERS.items():
        if name != "HOME":
            monkeypatch.setenv(name, str(tmp_path / folder))


@pytest.fixture
def user_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """Every user folder under ``tmp_path`` for the test and its children; the environment.

    platformdirs reads these variables when asked, so the operator config and the save
    root of an in-process call land in ``tmp_path`` as well as a child's.
    """
    for name, folder in USER_FOLDERS.items():
        monkeypatch.setenv(name, str(tmp_path / folder))
    return dict(os.environ)


CampaignReport = Callable[..., str]
"""``report(name, tried=, handled=, lost=, **more)``: a campaign's summary line."""


@pytest.fixture
def campaign_report(request: pytest.FixtureRequest) -> CampaignReport:
    """Record a reliability campaign's figures: tried, handled, lost (and any others).

    The line is printed (``-s`` shows it at once) and kept with the test's report, so the
    end of every run lists each campaign's line, with ``-n`` too (xdist carries a report's
    ``user_properties`` back to the controller).
    """

    def report(name: str, *, tried: int, handled: int, lost: int, **more: object) -> str:
        extra = "".join(f", {key.replace('_', ' ')} {value}" for key, value in more.items())
        line = f"{name}: {tried} tried, {handled} handled, {lost} lost{extra}"
        request.node.user_properties.append(("campaign", line))
        print(f"\n{line}")
        return line

    return report


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """After the run: every campaign's tried / handled / lost line."""
    lines = [
        value
        for outcome in ("passed", "failed")
        for report in terminalreporter.stats.get(outcome, [])
        if getattr(report, "when", "call") == "call"
        for key, value in getattr(report, "user_properties", ())
        if key == "campaign"
    ]
    if lines:
        terminalreporter.section("reliability campaigns")
        for line in sorted(lines):
            terminalreporter.write_line(line)


GC_THRESHOLDS = (10_000, 10, 20)
"""The test process's garbage-collector thresholds (Python's: 700, 10, 10).  A test
process holds hundreds of thousands of long-lived objects (Textual, the collected tests,
the games' tables), and every full collection walks them all: at Python's thresholds the
interface tests spent a fifth of their CPU in full collections (35 of them in one module
group, 0.3 s each).  Collecting less often frees the same garbage later (a few tens of MB
more at the peak); no test depends on when a collection runs (those that need one call
``gc.collect()``).  Only the test process: the games the tests start keep Python's."""


def pytest_configure(config: pytest.Config) -> None:
    """Set :data:`GC_THRESHOLDS` in the test process (each xdist worker too)."""
    gc.set_threshold(*GC_THRESHOLDS)


LONG_MODULES_FIRST = (
    "tests/test_packaging.py",
    "tests/session/test_hostile_saves.py",
    "tests/session/test_corruption_campaign.py",
    "tests/analysis/test_simulate.py",
    "tests/test_kill_campaign.py",
    "tests/analysis/test_hit_frequency.py",
    "tests/test_benchmarks.py",
    "tests/analysis/test_exact.py",
    "tests/analysis/test_memory_budget.py",
    "tests/session/test_force_kill.py",
    "tests/analysis/test_rtp_pairs.py",
    "tests/tui/test_real_terminal_left_round.py",
    "tests/tui/test_hangup.py",
    "tests/analysis/test_lucky_witch_par.py",
)
"""The modules with the longest tests of a full run (``--durations``), run first: under
``pytest -n 2`` a long test left for the end of a run keeps one core idle while the other
finishes it.  Whole modules move (their module fixtures are still built once); the order
only changes which worker runs what when, never what a test checks."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Move the tests of :data:`LONG_MODULES_FIRST` to the front, in that order (a stable
    sort: every other test keeps its place)."""
    rank = {module: i for i, module in enumerate(LONG_MODULES_FIRST)}
    last = len(LONG_MODULES_FIRST)
    items.sort(key=lambda item: rank.get(item.nodeid.split("::", 1)[0], last))
