"""Pilot tests of the gamble screen: keys, amounts, the flip, the limit, a resume, mashing.

The card's flip runs on the screen's presenter; tests put it on a
:class:`~tests.tui.main_support.SceneClock` that only they move, so no check races it.

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
from slotterm.tui.scenes import SKIP_HOLD_SECONDS
from slotterm.tui.screens import gamble_screen
from slotterm.tui.screens.gamble_screen import GambleScreen
from slotterm.tui.widgets.card import FLIP_SECONDS, CardRow, PlayingCard, Verdict
from tests.tui.main_support import SceneClock, make_app, settle, winning_seed
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


def frozen(app: ModalHost) -> SceneClock:
    """Put the gamble screen's flip on a clock the test moves."""
    screen = app.screen
    assert isinstance(screen, GambleScreen)
    clock = SceneClock()
    screen.presenter.clock = clock
    return clock


def gamble(app: ModalHost) -> GambleScreen:
    """The gamble screen on top (the test fails if it is not)."""
    screen = app.screen
    assert isinstance(screen, GambleScreen), "the gamble is not on top"
    return screen


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
        assert "╳" in widget_text(card), "the patterned back"
        assert widget_text(app.screen.query_one(Verdict)).strip() == ""


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
        message = text_of(app, "#gamble-message")
        assert message.startswith(f"Two of Diamonds — red: you win {format_cents(2 * win)}")
        assert gamble(app).verdict.word == "WON"
        assert "█" in widget_text(gamble(app).verdict), "WON in big letters"
        assert app.screen.query_one(CardRow).cards == (RED_CARD,)
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
        message = text_of(app, "#gamble-message")
        assert message.startswith(f"Two of Clubs — black: the win of {format_cents(win)} is lost")
        assert gamble(app).verdict.word == "LOST"
        assert [delay for delay, _ in timers] == [gamble_screen.LOST_PAUSE_SECONDS]
        # keys pressed at once (mashed into the turn) do not close the lost card
        clock = frozen(app)
        gamble(app)._landed_at = clock()
        await pilot.press("5", "space")
        await pilot.pause()
        assert app.dismissed == 0
        assert isinstance(app.screen, GambleScreen)
        timers[0][1]()  # the pause is over
        await wait_for(pilot, lambda: app.dismissed == 1)
        assert not isinstance(app.screen, GambleScreen)
        assert session.state.credits == credits


