"""Fixtures of every interface test.

* the exact σ for the statistics band, as ``slotterm play`` gives it
  (:func:`slotterm.tui.rtp_band.use_exact_sd`);
* Pilot tests at test speed (:mod:`tests.tui.pilot_speed`): a short idle wait after each
  key, and scenes on a clock :data:`~tests.tui.pilot_speed.QUICK` times faster than the
  wall clock, unless the test is marked ``real_speed`` (it then keeps the players' clock;
  a :class:`~tests.tui.main_support.SceneClock` put on a presenter holds either way);
  a test marked ``textual_idle`` keeps Textual's own idle wait (one that lets Textual's
  own animations, such as a smooth scroll, run out after each key).
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from slotterm.commands.play import exact_sd_of
from slotterm.tui.rtp_band import use_exact_sd
from tests.tui.pilot_speed import pilot_at_test_speed


@pytest.fixture(autouse=True, scope="session")
def _exact_sd() -> None:
    use_exact_sd(exact_sd_of)


@pytest.fixture(autouse=True)
def _test_speed(request: pytest.FixtureRequest) -> Iterator[None]:
    marked = request.node.get_closest_marker
    with pilot_at_test_speed(
        scenes=marked("real_speed") is None, idle=marked("textual_idle") is None
    ):
        yield


@pytest.fixture
def utc_zone(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Show times in UTC whatever the machine's zone (``pytestmark`` of the modules that
    picture dates: history, statistics)."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()
