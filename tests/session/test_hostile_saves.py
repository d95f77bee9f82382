"""What a hostile save CONTAINS: every value the writer writes is read back, every list is
bounded, the credits agree with the ledger, and anything else is one SaveFormatError.

The campaign at the end mutates a valid payload about two thousand times in all (fixed
seeds: 800 current-format payloads, 500 old-format ones, 200 Lucky Witch ones, 200 for
the messages; each mutation makes one to three of every kind of change, anywhere in the
payload) and asserts the reader either accepts it or raises :class:`SaveFormatError`,
never anything else; it prints ``N tried, N handled``.
"""

from __future__ import annotations

import copy
import json
import random
from dataclasses import replace
from typing import Any

import pytest

from slotterm.engine import policy
from slotterm.engine.actions import Limits, Spin
from slotterm.engine.fields import MAX_CENTS
from slotterm.rng import SeededSource
from slotterm.session.codec import PayloadEncoder, decode_payload
from slotterm.session.errors import SaveError, SaveFormatError
from slotterm.session.game_session import HISTORY_LENGTH, GameSession, demo_session
from slotterm.session.migrations import migrate_v1_to_v2, read_v1, v1_checksum
from slotterm.session.rng_codec import SEED_MAX
from slotterm.session.stats import SERIES_LENGTH
from tests.session.helpers import GAME, WITCH, Clock
from tests.session.policy import next_action


def _played(seed: int = 7, actions: int = 40, credits: int = 100_000) -> GameSession:
    session = demo_session(GAME, SeededSource(seed), clock=Clock(), credits=credits)
    for _ in range(actions):
        session.act(next_action(session))
    while session.state.round is not None:  # idle, so the history holds the last round
        session.act(next_action(session))
    return session


def _payload(session: GameSession) -> Any:
    return json.loads(PayloadEncoder().encode(session))


def _round_trip(session: GameSession) -> GameSession:
    record = decode_payload(_payload(session), GAME)
    assert record.state == session.state
    assert record.history == tuple(session.history)
    assert record.round_times == session.round_times
    assert record.stats == session.ledger
    assert record.currency == session.currency
    assert record.start_credits == session.start_credits
    assert record.bet_steps == session.bet_steps
    if isinstance(session.rng, SeededSource):
        assert isinstance(record.rng, SeededSource)
        assert record.rng.seed == session.rng.seed
        assert record.rng.get_state() == session.rng.get_state()
    return session


BASE = _played()
BASE_PAYLOAD = _payload(BASE)


# --- 1. the writer never writes what its reader refuses ----------------------------------


@pytest.mark.parametrize("seed", [0, 2**63, 2**64, 18446744073709551616, SEED_MAX])
def test_every_seed_the_cli_accepts_round_trips(seed: int) -> None:
    _round_trip(_played(seed, actions=6))


def test_extremes_of_every_field_round_trip() -> None:
    rich = demo_session(GAME, SeededSource(3), clock=Clock(), credits=MAX_CENTS)
    rich.currency = "X" * 16
    _round_trip(rich)  # credits and start credits at the bound, the longest currency
    long = _played(seed=5, actions=700, credits=10**9)
    assert len(long.history) == HISTORY_LENGTH  # history, round times at their bounds
    assert len(long.round_times) in (HISTORY_LENGTH, HISTORY_LENGTH + 1)
    assert len(long.ledger.credits_series) == min(SERIES_LENGTH, long.ledger.rounds + 1)
    _round_trip(long)
    # every MT word at its bound, the stats series full
    words = (2**32 - 1,) * 624 + (624,)
    assert isinstance(long.rng, SeededSource)
    long.rng.set_state((3, words, None))
    series = (long.state.credits,) * SERIES_LENGTH
    long.stats = replace(long.ledger, credits_series=series, active_seconds=1e12 - 1)
    _round_trip(long)


