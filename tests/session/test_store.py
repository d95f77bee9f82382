"""The store: round trips, mirrored copies, recovery, a crash between the copies, reset, lock."""

from __future__ import annotations

from pathlib import Path

import pytest

from slotterm.session.crashpoints import CrashPlan
from slotterm.session.errors import SaveUnreadable
from slotterm.session.folder_lock import SessionInUse
from slotterm.session.opening import open_session
from slotterm.session.settings import default_settings
from slotterm.session.store import COPY_NAMES, SaveStore
from tests.session.helpers import GAME, START, Clock, folder, open_seeded
from tests.session.kill_driver import digest
from tests.session.policy import next_action, play_until


def test_round_trip_restores_everything(tmp_path: Path) -> None:
    opened = open_seeded(tmp_path)
    session = opened.session
    play_until(session, 130)
    for _ in range(3):  # leave a round open
        session.act(next_action(session))
    opened.close()
    again = open_seeded(tmp_path).session
    assert again.state == session.state
    assert list(again.history) == list(session.history)
    assert len(again.history) == 100
    assert again.stats == session.stats
    assert again.round_times == session.round_times
    assert digest(again) == digest(session)
    # the resumed generator continues the same stream
    assert again.act(next_action(again)) == session.act(next_action(session))


def test_copies_are_mirrors_of_the_latest_state(tmp_path: Path) -> None:
    opened = open_seeded(tmp_path)
    session, store = opened.session, opened.store
    assert store is not None
    for _ in range(6):
        session.act(next_action(session))
        data = [path.read_bytes() for path in store.copies]
        assert data[0] == data[1]
        sequence, record = store.verify(data[0])
        assert sequence == store.sequence and record.state == session.state
        assert store.mirror_error is None
    assert not list(folder(tmp_path).glob("*.tmp"))


def test_the_damaged_copy_note_is_in_the_players_words(tmp_path: Path) -> None:
    """qa2 finding 29: no path broken mid-word, no nested brackets, no "save #6"."""
    opened = open_seeded(tmp_path)
    play_until(opened.session, 3)
    opened.close()
    where = folder(tmp_path)
    (where / "session-a.save").write_bytes((where / "session-a.save").read_bytes()[:100])
    notice = open_seeded(tmp_path).session.load_notice or ""
    said, _, detail = notice.partition(" The damaged copy: ")
    assert said == (
        "One of the two copies of your save was damaged, so the game goes on from the "
        "other copy, session-b.save: nothing was lost."
    )
    (aside,) = where.glob("set-aside-*")
    assert detail.startswith("session-a.save, cut short (") and f" {aside.name}, " in detail
    assert str(tmp_path) not in notice and "#" not in notice
    depth = 0
    for char in notice:  # brackets never inside brackets
        depth += {"(": 1, ")": -1}.get(char, 0)
        assert depth in (0, 1), notice


