"""The end of free spins and what the banner, message line and Win box say (QA findings
1-4 on issue 10, points 1, 2 and 9), in both games.

1. Lucky Witch's last free spin: its show, then the summary (with the triggering spin's
   own win), then the spin prompt; no base spin can start before the summary.
2. Lucky Witch's banner names the 13th spin while it plays ("Free spin 13 of 13").
3. Book of Spells: the banner's feature win never counts backwards (a BIG WIN used to
   count the Win box again from the spin's start), banner and Win box agree at every
   frame, and the next free spin is offered only once the spin's show is over; a BIG
   WIN counts the spin's own win; a feature whose total reaches a big-win level says so
   in its summary.
4. The message line names only keys that work now, and never an amount the Win box has
   not reached.

Every scene runs on a :class:`~tests.tui.main_support.SceneClock`; each check is made at
several moments of each scene.
"""

from __future__ import annotations

import re
from functools import cache

from textual.pilot import Pilot

from slotterm.engine.actions import Spin
from slotterm.engine.events import ReelsStopped
from slotterm.engine.features.free_spins_records import PlayFreeSpin, StartFeature, record_of
from slotterm.engine.records import Phase
from slotterm.money import format_cents, parse_cents
from slotterm.tui.app import SlotApp
from slotterm.tui.celebration import BIG_WIN, MEGA_WIN, Celebration, CelebrationScene
from slotterm.tui.widgets.feature_banner import FeatureBanner
from tests.tui.lucky_witch_support import free_spins_seed, lw_app, lw_session
from tests.tui.main_support import (
    FREE_SPINS,
    SIZE,
    box,
    freeze_scenes,
    main,
    make_app,
    message,
    run_scenes,
    scene_clock,
    session_for,
    settle,
    winning_seed,
)

STEPS = 4
"""Moments looked at in each scene (its start, then every quarter)."""
BOS_SEED = 3
"""The tester's Book of Spells seed: free spins 6, 7 and 10 are big wins, the feature's
total is at mega level (checked by :func:`test_the_seed_has_big_wins_and_a_mega_total`)."""
_PROGRESS = re.compile(r"Free spin (\d+) of (\d+)  ·  feature win (\S+)")


def _cents(text: str) -> int:
    return parse_cents(text.replace(",", ""))


def _banner(app: SlotApp) -> FeatureBanner:
    return main(app).query_one("#banner", FeatureBanner)


def _progress(app: SlotApp) -> tuple[int, int, int] | None:
    """(spin number, spins awarded, feature win) the banner shows, if it shows them."""
    labels = _banner(app).labels
    found = _PROGRESS.search(labels[-1]) if labels else None
    if found is None:
        return None
    number, awarded, won = found.groups()
    return int(number), int(awarded), _cents(won)


def _keys_named_work(app: SlotApp) -> None:
    """Finding 4: a prompt on the message line names keys that work now."""
    screen = main(app)
    text = message(app)
    if "Press Space to spin" in text:
        assert screen.check_action("spin", ()), text
    if "for free spin" in text:
        assert screen.check_action("feature", (PlayFreeSpin.name,)), text
        assert not screen.presenter.busy, f"offered while the show runs: {text}"
    if "collect" in text.lower() and "Collected" not in text:
        assert screen.check_action("collect", ()), text
    offered = re.search(r"Win (\S+)!", text)
    if offered is not None:
        assert offered.group(1) == box(app, "win"), (text, box(app, "win"))


async def _watch(pilot: Pilot[None], app: SlotApp, check: object) -> None:
    """Run every scene to its end, calling ``check()`` at :data:`STEPS` moments of each."""
    assert callable(check)
    presenter = main(app).presenter
    check()
    for _ in range(200):
        scene = presenter.current
        if scene is None:
            break
        for _ in range(STEPS):
            if presenter.current is not scene:
                break
            await run_scenes(pilot, app, scene.duration / presenter.speed / STEPS)
            check()
        if presenter.current is scene:
            scene_clock(app).advance(scene.duration)
            await run_scenes(pilot, app, 0.0)
            check()
    await pilot.pause()
    check()


async def _feature_spins_left(pilot: Pilot[None], app: SlotApp, left: int) -> None:
    """Start the forced feature and play (animations off) until ``left`` spins remain."""
    app.animation_level = "none"
    for _ in range(100):
        record = record_of(app.session.state.round)
        if record is not None and record.started and record.left == left:
            break
        await pilot.press("space")
        await settle(pilot, app)
    else:
        raise AssertionError("the free spins never got there")
    app.animation_level = "full"


