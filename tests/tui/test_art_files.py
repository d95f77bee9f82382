"""Pixel art as data (slotterm.tui.art.art_file) and a game's pictures from its definition
(slotterm.tui.art.game_art): the shipped art files read whole; a bad file is one line naming
the file and the place in it; ``art`` entries choose a file's table, a text tile or a
generated one."""

from __future__ import annotations

from pathlib import Path

import pytest

from slotterm.engine.symbols import SymbolKind
from slotterm.tui.art.art_file import MAX_ART_FILE_BYTES, ArtFileError, read_art_file
from slotterm.tui.art.game_art import check_game_art, game_art
from slotterm.tui.art.sizes import MEDIUM_PICTURE, OWN_INK, SMALL_PICTURE
from slotterm.tui.art.tiles import tile_strips
from tests.tui.art_support import plain_game, shipped

GOOD = """
[SEVEN]
name = "Lucky Seven"
glyph = "7"
colour = "red1"
look = { top = "#3a1a1a", bottom = "#1a0a0a", frame = "#ff5050" }
plate = "777"
stacked = true
small = [
  "rrrrrrrr",
  "......r.",
  ".....r..",
  "....r...",
  "...r....",
  "..r.....",
]
medium = [
  "rrrrrrrrrrrrrr",
  "............r.",
  "...........r..",
  "..........r...",
  ".........r....",
  "........r.....",
  ".......r......",
  "......r.......",
  ".....r........",
  "....r.........",
  "...r..........",
  "..r...........",
]

[BAR]
name = "Bar"
glyph = "B"
colour = "#c0c0c0"
look = { top = "#303030", bottom = "#303030", frame = "#a0a0a0" }
letters = "BAR"
ink = "w"
"""


