"""The example saves in ``saves/``: each loads from a copy and plays to the end of its round.

The folders written by formats 1 and 2 are the compatibility corpus: they are kept byte
for byte (their checksums are pinned here) and load through the migrations; the ``-v3``
folders are what ``saves/make_examples.py`` writes today.
"""

from __future__ import annotations

import hashlib
import shutil
from collections import deque
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from pathlib import Path

import pytest

from slotterm.engine.features import free_spins_records
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import Phase, Round
from slotterm.session.codec import PayloadEncoder
from slotterm.session.fileformat import FORMAT_VERSION, decode_file, encode_file
from slotterm.session.game_session import HISTORY_LENGTH, GameSession
from slotterm.session.opening import open_session
from slotterm.session.settings import default_settings
from slotterm.session.store import SaveStore
from tests.session.helpers import GAME, WITCH, Clock
from tests.session.policy import next_action

SAVES = Path(__file__).resolve().parents[2] / "saves"
NOW = datetime(2026, 1, 2, 9, 0, tzinfo=UTC)
STATES = {
    "collect-offered": Phase.IDLE,  # a win waiting for Collect is credited on start
    "magic-book-choosing": Phase.FEATURE,
    "magic-book-chosen": Phase.FEATURE,
    "mid-free-spins": Phase.FEATURE,
    "mid-gamble": Phase.GAMBLE,
    "autoplay-running": Phase.IDLE,
    "pending-over-90-days": Phase.IDLE,
}
"""Each interesting state, by folder name, and the phase it resumes in."""
FROZEN = {
    **{name: (2, phase) for name, phase in STATES.items()},
    "format-v1-collect-offered": (1, Phase.IDLE),
}
"""The older folders: the format they were written in, the phase they resume in."""
WITCH_STATES = {
    "lucky-witch-mid-free-spins": Phase.FEATURE,
    "lucky-witch-bonus-awarded": Phase.FEATURE,
    "lucky-witch-potion-after-a-pick": Phase.FEATURE,
    "lucky-witch-pumpkin-deciding": Phase.FEATURE,
    "lucky-witch-vault-choosing": Phase.FEATURE,
    "lucky-witch-spell-book-opening": Phase.FEATURE,
    "lucky-witch-bonus-in-free-spins": Phase.FEATURE,
    "lucky-witch-pending-over-90-days": Phase.IDLE,
}
"""The Lucky Witch states (format 3 only: the game is newer than formats 1 and 2)."""
WITCH_FRAMES = {
    "lucky-witch-mid-free-spins": ("free_spins", "playing"),
    "lucky-witch-bonus-awarded": ("mystery_bonus", "awarded"),
    "lucky-witch-potion-after-a-pick": ("magic_potion", "picking"),
    "lucky-witch-pumpkin-deciding": ("pumpkin", "deciding"),
    "lucky-witch-vault-choosing": ("secret_vault", "choosing"),
    "lucky-witch-spell-book-opening": ("spell_book", "picking"),
    "lucky-witch-bonus-in-free-spins": ("secret_vault", "choosing"),
}
"""Where each Lucky Witch example stands: the feature on top and its phase."""
CURRENT = {
    f"{name}-v{FORMAT_VERSION}": (FORMAT_VERSION, phase)
    for name, phase in {**STATES, **WITCH_STATES}.items()
}
EXPECTED = {**FROZEN, **CURRENT}
FROZEN_SHA256 = {
    "autoplay-running": ("98c9d0b779af6295", "7693090d8655d07f"),
    "collect-offered": ("140f4ffc9c7414b9", "c393b97a35eedd61"),
    "format-v1-collect-offered": ("09fc30eaf93521e7", "22b578ab6b71d1b6"),
    "magic-book-choosing": ("7d50f613f6d7df6d", "95c8819df0289cd5"),
    "magic-book-chosen": ("965baafe724a9e89", "ba91b8635e79a768"),
    "mid-free-spins": ("2289733556d536df", "767252093662edfb"),
    "mid-gamble": ("d51ae1fb5d980c22", "b0a2d8fa3c9e4f79"),
    "pending-over-90-days": ("b9b170d3cf11acef", "68894f4c1bead1dc"),
}
"""The first 16 hex digits of the SHA-256 of each frozen folder's session-a and -b."""


def _game(name: str) -> GameDefinition:
    """The game an example folder holds (``lucky-witch-*`` or Book of Spells)."""
    return WITCH if name.startswith("lucky-witch-") else GAME


def _copies(name: str) -> list[Path]:
    where = SAVES / name / "player" / _game(name).id
    return [where / "session-a.save", where / "session-b.save"]


def test_every_example_is_listed() -> None:
    folders = {p.name for p in SAVES.iterdir() if p.is_dir() and not p.name.startswith("_")}
    assert folders == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(FROZEN))
