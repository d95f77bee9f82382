"""Every registered feature keeps the feature contract (DESIGN.md §2a, §4).

For each game in the registry and each of its features and feature parts (the pick games
a Mystery bonus starts: ``game.all_features``), seeded rounds are forced into the feature
and played by :func:`slotterm.engine.policy.next_action`.  At every step every feature
record of the round goes through encode -> JSON -> decode and comes back equal, every
feature action taken does the same, and the round replays from its steps to the very
same round.  Decoding validates: tampered records are refused with a
:class:`~slotterm.engine.fields.RecordError`.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

import pytest

from slotterm.engine.actions import Action, Bet, Collect, FeatureAction, Limits, Spin, StartGamble
from slotterm.engine.events import RoundClosed
from slotterm.engine.feature import Feature
from slotterm.engine.features import free_spins_records
from slotterm.engine.features.free_spins_records import FreeSpinsRecord, PlayFreeSpin, StartFeature
from slotterm.engine.fields import RecordError
from slotterm.engine.model import GameDefinition
from slotterm.engine.policy import POLICIES, next_action
from slotterm.engine.records import EndReason, GameState, Phase, Round
from slotterm.engine.replay import replay_round
from slotterm.engine.round import active_feature, apply, feature_context
from slotterm.games import game_ids, get_game
from slotterm.rng import SeededSource

CASES = [
    pytest.param(game_id, feature.name, id=f"{game_id}:{feature.name}")
    for game_id in game_ids()
    for feature in get_game(game_id).all_features
]
SEEDS = range(8)


def bets(game: GameDefinition) -> list[Bet]:
    """The smallest bet on one line, and a middle bet on every line."""
    coins = game.coins
    if coins is None:
        steps = game.bet_per_line_steps
        return [game.default_bet(1), Bet(steps[len(steps) // 2], len(game.lines))]
    low, high = coins.coins_per_line
    size = coins.coin_sizes[len(coins.coin_sizes) // 2]
    return [game.default_bet(1), Bet((low + high) // 2 * size, len(game.lines), size)]


def limits(bet: Bet) -> list[Limits]:
    """The default limits, a free-spin limit and a round cap low enough to end features early."""
    return [
        Limits(),
        Limits(gamble_limit=None, free_spin_limit=5 * bet.total),
        Limits(max_win=8 * bet.total),
    ]


def force_for(game: GameDefinition, name: str) -> str:
    """The force string that starts ``name``: its own name, or ``HOST:LABEL`` for a part."""
    if any(f.name == name for f in game.features):
        return name
    for host in game.features:
        for part in host.parts():
            if part.name == name:
                return f"{host.name}:{getattr(part, 'label', part.name)}"
    raise AssertionError(f"{name} is neither a feature nor a part")  # pragma: no cover


def played_states(
    game: GameDefinition, feature: str, seed: int, bet: Bet, limit: Limits, policy: str
) -> Iterator[tuple[GameState, Action, Feature | None, tuple[Round, ...]]]:
    """Force ``feature`` and play the round by the policy.

    Yields each state, the action that led to it, the feature that took the action
    (``None`` for a core action), and the rounds it closed.  The random policy's choices
    come from a chooser seeded apart from the game's source.
    """
    rng = SeededSource(seed)
    chooser = SeededSource(seed + 1000)
    state = GameState(Phase.IDLE, 10**9)
    action: Action | None = Spin(bet, force=force_for(game, feature), limits=limit)
    while action is not None:
        active = active_feature(game, state) if isinstance(action, FeatureAction) else None
        transition = apply(game, state, action, rng)
        closed = tuple(e.round for e in transition.events if isinstance(e, RoundClosed))
        state = transition.state
        yield state, action, None if active is None else active[0], closed
        action = next_action(game, state, policy, chooser)


def json_round_trip(value: Any) -> Any:
    """``value`` through JSON text and back (what a save does to it)."""
    return json.loads(json.dumps(value))


def check_records(game: GameDefinition, round_: Round) -> None:
    """Every frame's record survives encode -> JSON -> decode unchanged."""
    ctx = feature_context(game, round_)
    for frame in round_.frames:
        feature = game.feature(frame.feature)
        encoded = feature.encode(frame.record)
        decoded = feature.decode(ctx, json_round_trip(encoded), "x")
        assert decoded == frame.record
        assert feature.encode(decoded) == encoded
        assert isinstance(feature.phase(decoded), str)
        if round_.ended_by is not EndReason.CAP:
            assert frame.done == feature.finished(frame.record)
        else:
            assert frame.done
    assert round_.feature_win == sum(game.feature(f.feature).pay(f.record) for f in round_.frames)


