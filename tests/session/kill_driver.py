"""A headless slotterm player for the kill campaign: ``python -m tests.session.kill_driver``.

It opens the session as ``slotterm play`` does (same parser, same
:func:`~slotterm.commands.play.open_from_args`, except that a win waiting for Collect is
left offered rather than credited on start), then plays by the deterministic policy
until ``--rounds`` rounds are closed, printing one line per saved transition::

    LOADED <sequence> <digest>
    STEP <sequence> <phase> <digest>
    DONE <sequence> <digest> <credits>

``<phase>`` is the machine's phase, and inside a feature also which feature is played and
where it stands (:func:`phase_label`: ``feature:free_spins:playing``,
``feature:pumpkin:deciding``).  ``--game`` is the game played (``book-of-spells`` by
default).

``--pause-at-seq S`` stops (sleeping, so the test can SIGKILL it) once save #S is on disk.
``SLOTTERM_CRASH_POINT`` (see :mod:`slotterm.session.crashpoints`) crashes inside a save.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time

from slotterm.cli import build_parser
from slotterm.commands.play import apply_force, open_from_args
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import GameState, Phase
from slotterm.engine.round import active_feature
from slotterm.session.game_session import GameSession
from slotterm.session.rng_codec import encode_rng
from slotterm.session.round_codec import encode_round
from tests.session.policy import next_action


def digest(session: GameSession) -> str:
    """A fingerprint of everything that is money or outcome: state, history, generator."""
    state = session.state
    doc = [
        state.phase.value,
        state.credits,
        state.rounds_played,
        list(state.recent_cards),
        None if state.round is None else encode_round(state.round, session.game),
        [encode_round(r, session.rules_of(r.number)) for r in session.history],
        encode_rng(session.rng),
    ]
    return hashlib.sha256(json.dumps(doc, sort_keys=True).encode()).hexdigest()[:16]


def phase_label(game: GameDefinition, state: GameState) -> str:
    """The phase, and in a feature which one and where it stands: ``"gamble"``,
    ``"feature:free_spins:awarded"``, ``"feature:secret_vault:choosing"``."""
    active = active_feature(game, state) if state.phase is Phase.FEATURE else None
    if active is None:
        return state.phase.value
    feature, frame = active
    return f"{state.phase.value}:{feature.name}:{feature.phase(frame.record)}"


def main(argv: list[str]) -> int:
    """Run the driver."""
    own = argparse.ArgumentParser()
    own.add_argument("--rounds", type=int, required=True)
    own.add_argument("--pause-at-seq", type=int, default=None)
    own.add_argument("--game", default="book-of-spells")
    mine, rest = own.parse_known_args(argv)
    args = build_parser().parse_args(["play", mine.game, *rest])
    # The campaign checks each restart loads exactly the state saved, so a win waiting
    # for Collect stays offered here (the game itself credits it on start, DESIGN.md §5).
    opened = open_from_args(args, credit_waiting=False)
    session, store = opened.session, opened.store
    apply_force(session, args.force)  # a --force plan (retrigger, cap, ...) as play hands it
    assert store is not None
    print(f"LOADED {store.sequence} {digest(session)}", flush=True)
    while session.state.rounds_played < mine.rounds or session.state.round is not None:
        if mine.pause_at_seq is not None and store.sequence >= mine.pause_at_seq:
            print("PAUSED", flush=True)
            time.sleep(120)
        session.act(next_action(session))
        label = phase_label(session.game, session.state)
        print(f"STEP {store.sequence} {label} {digest(session)}", flush=True)
    print(f"DONE {store.sequence} {digest(session)} {session.state.credits}", flush=True)
    opened.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
