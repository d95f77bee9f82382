"""The feature views' contract: every feature has a view, only the views name a feature's
details, and the scenes of a round take a stage, not the main screen."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest
from textual.widget import Widget
from textual.widgets import Static

from slotterm.engine.actions import Spin
from slotterm.engine.features.expanding_symbol import ExpandingSymbol
from slotterm.engine.features.free_spins import FreeSpins
from slotterm.engine.features.mystery_bonus import OpenBonus
from slotterm.engine.features.pick_game import Pick, PickGame
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import FeatureFrame, GameState, Phase, Round
from slotterm.games import game_ids, get_game
from slotterm.money import format_cents
from slotterm.rng import SeededSource
from slotterm.session.game_session import demo_session
from slotterm.tui.features.expanding_symbol_view import ExpandingSymbolView
from slotterm.tui.features.free_spins_view import FreeSpinsView
from slotterm.tui.features.magic_book import MagicBook
from slotterm.tui.features.mystery_bonus_view import MysteryBonusView
from slotterm.tui.features.pick_screens import PICK_SCREENS
from slotterm.tui.features.registry import FEATURE_VIEWS, MODIFIER_VIEWS, FeatureViews
from tests.tui.main_support import GAME

TUI = Path(__file__).parents[2] / "slotterm" / "tui"
MAIN_SCREEN = "slotterm.tui.screens.main_screen"


@pytest.mark.parametrize("game_id", game_ids())
def test_every_feature_of_every_game_has_a_view(game_id: str) -> None:
    game = get_game(game_id)
    views = FeatureViews(game)
    assert [v.feature.name for v in views.views] == [f.name for f in game.features]
    for feature in game.features:
        assert feature.name in FEATURE_VIEWS
        modifier = getattr(feature, "modifier", None)
        if modifier is not None:
            assert modifier.name in MODIFIER_VIEWS


@pytest.mark.parametrize("game_id", game_ids())
def test_every_part_of_every_feature_has_its_screen_and_is_shown_by_its_host(
    game_id: str,
) -> None:
    """A feature's parts (the Mystery bonus's pick games) have no view of their own: each
    has a screen, and the host's view answers while a part is being played."""
    game = get_game(game_id)
    views = FeatureViews(game)
    for view in views.views:
        for part in view.feature.parts():
            assert isinstance(part, PickGame)
            assert PICK_SCREENS[part.name].game_name == part.name
            round_ = Round(
                **{
                    **_open_round(game)._asdict(),
                    "frames": (FeatureFrame(feature=part.name, record=None),),
                }
            )
            state = GameState(phase=Phase.FEATURE, credits=0, round=round_)
            assert views.active(state) is view


def _open_round(game: GameDefinition) -> Round:
    session = demo_session(game, SeededSource(1))
    session.act(Spin(session.bet, limits=session.limits))
    round_ = session.state.round or session.history[-1]
    return round_


def test_each_pick_screen_has_its_stylesheet() -> None:
    for screen in PICK_SCREENS.values():
        assert isinstance(screen.CSS_PATH, str)
        assert (TUI / "features" / screen.CSS_PATH).is_file()


def test_lucky_witch_tells_of_both_features_between_rounds() -> None:
    tagline = FeatureViews(get_game("lucky-witch")).tagline() or ""
    assert "CAULDRON on reels 1, 3 and 5" in tagline
    assert "13 free spins" in tagline


def test_the_mystery_bonus_in_history_replay_and_paytable() -> None:
    witch = get_game("lucky-witch")
    session = demo_session(witch, SeededSource(3))
    session.act(Spin(session.bet, force="mystery_bonus:vault", limits=session.limits))
    view = FeatureViews(witch).views[0]
    assert isinstance(view, MysteryBonusView)
    open_round = session.state.round
    assert open_round is not None
    assert view.history_label(open_round) == "Bonus"
    assert view.prompt(open_round) == "Press Space to stir the cauldron."
    session.act(OpenBonus())
    for index in (0, 1, 2, 0):
        session.act(Pick(index))
    closed = session.history[-1]
    record = closed.frames[-1].record
    assert record.opened == 0
    prize = record.layout[0] * closed.bet.total
    assert view.history_label(closed) == f"Secret Vault {format_cents(prize)}"
    (step,) = view.replay_steps(closed, credits=123)
    assert step.title == "Mystery bonus: Secret Vault"
    assert "Vaults chosen: 1, 2, 3." in step.details
    assert f"Vault 1 opened: {record.layout[0]}× bet." in step.details
    assert step.details[-1] == f"Prize: {format_cents(prize)}."
    assert step.win == closed.base_win + prize
    heading, text = view.paytable_rules(closed.bet)
    assert heading == "Mystery bonus"
    # 30,000 coins at this bet's coin size (1 cent)
    assert "at most 300.00 at this bet" in text