async def test_a_key_closes_the_lost_card_before_the_pause_ends(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    timers = catch_timers(monkeypatch, GambleScreen)  # the pause never ends by itself
    session = won_session(cards=(BLACK_CARD,))
    app = host_for(session)
    async with app.run_test(size=SIZE) as pilot:
        clock = frozen(app)
        await pilot.press("5")
        await wait_for(pilot, lambda: gamble(app).verdict.word == "LOST")
        assert [t.delay for t in pending(timers)] == [gamble_screen.LOST_PAUSE_SECONDS]
        await pilot.press("x")  # at once: taken for a mashed key, the card stays
        await pilot.pause()
        assert app.dismissed == 0
        clock.advance(SKIP_HOLD_SECONDS)
        await pilot.press("x")  # any key, once the card has been seen, closes
        await wait_for(pilot, lambda: app.dismissed == 1)
        assert session.phase is Phase.IDLE and session.history[-1].paid == 0


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


async def test_flip_is_animated_and_a_key_during_it_only_finishes_it() -> None:
    session = won_session(cards=(RED_CARD, BLACK_CARD))
    win = open_round(session).win
    app = host_for(session, animations=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        frozen(app)  # the flip waits for the test, not a clock
        await pilot.press("5")
        screen = gamble(app)
        assert screen.turning, "the card turns over"
        assert not screen.card.face_up and screen.verdict.word == ""
        assert "Turning the card" in text_of(app, "#gamble-message")
        # the outcome was drawn before the flip
        assert open_round(session).win == 2 * win
        await pilot.press("6")  # mashed: finishes the flip, draws nothing
        assert not screen.turning and screen.card.face_up and screen.card.card == RED_CARD
        assert screen.verdict.word == "WON"
        assert len(open_round(session).gamble) == 1
        await pilot.press("space")  # nothing left to finish: this one collects
        await pilot.pause()
        assert app.dismissed == 1
        assert session.history[-1].paid == 2 * win


@pytest.mark.parametrize("key", ["x", "space", "escape", "enter"])
async def test_any_key_skips_the_flip_to_its_end_and_no_further(key: str) -> None:
    session = won_session(cards=(BLACK_CARD,))
    app = host_for(session, animations=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        frozen(app)
        await pilot.press("5")
        screen = gamble(app)
        assert screen.turning
        await pilot.press(key)
        await pilot.pause()
        assert not screen.turning and screen.card.face_up
        assert screen.verdict.word == "LOST", "the end frame: the lost card, face up"
        assert app.dismissed == 0, "the skip went no further than the end of the turn"
        assert isinstance(app.screen, GambleScreen)


async def test_flip_turns_back_edge_face_and_ends_by_itself(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    timers = catch_timers(monkeypatch, GambleScreen)  # WON stays until the test says
    session = won_session(cards=(RED_CARD,))
    app = host_for(session, animations=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        clock = frozen(app)
        await pilot.press("5")
        screen = gamble(app)
        card = screen.card
        seen: list[tuple[bool, float]] = []
        for share in (0.2, 0.5, 0.8):
            clock.now = share * FLIP_SECONDS
            frames = screen.presenter.frames
            await wait_for(pilot, lambda f=frames: screen.presenter.frames > f)
            seen.append((card.face_up, card.shown))
        (back_up, back_shown), (edge_up, edge_shown), (face_up, face_shown) = seen
        assert not back_up and 0.0 < back_shown < 1.0, "the back narrows"
        assert not edge_up and edge_shown == 0.0, "the edge"
        assert face_up and 0.0 < face_shown < 1.0, "the face widens"
        clock.now = FLIP_SECONDS  # no key: the flip ends by itself
        await wait_for(pilot, lambda: not screen.turning)
        assert card.face_up and card.shown == 1.0 and card.card == RED_CARD
        assert "you win" in text_of(app, "#gamble-message")
        # WON holds, then the card goes face down for the next guess
        (hold,) = pending(timers)
        assert hold.delay == gamble_screen.WON_PAUSE_SECONDS
        hold.fire()
        await pilot.pause()
        assert not card.face_up and screen.verdict.word == ""


async def test_edge_frame_is_one_column() -> None:
    session = won_session(cards=(RED_CARD,))
    app = host_for(session, animations=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        clock = frozen(app)
        await pilot.press("5")
        screen = gamble(app)
        clock.now = 0.5 * FLIP_SECONDS
        frames = screen.presenter.frames
        await wait_for(pilot, lambda: screen.presenter.frames > frames)
        await pilot.pause()
        lines = [line.strip() for line in widget_text(screen.card).splitlines() if line.strip()]
        assert lines and set(lines) == {"┃"}, "only the card's edge shows"


async def test_no_animation_when_animations_are_off() -> None:
    session = won_session(cards=(RED_CARD,))
    app = host_for(session, animations=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5")
        screen = gamble(app)
        assert not screen.turning and screen.card.face_up
        assert screen.verdict.word == "WON"


async def test_mashing_keys_never_shows_a_wrong_amount() -> None:
    cards = (RED_CARD, BLACK_CARD, BLACK_CARD, RED_CARD, RED_CARD, BLACK_CARD, RED_CARD)
    session = won_session(cards=cards, limits=Limits(gamble_limit=10**9))
    app = host_for(session, animations=True)
    async with app.run_test(size=SIZE) as pilot:
        for key in ("5", "5", "6", "6", "5", "6", "6", "5", "5", "6"):
            await pilot.press(key)
            screen = app.screen
            if not isinstance(screen, GambleScreen) or screen.turning:
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


def test_card_pictures_fit_every_size_and_tell_cards_apart() -> None:
    from slotterm.tui.art.card_faces import back_grid, face_grid, squeezed

    def plain(grid: tuple[tuple[tuple[str, object], ...], ...]) -> list[str]:
        return ["".join(ch for ch, _ in row) for row in grid]

    for width, height in ((6, 4), (12, 8), (20, 14), (58, 40)):
        for card in (0, 12, 22, 36, 51):
            rows = plain(face_grid(card, width, height))
            assert len(rows) == height and {len(r) for r in rows} == {width}
        assert {len(r) for r in plain(back_grid(width, height))} == {width}
    queen = plain(face_grid(36, 20, 14))  # Queen of Hearts
    assert queen[1].startswith("│Q") and queen[2].startswith("│♥")
    assert queen[-2].endswith("Q│") and queen[-3].endswith("♥│")
    ten = plain(face_grid(8, 20, 14))  # Ten of Clubs: two-letter rank in the corners
    assert ten[1].startswith("│10") and ten[-2].endswith("10│")
    # the three courts differ by shape, without colour too
    courts = {tuple(plain(face_grid(c, 20, 14, mono=True))) for c in (9, 10, 11)}
    assert len(courts) == 3
    # a big card draws its picture in half blocks
    assert sum(r.count("▀") + r.count("█") for r in plain(face_grid(51, 58, 40))) > 100
    for shown in (1, 2, 7, 19):
        narrow = plain(squeezed(face_grid(13, 20, 14), shown))
        assert {len(r) for r in narrow} == {20}
        assert {len(r.strip()) for r in narrow} == {shown}


def test_cards_are_named_in_words() -> None:
    from slotterm.tui.widgets.card import card_name

    assert card_name(36) == "Queen of Hearts"
    assert card_name(8) == "Ten of Clubs"
    assert card_name(51) == "Ace of Spades"
    assert card_name(13) == "Two of Diamonds"


async def test_last_five_cards_as_small_cards() -> None:
    cards = (RED_CARD, BLACK_CARD, RED_CARD, BLACK_CARD, RED_CARD, BLACK_CARD)
    session = won_session(cards=cards, limits=Limits(gamble_limit=10**9))
    app = host_for(session)
    async with app.run_test(size=SIZE) as pilot:
        for key in ("5", "6", "5", "6", "5", "6"):
            await pilot.press(key)
            await pilot.pause()
        row = app.screen.query_one(CardRow)
        assert row.cards == cards[-5:]
        drawn = widget_text(row)
        assert drawn.count("♦") >= 3 and drawn.count("♣") >= 2


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


@pytest.mark.parametrize(
    "size", [(80, 24), (120, 40), (200, 60)], ids=["80x24", "120x40", "200x60"]
)
async def test_the_machines_boxes_show_undimmed_below_the_table(size: tuple[int, int]) -> None:
    """Credits, Bet and Win stay in sight under the gamble, not dimmed (the screen is
    see-through and no part of it lies over them); the machine's own message line, which
    the table's message replaces, is covered."""
    app = make_app(winning_seed())
    async with app.run_test(size=size) as pilot:
        await pilot.press("space")
        await settle(pilot, app)
        await pilot.press("5")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GambleScreen)
        assert screen.styles.background.a == 0, "the machine under the table is dimmed"
        for name in ("credits", "bet", "win"):
            region = app.main_screen.boxes.box(name).region
            for x, y in ((region.x + 1, region.y), region.center):
                found, _ = screen.get_widget_at(int(x), int(y))
                assert found is screen, f"{found!r} lies over the {name} box at {size}"
        line = app.main_screen.message.region
        found, _ = screen.get_widget_at(line.x + 1, line.y)
        assert found.id == "gamble-cover", "the machine's message line shows under the table"
