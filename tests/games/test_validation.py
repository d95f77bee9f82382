"""A bad game file is one line naming the file and the place inside it, exit 2 (DESIGN.md §7)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from slotterm.games import GameFileError, load_game_file
from tests.games.support import refused, small, write


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """A change that puts ``value`` at the dotted ``path`` (list indices as numbers)."""

    def change(tree: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node: Any = tree
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node[part]
        node[int(last) if isinstance(node, list) else last] = value

    return change


def _delete(path: str) -> Callable[[dict[str, Any]], None]:
    def change(tree: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node: Any = tree
        for part in parents:
            node = node[part]
        del node[last]

    return change


CASES = [
    ("unknown-top-key", _set("colour", "red"), "colour: unknown key"),
    (
        "misspelt-key",
        _set("free_spins.awrd", 3),
        'free_spins.awrd: unknown key (did you mean "award"?)',
    ),
    (
        "unknown-symbol-on-a-strip",
        _set("reels.base.2.7", "SEVN"),
        'reels.base[2][7]: unknown symbol "SEVN"',
    ),
    (
        "unknown-symbol-in-pays",
        _set("paytable.SEVN", {"3": 5}),
        'paytable.SEVN: unknown symbol "SEVN"',
    ),
    (
        "line-outside-the-rows",
        _set("lines.4", [2, 3, 0]),
        "lines[4][1]: row 3 is outside the 3 rows (0..2, 0 = top)",
    ),
    ("negative-pay", _set("paytable.BAR.3", -20), "paytable.BAR.3: must not be negative, got -20"),
    (
        "fractional-pay",
        _set("paytable.BAR.3", 2.5),
        "paytable.BAR.3: must be a whole number, got 2.5",
    ),
    (
        "bool-pay",
        _set("paytable.BAR.3", True),
        "paytable.BAR.3: must be a whole number, got true",
    ),
    (
        "pay-for-more-symbols-than-reels",
        _set("paytable.BAR.4", 100),
        "paytable.BAR.4: must be a count 1..3 written in digits",
    ),
    (
        "wild-substitutes-a-scatter",
        _set("wild.substitutes", ["SEVEN", "STAR"]),
        "wild.substitutes[1]: a wild cannot stand in for the scatter STAR",
    ),
    (
        "scatter-without-pays",
        _delete("scatter_pays"),
        "scatter_pays: missing: the scatter STAR needs its pays",
    ),
    ("missing-key", _delete("rows"), "rows: missing"),
    (
        "missing-cap",
        _delete("max_win_x_total_bet"),
        "max_win: a game needs a round cap: max_win_x_total_bet or max_win",
    ),
    (
        "unknown-kind",
        _set("symbols.0.kind", "jackpot"),
        'symbols[0].kind: unknown kind "jackpot" '
        "(known: regular, wild, scatter, wild_scatter (or wild-scatter), bonus)",
    ),
    (
        "strip-shorter-than-the-window",
        _set("reels.free.1", ["BAR", "STAR"]),
        "reels.free[1]: a strip needs at least 3 stops (the rows)",
    ),
    (
        "money-as-a-number",
        _set("bet", {"bet_steps": [0.1, 0.2]}),
        'bet.bet_steps[0]: money is written as text, e.g. "0.10"',
    ),
    (
        "trigger-below-one",
        _set("free_spins.trigger", 0),
        "free_spins.trigger: must be at least 1, got 0",
    ),
    (
        "unused-reel-set",
        _set("reels.bonus", [["BAR"] * 3] * 3),
        "reels.bonus: unknown reel set (no feature of the game spins on it)",
    ),
]


@pytest.mark.parametrize(("change", "says"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_each_bad_value_is_one_line_at_its_place(
    change: Callable[[dict[str, Any]], None],
    says: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    tree = small()
    change(tree)
    for name in ("fruit.json", "fruit.toml"):
        path = write(tmp_path, tree, name)
        assert refused(capsys, path) == f"{name}: {says}"
        with pytest.raises(GameFileError) as caught:
            load_game_file(path)
        assert str(caught.value) == f"{name}: {says}"


def test_the_small_file_itself_loads(tmp_path: Path) -> None:
    game = load_game_file(write(tmp_path, small()))
    assert (game.id, game.reels, game.rows, len(game.lines)) == ("fruit", 3, 3, 5)
    assert game.wild_multiplier == 2 and game.wild_substitutes is None


def test_a_retrigger_endless_on_average_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # each free reel shows its one STAR in 3 of its 10 windows: 3 STARs with chance
    # (3/10)^3 = 0.027; 37 more spins make 0.999 spins per spin (ends), 38 make 1.026
    tree = small()
    tree["free_spins"]["retrigger"] = 37
    assert load_game_file(write(tmp_path, tree)).feature("free_spins").retrigger == 37
    tree["free_spins"]["retrigger"] = 38
    assert refused(capsys, write(tmp_path, tree)) == (
        "fruit.json: free_spins.retrigger: 38 more spins on a retrigger (chance 0.027 a "
        "spin) make the feature endless on average: 1.03 spins won per spin played, which "
        "must be below 1"
    )


def test_a_derived_key_must_be_right(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from slotterm.games import get_game
    from slotterm.games.export import game_file_tree

    tree = game_file_tree(get_game("lucky-witch"))
    tree["bonus"]["games"]["vault"]["max_prize_x_total_bet"] = 99
    assert refused(capsys, write(tmp_path, tree, "witch.json")) == (
        "witch.json: bonus.games.vault.max_prize_x_total_bet: is worked out from the rest of "
        "the file: 100, not 99 (leave it out)"
    )


def test_a_refusal_of_a_pick_game_is_placed_at_its_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from slotterm.games import get_game
    from slotterm.games.export import game_file_tree

    tree = game_file_tree(get_game("lucky-witch"))
    tree["bonus"]["games"]["pumpkin"]["give_ups"] = 5
    del tree["bonus"]["games"]["pumpkin"]["max_prize_x_total_bet"]
    assert refused(capsys, write(tmp_path, tree, "witch.json")) == (
        "witch.json: bonus.games.pumpkin: Pumpkin: needs 0 <= give-ups < pumpkins"
    )


def test_a_definition_the_engine_refuses_is_placed_at_its_feature(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from slotterm.games import get_game
    from slotterm.games.export import game_file_tree

    tree = game_file_tree(get_game("lucky-witch"))
    vault = tree["bonus"]["games"]["vault"]
    vault["amounts"][-1] = 1000
    del vault["max_prize_x_total_bet"]
    assert refused(capsys, write(tmp_path, tree, "witch.json")) == (
        "witch.json: bonus: Secret Vault: a prize of 1000x the total bet is over the 100x limit"
    )


def test_a_modifier_needs_its_host(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from slotterm.games import get_game
    from slotterm.games.export import game_file_tree

    tree = game_file_tree(get_game("book-of-spells"))
    tree["expanding_symbol"]["candidates"].append("BOOK")
    assert refused(capsys, write(tmp_path, tree, "book.json")) == (
        "book.json: expanding_symbol.candidates[9]: BOOK is not a paying symbol"
    )
    tree["expanding_symbol"]["candidates"].pop()
    del tree["free_spins"]
    assert refused(capsys, write(tmp_path, tree, "book.json")) == (
        "book.json: expanding_symbol: needs the feature free_spins to attach to"
    )


def test_a_file_that_is_not_json_or_toml(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad_json = tmp_path / "fruit.json"
    bad_json.write_text('{"game": "fruit",,}', encoding="utf-8")
    assert refused(capsys, bad_json) == (
        "fruit.json: not valid JSON: Expecting property name enclosed in double quotes "
        "(line 1, column 18)"
    )
    bad_toml = tmp_path / "fruit.toml"
    bad_toml.write_text("game = fruit\n", encoding="utf-8")
    assert refused(capsys, bad_toml).startswith("fruit.toml: not valid TOML: Invalid value")
    text = tmp_path / "fruit.txt"
    text.write_text("{}", encoding="utf-8")
    assert refused(capsys, text) == "fruit.txt: a game file's name must end in .toml or .json"
    binary = tmp_path / "bytes.json"
    binary.write_bytes(b'{"game": "\xff"}')
    assert refused(capsys, binary) == "bytes.json: not UTF-8 text (byte 10)"
    assert refused(capsys, write(tmp_path, [1, 2], "list.json")) == (
        "list.json: the file must hold a table (a JSON object) at the top"
    )


def test_a_file_over_one_mebibyte(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "big.json"
    path.write_text(" " * (1 << 20) + "{}", encoding="utf-8")
    assert refused(capsys, path) == "big.json: the file is larger than 1 MiB (1048578 bytes)"


@pytest.mark.parametrize("depth", [13, 100_000])
def test_deep_nesting(tmp_path: Path, capsys: pytest.CaptureFixture[str], depth: int) -> None:
    for name, text in (
        ("deep.json", '{"help": ' + "[" * depth + "]" * depth + "}"),
        ("deep.toml", "help = " + "[" * depth + "]" * depth + "\n"),
    ):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        assert refused(capsys, path) == f"{name}: nested deeper than 12 tables and lists"


def test_a_link_a_folder_a_pipe_and_a_missing_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    real = write(tmp_path, small())
    link = tmp_path / "link.json"
    link.symlink_to(real)
    assert refused(capsys, link) == "link.json: it is a symbolic link, not a game file"
    folder = tmp_path / "folder.json"
    folder.mkdir()
    assert refused(capsys, folder) == "folder.json: it is a folder, not a game file"
    pipe = tmp_path / "pipe.toml"
    os.mkfifo(pipe)
    assert refused(capsys, pipe) == "pipe.toml: it is a named pipe, not a game file"
    assert refused(capsys, tmp_path / "gone.toml") == "gone.toml: no such file"


def test_an_unknown_id_says_which_ids_are_known(capsys: pytest.CaptureFixture[str]) -> None:
    from slotterm.cli import main
    from slotterm.games import game_ids

    assert main(["par", "fruit-machine"]) == 2
    err = capsys.readouterr().err
    assert err == (
        f"slotterm: error: unknown game 'fruit-machine' (known: {', '.join(game_ids())}; "
        "or the path of a .toml or .json game file)\n"
    )


def test_the_free_spins_win_multiplier_is_read_stored_and_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from slotterm.engine.definition_error import DefinitionError
    from slotterm.engine.features.free_spins import FreeSpins
    from slotterm.games.export import game_file_tree

    plain = load_game_file(write(tmp_path, small()))
    assert plain.feature("free_spins").win_multiplier == 1
    assert "win_multiplier" not in game_file_tree(plain)["free_spins"]
    tree = small()
    tree["free_spins"]["win_multiplier"] = 3
    tripled = load_game_file(write(tmp_path, tree, "tripled.json"))
    assert tripled.feature("free_spins").win_multiplier == 3
    assert game_file_tree(tripled)["free_spins"]["win_multiplier"] == 3
    for bad, says in ((0, "must be at least 1, got 0"), (True, "must be a whole number, got true")):
        tree["free_spins"]["win_multiplier"] = bad
        assert refused(capsys, write(tmp_path, tree)) == (
            f"fruit.json: free_spins.win_multiplier: {says}"
        )
    strips = tripled.feature("free_spins").strips
    for bad in (0, True, 1.5):
        with pytest.raises(DefinitionError, match="win_multiplier"):
            FreeSpins(trigger=3, award=5, retrigger=0, strips=strips, win_multiplier=bad)


def test_features_stand_in_their_declared_order_whatever_the_files_order(
    tmp_path: Path,
) -> None:
    from slotterm.games import get_game
    from slotterm.games.export import game_file_tree

    shipped = get_game("lucky-witch")
    assert [f.name for f in shipped.features] == ["mystery_bonus", "free_spins"]
    tree = game_file_tree(shipped)
    reordered = {k: v for k, v in tree.items() if k != "bonus"} | {"bonus": tree["bonus"]}
    assert list(reordered).index("free_spins") < list(reordered).index("bonus")
    game = load_game_file(write(tmp_path, reordered, "witch.json"))
    assert [f.name for f in game.features] == ["mystery_bonus", "free_spins"]
