"""A small valid game-file tree to change one thing at a time, and ways to load it."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from slotterm.cli import main

_STRIP = ["SEVEN", "BAR", "CHERRY", "CHERRY", "BAR", "WILD", "STAR", "CHERRY", "BAR", "CHERRY"]

SMALL: dict[str, Any] = {
    "game": "fruit",
    "title": "Fruit",
    "rows": 3,
    "symbols": [
        {"id": "SEVEN", "kind": "regular", "name": "Seven"},
        {"id": "BAR", "kind": "regular", "name": "Bar"},
        {"id": "CHERRY", "kind": "regular", "name": "Cherry"},
        {"id": "WILD", "kind": "wild", "name": "Wild"},
        {"id": "STAR", "kind": "scatter", "name": "Star"},
    ],
    "paytable": {"SEVEN": {"3": 50}, "BAR": {"3": 20}, "CHERRY": {"2": 2, "3": 5}},
    "scatter_pays": {"3": 5},
    "lines": [[1, 1, 1], [0, 0, 0], [2, 2, 2], [0, 1, 2], [2, 1, 0]],
    "reels": {"base": [list(_STRIP) for _ in range(3)], "free": [list(_STRIP) for _ in range(3)]},
    "wild": {"id": "WILD", "substitutes": "all", "multiplier": 2},
    "free_spins": {"award": 5, "trigger": 3, "retrigger": 5},
    "max_win_x_total_bet": 1000,
    "published_rtp": 0.95,
}
"""Three reels of ten stops (one STAR each), five lines, a doubling wild, free spins."""


def small() -> dict[str, Any]:
    """A fresh copy of :data:`SMALL` to change."""
    return copy.deepcopy(SMALL)


def write(folder: Path, tree: Any, name: str = "fruit.json") -> Path:
    """``tree`` written as ``folder/name`` (TOML or JSON by the name's ending)."""
    path = folder / name
    if name.endswith(".toml"):
        path.write_text(tomli_w.dumps(tree), encoding="utf-8")
    else:
        path.write_text(json.dumps(tree), encoding="utf-8")
    return path


def refused(capsys: pytest.CaptureFixture[str], path: Path) -> str:
    """What ``slotterm game-def PATH --json`` says: one line on stderr, exit 2, no output."""
    assert main(["game-def", str(path), "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1, err
    prefix = "slotterm: error: "
    assert err.startswith(prefix), err
    return err[len(prefix) :].rstrip("\n")
