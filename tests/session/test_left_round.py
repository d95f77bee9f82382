"""The ``seen`` mark in the save and the note about a round left mid-show
(:mod:`slotterm.session.left_round`): written, read back, refused when it cannot be
true, optional for older saves; saved at rest only when a restart would otherwise tell a
step already seen; each kind of step told in its own words."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from slotterm.engine import policy
from slotterm.engine.actions import Guess, Spin, StartGamble
from slotterm.engine.features.free_spins_records import PlayFreeSpin, StartFeature
from slotterm.engine.features.mystery_bonus import OpenBonus
from slotterm.engine.features.pick_game import Pick
from slotterm.engine.features.pick_games.spell_book import SpellBook
from slotterm.engine.gamble import Color, card_label
from slotterm.engine.records import Phase
from slotterm.money import format_cents
from slotterm.rng import SeededSource
from slotterm.session.codec import PayloadEncoder, decode_payload
from slotterm.session.errors import SaveError, SaveFormatError
from slotterm.session.game_session import GameSession, demo_session
from slotterm.session.opening import open_session
from slotterm.session.settings import default_settings
from tests.session.helpers import GAME, WITCH, Clock


def fresh(game: Any = WITCH, seed: int = 3) -> GameSession:
    """A demo session counting its saves in ``saves``."""
    session = demo_session(game, SeededSource(seed), clock=Clock())
    session.saves = 0  # type: ignore[attr-defined]

    def persist(s: GameSession) -> None:
        s.saves += 1  # type: ignore[attr-defined]

    session.persist = persist
    return session


def spin(session: GameSession, force: str | None = None) -> None:
    """One spin at the session's bet."""
    session.act(Spin(session.bet, force=force, limits=session.limits))


def payload(session: GameSession) -> Any:
    """The session's save payload, as JSON data."""
    return json.loads(PayloadEncoder().encode(session))


# --- the mark in the save -------------------------------------------------------------


def test_a_fresh_session_has_seen_nothing_and_says_nothing() -> None:
    session = fresh()
    assert session.seen == (0, 0)
    assert payload(session)["seen"] == [0, 0]
    assert session.left_round() is None


def test_the_mark_round_trips_and_an_older_save_without_it_reads_as_unknown() -> None:
    session = fresh()
    spin(session)
    session.mark_seen()
    doc = payload(session)
    assert doc["seen"] == [1, 1]
    assert decode_payload(doc, WITCH).seen == (1, 1)
    del doc["seen"]  # written before the mark existed
    assert decode_payload(doc, WITCH).seen is None
    session.seen = None
    assert "seen" not in payload(session)  # unknown stays unknown: nothing is made up
    assert session.left_round() is None


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        ("1,1", "save.seen must be a list"),
        ([1], "save.seen must hold 2 items"),
        ([1, True], "save.seen must be a whole number"),
        ([-1, 0], "save.seen must be 0.."),
        ([2, 0], "save.seen must be 0..1, got 2"),
        ([1, 2], "save.seen: round 1 has fewer steps"),
        ([0, 1], "save.seen: no steps before the first round"),
    ],
)
def test_a_mark_that_cannot_be_true_is_refused_in_one_line(value: Any, reason: str) -> None:
    session = fresh()
    spin(session)
    doc = payload(session)
    doc["seen"] = value
    with pytest.raises(SaveFormatError) as caught:
        decode_payload(doc, WITCH)
    assert reason in str(caught.value) and "\n" not in str(caught.value)


def test_the_mark_goes_into_the_folder_and_comes_back_on_open(tmp_path: Path) -> None:
    settings = default_settings(WITCH)
    opened = open_session(WITCH, settings, root=tmp_path, seed=4, state_root=tmp_path / "st")
    session = opened.session
    spin(session)
    opened.close()  # left before the spin's show ended
    again = open_session(WITCH, settings, root=tmp_path, seed=4, state_root=tmp_path / "st")
    try:
        assert again.session.seen == (0, 0)
        assert again.session.resume_note is not None
        assert again.session.resume_note.startswith("The spin you left")
        again.session.mark_seen()  # the machine at rest, the note on its message line
        assert again.session.resume_note is None  # a game screen built again says nothing
    finally:
        again.close()


# --- when the mark is saved -----------------------------------------------------------------


def test_the_mark_is_saved_at_rest_only_when_a_restart_would_tell() -> None:
    session = fresh()
    spin(session)  # Lucky Witch: the round closes at once, its note would be said
    saves = session.saves  # type: ignore[attr-defined]
    session.mark_seen()
    assert session.saves == saves + 1  # type: ignore[attr-defined]
    session.mark_seen()  # nothing new: nothing written
    assert session.saves == saves + 1  # type: ignore[attr-defined]


