"""Whatever one change does to a valid game file, loading it either works or says why in one
line (:class:`~slotterm.games.GameFileError`): never another exception, never a traceback."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from slotterm.engine.model import GameDefinition
from slotterm.games import GameFileError, get_game, load_game_file
from slotterm.games.export import game_file_tree
from tests.games.support import small

TREES = [small(), json.loads(json.dumps(game_file_tree(get_game("lucky-witch"))))]
"""A small game, and a shipped game with every feature of today (bonus, pick games)."""

SYMBOL_IDS = ["SEVEN", "STAR", "WILD", "LUCKY", "POTION", "CAULDRON", "SEVN", "A"]

VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**20), max_value=10**20)
    | st.sampled_from([0, 1, 2, 3, 5, 100, -1])
    | st.floats(allow_nan=False)
    | st.text(max_size=8)
    | st.sampled_from([*SYMBOL_IDS, "all", "0.10", "regular", "wild", "scatter", "bonus"]),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)


def _places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside the tree (keys and list indices)."""
    found = [path] if path else []
    if isinstance(value, dict):
        for key, child in value.items():
            found += _places(child, (*path, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            found += _places(child, (*path, index))
    return found


PLACES = [_places(tree) for tree in TREES]


@st.composite
def mutated(draw: st.DrawFn) -> dict[str, Any]:
    """One of :data:`TREES` with one value deleted, retyped or replaced."""
    which = draw(st.sampled_from(range(len(TREES))))
    tree = copy.deepcopy(TREES[which])
    *parents, last = draw(st.sampled_from(PLACES[which]))
    node: Any = tree
    for part in parents:
        node = node[part]
    action = draw(st.sampled_from(["delete", "replace", "retype"]))
    if action == "delete":
        del node[last]
    elif action == "retype":
        old = node[last]
        node[last] = str(old) if not isinstance(old, str) else [old] if len(old) % 2 else {old: old}
    else:
        node[last] = draw(VALUES)
    if draw(st.booleans()) and isinstance(node, dict):
        node[draw(st.text(min_size=1, max_size=6))] = draw(VALUES)  # a key besides
    return tree


@settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(tree=mutated())
def test_a_changed_file_loads_or_says_why_in_one_line(tmp_path: Path, tree: dict[str, Any]) -> None:
    path = tmp_path / "changed.json"
    path.write_text(json.dumps(tree), encoding="utf-8")
    try:
        game = load_game_file(path)
    except GameFileError as exc:
        message = str(exc)
        assert message.startswith("changed.json: ") and "\n" not in message, message
        return
    assert isinstance(game, GameDefinition)
