"""Write the format-3 example save folders in ``saves/`` (run: ``python saves/make_examples.py``).

Each folder is a complete ``--save-dir``: ``<name>/player/<game>/`` holds the two copies
(``book-of-spells``, or ``lucky-witch`` for the folders named ``lucky-witch-*``).  The
store writes them as mirrors (both hold the latest state after every completed save); the
examples keep ``session-b.save`` at the latest save and ``session-a.save`` one save behind,
as a crash between a save's two writes can leave them, so the corpus also checks that the
loader takes the newer copy.  Try one with::

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
from typing import Any

from slotterm.engine import policy
from slotterm.engine.actions import Action, Guess, Spin, StartGamble
from slotterm.engine.features import free_spins_records, mystery_bonus
from slotterm.engine.features.pick_games import magic_potion, pumpkin, secret_vault, spell_book
from slotterm.engine.gamble import Color
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import FeatureFrame, Phase
from slotterm.games import get_game
from slotterm.rng import SecureSource, SeededSource
from slotterm.session.codec import PayloadEncoder
from slotterm.session.fileformat import FORMAT_VERSION, encode_file
from slotterm.session.game_session import GameSession, demo_session
from slotterm.session.opening import session_folder
from slotterm.session.settings import default_settings
from slotterm.session.store import COPY_NAMES

HERE = Path(__file__).resolve().parent
GAME = get_game("book-of-spells")
WITCH = get_game("lucky-witch")
CLOCK_START = datetime(2026, 1, 1, 9, 0, tzinfo=UTC)
OLD_CLOCK_START = datetime(2025, 6, 1, 9, 0, tzinfo=UTC)
"""The pending example's clock: far more than 90 days before CLOCK_START."""


@dataclass(frozen=True)
class Example:
    """One example: its folder name, when to stop, where its clock starts, what it shows.

    ``game`` is the game played, ``plan`` how it is played (:func:`_next` for Book of
    Spells, a :func:`_witch_plan` for Lucky Witch) and ``seed`` the generator's seed.
    """

    name: str
    done: Callable[[GameSession], bool]
    clock_start: datetime = CLOCK_START
    note: str = ""
    game: GameDefinition = GAME
    plan: Callable[[GameSession], Action] | None = None
    seed: int = 2026


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


def _free_spins(s: GameSession) -> free_spins_records.FreeSpinsRecord | None:
    """The open round's free spins, while the machine is in them."""
    if not _open(s) or s.phase is not Phase.FEATURE:
        return None
    return free_spins_records.record_of(s.open_round)


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


def _top(s: GameSession) -> FeatureFrame | None:
    """The open round's frame being played (after the first rounds)."""
    r = s.open_round
    return r.active if _open(s) and r is not None and s.phase is Phase.FEATURE else None


def _playing(name: str, phase: str, picks: Callable[[Any], int]) -> Callable[[GameSession], bool]:
    """Stop in pick game ``name`` at ``phase`` once ``picks(record)`` picks were made."""

    def done(s: GameSession) -> bool:
        frame = _top(s)
        if frame is None or frame.feature != name:
            return False
        return WITCH.feature(name).phase(frame.record) == phase and picks(frame.record) >= 1

    return done


def _witch_mid_free_spins(s: GameSession) -> bool:
    frame = _top(s)
    return (
        frame is not None
        and frame.feature == free_spins_records.NAME
        and len(frame.record.spins) >= 4
    )


def _witch_bonus_awarded(s: GameSession) -> bool:
    frame = _top(s)
    return frame is not None and frame.feature == mystery_bonus.NAME and frame.record.game is None


def _spell_book_opening(s: GameSession) -> bool:
    frame = _top(s)
    return frame is not None and frame.feature == spell_book.NAME


def _bonus_in_free_spins(s: GameSession) -> bool:
    """A pick game under way that a free spin's bonus symbols started."""
    frame, r = _top(s), s.open_round
    names = [f.feature for f in r.frames] if r is not None else []
    return (
        frame is not None
        and frame.feature in PICK_LABELS
        and bool(names)
        and names[0] == free_spins_records.NAME
        and names.index(free_spins_records.NAME) < names.index(mystery_bonus.NAME)
        and free_spins_records.record_of(r) is not None
        and bool(free_spins_records.record_of(r).spins)  # type: ignore[union-attr]
    )


