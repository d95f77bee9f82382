"""docs/game-files.md: its example is a game file that loads, and it names every key the
loader reads (a key added to the format without a word in the designer's document fails)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from slotterm.games import load_game_file
from slotterm.games.export import game_file_tree
from tests.games.support import small

DOC = Path(__file__).resolve().parents[2] / "docs" / "game-files.md"


def test_the_example_loads_and_is_the_small_game(tmp_path: Path) -> None:
    text = DOC.read_text(encoding="utf-8")
    example = text.split("## A small example", 1)[1].split("```toml\n", 1)[1].split("```")[0]
    path = tmp_path / "fruit.toml"
    path.write_text(example, encoding="utf-8")
    from tests.games.support import write

    assert game_file_tree(load_game_file(path)) == game_file_tree(
        load_game_file(write(tmp_path, small()))
    )
    assert tomllib.loads(example)["game"] == "fruit"


def test_every_key_of_the_shipped_files_is_described() -> None:
    from slotterm.games import game_ids, get_game

    text = DOC.read_text(encoding="utf-8")
    described = set(re.findall(r"`([a-z_]+)`", text))
    for game_id in game_ids():
        tree = game_file_tree(get_game(game_id))
        keys = set(tree)
        for value in tree.values():
            if isinstance(value, dict):
                keys |= {k for k in value if re.fullmatch(r"[a-z_]+", k)}
        for bonus_game in tree.get("bonus", {}).get("games", {}).values():
            keys |= set(bonus_game)
        assert keys - {"base", "free"} <= described, keys - described