def check_action(feature: Feature, action: FeatureAction) -> None:
    """A feature action survives encode -> JSON -> decode unchanged."""
    encoded = feature.encode_action(action)
    assert encoded["type"] == action.name
    assert feature.actions[action.name] is type(action)
    assert feature.decode_action(json_round_trip(encoded), "x") == action


@pytest.mark.parametrize(("game_id", "name"), CASES)
def test_every_record_and_action_round_trips_and_every_round_replays(
    game_id: str, name: str
) -> None:
    """Every record of every step round-trips and every action taken; every closed round
    replays, and so does the open round before it closed (its longest open prefix).  The
    open round at *every* step is replayed on the first seed, for each bet and limit:
    each replay redraws a forced spin, so replaying every step of every seed cost most
    of this test's time for the same check."""
    game = get_game(game_id)
    feature = game.feature(name)
    assert feature.name == name and feature.actions
    seen_actions: set[type[FeatureAction]] = set()
    rounds = cases = 0
    for seed in SEEDS:
        policy = POLICIES[seed % len(POLICIES)]
        for bet in bets(game):
            for limit in limits(bet):
                cases += 1
                started = False
                last_open: Round | None = None
                for state, action, taker, closed in played_states(
                    game, name, seed, bet, limit, policy
                ):
                    if state.round is not None and state.round.frame(name) is not None:
                        started = True
                    if isinstance(action, FeatureAction):
                        assert taker is not None
                        check_action(taker, action)
                        if taker is feature:
                            seen_actions.add(type(action))
                    if state.round is not None:
                        check_records(game, state.round)
                        last_open = state.round
                        if seed == SEEDS[0]:
                            assert replay_round(game, state.round) == state.round
                    for round_ in closed:
                        check_records(game, round_)
                        assert replay_round(game, round_) == round_
                        started = started or round_.frame(name) is not None
                        rounds += 1
                if last_open is not None:  # the longest open prefix of the round
                    assert replay_round(game, last_open) == last_open
                assert started
    assert rounds == cases
    assert seen_actions == set(feature.actions.values()), "some action was never played"


@pytest.mark.parametrize(("game_id", "name"), CASES)
def test_decoding_refuses_what_is_not_a_record_or_an_action(game_id: str, name: str) -> None:
    game = get_game(game_id)
    feature = game.feature(name)
    state = next(played_states(game, name, 0, bets(game)[0], Limits(), "best"))[0]
    assert state.round is not None
    ctx = feature_context(game, state.round)
    junks: list[object] = [None, [], "x", 3, {}]
    for junk in junks:
        with pytest.raises(RecordError):
            feature.decode(ctx, junk, "x")
    for action in ({"type": "no_such_action"}, {"type": 3}, {}):
        with pytest.raises(RecordError):
            feature.decode_action(action, "x")


def tamperings(doc: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any], bool]]:
    """Changed copies of an encoded record: (what changed, the copy, must it be refused).

    A missing field, a negative number, an object or a huge number in any field, and a
    negative first item in any list, must be refused; text, ``null`` or ``true`` in a
    field may happen to be valid, but anything but a :class:`RecordError` is a bug.
    """
    for key, value in doc.items():
        missing = copy.deepcopy(doc)
        del missing[key]
        yield f"{key} missing", missing, True
        strong: tuple[object, ...] = (-1, {"junk": 1}, 10**20)
        for junk in strong:
            changed = copy.deepcopy(doc)
            changed[key] = junk
            yield f"{key} = {junk!r}", changed, True
        weak: tuple[object, ...] = ("x", None, True)
        for junk in weak:
            if junk != value:
                changed = copy.deepcopy(doc)
                changed[key] = junk
                yield f"{key} = {junk!r}", changed, False
        if isinstance(value, list) and value:
            changed = copy.deepcopy(doc)
            changed[key][0] = -1
            yield f"{key}[0] = -1", changed, True


