"""The Mystery bonus in the round: its trigger, the game it draws, forcing, the frame order.

CAULDRON on each of reels 1, 3 and 5 at once awards the bonus (base game or free spin);
opening it draws one of the four pick games with equal weights and starts it above the
bonus.  A bonus on a free spin is played before the next free spin; on a base spin that
also awards free spins it is played first (DESIGN.md §2, "order inside one spin").
"""

from __future__ import annotations

import dataclasses

import pytest

from slotterm.engine.actions import ActionRefused, Limits, Spin
from slotterm.engine.evaluate import evaluate
from slotterm.engine.events import RoundClosed
from slotterm.engine.feature import FeatureContext
from slotterm.engine.features.free_spins import FreeSpins
from slotterm.engine.features.free_spins_records import PlayFreeSpin, StartFeature
from slotterm.engine.features.mystery_bonus import (
    BonusGameDrawn,
    MysteryBonus,
    MysteryBonusAwarded,
    MysteryRecord,
    OpenBonus,
)
from slotterm.engine.features.pick_game import PickGame
from slotterm.engine.fields import RecordError
from slotterm.engine.model import GameDefinition
from slotterm.engine.policy import next_action
from slotterm.engine.records import EndReason, GameState, Phase, Round, SpinResult
from slotterm.engine.replay import replay_round
from slotterm.engine.round import apply, feature_context, refusal
from slotterm.games import get_game
from slotterm.rng import RecordingSource, ReplaySource, SeededSource

LUCKY_WITCH = get_game("lucky-witch")

GAME = LUCKY_WITCH
_BONUS = GAME.feature("mystery_bonus")
assert isinstance(_BONUS, MysteryBonus)
BONUS: MysteryBonus = _BONUS
BET = GAME.default_bet()
CTX = FeatureContext(game=GAME, bet=BET, limits=Limits(), room=10**9)

ROWS = (
    "OWL GOLEM CRYSTAL SCROLL PUMPKIN",
    "CAT SCROLL GOLEM OWL CRYSTAL",
    "GOLEM OWL SCROLL CAT OWL",
)


def spin_showing(cauldrons: dict[int, int]) -> SpinResult:
    """A window of ROWS with CAULDRON at ``{reel: row}`` (0-based), evaluated on 15 lines."""
    window = [list(col) for col in zip(*(row.split() for row in ROWS), strict=True)]
    for reel, row in cauldrons.items():
        window[reel][row] = "CAULDRON"
    grid = tuple(tuple(col) for col in window)
    return SpinResult((0,) * 5, grid, evaluate(GAME, grid, 15, BET.bet_per_line))


def test_cauldron_on_reels_1_3_5_awards_the_bonus_and_draws_nothing() -> None:
    triggered = BONUS.trigger(CTX, spin_showing({0: 0, 2: 1, 4: 2}))
    assert triggered is not None
    assert triggered.record == MysteryRecord(forced=None, game=None)
    assert triggered.events == (MysteryBonusAwarded(None),)
    assert BONUS.phase(triggered.record) == "awarded" and not BONUS.finished(triggered.record)


@pytest.mark.parametrize("cauldrons", [{0: 0, 1: 1, 2: 2}, {0: 0, 2: 0}, {2: 1, 4: 1}, {}])
def test_cauldron_missing_on_reel_1_3_or_5_does_not(cauldrons: dict[int, int]) -> None:
    assert BONUS.trigger(CTX, spin_showing(cauldrons)) is None


def test_a_forced_game_is_remembered_by_the_trigger() -> None:
    spin = spin_showing({0: 0, 2: 0, 4: 0})
    forced = BONUS.trigger(CTX._replace(force="mystery_bonus:pumpkin"), spin)
    assert forced is not None and forced.record.forced == "pumpkin"
    other = BONUS.trigger(CTX._replace(force="free_spins"), spin)
    assert other is not None and other.record.forced is None


def test_force_details_are_the_pick_games_labels() -> None:
    assert BONUS.force_refusal("") is None
    for label in ("potion", "pumpkin", "spell-book", "vault"):
        assert BONUS.force_refusal(label) is None
    message = BONUS.force_refusal("dragon") or ""
    assert "dragon" in message and "spell-book" in message
    state = GameState(Phase.IDLE, 10**6)
    assert "dragon" in (refusal(GAME, state, Spin(BET, force="mystery_bonus:dragon")) or "")
    with pytest.raises(ActionRefused):
        apply(GAME, state, Spin(BET, force="mystery_bonus:dragon"), SeededSource(0))


