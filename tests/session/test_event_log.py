"""The save folder's event log (issue 23): append-only, hash-chained, bounded, never
written through a link, and read back by ``slotterm log`` whatever was done to it.

Each event the store and the opener meet outside plain play is logged: a recovery from
the good copy, a copy set aside, a refused rollback, a settlement, a waiting win
credited, a failed save, a forced outcome, a format migration.  A demo and the read-only
readers (``history``, the lobby) log nothing.
"""

from __future__ import annotations

import json
import shutil
from datetime import timedelta
from pathlib import Path

import pytest

from slotterm.cli import main
from slotterm.engine.records import Phase
from slotterm.session.errors import SaveError
from slotterm.session.event_log import (
    GENESIS,
    LOG_NAME,
    MAX_LOG_BYTES,
    PREVIOUS_NAME,
    EventLog,
    line_hash,
)
from slotterm.session.log_check import read_log
from slotterm.session.opening import SaveRolledBack, open_session
from slotterm.session.settings import default_settings
from slotterm.session.store import COPY_NAMES
from tests.session.helpers import GAME, START, Clock, folder, open_seeded
from tests.session.policy import next_action

SAVES = Path(__file__).resolve().parents[2] / "saves"


def _events(root: Path) -> list[str]:
    return [e.event for e in read_log(folder(root)).entries]


def _played(root: Path, actions: int = 1) -> None:
    """A seeded session with ``actions`` played (round 2 is forced: a ``forced`` event)."""
    opened = open_seeded(root)
    for _ in range(actions):
        opened.session.act(next_action(opened.session))
    opened.close()


def _log(tmp_path: Path, events: int) -> EventLog:
    log = EventLog(tmp_path, Clock())
    for n in range(events):
        assert log.append("forced", round=n + 1, force="free_spins")
    return log


# --- the chain ----------------------------------------------------------------------------


def test_each_line_holds_the_hash_of_the_line_before(tmp_path: Path) -> None:
    _log(tmp_path, 5)
    lines = (tmp_path / LOG_NAME).read_bytes().splitlines()
    docs = [json.loads(line) for line in lines]
    assert [d["n"] for d in docs] == [1, 2, 3, 4, 5]
    assert docs[0]["prev"] == GENESIS
    for before, doc in zip(lines, docs[1:], strict=False):
        assert doc["prev"] == line_hash(before)
    report = read_log(tmp_path)
    assert report.intact and len(report.entries) == 5


def test_an_edited_line_is_reported_at_the_line_after_and_never_fatal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _played(tmp_path)
    where = folder(tmp_path)
    log = EventLog(where, Clock())
    for n in range(4):
        log.append("credited", round=n + 1, paid=100)
    path = where / LOG_NAME
    lines = path.read_bytes().splitlines(keepends=True)
    lines[1] = lines[1].replace(b'"paid":100', b'"paid":900')
    path.write_bytes(b"".join(lines))
    report = read_log(where)
    assert [(p.file, p.line) for p in report.broken] == [(LOG_NAME, 3)]
    assert len(report.entries) == 4  # every event still read
    status = main(["log", "--save-dir", str(tmp_path), "--seed", "11"])
    out = capsys.readouterr().out
    assert status == 0
    assert "broken at events.log, line 3" in out
    main(["log", "--save-dir", str(tmp_path), "--seed", "11", "--json"])
    chain = json.loads(capsys.readouterr().out)["chain"]
    assert chain["intact"] is False and chain["problems"][0]["line"] == 3


def test_a_removed_line_breaks_the_chain_there(tmp_path: Path) -> None:
    _log(tmp_path, 4)
    path = tmp_path / LOG_NAME
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(b"".join(lines[:1] + lines[2:]))
    assert [p.line for p in read_log(tmp_path).broken] == [2]


