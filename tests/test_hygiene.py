"""Layout rules of the tests and of the imports (DESIGN.md §4, issue 7's clean-ups).

* Tests live in packages (``tests/`` and each folder in it has an ``__init__.py``) and no
  test module imports another: what several modules share is a fixture
  (``tests/conftest.py``) or a helper module (``support.py``, ``helpers.py``, ...).
* Names are imported from the module that defines them: a ``from slotterm.x import name``
  anywhere in the repository names something ``slotterm.x`` defines, not something it
  imports, and no module of ``slotterm`` lists another module's names in ``__all__``.
  (The engine's own checks, with a handful allowed, are in ``tests/engine``.)
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
REPO = TESTS.parent
PACKAGE = REPO / "slotterm"
SOURCES = ("slotterm", "tests", "saves", "benchmarks", "tools")
"""The folders whose Python files the import rule reads."""


@dataclass(frozen=True)
class Facts:
    """What the checks below read of one repository file, gathered in one walk of its tree.

    The tree itself is not kept: 590 files' trees are 600,000 objects, which every later
    full garbage collection of the test process would walk again."""

    imports: tuple[ast.Import | ast.ImportFrom, ...]
    """Its ``import`` statements, anywhere (small nodes: the names they import)."""
    top_level_imports: dict[str, str]
    """Names it imports at its top level (``if`` blocks included) -> where from."""
    exported: frozenset[str]
    """The names its top-level ``__all__`` lists."""
    computations: tuple[tuple[int, str], ...]
    """:func:`own_computations` of it."""
    records: frozenset[str]
    """The dataclasses and named tuples it defines (:func:`defined_records`)."""
    long_calls: tuple[tuple[int, str | None, int], ...]
    """:func:`long_calls` of it."""


@functools.cache  # the checks below read the same files: each is read, parsed and walked once
def facts(path: Path) -> Facts:
    """The :class:`Facts` of a repository file (read once per run; do not change them)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = list(ast.walk(tree))
    return Facts(
        imports=tuple(n for n in nodes if isinstance(n, ast.Import | ast.ImportFrom)),
        top_level_imports=top_level_names(tree),
        exported=frozenset(exported_names(tree)),
        computations=tuple(own_computations(nodes)),
        records=frozenset(defined_records(nodes)),
        long_calls=tuple(long_calls(nodes)),
    )


def python_files(*folders: str) -> list[Path]:
    """Every ``.py`` file under the given folders of the repository."""
    return sorted(p for f in folders for p in (REPO / f).rglob("*.py"))


def imported_modules(nodes: Iterable[ast.AST], package: str) -> Iterator[tuple[int, str]]:
    """``(line, dotted name)`` of every module an ``import`` among ``nodes`` names.

    ``from a.b import c`` yields ``a.b`` and ``a.b.c`` (``c`` may be a module); relative
    imports are resolved against ``package``.
    """
    for node in nodes:
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            yield node.lineno, base
            for alias in node.names:
                yield node.lineno, f"{base}.{alias.name}"


def module_name(path: Path) -> str:
    """A repository file's dotted name (``tests/tui/test_keys.py``: ``tests.tui.test_keys``)."""
    parts = path.relative_to(REPO).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_test_modules(nodes: Iterable[ast.AST], package: str) -> list[tuple[int, str]]:
    """``(line, name)`` of each test module (``tests.….test_*``) that ``nodes`` import."""
    return [
        (line, name)
        for line, name in imported_modules(nodes, package)
        if name.startswith("tests.") and name.rpartition(".")[2].startswith("test_")
    ]


# --- the tests' layout -----------------------------------------------------------------------


def test_no_test_module_imports_another() -> None:
    found = [
        f"{path.relative_to(REPO)}:{line}: imports {name}"
        for path in sorted(TESTS.rglob("test_*.py"))
        for line, name in imported_test_modules(
            facts(path).imports, module_name(path).rpartition(".")[0]
        )
    ]
    assert not found, "\n".join(found)


def test_the_check_would_see_a_test_module_imported() -> None:
    cases = {
        "from tests.session.test_store import folder": True,
        "from tests.session import test_store": True,
        "from . import test_store": True,
        "from .test_store import folder": True,
        "from ..tui.test_keys import KEYS": True,
        "def f():\n    import tests.tui.test_keys": True,
        "from tests.session.helpers import GAME": False,
        "from . import policy": False,
        "from slotterm.session import store": False,
    }
    for source, imports_a_test in cases.items():
        found = imported_test_modules(ast.walk(ast.parse(source)), "tests.session")
        assert bool(found) is imports_a_test, source