def _file(tmp_path: Path, text: str, name: str = "fruit.art.toml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def _error(tmp_path: Path, text: str) -> str:
    with pytest.raises(ArtFileError) as caught:
        read_art_file(_file(tmp_path, text))
    message = str(caught.value)
    assert "\n" not in message and message.startswith("fruit.art.toml: "), message
    return message


@pytest.mark.parametrize("game_id", ["book-of-spells", "lucky-witch"])
def test_the_shipped_art_files_hold_every_symbol_of_their_game(game_id: str) -> None:
    game = shipped(game_id)
    paths = {entry["pixels"] for entry in game.art.values()}
    assert len(paths) == 1 and Path(next(iter(paths))).name == f"{game_id}.art.toml"
    tables = read_art_file(next(iter(paths)))
    assert set(tables) == {s.id for s in game.symbols}
    for symbol in game.symbols:
        art = game_art(game).art(symbol.id)
        assert art is tables[symbol.id].art and art.name == symbol.name
    stacked = {s for s, entry in tables.items() if entry.stacked}
    assert game_art(game).stacked == stacked


def test_a_file_gives_pictures_letters_plates_and_stacks(tmp_path: Path) -> None:
    tables = read_art_file(_file(tmp_path, GOOD))
    seven, bar = tables["SEVEN"], tables["BAR"]
    assert seven.stacked and not bar.stacked
    assert seven.art.plate == "777" and seven.art.small[0] == "rrrrrrrr" and not seven.art.rank
    assert bar.art.rank and bar.art.color == "#c0c0c0"
    assert (len(bar.art.small[0]), len(bar.art.small)) == SMALL_PICTURE
    assert (len(bar.art.medium[0]), len(bar.art.medium)) == MEDIUM_PICTURE
    assert {ch for row in bar.art.medium for ch in row} == {".", "w", "k"}  # letters, shadow


def test_a_picture_of_the_wrong_size_is_an_error(tmp_path: Path) -> None:
    short_row = GOOD.replace('  "......r.",', '  "......r",', 1)
    assert _error(tmp_path, short_row) == (
        "fruit.art.toml: SEVEN.small: row 1 must be 8 pixels, not 7"
    )
    rows = GOOD.replace('  "..r.....",\n', "", 1)
    assert _error(tmp_path, rows) == (
        "fruit.art.toml: SEVEN.small: a picture must be 6 rows of 8 pixels, not 5 rows"
    )


@pytest.mark.parametrize(
    "change,message",
    [
        (('glyph = "7"', 'glyph = "7"\nsize = 3'), "SEVEN.size: unknown key"),
        (('name = "Bar"\n', ""), "BAR: missing name"),
        (('glyph = "7"', 'glyph = "77"'), "SEVEN.glyph: must be one character"),
        (('colour = "red1"', 'colour = "rouge"'), "SEVEN.colour: unknown colour 'rouge'"),
        (('top = "#3a1a1a"', 'top = "red"'), "SEVEN.look.top: must be a colour written #rrggbb"),
        ((', frame = "#ff5050" }', " }"), "SEVEN.look: must be a table of exactly top, bottom"),
        (('"rrrrrrrr",', '"rrrrrrrZ",'), "SEVEN.small: unknown palette letters ['Z']"),
        (('"rrrrrrrr",', '"rrrrrrr*",'), "SEVEN.small: unknown palette letters ['*']"),
        (('ink = "w"', 'ink = "%"'), "BAR.ink: unknown palette letter '%'"),
        (('ink = "w"\n', ""), "BAR: letters need an ink"),
        (('letters = "BAR"', 'letters = "BAR"\nsmall = []'), "BAR: gives letters or pictures"),
        (("stacked = true", 'stacked = "yes"'), "SEVEN.stacked: must be true or false"),
        (("small = [", "little = ["), "SEVEN.little: unknown key"),
        (("\n[SEVEN]", "ODD = 3\n[SEVEN]"), "ODD: must be a table"),
        (("[BAR]", "[BAR"), "not TOML"),
    ],
)
def test_each_bad_field_is_one_line_naming_its_place(
    tmp_path: Path, change: tuple[str, str], message: str
) -> None:
    assert change[0] in GOOD
    found = _error(tmp_path, GOOD.replace(*change, 1))
    assert message in found, found


def test_a_missing_huge_or_unreadable_file_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(ArtFileError, match=r"^gone\.art\.toml: cannot be read"):
        read_art_file(str(tmp_path / "gone.art.toml"))
    huge = _file(tmp_path, "# " + "x" * MAX_ART_FILE_BYTES, "huge.art.toml")
    with pytest.raises(ArtFileError, match=r"^huge\.art\.toml: an art file is at most"):
        read_art_file(huge)
    binary = tmp_path / "bin.art.toml"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(ArtFileError, match=r"^bin\.art\.toml: "):
        read_art_file(str(binary))


def test_an_art_file_without_the_symbols_table_is_an_error(tmp_path: Path) -> None:
    path = _file(tmp_path, GOOD)
    game = plain_game(art={"LEMON": {"pixels": path}})
    with pytest.raises(ArtFileError, match=r"^fruit\.art\.toml: no table for symbol LEMON$"):
        check_game_art(game)


def test_a_changed_file_is_read_again(tmp_path: Path) -> None:
    path = _file(tmp_path, GOOD)
    assert read_art_file(path)["SEVEN"].art.name == "Lucky Seven"
    _file(tmp_path, GOOD.replace("Lucky Seven", "Big Seven") + "\n# longer")
    assert read_art_file(path)["SEVEN"].art.name == "Big Seven"


def test_art_entries_choose_a_files_table_a_text_tile_or_a_generated_one(tmp_path: Path) -> None:
    path = _file(tmp_path, GOOD)
    art = {"SEVEN": {"pixels": path}, "BAR": {"text": "7", "colour": "#d03030"}}
    game = plain_game(art=art)
    pictures = game_art(game)
    assert pictures.art("SEVEN") is read_art_file(path)["SEVEN"].art
    assert pictures.stacked == {"SEVEN"}
    bar = pictures.art("BAR")
    assert bar.ink == bar.color == "#d03030" and bar.look.frame == "#d03030"
    assert bar.name == "Bar" and bar.plate == "BAR"
    # the text "7" is the picture, in the file's colour
    assert any(OWN_INK in row for row in bar.small)
    plain = game_art(plain_game()).art("BAR")
    assert plain.small != bar.small and plain.color != bar.color
    named = plain_game(art={"BAR": {"colour": "gold1"}})
    assert game_art(named).art("BAR").ink == "#ffd700"


def test_an_unknown_colour_in_the_game_file_is_one_line() -> None:
    game = plain_game(art={"BAR": {"colour": "sky"}})
    with pytest.raises(ArtFileError, match=r"^plain-fruit: art\.BAR\.colour: unknown colour"):
        check_game_art(game)


def test_a_file_symbol_is_drawn_like_any_other(tmp_path: Path) -> None:
    game = plain_game(art={"SEVEN": {"pixels": _file(tmp_path, GOOD)}})
    seven = game_art(game).art("SEVEN")
    assert game.symbol_index["SEVEN"].kind is SymbolKind.REGULAR
    mono = tile_strips(seven, 16, 7, mono=True)
    assert "777" in mono[-1].text  # the plate