def test_a_torn_last_line_is_reported_then_cut_off_by_the_next_append(tmp_path: Path) -> None:
    log = _log(tmp_path, 3)
    path = tmp_path / LOG_NAME
    whole = path.read_bytes()
    path.write_bytes(whole + b'{"n":4,"at":"2026-')  # a write cut short by a crash
    report = read_log(tmp_path)
    assert report.torn and not report.broken and len(report.entries) == 3
    assert report.problems[0].line == 4
    assert log.append("credited", round=9, paid=5)
    report = read_log(tmp_path)
    assert report.intact
    assert [e.event for e in report.entries] == ["forced"] * 3 + ["torn_tail", "credited"]
    assert path.read_bytes().startswith(whole)  # the lines before are never touched


def test_the_log_is_rotated_and_stays_bounded_with_its_chain_across(tmp_path: Path) -> None:
    log = EventLog(tmp_path, Clock())
    filler = "x" * 250
    written = 0
    while not (tmp_path / PREVIOUS_NAME).exists() or written < 3 * MAX_LOG_BYTES // 300:
        assert log.append("save_failed", copy="session-a.save", sequence=written, reason=filler)
        written += 1
    assert (tmp_path / LOG_NAME).stat().st_size <= MAX_LOG_BYTES
    assert (tmp_path / PREVIOUS_NAME).stat().st_size <= MAX_LOG_BYTES
    assert sorted(p.name for p in tmp_path.iterdir()) == [PREVIOUS_NAME, LOG_NAME]
    report = read_log(tmp_path)
    assert report.intact, report.problems
    numbers = [e.number for e in report.entries]
    assert numbers == list(range(numbers[0], written + 1))


# --- never through a link, never fatal ------------------------------------------------------


@pytest.mark.parametrize("name", [LOG_NAME, PREVIOUS_NAME])
def test_the_log_is_never_written_through_a_link(tmp_path: Path, name: str) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_bytes(b"precious\n")
    where = tmp_path / "folder"
    where.mkdir()
    if name == PREVIOUS_NAME:
        (where / name).symlink_to(outside)
        log = _log(where, 1)
    else:
        (where / name).symlink_to(outside)
        log = EventLog(where, Clock())
        assert not log.append("forced", round=1, force="free_spins")
        assert log.error is not None and "\n" not in log.error
    assert outside.read_bytes() == b"precious\n"
    assert read_log(where).entries or name == LOG_NAME
    report = read_log(where)
    assert all("\n" not in p.problem for p in report.problems)


def test_a_log_that_cannot_be_written_never_stops_the_game(tmp_path: Path) -> None:
    _played(tmp_path)
    where = folder(tmp_path)
    (where / LOG_NAME).mkdir()  # appending is impossible
    (where / COPY_NAMES[1]).write_bytes(b"damaged")
    opened = open_seeded(tmp_path)
    assert "damaged" in (opened.session.load_notice or "")
    opened.session.act(next_action(opened.session))
    opened.close()


# --- what is logged ----------------------------------------------------------------------


def test_a_recovery_and_its_set_aside_copy_are_logged(tmp_path: Path) -> None:
    _played(tmp_path)
    (folder(tmp_path) / COPY_NAMES[0]).write_bytes(b"slotterm-save 3 junk")
    open_seeded(tmp_path).close()
    entries = read_log(folder(tmp_path)).entries
    recovered = next(e for e in entries if e.event == "recovered")
    assert recovered.detail["damaged"] == COPY_NAMES[0]
    assert recovered.detail["copy"] == COPY_NAMES[1]
    aside = next(e for e in entries if e.event == "set_aside")
    assert aside.detail["files"] == [COPY_NAMES[0]] and aside.detail["why"] == "damaged"


def test_a_reset_is_logged_as_a_set_aside(tmp_path: Path) -> None:
    _played(tmp_path)
    open_session(
        GAME, default_settings(GAME), root=tmp_path, seed=11, reset=True, clock=Clock()
    ).close()
    aside = [e for e in read_log(folder(tmp_path)).entries if e.event == "set_aside"]
    assert aside and aside[-1].detail["why"] == "reset"


