"""An exported game file loads back to the same game: ``par FILE`` prints what ``par ID``
prints, byte for byte, for every shipped game and both formats (DESIGN.md §7)."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from slotterm.cli import main
from slotterm.games import SHIPPED_FOLDER, game_ids, get_game, load_game_file
from slotterm.games.export import game_file_tree


def _out(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    assert main(argv) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out


@pytest.mark.parametrize("game_id", game_ids())
@pytest.mark.parametrize("fmt", ["json", "toml"])
def test_an_exported_file_has_the_same_par_sheet(
    game_id: str, fmt: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    exported = tmp_path / f"export.{fmt}"
    exported.write_text(_out(capsys, ["game-def", game_id, f"--{fmt}"]), encoding="utf-8")
    by_file = _out(capsys, ["par", str(exported), "--json"])
    by_id = _out(capsys, ["par", game_id, "--json"])
    assert by_file == by_id
    assert json.loads(by_id)["game"] == game_id
    assert _out(capsys, ["par", str(exported), "--lines", "1", "--json"]) == _out(
        capsys, ["par", game_id, "--lines", "1", "--json"]
    )


@pytest.mark.parametrize("game_id", game_ids())
def test_an_export_loads_to_the_same_tree_and_exports_the_same(
    game_id: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = get_game(game_id)
    tree = game_file_tree(game)
    for fmt in ("json", "toml"):
        exported = tmp_path / f"again.{fmt}"
        exported.write_text(_out(capsys, ["game-def", game_id, f"--{fmt}"]), encoding="utf-8")
        again = load_game_file(exported)
        assert again is not game and again.source == str(exported)
        assert game_file_tree(again) == tree
        assert [f.name for f in again.features] == [f.name for f in game.features]
        assert _out(capsys, ["game-def", str(exported), f"--{fmt}"]) == exported.read_text()


def test_the_toml_export_holds_no_null_and_the_json_keeps_the_contracts_nulls(
    capsys: pytest.CaptureFixture[str],
) -> None:
    witch = next(g for g in game_ids() if get_game(g).max_win_x_total_bet is None)
    assert json.loads(_out(capsys, ["game-def", witch, "--json"]))["max_win_x_total_bet"] is None
    assert "max_win_x_total_bet" not in tomllib.loads(_out(capsys, ["game-def", witch, "--toml"]))


@pytest.mark.parametrize("game_id", game_ids())
def test_a_shipped_file_is_the_game_of_its_id(game_id: str) -> None:
    path = SHIPPED_FOLDER / f"{game_id}.toml"
    assert get_game(game_id).source == str(path)
    assert game_file_tree(get_game(str(path))) == game_file_tree(get_game(game_id))
    assert get_game(game_id) is get_game(game_id)


def test_a_file_game_is_found_again_by_its_id(tmp_path: Path) -> None:
    from tests.games.support import small, write

    game = get_game(str(write(tmp_path, small())))
    assert get_game("fruit") is game
    assert get_game(str(tmp_path / "fruit.json")) is game  # unchanged: the same definition
