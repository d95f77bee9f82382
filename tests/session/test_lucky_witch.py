"""Lucky Witch in the session: coin bets, the operator's max win, its own save, no gamble,
and a save/resume at every step of every pick game giving the same outcome."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from slotterm.engine import policy
from slotterm.engine.actions import ActionRefused, Bet, Limits, Spin
from slotterm.engine.fields import RecordError
from slotterm.engine.records import EndReason, Phase
from slotterm.rng import SeededSource
from slotterm.session.action_codec import decode_bet, decode_limits, encode_bet, encode_limits
from slotterm.session.codec import PayloadEncoder, decode_payload
from slotterm.session.errors import ConfigError, SaveError
from slotterm.session.game_session import GameSession, demo_session
from slotterm.session.opening import OpenedSession, open_session, session_folder
from slotterm.session.settings import default_settings, parse_settings
from tests.session.helpers import GAME, WITCH, Clock

PICK_GAMES = ("potion", "pumpkin", "spell-book", "vault")


def _witch(seed: int = 5, **options: object) -> GameSession:
    limits = options.pop("limits", default_settings(WITCH).limits)
    return demo_session(WITCH, SeededSource(seed), limits=limits, clock=Clock(), **options)  # type: ignore[arg-type]


def _spin(session: GameSession, force: str | None) -> None:
    session.act(Spin(bet=session.bet, force=force, limits=session.limits))


def _finish(session: GameSession) -> None:
    while session.open_round is not None:
        action = policy.next_action(session.game, session.state, "best")
        assert action is not None
        session.act(action)


# --- bets and limits in the save ---------------------------------------------------------------


def test_a_coin_bet_and_a_max_win_are_third_items_a_cents_bet_is_as_before() -> None:
    coin = Bet(bet_per_line=10, lines=15, coin_size=2)
    assert encode_bet(coin) == [10, 15, 2]
    assert decode_bet([10, 15, 2], WITCH, "bet") == coin
    assert encode_bet(Bet(bet_per_line=5, lines=10)) == [5, 10]
    assert encode_limits(Limits(gamble_limit=100, free_spin_limit=None)) == [100, None]
    capped = Limits(gamble_limit=100, free_spin_limit=None, max_win=25_000_000)
    assert encode_limits(capped) == [100, None, 25_000_000]
    assert decode_limits([100, None, 25_000_000], "limits") == capped


@pytest.mark.parametrize(
    ("raw", "game_id", "words"),
    [
        ([10, 15, 0], "lucky-witch", "bet[2]"),  # a coin size 0
        ([10, 15], "lucky-witch", "needs a positive coin size"),  # no coin size
        ([42, 15, 2], "lucky-witch", "coins per line must be 1..20"),
        ([3, 15, 2], "lucky-witch", "whole number of coins"),
        ([10, 16, 2], "lucky-witch", "lines must be 1..15"),
        ([5, 9, 5], "book-of-spells", "not bet in coins"),
        ([5, 9, 5, 1], "book-of-spells", "2 or 3"),
    ],
)
def test_a_bet_the_game_refuses_is_a_record_error(raw: list[int], game_id: str, words: str) -> None:
    game = WITCH if game_id == "lucky-witch" else GAME
    with pytest.raises(RecordError, match=re.escape(words)):
        decode_bet(raw, game, "bet")


@pytest.mark.parametrize("raw", [[100, None, 0], [100, None, -1], [100, None, "1"], [1, 2, 3, 4]])
def test_a_max_win_must_be_positive_cents(raw: list[object]) -> None:
    with pytest.raises(RecordError):
        decode_limits(raw, "limits")


def test_the_writer_refuses_a_bet_the_reader_would_refuse() -> None:
    session = _witch()
    session.persist = PayloadEncoder().encode  # type: ignore[assignment]
    session.bet = Bet(bet_per_line=3, lines=15, coin_size=2)  # set around set_bet
    with pytest.raises(SaveError, match=r"save\.bet: the bet per line must be a whole number"):
        session.act(Spin(bet=Bet(bet_per_line=1, lines=15, coin_size=1), limits=session.limits))
    assert session.state.rounds_played == 0  # put back: the outcome was never shown


# --- operator settings ---------------------------------------------------------------------------


def test_default_settings_give_the_games_coin_sizes_and_cap() -> None:
    settings = default_settings(WITCH)
    assert settings.bet_steps == (1, 2, 5, 10, 20, 25, 50, 100)
    assert settings.limits.max_win == 250_000_00
    assert default_settings(GAME).limits.max_win is None  # Book of Spells: its x-bet cap only


def test_coin_sizes_and_max_win_from_the_settings_file() -> None:
    doc = {"coin_sizes": [0.05, "0.10", 1], "max_win": "1000.00", "bet_steps": [0.05]}
    settings = parse_settings(doc, WITCH, "test")
    assert settings.bet_steps == (5, 10, 100)  # a coin game takes coin_sizes
    assert settings.limits.max_win == 100_000
    assert parse_settings(doc, GAME, "test").bet_steps == (5,)  # a cents game bet_steps


@pytest.mark.parametrize(
    ("doc", "key"),
    [
        ({"coin_sizes": [0]}, "coin_sizes"),
        ({"coin_sizes": [0.10, 0.05]}, "coin_sizes"),
        ({"coin_sizes": []}, "coin_sizes"),
        ({"max_win": 0}, "max_win"),
        ({"max_win": "250000.01"}, "max_win"),  # above the game's own cap
        ({"coin_sizes": [5.00], "start_credits": 4.00}, "start_credits"),
    ],
)
def test_bad_coin_settings_name_the_key(doc: dict[str, object], key: str) -> None:
    with pytest.raises(ConfigError, match=f"'{key}'"):
        parse_settings(doc, WITCH, "test")


# --- the session's bet ---------------------------------------------------------------------------


def test_set_bet_checks_coins_coin_size_and_the_operators_steps() -> None:
    session = _witch(bet_steps=(2, 5, 10))
    assert session.bet == Bet(bet_per_line=2, lines=15, coin_size=2)
    session.set_bet(session.coin_bet(coins=20, coin_size=10, lines=9))
    assert session.bet == Bet(bet_per_line=200, lines=9, coin_size=10)
    assert session.bet.total == 20 * 10 * 9
    with pytest.raises(ActionRefused, match=r"coins per line must be 1\.\.20"):
        session.set_bet(session.coin_bet(coins=21))
    with pytest.raises(ActionRefused, match=r"coin size is not offered \(coin sizes: 0.02, 0.05"):
        session.set_bet(session.coin_bet(coin_size=1))
    with pytest.raises(ActionRefused, match="positive coin size"):
        session.set_bet(Bet(bet_per_line=10, lines=15))
    with pytest.raises(ActionRefused, match=r"lines must be 1\.\.15"):
        session.set_bet(session.coin_bet(lines=0))
    assert session.bet == Bet(bet_per_line=200, lines=9, coin_size=10)  # refusals change nothing
    book = demo_session(GAME, SeededSource(1))
    with pytest.raises(ActionRefused, match="not bet in coins"):
        book.coin_bet(coins=2)
    with pytest.raises(ActionRefused, match=r"not offered \(bets per line: 0.02"):
        book.set_bet(Bet(bet_per_line=3, lines=9))


def test_each_game_keeps_its_own_save_and_credits(tmp_path: Path) -> None:
    state = tmp_path / "state"
    witch = open_session(WITCH, default_settings(WITCH), root=tmp_path, state_root=state)
    book = open_session(GAME, default_settings(GAME), root=tmp_path, state_root=state)
    assert witch.store is not None and book.store is not None
    assert witch.store.folder == session_folder(tmp_path, "lucky-witch", None)
    assert book.store.folder == session_folder(tmp_path, "book-of-spells", None)
    session = witch.session
    session.set_bet(session.coin_bet(coins=4, coin_size=5))
    _spin(session, "mystery_bonus:vault")
    _finish(session)
    witch_credits = session.state.credits
    witch.close()
    book.close()
    again = open_session(WITCH, default_settings(WITCH), root=tmp_path, state_root=state)
    assert again.session.state.credits == witch_credits
    assert again.session.bet == Bet(bet_per_line=20, lines=15, coin_size=5)
    again.close()
    other = open_session(GAME, default_settings(GAME), root=tmp_path, state_root=state)
    assert other.session.state.credits == other.session.start_credits  # untouched
    other.close()


def test_a_coin_size_no_longer_offered_falls_to_the_next_lower(tmp_path: Path) -> None:
    state = tmp_path / "state"
    opened = open_session(WITCH, default_settings(WITCH), root=tmp_path, state_root=state)
    opened.session.set_bet(opened.session.coin_bet(coins=7, coin_size=25))
    opened.close()
    fewer = parse_settings({"coin_sizes": [0.01, 0.20, 0.50]}, WITCH, "test")
    again = open_session(WITCH, fewer, root=tmp_path, state_root=state)
    assert again.session.bet == Bet(bet_per_line=7 * 20, lines=15, coin_size=20)
    again.close()


# --- rounds --------------------------------------------------------------------------------------


def test_no_gamble_a_win_is_credited_when_the_round_ends() -> None:
    session = _witch(seed=9)
    wins = 0
    for _ in range(60):
        before = session.state.credits
        _spin(session, None)
        _finish(session)
        assert session.phase is Phase.IDLE
        closed = session.history[-1]
        assert session.state.credits == before - closed.bet.total + closed.win
        assert closed.paid == closed.win and not closed.gamble
        wins += closed.win > 0
    assert wins > 0


def test_the_operators_max_win_caps_a_bonus_and_is_saved() -> None:
    cap = 50  # 0.50, below any Secret Vault prize at 1.50 a spin (3x at the least)
    session = _witch(limits=Limits(gamble_limit=0, free_spin_limit=None, max_win=cap))
    session.set_bet(session.coin_bet(coins=10))
    _spin(session, "mystery_bonus:vault")
    assert session.open_round is not None and session.open_round.limits.max_win == cap
    base = session.open_round.base_win
    _finish(session)
    closed = session.history[-1]
    assert closed.win == cap if base < cap else closed.win == base
    assert closed.ended_by is EndReason.CAP
    record = decode_payload(json.loads(PayloadEncoder().encode(session)), WITCH)
    assert record.history[-1] == closed


# --- recovery at every step ----------------------------------------------------------------


def _play(session: GameSession, forces: list[str | None], after: Callable[[], GameSession]) -> None:
    """Play one round per force; ``after`` is called after every action (a restart)."""
    for force in forces:
        _spin(session, force)
        session = after()
        while session.open_round is not None:
            action = policy.next_action(session.game, session.state, "best")
            assert action is not None
            session.act(action)
            session = after()


FORCES = [f"mystery_bonus:{label}" for label in PICK_GAMES] + ["free_spins", "mystery_bonus"]


IN_FREE_SPINS = ["free_spins"] * 6
"""Seed 27's free spins show the bonus symbols within six rounds (saves/make_examples.py)."""