@pytest.mark.parametrize("bad", [0, 1])
def test_one_bad_copy_costs_nothing_and_says_so(tmp_path: Path, bad: int) -> None:
    opened = open_seeded(tmp_path)
    session, store = opened.session, opened.store
    assert store is not None
    play_until(session, 5)
    session.act(next_action(session))  # the last step: a new outcome, shown after saving
    latest, sequence = digest(session), store.sequence
    phase, open_round = session.phase, session.open_round
    opened.close()
    damaged = folder(tmp_path) / COPY_NAMES[bad]
    data = damaged.read_bytes()
    damaged.write_bytes(data[: len(data) // 2])
    resumed = open_seeded(tmp_path)
    assert resumed.store is not None
    assert resumed.store.sequence == sequence
    assert resumed.session.phase is phase and resumed.session.open_round == open_round
    assert digest(resumed.session) == latest
    notice = resumed.session.load_notice or ""
    assert damaged.name in notice and "damaged" in notice and "nothing was lost" in notice
    kept = list(folder(tmp_path).glob(f"set-aside-*/{damaged.name}"))
    assert len(kept) == 1 and kept[0].read_bytes() == data[: len(data) // 2]
    # the next save writes both copies again
    resumed.session.act(next_action(resumed.session))
    copies = [p.read_bytes() for p in resumed.store.copies]
    assert copies[0] == copies[1]


class _Cut(Exception):
    """Stands for the power cut: raised at a crash point instead of ``os._exit``."""


class _CutAt(CrashPlan):
    def reached(self, point: str) -> None:
        if point == self.name:
            self._seen += 1
            if self._seen == self.nth:
                raise _Cut(point)


@pytest.mark.parametrize(
    ("point", "nth"),
    [("after-replace", 1), ("after-dir-fsync", 1), ("before-write", 2), ("mid-write", 2)]
    + [(p, 2) for p in ("after-write", "after-fsync")],
)
def test_a_crash_between_the_two_replaces_loads_the_new_state(
    tmp_path: Path, point: str, nth: int
) -> None:
    reference = open_seeded(tmp_path / "reference")
    play_until(reference.session, 3)
    reference.session.act(next_action(reference.session))
    assert reference.store is not None
    expected, expected_sequence = digest(reference.session), reference.store.sequence
    reference.close()
    opened = open_seeded(tmp_path / "cut")
    store = opened.store
    assert store is not None
    play_until(opened.session, 3)
    store.crash_plan = _CutAt(point, nth)
    with pytest.raises(_Cut):
        opened.session.act(next_action(opened.session))
    opened.close()
    reader = SaveStore(folder(tmp_path / "cut"), GAME, seed=11)
    sequences = sorted(reader.verify(p.read_bytes())[0] for p in reader.copies)
    assert sequences == [expected_sequence - 1, expected_sequence]
    resumed = open_seeded(tmp_path / "cut")
    assert resumed.store is not None and resumed.store.sequence == expected_sequence
    assert digest(resumed.session) == expected
    assert resumed.session.load_notice is None
    # the next save writes the stale copy first, then both hold the new state
    resumed.session.act(next_action(resumed.session))
    copies = [p.read_bytes() for p in resumed.store.copies]
    assert copies[0] == copies[1]


def test_both_copies_bad_touches_nothing_and_offers_ways_out(tmp_path: Path) -> None:
    opened = open_seeded(tmp_path)
    play_until(opened.session, 3)
    opened.close()
    where = folder(tmp_path)
    for path in where.glob("session-*.save"):
        path.write_bytes(path.read_bytes()[:-1])
    before = {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in where.iterdir()}
    with pytest.raises(SaveUnreadable) as caught:
        open_seeded(tmp_path)
    message = str(caught.value)
    for name in COPY_NAMES:
        assert name in message
    assert "--save-dir" in message and "--reset-save" in message
    after = {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in where.iterdir()}
    assert after == before


def test_reset_moves_files_aside_and_starts_afresh(tmp_path: Path) -> None:
    opened = open_seeded(tmp_path)
    play_until(opened.session, 3)
    opened.close()
    where = folder(tmp_path)
    for path in where.glob("session-*.save"):
        path.write_bytes(b"garbage")
    reset = open_session(
        GAME, default_settings(GAME), root=tmp_path, seed=11, reset=True, clock=Clock()
    )
    session = reset.session
    assert session.state.rounds_played == 0 and not session.history
    assert "kept in" in (session.load_notice or "")
    kept = sorted(p.name for p in where.glob("set-aside-*/*"))
    assert kept == sorted(COPY_NAMES)
    assert all(p.read_bytes() == b"garbage" for p in where.glob("set-aside-*/*"))


def test_a_second_process_cannot_open_the_same_save(tmp_path: Path) -> None:
    opened = open_seeded(tmp_path)
    with pytest.raises(SessionInUse):
        open_seeded(tmp_path)
    opened.close()
    open_seeded(tmp_path).close()


def test_demo_saves_nothing_and_seeded_is_kept_apart(tmp_path: Path) -> None:
    demo = open_session(GAME, default_settings(GAME), root=tmp_path, demo=True, clock=Clock())
    demo.session.act(next_action(demo.session))
    assert demo.store is None and list(tmp_path.iterdir()) == []
    seeded = open_seeded(tmp_path, seed=4)
    player = open_session(GAME, default_settings(GAME), root=tmp_path, clock=Clock())
    assert seeded.store is not None and player.store is not None
    assert seeded.store.folder != player.store.folder
    assert not seeded.store.folder.is_relative_to(player.store.folder)
    assert "seed-4" in str(seeded.store.folder)


def test_a_seeded_save_is_not_accepted_as_the_players(tmp_path: Path) -> None:
    open_seeded(tmp_path, seed=4).close()
    player_folder = tmp_path / "player" / GAME.id
    player_folder.mkdir(parents=True)
    for path in folder(tmp_path, 4).glob("session-*.save"):
        (player_folder / path.name).write_bytes(path.read_bytes())
    with pytest.raises(SaveUnreadable, match="secure random source"):
        open_session(GAME, default_settings(GAME), root=tmp_path, clock=Clock(START))
