"""Build the wheel and the sdist, install the wheel in a fresh venv, run what it installed.

One test, so that the build runs once whichever xdist worker takes it:

* the checkout is copied into ``tmp_path`` (no ``.venv``, ``.git``, caches or build
  output) and built there, so the build's ``egg_info`` never rewrites the checkout's
  ``slotterm.egg-info`` while another worker reads the editable install's metadata;
* ``python -m build`` makes the sdist, then the wheel from the unpacked sdist (so the sdist
  is enough to build from);
* the sdist holds every file of ``tests/`` (every ``tests/**/test_*.py`` among them, the
  golden files and the snapshots), ``saves/``, ``tools/``, ``benchmarks/``, ``docs/``
  (the README's pictures), ``.ci/run``, README.md and LICENSE; the wheel holds the
  licence (PEP 639), the package's version, its classifiers, addresses and extras;
* the tests collect from the unpacked sdist (``pytest --collect-only --assert=plain``,
  every test file, no error), and a fast subset of them (:data:`SDIST_SUBSET`) passes
  there, importing the unpacked tree's ``slotterm``;
* the wheel goes into a new venv (its dependencies from the package index, nothing
  byte-compiled ahead), where ``slotterm --version``, ``slotterm par book-of-spells`` and
  the game itself in a pseudo-terminal (quit with Q) run from the installed copy, not
  this checkout.
"""

from __future__ import annotations

import email
import re
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

import pytest

import slotterm
from slotterm.games import get_game
from slotterm.money import format_cents
from slotterm.session.opening import open_session
from slotterm.session.settings import load_settings
from tests.readme_support import REPOSITORY
from tests.tui.pty_support import COLS, ROWS, WAIT, PtyGame

ROOT = Path(__file__).resolve().parent.parent
VERSION = slotterm.__version__
SDIST_TREES = ("tests", "saves", "tools", "benchmarks", "docs")
"""Folders the sdist carries whole: the tests and everything they read."""
SDIST_FILES = ("pyproject.toml", "MANIFEST.in", "README.md", "LICENSE", ".ci/run")
SDIST_SUBSET = (
    "tests/test_screenshots.py",  # docs/ and tools/ are there, and the pictures not stale
    "tests/test_readme.py",
    "tests/test_version.py",
    "tests/engine/test_money_rng.py",
)
"""Tests run from the unpacked sdist: the ones that read files besides the package, and a
couple of quick unit tests (the whole suite takes far too long for one test)."""
BUILD_TIMEOUT = 400.0
"""Seconds a step may take (a deadline only): the install alone needs about 20 s of CPU,
which on two cores shared with a dozen busy processes is well over the 180 s it had."""
LEFT_OUT = (
    ".git",
    ".venv*",
    ".*_cache",
    ".hypothesis",
    "__pycache__",
    "*.egg-info",
    "build",
    "dist",
)
"""What the copy built from leaves out of the checkout: none of it goes in a package."""


def _run(argv: list[str], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        argv, env=env, cwd=cwd, capture_output=True, text=True, timeout=BUILD_TIMEOUT, check=False
    )
    assert done.returncode == 0, f"{argv} exited {done.returncode}:\n{done.stdout}\n{done.stderr}"
    return done


def _tree_files(root: Path, folder: str) -> set[str]:
    """The files under ``root/folder`` as a packager sees them (no caches, no dot folders)."""
    found = set()
    for path in (root / folder).rglob("*"):
        parts = path.relative_to(root).parts
        if (
            path.is_file()
            and path.suffix != ".pyc"
            and not any(part == "__pycache__" or part.startswith(".") for part in parts[1:])
        ):
            found.add("/".join(parts))
    return found


def _copy_checkout(into: Path) -> Path:
    """A copy of the checkout to build from (without :data:`LEFT_OUT`)."""
    shutil.copytree(ROOT, into, ignore=shutil.ignore_patterns(*LEFT_OUT), symlinks=True)
    return into