# --- Lucky Witch: the last free spin (findings 1 and 2, issue point 9) ------------------


@cache
def last_spin_wins_seed() -> int:
    """A Lucky Witch seed whose forced free spins (no Mystery bonus) end on a winning spin
    with a line win to show."""
    for seed in range(400):
        session = lw_session(seed)
        session.act(Spin(session.bet, force=FREE_SPINS, limits=session.limits))
        events: tuple[object, ...] = ()
        while session.phase is Phase.FEATURE:
            round_ = session.state.round
            record = record_of(round_)
            frame = round_.active if round_ is not None else None
            if record is None or frame is None or frame.feature != FREE_SPINS:
                break
            events = session.act(PlayFreeSpin() if record.started else StartFeature()).events
        last = [e for e in events if isinstance(e, ReelsStopped)]
        if session.phase is Phase.IDLE and last and last[-1].result.evaluation.line_wins:
            return seed
    raise AssertionError("no seed found")


async def test_lucky_witch_last_free_spin_shows_then_summarises_then_offers_a_spin() -> None:
    seed = last_spin_wins_seed()
    app = lw_app(seed, force=FREE_SPINS, animations=True)
    async with app.run_test(size=SIZE) as pilot:
        freeze_scenes(app)
        screen = main(app)
        await _feature_spins_left(pilot, app, 1)
        record = record_of(app.session.state.round)
        assert record is not None
        awarded = record.awarded
        base_win = app.session.state.round.base_win  # type: ignore[union-attr]
        credits_before = box(app, "credits")
        rounds = len(app.session.history)
        await pilot.press("space")  # the last free spin
        await pilot.pause()
        assert app.session.phase is Phase.IDLE, "the last free spin closes the round"
        paid = app.session.history[-1].paid

        def check() -> None:
            _keys_named_work(app)
            if screen.summary_visible:
                return
            assert "Press Space to spin" not in message(app), message(app)
            assert not screen.check_action("spin", ()), "a base spin is offered first"
            assert box(app, "credits") == credits_before, "credited before the summary"
            progress = _progress(app)
            assert progress is not None and progress[:2] == (awarded, awarded), _banner(app).labels
            assert progress[2] == _cents(box(app, "win")) - base_win

        await _watch(pilot, app, check)
        assert screen.summary_visible, "the summary never came"
        text = str(screen.query_one("#summary").render())
        assert f"triggering spin {format_cents(base_win)}" in text, text
        assert format_cents(paid) in text
        assert "continue" in message(app).lower()
        await pilot.press("space")  # hides the summary: now a spin is offered
        await pilot.pause()
        assert not screen.summary_visible
        assert len(app.session.history) == rounds + 1, "Space started a paid spin"
        assert "Press Space to spin" in message(app)
        assert box(app, "credits") == format_cents(app.session.state.credits)


async def test_space_during_the_last_lucky_witch_show_skips_to_the_summary() -> None:
    seed = last_spin_wins_seed()
    app = lw_app(seed, force=FREE_SPINS, animations=True)
    async with app.run_test(size=SIZE) as pilot:
        freeze_scenes(app)
        screen = main(app)
        await _feature_spins_left(pilot, app, 1)
        rounds = len(app.session.history)
        await pilot.press("space")  # the last free spin
        await pilot.pause()
        for _ in range(20):  # Space, again and again, as an impatient player does
            if screen.summary_visible:
                break
            await pilot.press("space")
            await pilot.pause()
        assert screen.summary_visible, "Space never brought the summary"
        assert len(app.session.history) == rounds + 1, "Space started a paid spin"
        assert app.session.state.round is None


# --- Book of Spells: the banner's feature win, BIG WIN, the prompt (finding 3) ----------


def test_the_seed_has_big_wins_and_a_mega_total() -> None:
    session = session_for(BOS_SEED)
    session.act(Spin(session.bet, force=FREE_SPINS, limits=session.limits))
    session.act(StartFeature())
    big = 0
    while session.phase is Phase.FEATURE:
        events = session.act(PlayFreeSpin()).events
        wins = [e.win for e in events if isinstance(e, ReelsStopped)]
        big += sum(1 for w in wins if w >= BIG_WIN.times * session.bet.total)
    round_ = session.state.round
    assert round_ is not None
    assert big >= 2
    assert round_.round_win >= MEGA_WIN.times * round_.bet.total


