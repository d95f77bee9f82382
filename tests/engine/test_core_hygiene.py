"""The engine core knows no feature and no game (DESIGN.md §2a, §4), and re-exports nothing.

The core is every module of :mod:`slotterm.engine` except the ``features`` package: it
plays reels, lines, wilds, scatters, bets, the cap, collect and the gamble, and reaches
features only through the contract in :mod:`slotterm.engine.feature`.  Adding a game or
a feature must not touch it, so it may neither import a feature module or a game, nor
speak of one (books, specials, the Magic Book, expansions) even in its comments.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import json
import pkgutil
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import slotterm.engine

ENGINE_DIR = Path(slotterm.engine.__file__).parent
FEATURES = "slotterm.engine.features"
GAMES = "slotterm.games"

CORE = ["slotterm.engine"] + [
    f"slotterm.engine.{m.name}"
    for m in pkgutil.iter_modules(slotterm.engine.__path__)
    if not m.ispkg
]
"""Every core module (the package itself and each module beside ``features/``)."""

ENGINE = ["slotterm.engine"] + [
    m.name for m in pkgutil.walk_packages(slotterm.engine.__path__, prefix="slotterm.engine.")
]
"""Every module of the engine, features included."""

HANDFUL = 3
"""The most names a module may re-export (list in ``__all__`` though defined elsewhere)."""

FORBIDDEN_WORDS = re.compile(r"book|special|magic|expan", re.IGNORECASE)


def source_of(module: str) -> Path:
    """The file of a module of the engine (found without importing it)."""
    spec = importlib.util.find_spec(module)
    assert spec is not None and spec.origin is not None, module
    return Path(spec.origin)


def test_the_core_list_is_complete() -> None:
    expected = {
        "slotterm.engine.actions",
        "slotterm.engine.base_spin",
        "slotterm.engine.base_spin_setup",
        "slotterm.engine.evaluate",
        "slotterm.engine.events",
        "slotterm.engine.feature",
        "slotterm.engine.fields",
        "slotterm.engine.gamble",
        "slotterm.engine.model",
        "slotterm.engine.outcome",
        "slotterm.engine.policy",
        "slotterm.engine.records",
        "slotterm.engine.replay",
        "slotterm.engine.round",
        "slotterm.engine.round_end",
        "slotterm.engine.spin_codec",
        "slotterm.engine.strip_prefixes",
        "slotterm.engine.strip_table",
    }
    assert expected <= set(CORE)
    assert not any(m.startswith(FEATURES) for m in CORE)
    assert all(source_of(m).is_file() for m in CORE)
    assert {"slotterm.engine.features.free_spins", FEATURES} <= set(ENGINE)


# --- (a) the core imports no feature and no game ---------------------------------------------


@pytest.mark.parametrize("module", CORE)
def test_importing_a_core_module_alone_loads_no_feature_and_no_game(module: str) -> None:
    code = (
        "import importlib, json, sys\n"
        f"importlib.import_module({module!r})\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, timeout=60
    )
    assert done.returncode == 0, done.stderr[-2_000:]
    loaded = json.loads(done.stdout)
    assert module in loaded
    leaked = [m for m in loaded if m.startswith((FEATURES, GAMES))]
    assert not leaked, f"importing {module} loads {leaked}"


def imported_modules(tree: ast.Module, module: str) -> list[tuple[int, str]]:
    """Every module an ``import`` anywhere in ``tree`` names (relative ones resolved)."""
    package = module if module == "slotterm.engine" else module.rsplit(".", 1)[0]
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            found.append((node.lineno, base))
            found.extend((node.lineno, f"{base}.{alias.name}") for alias in node.names)
    return found


def dynamic_imports(tree: ast.Module) -> list[int]:
    """Lines calling ``import_module`` or ``__import__`` (the core has no use for them)."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in ("import_module", "__import__"):
                lines.append(node.lineno)
    return lines


@pytest.mark.parametrize("module", CORE)
def test_no_core_module_names_a_feature_or_a_game_in_its_imports(module: str) -> None:
    tree = ast.parse(source_of(module).read_text(encoding="utf-8"))
    bad = [
        (line, name)
        for line, name in imported_modules(tree, module)
        if name in (FEATURES, GAMES) or name.startswith((f"{FEATURES}.", f"{GAMES}."))
    ]
    assert not bad, f"{module} imports {bad}"
    assert not dynamic_imports(tree), f"{module} imports dynamically"