def test_a_mark_that_cannot_be_saved_costs_only_a_note_said_twice() -> None:
    session = fresh()
    spin(session)

    def full_disk(_: GameSession) -> None:
        raise SaveError("disk full")

    session.persist = full_disk
    session.mark_seen()  # no error for the player: the spin itself was saved
    assert session.seen == (1, 1)


def test_a_step_a_restart_would_not_tell_waits_for_the_next_save() -> None:
    session = fresh()
    spin(session, force="mystery_bonus:vault")
    session.mark_seen()
    session.act(OpenBonus())  # the pick screen shows the game on restart anyway
    saves = session.saves  # type: ignore[attr-defined]
    session.mark_seen()
    assert session.saves == saves  # type: ignore[attr-defined]
    assert session.seen == (1, 2)
    assert payload(session)["seen"] == [1, 2]  # the next save carries it


# --- what is said -----------------------------------------------------------------------------


def test_a_free_spins_trigger_is_told_with_the_spins_won() -> None:
    session = fresh(GAME)
    spin(session, force="free_spins")
    round_ = session.state.round
    assert session.phase is Phase.FEATURE and round_ is not None
    awarded = round_.frames[0].record.awarded
    assert session.left_round() == f"The spin you left won {awarded} free spins."
    session.mark_seen()
    session.act(StartFeature())
    session.mark_seen()
    session.act(PlayFreeSpin())
    assert session.left_round() is None  # the reels show that free spin on restart


def _free_spins_closed_by_a_free_spin() -> GameSession:
    """Lucky Witch free spins played to the end, the last step a free spin, each step
    before the last marked seen."""
    for seed in range(60):
        session = fresh(seed=seed)
        spin(session, force="free_spins")
        while session.phase is Phase.FEATURE:
            session.mark_seen()
            action = policy.next_action(WITCH, session.state, "best")
            assert action is not None
            session.act(action)
        if isinstance(session.history[-1].steps[-1].action, PlayFreeSpin):
            return session
    raise AssertionError("no seed ends its free spins on a free spin")


def test_free_spins_that_closed_the_round_tell_what_it_paid() -> None:
    session = _free_spins_closed_by_a_free_spin()
    closed = session.history[-1]
    paid = format_cents(closed.paid)
    expected = (
        f"Your round ended: it paid {paid}, added to your credits."
        if closed.paid
        else "Your round ended with no win."
    )
    assert session.left_round() == expected


def _gamble_lost() -> tuple[GameSession, int]:
    """A Book of Spells win gambled on red until lost (each card seen but the last);
    returns the session and the stake lost."""
    for seed in range(200):
        session = fresh(GAME, seed=seed)
        spin(session)
        if not session.can(StartGamble()):
            continue
        assert session.left_round() is None  # a waiting win: credited on start, own note
        session.mark_seen()
        session.act(StartGamble())
        while session.phase is Phase.GAMBLE:
            round_ = session.state.round
            assert round_ is not None
            stake = round_.win
            session.mark_seen()
            session.act(Guess(Color.RED))
            if session.phase is Phase.GAMBLE:
                assert session.left_round() is None  # the gamble resumes, its cards shown
        if session.state.round is None:
            return session, stake
    raise AssertionError("no seed loses a gamble")


def test_a_lost_gamble_names_the_card_and_the_win_lost() -> None:
    session, stake = _gamble_lost()
    step = session.history[-1].gamble[-1]
    assert not step.won and step.stake == stake
    expected = f"Your gamble card was {card_label(step.card)}: the win of "
    assert session.left_round() == f"{expected}{format_cents(stake)} was lost."


def test_a_spell_book_ended_names_the_book_and_the_imp() -> None:
    session = fresh()
    spin(session, force="mystery_bonus:spell-book")
    session.act(OpenBonus())
    session.mark_seen()
    session.act(Pick(1))
    frame = session.history[-1].frames[-1]
    game = WITCH.feature(frame.feature)
    assert isinstance(game, SpellBook)
    record = frame.record
    multiple = record.books[1] + (record.imp or 0)  # DESIGN.md §2: the book plus any imp
    prize = format_cents(multiple * session.history[-1].bet.total)
    expected = f"Your Spell Book paid {prize} (book 2: {multiple}× bet)."
    assert session.left_round() == expected