def test_book_of_spells_free_spins_carry_the_magic_book_view() -> None:
    (view,) = FeatureViews(GAME).views
    assert isinstance(view, FreeSpinsView) and isinstance(view.feature, FreeSpins)
    assert isinstance(view.modifier, ExpandingSymbolView)
    assert isinstance(view.modifier.modifier, ExpandingSymbol)
    assert view.modifier.candidates == GAME.feature("free_spins").modifier.candidates  # type: ignore[attr-defined]


def test_each_view_has_its_stylesheet() -> None:
    for view_class in [*FEATURE_VIEWS.values(), *MODIFIER_VIEWS.values()]:
        assert view_class.stylesheet is not None
        assert (TUI / "features" / view_class.stylesheet).is_file()


FEATURE_WORDS = re.compile(r"magic ?book|special|expan", re.IGNORECASE)


def test_only_the_feature_views_name_the_magic_book_and_the_expansion() -> None:
    named = [
        str(path.relative_to(TUI))
        for path in sorted(TUI.rglob("*"))
        if path.suffix in (".py", ".tcss")
        and "features" not in path.parts
        and FEATURE_WORDS.search(path.read_text(encoding="utf-8"))
    ]
    assert named == []


def test_only_the_app_imports_the_main_screen() -> None:
    """The scenes and the views get a stage: no module (not even for type checking) imports
    the main screen but the app that shows it."""
    importers = []
    for path in sorted(TUI.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == MAIN_SCREEN:
                importers.append(str(path.relative_to(TUI)))
    assert importers == ["app.py"]


@pytest.mark.parametrize(
    ("game_id", "overlay_ids"),
    [("book-of-spells", ("book", "summary")), ("lucky-witch", ("cauldron", "summary"))],
)
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_overlays_cover_the_reels_whole_and_keep_their_size(
    game_id: str, overlay_ids: tuple[str, ...], size: tuple[int, int]
) -> None:
    """A feature's overlay covers the whole stage (no part of a symbol beside it) and its
    size does not follow its text (a longer text does not make it jump)."""
    from tests.tui.main_support import make_app

    session = demo_session(get_game(game_id), SeededSource(1))
    app = make_app(session=session)
    async with app.run_test(size=size) as pilot:
        stage = app.main_screen.query_one("#stage")
        for overlay_id in overlay_ids:
            overlay = app.main_screen.query_one(f"#{overlay_id}")
            overlay.display = True
            _show(overlay, "short")
            await pilot.pause()
            assert overlay.region == stage.region, overlay_id
            _show(overlay, "a much longer text that has to wrap over several lines " * 6)
            await pilot.pause()
            assert overlay.region == stage.region, overlay_id
            overlay.display = False


def _show(overlay: Widget, text: str) -> None:
    """Put ``text`` on an overlay (the Magic Book: a symbol with a short or a long name)."""
    if isinstance(overlay, MagicBook):
        symbols = sorted(overlay.game.symbol_index, key=len)
        overlay.show_page(symbols[0] if len(text) < 10 else symbols[-1], landed=False)
    else:
        assert isinstance(overlay, Static)
        overlay.update(text)


async def test_the_banner_names_the_pick_game_only_when_told_not_as_progress() -> None:
    """The pick game drawn is a reveal, not the bonus's progress: the banner's ``advance``
    (called the moment the cauldron is stirred) leaves "a pick game awaits" up; only
    ``show_part`` (the cauldron landed, or at rest) names the game."""
    from textual.app import App, ComposeResult

    from slotterm.tui.widgets.feature_banner import FeatureBanner

    class BannerApp(App[None]):
        def compose(self) -> ComposeResult:
            yield FeatureBanner("idle")

    async with BannerApp().run_test() as pilot:
        _banner_reveals_the_game(pilot.app.query_one(FeatureBanner))


def _banner_reveals_the_game(banner: Any) -> None:
    witch = get_game("lucky-witch")
    session = demo_session(witch, SeededSource(3))
    session.act(Spin(session.bet, force="mystery_bonus:vault", limits=session.limits))
    view = FeatureViews(witch).views[0]
    assert isinstance(view, MysteryBonusView)
    awaiting = view.banner(session.state.round)  # type: ignore[arg-type]
    banner.show_part(awaiting)
    assert banner.labels == ("MYSTERY BONUS", "a pick game awaits")
    session.act(OpenBonus())
    drawn = view.banner(session.state.round)  # type: ignore[arg-type]
    assert drawn is not None and "Secret Vault" in drawn.labels
    banner.advance(drawn)
    assert "Secret Vault" not in banner.labels
    banner.show_part(drawn)
    assert "Secret Vault" in banner.labels