@pytest.mark.parametrize("k", range(4))
def test_opening_draws_the_game_uniformly_then_its_layout(k: int) -> None:
    record = MysteryRecord(forced=None, game=None)
    game = BONUS.games[k]
    recorder = RecordingSource(SeededSource(k))
    expected = game.start(CTX, recorder)
    draws = [k, *recorder.draws]  # draw k of 4 chooses the game; then the game's own
    source = ReplaySource(draws)
    step = BONUS.step(CTX, record, OpenBonus(), source)
    assert source.remaining == 0
    assert step.record == MysteryRecord(forced=None, game=game.name)
    assert step.win == 0 and BONUS.finished(step.record)
    assert step.events == (BonusGameDrawn(game=game.name, title=game.title, forced=False),)
    ((started, triggered),) = step.started
    assert started is game and triggered == expected


def test_a_forced_bonus_draws_no_game() -> None:
    pumpkin = GAME.feature("pumpkin")
    assert isinstance(pumpkin, PickGame)
    source = ReplaySource([0] * 5)  # just the five pumpkins' amounts
    step = BONUS.step(CTX, MysteryRecord(forced="pumpkin", game=None), OpenBonus(), source)
    assert source.remaining == 0
    assert step.record.game == "pumpkin" and step.started[0][0] is pumpkin


def test_the_bonus_opens_once() -> None:
    done = MysteryRecord(forced=None, game="pumpkin")
    assert "already" in (BONUS.refusal(CTX, done, OpenBonus()) or "")
    assert BONUS.refusal(CTX, MysteryRecord(forced=None, game=None), OpenBonus()) is None


def test_the_record_codec_checks_the_games() -> None:
    for record in (
        MysteryRecord(forced=None, game=None),
        MysteryRecord(forced="vault", game="secret_vault"),
    ):
        assert BONUS.decode(CTX, BONUS.encode(record), "x") == record
    for doc in (
        {"forced": "dragon", "game": None},
        {"forced": None, "game": "dragon"},
        {"forced": "vault", "game": "pumpkin"},
        {"forced": None},
        {"forced": 3, "game": None},
    ):
        with pytest.raises(RecordError):
            BONUS.decode(CTX, doc, "x")


# --- in the round ---------------------------------------------------------------------------


def play_round(
    game: GameDefinition, spin: Spin, seed: int, policy: str = "best"
) -> tuple[list[tuple[str | None, object]], Round]:
    """Play a round by the policy: (the feature on top, the action) in order, and the round."""
    rng = SeededSource(seed)
    state = GameState(Phase.IDLE, 10**9)
    taken: list[tuple[str | None, object]] = []
    action: object = spin
    closed: Round | None = None
    while action is not None:
        top = state.round.active if state.round is not None else None
        taken.append((None if top is None else top.feature, action))
        transition = apply(game, state, action, rng)  # type: ignore[arg-type]
        state = transition.state
        for event in transition.events:
            if isinstance(event, RoundClosed):
                closed = event.round
        action = next_action(game, state, policy)
    assert closed is not None
    assert replay_round(game, closed) == closed
    return taken, closed


def test_a_forced_pick_game_is_always_that_game() -> None:
    for seed in range(6):
        _, round_ = play_round(GAME, Spin(BET, force="mystery_bonus:pumpkin"), seed)
        names = [f.feature for f in round_.frames]
        assert "pumpkin" in names
        assert {"magic_potion", "spell_book", "secret_vault"}.isdisjoint(names)


def test_every_game_is_drawn_when_none_is_forced() -> None:
    drawn = set()
    for seed in range(40):
        _, round_ = play_round(GAME, Spin(BET, force="mystery_bonus"), seed)
        drawn |= {f.feature for f in round_.frames} - {"mystery_bonus", "free_spins"}
    assert drawn == {"magic_potion", "pumpkin", "spell_book", "secret_vault"}


