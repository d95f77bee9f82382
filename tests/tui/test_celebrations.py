"""Celebrations: a fanfare for a feature won, a full-window count-up for big (≥ 15×), mega
(≥ 50×) and epic (≥ 250×) wins; any key skips them to their end frame (the exact amount),
which stays up at rest until the next action; with animations off the end frame shows at
once; a win paid into the credits ticks the Credits box up to the exact figure.

The scenes run on a :class:`~tests.tui.main_support.SceneClock`, so a test holds a
celebration on screen while it looks at it.
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from slotterm.engine.actions import Spin
from slotterm.engine.features.free_spins_records import StartFeature
from slotterm.engine.records import Phase
from slotterm.money import format_cents, parse_cents
from slotterm.tui.app import SlotApp
from slotterm.tui.celebration import (
    BIG_WIN,
    COUNT_SHARE,
    EPIC_WIN,
    MEGA_WIN,
    Celebration,
    CelebrationScene,
    win_level,
)
from slotterm.tui.features.feature_intro import FeatureIntro, IntroScene
from slotterm.tui.scenes import HoldScene
from tests.tui.celebration_support import big_win_seed, mega_win_seed, spin_win
from tests.tui.main_support import (
    FREE_SPINS,
    SIZE,
    box,
    end_scene,
    find_seed,
    freeze_scenes,
    main,
    make_app,
    message,
    run_scenes,
    scene_name,
    session_for,
    settle,
)
from tests.tui.shell_support import wait_for


def test_levels_by_total_bets() -> None:
    bet = 180
    assert win_level(15 * bet - 1, bet) is None
    assert win_level(15 * bet, bet) is BIG_WIN
    assert win_level(50 * bet - 1, bet) is BIG_WIN
    assert win_level(50 * bet, bet) is MEGA_WIN
    assert win_level(250 * bet - 1, bet) is MEGA_WIN
    assert win_level(250 * bet, bet) is EPIC_WIN
    assert win_level(bet - 1, bet) is None
    assert win_level(0, 0) is None


def _first_win(seed: int) -> int:
    session = session_for(seed)
    return spin_win(session.act(Spin(session.bet, limits=session.limits)))


async def _until_scene(pilot: Pilot[None], app: SlotApp, name: str) -> None:
    """Spin (Space at rest), run the other scenes to their end, until ``name`` runs."""
    for _ in range(200):
        if scene_name(app) == name:
            return
        if main(app).presenter.busy:
            await end_scene(pilot, app)
        else:
            await pilot.press("space")
            # a loaded machine may hand the key on after press() returns: never press twice
            await wait_for(pilot, lambda: main(app).presenter.busy)
    raise AssertionError(f"{name} never came")


def _overlay(app: SlotApp) -> Celebration:
    return main(app).query_one(Celebration)


@pytest.mark.parametrize(("seed", "level"), [(big_win_seed, BIG_WIN), (mega_win_seed, MEGA_WIN)])
async def test_a_big_win_counts_up_under_its_title_and_any_key_skips(seed: Any, level: Any) -> None:
    chosen = seed()
    won = _first_win(chosen)
    app = make_app(chosen, animations=True)
    async with app.run_test(size=SIZE) as pilot:
        freeze_scenes(app)
        screen = main(app)
        await _until_scene(pilot, app, "CelebrationScene")
        scene = screen.presenter.current
        assert isinstance(scene, CelebrationScene) and scene.level is level
        overlay = _overlay(app)
        assert overlay.display and overlay.celebrating == level.title
        await run_scenes(pilot, app, scene.duration * COUNT_SHARE / 3)
        counted = parse_cents(box(app, "win").replace(",", ""))
        assert scene.win_from < counted < won, "the Win box should be counting up"
        bet = box(app, "bet")
        await pilot.press("b")  # any key: skips, and does nothing else (no Bet Max)
        await wait_for(pilot, lambda: screen.presenter.current is not scene)
        assert overlay.display and not overlay.has_focus, "the end frame stays, keyless"
        assert format_cents(won) in overlay.words
        assert box(app, "win") == format_cents(won)
        assert box(app, "bet") == bet
        await settle(pilot, app)
        assert not screen.presenter.ticking, "no timer is left running"


async def test_a_key_before_the_overlay_takes_the_focus_skips_all_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The overlay takes the focus once its first frame is drawn; a key that comes as the
    celebration begins (a busy machine draws late) skips it too, and does nothing else."""
    monkeypatch.setattr(Celebration, "_take_keys", lambda self: None)  # the frame is late
    seed = big_win_seed()
    app = make_app(seed, animations=True)
    async with app.run_test(size=SIZE) as pilot:
        freeze_scenes(app)
        screen = main(app)
        await _until_scene(pilot, app, "CelebrationScene")
        assert not _overlay(app).has_focus
        bet = box(app, "bet")
        await pilot.press("b")  # the scenes' clock stands still: only the key can end them
        await wait_for(pilot, lambda: not screen.presenter.busy)
        assert box(app, "bet") == bet, "the key also acted (Bet Max)"
        assert box(app, "win") == format_cents(_first_win(seed))
        assert _overlay(app).display, "the end frame stays up"


