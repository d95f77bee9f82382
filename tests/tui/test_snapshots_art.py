"""Snapshots of the symbol art and the reel window: both games at 80×24, 120×40 and 200×60,
without colour (``NO_COLOR``), on the light theme, the line numbers with the active lines
drawn after a line change, a winning line drawn as a path, and the expanding symbol as one
tall picture (animations off, seeded outcomes)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot

from slotterm.tui.app import SlotApp
from tests.tui.lucky_witch_support import lw_app
from tests.tui.main_support import (
    FREE_SPINS,
    expansion_seed,
    main,
    make_app,
    settle,
    winning_seed,
)

SIZES = [(80, 24), (120, 40), (200, 60)]


def _app(game: str, seed: int = 1) -> SlotApp:
    return lw_app(seed) if game == "lucky-witch" else make_app(seed)


async def _press_settled(pilot: Pilot[None], *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await settle(pilot, pilot.app)  # type: ignore[arg-type]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", ["book-of-spells", "lucky-witch"])
def test_the_art_at_each_size(snap_compare: Any, game: str, size: tuple[int, int]) -> None:
    assert snap_compare(_app(game), terminal_size=size)


@pytest.mark.parametrize(
    "game,size", [("book-of-spells", (120, 40)), ("lucky-witch", (80, 24))], ids=["bos", "lw"]
)
def test_the_art_without_colour(
    snap_compare: Any, monkeypatch: pytest.MonkeyPatch, game: str, size: tuple[int, int]
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    assert snap_compare(_app(game), terminal_size=size)


def test_the_art_on_the_light_theme(snap_compare: Any) -> None:
    async def light(pilot: Pilot[None]) -> None:
        pilot.app.theme = "textual-light"
        await pilot.pause()

    assert snap_compare(make_app(winning_seed()), terminal_size=(120, 40), run_before=light)


@pytest.mark.parametrize(
    "game,size", [("book-of-spells", (120, 40)), ("lucky-witch", (80, 24))], ids=["bos", "lw"]
)
def test_the_active_lines_after_a_line_change(
    snap_compare: Any, game: str, size: tuple[int, int]
) -> None:
    async def fewer_lines(pilot: Pilot[None]) -> None:
        await _press_settled(pilot, "left", "left")
        app: SlotApp = pilot.app  # type: ignore[assignment]
        main(app).reels.show_lines(app.session.bet.lines, hold=True)  # no timer to race
        await pilot.pause()

    assert snap_compare(_app(game), terminal_size=size, run_before=fewer_lines)


def test_a_winning_line_drawn_as_a_path(snap_compare: Any) -> None:
    async def show_first_line(pilot: Pilot[None]) -> None:
        await _press_settled(pilot, "space")
        app: SlotApp = pilot.app  # type: ignore[assignment]
        round_ = app.session.state.round
        assert round_ is not None  # the win waits for collect
        win = round_.base.evaluation.line_wins[0]
        rows = app.session.game.lines[win.line - 1]
        cells = frozenset((reel, rows[reel]) for reel in range(win.count))
        main(app).reels.mark(cells, dim_others=True, path=rows, number=win.line, label=" win ")
        await pilot.pause()

    assert snap_compare(
        make_app(winning_seed()), terminal_size=(120, 40), run_before=show_first_line
    )


def test_the_expanding_symbol_as_one_tall_picture(snap_compare: Any) -> None:
    seed, spins = expansion_seed()

    async def play(pilot: Pilot[None]) -> None:
        await _press_settled(pilot, "space", "space", *(["space"] * spins))

    app = make_app(seed, force=FREE_SPINS)
    assert snap_compare(app, terminal_size=(200, 60), run_before=play)
