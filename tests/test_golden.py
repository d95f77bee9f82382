"""The live program against the golden files of ``tests/golden/`` ("perft style").

The files pin today's exact outputs (``tools/make_golden.py`` writes them): the PAR sheet
at every line count, a batch of window evaluations, seeded simulations, and a trace of
seeded rounds played through the round state machine.  A refactor that changes nothing
keeps every test here passing; one that changes a pay, a draw or a figure fails one.

PAR figures are compared to within 1e-12 (relative or absolute, whichever is looser);
everything else exactly.  When a change is meant, regenerate with
``python tools/make_golden.py`` and review the diff.
"""

from __future__ import annotations

import copy
import importlib.util
import json
import math
import os
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import ModuleType
from typing import Any

from slotterm import __version__

GOLDEN = Path(__file__).resolve().parent / "golden"
TOOL = Path(__file__).resolve().parent.parent / "tools" / "make_golden.py"

TOLERANCE = 1e-12


def _load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_golden", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


make_golden = _load_tool()


def _read_json(name: str) -> Any:
    return json.loads((GOLDEN / name).read_text(encoding="utf-8"))


def _read_lines(name: str) -> list[str]:
    return (GOLDEN / name).read_text(encoding="utf-8").splitlines()


def _run_parallel(commands: Sequence[Sequence[str]]) -> list[str]:
    """The stdout of ``slotterm COMMAND`` for each command, run side by side."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        cores = os.cpu_count() or 1
    with ThreadPoolExecutor(max_workers=max(1, min(cores, len(commands)))) as pool:
        return list(pool.map(make_golden.slotterm, commands))


# --- the comparer -----------------------------------------------------------------------


def numbers_close(golden: float, live: float, tolerance: float = TOLERANCE) -> bool:
    """Equal to within ``tolerance``, relative or absolute (the looser near 0)."""
    return math.isclose(golden, live, rel_tol=tolerance, abs_tol=tolerance)


def differences(golden: Any, live: Any, path: str = "$", tolerance: float = TOLERANCE) -> list[str]:
    """Where ``live`` differs from ``golden``: same keys (recursively), same lengths,
    numbers to within ``tolerance``, everything else exactly.  Empty when they agree."""
    if isinstance(golden, bool) or isinstance(live, bool):
        same = type(golden) is type(live) and golden == live
        return [] if same else [f"{path}: golden {golden!r}, live {live!r}"]
    if isinstance(golden, int | float) and isinstance(live, int | float):
        if numbers_close(golden, live, tolerance):
            return []
        return [f"{path}: golden {golden!r}, live {live!r} (differs by {live - golden:.3g})"]
    if isinstance(golden, dict) and isinstance(live, dict):
        if golden.keys() != live.keys():
            missing = sorted(golden.keys() - live.keys())
            extra = sorted(live.keys() - golden.keys())
            return [f"{path}: keys missing {missing}, extra {extra}"]
        out: list[str] = []
        for key in golden:
            out += differences(golden[key], live[key], f"{path}.{key}", tolerance)
        return out
    if isinstance(golden, list) and isinstance(live, list):
        if len(golden) != len(live):
            return [f"{path}: golden has {len(golden)} items, live {len(live)}"]
        out = []
        for n, (g, v) in enumerate(zip(golden, live, strict=True)):
            out += differences(g, v, f"{path}[{n}]", tolerance)
        return out
    if type(golden) is not type(live) or golden != live:
        return [f"{path}: golden {golden!r}, live {live!r}"]
    return []


# --- the tests --------------------------------------------------------------------------


def test_par_matches_golden_at_every_line_count() -> None:
    golden = _read_json(make_golden.PAR_FILE)
    assert sorted(golden, key=int) == [str(n) for n in make_golden.LINE_COUNTS]
    outputs = _run_parallel([make_golden.par_args(n) for n in make_golden.LINE_COUNTS])
    problems: list[str] = []
    for n, stdout in zip(make_golden.LINE_COUNTS, outputs, strict=True):
        live = json.loads(stdout)
        # the figures are the golden file's; the version is whatever release computed them
        assert live.pop("version") == __version__ and golden[str(n)].pop("version")
        problems += differences(golden[str(n)], live, f"par --lines {n}")
    assert not problems, "\n".join(problems[:40])


def test_eval_results_match_golden_exactly() -> None:
    pairs = [json.loads(line) for line in _read_lines(make_golden.EVAL_FILE)]
    requests = [p["request"] for p in pairs]
    stdout = make_golden.slotterm(make_golden.EVAL_ARGS, make_golden.eval_stdin(requests))
    live = make_golden.eval_results(stdout)
    assert len(live) == len(pairs)
    wrong = [
        f"line {n}: {json.dumps(p['request'])}\n  golden {p['result']}\n  live   {result}"
        for n, (p, result) in enumerate(zip(pairs, live, strict=True), 1)
        if result != p["result"]
    ]
    assert not wrong, f"{len(wrong)} of {len(pairs)} results differ:\n" + "\n".join(wrong[:10])


def test_simulate_matches_golden_apart_from_timing() -> None:
    golden = _read_json(make_golden.SIMULATE_FILE)
    runs = make_golden.SIMULATIONS
    assert list(golden) == [make_golden.simulate_key(r) for r in runs]
    outputs = _run_parallel([make_golden.simulate_args(r) for r in runs])
    problems: list[str] = []
    for run, stdout in zip(runs, outputs, strict=True):
        key = make_golden.simulate_key(run)
        want, got = dict(golden[key]), make_golden.simulate_output(stdout)
        # the exact RTP beside the run is a PAR figure: compared as PAR is
        problems += differences(want.pop("exact_rtp"), got.pop("exact_rtp"), f"{key} exact_rtp")
        problems += _figure_differences(want.pop("figures"), got.pop("figures"), key)
        problems += [f"{key}: {d}" for d in differences(want, got, tolerance=0.0)]
    assert not problems, "\n".join(problems)


def _figure_differences(want: dict[str, Any], got: dict[str, Any], key: str) -> list[str]:
    """The run's ``figures`` against the golden: what the run measured exactly, the PAR
    value and the z (which uses it) as PAR is compared."""
    if want.keys() != got.keys():
        return [f"{key} figures: golden {sorted(want)}, live {sorted(got)}"]
    problems: list[str] = []
    for name, entry in want.items():
        live = dict(got[name])
        golden = dict(entry)
        for field in ("par", "z"):
            problems += differences(golden.pop(field), live.pop(field), f"{key} {name}.{field}")
        problems += differences(golden, live, f"{key} {name}", tolerance=0.0)
    return problems


def test_round_trace_matches_golden_line_by_line() -> None:
    golden = _read_lines(make_golden.ROUNDS_FILE)
    live = make_golden.rounds_trace_lines()
    assert len(live) == len(golden)
    for n, (want, got) in enumerate(zip(golden, live, strict=True), 1):
        assert got == want, (
            f"round {n} differs (and maybe later ones):\n  golden {want}\n  live {got}"
        )


def test_golden_files_cover_what_they_claim() -> None:
    pairs = [json.loads(line) for line in _read_lines(make_golden.EVAL_FILE)]
    assert len(pairs) >= 400
    assert sum("special" in p["request"] for p in pairs) >= len(pairs) // 4
    assert sum(bool(p["result"]["expanding_wins"]) for p in pairs) >= 20
    assert sum(p["result"]["scatter_win"] is not None for p in pairs) >= 20
    rounds = [json.loads(line) for line in _read_lines(make_golden.ROUNDS_FILE)]
    features = [r for r in rounds if r["special"] is not None]
    assert len(features) >= 20
    assert any(not r["force"] for r in features), "some features come without forcing"
    assert all(r["free"] for r in features)


def test_the_comparer_catches_a_changed_number_or_key() -> None:
    golden = _read_json(make_golden.PAR_FILE)["9"]
    assert differences(golden, copy.deepcopy(golden)) == []
    nudged = copy.deepcopy(golden)
    nudged["specials"][2]["spin_value"] += 1e-9
    found = differences(golden, nudged)
    assert len(found) == 1 and "specials[2].spin_value" in found[0]
    tiny = copy.deepcopy(golden)
    tiny["cap_effect"] *= 1 + 1e-13  # inside the tolerance
    assert differences(golden, tiny) == []
    renamed = copy.deepcopy(golden)
    renamed["rtp_total"] = renamed.pop("rtp")
    assert differences(golden, renamed)
    assert differences({"capped": True}, {"capped": 1})
    assert differences({"one_in": None}, {"one_in": 0.0})
