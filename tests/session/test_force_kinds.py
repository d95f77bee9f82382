"""The ``--force`` plans (retrigger, five of a kind, the cap) and pick-game layouts,
played by a session on every shipped game: what the round shows, that it is marked
forced (the save, ``history --json``, the statistics), and that its record replays."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from slotterm.engine.actions import Spin
from slotterm.engine.events import Event
from slotterm.engine.features.free_spins_records import FreeSpinsAwarded
from slotterm.engine.model import GameDefinition
from slotterm.engine.policy import next_action
from slotterm.engine.records import EndReason, Round
from slotterm.engine.replay import replay_round
from slotterm.force_kinds import ForceError, parse_force
from slotterm.games import game_ids, get_game
from slotterm.rng import SeededSource
from slotterm.session.codec import PayloadEncoder, decode_payload
from slotterm.session.game_session import GameSession, demo_session
from slotterm.session.history_view import round_view

GAMES = [get_game(g) for g in game_ids()]
assert {"book-of-spells", "lucky-witch", "orchard-sevens"} <= {g.id for g in GAMES}
WITCH = get_game("lucky-witch")


def _play_round(session: GameSession, force: str | None = None) -> tuple[Round, list[Event]]:
    """One round by the best policy (the spin forcing ``force``): the round and its events."""
    events = list(session.act(Spin(session.bet, force=force, limits=session.limits)).events)
    while session.open_round is not None:
        action = next_action(session.game, session.state)
        assert action is not None
        events += session.act(action).events
    return session.history[-1], events


def _forced_session(game: GameDefinition, text: str, seed: int = 4) -> GameSession:
    session = demo_session(game, SeededSource(seed), credits=10**9)
    session.forcing = parse_force(game, text, session.bet)
    return session


def _payload(session: GameSession) -> Any:
    return json.loads(PayloadEncoder().encode(session))


def _marked_and_replayed(session: GameSession, closed: Round) -> None:
    """The round is forced in the save, in history --json and the statistics, and
    its record alone replays it."""
    doc = _payload(session)
    assert str(closed.number) in doc["forced_stops"]
    again = decode_payload(doc, session.game)
    assert again.forced_steps == session.forced_steps
    view = round_view(closed, None, closed=True, forced_steps=session.forced_steps[closed.number])
    assert view["forced"] and view["forced_stops"]
    assert session.round_forced(closed)
    stats = session.statistics()
    assert stats.forced_rounds == 1 and stats.fair_rounds == 0
    assert replay_round(session.game, closed) == closed


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_retrigger_starts_the_free_spins_and_retriggers_them(game: GameDefinition) -> None:
    session = _forced_session(game, "retrigger")
    closed, events = _play_round(session)
    assert any(isinstance(e, FreeSpinsAwarded) and not e.retrigger for e in events)
    assert any(isinstance(e, FreeSpinsAwarded) and e.retrigger for e in events)
    _marked_and_replayed(session, closed)
    assert session.forcing is None and session.forced_stops == []
    fair, _ = _play_round(session)  # the next round is the player's own
    assert not session.round_forced(fair)
    assert session.statistics().fair_rounds == 1


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_five_of_a_kind_shows_the_symbol_on_a_paid_line(game: GameDefinition) -> None:
    symbol = next(s for s in game.symbols if s.id in game.paytable)
    session = _forced_session(game, f"five-of-a-kind:{symbol.name.upper()}")
    closed, _ = _play_round(session)
    window = closed.base.window
    lines = game.lines[: closed.bet.lines]
    assert any(all(window[r][row] == symbol.id for r, row in enumerate(line)) for line in lines)
    paid = closed.base.evaluation.line_wins
    assert any(w.symbol == symbol.id and w.count == 5 for w in paid)
    _marked_and_replayed(session, closed)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_cap_ends_the_round_at_the_cap_of_the_bet(game: GameDefinition) -> None:
    session = _forced_session(game, "cap")
    closed, _ = _play_round(session)
    assert closed.ended_by is EndReason.CAP
    assert closed.paid == game.max_win(closed.bet.total, session.limits)
    assert session.forced_stops == [] and session.plan_spins_left == 0  # the rest dropped
    _marked_and_replayed(session, closed)


LAYOUTS = [
    ("pumpkin", "2,4,6,10,50", (2, 4, 6, 10, 50)),
    (
        "potion",
        "5,2,stop,1,3,win-all,8,1,2,5,3,1",
        (5, 2, "stop", 1, 3, "win_all", 8, 1, 2, 5, 3, 1),
    ),
    ("vault", "100,3,4,5,6,8,10,12,15,20,25,40", (100, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 40)),
]


@pytest.mark.parametrize(("label", "text", "layout"), LAYOUTS)
def test_a_forced_layout_is_the_pick_games_hidden_layout(
    label: str, text: str, layout: tuple[Any, ...]
) -> None:
    forcing = parse_force(WITCH, f"mystery-bonus:{label}={text}")
    assert forcing.feature == f"mystery_bonus:{label}={text}"
    session = demo_session(WITCH, SeededSource(2), credits=10**9)
    session.act(Spin(session.bet, force=forcing.feature, limits=session.limits))
    session.act(next_action(WITCH, session.state))  # open the bonus: the layout is drawn
    assert session.open_round is not None
    assert session.open_round.active is not None
    assert session.open_round.active.record.layout == layout
    while session.open_round is not None:
        session.act(next_action(WITCH, session.state))
    closed = session.history[-1]
    assert session.round_forced(closed) and replay_round(WITCH, closed) == closed
    again = decode_payload(_payload(session), WITCH)
    assert again.history[-1] == closed and session.forced_draws == []


@pytest.mark.parametrize(("imp", "text"), [(None, "5,10,20"), (25, "5,10,20+25")])
def test_a_forced_spell_book_has_its_books_and_its_imp(imp: int | None, text: str) -> None:
    session = demo_session(WITCH, SeededSource(2), credits=10**9)
    force = parse_force(WITCH, f"mystery-bonus:spell-book={text}").feature
    session.act(Spin(session.bet, force=force, limits=session.limits))
    session.act(next_action(WITCH, session.state))
    assert session.open_round is not None and session.open_round.active is not None
    record = session.open_round.active.record
    assert (record.books, record.imp) == ((5, 10, 20), imp)


@pytest.mark.parametrize(
    ("game_id", "text", "said"),
    [
        ("lucky-witch", "mystery-bonus:pumpkin=2,4,6", "needs 5 amounts (one per pumpkin), got 3"),
        ("lucky-witch", "mystery-bonus:pumpkin=2,4,6,10,7", "'7' is not an amount"),
        (
            "lucky-witch",
            "mystery-bonus:potion=1,1,1,1,1,1,1,1,1,1,stop,stop",
            "win-all exactly once",
        ),
        ("lucky-witch", "mystery-bonus:vault=3,3,4,5,6,8,10,12,15,20,25,40", "3 stands 2 times"),
        ("lucky-witch", "mystery-bonus:spell-book=5,10,20+7", "'7' is not an imp multiplier"),
        ("lucky-witch", "mystery-bonus:jackpot=1,2", "no pick game 'jackpot'"),
        ("lucky-witch", "mystery-bonus:=1,2", "name the pick game"),
        ("book-of-spells", "five-of-a-kind:DRAGON", "no symbol 'DRAGON'"),
        ("book-of-spells", "five-of-a-kind", "needs a symbol"),
        ("orchard-sevens", "retrigger:now", "takes nothing after it"),
        ("orchard-sevens", "jackpot", "no such event 'jackpot'"),
        ("book-of-spells", "mystery-bonus", "no mystery-bonus feature"),
    ],
)
def test_a_force_that_cannot_be_played_is_one_line(game_id: str, text: str, said: str) -> None:
    with pytest.raises(ForceError) as caught:
        parse_force(get_game(game_id), text)
    assert said in str(caught.value) and "\n" not in str(caught.value)


def test_a_symbol_is_named_by_its_id_or_its_name_in_any_case() -> None:
    orchard = get_game("orchard-sevens")
    assert parse_force(orchard, "five-of-a-kind:red seven").symbol == "SEVEN"
    assert parse_force(orchard, "five-of-a-kind:Seven").symbol == "SEVEN"


def test_a_plan_the_bet_cannot_play_refuses_the_spin_in_one_line() -> None:
    """The cap of Lucky Witch is money: at the smallest bet it takes too many spins."""
    session = demo_session(WITCH, SeededSource(1), credits=10**9)
    session.bet = WITCH.default_bet(lines=1)
    session.forcing = parse_force(WITCH, "cap")
    reason = session.refusal(Spin(session.bet, limits=session.limits))
    assert reason is not None and reason.startswith("--force cap: ") and "\n" not in reason


def test_a_forced_layout_left_open_is_loaded_back_from_the_save(tmp_path: Path) -> None:
    """The game stops with the forced pick game open: the save holds its layout, the spin's
    force and the forced steps; the restart plays on from exactly there."""
    from slotterm.session.opening import open_session
    from slotterm.session.settings import default_settings

    def opened() -> Any:
        return open_session(WITCH, default_settings(WITCH), root=tmp_path, seed=9)

    first = opened()
    session = first.session
    session.forcing = parse_force(WITCH, "mystery-bonus:vault=100,3,4,5,6,8,10,12,15,20,25,40")
    session.act(Spin(session.bet, limits=session.limits))
    session.act(next_action(WITCH, session.state))
    saved_state, saved_steps = session.state, dict(session.forced_steps)
    first.close()
    again = opened()
    try:
        loaded = again.session
        assert loaded.state == saved_state and loaded.forced_steps == saved_steps
        assert loaded.open_round is not None and loaded.open_round.active is not None
        assert loaded.open_round.active.record.layout[0] == 100
        assert loaded.round_forced(loaded.open_round)
    finally:
        again.close()


def test_a_forced_layout_not_yet_drawn_is_drawn_after_a_restart(tmp_path: Path) -> None:
    """The game stops after the forced spin, before the bonus opens: the save's spin names
    the layout, and the restarted game's bonus opens on it."""
    from slotterm.session.opening import open_session
    from slotterm.session.settings import default_settings

    def opened() -> Any:
        return open_session(WITCH, default_settings(WITCH), root=tmp_path, seed=9)

    first = opened()
    session = first.session
    session.forcing = parse_force(WITCH, "mystery-bonus:pumpkin=50,20,10,6,4")
    session.act(Spin(session.bet, limits=session.limits))
    first.close()
    again = opened()
    try:
        loaded = again.session
        assert loaded.forced_draws == session.forced_draws != []
        loaded.act(next_action(WITCH, loaded.state))  # open the bonus
        assert loaded.open_round is not None and loaded.open_round.active is not None
        assert loaded.open_round.active.record.layout == (50, 20, 10, 6, 4)
        assert loaded.forced_draws == []
    finally:
        again.close()
    third = opened()  # the layout drawn: nothing more to hand out
    try:
        assert third.session.forced_draws == []
    finally:
        third.close()


def test_the_forced_part_of_the_statistics_is_saved_and_checked() -> None:
    from slotterm.session.errors import SaveFormatError

    session = _forced_session(get_game("book-of-spells"), "five-of-a-kind:K")
    closed, _ = _play_round(session)
    _play_round(session)
    doc = _payload(session)
    assert doc["stats"]["forced_rounds"] == 1 and doc["stats"]["forced_won"] == closed.paid
    assert decode_payload(doc, session.game).stats == session.ledger
    doc["stats"]["forced_bet"] = doc["stats"]["total_bet"] + 1
    with pytest.raises(SaveFormatError, match="forced_bet is more than the whole session's"):
        decode_payload(doc, session.game)
    fair = demo_session(session.game, SeededSource(1))
    _play_round(fair)
    assert "forced_rounds" not in _payload(fair)["stats"]  # a fair save is as before
