"""A ``simulate`` whose exact figures are kept loads no numpy (issue 24: its import was a
third of the process's start-up), and one on one worker no ``multiprocessing``.

The exact PAR maths (the walk, the spin law, the retrigger series) needs numpy; a
simulation asks the feature laws only for their simulation hooks.  Each game is run
twice in fresh interpreters sharing a temporary user cache: the first works the exact
figures out (numpy loaded), the second reads them back and must not load it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

CODE = (
    "import json, sys\n"
    "from slotterm.cli import main\n"
    "code = main(sys.argv[1:])\n"
    "loaded = {name: name in sys.modules for name in ('numpy', 'multiprocessing')}\n"
    "print(json.dumps({'code': code, **loaded}))\n"
)


def _run(game: str, cache: Path) -> dict[str, object]:
    """Run ``simulate`` of one round in a fresh interpreter; its exit code and whether
    numpy was loaded (the report's own line is dropped)."""
    args = ["simulate", game, "--spins", "1", "--seed", "1", "--workers", "1", "--json"]
    done = subprocess.run(
        [sys.executable, "-c", CODE, *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
        env={"XDG_CACHE_HOME": str(cache), "PATH": "/usr/bin:/bin", "HOME": str(cache)},
    )
    assert done.returncode == 0, done.stderr[-2_000:]
    report, verdict = done.stdout.strip().splitlines()[-2:]
    assert json.loads(report)["exact_rtp"] is not None
    return dict(json.loads(verdict))


@pytest.mark.parametrize("game", ["book-of-spells", "lucky-witch"])
def test_a_simulation_with_kept_figures_loads_no_numpy(game: str, tmp_path: Path) -> None:
    first = _run(game, tmp_path)
    assert first == {
        "code": 0,
        "numpy": True,
        "multiprocessing": False,
    }  # numpy: it worked them out
    assert _run(game, tmp_path) == {"code": 0, "numpy": False, "multiprocessing": False}
