"""The key rule: in every state exactly one meaning of Space works (or none)."""

from __future__ import annotations

import itertools

from textual.binding import Binding

from slotterm.engine.features.free_spins_records import PlayFreeSpin, StartFeature
from slotterm.engine.records import Phase
from slotterm.tui.features.registry import FeatureViews
from slotterm.tui.keymap import GAME_BINDINGS, KeyState, key_enabled, parse_action
from tests.tui.main_support import GAME

START = StartFeature.name
PLAY = PlayFreeSpin.name
FEATURE_STEPS: tuple[frozenset[str], ...] = (frozenset(), frozenset({START}), frozenset({PLAY}))
"""The feature actions the session may allow in ``Phase.FEATURE``: none, start, play."""


def _space_actions() -> list[tuple[str, tuple[object, ...]]]:
    """Every action bound to Space: the core's, then the game's feature keys."""
    names = []
    for binding in [*GAME_BINDINGS, *FeatureViews(GAME).bindings()]:
        assert isinstance(binding, Binding)
        if "space" in binding.key.split(","):
            names.append(parse_action(binding.action))
    return names


def test_space_has_at_most_one_meaning_in_every_state() -> None:
    space = _space_actions()
    for phase, stoppable, autoplay, summary in itertools.product(
        Phase, (False, True), (False, True), (False, True)
    ):
        for steps in FEATURE_STEPS if phase is Phase.FEATURE else (frozenset(),):
            state = KeyState(
                phase,
                stoppable,
                autoplay,
                summary,
                can_gamble=False,
                needs_top_up=False,
                feature_actions=steps,
            )
            enabled = [(a, args) for a, args in space if key_enabled(a, state, args)]
            first = enabled[:1]
            assert len(first) <= 1
            if stoppable:
                assert first == [("stop", ())]
            elif summary:
                assert first == [("hide_summary", ())]
            elif phase is Phase.IDLE and not autoplay:
                assert first == [("spin", ())]
            elif phase is Phase.WIN_OFFERED and not autoplay:
                assert first == [("collect", ())]
            elif START in steps:
                assert first == [("feature", (START,))]
            elif PLAY in steps:
                assert first == [("feature", (PLAY,))]
            else:
                assert first == []


def test_the_feature_keys_are_the_free_spins_start_and_play() -> None:
    keys = {parse_action(b.action)[1][0]: b for b in FeatureViews(GAME).bindings()}
    assert set(keys) == {START, PLAY}
    assert keys[START].description == "Magic Book"
    assert keys[PLAY].description == "Free spin"
    playing = KeyState(
        Phase.FEATURE, False, False, False, False, False, feature_actions=frozenset({PLAY})
    )
    assert key_enabled("feature", playing, (PLAY,))
    assert not key_enabled("feature", playing, (START,))
    moving = KeyState(
        Phase.FEATURE, True, False, False, False, False, feature_actions=frozenset({PLAY})
    )
    assert not key_enabled("feature", moving, (PLAY,))  # not while a scene can be stopped


def test_bet_and_lines_only_between_rounds_without_autoplay() -> None:
    for phase in Phase:
        for autoplay in (False, True):
            state = KeyState(phase, False, autoplay, False, False, False)
            expected = phase is Phase.IDLE and not autoplay
            for action in ("bet", "lines", "bet_max", "spin"):
                assert key_enabled(action, state) is expected


def test_gamble_needs_the_session_to_allow_it() -> None:
    base = dict(phase=Phase.WIN_OFFERED, stoppable=False, summary=False, needs_top_up=False)
    assert key_enabled("gamble", KeyState(autoplay=False, can_gamble=True, **base))  # type: ignore[arg-type]
    assert not key_enabled("gamble", KeyState(autoplay=False, can_gamble=False, **base))  # type: ignore[arg-type]
    assert not key_enabled("gamble", KeyState(autoplay=True, can_gamble=True, **base))  # type: ignore[arg-type]


def test_parse_action() -> None:
    assert parse_action("bet(-1)") == ("bet", (-1,))
    assert parse_action("spin") == ("spin", ())
    assert parse_action("feature('play_free_spin')") == ("feature", ("play_free_spin",))


def test_keypad_and_kitty_names_are_bound() -> None:
    keys = {k for b in GAME_BINDINGS for k in b.key.split(",")}  # type: ignore[union-attr]
    assert {"plus", "minus", "add", "subtract", "enter", "0", "1", "2", "5", "7", "8", "9"} <= keys


def test_the_feature_summary_must_be_hidden_before_collect_gamble_or_autoplay() -> None:
    shown = KeyState(Phase.WIN_OFFERED, False, False, True, can_gamble=True, needs_top_up=False)
    hidden = KeyState(Phase.WIN_OFFERED, False, False, False, can_gamble=True, needs_top_up=False)
    offer = ("collect", "collect_and_spin", "gamble", "autoplay")
    assert key_enabled("hide_summary", shown)
    assert [a for a in offer if key_enabled(a, shown)] == []
    assert [a for a in offer if key_enabled(a, hidden)] == list(offer)


def test_space_skips_the_magic_book_and_stops_the_reels() -> None:
    book = KeyState(
        Phase.FEATURE,
        True,
        False,
        False,
        False,
        False,
        skippable=True,
        feature_actions=frozenset({PLAY}),
    )
    reels = KeyState(Phase.IDLE, True, False, False, False, False)
    assert [a for a, args in _space_actions() if key_enabled(a, book, args)][:1] == ["skip"]
    assert [a for a, args in _space_actions() if key_enabled(a, reels, args)][:1] == ["stop"]
    assert not key_enabled("stop", book) and not key_enabled("skip", reels)


def test_a_summary_over_an_idle_machine_holds_the_bet_and_spin_keys() -> None:
    """A feature that closed its round shows its summary on an idle machine (Lucky
    Witch: no gamble): + / - and the spin keys wait until it is hidden."""
    shown = KeyState(Phase.IDLE, False, False, True, can_gamble=False, needs_top_up=False)
    hidden = KeyState(Phase.IDLE, False, False, False, can_gamble=False, needs_top_up=False)
    keys = ("spin", "bet", "lines", "bet_max")
    assert key_enabled("hide_summary", shown)
    assert [a for a in keys if key_enabled(a, shown)] == []
    assert [a for a in keys if key_enabled(a, hidden)] == list(keys)