@pytest.mark.parametrize(
    ("least", "under"), [(0, 1), (1, 15)], ids=["under-the-bet", "under-15-bets"]
)
async def test_an_ordinary_win_is_not_celebrated(least: int, under: int) -> None:
    """A spin winning (``least`` to ``under`` total bets) under 15 bets shows its wins line by
    line, and no celebration comes, nor its overlay."""
    seed = find_seed(
        lambda s, t: spin_win(t) > 0 and least * s.bet.total <= spin_win(t) < under * s.bet.total
    )
    app = make_app(seed, animations=True)
    async with app.run_test(size=SIZE) as pilot:
        freeze_scenes(app)
        await pilot.press("space")
        await wait_for(pilot, lambda: main(app).presenter.busy)  # the key may come late
        seen = set()
        while main(app).presenter.busy:
            seen.add(scene_name(app))
            await end_scene(pilot, app)
        assert "WinShowScene" in seen and "CelebrationScene" not in seen
        assert all(not o.display for o in main(app).query(Celebration))


async def test_without_animations_the_final_amount_shows_at_once() -> None:
    seed = big_win_seed()
    app = make_app(seed, animations=False)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        await wait_for(pilot, lambda: app.session.phase is Phase.WIN_OFFERED)
        assert box(app, "win") == format_cents(_first_win(seed))
        assert not main(app).presenter.busy and not main(app).presenter.ticking
        overlay = _overlay(app)
        assert overlay.display and BIG_WIN.title in overlay.words
        assert format_cents(_first_win(seed)) in overlay.words
        assert not overlay.has_focus


async def test_a_feature_won_gets_an_intro_that_space_skips() -> None:
    app = make_app(3, force=FREE_SPINS, animations=True)
    async with app.run_test(size=SIZE) as pilot:
        freeze_scenes(app)
        await _until_scene(pilot, app, "IntroScene")
        scene = main(app).presenter.current
        assert isinstance(scene, IntroScene)
        shown = main(app).query_one(FeatureIntro)
        await run_scenes(pilot, app, 0.2)
        assert shown.display and shown.lit < 1.0, "the title is being written in"
        bet = box(app, "bet")
        await pilot.press("space")  # skips the rest of the show, and only that
        await wait_for(pilot, lambda: isinstance(main(app).presenter.current, HoldScene))
        # The skip lands on the announcement, which holds: no key opens the feature yet.
        assert isinstance(main(app).presenter.current, HoldScene)
        assert shown.display and shown.lit == 1.0
        assert "FREE SPINS WON" in message(app)
        assert not main(app).check_action("feature", (StartFeature.name,)), message(app)
        await end_scene(pilot, app)
        assert not main(app).presenter.busy
        assert box(app, "bet") == bet
        assert app.session.phase is Phase.FEATURE, "the key also started the free spins"
        assert main(app).check_action("feature", (StartFeature.name,)), message(app)


def test_big_win_celebration_snapshot(snap_compare: Any) -> None:
    async def celebrate(pilot: Pilot[None]) -> None:
        app: SlotApp = pilot.app  # type: ignore[assignment]
        freeze_scenes(app)
        await _until_scene(pilot, app, "CelebrationScene")
        scene = main(app).presenter.current
        assert scene is not None
        await run_scenes(pilot, app, scene.duration * COUNT_SHARE / 2)

    app = make_app(big_win_seed(), animations=True)
    assert snap_compare(app, terminal_size=(100, 32), run_before=celebrate)
