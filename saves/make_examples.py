"""Write the format-3 example save folders in ``saves/`` (run: ``python saves/make_examples.py``).

Each folder is a complete ``--save-dir``: ``<name>/player/book-of-spells/`` holds the two
copies.  The store writes them as mirrors (both hold the latest state after every completed
save); the examples keep ``session-b.save`` at the latest save and ``session-a.save`` one
save behind, as a crash between a save's two writes can leave them, so the corpus also
checks that the loader takes the newer copy.  Try one with::

    cp -r saves/mid-free-spins-v3 /tmp/try && slotterm --save-dir /tmp/try

The games are played from a fixed seed with a fixed clock, so the script writes the same
bytes every time (until the engine or the reel strips change); the saved session itself
uses the secure random source, like any player's save.  The folders are also the format's
compatibility corpus: tests load every one and play it to the end, so a later change that
cannot read them fails.  The script writes the format-3 folders (named ``*-v3``) only:
the older folders (:data:`FROZEN`, formats 1 and 2, written by earlier versions of this
script) are kept byte for byte and never rewritten.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from slotterm.engine import policy
from slotterm.engine.actions import Action, Guess, Spin, StartGamble
from slotterm.engine.features import free_spins
from slotterm.engine.gamble import Color
from slotterm.engine.records import Phase
from slotterm.games import get_game
from slotterm.rng import SecureSource, SeededSource
from slotterm.session.codec import PayloadEncoder
from slotterm.session.fileformat import FORMAT_VERSION, encode_file
from slotterm.session.game_session import GameSession, demo_session
from slotterm.session.opening import session_folder
from slotterm.session.store import COPY_NAMES

HERE = Path(__file__).resolve().parent
GAME = get_game("book-of-spells")
CLOCK_START = datetime(2026, 1, 1, 9, 0, tzinfo=UTC)
OLD_CLOCK_START = datetime(2025, 6, 1, 9, 0, tzinfo=UTC)
"""The pending example's clock: far more than 90 days before CLOCK_START."""


@dataclass(frozen=True)
class Example:
    """One example: its folder name, when to stop, where its clock starts, what it shows."""

    name: str
    done: Callable[[GameSession], bool]
    clock_start: datetime = CLOCK_START
    note: str = ""


SUFFIX = f"-v{FORMAT_VERSION}"
"""The written folders' names end with the format they hold."""

FROZEN = {
    "collect-offered": 2,
    "magic-book-choosing": 2,
    "magic-book-chosen": 2,
    "mid-free-spins": 2,
    "mid-gamble": 2,
    "autoplay-running": 2,
    "pending-over-90-days": 2,
    "format-v1-collect-offered": 1,
}
"""The older folders, by name, with the format they hold: kept as they are, never written."""


def _open(s: GameSession) -> bool:
    return s.state.rounds_played > 3 and s.open_round is not None


def _free_spins(s: GameSession) -> free_spins.FreeSpinsRecord | None:
    """The open round's free spins, while the machine is in them."""
    if not _open(s) or s.phase is not Phase.FEATURE:
        return None
    return free_spins.record_of(s.open_round)


def _collect_offered(s: GameSession) -> bool:
    r = s.open_round
    return _open(s) and s.phase is Phase.WIN_OFFERED and r is not None and not r.frames


def _awarded(s: GameSession) -> bool:
    record = _free_spins(s)
    return record is not None and not record.started


def _chosen(s: GameSession) -> bool:
    record = _free_spins(s)
    return record is not None and record.started and not record.spins


def _mid_free_spins(s: GameSession) -> bool:
    record = _free_spins(s)
    return record is not None and len(record.spins) >= 4


EXAMPLES = (
    Example("collect-offered" + SUFFIX, _collect_offered, note="a base-game win waits for collect"),
    Example(
        "magic-book-choosing" + SUFFIX,
        _awarded,
        note="free spins awarded; the Magic Book has not chosen the special symbol yet",
    ),
    Example(
        "magic-book-chosen" + SUFFIX,
        _chosen,
        note="the Magic Book has chosen the special symbol, no free spin played yet",
    ),
    Example(
        "mid-free-spins" + SUFFIX,
        _mid_free_spins,
        note="special symbol chosen, 4 of the free spins played",
    ),
    Example(
        "mid-gamble" + SUFFIX,
        lambda s: (
            _open(s)
            and s.phase is Phase.GAMBLE
            and s.open_round is not None
            and len(s.open_round.gamble) >= 1
        ),
        note="one gamble card won, the doubled win at stake",
    ),
    Example(
        "autoplay-running" + SUFFIX,
        lambda s: (
            _open(s)
            and s.phase is Phase.WIN_OFFERED
            and s.open_round is not None
            and s.open_round.autoplay
        ),
        note="a round spun by autoplay, its win not yet collected",
    ),
    Example(
        "pending-over-90-days" + SUFFIX,
        _collect_offered,
        clock_start=OLD_CLOCK_START,
        note="a win left waiting for collect since June 2025: collected on load",
    ),
)


def _next(session: GameSession) -> Action:
    """Play on: the feature every 3rd round, autoplay every 5th, gamble odd rounds' wins.

    Those are this script's own choices; how a round goes on otherwise (start the
    feature, play its spins, collect) is the engine's policy.
    """
    r = session.open_round
    if r is None:
        n = session.state.rounds_played + 1
        force = free_spins.NAME if n % 3 == 0 else None
        return Spin(bet=session.bet, autoplay=n % 5 == 0, force=force)
    if session.phase is Phase.WIN_OFFERED:
        if r.number % 2 == 1 and not r.gamble and session.can(StartGamble()):
            return StartGamble()
    elif session.phase is Phase.GAMBLE and len(r.gamble) < 3:
        return Guess(color=Color.RED)
    action = policy.next_action(session.game, session.state)
    assert action is not None  # a round is open
    return action


def build(example: Example, out: Path) -> Path:
    """Play until the example's state and write its folder under ``out``; returns it."""
    moment = [example.clock_start]

    def clock() -> datetime:
        moment[0] += timedelta(seconds=7)
        return moment[0]

    session = demo_session(GAME, SeededSource(2026), credits=100_000, clock=clock)
    encoder = PayloadEncoder()
    payloads: list[bytes] = []

    def snapshot(s: GameSession) -> None:
        seeded, s.rng = s.rng, SecureSource()
        payloads.append(encoder.encode(s))
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
        payload = payloads[-offset]
        (folder / name).write_bytes(encode_file(sequence, payload))
    (root / "ABOUT.txt").write_text(f"{example.name}: {example.note}\n", encoding="utf-8")
    return root


def main(argv: list[str]) -> int:
    """Write every format-3 example (into ``--out``, default this folder)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE)
    args = parser.parse_args(argv)
    for example in EXAMPLES:
        assert example.name not in FROZEN
        print(build(example, args.out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
