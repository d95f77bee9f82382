"""A file game's save keeps the rules of its rounds (DESIGN.md §7, issue 19).

Change the game file while a free-spins feature is under way, open the game again: the
feature finishes under the old rules, the next round plays under the new file, and the
player is told.  The history keeps each round under its own rules.  Each test plays a
reference session with the file unchanged and the same seed, so the draws are the same
and the pays alone show which rules paid.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from slotterm.commands.history import history_document
from slotterm.engine import policy
from slotterm.engine.actions import Spin
from slotterm.engine.evaluate import window_at
from slotterm.engine.features import free_spins_records
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import Phase, Round
from slotterm.session import saved_rules
from slotterm.session.errors import SaveUnreadable
from slotterm.session.fileformat import decode_file, encode_file
from slotterm.session.game_session import RULES_CHANGED, RULES_CHANGED_OPEN, RULES_SWITCHED
from slotterm.session.history_view import money
from slotterm.session.opening import OpenedSession, open_session, session_folder
from slotterm.session.saved_rules import rules_of
from slotterm.session.settings import default_settings
from slotterm.session.store import COPY_NAMES, SaveStore
from tests.session.helpers import Clock
from tests.session.rules_support import (
    base_tree,
    doubled_pays,
    finish_round,
    free_spins_played,
    play_round,
    turned_strips,
    write_game,
)

SEED = 7
LATER = 6
"""Rounds played after the feature (enough for several wins)."""


def _open(game: GameDefinition, root: Path) -> OpenedSession:
    return open_session(game, default_settings(game), root=root, seed=SEED, clock=Clock())


def _reference(tmp_path: Path) -> list[Round]:
    """The rounds of an uninterrupted session with the file unchanged: the forced
    feature, then :data:`LATER` plain rounds."""
    game = write_game(tmp_path / "reference.toml", base_tree())
    opened = _open(game, tmp_path / "reference")
    session = opened.session
    rounds = [play_round(session, force=free_spins_records.NAME)]
    rounds += [play_round(session) for _ in range(LATER)]
    opened.close()
    return rounds


def _left_in_the_feature(file: Path, root: Path) -> None:
    """Play the forced feature's first two free spins and leave the game there."""
    opened = _open(write_game(file, base_tree()), root)
    session = opened.session
    session.act(Spin(session.bet, force=free_spins_records.NAME, limits=session.limits))
    while session.phase is Phase.FEATURE and free_spins_played(session) < 2:
        action = policy.next_action(session.game, session.state)
        assert action is not None
        session.act(action)
    assert session.phase is Phase.FEATURE and free_spins_played(session) == 2
    opened.close()


def test_the_feature_finishes_under_the_old_pays_and_the_next_round_under_the_new(
    tmp_path: Path,
) -> None:
    reference = _reference(tmp_path)
    file, root = tmp_path / "spell.toml", tmp_path / "saves"
    _left_in_the_feature(file, root)
    new = write_game(file, doubled_pays(base_tree()))
    opened = _open(new, root)
    session = opened.session
    assert session.load_notice == RULES_CHANGED_OPEN
    assert session.phase is Phase.FEATURE
    assert session.game is not new and session.next_game is new
    finish_round(session)
    feature = session.history[-1]
    assert feature == reference[0]  # every free spin paid by the old table
    assert feature.feature_win > 0
    assert session.rules_note == RULES_SWITCHED
    assert session.game is new and session.next_game is None
    later = [play_round(session) for _ in range(LATER)]
    for mine, theirs in zip(later, reference[1:], strict=True):
        assert mine.base.window == theirs.base.window  # the same draws...
        assert mine.base_win == 2 * theirs.base_win  # ...paid by the new table
    assert any(r.base_win > 0 for r in reference[1:])
    opened.close()
    again = _open(new, root)
    assert again.session.load_notice is None  # told once
    assert again.session.history[0] == reference[0]  # still read under its own rules
    assert again.session.rules_of(reference[0].number) is not new
    assert again.session.rules_of(later[-1].number) is new
    again.close()


def test_the_feature_finishes_on_the_old_strips_and_history_still_reads(tmp_path: Path) -> None:
    reference = _reference(tmp_path)
    file, root = tmp_path / "spell.toml", tmp_path / "saves"
    _left_in_the_feature(file, root)
    old_fingerprint = rules_of(write_game(tmp_path / "old.toml", base_tree())).fingerprint
    new = write_game(file, turned_strips(base_tree()))
    opened = _open(new, root)
    session = opened.session
    assert session.load_notice == RULES_CHANGED_OPEN
    finish_round(session)
    assert session.history[-1] == reference[0]  # the free spins landed on the old strips
    later = [play_round(session) for _ in range(LATER)]
    for mine in later:
        assert mine.base.window == window_at(new.base_reels, mine.base.stops, new.rows)
    assert any(
        mine.base.window != theirs.base.window
        for mine, theirs in zip(later, reference[1:], strict=True)
    )
    opened.close()
    store = SaveStore(session_folder(root, new.id, SEED), new, seed=SEED)
    loaded = store.load(Clock()(), readonly=True)
    assert loaded is not None
    document = history_document(loaded, new)
    rules = [r["rules"] for r in document["rounds"]]
    assert rules == [old_fingerprint] + [rules_of(new).fingerprint] * LATER
    assert document["rounds"][0]["features"][0]["win"] == money(reference[0].feature_win)


