"""Pilot tests of the gamble screen: keys, amounts, the flip, the limit, a resume, mashing.

Sessions come from a seeded first spin that wins; the gamble cards are then fed in with a
:class:`~slotterm.rng.ReplaySource`, so each guess's outcome is known in advance.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from slotterm.engine.actions import Collect, Guess, Limits, StartGamble
from slotterm.engine.gamble import Color, card_label
from slotterm.engine.records import Phase
from slotterm.money import format_cents
from slotterm.rng import ReplaySource
from slotterm.session.game_session import GameSession
from slotterm.tui.screens import gamble_screen
from slotterm.tui.screens.gamble_screen import GambleScreen
from slotterm.tui.widgets.card import FLIP_FRAME_SECONDS, FLIP_FRAMES, PlayingCard, card_art
from tests.tui.main_support import make_app, settle, winning_seed
from tests.tui.modal_support import (
    BLACK_CARD,
    RED_CARD,
    ModalHost,
    catch_timers,
    open_round,
    pending,
    screen_text,
    wait_for,
    widget_text,
    won_session,
)

SIZE = (100, 32)


def host_for(session: GameSession, *, animations: bool = False) -> ModalHost:
    """A bare app showing the gamble screen on ``session``."""
    return ModalHost(lambda: GambleScreen(session), animations=animations)


def text_of(app: ModalHost, widget_id: str) -> str:
    """The plain text of one widget on the gamble screen, wrapped lines joined by spaces."""
    return " ".join(widget_text(app.screen.query_one(widget_id)).split())


async def test_opening_starts_the_gamble_and_shows_the_stakes() -> None:
    session = won_session()
    win = open_round(session).win
    steps_before = len(open_round(session).steps)
    app = host_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GambleScreen)
        assert session.phase is Phase.GAMBLE
        assert len(open_round(session).steps) == steps_before + 1
        assert format_cents(win) in text_of(app, "#gamble-win")
        assert format_cents(2 * win) in text_of(app, "#gamble-pays")
        assert "none yet" in text_of(app, "#gamble-recent")
        card = app.screen.query_one(PlayingCard)
        assert not card.face_up
        assert "╱╲" in widget_text(card)


async def test_right_guess_doubles_and_shows_the_card() -> None:
    session = won_session(cards=(RED_CARD, BLACK_CARD))
    win = open_round(session).win
    app = host_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5")
        await pilot.pause()
        assert session.phase is Phase.GAMBLE
        assert open_round(session).win == 2 * win
        assert session.state.recent_cards == (RED_CARD,)
        card = app.screen.query_one(PlayingCard)
        assert card.face_up and card.card == RED_CARD
        assert "2" in widget_text(card) and "♦" in widget_text(card)
        assert format_cents(2 * win) in text_of(app, "#gamble-win")
        assert format_cents(4 * win) in text_of(app, "#gamble-pays")
        assert card_label(RED_CARD) in text_of(app, "#gamble-recent")
        assert "right" in text_of(app, "#gamble-message")
        # a second right guess (black) doubles again
        await pilot.press("6")
        await pilot.pause()
        assert open_round(session).win == 4 * win
        assert list(session.state.recent_cards) == [RED_CARD, BLACK_CARD]


async def test_wrong_guess_loses_shows_the_card_then_closes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The pause is a timer: catch it instead of racing it, so a loaded machine cannot
    # close the card before the test looks at it.
    timers: list[tuple[float, Callable[[], object]]] = []

    def catch_timer(self: GambleScreen, delay: float, callback: Callable[[], object]) -> None:
        timers.append((delay, callback))

    monkeypatch.setattr(GambleScreen, "set_timer", catch_timer)
    session = won_session(cards=(BLACK_CARD,))
    win = open_round(session).win
    credits = session.state.credits
    app = host_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5")
        await wait_for(pilot, lambda: bool(timers))
        assert session.phase is Phase.IDLE
        assert session.history[-1].paid == 0
        assert session.state.credits == credits
        assert isinstance(app.screen, GambleScreen), "the lost card stays up for a moment"
        assert f"the win of {format_cents(win)} is lost" in text_of(app, "#gamble-message")
        assert [delay for delay, _ in timers] == [gamble_screen.LOST_PAUSE_SECONDS]
        # keys pressed while the lost card shows do nothing
        await pilot.press("5", "space")
        await pilot.pause()
        assert app.dismissed == 0
        assert isinstance(app.screen, GambleScreen)
        timers[0][1]()  # the pause is over
        await wait_for(pilot, lambda: app.dismissed == 1)
        assert not isinstance(app.screen, GambleScreen)
        assert session.state.credits == credits


@pytest.mark.parametrize("key", ["space", "enter", "7", "escape"])
async def test_collect_keys_pay_and_close(key: str) -> None:
    session = won_session(cards=(RED_CARD,))
    win = open_round(session).win
    credits = session.state.credits
    app = host_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5")
        await pilot.pause()
        await pilot.press(key)
        await pilot.pause()
        assert app.dismissed == 1
        assert session.phase is Phase.IDLE
        assert session.history[-1].paid == 2 * win
        assert session.state.credits == credits + 2 * win


async def test_collect_before_any_guess_pays_the_win() -> None:
    session = won_session()
    win = open_round(session).win
    credits = session.state.credits
    app = host_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        await pilot.pause()
        assert app.dismissed == 1
        assert session.state.credits == credits + win
        assert session.history[-1].gamble == ()


async def test_win_over_the_limit_closes_the_gamble() -> None:
    probe = won_session()
    win = open_round(probe).win
    session = won_session(cards=(RED_CARD, RED_CARD), limits=Limits(gamble_limit=win))
    credits = session.state.credits
    app = host_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5")
        await pilot.pause()
        assert session.phase is Phase.WIN_OFFERED
        assert open_round(session).gamble_closed
        assert "over the gamble limit" in text_of(app, "#gamble-message")
        assert "-" in text_of(app, "#gamble-pays")
        # guesses are disabled now: no second card is drawn
        await pilot.press("5", "6")
        await pilot.pause()
        assert len(open_round(session).gamble) == 1
        assert app.dismissed == 0
        await pilot.press("7")
        await pilot.pause()
        assert app.dismissed == 1
        assert session.state.credits == credits + 2 * win


async def test_resumed_gamble_is_not_started_again() -> None:
    session = won_session(cards=(RED_CARD,))
    session.act(StartGamble())
    session.act(Guess(Color.RED))
    steps = len(open_round(session).steps)
    win = open_round(session).win
    app = host_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert session.phase is Phase.GAMBLE
        assert len(open_round(session).steps) == steps
        assert format_cents(win) in text_of(app, "#gamble-win")
        assert card_label(RED_CARD) in text_of(app, "#gamble-recent")


async def test_flip_is_animated_and_a_key_during_it_only_finishes_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    frames = catch_timers(monkeypatch, PlayingCard)  # the flip waits for the test, not a clock
    session = won_session(cards=(RED_CARD, BLACK_CARD))
    win = open_round(session).win
    app = host_for(session, animations=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5")
        card = app.screen.query_one(PlayingCard)
        assert card.animating, "the card turns over"
        assert len(pending(frames)) == 1, "the next frame is due"
        # the outcome was drawn before the flip
        assert open_round(session).win == 2 * win
        await pilot.press("6")  # mashed: finishes the flip, draws nothing
        assert not card.animating and card.face_up and card.card == RED_CARD
        assert pending(frames) == [], "the frame left was cancelled"
        assert len(open_round(session).gamble) == 1
        await pilot.press("space")  # nothing left to finish: this one collects
        await pilot.pause()
        assert app.dismissed == 1
        assert session.history[-1].paid == 2 * win


async def test_flip_ends_by_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    frames = catch_timers(monkeypatch, PlayingCard)  # each frame's timer fired by the test
    session = won_session(cards=(RED_CARD,))
    app = host_for(session, animations=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5")
        card = app.screen.query_one(PlayingCard)
        assert card.animating
        # no key: the flip's own timers, one frame after the other, land the card
        for _frame in FLIP_FRAMES:
            (due,) = pending(frames)
            assert due.delay == FLIP_FRAME_SECONDS
            assert card.animating
            due.fire()
            await pilot.pause()
        await wait_for(pilot, lambda: not card.animating)
        assert len(frames) == len(FLIP_FRAMES) and pending(frames) == []
        assert card.face_up and card.card == RED_CARD
        assert "right" in text_of(app, "#gamble-message")


async def test_no_animation_when_animations_are_off() -> None:
    session = won_session(cards=(RED_CARD,))
    app = host_for(session, animations=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5")
        card = app.screen.query_one(PlayingCard)
        assert not card.animating and card.face_up


async def test_mashing_keys_never_shows_a_wrong_amount() -> None:
    cards = (RED_CARD, BLACK_CARD, BLACK_CARD, RED_CARD, RED_CARD, BLACK_CARD, RED_CARD)
    session = won_session(cards=cards, limits=Limits(gamble_limit=10**9))
    app = host_for(session, animations=True)
    async with app.run_test(size=SIZE) as pilot:
        for key in ("5", "5", "6", "6", "5", "6", "6", "5", "5", "6"):
            await pilot.press(key)
            screen = app.screen
            if not isinstance(screen, GambleScreen) or screen.card.animating:
                continue
            round_ = session.state.round
            if round_ is not None:
                assert format_cents(round_.win) in text_of(app, "#gamble-win")
                recent = text_of(app, "#gamble-recent")
                assert all(card_label(c) in recent for c in session.state.recent_cards)
        # every card drawn is recorded once, in order, and money adds up
        drawn = session.state.recent_cards
        assert drawn == cards[: len(drawn)]


async def test_q_quits_with_the_gamble_kept_open() -> None:
    session = won_session(cards=(RED_CARD,))
    session.persist = lambda _session: None  # a saved game: Q quits at once (a demo asks)
    app = host_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5")
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert app.return_code == 0
    assert session.phase is Phase.GAMBLE
    assert len(open_round(session).gamble) == 1


async def test_opened_without_a_win_acts_on_nothing() -> None:
    session = won_session()
    session.act(Collect())
    credits, closed = session.state.credits, len(session.history)
    app = host_for(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert "no win to gamble" in text_of(app, "#gamble-message")
        await pilot.press("5", "6")
        await pilot.pause()
        assert session.state.recent_cards == ()
        await pilot.press("escape")
        await pilot.pause()
        assert app.dismissed == 1
    assert session.state.credits == credits and len(session.history) == closed


def test_card_art_shapes() -> None:
    for card in (None, 0, 12, 13, 51):
        lines = card_art(card)
        assert len(lines) == 7 and {len(line) for line in lines} == {11}
    assert "A" in card_art(51)[1] and "♠" in card_art(51)[2]
    assert "10" in card_art(8 + 26)[1] and "♥" in card_art(8 + 26)[2]
    narrow = card_art(13, inner=1)
    assert {len(line) for line in narrow} == {11}


async def test_gamble_from_the_main_screen() -> None:
    """On the real app: win, 5 opens the gamble, a guess, collect, back to the machine."""
    app = make_app(winning_seed())
    session = app.session
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        await settle(pilot, app)
        assert session.phase is Phase.WIN_OFFERED
        win = open_round(session).win
        credits = session.state.credits
        session.rng = ReplaySource([RED_CARD])
        await pilot.press("5")
        await pilot.pause()
        assert isinstance(app.screen, GambleScreen)
        assert app.main_screen.message.text == "Gamble open."  # not the stale collect offer
        await pilot.press("5")
        await pilot.pause()
        # the machine behind the card table shows the doubled win too
        assert app.main_screen.boxes.box("win").value == format_cents(2 * win)
        await pilot.press("7")
        await settle(pilot, app)
        assert not isinstance(app.screen, GambleScreen)
        assert session.state.credits == credits + 2 * win
        assert format_cents(credits + 2 * win) in screen_text(app.screen)
