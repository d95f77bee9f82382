"""The free spins' view of a win multiplier: "ALL WINS ×3" in the banner, the tagline, the
rules and the help section say it only when the free spins multiply their wins."""

from __future__ import annotations

import pytest

from slotterm.engine.features import free_spins_records
from slotterm.engine.model import GameDefinition
from slotterm.tui.features.registry import view_for
from tests.engine.multiplier_support import multiplied, spin_win, started
from tests.engine.support import FILLER, TRIGGER, WITCH3, game_showing


def _view(game: GameDefinition):  # type: ignore[no-untyped-def]
    view = view_for(game, game.feature(free_spins_records.NAME))
    assert view is not None
    return view


@pytest.mark.parametrize("times", [1, 3])
def test_the_banner_says_all_wins_times_n_only_above_one(times: int) -> None:
    game = multiplied(game_showing(TRIGGER, WITCH3, FILLER), times)
    _, t = spin_win(game, started(game), 1)
    assert t.state.round is not None
    part = _view(game).banner(t.state.round)
    assert part is not None and part.labels[-1] == "Free spin 1 of 10"
    assert ("ALL WINS ×3" in part.labels) is (times == 3)
    assert not any("×1" in label for label in part.labels)


@pytest.mark.parametrize("times", [1, 3])
def test_tagline_rules_and_help_section(times: int) -> None:
    game = multiplied(game_showing(TRIGGER, WITCH3, FILLER), times)
    view = _view(game)
    _, rules = view.paytable_rules(game.default_bet())
    section = view.help_section(None)
    text = section.text
    assert "**10 free spins**" in text and "add 10 more" in text
    said = [view.tagline(), rules, text]
    if times == 1:
        assert not any("multiplied" in s or "×" in s for s in said)
    else:
        assert view.tagline().endswith("with every win ×3" + view.modifier.tagline())
        assert "multiplied by 3" in rules and "multiplied by 3" in text
        assert "special symbol" in text  # the Magic Book's wins count 3 times too