def _check_sdist(sdist: Path, source: Path) -> set[str]:
    """The sdist's files (relative to its top folder), checked against ``source``, the tree
    it was built from."""
    top = f"slotterm-{VERSION}/"
    with tarfile.open(sdist) as archive:
        names = {n.removeprefix(top) for n in archive.getnames() if n.startswith(top)}
    test_files = {
        name for name in _tree_files(source, "tests") if re.search(r"/test_[^/]*\.py$", name)
    }
    assert len(test_files) >= 40  # the suite, not a stub of it
    assert not test_files - names, f"test files missing from the sdist: {test_files - names}"
    for folder in SDIST_TREES:
        missing = _tree_files(source, folder) - names
        assert not missing, f"missing from the sdist: {sorted(missing)[:10]}"
    assert not set(SDIST_FILES) - names
    assert any(n.startswith("tests/golden/") for n in names)
    assert any(n.startswith("tests/tui/__snapshots__/") and n.endswith(".svg") for n in names)
    return test_files


def _check_wheel(wheel: Path) -> None:
    """The wheel: the package, its licence file and metadata (PEP 639), no tests."""
    info = f"slotterm-{VERSION}.dist-info"
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        metadata = email.message_from_bytes(archive.read(f"{info}/METADATA"))
        licence = archive.read(f"{info}/licenses/LICENSE").decode()
    assert licence == (ROOT / "LICENSE").read_text()
    assert "MIT License" in licence and "Copyright (c) 2026 the slotterm authors" in licence
    assert metadata["Version"] == VERSION
    assert metadata["License-Expression"] == "MIT"
    assert metadata["License-File"] == "LICENSE"
    assert metadata["Requires-Python"] == ">=3.11"
    assert "slotterm/cli.py" in names and not any(n.startswith("tests/") for n in names)
    requires = metadata.get_all("Requires-Dist") or []
    assert "rich>=14.2" in requires  # Textual 8 needs it: a floor below it means nothing
    assert 'ruff>=0.6; extra == "dev"' in requires
    assert not any(r.startswith(("ruff", "mypy")) and '"test"' in r for r in requires)
    assert set(metadata.get_all("Provides-Extra") or []) == {"test", "dev"}
    classifiers = metadata.get_all("Classifier") or []
    assert {f"Programming Language :: Python :: 3.{minor}" for minor in (11, 12, 13)} <= set(
        classifiers
    )
    urls = dict(url.split(", ", 1) for url in metadata.get_all("Project-URL") or [])
    assert urls["Source"] == REPOSITORY and urls["Issues"] == f"{REPOSITORY}/issues"


def _unpack(sdist: Path, into: Path) -> Path:
    """Unpack ``sdist`` into ``into``; its top folder."""
    with tarfile.open(sdist) as archive:
        archive.extractall(into, filter="data")
    return into / f"slotterm-{VERSION}"


def _pytest_in(tree: Path, env: dict[str, str], *args: str) -> subprocess.Popen[str]:
    """Start this venv's pytest in ``tree`` (no xdist, no cache, no bytecode written):
    ``python -m`` puts ``tree`` first on the path, so its ``slotterm`` and ``tests`` are
    the ones imported."""
    return subprocess.Popen(
        [sys.executable, "-m", "pytest", "-o", "addopts=", "-p", "no:cacheprovider", *args],
        cwd=tree,
        env={**env, "PYTHONDONTWRITEBYTECODE": "1"},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def _finish(process: subprocess.Popen[str], what: str) -> str:
    """Wait for ``process`` (killed past the deadline); its output, after checking that it
    exited 0."""
    try:
        output, _ = process.communicate(timeout=BUILD_TIMEOUT)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 0, f"{what} failed:\n{output[-4000:]}"
    return output


def _install_wheel(wheel: Path, venv: Path, env: dict[str, str]) -> Path:
    """A new venv with the wheel (and its dependencies) installed; its ``bin`` folder."""
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], env, venv.parent)
    python = venv / "bin" / "python"
    _run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "--no-compile",  # the few modules the checks import compile as they load
            str(wheel),
        ],
        env,
        venv.parent,
    )
    return venv / "bin"


