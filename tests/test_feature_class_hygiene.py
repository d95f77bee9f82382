"""No ``isinstance`` on a feature class outside the engine and the analysis (issue 19).

What a feature shows or reports comes from hooks on it, found by its name: the session's
reports (:mod:`slotterm.session.feature_reports`), the views
(:mod:`slotterm.tui.features.registry`), ``eval``'s inputs.  A caller that asks
``isinstance(feature, MysteryBonus)`` (or ``PickGame``, or any other feature class) tells
features apart by their class instead, and a new feature would need an edit there.

The feature classes are found by importing every module of
:mod:`slotterm.engine.features` and collecting the subclasses of the contract's two bases
(:class:`~slotterm.engine.feature.Feature`, :class:`~slotterm.engine.feature.SpinModifier`);
the bases themselves may be checked (``isinstance(x, SpinModifier)`` asks whether a value
follows the contract, not which feature it is).  A name is matched as written in the call
(``MysteryBonus``, ``mystery_bonus.MysteryBonus``, or inside a tuple).
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
from pathlib import Path

import slotterm.engine.features
from slotterm.engine.feature import Feature, SpinModifier

REPO = Path(__file__).resolve().parent.parent
PACKAGE = REPO / "slotterm"
ALLOWED_FOLDERS = ("engine", "analysis")
"""Where a feature's own class may be asked for (the engine's features, the laws)."""

PENDING: dict[str, str] = {}
"""Files another part of issue 19 clears, with who; a file here must still have a check
(so the list only shrinks), and none may be added."""


def feature_classes() -> frozenset[str]:
    """The names of every feature and modifier class the engine defines (not the bases)."""
    for module in pkgutil.walk_packages(
        slotterm.engine.features.__path__, slotterm.engine.features.__name__ + "."
    ):
        importlib.import_module(module.name)
    found: set[str] = set()
    todo: list[type] = [Feature, SpinModifier]
    while todo:
        cls = todo.pop()
        for sub in cls.__subclasses__():
            if sub.__module__.startswith("slotterm.") and sub.__name__ not in found:
                found.add(sub.__name__)
                todo.append(sub)
    return frozenset(found)


def _names(node: ast.expr) -> list[str]:
    """The class names an ``isinstance`` second argument writes (``a.B`` -> ``B``)."""
    if isinstance(node, ast.Tuple):
        return [name for element in node.elts for name in _names(element)]
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.Attribute):
        return [node.attr]
    return []


def feature_checks(source: str, classes: frozenset[str]) -> list[tuple[int, str]]:
    """``(line, class)`` of every ``isinstance(x, C)`` in ``source`` with ``C`` in ``classes``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "isinstance"
            and len(node.args) == 2
        ):
            found += [(node.lineno, name) for name in _names(node.args[1]) if name in classes]
    return found


def checked_files() -> list[Path]:
    """Every module of ``slotterm`` outside the allowed folders."""
    return sorted(
        path
        for path in PACKAGE.rglob("*.py")
        if path.relative_to(PACKAGE).parts[0] not in ALLOWED_FOLDERS
    )


def test_the_feature_classes_are_found() -> None:
    classes = feature_classes()
    expected = {"FreeSpins", "ExpandingSymbol", "MysteryBonus", "PickHost", "PickGame"}
    expected |= {"MagicPotion", "Pumpkin", "SpellBook", "SecretVault"}
    assert expected <= classes
    assert not {"Feature", "SpinModifier"} & classes  # the contract's bases are not features


def test_the_check_would_see_a_feature_told_apart_by_its_class() -> None:
    classes = frozenset({"MysteryBonus", "PickGame", "PickHost"})
    cases = {
        "isinstance(f, MysteryBonus)": ["MysteryBonus"],
        "assert isinstance(f, mystery_bonus.MysteryBonus)": ["MysteryBonus"],
        "x = [g for g in gs if isinstance(g, (int, PickGame))]": ["PickGame"],
        "def f(x):\n    return isinstance(x, PickHost) or isinstance(x, PickGame)": [
            "PickHost",
            "PickGame",
        ],
        "isinstance(event, PickGameEnded)": [],  # an event, not a feature
        "isinstance(x, Feature)": [],  # the contract's base
        "isinstance(x, str)": [],
        "cast(MysteryBonus, f)": [],  # found by its name, narrowed for the type checker
    }
    for source, expected in cases.items():
        assert sorted(n for _, n in feature_checks(source, classes)) == sorted(expected), source


def test_no_isinstance_on_a_feature_class_outside_the_engine_and_the_analysis() -> None:
    classes = feature_classes()
    found = []
    pending_seen = set()
    for path in checked_files():
        where = path.relative_to(REPO).as_posix()
        checks = feature_checks(path.read_text(encoding="utf-8"), classes)
        if where in PENDING:
            if checks:
                pending_seen.add(where)
            continue
        found += [f"{where}:{line}: isinstance(..., {name})" for line, name in checks]
    assert not found, "ask the feature (a hook, found by its name):\n" + "\n".join(found)
    cleared = sorted(set(PENDING) - pending_seen)
    assert not cleared, f"no feature class checks left in {cleared}: take them off PENDING"