def with_strips(
    base: tuple[str, ...] | None = None, free: tuple[str, ...] | None = None
) -> GameDefinition:
    """Lucky Witch with other base or free-spin strips (one strip text per reel)."""
    rule = GAME.feature("free_spins")
    assert isinstance(rule, FreeSpins)
    strips = rule.strips if free is None else tuple(tuple(s.split()) for s in free)
    spins = FreeSpins(
        trigger=rule.trigger_count, award=rule.award, retrigger=rule.retrigger, strips=strips
    )
    features = tuple(spins if f is rule else f for f in GAME.features)
    reels = GAME.base_reels if base is None else tuple(tuple(s.split()) for s in base)
    return dataclasses.replace(GAME, id="bonus-test", base_reels=reels, features=features)


def test_a_bonus_on_a_free_spin_is_played_before_the_next_free_spin() -> None:
    # every free spin shows CAULDRON on reels 1, 3 and 5 (and never three POTIONs)
    full = "CAULDRON CAULDRON CAULDRON"
    other = "OWL SCROLL GOLEM CRYSTAL"
    game = with_strips(free=(full, other, full, other, full))
    taken, round_ = play_round(game, Spin(BET, force="free_spins"), 3)
    free_spins_played = 0
    for i, (top, action) in enumerate(taken):
        if isinstance(action, PlayFreeSpin):
            assert top == "free_spins"
            free_spins_played += 1
            if free_spins_played < 13:
                # the next action is the bonus this spin awarded
                assert taken[i + 1] == ("mystery_bonus", OpenBonus())
    assert free_spins_played == 13
    bonuses = [f for f in round_.frames if f.feature == "mystery_bonus"]
    assert len(bonuses) == 13
    assert round_.feature_win == sum(game.feature(f.feature).pay(f.record) for f in round_.frames)


def test_the_free_spin_waits_while_its_bonus_is_open() -> None:
    full = "CAULDRON CAULDRON CAULDRON"
    other = "OWL SCROLL GOLEM CRYSTAL"
    game = with_strips(free=(full, other, full, other, full))
    rng = SeededSource(1)
    state = apply(game, GameState(Phase.IDLE, 10**9), Spin(BET, force="free_spins"), rng).state
    if state.round is not None and state.round.active is not None:
        while state.round.active.feature != "free_spins":  # a base-game bonus comes first
            action = next_action(game, state)
            assert action is not None
            state = apply(game, state, action, rng).state
            assert state.round is not None and state.round.active is not None
    state = apply(game, state, StartFeature(), rng).state
    state = apply(game, state, PlayFreeSpin(), rng).state
    assert state.round is not None and state.round.active is not None
    assert state.round.active.feature == "mystery_bonus"
    assert refusal(game, state, PlayFreeSpin()) is not None
    assert next_action(game, state) == OpenBonus()


def test_a_base_spin_awarding_both_plays_the_bonus_first() -> None:
    # every base spin: CAULDRON on reels 1, 3, 5 and a POTION on each of them too
    mix = "CAULDRON POTION OWL"
    other = "SCROLL GOLEM CRYSTAL"
    game = with_strips(base=(mix, other, mix, other, mix))
    taken, round_ = play_round(game, Spin(BET), 0)
    features = [top for top, _ in taken[1:]]
    first_free = features.index("free_spins")
    assert taken[1] == ("mystery_bonus", OpenBonus())
    assert all(top not in ("mystery_bonus", "free_spins") for top in features[1:first_free])
    assert round_.frames[0].feature == "free_spins" and round_.frames[1].feature == "mystery_bonus"


def test_an_operator_max_win_cuts_the_prize_and_ends_the_round() -> None:
    # max win = 2 total bets: every pick game pays at least 3, so the room always cuts it
    limit = Limits(max_win=2 * BET.total)
    for label, game in (("vault", "secret_vault"), ("spell-book", "spell_book")):
        _, round_ = play_round(GAME, Spin(BET, force=f"mystery_bonus:{label}", limits=limit), 2)
        assert round_.win == 2 * BET.total and round_.ended_by is EndReason.CAP
        frame = round_.frame(game)
        assert frame is not None and frame.record.ended_by is EndReason.CAP
        assert frame.record.prize == 2 * BET.total - round_.base_win


def test_the_bonus_pays_nothing_itself() -> None:
    _, round_ = play_round(GAME, Spin(BET, force="mystery_bonus:potion"), 4)
    frame = round_.frame("mystery_bonus")
    assert frame is not None and BONUS.pay(frame.record) == 0
    ctx = feature_context(GAME, round_)
    assert ctx.bet == BET