def test_a_file_changed_between_rounds_applies_at_once_and_is_told_once(tmp_path: Path) -> None:
    file, root = tmp_path / "spell.toml", tmp_path / "saves"
    opened = _open(write_game(file, base_tree()), root)
    first = play_round(opened.session)
    opened.close()
    new = write_game(file, doubled_pays(base_tree()))
    opened = _open(new, root)
    assert opened.session.load_notice == RULES_CHANGED
    assert opened.session.game is new and opened.session.rules_note is None
    assert opened.session.history[-1] == first
    opened.close()
    again = _open(new, root)
    assert again.session.load_notice is None
    assert again.session.rules_of(first.number) is not new
    again.close()


def test_the_rules_are_computed_once_per_definition(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = write_game(tmp_path / "spell.toml", base_tree())
    calls = []
    real = saved_rules.game_file_tree

    def counted(definition: GameDefinition) -> dict[str, object]:
        calls.append(definition)
        return real(definition)

    monkeypatch.setattr(saved_rules, "game_file_tree", counted)
    opened = _open(game, tmp_path / "saves")
    for _ in range(5):
        play_round(opened.session)
    opened.close()
    assert calls == [game]


Change = Callable[[dict[str, Any]], None]


def _tamper(folder: Path, names: tuple[str, ...], change: Change) -> None:
    """Rewrite the copies ``names`` with ``change`` applied to their payload (a valid
    checksum: only the rules' own checks can tell)."""
    for name in names:
        path = folder / name
        saved = decode_file(path.read_bytes())
        payload = saved.payload
        change(payload["rules"])
        data = json.dumps(payload, separators=(",", ":")).encode()
        path.write_bytes(encode_file(saved.sequence, data))


def _in_the_feature_under_old_rules(tmp_path: Path) -> tuple[GameDefinition, Path, Path]:
    file, root = tmp_path / "spell.toml", tmp_path / "saves"
    _left_in_the_feature(file, root)
    new = write_game(file, doubled_pays(base_tree()))
    return new, root, session_folder(root, new.id, SEED)


def _edit_pay(rules: dict[str, Any]) -> None:
    tree = rules["trees"][rules["current"]]
    tree["paytable"]["WITCH"]["5"] = 50_000


def _other_game(rules: dict[str, Any]) -> None:
    fp = rules["current"]
    tree = rules["trees"].pop(fp)
    tree["game"] = "another-game"
    text = saved_rules.canonical(tree)
    new_fp = saved_rules.fingerprint_of(text)
    rules["trees"][new_fp] = tree
    rules["current"] = new_fp


def _broken_tree(rules: dict[str, Any]) -> None:
    fp = rules["current"]
    tree = rules["trees"].pop(fp)
    tree["reels"]["base"][2][7] = "SEVN"
    new_fp = saved_rules.fingerprint_of(saved_rules.canonical(tree))
    rules["trees"][new_fp] = tree
    rules["current"] = new_fp


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (_edit_pay, "does not match its fingerprint"),
        (_other_game, "is the game 'another-game'"),
        (_broken_tree, 'unknown symbol "SEVN"'),
    ],
)
def test_saved_rules_that_do_not_add_up_are_damage(
    tmp_path: Path,
    change: Change,
    said: str,
) -> None:
    new, root, folder = _in_the_feature_under_old_rules(tmp_path)
    _tamper(folder, COPY_NAMES, change)
    before = {name: (folder / name).read_bytes() for name in COPY_NAMES}
    with pytest.raises(SaveUnreadable, match="no save copy can be trusted") as caught:
        _open(new, root)
    assert said in str(caught.value)
    assert {name: (folder / name).read_bytes() for name in COPY_NAMES} == before


def test_one_copy_with_tampered_rules_recovers_from_the_other(tmp_path: Path) -> None:
    new, root, folder = _in_the_feature_under_old_rules(tmp_path)
    _tamper(folder, COPY_NAMES[:1], _edit_pay)
    opened = _open(new, root)
    session = opened.session
    notice = session.load_notice or ""
    assert "damaged" in notice and "does not match its fingerprint" in notice
    assert notice.endswith(RULES_CHANGED_OPEN)
    assert session.phase is Phase.FEATURE and session.next_game is new
    opened.close()
