"""The key rule: in every state exactly one meaning of Space works (or none)."""

from __future__ import annotations

import itertools

from slotterm.engine.round import Phase
from slotterm.tui.keymap import GAME_BINDINGS, KeyState, key_enabled, parse_action


def _space_actions() -> list[str]:
    names = []
    for binding in GAME_BINDINGS:
        keys = binding.key.split(",")  # type: ignore[union-attr]
        if "space" in keys:
            names.append(parse_action(binding.action)[0])  # type: ignore[union-attr]
    return names


def test_space_has_at_most_one_meaning_in_every_state() -> None:
    space = _space_actions()
    for phase, stoppable, autoplay, summary in itertools.product(
        Phase, (False, True), (False, True), (False, True)
    ):
        state = KeyState(phase, stoppable, autoplay, summary, can_gamble=False, needs_top_up=False)
        enabled = [a for a in space if key_enabled(a, state)]
        first = enabled[:1]
        assert len(first) <= 1
        if stoppable:
            assert first == ["stop"]
        elif summary:
            assert first == ["hide_summary"]
        elif phase is Phase.IDLE and not autoplay:
            assert first == ["spin"]
        elif phase is Phase.WIN_OFFERED and not autoplay:
            assert first == ["collect"]
        elif phase is Phase.FEATURE_AWARDED:
            assert first == ["start_feature"]
        elif phase is Phase.FREE_SPINS:
            assert first == ["free_spin"]
        else:
            assert first == []


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
    book = KeyState(Phase.FREE_SPINS, True, False, False, False, False, book=True)
    reels = KeyState(Phase.IDLE, True, False, False, False, False)
    assert [a for a in _space_actions() if key_enabled(a, book)][:1] == ["skip"]
    assert [a for a in _space_actions() if key_enabled(a, reels)][:1] == ["stop"]
    assert not key_enabled("stop", book) and not key_enabled("skip", reels)