@pytest.mark.parametrize(
    "spoil",
    [
        lambda s: setattr(s, "rng", SeededSource(SEED_MAX + 1)),
        lambda s: setattr(s, "currency", "\x1b[2J"),
        lambda s: setattr(s, "currency", "\ud800"),
        lambda s: setattr(s, "currency", "X" * 17),
        lambda s: setattr(s, "state", s.state._replace(credits=MAX_CENTS + 1)),
        lambda s: setattr(s, "stats", replace(s.ledger, credits_series=(1,) * 501)),
    ],
)
def test_the_writer_refuses_what_the_reader_would(spoil: Any) -> None:
    session = _played(actions=6)
    spoil(session)
    with pytest.raises(SaveError, match="could not be saved"):
        PayloadEncoder().encode(session)


# --- 2. every list bounded ----------------------------------------------------------------


def _refused(payload: Any, match: str | None = None) -> None:
    with pytest.raises(SaveFormatError, match=match):
        decode_payload(payload, GAME)


def test_300000_round_times_are_refused() -> None:
    doc = copy.deepcopy(BASE_PAYLOAD)
    started = next(iter(doc["round_times"].values()))
    doc["round_times"].update({str(n): started for n in range(10**6, 10**6 + 300_000)})
    _refused(doc, "round_times")


def test_round_times_must_be_exactly_the_rounds() -> None:
    doc = copy.deepcopy(BASE_PAYLOAD)
    doc["round_times"].popitem()
    _refused(doc, "round_times")


@pytest.mark.parametrize(
    ("where", "most"),
    [(("history",), HISTORY_LENGTH), (("stats", "credits_series"), SERIES_LENGTH)],
)
def test_oversize_lists_are_refused(where: tuple[str, ...], most: int) -> None:
    doc = copy.deepcopy(BASE_PAYLOAD)
    target = doc
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = [target[where[-1]][0]] * (most + 1)
    _refused(doc, "at most")


def test_oversize_steps_and_gamble_are_refused() -> None:
    for key, count in (("steps", 5_001), ("gamble", 65)):
        doc = copy.deepcopy(BASE_PAYLOAD)
        doc["history"][0][key] = [None] * count
        _refused(doc, "at most")


def test_oversize_free_spins_are_refused_before_they_are_replayed() -> None:
    doc = copy.deepcopy(BASE_PAYLOAD)
    featured = next(r for r in doc["history"] if r["frames"])
    featured["frames"][0]["record"]["spins"] = [{}] * 4_001
    _refused(doc, "at most")


# --- 3. credits against the ledger ----------------------------------------------------------


@pytest.mark.parametrize(
    "edit",
    [
        lambda d: d["state"].__setitem__("credits", d["state"]["credits"] + 100_000),
        lambda d: d["stats"].__setitem__("total_won", d["stats"]["total_won"] + 5),
        lambda d: d["stats"].__setitem__("topped_up", d["stats"]["topped_up"] + 5),
        lambda d: d["stats"].__setitem__("rounds", d["stats"]["rounds"] + 1),
        lambda d: d["history"][0].__setitem__("credits_before", 10**9),
    ],
)
def test_edited_credits_are_refused(edit: Any) -> None:
    doc = copy.deepcopy(BASE_PAYLOAD)
    edit(doc)
    _refused(doc)


def test_credits_and_ledger_edited_together_still_disagree_with_the_history() -> None:
    doc = copy.deepcopy(BASE_PAYLOAD)
    doc["state"]["credits"] += 100_000
    doc["stats"]["total_won"] += 100_000
    _refused(doc, "history")


def test_a_long_session_with_top_ups_loads() -> None:
    from slotterm.engine.actions import TopUp

    session = _played(seed=9, actions=30, credits=200)
    while session.state.round is not None:
        session.act(next_action(session))
    if session.can(TopUp(amount=1000)):
        session.act(TopUp(amount=1000))
    for _ in range(10):
        session.act(next_action(session))
    _round_trip(session)


# --- 4. damaged saves: one SaveFormatError, never a traceback ------------------------------


def test_deep_nesting_in_a_format_1_document() -> None:
    with pytest.raises(SaveFormatError):
        read_v1(b'{"a":' * 100_000 + b"1" + b"}" * 100_000)


def test_deep_nesting_in_the_payload() -> None:
    deep: Any = 1
    for _ in range(100_000):
        deep = [deep]
    doc = copy.deepcopy(BASE_PAYLOAD)
    doc["history"][0]["frames"] = [{"feature": "free_spins", "done": True, "record": deep}]
    _refused(doc)


