"""What the game's start-up imports, and what they cost, against an earlier commit.

``slotterm GAME`` imports the interface before it draws anything; a scene only needed
later (a celebration, a feature's intro, a pick game's scenes) imported then costs every
launch.  For this tree and the tree of ``--against REF`` (``git archive``), each compiled
to bytecode first (as an installed program is), this prints:

* the modules the start-up imports (``python -X importtime``: the list, not the times,
  which are wall clock) that one tree has and the other does not;
* the CPU time of those imports (``time.process_time`` in the child, around them) and of
  the whole child (``os.wait4``), ``--runs`` pairs interleaved (:mod:`cpu_pairs`), the
  medians and the median of the paired differences, with the load.

Figures only; on a loaded machine the CPU figures move by tens of ms from run to run
(the module lists do not).

    python benchmarks/bench_launch_imports.py [--against a04b289] [--runs 11]
"""

from __future__ import annotations

import argparse
import compileall
import io
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from cpu_pairs import child_cpu, interleaved, load

ROOT = Path(__file__).resolve().parent.parent
START_UP = "slotterm.cli, slotterm.commands.play, slotterm.tui.app, slotterm.tui.lobby"
"""What ``slotterm GAME`` imports before the interface starts."""
TIMED = f"import time; t = time.process_time(); import {START_UP}; print(time.process_time() - t)"


def tree(ref: str | None, folder: Path) -> Path:
    """The ``slotterm`` package of ``ref`` (``None``: this worktree) in ``folder``,
    compiled; the folder to put on ``PYTHONPATH``."""
    if ref is None:
        shutil.copytree(ROOT / "slotterm", folder / "slotterm", ignore=_no_bytecode)
    else:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", ref, "slotterm"], capture_output=True, check=True
        ).stdout
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(folder, filter="data")
    compileall.compile_dir(str(folder / "slotterm"), quiet=1)
    return folder


def _no_bytecode(_: str, names: list[str]) -> list[str]:
    return [name for name in names if name == "__pycache__"]


def environment(path: Path) -> dict[str, str]:
    """A child's environment: ``path`` first, bytecode read (and written).  The children
    run with ``-P``: the folder they start in (this repository) is not on their path."""
    env = dict(os.environ, PYTHONPATH=str(path))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def modules(path: Path) -> set[str]:
    """The modules the start-up imports from ``path``."""
    done = subprocess.run(
        [sys.executable, "-P", "-X", "importtime", "-c", f"import {START_UP}"],
        capture_output=True,
        text=True,
        env=environment(path),
        check=True,
    )
    return {line.rsplit("|", 1)[1].strip() for line in done.stderr.splitlines()[1:]}


def main() -> int:
    """Build both trees, list the modules that differ, time the imports in pairs."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default="a04b289", help="the commit to compare with")
    parser.add_argument("--runs", type=int, default=11)
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    print(f"load average at the start: {load()}")
    with tempfile.TemporaryDirectory() as folder:
        trees = {
            args.against: tree(args.against, Path(folder) / "against"),
            "this tree": tree(None, Path(folder) / "this"),
        }
        found = {name: modules(path) for name, path in trees.items()}
        for name, other in ((n, o) for n in found for o in found if o != n):
            extra = sorted(found[name] - found[other])
            print(f"start-up modules only {name} imports ({len(extra)}): {' '.join(extra)}")
        imports: dict[str, list[float]] = {name: [] for name in trees}

        def side(name: str) -> float:
            run = child_cpu([sys.executable, "-P", "-c", TIMED], env=environment(trees[name]))
            imports[name].append(float(run.stdout))
            return run.cpu

        whole = interleaved({name: lambda _, n=name: side(n) for name in trees}, args.runs)
    print(f"start-up imports, CPU ms, medians of {args.runs} interleaved runs:")
    for name in trees:
        print(
            f"  {name:>12}: {len(found[name])} modules, imports "
            f"{statistics.median(imports[name]) * 1000:.1f} ms, whole process "
            f"{statistics.median(whole[name]) * 1000:.1f} ms"
        )
    pairs = [b - a for a, b in zip(imports[args.against], imports["this tree"], strict=True)]
    difference = statistics.median(pairs) * 1000
    print(f"  this tree - {args.against}: median paired difference {difference:+.1f} ms")
    print(f"load average at the end: {load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
