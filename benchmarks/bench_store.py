"""Store speed: saving one transition (both mirrored copies, fsyncs included) and loading.

Targets (issue 4): save median < 5 ms; load of a session with a full history < 50 ms.
The session is a seeded one played by the test policy, which forces the feature every
4th round — a history far heavier than normal play (more free spins to store and to
re-evaluate on load).  Run: ``python benchmarks/bench_store.py [--transitions N]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from slotterm.engine.features.free_spins_records import record_of
from slotterm.engine.records import Round
from slotterm.engine.spin_codec import clear_caches
from slotterm.games import get_game
from slotterm.session.opening import open_session
from slotterm.session.settings import default_settings
from slotterm.session.store import SaveStore
from tests.session.policy import next_action, play_until

SAVE_TARGET_MS = 5.0
LOAD_TARGET_MS = 50.0


def _ms(seconds: float) -> float:
    return seconds * 1000


def spins_of(round_: Round) -> tuple[object, ...]:
    """The free spins a round played (none when it awarded none)."""
    record = record_of(round_)
    return () if record is None else record.spins


def main(argv: list[str]) -> int:
    """Print the medians (and worst cases) against the targets."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--transitions", type=int, default=400)
    parser.add_argument("--loads", type=int, default=40)
    args = parser.parse_args(argv)
    game = get_game("book-of-spells")
    with tempfile.TemporaryDirectory(dir=Path.cwd()) as tmp:
        root = Path(tmp)
        opened = open_session(game, default_settings(game), root=root, seed=1)
        session, store = opened.session, opened.store
        assert store is not None
        session.persist = None
        play_until(session, 110)  # a full history (100 rounds kept) before measuring
        saves: list[float] = []
        for _ in range(args.transitions):
            session.act(next_action(session))
            start = time.perf_counter()
            store.save(session)
            saves.append(time.perf_counter() - start)
        size = max(p.stat().st_size for p in store.copies)
        windows = sum(1 + len(spins_of(r)) for r in session.history)
        opened.close()
        reader = SaveStore(store.folder, game, seed=1)
        now = datetime.now(UTC)
        loads: list[float] = []
        opens: list[float] = []
        for _ in range(args.loads):
            clear_caches()  # every load as cold as a fresh process's first one
            start = time.perf_counter()
            loaded = reader.load(now, readonly=True)
            loads.append(time.perf_counter() - start)
            assert loaded is not None and len(loaded.record.history) == 100
            clear_caches()
            start = time.perf_counter()
            again = open_session(game, default_settings(game), root=root, seed=1)
            opens.append(time.perf_counter() - start)
            again.close()
    save_median = _ms(statistics.median(saves))
    load_median = _ms(statistics.median(loads))
    open_median = _ms(statistics.median(opens))
    print(f"save file: {size} bytes, history 100 rounds, {windows} windows")
    print(
        f"save one transition (both copies, each write + fsync + replace + folder fsync), "
        f"{len(saves)} runs: "
        f"median {save_median:.2f} ms, p95 {_ms(sorted(saves)[int(len(saves) * 0.95)]):.2f} ms, "
        f"max {_ms(max(saves)):.2f} ms; target < {SAVE_TARGET_MS} ms "
        f"(ratio {save_median / SAVE_TARGET_MS:.2f})"
    )
    print(
        f"load full history (verify both copies, re-evaluate every window), {len(loads)} runs: "
        f"median {load_median:.2f} ms; target < {LOAD_TARGET_MS} ms "
        f"(ratio {load_median / LOAD_TARGET_MS:.2f})"
    )
    print(f"open session (lock + load + settings), {len(opens)} runs: median {open_median:.2f} ms")
    return 0 if save_median < SAVE_TARGET_MS and load_median < LOAD_TARGET_MS else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