def test_round_times_key_superscript_two() -> None:
    doc = copy.deepcopy(BASE_PAYLOAD)
    doc["round_times"]["²"] = doc["round_times"].pop(next(iter(doc["round_times"])))
    _refused(doc, "round number")


def test_format_1_entry_without_number() -> None:
    saved_at = "2026-03-01T12:00:00+00:00"
    payload = {
        "_saved_at": saved_at,
        "history": [{"paid": 50, "bet": [1, 10], "credits_before": 100}],
        "state": {"credits": 140, "round": None},
    }
    migrated = migrate_v1_to_v2(payload)  # no KeyError; the format-3 reader names the rest
    assert migrated["stats"]["biggest"] == []


def test_format_1_checksum_over_a_lone_surrogate() -> None:
    doc = {"format": "slotterm-save", "version": 1, "sequence": 1, "saved_at": "x"}
    doc["payload"] = {"currency": "\ud800"}
    doc["sha256"] = "0" * 64
    with pytest.raises(SaveFormatError):
        read_v1(json.dumps(doc).encode())
    assert v1_checksum(1, "x", {}) != doc["sha256"]


@pytest.mark.parametrize("currency", ["\ud800", "\x1b[2J\x1b]0;pwned\x07", "a\nb", "\u202e", ""])
def test_currency_must_be_printable(currency: str) -> None:
    doc = copy.deepcopy(BASE_PAYLOAD)
    doc["currency"] = currency
    if currency == "":
        decode_payload(doc, GAME)
    else:
        _refused(doc, "currency")


# --- the campaign -----------------------------------------------------------------------------

_ODD_TEXT = ["", "²", "٣", "\x1b[2J", "\ud800", "\u202e", "x" * 10_000, "red", "free_spins"]
_ODD_NUMBERS = [-1, 0, 1, 2**31, 2**32, 2**63, 2**64, MAX_CENTS, MAX_CENTS + 1, 10**30, 10**31]


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if len(path) > 12:  # not down a planted deep nest
        return out
    if isinstance(node, dict):
        for key, value in node.items():
            out.extend(_paths(value, (*path, key)))
    elif isinstance(node, list) and len(node) < 64:  # not into the MT state word by word
        for i, value in enumerate(node):
            out.extend(_paths(value, (*path, i)))
    return out


def _odd_value(rng: random.Random, old: Any) -> Any:
    kind = rng.randrange(9)
    if kind == 0:
        return rng.choice(_ODD_TEXT)
    if kind == 1:
        return rng.choice(_ODD_NUMBERS)
    if kind == 2 and isinstance(old, int) and not isinstance(old, bool):
        return old + rng.choice([-1, 1, 100, -(10**6)])
    if kind == 3:
        deep: Any = rng.choice([1, "x", None])
        for _ in range(rng.choice([10, 1_000, 50_000])):
            deep = [deep] if rng.random() < 0.5 else {"a": deep}
        return deep
    if kind == 4:
        return rng.choice([None, True, False, 1.5, float("inf"), float("nan"), [], {}])
    if kind == 5 and isinstance(old, list):
        return old * rng.choice([0, 2, 300])
    if kind == 6 and isinstance(old, str):
        return old + rng.choice(_ODD_TEXT)
    if kind == 7:
        return [old] if rng.random() < 0.5 else {"0": old}
    return None if isinstance(old, list | dict) else str(old)  # a number as text


_FIRST_PATHS: dict[str, list[tuple[Any, ...]]] = {}
"""Every path of each document mutated (by its JSON text): the first change of a fresh copy
picks among them, so they are listed once per document, not once per mutation."""


def mutate(rng: random.Random, doc: Any) -> Any:
    """``doc`` with one to three random changes (a fresh copy)."""
    text = json.dumps(doc)
    doc = json.loads(text)
    for change in range(rng.randint(1, 3)):
        paths = _FIRST_PATHS.setdefault(text, _paths(doc)) if change == 0 else _paths(doc)
        path = rng.choice(paths[1:])
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        last = path[-1]
        action = rng.randrange(10)
        if action == 0 and isinstance(parent, dict):
            del parent[last]
        elif action == 1 and isinstance(parent, dict):
            parent[rng.choice(["extra", "²", "\ud800", "__proto__"])] = 1
        elif action == 2 and isinstance(parent, list):
            parent.append(parent[last] if rng.random() < 0.5 else None)
        else:
            parent[last] = _odd_value(rng, parent[last])
    return doc


