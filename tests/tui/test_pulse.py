"""The winning frames' pulse (:mod:`slotterm.tui.pulse`) shared by the reels and the pick
items: bright and lit by turns for a few beats, then lit for good; nothing with animations
off or outside an app; one pulse at a time; stopped at once on demand.  The beats are
given by hand (:func:`~tests.tui.main_support.hold_pulses`) but in the one test of the
real timer."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.widget import Widget

from slotterm.tui import pulse as pulse_module
from slotterm.tui.pulse import PULSE_BEATS, Pulse
from tests.tui.main_support import hold_pulses
from tests.tui.modal_support import wait_for


class Owner(Widget):
    """A widget owning a pulse; it notes whether the pulse glowed at each redraw (and
    stops it on the first bright beat when ``stop_when_bright``)."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[bool] = []
        self.stop_when_bright = False
        self.pulse = Pulse(self, self.redraw)

    def redraw(self) -> None:
        self.seen.append(self.pulse.glowing)
        if self.stop_when_bright and self.pulse.glowing:
            self.pulse.stop()


class PulseApp(App[None]):
    def __init__(self, animation: str) -> None:
        super().__init__()
        self.animation_level = animation  # type: ignore[assignment]
        self.owner = Owner()

    def compose(self) -> ComposeResult:
        yield self.owner


async def test_a_pulse_alternates_bright_and_lit_then_stays_lit() -> None:
    app = PulseApp("full")
    pulses = hold_pulses(app)  # the test gives each beat
    async with app.run_test():
        owner = app.owner
        owner.pulse.start()
        assert owner.pulse.running and not owner.pulse.glowing  # starts lit
        for _ in range(PULSE_BEATS):
            assert owner.pulse.running
            pulses.beat()
        # one redraw a beat; the first beat bright, then every other one; the last lit
        assert owner.seen == [n % 2 == 0 for n in range(PULSE_BEATS)]
        assert not owner.pulse.running and not owner.pulse.glowing
        assert pulses.running == 0  # its beats were stopped with it


async def test_the_beats_come_from_a_timer_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pulse_module, "PULSE_SECONDS", 0.01)  # the test waits for the end
    app = PulseApp("full")
    async with app.run_test() as pilot:
        owner = app.owner
        owner.pulse.start()
        await wait_for(pilot, lambda: not owner.pulse.running)
        assert owner.seen == [n % 2 == 0 for n in range(PULSE_BEATS)]


async def test_a_second_start_does_not_restart_a_running_pulse() -> None:
    app = PulseApp("full")
    pulses = hold_pulses(app)
    async with app.run_test():
        owner = app.owner
        owner.pulse.start()
        pulses.beat()
        pulses.beat()
        assert owner.pulse.running
        owner.pulse.start()  # still beating: carries on where it was
        assert pulses.running == 1  # no second set of beats
        while owner.pulse.running:
            pulses.beat()
        assert len(owner.seen) == PULSE_BEATS


async def test_stop_ends_the_pulse_lit_at_once() -> None:
    app = PulseApp("full")
    pulses = hold_pulses(app)
    async with app.run_test():
        owner = app.owner
        owner.stop_when_bright = True
        owner.pulse.start()
        pulses.beat()
        assert owner.seen == [True]  # stopped on its first, bright, beat
        assert not owner.pulse.running and not owner.pulse.glowing
        assert pulses.running == 0  # its beats were stopped: none can come after
        owner.pulse.start()  # and a new one may start
        assert owner.pulse.running and pulses.running == 1


async def test_no_pulse_with_animations_off_or_outside_an_app() -> None:
    app = PulseApp("none")
    async with app.run_test() as pilot:
        app.owner.pulse.start()
        await pilot.pause()
        assert not app.owner.pulse.running and app.owner.seen == []
    loose = Owner()  # never mounted
    loose.pulse.start()
    assert not loose.pulse.running
