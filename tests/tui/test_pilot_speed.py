"""The interface tests' speed-ups (:mod:`tests.tui.pilot_speed`) are in force, and what
they replace is still there in the installed Textual and in the presenter."""

from __future__ import annotations

import inspect
import time

import pytest
import textual._wait
import textual.app
import textual.pilot

from slotterm.tui import presenter
from slotterm.tui.presenter import Presenter
from tests.tui import pilot_speed
from tests.tui.main_support import SIZE, main, make_app
from tests.tui.pilot_speed import PATCHED, QUICK, quick_clock, quick_idle


def test_the_pilot_waits_with_the_quick_idle_wait() -> None:
    for module, name in PATCHED:
        assert getattr(module, name) is quick_idle, f"{module.__name__}.{name}"


def test_what_is_replaced_still_exists_with_the_shape_used() -> None:
    """Textual's idle wait takes (min_sleep, max_sleep), and the Pilot and the app call it
    by the names patched; the presenter reads its default clock from ``monotonic``."""
    original = textual._wait.wait_for_idle
    assert list(inspect.signature(original).parameters) == ["min_sleep", "max_sleep"]
    assert list(inspect.signature(quick_idle).parameters) == ["min_sleep", "max_sleep"]
    for module, name in PATCHED:
        assert name in inspect.getsource(module), f"{module.__name__} no longer calls {name}"
    assert "self.clock: Callable[[], float] = monotonic" in inspect.getsource(Presenter)
    assert presenter.monotonic is quick_clock


async def test_the_quick_idle_wait_ends_even_while_the_process_is_busy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A process that never goes idle (every window uses a second of CPU): the wait ends
    at its cap, not at the five seconds asked for."""
    used = iter(range(10**6))
    monkeypatch.setattr(pilot_speed, "process_time", lambda: float(next(used)))
    started = time.monotonic()
    await quick_idle(0, 5.0)
    assert time.monotonic() - started < 5.0
    assert next(used) > 2  # it looked at more than one window before giving up


async def test_scenes_run_on_the_quick_clock() -> None:
    app = make_app(1, animations=True)
    async with app.run_test(size=SIZE):
        clock = main(app).presenter.clock
        before_real, before = time.monotonic(), clock()
        time.sleep(0.05)
        ran = (clock() - before) / (time.monotonic() - before_real)
    assert clock is quick_clock
    assert ran == pytest.approx(QUICK, rel=0.05)


@pytest.mark.real_speed
async def test_a_real_speed_test_keeps_the_players_clock() -> None:
    app = make_app(1, animations=True)
    async with app.run_test(size=SIZE):
        assert main(app).presenter.clock is time.monotonic