@pytest.mark.parametrize(("game_id", "name"), CASES)
def test_tampered_records_are_refused_with_a_record_error(game_id: str, name: str) -> None:
    game = get_game(game_id)
    feature = game.feature(name)
    checked = 0
    for seed in range(3):
        for state, _, _, _ in played_states(game, name, seed, bets(game)[1], Limits(), "best"):
            frame = state.round.frame(name) if state.round is not None else None
            if state.round is None or frame is None:
                continue
            ctx = feature_context(game, state.round)
            doc = json_round_trip(feature.encode(frame.record))
            for what, changed, refused in tamperings(doc):
                try:
                    decoded = feature.decode(ctx, changed, "x")
                except RecordError:
                    continue
                assert not refused, f"{what} was accepted"
                assert isinstance(feature.phase(decoded), str)
            checked += 1
    assert checked


# --- free spins: tampered records ------------------------------------------------------------

BOS = get_game("book-of-spells")
FREE_SPINS = BOS.feature(free_spins_records.NAME)


def a_feature_with_a_paying_spin() -> tuple[Round, FreeSpinsRecord]:
    """A round mid free spins whose last spin paid something (seeded, nine lines)."""
    for seed in range(200):
        for state, _, _, _ in played_states(
            BOS, free_spins_records.NAME, seed, Bet(10, 9), Limits(), "best"
        ):
            record = free_spins_records.record_of(state.round)
            if (
                state.round is not None
                and state.phase is Phase.FEATURE
                and record is not None
                and record.spins
                and record.spins[-1].win > 0
            ):
                return state.round, record
    raise AssertionError("no seed gave a paying free spin")  # pragma: no cover


def tampered(change: str) -> Any:
    """The encoded record with one ``change`` made to it."""
    _, record = a_feature_with_a_paying_spin()
    doc = copy.deepcopy(json_round_trip(FREE_SPINS.encode(record)))
    last = doc["spins"][-1]
    match change:
        case "spin win":  # more than the spin pays, every total kept consistent
            last["win"] += 1
            last["feature_total"] += 1
            doc["win"] += 1
        case "feature total":
            last["feature_total"] += 1
        case "record win":
            doc["win"] += 1
        case "awarded":
            doc["awarded"] += 10
        case "awarded so far":
            last["awarded_so_far"] += 10
            doc["awarded"] += 10
        case "unknown special":
            doc["modifier"] = "OWL"
        case "special that is no candidate":
            doc["modifier"] = "BOOK"
        case "special before the start":
            doc["started"] = False
            doc["spins"] = []
            doc["win"] = 0
        case "spins before the start":
            doc["started"] = False
            doc["modifier"] = None
        case "ended by nonsense":
            doc["ended_by"] = "boredom"
        case "unknown symbol in a window":
            last["spin"]["window"][0][0] = "OWL"
        case "spin number":
            last["number"] += 1
        case "negative win":
            last["win"] = -1
    return doc


TAMPERINGS = {
    "spin win": "more than the spin pays",
    "feature total": "feature_total does not add up",
    "record win": r"x\.win does not add up",
    "awarded": r"x\.awarded does not match",
    "awarded so far": "awarded_so_far does not match",
    "unknown special": "not a special symbol",
    "special that is no candidate": "not a special symbol",
    "special before the start": "must be null before the feature starts",
    "spins before the start": "played before the start",
    "ended by nonsense": "not a reason",
    "unknown symbol in a window": "unknown symbol",
    "spin number": "number is wrong",
    "negative win": "whole number|must be 0",
}


def test_the_untampered_record_decodes() -> None:
    round_, record = a_feature_with_a_paying_spin()
    doc = json_round_trip(FREE_SPINS.encode(record))
    assert FREE_SPINS.decode(feature_context(BOS, round_), doc, "x") == record


