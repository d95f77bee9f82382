"""What the message line says about a win (qa2 findings 22 and 26).

* Lucky Witch has no Collect: a round's win goes to the credits when the round ends
  (DESIGN §2), so the line says "Won 6.00.", never "Collected"; Book of Spells, where the
  player collects, keeps "Collected".
* A Book of Spells win that may not be gambled says why in a few words ("over the gamble
  limit", "no gamble after the free-spin limit"), and the line still fits 80 columns.
"""

from __future__ import annotations

from textual.pilot import Pilot

from slotterm.engine.actions import Collect, Limits, Spin
from slotterm.engine.features.free_spins_records import PlayFreeSpin, StartFeature
from slotterm.engine.records import EndReason, Phase
from slotterm.games import get_game
from slotterm.money import format_cents
from slotterm.tui.app import SlotApp
from slotterm.tui.features.registry import FeatureViews
from slotterm.tui.narration import event_note
from tests.tui.lucky_witch_support import lw_app, lw_seed
from tests.tui.main_support import (
    FREE_SPINS,
    end_scene,
    find_seed,
    main,
    make_app,
    message,
    session_for,
    settle,
)
from tests.tui.shell_support import wait_for

NARROW = (80, 24)


def _fits(app: SlotApp) -> bool:
    """The message line's text fits its width (nothing cut off with an ellipsis)."""
    line = main(app).message
    return len(line.text) <= line.content_size.width


async def test_lucky_witch_says_a_win_was_won_not_collected() -> None:
    seed = lw_seed(
        lambda s, t: bool(s.history) and s.history[-1].paid > 0 and not s.history[-1].frames
    )
    app = lw_app(seed)
    async with app.run_test(size=NARROW) as pilot:
        await pilot.press("space")
        await settle(pilot, app)
        session = app.session
        assert session.phase is Phase.IDLE and session.history
        paid = format_cents(session.history[-1].paid)
        await wait_for(pilot, lambda: f"Won {paid}." in message(app))
        assert "Collected" not in message(app)
        assert _fits(app), message(app)


def test_book_of_spells_still_says_collected() -> None:
    session = session_for(find_seed(lambda s, t: s.phase is Phase.WIN_OFFERED))
    session.act(Spin(session.bet, limits=session.limits))
    win = session.state.round.win  # type: ignore[union-attr]
    transition = session.act(Collect())
    note = event_note(transition.events, FeatureViews(get_game("book-of-spells")))
    assert note == f"Collected {format_cents(win)}."


async def _rest_with_win_offered(pilot: Pilot[None], app: SlotApp) -> None:
    """Press Space at rest (running each scene out) until a win waits, its show and any
    feature summary over."""
    screen = main(app)
    for _ in range(200):
        waiting = app.session.phase is Phase.WIN_OFFERED
        if waiting and not screen.presenter.busy and not screen.summary_visible:
            await pilot.pause()
            return
        if screen.presenter.busy:
            await end_scene(pilot, app)
        else:
            await pilot.press("space")
        await pilot.pause()
    raise AssertionError("no win was ever offered at rest")


async def test_a_win_over_the_gamble_limit_says_why_there_is_no_gamble() -> None:
    limits = Limits(gamble_limit=1)  # 0.01: every win is over it
    seed = find_seed(lambda s, t: s.phase is Phase.WIN_OFFERED)
    app = make_app(session=session_for(seed, limits=limits))
    async with app.run_test(size=NARROW) as pilot:
        await _rest_with_win_offered(pilot, app)
        win = format_cents(app.session.state.round.win)  # type: ignore[union-attr]
        await wait_for(
            pilot, lambda: f"Win {win}! Space collects (over the gamble limit)" in message(app)
        )
        assert "5 gambles" not in message(app)
        assert _fits(app), message(app)


def _free_spin_limit_seed(limits: Limits) -> int:
    """A seed whose forced free spins are ended by the free-spin limit."""
    for seed in range(200):
        session = session_for(seed, limits=limits)
        session.act(Spin(session.bet, force=FREE_SPINS, limits=limits))
        session.act(StartFeature())
        while session.phase is Phase.FEATURE:
            session.act(PlayFreeSpin())
        round_ = session.state.round
        if round_ is not None and round_.ended_by is EndReason.LIMIT:
            return seed
    raise AssertionError("no seed found")


async def test_a_win_after_the_free_spin_limit_says_why_there_is_no_gamble() -> None:
    limits = Limits(free_spin_limit=50)  # 0.50, as in the finding's repro
    seed = _free_spin_limit_seed(limits)
    app = make_app(session=session_for(seed, limits=limits), force=FREE_SPINS)
    async with app.run_test(size=NARROW) as pilot:
        await _rest_with_win_offered(pilot, app)
        round_ = app.session.state.round
        assert round_ is not None and round_.ended_by is EndReason.LIMIT
        win = format_cents(round_.win)
        wanted = f"Win {win}! Space collects (no gamble after the free-spin limit)"
        await wait_for(pilot, lambda: wanted in message(app))
        assert _fits(app), message(app)