@pytest.mark.parametrize(("seed", "forces"), [(82, FORCES), (7, FORCES), (27, IN_FREE_SPINS)])
def test_a_restart_after_every_step_plays_the_same_rounds(
    tmp_path: Path, seed: int, forces: list[str | None]
) -> None:
    """Killed and reopened after every saved step (each pick of each game, the bonus awarded,
    each free spin, a bonus inside free spins): the rounds and credits are those of a
    session never interrupted."""
    straight = _witch(seed=seed)
    _play(straight, forces, lambda: straight)
    state = tmp_path / "state"

    def reopen() -> OpenedSession:
        settings = default_settings(WITCH)
        return open_session(
            WITCH, settings, root=tmp_path, seed=seed, clock=Clock(), state_root=state
        )

    holder = [reopen()]
    restarts = 0

    def restart() -> GameSession:
        nonlocal restarts
        holder[0].close()
        holder[0] = reopen()
        restarts += 1
        return holder[0].session

    _play(holder[0].session, forces, restart)
    resumed = holder[0].session
    holder[0].close()
    assert restarts > len(forces) * 3
    assert resumed.state.credits == straight.state.credits
    assert list(resumed.history) == list(straight.history)
    played = {f.feature for r in straight.history for f in r.frames}
    if forces is FORCES:
        assert {"magic_potion", "pumpkin", "spell_book", "secret_vault", "free_spins"} <= played
    else:
        nested = [[f.feature for f in r.frames][:2] for r in straight.history]
        assert ["free_spins", "mystery_bonus"] in nested


