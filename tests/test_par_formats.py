"""``slotterm par GAME --markdown`` and ``--csv --section NAME``: the figures of ``--json``,
every one, in the tables of :func:`~slotterm.commands.par_formats.sheet_tables`.

Markdown is parsed back with a pipe-table reader, each wide CSV section with ``csv``, and
compared with ``--json`` figure by figure, for every shipped game: the same tables in the
same order, the same columns, the same rows, each number equal to the JSON's (floats
exactly), ``null`` an empty cell.  The long CSV table is tests/test_par_csv.py's.  The
sheet is computed once per game (:func:`~tests.par_support.cached_par`).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from typing import Any

import pytest

from slotterm.cli import main
from slotterm.games import game_ids
from tests.par_support import cached_par, run

FORMATS = ("--json", "--markdown", "")
"""The flags of the formats (``""``: the tables for people)."""


@pytest.fixture(scope="module")
def outputs() -> Iterator[dict[tuple[str, str], str]]:
    """``(game, flag) -> output`` of ``slotterm par GAME FLAG`` for every shipped game;
    flag ``--csv`` is every section of ``--csv --section NAME``, one after another (each
    its name line, its table, a blank line between: see :func:`read_csv`)."""
    with cached_par(), pytest.MonkeyPatch.context() as patch:
        patch.setenv("COLUMNS", "80")
        found = {
            (g, flag): run(["par", g, *([flag] if flag else [])])
            for g in game_ids()
            for flag in FORMATS
        }
        for g in game_ids():
            sections = _sections(json.loads(found[g, "--json"]))
            found[g, "--csv"] = "\n".join(
                f"{name}\n" + run(["par", g, "--csv", "--section", name]) for name in sections
            )
        yield found


def _sections(data: dict[str, Any]) -> list[str]:
    """The summary, then each list of the JSON with rows."""
    return ["summary", *(key for key, value in data.items() if isinstance(value, list) and value)]


# --- readers ---------------------------------------------------------------------------


Tables = dict[str, tuple[list[str], list[list[str]]]]
"""Table name -> (header, rows), in the order the output gives them."""


def read_csv(text: str) -> Tables:
    """Tables separated by one blank line, each its name line, its header and its rows
    (the summary's wide table, one row of single figures, is turned back into
    ``figure,value`` rows, as the other forms lay it out)."""
    assert text.endswith("\n") and not text.endswith("\n\n")
    tables: Tables = {}
    for block in text[:-1].split("\n\n"):
        rows = list(csv.reader(io.StringIO(block)))
        assert len(rows[0]) == 1, f"a table's first line is its name alone: {rows[0]}"
        name = rows[0][0].split(": ", 1)[0]
        header, body = rows[1], rows[2:]
        assert body and all(len(row) == len(header) for row in body), name
        if name == "summary":
            assert len(body) == 1, "the summary is one row"
            header, body = (
                ["figure", "value"],
                [list(pair) for pair in zip(header, body[0], strict=True)],
            )
        assert name not in tables
        tables[name] = (header, body)
    return tables


def read_markdown(text: str) -> tuple[str, Tables]:
    """The ``# `` title and the pipe tables under ``## name: ...`` headings."""
    lines = text.splitlines()
    assert lines[0].startswith("# ")
    tables: Tables = {}
    name = ""
    for line in lines[1:]:
        if line.startswith("## "):
            name = line[3:].split(": ", 1)[0]
            assert name not in tables
        elif line.startswith("|"):
            assert name, "a table under no heading"
            assert line.endswith(" |")
            cells = [c.replace("\\|", "|") for c in line[2:-2].split(" | ")]
            if name not in tables:
                tables[name] = (cells, [])
            elif all(c in ("---", "---:") for c in cells):
                assert not tables[name][1], "the rule comes right under the header"
            else:
                tables[name][1].append(cells)
        else:
            assert line == "" or not line.startswith(("#", "|")), line
    for header, body in tables.values():
        assert body and all(len(row) == len(header) for row in body)
    return lines[0][2:], tables


# --- comparison ------------------------------------------------------------------------


def assert_same_figure(expected: Any, text: str, where: str) -> None:
    """``text`` says exactly the JSON's ``expected``."""
    if expected is None:
        assert text == "", where
    elif isinstance(expected, bool):
        raise AssertionError(f"{where}: no figure of the sheet is a boolean")
    elif isinstance(expected, int):
        assert text.lstrip("-").isdigit() and int(text) == expected, (where, text, expected)
    elif isinstance(expected, float):
        assert float(text) == expected, (where, text, expected)
    else:
        assert text == expected, (where, text, expected)


def assert_tables_match_json(tables: Tables, data: dict[str, Any]) -> None:
    """The tables carry every figure of ``data`` and nothing else."""
    lists = [key for key, value in data.items() if isinstance(value, list) and value]
    assert list(tables) == ["summary", *lists]
    header, rows = tables["summary"]
    assert header == ["figure", "value"]
    single = {key: value for key, value in data.items() if not isinstance(value, list)}
    assert [row[0] for row in rows] == list(single)
    for figure, text in rows:
        assert_same_figure(single[figure], text, figure)
    for key in lists:
        header, rows = tables[key]
        if key == "symbols":  # words, no figure: checked in test_the_reading_marks_...
            assert header[-1] == "reading"
            header, rows = header[:-1], [row[:-1] for row in rows]
        assert [list(record) for record in data[key]] == [header] * len(data[key]), key
        assert len(rows) == len(data[key]), key
        for n, (record, row) in enumerate(zip(data[key], rows, strict=True)):
            for column, text in zip(header, row, strict=True):
                assert_same_figure(record[column], text, f"{key}[{n}].{column}")


