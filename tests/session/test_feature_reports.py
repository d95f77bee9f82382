"""The feature contract's report hooks: every feature of every shipped game answers them.

Each feature (and each part and spin modifier) gives what it reports as data through
hooks on the engine's contract (``started_part``, ``eval_inputs``, a pick game's
``story``, a modifier's ``added`` and ``line_wins``), and has a session
report found by its name (:mod:`slotterm.session.feature_reports`) for the player's
words.  The records asked about are the real ones of played rounds: every feature forced,
every pick game drawn, each played to its end by every policy.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterator

import pytest

from slotterm.engine import policy
from slotterm.engine.actions import Spin
from slotterm.engine.eval_input import EvalInput
from slotterm.engine.feature import Feature
from slotterm.engine.features.pick_game import PICK_ACTIONS, PickGame
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import FeatureFrame, Round
from slotterm.games import game_ids, get_game
from slotterm.rng import SeededSource
from slotterm.session.feature_reports import GENERIC, REPORTS, report_for
from slotterm.session.game_session import demo_session
from tests.session.helpers import Clock

GAMES = [get_game(game_id) for game_id in game_ids()]


def forces(game: GameDefinition) -> list[str]:
    """Every feature the game can force, and every detail of one (each pick game)."""
    found = []
    for feature in game.features:
        found.append(feature.name)
        for part in feature.parts():
            label = getattr(part, "label", "")
            if label and feature.force_refusal(label) is None:
                found.append(f"{feature.name}:{label}")
    return found


def played_frames(game: GameDefinition) -> dict[str, list[tuple[Round, FeatureFrame]]]:
    """Every frame of every feature of rounds that force each feature in turn, by name:
    taken after each step (under way) and at the round's end (closed)."""
    session = demo_session(game, SeededSource(5), clock=Clock())
    frames: dict[str, list[tuple[Round, FeatureFrame]]] = defaultdict(list)
    policies = ("best", "worst", "random", "keep-first")
    for n, force in enumerate(forces(game) * 4):
        session.act(Spin(bet=session.bet, force=force, limits=session.limits))
        while (round_ := session.open_round) is not None:
            for frame in round_.frames:
                frames[frame.feature].append((round_, frame))
            action = policy.next_action(
                game, session.state, policies[n % 4], chooser=SeededSource(n)
            )
            assert action is not None
            session.act(action)
        closed = session.history[-1]
        for frame in closed.frames:
            frames[frame.feature].append((closed, frame))
    return frames


@pytest.fixture(scope="module", params=GAMES, ids=lambda g: g.id)
def played(
    request: pytest.FixtureRequest,
) -> tuple[GameDefinition, dict[str, list[tuple[Round, FeatureFrame]]]]:
    game: GameDefinition = request.param
    return game, played_frames(game)


def features_of(game: GameDefinition) -> Iterator[Feature]:
    yield from game.all_features


def test_every_feature_of_every_game_has_a_report_and_was_played(
    played: tuple[GameDefinition, dict[str, list[tuple[Round, FeatureFrame]]]],
) -> None:
    game, frames = played
    for feature in features_of(game):
        assert report_for(feature.name) is REPORTS[feature.name], feature.name
        assert frames[feature.name], f"{feature.name} was never played"
        assert any(frame.done for _, frame in frames[feature.name]), feature.name


def test_a_feature_without_a_report_gets_the_generic_one() -> None:
    frame = FeatureFrame(feature="toy_bonus", record=None, done=False)
    assert report_for("toy_bonus") is GENERIC
    assert GENERIC.won_words(None, frame) == "toy bonus"
    assert GENERIC.tells_steps is False and GENERIC.settled_words() is None


def test_the_engine_hooks_answer_for_every_record(
    played: tuple[GameDefinition, dict[str, list[tuple[Round, FeatureFrame]]]],
) -> None:
    game, frames = played
    keys: list[str] = []
    for feature in features_of(game):
        parts = {p.name for p in feature.parts()}
        for _, frame in frames[feature.name]:
            started = feature.started_part(frame.record)
            if parts:
                assert started is None or started in parts
                assert (started is not None) == frame.done  # a host is done once it drew
            else:
                assert started is None
        inputs = feature.eval_inputs()
        assert all(isinstance(spec, EvalInput) for spec in inputs)
        for spec in inputs:
            assert spec.key.isidentifier() and spec.help
            assert set(spec.choices) <= set(game.symbol_index)
        keys += [spec.key for spec in inputs]
    assert len(keys) == len(set(keys)), "two features of one game take the same eval input"


PICK_HOSTS = [g for g in GAMES if any(f.parts() for f in g.features)]
"""The shipped games with a feature that starts pick games (at least one)."""


@pytest.mark.parametrize("game", PICK_HOSTS, ids=lambda g: g.id)
def test_every_pick_game_tells_its_records_pick_by_pick(game: GameDefinition) -> None:
    frames = played_frames(game)
    picks = [p for f in game.features for p in f.parts()]
    assert picks
    for part in picks:
        assert isinstance(part, PickGame)  # the test may: it checks the engine's classes
        assert frames[part.name]
        for round_, frame in frames[part.name]:
            story = part.story(frame.record)
            assert len(story.layout) == part.item_count
            assert all(0 <= i < part.item_count and a in PICK_ACTIONS for i, a in story.picks)
            assert story.seen <= set(range(part.item_count))
            done = part.finished(frame.record)
            assert (story.multiple is not None) == done
            if story.multiple is not None:  # paid at most what the picks are worth
                assert 0 < part.pay(frame.record) <= story.multiple * round_.bet.total


def test_every_spin_modifier_says_what_it_added(
    played: tuple[GameDefinition, dict[str, list[tuple[Round, FeatureFrame]]]],
) -> None:
    game, frames = played
    for feature in features_of(game):
        modifier = getattr(feature, "modifier", None)
        if modifier is None:
            continue
        choices = [c for spec in modifier.eval_inputs() for c in spec.choices]
        assert choices, f"{modifier.name}: eval cannot give its state"
        spins = [fs for _, frame in frames[feature.name] for fs in frame.record.spins]
        assert spins
        bet = frames[feature.name][0][0].bet
        for fs in spins:
            state = frames[feature.name][-1][1].record.modifier
            for symbol in {state, *choices[:2]}:
                extra, win = modifier.added(
                    game, fs.result.window, symbol, bet.lines, bet.bet_per_line
                )
                assert sum(w.win for w in modifier.line_wins(extra)) == win >= 0


def test_the_session_reports_answer_for_every_frame(
    played: tuple[GameDefinition, dict[str, list[tuple[Round, FeatureFrame]]]],
) -> None:
    from slotterm.session.history_view import frame_view

    game, frames = played
    for feature in features_of(game):
        report = report_for(feature.name)
        settled = report.settled_words()
        assert settled is None or settled.startswith(" with ")
        for round_, frame in frames[feature.name]:
            assert json.dumps(report.round_keys(round_, game))
            entry = frame_view(frame, game, round_.bet.total)
            extra = report.entry_keys(feature, frame, round_.bet.total)
            assert json.loads(json.dumps(extra)) == extra
            assert set(extra) <= set(entry)
            text = report.table_text(round_, frame, entry)
            assert text is None or isinstance(text, str)
            words = report.won_words(feature, frame)
            assert words and words == words.strip()
            if report.tells_steps and frame.done:
                note = report.step_note(feature, frame, round_.bet.total)
                assert note is not None and note.startswith("Your ") and note.endswith(".")
