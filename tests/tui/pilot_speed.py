"""Pilot tests at test speed: a short idle wait after each key, scenes on a quick clock.

Two things made a Pilot test slow without making it check more:

* **Textual's idle wait.**  After every key it sends, :meth:`Pilot.press` waits twice for
  the process to go idle (``textual._wait.wait_for_idle``: 20 ms windows, until one of them
  uses under 1 ms of CPU, for up to a second).  While a scene's frame timer ticks the
  process is never that idle, so each key in a storm cost up to two seconds of nothing.
  :func:`quick_idle` is the same wait on 5 ms windows, for at most :data:`IDLE_MOST`
  seconds -- which is what the original does anyway on a loaded machine, where the
  process is off the CPU for most of each window.  What a key did is still waited for
  the way a test may rely on: the pilot then drains the screen's and every widget's
  message queue (``Pilot._wait_for_screen``), and the tests' helpers wait for the states
  they check.
* **Scenes at the players' speed.**  A scene reads its time from ``Presenter.clock``;
  :func:`quick_clock` runs :data:`QUICK` times faster than the wall clock, so a test that
  lets scenes play out by themselves sees every scene animate (frames are still drawn,
  in the same order, with the same final pictures) in a fraction of the time.  Tests that
  look at a moment of a scene put a :class:`~tests.tui.main_support.SceneClock` on the
  presenter as before; a test about the players' own timing asks for
  ``@pytest.mark.real_speed``.

Nothing here changes the game: only the test process's Textual and the clock a new
presenter reads by default.  ``tests/tui/test_pilot_speed.py`` checks that the names
patched still exist in the installed Textual.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager
from time import monotonic, process_time

import pytest
import textual.app
import textual.pilot

from slotterm.tui import presenter

WINDOW = 0.005
"""Seconds of one idle-wait window (Textual's: 0.02)."""
IDLE_CPU = WINDOW / 20.0
"""CPU seconds under which a window counts as idle (Textual's ratio: a twentieth)."""
IDLE_MOST = 0.05
"""Seconds the idle wait lasts at most (Textual's: 1)."""
QUICK = 8.0
"""How many times faster than the wall clock scenes run on :func:`quick_clock`."""
PATCHED = (
    (textual.app, "wait_for_idle"),
    (textual.pilot, "wait_for_idle"),
)
"""The modules whose ``wait_for_idle`` the Pilot calls (Textual 8 imports it by name)."""


async def quick_idle(min_sleep: float = WINDOW, max_sleep: float = IDLE_MOST) -> None:
    """Textual's ``wait_for_idle`` on :data:`WINDOW` windows, for at most :data:`IDLE_MOST`
    seconds (``max_sleep`` is capped there too): wait until a window passes in which the
    process used less than :data:`IDLE_CPU` of CPU."""
    start = monotonic()
    most = min(max_sleep, IDLE_MOST)
    while True:
        cpu = process_time()
        await asyncio.sleep(WINDOW)
        used = process_time() - cpu
        elapsed = monotonic() - start
        if elapsed >= most or (elapsed > min_sleep and used < IDLE_CPU):
            return


def quick_clock() -> float:
    """The wall clock, :data:`QUICK` times faster: what a new presenter reads in the tests
    (it stands for ``time.monotonic`` in :mod:`slotterm.tui.presenter`, where
    ``Presenter.clock`` is set from that name)."""
    return QUICK * monotonic()


@contextmanager
def pilot_at_test_speed(*, scenes: bool = True, idle: bool = True) -> Iterator[None]:
    """Within: (``idle``) the Pilot's idle wait is :func:`quick_idle`, and (``scenes``)
    presenters made from now on read a clock :data:`QUICK` times faster than the wall
    clock."""
    with pytest.MonkeyPatch.context() as patch:
        if idle:
            for module, name in PATCHED:
                patch.setattr(module, name, quick_idle)
        if scenes:
            patch.setattr(presenter, "monotonic", quick_clock)
        yield
