"""The store: round trips, alternating copies, recovery, both copies bad, reset, locking."""

from __future__ import annotations

from pathlib import Path

import pytest

from slotterm.session.errors import SaveUnreadable
from slotterm.session.opening import SessionInUse, open_session
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


def test_copies_alternate_and_keep_the_previous_state(tmp_path: Path) -> None:
    opened = open_seeded(tmp_path)
    session, store = opened.session, opened.store
    assert store is not None
    seen = []
    for _ in range(6):
        session.act(next_action(session))
        sequences = {}
        for path in store.copies:
            sequence, _record = store.verify(path.read_bytes())
            sequences[path.name] = sequence
        seen.append(sequences)
        assert sorted(sequences.values()) == [store.sequence - 1, store.sequence]
    assert [max(s, key=s.__getitem__) for s in seen[:2]] == list(reversed(COPY_NAMES))


def _damage_newest(root: Path) -> tuple[Path, Path]:
    store = SaveStore(folder(root), GAME, seed=11)
    pairs = sorted((store.verify(p.read_bytes())[0], p) for p in store.copies)
    older, newest = pairs[0][1], pairs[1][1]
    data = newest.read_bytes()
    newest.write_bytes(data[: len(data) // 2])
    return older, newest


def test_one_bad_copy_recovers_from_the_other_and_says_so(tmp_path: Path) -> None:
    opened = open_seeded(tmp_path)
    session = opened.session
    play_until(session, 5)
    before_last = digest(session)
    session.act(next_action(session))
    opened.close()
    _older, newest = _damage_newest(tmp_path)
    damaged_bytes = newest.read_bytes()
    resumed = open_seeded(tmp_path).session
    assert digest(resumed) == before_last
    notice = resumed.load_notice or ""
    assert newest.name in notice and "damaged" in notice and "restored" in notice
    kept = list(folder(tmp_path).glob(f"set-aside-*/{newest.name}"))
    assert len(kept) == 1 and kept[0].read_bytes() == damaged_bytes


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
