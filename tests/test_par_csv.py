"""``slotterm par GAME --csv`` (one long table) and ``--csv --section NAME`` (one wide table),
read by pandas and by Python's ``csv``, for every shipped game.

The long table is ``section,name,value,unit`` with numbers only in ``value``: pandas reads
that column as floats, and every number of ``par --json`` is one row of it, equal to the
JSON's (floats exactly, ``null`` an empty cell).  Each wide section reads into a data frame
whose columns are the JSON's keys, the figures' columns numeric.
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections.abc import Iterator
from typing import Any

import pandas as pd
import pytest

from slotterm.cli import main
from slotterm.commands.par_units import NUMBER, UNITS
from slotterm.games import game_ids
from tests.par_support import cached_par, run

Outputs = dict[tuple[str, ...], str]


def _sections(data: dict[str, Any]) -> list[str]:
    return ["summary", *(key for key, value in data.items() if isinstance(value, list) and value)]


@pytest.fixture(scope="module")
def outputs() -> Iterator[Outputs]:
    """``(game, "--json")``, ``(game, "--csv")`` and ``(game, "--csv", section)`` -> output,
    for every shipped game and every section of its sheet."""
    with cached_par():
        found: Outputs = {}
        for game in game_ids():
            found[game, "--json"] = run(["par", game, "--json"])
            found[game, "--csv"] = run(["par", game, "--csv"])
            for section in _sections(json.loads(found[game, "--json"])):
                found[game, "--csv", section] = run(["par", game, "--csv", "--section", section])
        yield found


def _numbers(data: dict[str, Any]) -> list[tuple[str, str, Any]]:
    """``(section, column, value)`` of every number (or ``null``) of the JSON, in order."""
    found = [
        ("summary", key, value) for key, value in data.items() if not isinstance(value, list | str)
    ]
    for section, rows in data.items():
        if isinstance(rows, list):
            found += [
                (section, column, value)
                for row in rows
                for column, value in row.items()
                if not isinstance(value, str)
            ]
    return found


def _same(text: str, expected: Any) -> bool:
    if expected is None:
        return text == ""
    return float(text) == expected and (isinstance(expected, float) or text.lstrip("-").isdigit())


@pytest.mark.parametrize("game_id", game_ids())
def test_python_csv_reads_every_number_of_the_json(outputs: Outputs, game_id: str) -> None:
    data = json.loads(outputs[game_id, "--json"])
    rows = list(csv.reader(io.StringIO(outputs[game_id, "--csv"])))
    assert rows[0] == ["section", "name", "value", "unit"]
    body = rows[1:]
    assert all(len(row) == 4 for row in body)
    names = [(section, name) for section, name, _, _ in body]
    assert len(set(names)) == len(names), "a figure is named once"
    expected = _numbers(data)
    assert len(body) == len(expected) > 200
    for (section, name, value, unit), (where, column, figure) in zip(body, expected, strict=True):
        assert section == where, (section, name)
        assert name == column if section == "summary" else name.endswith(f".{column}"), name
        assert _same(value, figure), (section, name, value, figure)
        assert unit in UNITS and (unit != NUMBER or name == "schema"), (section, name, unit)


@pytest.mark.parametrize("game_id", game_ids())
def test_pandas_reads_the_long_table_as_numbers(outputs: Outputs, game_id: str) -> None:
    data = json.loads(outputs[game_id, "--json"])
    frame = pd.read_csv(io.StringIO(outputs[game_id, "--csv"]))
    assert list(frame.columns) == ["section", "name", "value", "unit"]
    assert frame["value"].dtype == "float64"
    summary = frame[frame["section"] == "summary"].set_index("name")
    assert summary.loc["rtp", "value"] == data["rtp"]
    assert summary.loc["rtp", "unit"] == "fraction"
    assert summary.loc["hit_frequency", "unit"] == "fraction"
    assert summary.loc["sd", "unit"] == "x_total_bet"
    assert summary.loc["feature_one_in", "unit"] == "rounds"
    assert summary.loc["cycle_base", "value"] == data["cycle_base"]
    assert summary.loc["cycle_base", "unit"] == "count"
    for key, value in data.items():
        if isinstance(value, list | str):
            assert key not in summary.index, key
        elif value is None:
            assert math.isnan(summary.loc[key, "value"]), key
        else:
            assert summary.loc[key, "value"] == value, key
    symbols = frame[frame["section"] == "symbols"]
    first = data["symbols"][0]
    prefix = f"{first['symbol']}.{first['count']}.{first['multiplier']}."
    by_name = symbols.set_index("name")
    assert by_name.loc[prefix + "rtp", "value"] == first["rtp"]
    assert by_name.loc[prefix + "multiplier", "unit"] == "x_line_bet"
    assert by_name.loc[prefix + "one_in", "unit"] == "spins"
    assert list(symbols[symbols["name"].str.endswith(".rtp")]["value"]) == [
        row["rtp"] for row in data["symbols"]
    ]


def test_a_figure_that_cannot_happen_is_an_empty_value() -> None:
    """The third game's top award cannot be reached at all lines: its "1 in N" is JSON's
    null, an empty cell, NaN in pandas (the column stays numeric)."""
    with cached_par():
        data = json.loads(run(["par", "orchard-sevens", "--json"]))
        text = run(["par", "orchard-sevens", "--csv"])
    assert data["cap_one_in"] is None
    assert "summary,cap_one_in,,rounds\n" in text
    frame = pd.read_csv(io.StringIO(text)).set_index("name")
    assert math.isnan(frame.loc["cap_one_in", "value"])


def test_the_wild_doubled_rows_have_names_of_their_own(outputs: Outputs) -> None:
    """A symbol's five with a wild on the line pays twice its five alone: two rows, two names
    (the win in line bets tells them apart)."""
    frame = pd.read_csv(io.StringIO(outputs["lucky-witch", "--csv"])).set_index("name")
    assert frame.loc["WITCH.5.2000.multiplier", "value"] == 2000
    assert frame.loc["WITCH.5.1000.multiplier", "value"] == 1000


@pytest.mark.parametrize("game_id", game_ids())
def test_each_section_is_a_wide_table_both_readers_read(outputs: Outputs, game_id: str) -> None:
    data = json.loads(outputs[game_id, "--json"])
    for section in _sections(data):
        text = outputs[game_id, "--csv", section]
        frame = pd.read_csv(io.StringIO(text), keep_default_na=False, na_values=[""])
        rows = list(csv.DictReader(io.StringIO(text)))
        records = (
            [{k: v for k, v in data.items() if not isinstance(v, list)}]
            if section == "summary"
            else data[section]
        )
        extra = ["reading"] if section == "symbols" else []
        assert list(frame.columns) == [*records[0], *extra], section
        assert len(frame) == len(rows) == len(records), section
        for column in records[0]:
            values = [record[column] for record in records]
            if all(isinstance(v, str) for v in values):
                assert list(frame[column]) == values, (section, column)
                continue
            assert frame[column].dtype.kind in "if", (section, column)
            for record, row, got in zip(records, rows, frame[column], strict=True):
                assert _same(row[column], record[column]), (section, column)
                assert (math.isnan(got) and record[column] is None) or got == record[column]


def test_an_unknown_section_is_one_line_naming_the_sections(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with cached_par():
        assert main(["par", "book-of-spells", "--csv", "--section", "pick_games"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert "pick_games" in err and "summary, specials, symbols, scatters" in err


def test_a_section_without_csv_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["par", "book-of-spells", "--section", "symbols"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "--csv" in err