def test_the_older_examples_are_kept_byte_for_byte(name: str) -> None:
    digests = tuple(hashlib.sha256(p.read_bytes()).hexdigest()[:16] for p in _copies(name))
    assert digests == FROZEN_SHA256[name]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_example_holds_the_format_it_claims(name: str) -> None:
    version = EXPECTED[name][0]
    for path in _copies(name):
        data = path.read_bytes()
        assert decode_file(data).version == version
        if version == 1:
            assert data.startswith(b"{")
        else:
            assert data.startswith(f"slotterm-save {version} ".encode())


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example_loads_and_resumes_to_the_end(tmp_path: Path, name: str) -> None:
    root = tmp_path / name
    shutil.copytree(SAVES / name, root)
    original = {p: p.read_bytes() for p in (SAVES / name).rglob("*.save")}
    game = _game(name)
    opened = open_session(
        game, default_settings(game), root=root, clock=Clock(NOW, timedelta(seconds=3))
    )
    session = opened.session
    assert session.phase is EXPECTED[name][1]
    if "pending-over-90-days" in name:
        assert "automatically" in (session.load_notice or "")
    elif EXPECTED[name][1] is Phase.IDLE:  # its waiting win was credited as it opened
        assert "credited" in (session.load_notice or "")
        assert session.history[-1].paid > 0
    else:
        assert session.load_notice is None
        assert session.open_round is not None
    stands = WITCH_FRAMES.get(name.removesuffix(f"-v{FORMAT_VERSION}"))
    if stands is not None:
        top = session.open_round.active if session.open_round is not None else None
        assert top is not None
        assert (top.feature, game.feature(top.feature).phase(top.record)) == stands
    if "bonus-in-free-spins" in name:  # the bonus came on a free spin, not the base spin
        assert session.open_round is not None
        names = [f.feature for f in session.open_round.frames]
        assert names[:2] == ["free_spins", "mystery_bonus"]
        spins = free_spins_records.record_of(session.open_round)
        assert spins is not None and spins.spins and not _base_starts_bonus(session)
    ledger = session.ledger
    assert session.money_in_play() == (
        session.start_credits + ledger.topped_up + ledger.total_won - ledger.total_bet
    )
    open_round = session.open_round
    before = session.history[-1].number if session.history else 0
    while session.phase is not Phase.IDLE:
        session.act(next_action(session))
    ledger = session.ledger
    assert session.state.credits == (
        session.start_credits + ledger.topped_up + ledger.total_won - ledger.total_bet
    )
    closed = session.history[-1]
    assert closed.credits_before - closed.bet.total + closed.paid == session.state.credits
    if open_round is not None:
        assert closed.number == open_round.number > before
        assert closed.base == open_round.base
        _assert_continues(open_round, closed)
    opened.close()
    assert {p: p.read_bytes() for p in (SAVES / name).rglob("*.save")} == original


def _base_starts_bonus(session: GameSession) -> bool:
    """Whether the open round's base spin shows the bonus symbol on reels 1, 3 and 5."""
    assert session.open_round is not None
    window = session.open_round.base.window
    return all("CAULDRON" in window[reel] for reel in (0, 2, 4))


def _assert_continues(open_round: Round, closed: Round) -> None:
    """The closed round is the open one played on: same features so far, same cards.

    A pick game keeps the layout drawn when it started and the picks made before.
    """
    assert [f.feature for f in closed.frames[: len(open_round.frames)]] == [
        f.feature for f in open_round.frames
    ]
    assert all(f.done for f in closed.frames)
    for was_frame, now_frame in zip(open_round.frames, closed.frames, strict=False):
        was_record, now_record = was_frame.record, now_frame.record
        if hasattr(was_record, "layout") or hasattr(was_record, "books"):
            for key in ("layout", "books", "imp"):
                assert getattr(was_record, key, None) == getattr(now_record, key, None)
            for key in ("opened", "chosen"):
                was_picks = getattr(was_record, key, None)
                if isinstance(was_picks, tuple):
                    assert getattr(now_record, key)[: len(was_picks)] == was_picks
    was, now = free_spins_records.record_of(open_round), free_spins_records.record_of(closed)
    assert (was is None) == (now is None)
    if was is not None and now is not None:
        assert was.modifier in (None, now.modifier)  # a drawn special symbol is kept
        assert now.spins[: len(was.spins)] == was.spins
        assert now.awarded >= was.awarded
    assert closed.gamble[: len(open_round.gamble)] == open_round.gamble


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example_reencodes_in_the_current_format_unchanged(name: str) -> None:
    """What an older save migrates to, written as format 3 and read back, is the same."""
    game = _game(name)
    store = SaveStore(SAVES / name / "player" / game.id, game)
    for path in _copies(name):
        sequence, record = store.verify(path.read_bytes())
        session = GameSession(
            game=game,
            state=record.state,
            rng=record.rng,
            bet=record.bet,
            limits=record.limits,
            bet_steps=record.bet_steps,
            start_credits=record.start_credits,
            history=deque(record.history, maxlen=HISTORY_LENGTH),
            stats=record.stats,
            round_times=dict(record.round_times),
            currency=record.currency,
        )
        payload = PayloadEncoder().encode(session)
        again_sequence, again = store.verify(encode_file(sequence, payload))
        assert again_sequence == sequence
        assert replace(again, rng=record.rng) == record  # a secure source has no state