def test_campaign_random_bad_payloads() -> None:
    rng = random.Random(20261201)
    small = _payload(_played(seed=4, actions=12))
    tried = handled = accepted = 0
    for _ in range(800):
        doc = mutate(rng, small)
        tried += 1
        try:
            decode_payload(doc, GAME)
            accepted += 1
        except SaveFormatError:
            pass
        handled += 1
    print(f"\nhostile saves: {tried} tried, {handled} handled ({accepted} accepted)")
    assert tried == handled


def _witch_payload() -> Any:
    """A small Lucky Witch payload: two pick games played, a Secret Vault under way."""
    session = demo_session(WITCH, SeededSource(6), clock=Clock(), limits=Limits(max_win=10**6))
    session.set_bet(session.coin_bet(coins=4, coin_size=5))
    for label in ("pumpkin", "potion", "vault"):
        session.act(Spin(bet=session.bet, force=f"mystery_bonus:{label}", limits=session.limits))
        for _ in range(3 if label == "vault" else 100):
            if session.open_round is None:
                break
            action = policy.next_action(WITCH, session.state, "best")
            assert action is not None
            session.act(action)
    assert session.open_round is not None  # the vault: opened, one chosen
    return _payload(session)


def test_campaign_random_bad_lucky_witch_payloads() -> None:
    """Coin bets, the max win, the bonus and its pick games' records, mutated at random."""
    rng = random.Random(20261202)
    small = _witch_payload()
    decode_payload(small, WITCH)
    tried = handled = accepted = 0
    for _ in range(200):
        doc = mutate(rng, small)
        tried += 1
        try:
            decode_payload(doc, WITCH)
            accepted += 1
        except SaveFormatError as exc:
            message = str(exc)
            assert "\n" not in message and len(message) < 300, message
        handled += 1
    print(f"\nhostile Lucky Witch saves: {tried} tried, {handled} handled ({accepted} accepted)")
    assert tried == handled


def test_campaign_messages_are_one_printable_line() -> None:
    rng = random.Random(7)
    small = _payload(_played(seed=4, actions=12))
    for _ in range(200):
        try:
            decode_payload(mutate(rng, small), GAME)
        except SaveFormatError as exc:
            message = str(exc)
            assert "\n" not in message and "\x1b" not in message, message
            assert len(message) < 300, message  # save text is quoted and cut short


def test_campaign_random_bad_old_format_payloads() -> None:
    """The migrations take any damage too: a format-1 or format-2 payload mutated at random."""
    from slotterm.session.migrations import migrate

    rng = random.Random(1201)
    small = _payload(_played(seed=4, actions=12))
    tried = handled = accepted = 0
    for _ in range(500):
        doc = mutate(rng, small)
        version = rng.choice([1, 2])
        if version == 1 and isinstance(doc, dict):
            for key in ("round_times", "stats", "currency"):
                doc.pop(key, None)
            doc["_saved_at"] = "2026-03-01T12:00:00+00:00"
        tried += 1
        try:
            decode_payload(migrate(version, doc), GAME)
            accepted += 1
        except SaveFormatError:
            pass
        handled += 1
    print(f"\nhostile old-format saves: {tried} tried, {handled} handled ({accepted} accepted)")
    assert tried == handled


def test_a_copy_nested_too_deeply_is_one_damaged_copy_not_a_crash() -> None:
    """The file reader parses the payload itself: a 100,000-deep nesting is damage."""
    from slotterm.session.fileformat import FORMAT_VERSION, decode_file, encode_file

    deep = b"[" * 100_000 + b"]" * 100_000
    data = encode_file(1, deep)
    assert FORMAT_VERSION >= 3
    with pytest.raises(SaveFormatError, match="nested too deeply"):
        decode_file(data)
