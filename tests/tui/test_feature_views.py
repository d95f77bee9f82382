"""The feature views' contract: every feature has a view, only the views name a feature's
details, and the scenes of a round take a stage, not the main screen."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from slotterm.engine.features.expanding_symbol import ExpandingSymbol
from slotterm.engine.features.free_spins import FreeSpins
from slotterm.games import game_ids, get_game
from slotterm.tui.features.expanding_symbol_view import ExpandingSymbolView
from slotterm.tui.features.free_spins_view import FreeSpinsView
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