def test_the_static_check_would_see_a_feature_import() -> None:
    tree = ast.parse(
        "from __future__ import annotations\n"
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from .features.free_spins import FreeSpins\n"
        "def f():\n"
        "    import slotterm.games\n"
        "    importlib.import_module('x')\n"
    )
    names = [name for _, name in imported_modules(tree, "slotterm.engine.round")]
    assert "slotterm.engine.features.free_spins.FreeSpins" in names
    assert "slotterm.games" in names
    assert dynamic_imports(tree) == [7]


# --- (b) the core never speaks of books, specials or the Magic Book ------------------------


def test_the_core_source_never_mentions_a_feature_of_a_game() -> None:
    mentions = [
        f"{source_of(module).relative_to(ENGINE_DIR.parent.parent)}:{n}: {line.strip()}"
        for module in CORE
        for n, line in enumerate(source_of(module).read_text(encoding="utf-8").splitlines(), 1)
        if FORBIDDEN_WORDS.search(line)
    ]
    assert not mentions, "\n".join(mentions)


def test_the_word_check_would_see_a_mention() -> None:
    for line in ("the Magic Book", "special symbol", "expanding_wins", "BOOK", "Expansion"):
        assert FORBIDDEN_WORDS.search(line), line
    assert not FORBIDDEN_WORDS.search("free spins, scatters, wilds and the gamble")


# --- (c) no module re-exports names that live elsewhere ------------------------------------


@pytest.mark.parametrize(
    "module", ["slotterm.engine.round", "slotterm.engine.round_end", "slotterm.engine.evaluate"]
)
def test_round_and_evaluate_have_no_export_list(module: str) -> None:
    assert not hasattr(importlib.import_module(module), "__all__")


def re_exports(module: ModuleType) -> list[str]:
    """Names in the module's ``__all__`` that are classes or functions of another module."""
    names = getattr(module, "__all__", ())
    out = []
    for name in names:
        value = getattr(module, name)
        if inspect.isclass(value) or inspect.isfunction(value):
            home = getattr(value, "__module__", module.__name__)
            if home != module.__name__ and home.startswith("slotterm"):
                out.append(name)
    return out


@pytest.mark.parametrize("name", ENGINE)
def test_no_module_re_exports_more_than_a_handful_of_names(name: str) -> None:
    module = importlib.import_module(name)
    exported = re_exports(module)
    assert len(exported) <= HANDFUL, f"{name} re-exports {exported}"
    missing = [n for n in getattr(module, "__all__", ()) if not hasattr(module, n)]
    assert not missing, f"{name}.__all__ names {missing}, which it does not have"


def unused_imports(tree: ast.Module) -> list[str]:
    """Names a module imports but never uses: re-exports in disguise."""
    imported: dict[str, int] = {}
    for top in tree.body:
        statements: list[ast.stmt] = [top]
        if isinstance(top, ast.If):  # ``if TYPE_CHECKING:`` blocks
            statements = list(top.body)
        for statement in statements:
            if isinstance(statement, ast.ImportFrom) and statement.module != "__future__":
                for alias in statement.names:
                    imported[alias.asname or alias.name] = statement.lineno
    used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    # quoted annotations (``"GameDefinition"``) count as uses too; docstrings do not
    annotations: list[ast.expr] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.arg | ast.AnnAssign) and node.annotation is not None:
            annotations.append(node.annotation)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.returns:
            annotations.append(node.returns)
    for annotation in annotations:
        for part in ast.walk(annotation):
            if isinstance(part, ast.Constant) and isinstance(part.value, str):
                used.update(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", part.value))
    exported: set[object] = set()
    for top in tree.body:
        if isinstance(top, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__all__" for t in top.targets
        ):
            exported = {e.value for e in ast.walk(top.value) if isinstance(e, ast.Constant)}
    return sorted(n for n in imported if n not in used and n not in exported)


@pytest.mark.parametrize("name", ENGINE)
def test_no_module_imports_a_name_it_does_not_use(name: str) -> None:
    tree = ast.parse(source_of(name).read_text(encoding="utf-8"))
    assert not unused_imports(tree), f"{name} imports {unused_imports(tree)} without using them"


def test_the_unused_import_check_would_see_a_silent_re_export() -> None:
    tree = ast.parse(
        '"""Re-exports :class:`Phase` (named in the docstring only)."""\n'
        "from __future__ import annotations\n"
        "from slotterm.engine.records import Phase, Round, Step\n"
        "def f(r: Round, s: 'Step') -> None: ...\n"
    )
    assert unused_imports(tree) == ["Phase"]