@pytest.mark.parametrize("game_id", game_ids())
def test_csv_sections_have_every_figure_of_json(
    outputs: dict[tuple[str, str], str], game_id: str
) -> None:
    data = json.loads(outputs[game_id, "--json"])
    tables = read_csv(outputs[game_id, "--csv"])
    assert_tables_match_json(tables, data)
    assert len(tables["summary"][1]) >= 25 and len(tables["symbols"][1]) > 20  # not a stub


@pytest.mark.parametrize("game_id", game_ids())
def test_markdown_has_every_figure_of_json(
    outputs: dict[tuple[str, str], str], game_id: str
) -> None:
    data = json.loads(outputs[game_id, "--json"])
    title, tables = read_markdown(outputs[game_id, "--markdown"])
    assert title.startswith(f"{data['game']}: exact PAR sheet, {data['lines']} lines")
    assert_tables_match_json(tables, data)


def test_each_game_has_its_own_tables(outputs: dict[tuple[str, str], str]) -> None:
    """Book of Spells: special symbols, no pick games; Lucky Witch the other way round."""
    book = read_csv(outputs["book-of-spells", "--csv"])
    witch = read_csv(outputs["lucky-witch", "--csv"])
    assert "specials" in book and "pick_games" not in book
    assert "pick_games" in witch and "specials" not in witch
    # DESIGN.md §1: the special symbol is drawn from the 9 paying symbols
    assert len(book["specials"][1]) == 9
    # DESIGN.md §2: four pick games
    assert sorted(row[0] for row in witch["pick_games"][1]) == [
        "magic_potion",
        "pumpkin",
        "secret_vault",
        "spell_book",
    ]


def test_markdown_aligns_numbers_right(outputs: dict[tuple[str, str], str]) -> None:
    text = outputs["book-of-spells", "--markdown"]
    header = "| symbol | count | multiplier | combinations | probability | one_in | rtp | reading |"
    rule = text.splitlines()[text.splitlines().index(header) + 1]
    assert rule == "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |"


def test_two_formats_at_once_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["par", "book-of-spells", "--csv", "--markdown"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "not allowed with" in err


# DESIGN.md §2: Lucky Witch's line pays per coin (the Lucky Witch wild doubles a win it
# helps to complete; a line of Lucky Witches alone is never doubled)
LUCKY_WITCH_PAYS = {
    "LUCKY": {5: 10_000, 4: 1_000, 3: 100, 2: 5},
    "WITCH": {5: 1_000, 4: 150, 3: 25, 2: 2},
    "CAT": {5: 500, 4: 100, 3: 20, 2: 2},
    "OWL": {5: 300, 4: 75, 3: 15},
    "LIZARD": {5: 300, 4: 75, 3: 15},
}
DOUBLED = {"WITCH", "CAT", "OWL", "LIZARD"}
"""The symbols the wild stands in for."""


def test_the_reading_marks_the_wins_the_wild_doubled(
    outputs: dict[tuple[str, str], str],
) -> None:
    """Lucky Witch's five witches pay 1,000 alone and 2,000 with a wild: the second row
    says '+wild ×2' in CSV and Markdown; Book of Spells (no multiplying wild) marks none."""
    for flag, read in (("--csv", read_csv), ("--markdown", lambda t: read_markdown(t)[1])):
        header, rows = read(outputs["lucky-witch", flag])["symbols"]
        column = {name: n for n, name in enumerate(header)}
        seen = {
            (r[column["symbol"]], int(r[column["count"]]), int(r[column["multiplier"]]))
            for r in rows
        }
        assert {("WITCH", 5, 2_000), ("WITCH", 5, 1_000), ("LIZARD", 5, 600)} <= seen, flag
        for row in rows:
            symbol, count = row[column["symbol"]], int(row[column["count"]])
            multiplier, reading = int(row[column["multiplier"]]), row[column["reading"]]
            plain = LUCKY_WITCH_PAYS.get(symbol, {}).get(count)
            doubled = symbol in DOUBLED and plain is not None and multiplier == 2 * plain
            assert reading == ("+wild ×2" if doubled else ""), (flag, row)
        header, rows = read(outputs["book-of-spells", flag])["symbols"]
        assert {row[header.index("reading")] for row in rows} == {""}, flag


def test_the_people_tables_mark_the_wins_the_wild_doubled(
    outputs: dict[tuple[str, str], str],
) -> None:
    """At 80 columns: 'WITCH +wild ×2' on the row of 2,000, plain 'WITCH' on the row of
    1,000, a caption saying what the mark means; no mark and no caption for Book of Spells."""
    text = outputs["lucky-witch", ""]
    assert max(len(line) for line in text.splitlines()) <= 80
    cells = [
        [cell.strip() for cell in line.strip("│").split("│")]
        for line in text.splitlines()
        if line.startswith("│") and line.count("│") == 7
    ]
    assert ["WITCH +wild ×2", "5", "2,000"] in [row[:3] for row in cells]
    assert ["WITCH", "5", "1,000"] in [row[:3] for row in cells]
    assert ["LIZARD +wild ×2", "5", "600"] in [row[:3] for row in cells]
    assert ["LIZARD", "5", "300"] in [row[:3] for row in cells]
    assert not any(row[0].startswith("LUCKY +wild") for row in cells)
    assert "+wild ×2: with a wild on the line, the win multiplied by 2" in text
    assert "+wild" not in outputs["book-of-spells", ""]