def test_a_round_with_a_bonus_on_every_free_spin_saves_and_loads() -> None:
    """Each bonus adds two frames (the bonus and its pick game): 13 bonuses in one round
    are 27 frames, and the store must write and read such a round like any other."""
    import dataclasses

    from slotterm.engine.features.free_spins import FreeSpins
    from slotterm.engine.records import GameState
    from slotterm.engine.round import apply
    from slotterm.session.round_codec import decode_round, encode_round, round_bounds

    rule = WITCH.feature("free_spins")
    assert isinstance(rule, FreeSpins)
    full, other = ("CAULDRON",) * 3, ("OWL", "SCROLL", "GOLEM", "CRYSTAL")
    spins = FreeSpins(
        trigger=rule.trigger_count,
        award=rule.award,
        retrigger=rule.retrigger,
        strips=(full, other, full, other, full),
    )
    game = dataclasses.replace(
        WITCH,
        id="bonus-every-free-spin",
        features=tuple(spins if f is rule else f for f in WITCH.features),
    )
    rng = SeededSource(3)
    state = apply(
        game, GameState(Phase.IDLE, 10**9), Spin(game.default_bet(), force="free_spins"), rng
    ).state
    while state.round is not None and state.phase is Phase.FEATURE:
        round_ = state.round
        action = policy.next_action(game, state)
        assert action is not None
        state = apply(game, state, action, rng).state
    assert len(round_.frames) >= 27
    assert round_bounds(round_) is None
    doc = json.loads(json.dumps(encode_round(round_, game)))
    assert decode_round(doc, game, "round") == round_