async def test_book_of_spells_banner_never_counts_back_and_agrees_with_the_win_box() -> None:
    app = make_app(BOS_SEED, force=FREE_SPINS, animations=True)
    async with app.run_test(size=SIZE) as pilot:
        freeze_scenes(app)
        screen = main(app)
        await _feature_spins_left(pilot, app, 10)  # started, none played
        base_win = app.session.state.round.base_win  # type: ignore[union-attr]
        seen: list[int] = []
        celebrated = 0

        def check() -> None:
            nonlocal celebrated
            _keys_named_work(app)
            progress = _progress(app)
            if progress is None or screen.summary_visible:
                return
            won = progress[2]
            assert won == _cents(box(app, "win")) - base_win, (_banner(app).labels, box(app, "win"))
            assert not seen or won >= seen[-1], f"the feature win went back: {seen[-1]} -> {won}"
            seen.append(won)
            scene = screen.presenter.current
            if isinstance(scene, CelebrationScene):
                celebrated += 1
                # The overlay counts the spin's own win (not the round's Win box).
                own = re.findall(r"[\d,]+\.\d\d", str(main(app).query_one(Celebration).render()))
                spin = scene.win_to - scene.win_from
                assert own and 0 <= _cents(own[-1]) <= spin

        while app.session.phase is Phase.FEATURE:
            await pilot.press("space")
            await pilot.pause()
            await _watch(pilot, app, check)
        assert celebrated, "no BIG WIN was seen"
        assert seen and seen[-1] == app.session.state.round.feature_win  # type: ignore[union-attr]


async def test_a_big_win_in_free_spins_counts_the_spins_own_win() -> None:
    app = make_app(BOS_SEED, force=FREE_SPINS, animations=True)
    async with app.run_test(size=SIZE) as pilot:
        freeze_scenes(app)
        screen = main(app)
        await _feature_spins_left(pilot, app, 10)
        for _ in range(400):
            scene = screen.presenter.current
            if isinstance(scene, CelebrationScene):
                break
            if screen.presenter.busy:
                await run_scenes(pilot, app, scene.duration if scene else 0.0)  # type: ignore[union-attr]
            else:
                await pilot.press("space")
                await pilot.pause()
        else:
            raise AssertionError("no BIG WIN came")
        spin = record_of(app.session.state.round).spins[-1]  # type: ignore[union-attr]
        before = app.session.state.round.base_win + spin.feature_total - spin.win  # type: ignore[union-attr]
        assert (scene.win_from, scene.win_to) == (before, before + spin.win)
        await run_scenes(pilot, app, scene.duration * 0.9)  # counted, holding the amount
        text = str(screen.query_one(Celebration).render())
        assert format_cents(spin.win) in text, text
        assert box(app, "win") == format_cents(before + spin.win)


async def test_a_feature_total_at_mega_level_is_celebrated_in_its_summary() -> None:
    app = make_app(BOS_SEED, force=FREE_SPINS)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(30):
            if main(app).summary_visible:
                break
            await pilot.press("space")
            await settle(pilot, app)
        assert main(app).summary_visible
        text = str(main(app).query_one("#summary").render())
        assert MEGA_WIN.title in text, text


# --- the message line during autoplay's free spins (finding 4) ---------------------------


async def test_autoplay_free_spins_do_not_ask_for_space() -> None:
    seed = free_spins_seed(retrigger=False)
    app = lw_app(seed, force=FREE_SPINS)
    async with app.run_test(size=SIZE) as pilot:
        screen = main(app)
        await pilot.press("space")  # the forced trigger
        await settle(pilot, app)
        await pilot.press("space")  # start them by hand
        await settle(pilot, app)
        assert app.session.phase is Phase.FEATURE
        screen._autoplay.on = True  # as its dialog leaves it, without the timer
        screen._rest()
        assert "Press Space for free spin" not in message(app), message(app)
        assert "autoplay" in message(app).lower()
        screen._autoplay.stop()


async def test_a_base_win_is_named_only_once_the_win_box_shows_it() -> None:
    app = make_app(winning_seed(), animations=True)
    async with app.run_test(size=(80, 24)) as pilot:
        freeze_scenes(app)
        await pilot.press("space")
        await pilot.pause()
        await _watch(pilot, app, lambda: _keys_named_work(app))
        assert app.session.phase is Phase.WIN_OFFERED
        assert f"Win {box(app, 'win')}!" in message(app), message(app)