def test_every_test_folder_is_a_package() -> None:
    folders = {p.parent for p in TESTS.rglob("test_*.py")} | {TESTS}
    missing = sorted(str(f.relative_to(REPO)) for f in folders if not (f / "__init__.py").exists())
    assert not missing, f"no __init__.py in {missing}"


def test_engine_analysis_session_and_tui_tests_have_their_folders() -> None:
    folders = {p.parent.relative_to(TESTS).as_posix() for p in TESTS.rglob("test_*.py")}
    assert {"engine", "analysis", "session", "tui", "games"} <= folders


# --- imports from where things live ---------------------------------------------------------


def top_level_names(tree: ast.Module) -> dict[str, str]:
    """Names a module imports at its top level (``if`` blocks included) -> where from."""
    names: dict[str, str] = {}
    statements: list[ast.stmt] = []
    for top in tree.body:
        statements.extend(top.body if isinstance(top, ast.If) else [top])
    for statement in statements:
        if isinstance(statement, ast.ImportFrom) and statement.module != "__future__":
            for alias in statement.names:
                names[alias.asname or alias.name] = statement.module or ""
    return names


def exported_names(tree: ast.Module) -> set[str]:
    """The names a module's top-level ``__all__`` lists."""
    exported: set[str] = set()
    for top in tree.body:
        if isinstance(top, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__all__" for t in top.targets
        ):
            exported |= {e.value for e in ast.walk(top.value) if isinstance(e, ast.Constant)}
    return exported