@pytest.mark.parametrize(("change", "message"), TAMPERINGS.items(), ids=TAMPERINGS)
def test_a_tampered_free_spins_record_is_refused(change: str, message: str) -> None:
    round_, _ = a_feature_with_a_paying_spin()
    with pytest.raises(RecordError, match=message):
        FREE_SPINS.decode(feature_context(BOS, round_), tampered(change), "x")


# --- the policy ---------------------------------------------------------------------------


def test_the_policy_is_idle_when_no_round_is_open_and_collects_an_offered_win() -> None:
    idle = GameState(Phase.IDLE, 10_000)
    assert next_action(BOS, idle) is None
    for policy in POLICIES:
        assert next_action(BOS, idle, policy) is None
    offered = None
    for seed in range(100):
        state = apply(BOS, idle, Spin(Bet(10, 9)), SeededSource(seed)).state
        if state.phase is Phase.WIN_OFFERED:
            offered = state
            break
    assert offered is not None, "no seed gave a base win"
    assert next_action(BOS, offered) == Collect()
    gambling = apply(BOS, offered, StartGamble(), SeededSource(0)).state
    assert gambling.phase is Phase.GAMBLE
    assert next_action(BOS, gambling) == Collect()
    closed = apply(BOS, offered, Collect(), SeededSource(0)).state
    assert next_action(BOS, closed) is None


def test_the_policy_plays_the_feature_by_its_own_actions() -> None:
    state = GameState(Phase.IDLE, 10_000)
    state = apply(
        BOS, state, Spin(Bet(10, 9), force=free_spins_records.NAME), SeededSource(5)
    ).state
    assert next_action(BOS, state) == StartFeature()
    state = apply(BOS, state, StartFeature(), SeededSource(5)).state
    assert next_action(BOS, state) == PlayFreeSpin()


# --- free spins: what only the engine's own play can produce -------------------------------
# A spin pays less than its window only when the operator limit or the round cap cut it,
# and that spin then ends the feature (``ended_by``); a spin that did not end the feature
# awards the retrigger its scatters give.  A record saying otherwise was not played.


def a_feature_just_retriggered() -> tuple[Round, FreeSpinsRecord]:
    """A round mid free spins whose last spin retriggered them (seeded, nine lines)."""
    for seed in range(400):
        for state, _, _, _ in played_states(
            BOS, free_spins_records.NAME, seed, Bet(10, 9), Limits(), "best"
        ):
            record = free_spins_records.record_of(state.round)
            if state.round is not None and record is not None and record.awarded > 10:
                assert state.phase is Phase.FEATURE and record.ended_by is None
                return state.round, record
    raise AssertionError("no seed gave a retrigger")  # pragma: no cover


def test_a_cut_win_on_a_spin_that_did_not_end_the_feature_is_refused() -> None:
    round_, record = a_feature_with_a_paying_spin()
    doc = json_round_trip(FREE_SPINS.encode(record))
    last = doc["spins"][-1]
    last["win"] -= 1
    last["feature_total"] -= 1
    doc["win"] -= 1
    assert doc["ended_by"] is None
    with pytest.raises(RecordError):
        FREE_SPINS.decode(feature_context(BOS, round_), doc, "x")


def test_a_feature_ended_by_a_limit_the_round_does_not_have_is_refused() -> None:
    round_, record = a_feature_with_a_paying_spin()
    assert round_.limits.free_spin_limit is None
    doc = json_round_trip(FREE_SPINS.encode(record))
    doc["ended_by"] = EndReason.LIMIT.value
    with pytest.raises(RecordError):
        FREE_SPINS.decode(feature_context(BOS, round_), doc, "x")


def test_a_dropped_retrigger_is_refused() -> None:
    round_, record = a_feature_just_retriggered()
    doc = json_round_trip(FREE_SPINS.encode(record))
    doc["spins"][-1]["awarded_so_far"] -= 10
    doc["awarded"] -= 10
    assert len(doc["spins"]) <= doc["awarded"]
    with pytest.raises(RecordError):
        FREE_SPINS.decode(feature_context(BOS, round_), doc, "x")