def test_a_refused_rollback_is_logged_once(tmp_path: Path) -> None:
    _played(tmp_path, 2)
    older = {name: (folder(tmp_path) / name).read_bytes() for name in COPY_NAMES}
    _played(tmp_path, 2)
    for name, data in older.items():
        (folder(tmp_path) / name).write_bytes(data)
    for _ in range(3):
        with pytest.raises(SaveRolledBack):
            open_seeded(tmp_path)
    assert _events(tmp_path).count("rollback_refused") == 1


def test_a_failed_save_is_logged(tmp_path: Path) -> None:
    _played(tmp_path)
    opened = open_seeded(tmp_path)
    store = opened.store
    assert store is not None

    def refuse(_target: Path, _data: bytes) -> None:
        raise OSError(28, "No space left on device")

    store._write = refuse  # type: ignore[method-assign]
    with pytest.raises(SaveError):
        opened.session.act(next_action(opened.session))
    opened.close()
    failed = [e for e in read_log(folder(tmp_path)).entries if e.event == "save_failed"]
    assert failed and failed[0].detail["reason"] == "No space left on device"


def test_a_forced_outcome_is_logged_once(tmp_path: Path) -> None:
    from slotterm.engine.actions import Spin

    opened = open_seeded(tmp_path)
    session = opened.session
    session.act(Spin(bet=session.bet, force="free_spins", limits=session.limits))
    while session.phase is not Phase.IDLE:
        session.act(next_action(session))
    opened.close()
    forced = [e for e in read_log(folder(tmp_path)).entries if e.event == "forced"]
    assert [(e.detail["round"], e.detail["force"]) for e in forced] == [(1, "free_spins")]


def test_a_waiting_win_credited_and_a_settlement_are_logged(tmp_path: Path) -> None:
    root = tmp_path / "pending"
    shutil.copytree(SAVES / "pending-over-90-days-v3", root)
    clock = Clock(START + timedelta(days=400))
    open_session(GAME, default_settings(GAME), root=root, clock=clock).close()
    entries = read_log(root / "player" / GAME.id).entries
    assert [e.event for e in entries] == ["settled"]
    root = tmp_path / "collect"
    shutil.copytree(SAVES / "collect-offered-v3", root)
    open_session(GAME, default_settings(GAME), root=root, clock=Clock()).close()
    assert [e.event for e in read_log(root / "player" / GAME.id).entries] == ["credited"]


def test_a_migration_is_logged_once_per_copy_read(tmp_path: Path) -> None:
    root = tmp_path / "v1"
    shutil.copytree(SAVES / "format-v1-collect-offered", root)
    opened = open_session(
        GAME, default_settings(GAME), root=root, clock=Clock(), credit_waiting=False
    )
    opened.close()
    open_session(
        GAME, default_settings(GAME), root=root, clock=Clock(), credit_waiting=False
    ).close()
    entries = read_log(root / "player" / GAME.id).entries
    assert [(e.event, e.detail["format"]) for e in entries] == [("migrated", 1)]


def test_a_demo_and_the_readers_log_nothing(tmp_path: Path) -> None:
    demo = open_session(GAME, default_settings(GAME), root=tmp_path / "d", seed=4, demo=True)
    demo.session.act(next_action(demo.session))
    assert not (tmp_path / "d").exists()
    _played(tmp_path)
    (folder(tmp_path) / COPY_NAMES[0]).write_bytes(b"damaged")
    before = sorted(p.name for p in folder(tmp_path).iterdir())
    assert main(["history", "--save-dir", str(tmp_path), "--seed", "11"]) == 0
    assert sorted(p.name for p in folder(tmp_path).iterdir()) == before


def test_log_without_events_or_session(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["log", "--save-dir", str(tmp_path), "--seed", "11"]) == 2
    assert "no saved session" in capsys.readouterr().err
    _played(tmp_path)
    assert main(["log", "--save-dir", str(tmp_path), "--seed", "11"]) == 0
    assert "no events logged" in capsys.readouterr().out
    assert main(["log", "--save-dir", str(tmp_path), "--seed", "11", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["events"] == [] and document["chain"]["intact"] is True