def _play_and_quit(slotterm_exe: Path, env: dict[str, str], cwd: Path) -> None:
    """The installed game on a pseudo-terminal: its credits shown, then Q quits it."""
    game = get_game("book-of-spells")
    settings = load_settings(cwd / "config" / "slotterm" / "config.toml", game, required=False)
    twin = open_session(game, settings, root=None, seed=None, demo=True).session
    credits = format_cents(twin.state.credits)
    term = {**env, "TERM": "xterm-256color", "COLUMNS": str(COLS), "LINES": str(ROWS)}
    pty = PtyGame([str(slotterm_exe), "book-of-spells", "--demo"], term, cwd)
    try:
        pty.wait_for(lambda: pty.box("Credits") == credits, "the demo's credits")
        pty.send(b"Q")
        deadline = time.monotonic() + WAIT
        while pty.process.poll() is None and time.monotonic() < deadline:
            pty.pump(0.05)
        assert pty.process.returncode == 0, f"Q did not end the game:\n{pty.text()}"
    finally:
        pty.close()


def _check_installed(bin_dir: Path, env: dict[str, str], tmp_path: Path) -> None:
    """The installed copy (in ``bin_dir``'s venv) answers and plays."""
    where = _run(
        [str(bin_dir / "python"), "-c", "import slotterm; print(slotterm.__file__)"], env, tmp_path
    ).stdout
    assert where.startswith(str(tmp_path / "venv")), where  # the installed copy, not ROOT
    version = _run([str(bin_dir / "slotterm"), "--version"], env, tmp_path)
    assert version.stdout == f"slotterm {VERSION}\n"
    sheet = _run([str(bin_dir / "slotterm"), "par", "book-of-spells"], env, tmp_path).stdout
    assert re.search(r"book-of-spells . exact PAR sheet, 9 lines", sheet), sheet
    assert re.search(r"RTP \(with the round cap\)\W+96\.13\d* %", sheet), sheet  # DESIGN §1
    _play_and_quit(bin_dir / "slotterm", env, tmp_path)


@pytest.mark.slow
@pytest.mark.timeout(900)  # each step has its own deadline; installs fetch from the index
def test_build_install_and_run(tmp_path: Path, user_dirs: dict[str, str]) -> None:
    env = {k: v for k, v in user_dirs.items() if not k.startswith(("PYTHON", "TEXTUAL", "NO_"))}
    dist = tmp_path / "dist"
    source = _copy_checkout(tmp_path / "checkout")
    _run([sys.executable, "-m", "build", "--outdir", str(dist), str(source)], env, tmp_path)
    sdist, wheel = (
        dist / f"slotterm-{VERSION}.tar.gz",
        dist / f"slotterm-{VERSION}-py3-none-any.whl",
    )
    test_files = _check_sdist(sdist, source)
    _check_wheel(wheel)

    tree = _unpack(sdist, tmp_path / "unpacked")
    # Meanwhile the install. Collecting runs no assert: plain ones spare rewriting every module.
    collecting = _pytest_in(tree, env, "--collect-only", "-q", "--assert=plain", "tests")
    try:
        bin_dir = _install_wheel(wheel, tmp_path / "venv", env)
    finally:
        collected = _finish(collecting, "collection from the sdist")
    files = {line.split("::", 1)[0] for line in collected.splitlines() if "::" in line}
    assert files == test_files, f"not collected: {sorted(test_files - files)}"
    subset = _pytest_in(tree, env, "-q", "-p", "no:xdist", *SDIST_SUBSET)  # meanwhile: run
    try:
        _check_installed(bin_dir, env, tmp_path)
    finally:
        ran = _finish(subset, "the sdist's own tests")
    assert re.search(r"\b\d+ passed\b", ran), ran[-2000:]
    imported = _run([sys.executable, "-c", "import slotterm; print(slotterm.__file__)"], env, tree)
    assert imported.stdout.startswith(str(tree)), imported.stdout  # the sdist's, not ROOT's
