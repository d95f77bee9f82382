"""``slotterm --version`` and the one version source (``slotterm.__version__``).

pyproject.toml declares the version dynamic, read from ``slotterm.__version__``; the
installed distribution's metadata, the command's answer and the attribute must agree.
(tests/test_packaging.py checks the same of a freshly built wheel.)
"""

from __future__ import annotations

import importlib.metadata
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.version import Version

import slotterm
from slotterm.cli import main

ROOT = Path(__file__).resolve().parent.parent


def test_version_prints_the_name_and_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    out, err = capsys.readouterr()
    assert out == f"slotterm {slotterm.__version__}\n" and err == ""


def test_version_is_a_pep_440_release() -> None:
    version = Version(slotterm.__version__)
    assert str(version) == slotterm.__version__  # written in its normal form
    assert version.release >= (0, 2, 0)  # 0.2.0: the release with --version


def test_pyproject_reads_the_version_from_the_package() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "version" not in project["project"]  # no second copy to fall out of step
    assert "version" in project["project"]["dynamic"]
    dynamic = project["tool"]["setuptools"]["dynamic"]["version"]
    assert dynamic == {"attr": "slotterm.__version__"}


def test_installed_metadata_agrees() -> None:
    installed = importlib.metadata.version("slotterm")
    assert installed == slotterm.__version__, (
        f"the installed metadata says {installed}: reinstall (pip install -e .)"
    )


def test_version_from_a_child_process(user_dirs: dict[str, str]) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "slotterm", "--version"],
        capture_output=True,
        text=True,
        env=user_dirs,
        timeout=60,
        check=False,
    )
    assert (done.returncode, done.stdout, done.stderr) == (
        0,
        f"slotterm {slotterm.__version__}\n",
        "",
    )
