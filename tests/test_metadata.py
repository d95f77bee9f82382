"""The package's metadata as pyproject.toml declares it: the Python versions it says it
runs on, where its repository is, and which extra holds what (``test``: what the suite
needs; ``dev``: the suite and the checkers).  tests/test_packaging.py checks that a built
wheel carries the same."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from tests.readme_support import REPOSITORY

ROOT = Path(__file__).resolve().parent.parent
PYTHONS = ("3.11", "3.12", "3.13")
"""The Python versions slotterm says it runs on."""


def project() -> dict[str, Any]:
    """pyproject.toml's ``[project]`` table."""
    with (ROOT / "pyproject.toml").open("rb") as file:
        table: dict[str, Any] = tomllib.load(file)["project"]
    return table


def names(requirements: list[str]) -> set[str]:
    """The distribution names of ``requirements`` (``"ruff>=0.6"`` -> ``"ruff"``)."""
    return {re.split(r"[<>=!~;\[ ]", requirement, maxsplit=1)[0] for requirement in requirements}


def test_the_classifiers_name_each_python_from_the_floor_up() -> None:
    meta = project()
    versions = [
        line.rsplit(" :: ", 1)[1]
        for line in meta["classifiers"]
        if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", line)
    ]
    assert versions == list(PYTHONS)
    assert meta["requires-python"] == f">={PYTHONS[0]}"


def test_the_urls_name_the_repository_and_its_issues() -> None:
    urls = project()["urls"]
    assert urls["Homepage"] == urls["Source"] == REPOSITORY
    assert urls["Issues"] == f"{REPOSITORY}/issues"


def test_the_test_extra_has_what_the_suite_runs_and_dev_adds_the_checkers() -> None:
    extras = project()["optional-dependencies"]
    test, dev = names(extras["test"]), names(extras["dev"])
    # pytest and its plugins, the browser test's driver, the packaging test's builder
    assert {"pytest", "pytest-xdist", "pytest-textual-snapshot", "playwright", "build"} <= test
    assert not {"ruff", "mypy"} & test  # no test runs them
    assert "slotterm[test]" in extras["dev"] and {"ruff", "mypy"} <= dev


def test_numpy_is_required_and_the_readme_says_so() -> None:
    # the exact analysis needs it, and the game's statistics screen uses the exact sheet
    assert "numpy" in names(project()["dependencies"])
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert re.search(r"numpy[^.\n]*(required|needed)", readme, re.IGNORECASE)
