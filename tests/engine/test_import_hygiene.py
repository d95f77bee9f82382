"""Engine, games and analysis never pull in the interface libraries (DESIGN.md §4).

Every module of those packages is imported in a fresh interpreter, which then reports
what ended up in ``sys.modules``.
"""

from __future__ import annotations

import ast
import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import slotterm.analysis
import slotterm.engine
import slotterm.games

UI_LIBRARIES = ("textual", "rich", "platformdirs")


def modules_of(package: object) -> list[str]:
    """The package and every module under it, subpackages included."""
    name = package.__name__  # type: ignore[attr-defined]
    paths = package.__path__  # type: ignore[attr-defined]
    return [name] + [m.name for m in pkgutil.walk_packages(paths, prefix=f"{name}.")]


def loaded_after_importing(modules: list[str]) -> set[str]:
    """Top-level names in ``sys.modules`` after importing ``modules`` in a subprocess."""
    code = (
        "import importlib, json, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "print(json.dumps(sorted({m.split('.')[0] for m in sys.modules})))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, timeout=60
    )
    assert done.returncode == 0, done.stderr[-2_000:]
    return set(json.loads(done.stdout))


ENGINE_AND_GAMES = modules_of(slotterm.engine) + modules_of(slotterm.games)
ANALYSIS = modules_of(slotterm.analysis)


def test_the_module_lists_are_complete() -> None:
    assert "slotterm.engine.round" in ENGINE_AND_GAMES
    assert "slotterm.engine.features.free_spins" in ENGINE_AND_GAMES
    assert "slotterm.engine.features.expanding_symbol" in ENGINE_AND_GAMES
    assert "slotterm.games.loader" in ENGINE_AND_GAMES
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


def test_no_engine_test_module_imports_another_test_module() -> None:
    """Shared helpers live in ``tests/engine/support.py``, never in a test module."""
    here = Path(__file__).parent
    offenders = []
    for path in sorted(here.glob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [node.module or "", *(f"{node.module}.{a.name}" for a in node.names)]
                if isinstance(node, ast.ImportFrom)
                else [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else []
            )
            offenders += [
                f"{path.name} imports {n}" for n in names if n.split(".")[-1].startswith("test_")
            ]
    assert not offenders
