"""The winning frames' pulse (:mod:`slotterm.tui.pulse`) shared by the reels and the pick
items: bright and lit by turns for a few beats, then lit for good; nothing with animations
off or outside an app; one pulse at a time; stopped at once on demand."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.widget import Widget

from slotterm.tui import pulse as pulse_module
from slotterm.tui.pulse import PULSE_BEATS, Pulse
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


@pytest.fixture(autouse=True)
def quick_beats(monkeypatch: pytest.MonkeyPatch) -> None:
    """Short beats: the test waits for states, the beat's length only sets how long."""
    monkeypatch.setattr(pulse_module, "PULSE_SECONDS", 0.01)


async def test_a_pulse_alternates_bright_and_lit_then_stays_lit() -> None:
    app = PulseApp("full")
    async with app.run_test() as pilot:
        owner = app.owner
        owner.pulse.start()
        assert owner.pulse.running and not owner.pulse.glowing  # starts lit
        await wait_for(pilot, lambda: not owner.pulse.running)
        # one redraw a beat; the first beat bright, then every other one; the last lit
        assert len(owner.seen) == PULSE_BEATS
        assert owner.seen == [n % 2 == 0 for n in range(PULSE_BEATS)]
        assert not owner.pulse.glowing


async def test_a_second_start_does_not_restart_a_running_pulse() -> None:
    app = PulseApp("full")
    async with app.run_test() as pilot:
        owner = app.owner
        owner.pulse.start()
        await wait_for(pilot, lambda: len(owner.seen) >= 2)
        owner.pulse.start()  # still beating: carries on where it was
        await wait_for(pilot, lambda: not owner.pulse.running)
        assert len(owner.seen) == PULSE_BEATS


async def test_stop_ends_the_pulse_lit_at_once() -> None:
    app = PulseApp("full")
    async with app.run_test() as pilot:
        owner = app.owner
        owner.stop_when_bright = True
        owner.pulse.start()
        await wait_for(pilot, lambda: bool(owner.seen))
        assert owner.seen == [True]  # stopped on its first, bright, beat
        assert not owner.pulse.running and not owner.pulse.glowing
        await pilot.pause(0.1)
        assert owner.seen == [True]  # no beat after the stop
        owner.pulse.start()  # and a new one may start
        assert owner.pulse.running


async def test_no_pulse_with_animations_off_or_outside_an_app() -> None:
    app = PulseApp("none")
    async with app.run_test() as pilot:
        app.owner.pulse.start()
        await pilot.pause()
        assert not app.owner.pulse.running and app.owner.seen == []
    loose = Owner()  # never mounted
    loose.pulse.start()
    assert not loose.pulse.running