def test_the_format_2_corpus_migrates_to_what_the_game_writes_today() -> None:
    """``magic-book-chosen`` was written with today's strips: migrated, it is the -v3 copy."""
    for old, new in zip(
        _copies("magic-book-chosen"),
        _copies(f"magic-book-chosen-v{FORMAT_VERSION}"),
        strict=True,
    ):
        migrated, written = decode_file(old.read_bytes()), decode_file(new.read_bytes())
        assert (migrated.version, written.version) == (2, FORMAT_VERSION)
        assert migrated.sequence == written.sequence
        assert migrated.payload == written.payload


@pytest.mark.parametrize("name", ["magic-book-chosen", f"magic-book-chosen-v{FORMAT_VERSION}"])
def test_a_chosen_special_symbol_is_kept_on_resume(tmp_path: Path, name: str) -> None:
    """Killed during the Magic Book animation: the drawn symbol is shown again, not redrawn."""
    root = tmp_path / "chosen"
    shutil.copytree(SAVES / name, root)
    specials = []
    for _ in range(2):  # resumed twice: the secure source would draw anew if it could
        opened = open_session(GAME, default_settings(GAME), root=root, clock=Clock(NOW))
        record = free_spins_records.record_of(opened.session.open_round)
        assert opened.session.phase is Phase.FEATURE
        assert record is not None and record.started and record.modifier is not None
        assert not record.spins
        specials.append(record.modifier)
        opened.close()
    opened = open_session(GAME, default_settings(GAME), root=root, clock=Clock(NOW))
    session = opened.session
    session.act(next_action(session))  # the first free spin plays with that symbol
    record = free_spins_records.record_of(session.open_round)
    assert record is not None and len(record.spins) == 1
    assert record.modifier == specials[0] == specials[1]
    opened.close()


PUMPKIN_GO_ON = {3: Fraction(10216, 1000), 2: Fraction(852, 100), 1: Fraction(64, 10)}
"""What going on is worth in Pumpkin with k give-ups left, by hand from the table
{2: 30, 4: 30, 6: 20, 10: 12, 20: 6, 50: 2}: V1 = E[X] = 6.4, V2 = E[max(X, 6.4)] = 8.52,
V3 = E[max(X, 8.52)] = 10.216; best play keeps an amount at least that."""


def test_a_pick_game_left_90_days_is_finished_by_best_play(tmp_path: Path) -> None:
    name = f"lucky-witch-pending-over-90-days-v{FORMAT_VERSION}"
    root = tmp_path / name
    shutil.copytree(SAVES / name, root)
    store = SaveStore(root / "player" / WITCH.id, WITCH)
    _, left = store.verify(_copies(name)[1].read_bytes())
    assert left.state.round is not None
    frame = left.state.round.active
    assert frame is not None and frame.feature == "pumpkin"
    record = frame.record
    layout, opened, given_up = record.layout, list(record.opened), record.given_up
    while True:  # best play by the hand-derived values, from where the player left it
        amount = layout[opened[-1]]
        left_ups = 3 - given_up
        if left_ups == 0 or amount >= PUMPKIN_GO_ON[left_ups]:
            break
        given_up += 1
        opened.append(min(i for i in range(5) if i not in opened))
    expected = min(amount * left.state.round.bet.total, 30_000 * 2)
    opened_session = open_session(WITCH, default_settings(WITCH), root=root, clock=Clock(NOW))
    session = opened_session.session
    assert session.phase is Phase.IDLE
    notice = session.load_notice or ""
    assert "played to the end" in notice and "credited automatically" in notice
    closed = session.history[-1]
    assert closed.number == left.state.round.number
    assert closed.frames[-1].record.opened == tuple(opened)
    assert closed.paid == closed.base_win + expected
    assert session.state.credits == left.state.credits + closed.paid
    opened_session.close()
    again = open_session(WITCH, default_settings(WITCH), root=root, clock=Clock(NOW))
    assert again.session.state == session.state and again.session.load_notice is None
    again.close()
