"""README's commands and links: its test command is the one .ci/run runs, the extras it
installs exist, and its links work on a package index as well as in the repository."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from tests.readme_support import links, readme_text, repository_file

ROOT = Path(__file__).resolve().parent.parent


def test_ci_runs_the_readme_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    command = [line for line in ci if line.startswith("python3 -m venv")]
    assert len(command) == 1
    assert command[0] in readme_text()


def test_every_extra_the_readme_installs_exists() -> None:
    with (ROOT / "pyproject.toml").open("rb") as file:
        extras = set(tomllib.load(file)["project"]["optional-dependencies"])
    named = set(re.findall(r"-e '\.\[(\w+)\]'", readme_text()))
    assert {"test", "dev"} <= named, named
    assert named <= extras, named - extras


def test_no_link_is_relative_and_each_into_the_repository_names_a_file() -> None:
    # a package index shows the README away from the repository: a relative link breaks
    found = links(readme_text())
    assert found
    relative = [link for link in found if not re.match(r"(https?://|#)", link)]
    assert not relative, relative
    for link in found:
        name = repository_file(link)
        assert name is None or (ROOT / name).is_file(), f"{link}: no {name} here"
