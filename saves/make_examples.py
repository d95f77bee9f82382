"""Write the example save folders in ``saves/`` (run: ``python saves/make_examples.py``).

Each folder is a complete ``--save-dir``: ``<name>/player/book-of-spells/`` holds the two
copies.  The store writes them as mirrors (both hold the latest state after every completed
save); the examples keep ``session-b.save`` at the latest save and ``session-a.save`` one
save behind, as a crash between a save's two writes can leave them, so the corpus also
checks that the loader takes the newer copy.  Try one with::

    cp -r saves/mid-free-spins /tmp/try && slotterm --save-dir /tmp/try

The games are played from a fixed seed with a fixed clock, so the script writes the same
bytes every time (until the engine or the reel strips change); the saved session itself
uses the secure random source, like any player's save.  The folders are also the format's
compatibility corpus: tests load every one and play it to the end, so a later change that
cannot read them fails.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from slotterm.engine.gamble import Color
from slotterm.engine.round import (
    Action,
    Collect,
    Guess,
    Phase,
    PlayFreeSpin,
    Spin,
    StartFeature,
    StartGamble,
)
from slotterm.games import get_game
from slotterm.rng import SecureSource, SeededSource
from slotterm.session.codec import PayloadEncoder
from slotterm.session.fileformat import encode_file
from slotterm.session.game_session import GameSession, demo_session
from slotterm.session.migrations import v1_checksum
from slotterm.session.opening import session_folder
from slotterm.session.store import COPY_NAMES

HERE = Path(__file__).resolve().parent
GAME = get_game("book-of-spells")
CLOCK_START = datetime(2026, 1, 1, 9, 0, tzinfo=UTC)
OLD_CLOCK_START = datetime(2025, 6, 1, 9, 0, tzinfo=UTC)
"""The pending example's clock: far more than 90 days before CLOCK_START."""


@dataclass(frozen=True)
class Example:
    """One example: its folder name, when to stop, where its clock starts, its format."""

    name: str
    done: Callable[[GameSession], bool]
    clock_start: datetime = CLOCK_START
    version: int = 2
    note: str = ""


def _open(s: GameSession) -> bool:
    return s.state.rounds_played > 3 and s.open_round is not None


def _collect_offered(s: GameSession) -> bool:
    r = s.open_round
    return _open(s) and s.phase is Phase.WIN_OFFERED and r is not None and not r.triggered


EXAMPLES = (
    Example("collect-offered", _collect_offered, note="a base-game win waits for collect"),
    Example(
        "magic-book-choosing",
        lambda s: _open(s) and s.phase is Phase.FEATURE_AWARDED,
        note="free spins awarded; the Magic Book has not chosen the special symbol yet",
    ),
    Example(
        "magic-book-chosen",
        lambda s: (
            _open(s)
            and s.phase is Phase.FREE_SPINS
            and s.open_round is not None
            and not s.open_round.free_spins
        ),
        note="the Magic Book has chosen the special symbol, no free spin played yet",
    ),
    Example(
        "mid-free-spins",
        lambda s: (
            _open(s)
            and s.phase is Phase.FREE_SPINS
            and s.open_round is not None
            and len(s.open_round.free_spins) >= 4
        ),
        note="special symbol chosen, 4 of the free spins played",
    ),
    Example(
        "mid-gamble",
        lambda s: (
            _open(s)
            and s.phase is Phase.GAMBLE
            and s.open_round is not None
            and len(s.open_round.gamble) >= 1
        ),
        note="one gamble card won, the doubled win at stake",
    ),
    Example(
        "autoplay-running",
        lambda s: (
            _open(s)
            and s.phase is Phase.WIN_OFFERED
            and s.open_round is not None
            and s.open_round.autoplay
        ),
        note="a round spun by autoplay, its win not yet collected",
    ),
    Example(
        "pending-over-90-days",
        _collect_offered,
        clock_start=OLD_CLOCK_START,
        note="a win left waiting for collect since June 2025: collected on load",
    ),
    Example(
        "format-v1-collect-offered",
        _collect_offered,
        version=1,
        note="a version-1 save (before round times and statistics): migrated on load",
    ),
)


def _next(session: GameSession) -> Action:
    """Play on: the feature every 3rd round, autoplay every 5th, gamble odd rounds' wins."""
    r = session.open_round
    if r is None:
        n = session.state.rounds_played + 1
        return Spin(session.bet, autoplay=n % 5 == 0, force_feature=n % 3 == 0)
    if session.phase is Phase.FEATURE_AWARDED:
        return StartFeature()
    if session.phase is Phase.FREE_SPINS:
        return PlayFreeSpin()
    if session.phase is Phase.WIN_OFFERED:
        gamble = r.number % 2 == 1 and not r.gamble and session.can(StartGamble())
        return StartGamble() if gamble else Collect()
    return Guess(Color.RED) if len(r.gamble) < 3 else Collect()


def build(example: Example, out: Path) -> Path:
    """Play until the example's state and write its folder under ``out``; returns it."""
    moment = [example.clock_start]

    def clock() -> datetime:
        moment[0] += timedelta(seconds=7)
        return moment[0]

    session = demo_session(GAME, SeededSource(2026), credits=100_000, clock=clock)
    encoder = PayloadEncoder()
    payloads: list[tuple[bytes, datetime]] = []

    def snapshot(s: GameSession) -> None:
        seeded, s.rng = s.rng, SecureSource()
        payloads.append((encoder.encode(s), moment[0]))
        s.rng = seeded

    session.persist = snapshot
    snapshot(session)
    for _ in range(10_000):
        if example.done(session):
            break
        session.act(_next(session))
    else:
        raise RuntimeError(f"{example.name}: never reached")
    root = out / example.name
    if root.exists():
        shutil.rmtree(root)
    folder = session_folder(root, GAME.id, None)
    folder.mkdir(parents=True)
    for offset, name in ((2, COPY_NAMES[0]), (1, COPY_NAMES[1])):
        sequence = len(payloads) - offset + 1
        payload, saved_at = payloads[-offset]
        if example.version == 1:
            data = _as_v1(sequence, saved_at, payload)
        else:
            data = encode_file(sequence, payload)
        (folder / name).write_bytes(data)
    (root / "ABOUT.txt").write_text(f"{example.name}: {example.note}\n", encoding="utf-8")
    return root


def _as_v1(sequence: int, saved_at: datetime, payload: bytes) -> bytes:
    """The same session as the version-1 format wrote it (see slotterm.session.migrations)."""
    doc = json.loads(payload)
    for key in ("round_times", "stats", "currency"):
        del doc[key]
    stamp = saved_at.isoformat()
    envelope = {
        "format": "slotterm-save",
        "version": 1,
        "sequence": sequence,
        "saved_at": stamp,
        "sha256": v1_checksum(sequence, stamp, doc),
        "payload": doc,
    }
    return json.dumps(envelope, indent=1, ensure_ascii=False).encode()


def main(argv: list[str]) -> int:
    """Write every example (into ``--out``, default this folder)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE)
    args = parser.parse_args(argv)
    for example in EXAMPLES:
        print(build(example, args.out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