PICK_LABELS = {
    magic_potion.NAME: "potion",
    pumpkin.NAME: "pumpkin",
    spell_book.NAME: "spell-book",
    secret_vault.NAME: "vault",
}
"""The pick games' names and their labels (``--force mystery-bonus:LABEL``)."""


def _witch_plan(force_bonus_every: int, force_free_every: int) -> Callable[[GameSession], Action]:
    """Lucky Witch played on: the bonus forced (its games in turn) or free spins forced
    every few rounds; inside a round the engine's best-play policy."""
    labels = list(PICK_LABELS.values())

    def plan(session: GameSession) -> Action:
        if session.open_round is None:
            n = session.state.rounds_played + 1
            force = None
            if force_bonus_every and n % force_bonus_every == 0:
                force = f"{mystery_bonus.NAME}:{labels[(n // force_bonus_every) % len(labels)]}"
            elif force_free_every and n % force_free_every == 0:
                force = free_spins_records.NAME
            return Spin(bet=session.bet, force=force, limits=session.limits)
        action = policy.next_action(session.game, session.state, "best")
        assert action is not None  # a round is open
        return action

    return plan


_BONUSES = _witch_plan(2, 0)


def _witch(name: str, done: Callable[[GameSession], bool], note: str, **more: Any) -> Example:
    return Example(
        "lucky-witch-" + name + SUFFIX,
        done,
        note=note,
        game=WITCH,
        plan=more.pop("plan", _BONUSES),
        **more,
    )


WITCH_EXAMPLES = (
    _witch(
        "mid-free-spins",
        _witch_mid_free_spins,
        "Lucky Witch: 4 of the free spins played",
        plan=_witch_plan(0, 3),
    ),
    _witch(
        "bonus-awarded",
        _witch_bonus_awarded,
        "Lucky Witch: the Mystery bonus awarded, not yet opened (its game not drawn)",
    ),
    _witch(
        "potion-after-a-pick",
        _playing(magic_potion.NAME, "picking", lambda r: len(r.opened)),
        "Lucky Witch: Magic Potion, a bottle opened, the game goes on",
    ),
    _witch(
        "pumpkin-deciding",
        _playing(pumpkin.NAME, "deciding", lambda r: len(r.opened)),
        "Lucky Witch: Pumpkin, a pumpkin opened, keep it or give it up",
    ),
    _witch(
        "vault-choosing",
        _playing(secret_vault.NAME, "choosing", lambda r: len(r.chosen)),
        "Lucky Witch: Secret Vault, one vault chosen of three",
    ),
    _witch(
        "spell-book-opening",
        _spell_book_opening,
        "Lucky Witch: Spell Book started (layout and imp drawn), no book opened",
    ),
    _witch(
        "bonus-in-free-spins",
        _bonus_in_free_spins,
        "Lucky Witch: a free spin's CAULDRONs started the Mystery bonus; its pick game under way",
        plan=_witch_plan(0, 1),
        seed=27,  # a seed (searched, tuned strips) where a free spin shows the bonus early on
    ),
    _witch(
        "pending-over-90-days",
        _playing(pumpkin.NAME, "deciding", lambda r: len(r.opened)),
        "Lucky Witch: a Pumpkin left deciding since June 2025: finished by best play on load",
        clock_start=OLD_CLOCK_START,
    ),
)
"""The Lucky Witch examples: every place a round can be left."""


def _next(session: GameSession) -> Action:
    """Play on: the feature every 3rd round, autoplay every 5th, gamble odd rounds' wins.

    Those are this script's own choices; how a round goes on otherwise (start the
    feature, play its spins, collect) is the engine's policy.
    """
    r = session.open_round
    if r is None:
        n = session.state.rounds_played + 1
        force = free_spins_records.NAME if n % 3 == 0 else None
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

    game = example.game
    session = demo_session(
        game,
        SeededSource(example.seed),
        credits=100_000,
        clock=clock,
        limits=default_settings(game).limits,
    )
    if game.coins is not None:  # 5 coins of 0.02 a line: a bet of 1.50
        session.set_bet(session.coin_bet(coins=5, coin_size=2))
    plan = example.plan or _next
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
        session.act(plan(session))
    else:
        raise RuntimeError(f"{example.name}: never reached")
    root = out / example.name
    if root.exists():
        shutil.rmtree(root)
    folder = session_folder(root, game.id, None)
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
    for example in (*EXAMPLES, *WITCH_EXAMPLES):
        assert example.name not in FROZEN
        print(build(example, args.out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
