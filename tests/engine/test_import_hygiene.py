"""Engine, games and analysis never pull in the interface libraries (DESIGN.md §4).

Every module of those packages is imported in a fresh interpreter, which then reports
what ended up in ``sys.modules``.
"""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys

import pytest

import slotterm.analysis
import slotterm.engine
import slotterm.games

UI_LIBRARIES = ("textual", "rich", "platformdirs")


def modules_of(package: object) -> list[str]:
    name = package.__name__  # type: ignore[attr-defined]
    paths = package.__path__  # type: ignore[attr-defined]
    return [name] + [f"{name}.{m.name}" for m in pkgutil.iter_modules(paths)]


def loaded_after_importing(modules: list[str]) -> set[str]:
    """Top-level names in ``sys.modules`` after importing ``modules`` in a subprocess."""
    code = (
        "import importlib, json, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "print(json.dumps(sorted({m.split('.')[0] for m in sys.modules})))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    return set(json.loads(done.stdout))


ENGINE_AND_GAMES = modules_of(slotterm.engine) + modules_of(slotterm.games)
ANALYSIS = modules_of(slotterm.analysis)


def test_the_module_lists_are_complete() -> None:
    assert "slotterm.engine.round" in ENGINE_AND_GAMES
    assert "slotterm.games.book_of_spells" in ENGINE_AND_GAMES
    assert "slotterm.analysis.simulate" in ANALYSIS


@pytest.mark.parametrize(
    ("modules", "forbidden"),
    [
        (ENGINE_AND_GAMES, (*UI_LIBRARIES, "numpy")),
        (ENGINE_AND_GAMES + ANALYSIS, UI_LIBRARIES),
    ],
    ids=["engine and games", "analysis"],
)
def test_no_interface_library_is_imported(modules: list[str], forbidden: tuple[str, ...]) -> None:
    loaded = loaded_after_importing(modules)
    assert "slotterm" in loaded
    assert loaded.isdisjoint(forbidden), sorted(loaded & set(forbidden))


def test_the_check_would_see_a_forbidden_import() -> None:
    assert "rich" in loaded_after_importing(["slotterm.commands.game_def", "rich.table"])
