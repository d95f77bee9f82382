"""Feature modules are found without a list naming them, and each reads back what it writes;
the tuning tools' ``--write`` rewrites only the strips of a TOML game file."""

from __future__ import annotations

import tomllib

import pytest

from slotterm.commands.game_toml import toml_text, with_strips
from slotterm.engine.feature import Feature, SpinModifier
from slotterm.engine.file_table import FileContext, FileTable
from slotterm.games import SHIPPED_FOLDER, game_ids, get_game
from slotterm.games.export import game_file_tree
from slotterm.games.feature_finder import found_features


def _subclasses(base: type) -> set[type]:
    found = set()
    for sub in base.__subclasses__():
        found |= {sub} | _subclasses(sub)
    return found


def test_every_feature_class_with_a_file_key_is_found() -> None:
    found = found_features()
    keyed = {cls for cls in _subclasses(Feature) | _subclasses(SpinModifier) if cls.file_key}
    assert keyed and keyed == {*found.features.values(), *found.modifiers.values()}
    for game_id in game_ids():
        game = get_game(game_id)
        for feature in game.all_features:
            assert found.by_name[feature.name] is type(feature)
        tree = game_file_tree(game)
        assert {f.file_key for f in game.features} <= set(tree)


@pytest.mark.parametrize("game_id", game_ids())
def test_each_feature_reads_back_its_own_table(game_id: str) -> None:
    game = get_game(game_id)
    context = FileContext(
        symbols=game.symbol_index,
        reels=game.reels,
        rows=game.rows,
        reel_sets=game.reel_sets,
        classes=found_features().by_name,
        paytable=game.paytable,
    )
    for feature in game.features:
        modifier = getattr(feature, "modifier", None)
        if modifier is not None:
            context.modifiers = {modifier.host: modifier}
        again = type(feature).from_file(FileTable(feature.to_file(), "x"), context)
        assert again.to_file() == feature.to_file()
        assert again.file_extras() == feature.file_extras()


def test_with_strips_rewrites_the_reels_and_keeps_the_rest() -> None:
    game_id = game_ids()[-1]
    text = (SHIPPED_FOLDER / f"{game_id}.toml").read_text(encoding="utf-8")
    reels = tomllib.loads(text)["reels"]
    reels["base"][0][0], reels["base"][0][1] = reels["base"][0][1], reels["base"][0][0]
    new = with_strips(text, reels)
    assert tomllib.loads(new)["reels"] == reels
    before, after = text.split("[reels]"), new.split("[reels]")
    assert before[0] == after[0]  # the header comments and the keys above
    assert before[1].split("\n[", 1)[1] == after[1].split("\n[", 1)[1]  # the tables after
    assert with_strips(text, tomllib.loads(text)["reels"]) == text


@pytest.mark.parametrize(
    "text",
    [
        "word " * 60,
        'a "quoted" word, a tab\t, a line\nbreak and  two spaces ' * 5,
        "x" * 150 + " tail",
        "ends on a quote " * 8 + '"',
    ],
    ids=["words", "escapes", "one long word", "a quote at the end"],
)
def test_a_long_text_is_wrapped_and_reads_back_the_same(text: str) -> None:
    tree = {"game": "x", "help": text}
    written = toml_text(tree)
    assert tomllib.loads(written) == tree
    assert 'help = """' in written
    assert max(map(len, written.splitlines())) <= 100 or "x" * 101 in written


def test_toml_text_reads_back_to_the_tree() -> None:
    for game_id in game_ids():
        tree = game_file_tree(get_game(game_id))
        plain = {k: v for k, v in tree.items() if v is not None}
        assert tomllib.loads(toml_text(tree)) == plain
        assert max(map(len, toml_text(tree).splitlines())) <= 100
