"""``par --max-memory``: the estimate made before counting, the early refusal, the guard.

The estimate (:mod:`slotterm.analysis.memory_estimate`) must be within 1.5× of what the
analysis really takes, either way (measured here as the peak RSS of a child that imports
the program and counts, so nothing run before counts) and must grow with what makes the
analysis bigger; a budget
under it is refused in one line before any counting; a budget the estimate fits but the
analysis does not is stopped by the guard with one line, never a kill.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from slotterm.analysis import memory_estimate as memory
from slotterm.analysis.par import compute_par
from slotterm.cli_option_types import memory_size
from slotterm.games import get_game

GAMES = ("book-of-spells", "lucky-witch")

_MEASURE = """
import json, resource, sys
from slotterm.analysis.memory_estimate import estimate_memory
from slotterm.analysis.par import compute_par
from slotterm.games import get_game
game = get_game(sys.argv[1])
lines = int(sys.argv[2]) if sys.argv[2] else None
estimate = estimate_memory(game, lines or len(game.lines)).total
compute_par(game, lines)
# VmHWM: this process's own peak; ru_maxrss keeps the peak of the parent it was forked
# from (a big test worker) across exec
status = open("/proc/self/status").read().split("VmHWM:")
peak = (
    int(status[1].split()[0]) * 1024
    if len(status) > 1
    else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
)
print(json.dumps({"estimate": estimate, "peak": peak}))
"""


def _par(args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "slotterm", "par", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize(("game", "lines"), [(g, n) for g in GAMES for n in (1, None)])
def test_the_estimate_is_within_half_again_of_the_measured_peak(
    game: str, lines: int | None
) -> None:
    done = subprocess.run(
        [sys.executable, "-c", _MEASURE, game, str(lines or "")],
        capture_output=True,
        text=True,
        check=True,
    )
    figures = json.loads(done.stdout)
    assert figures["peak"] / 1.5 < figures["estimate"] < 1.5 * figures["peak"]


def test_the_estimate_grows_with_lines_and_its_parts_add_up() -> None:
    game = get_game("book-of-spells")
    one, nine = memory.estimate_memory(game, 1), memory.estimate_memory(game, 9)
    assert one.total < nine.total
    assert one.parts["walk"] < nine.parts["walk"] and one.parts["cap"] < nine.parts["cap"]
    assert nine.total == sum(nine.parts.values())
    assert set(nine.parts) == {"process", "walk", "cap"}
    assert all(part > 0 for part in nine.parts.values())


def test_a_game_without_a_feature_has_no_transforms_in_its_estimate() -> None:
    game = get_game("book-of-spells")
    plain = replace(game, features=())
    assert memory.estimate_memory(plain, 9).parts["cap"] == 0


def test_a_tiny_budget_is_refused_early_with_the_figure() -> None:
    done = _par(["book-of-spells", "--max-memory", "20M"])
    assert done.returncode == 2 and done.stdout == ""
    (line,) = done.stderr.splitlines()
    need = memory.estimate_memory(get_game("book-of-spells"), 9).total
    assert memory.format_bytes(need) in line and "20 MB" in line
    assert "--max-memory" in line


def test_a_budget_the_estimate_fits_gives_the_same_sheet() -> None:
    done = _par(["book-of-spells", "--lines", "1", "--max-memory", "1G", "--json"])
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["rtp"] == compute_par(get_game("book-of-spells"), 1).rtp


_GUARDED = """
import numpy as np
from slotterm.analysis.memory_estimate import guard
try:
    with guard(64 * 2**20):
        np.ones(2**29)  # 4 GB
except MemoryError:
    print("stopped")
np.ones(2**27)  # 1 GB: the limit is put back after the block
print("after")
"""


def test_the_guard_turns_an_allocation_past_the_budget_into_a_memory_error() -> None:
    # in a child: the limit holds for the whole process while the block runs
    done = subprocess.run(
        [sys.executable, "-c", _GUARDED], capture_output=True, text=True, check=True
    )
    assert done.stdout.split() == ["stopped", "after"]


@pytest.mark.parametrize(
    ("text", "size"),
    [("500M", 500 * 2**20), ("2G", 2 * 2**30), ("1.5gb", 3 * 2**29), ("2048k", 2**21)],
)
def test_memory_sizes(text: str, size: int) -> None:
    assert memory_size(text) == size


def test_the_default_budget_is_at_most_2_gb_and_half_the_machine() -> None:
    budget = memory.default_budget()
    physical = Path("/proc/meminfo").read_text().split()[1]  # MemTotal in kB
    assert budget <= 2 * 2**30
    assert budget <= int(physical) * 1024 // 2 + 1
