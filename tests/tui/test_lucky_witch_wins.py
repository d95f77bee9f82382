"""Lucky Witch's wins on screen: each line shown with "doubled by the Lucky Witch" when
the wild doubled it, the scatter, the Win box counting up, stacks of LUCKY drawn as
stacks, and free spins announced, counted, retriggered, summed up and paid by
themselves (no gamble)."""

from __future__ import annotations

from slotterm.engine.features.free_spins_records import record_of
from slotterm.engine.records import Phase
from slotterm.money import format_cents
from slotterm.tui.features.feature_intro import FeatureIntro
from slotterm.tui.features.free_spins_view import FreeSpinsView
from slotterm.tui.scenes import WinShowScene, line_items
from slotterm.tui.widgets.feature_banner import FeatureBanner
from tests.tui.lucky_witch_support import (
    LW,
    START,
    doubled_seed,
    free_spins_seed,
    lucky_pairs,
    lw_app,
    lw_seed,
    stacked_win_seed,
)
from tests.tui.main_support import (
    box,
    end_scene,
    freeze_scenes,
    main,
    message,
    run_scenes,
    scene_name,
    settle,
)

SIZE = (100, 32)
FREE_SPINS = "free_spins"


def test_line_labels_say_when_the_lucky_witch_doubled_the_win() -> None:
    from slotterm.engine.outcome import LineWin

    wins = [
        LineWin(line=3, symbol="CAT", count=4, multiplier=200, win=200, doubled=True),
        LineWin(line=5, symbol="GOLEM", count=3, multiplier=10, win=10),
    ]
    doubled, plain = line_items(LW, wins)
    assert doubled.label == " Line 3: 4 × BLACK CAT pays 2.00, doubled by the Lucky Witch "
    assert plain.label == " Line 5: 3 × GOLEM pays 0.10 "


async def test_each_line_is_shown_then_the_win_box_ends_on_the_round_win() -> None:
    app = lw_app(doubled_seed(), animations=True)
    async with app.run_test(size=SIZE) as pilot:
        freeze_scenes(app)
        await pilot.press("space")
        await pilot.pause()
        await end_scene(pilot, app)  # the reels stop
        assert scene_name(app) == "WinShowScene"
        scene = main(app).presenter.current
        assert isinstance(scene, WinShowScene)
        wins = app.session.history[-1].base.evaluation.line_wins
        seen = []
        for index in range(len(scene.items)):  # the middle of each item's time
            await run_scenes(pilot, app, scene.per_item / 2 if index == 0 else scene.per_item)
            seen.append(main(app).reels.border_subtitle)
            if index == 0:
                counted = box(app, "win")
        assert len(seen) == len(wins)
        for win, label in zip(wins, seen, strict=True):
            assert f"Line {win.line}:" in label
            assert ("doubled by the Lucky Witch" in label) == win.doubled
        # the Win box counts up: half-way through the first line, part of the total only
        total = app.session.history[-1].paid
        assert counted not in (format_cents(total), "")
        await settle(pilot, app)
        assert box(app, "win") == format_cents(total)
        assert box(app, "credits") == format_cents(START - 15 + total)
        assert app.session.phase is Phase.IDLE


async def test_the_scatter_win_is_shown() -> None:
    seed = lw_seed(
        lambda s, _: (
            bool(s.history)
            and s.history[-1].base.evaluation.scatter_win is not None
            and s.phase is Phase.IDLE
        )
    )
    app = lw_app(seed, animations=True)
    async with app.run_test(size=SIZE) as pilot:
        freeze_scenes(app)
        await pilot.press("space")
        await pilot.pause()
        await end_scene(pilot, app)
        scene = main(app).presenter.current
        assert isinstance(scene, WinShowScene)
        scatter = app.session.history[-1].base.evaluation.scatter_win
        assert scatter is not None
        labels = [item.label for item in scene.items]
        assert any(f"POTION scatter pays {format_cents(scatter.win)}" in text for text in labels)
        await settle(pilot, app)


async def test_stacked_wilds_are_drawn_as_one_box() -> None:
    app = lw_app(stacked_win_seed())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        await settle(pilot, app)
        reels = main(app).reels
        window = app.session.history[-1].base.window
        runs = []  # (reel, first row, rows) of every LUCKY standing on two rows or more
        for reel, column in enumerate(window):
            row = 0
            while row < len(column):
                end = row
                while end < len(column) and column[end] == "LUCKY":
                    end += 1
                if end - row >= 2:
                    runs.append((reel, row, end - row))
                row = max(end, row + 1)
        assert len(runs) >= 1 and lucky_pairs(window) >= 2
        tall = [
            (reel, first, rows)
            for reel in range(len(window))
            for first, rows, symbol, drawn_tall in reels.tiles_of(reel)
            if drawn_tall and symbol == "LUCKY"
        ]
        assert tall == runs  # each stack is one tall tile over its rows


async def test_free_spins_are_announced_counted_summed_and_paid() -> None:
    app = lw_app(free_spins_seed(retrigger=False), force=FREE_SPINS, animations=True)
    async with app.run_test(size=SIZE) as pilot:
        freeze_scenes(app)
        await pilot.press("space")
        await pilot.pause()
        await end_scene(pilot, app)  # the reels stop
        while scene_name(app) not in (None, "IntroScene"):  # the intro announces them
            await end_scene(pilot, app)
        assert main(app).query_one("#free-spins-intro", FeatureIntro).words == ("13", "FREE SPINS")
        await settle(pilot, app)
        session = app.session
        assert session.phase is Phase.FEATURE
        assert "13 FREE SPINS! Press Space" in message(app)
        await pilot.press("space")  # start them
        await settle(pilot, app)
        banner = main(app).query_one("#banner", FeatureBanner)
        for number in range(1, 14):
            await pilot.press("space")
            await settle(pilot, app)
            round_ = session.state.round
            if round_ is None:
                break
            labels = " ".join(banner.labels)
            assert f"Free spin {number} of 13" in labels
            assert f"feature win {format_cents(round_.feature_win)}" in labels
        assert main(app).summary_visible
        paid = session.history[-1].paid
        assert session.phase is Phase.IDLE  # paid by itself: no collect, no gamble
        assert session.state.credits == START - 15 + paid
        await pilot.press("space")  # hide the summary
        await settle(pilot, app)
        assert not main(app).summary_visible
        assert box(app, "win") == format_cents(paid)


async def test_a_retrigger_is_announced() -> None:
    app = lw_app(free_spins_seed(retrigger=True), force=FREE_SPINS)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("space")
        await settle(pilot, app)
        await pilot.press("space")
        await settle(pilot, app)
        notes = []
        while app.session.phase is Phase.FEATURE:
            await pilot.press("space")
            await settle(pilot, app)
            notes.append(message(app))
        assert any("+13 free spins!" in note for note in notes)
        record = record_of(app.session.history[-1])
        assert record is not None and record.awarded == 26


def test_lucky_witchs_free_spins_use_the_free_spins_view_without_a_modifier() -> None:
    from slotterm.tui.features.registry import FeatureViews

    views = [v for v in FeatureViews(LW).views if isinstance(v, FreeSpinsView)]
    assert len(views) == 1 and views[0].modifier is None
