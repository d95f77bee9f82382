"""The house rules of the package's modules (issue 19, "the house"):

* no module under ``slotterm/`` is over :data:`MOST_LINES` lines;
* the interface (``slotterm/tui/``) imports nothing from ``slotterm.cli`` or
  ``slotterm.analysis``, not even inside a function or for type checking only;
* no import circles among the package's modules.

The reading is static: every ``import`` anywhere in a file (a function's, one under
``TYPE_CHECKING``), relative ones resolved, and ``import_module("...")`` of a constant.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
PACKAGE = REPO / "slotterm"
MOST_LINES = 400

FORBIDDEN_IN_TUI = ("slotterm.cli", "slotterm.analysis")


def lines_of(path: Path) -> int:
    """The lines of a source file."""
    return len(path.read_text(encoding="utf-8").splitlines())


def package_files() -> list[Path]:
    """Every module of the package."""
    return sorted(PACKAGE.rglob("*.py"))


def name_of(path: Path) -> str:
    """A package file's dotted name."""
    parts = path.relative_to(REPO).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_in(tree: ast.AST, module: str, is_package: bool) -> Iterator[tuple[int, str]]:
    """``(line, dotted name)`` of everything an import anywhere in ``tree`` names:
    ``from a.b import c`` gives ``a.b`` and ``a.b.c``; ``import_module("x")`` gives ``x``."""
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(tree):
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
        elif isinstance(node, ast.Call) and node.args:
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            first = node.args[0]
            if called in ("import_module", "__import__") and isinstance(first, ast.Constant):
                yield node.lineno, str(first.value)


def imports_of(path: Path) -> list[tuple[int, str]]:
    """The imports of a package file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return list(imports_in(tree, name_of(path), path.name == "__init__.py"))


def forbidden(name: str) -> bool:
    """``name`` is in ``slotterm.cli`` or ``slotterm.analysis`` (``slotterm.cli_words`` is
    not)."""
    return any(name == f or name.startswith(f + ".") for f in FORBIDDEN_IN_TUI)


# --- no module over MOST_LINES lines ----------------------------------------------------


@pytest.mark.parametrize("path", package_files(), ids=lambda p: str(p.relative_to(REPO)))
def test_no_module_is_over_the_most_lines(path: Path) -> None:
    assert lines_of(path) <= MOST_LINES, f"{path.relative_to(REPO)}: split it by meaning"


# --- the interface imports nothing from the command line or the analysis -----------------


def test_the_interface_imports_nothing_from_the_cli_or_the_analysis() -> None:
    found = [
        f"{path.relative_to(REPO)}:{line}: imports {name}"
        for path in sorted((PACKAGE / "tui").rglob("*.py"))
        for line, name in imports_of(path)
        if forbidden(name)
    ]
    assert not found, "\n".join(found)


def test_the_import_check_would_see_each_kind_of_import() -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        "import slotterm.cli_words\n"
        "if TYPE_CHECKING:\n"
        "    from slotterm.cli import UsageError\n"
        "def f():\n"
        "    from ...analysis.par import compute_par\n"
        "    importlib.import_module('slotterm.analysis.simulate')\n"
        "    import slotterm.cli\n"
    )
    tree = ast.parse(source)
    seen = sorted(imports_in(tree, "slotterm.tui.screens.x", False))
    assert [line for line, n in seen if forbidden(n)] == [4, 4, 6, 6, 7, 8]
    assert ("slotterm.analysis.par.compute_par") in {n for _, n in seen}


# --- no import circles ------------------------------------------------------------------


def named_modules(tree: ast.AST, module: str, is_package: bool, known: set[str]) -> set[str]:
    """The package's modules the imports in ``tree`` name: ``from a import b`` names
    ``a.b`` when that is a module, else ``a``."""
    package = module if is_package else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            for alias in node.names:
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
        elif isinstance(node, ast.Call):
            found.update(n for _, n in imports_in(node, module, is_package))
    return (found & known) - {module}


def import_graph() -> dict[str, set[str]]:
    """Module -> the package's modules it imports."""
    paths = {name_of(p): p for p in package_files()}
    known = set(paths)
    return {
        module: named_modules(
            ast.parse(path.read_text(encoding="utf-8")), module, path.name == "__init__.py", known
        )
        for module, path in paths.items()
    }


def circles(graph: dict[str, set[str]]) -> set[frozenset[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: set[frozenset[str]] = set()
    counter = 0

    def visit(node: str) -> None:
        nonlocal counter
        index[node] = low[node] = counter
        counter += 1
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = set()
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.add(top)
                if top == node:
                    break
            if len(component) > 1:
                found.add(frozenset(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_circles() -> None:
    found = circles(import_graph())
    assert not found, "\n".join(" <-> ".join(sorted(c)) for c in found)


def test_the_circle_check_would_see_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert circles(graph) == {frozenset({"a", "b", "c"})}


def test_the_band_says_it_is_not_known_without_the_analysis(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The interface takes σ only from what the program gave it (``slotterm play`` gives
    the analysis); without it, no analysis is imported and σ is refused by name."""
    from slotterm.games import get_game
    from slotterm.tui import rtp_band

    monkeypatch.setattr(rtp_band, "_SD_OF", [])
    rtp_band.exact_sd.cache_clear()
    with pytest.raises(LookupError, match="no exact analysis"):
        rtp_band.exact_sd(get_game("book-of-spells"), 9)
    rtp_band.use_exact_sd(lambda game, lines: 2.5)
    assert rtp_band.exact_sd(get_game("book-of-spells"), 9) == 2.5
    rtp_band.exact_sd.cache_clear()