@functools.cache
def module_file(name: str) -> Path | None:
    """The file of a ``slotterm`` module (``None`` for anything else)."""
    path = REPO.joinpath(*name.split("."))
    for candidate in (path.with_suffix(".py"), path / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def borrowed_imports(nodes: Iterable[ast.AST]) -> list[tuple[int, str]]:
    """``(line, what)`` for each ``from slotterm.x import n`` among ``nodes`` where
    ``slotterm.x`` only imports ``n`` (from the module it names)."""
    found = []
    for node in nodes:
        if not (isinstance(node, ast.ImportFrom) and (node.module or "").startswith("slotterm")):
            continue
        assert node.module is not None
        source = module_file(node.module)
        if source is None:
            continue
        imported = facts(source).top_level_imports
        for alias in node.names:
            is_submodule = module_file(f"{node.module}.{alias.name}") is not None
            if alias.name in imported and not is_submodule:
                home = imported[alias.name]
                found.append((node.lineno, f"{alias.name} from {node.module} (lives in {home})"))
    return found


def test_the_check_would_see_a_borrowed_name() -> None:
    cases = {
        "from slotterm.session.codec import GameState": True,
        "def f():\n    from slotterm.session.store import decode_payload": True,
        "from slotterm.session.codec import PayloadEncoder": False,
        "from slotterm.engine.features import free_spins": False,
        "from slotterm.games import get_game": False,
    }
    for source, borrowed in cases.items():
        assert bool(borrowed_imports(ast.walk(ast.parse(source)))) is borrowed, source


def test_names_are_imported_from_the_module_that_defines_them() -> None:
    found = [
        f"{path.relative_to(REPO)}:{line}: {what}"
        for path in python_files(*SOURCES)
        for line, what in borrowed_imports(facts(path).imports)
    ]
    assert not found, "\n".join(found)


@pytest.mark.parametrize(
    "path",
    [p for p in python_files("slotterm") if "engine" not in p.relative_to(PACKAGE).parts],
    ids=lambda p: module_name(p),
)
def test_no_module_outside_the_engine_exports_names_it_imports(path: Path) -> None:
    found = facts(path)
    borrowed = sorted(n for n in found.exported if n in found.top_level_imports)
    assert not borrowed, f"{module_name(path)}.__all__ lists {borrowed}, defined elsewhere"


# --- the cap and the lines range, each in one place -----------------------------------------


def own_computations(nodes: Iterable[ast.AST]) -> list[tuple[int, str]]:
    """Arithmetic on ``max_win_x_total_bet`` (the cap is ``GameDefinition.max_win``) and
    comparisons with ``len(….lines)`` (the range is ``GameDefinition.lines_refusal``)."""
    found = []
    for node in nodes:
        if isinstance(node, ast.BinOp) and any(
            isinstance(side, ast.Attribute) and side.attr == "max_win_x_total_bet"
            for side in (node.left, node.right)
        ):
            found.append((node.lineno, "computes the cap"))
        if isinstance(node, ast.Compare) and any(
            isinstance(part, ast.Call)
            and isinstance(part.func, ast.Name)
            and part.func.id == "len"
            and len(part.args) == 1
            and isinstance(part.args[0], ast.Attribute)
            and part.args[0].attr == "lines"
            for part in (node.left, *node.comparators)
        ):
            found.append((node.lineno, "checks the lines range"))
    return found


def test_the_cap_and_the_lines_range_are_asked_of_the_game() -> None:
    found = [
        f"{path.relative_to(REPO)}:{line}: {what}"
        for path in python_files("slotterm")
        if "engine" not in path.relative_to(PACKAGE).parts
        for line, what in facts(path).computations
    ]
    assert not found, "\n".join(found)


def test_the_check_would_see_a_cap_or_a_range_computed() -> None:
    cases = {
        "cap = game.max_win_x_total_bet * bet.total": True,
        "cap = lines * self.game.max_win_x_total_bet": True,
        "ok = 1 <= lines <= len(game.lines)": True,
        "bad = lines > len(session.game.lines)": True,
        "cap = game.max_win(bet.total)": False,
        "shown = f'{game.max_win_x_total_bet:,}x'": False,
        "count = len(game.lines)": False,
    }
    for source, computed in cases.items():
        assert bool(own_computations(ast.walk(ast.parse(source)))) is computed, source


# --- records built by keyword ---------------------------------------------------------------

POSITIONAL_MOST = 3
"""The most fields a record may be given by position (``Bet(10, 9)`` reads fine)."""


def record_classes() -> set[str]:
    """Names of the dataclasses and named tuples that ``slotterm`` defines."""
    return {name for path in python_files("slotterm") for name in facts(path).records}


def defined_records(nodes: Iterable[ast.AST]) -> set[str]:
    """Names of the dataclasses and named tuples defined among ``nodes``."""
    names = set()
    for node in nodes:
        if isinstance(node, ast.ClassDef):
            decorators = [d.func if isinstance(d, ast.Call) else d for d in node.decorator_list]
            is_dataclass = any(
                (isinstance(d, ast.Name) and d.id == "dataclass")
                or (isinstance(d, ast.Attribute) and d.attr == "dataclass")
                for d in decorators
            )
            named_tuple = any(isinstance(b, ast.Name) and b.id == "NamedTuple" for b in node.bases)
            if is_dataclass or named_tuple:
                names.add(node.name)
    return names


def long_calls(nodes: Iterable[ast.AST]) -> list[tuple[int, str | None, int]]:
    """``(line, name called, positional arguments)`` of each call among ``nodes`` with more
    than :data:`POSITIONAL_MOST` positional arguments."""
    found = []
    for node in nodes:
        if isinstance(node, ast.Call) and len(node.args) > POSITIONAL_MOST:
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            found.append((node.lineno, name, len(node.args)))
    return found


def positional_records(
    calls: Iterable[tuple[int, str | None, int]], records: set[str]
) -> list[tuple[int, str]]:
    """Constructions of ``records`` among ``calls`` (:func:`long_calls`): more than
    :data:`POSITIONAL_MOST` positional fields."""
    return [
        (line, f"{name}(...) with {count} positional fields")
        for line, name, count in calls
        if name in records
    ]


def test_records_outside_the_engine_are_built_by_keyword() -> None:
    records = record_classes()
    found = [
        f"{path.relative_to(REPO)}:{line}: {what}"
        for path in python_files("slotterm")
        if "engine" not in path.relative_to(PACKAGE).parts
        for line, what in positional_records(facts(path).long_calls, records)
    ]
    assert not found, "\n".join(found)


def test_the_check_would_see_a_positional_record() -> None:
    records = record_classes()
    assert {"GameState", "Round", "Tally", "Settings", "ReplayStep", "LineWin"} <= records
    cases = {
        "GameState(Phase.IDLE, 990, None, 1, ())": True,
        "records.LineWin(1, 'A', 5, 150, 1_500)": True,
        "GameState(Phase.IDLE, 990)": False,
        "Tally(rounds=1, staked=18, paid=0, paid_squares=0)": False,
        "SpinScene(reels, strips, stops, window)": False,  # a scene, not a record
    }
    for source, positional in cases.items():
        calls = long_calls(ast.walk(ast.parse(source)))
        assert bool(positional_records(calls, records)) is positional, source
