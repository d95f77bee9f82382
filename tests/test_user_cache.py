"""The user cache: what is kept is read back the same, anything spoilt is ignored and
worked out again, and the strip tables read back evaluate as the ones worked out.

Every test runs with ``XDG_CACHE_HOME`` under its own temporary folder (conftest).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from slotterm import user_cache
from slotterm.commands.ready_tables import FILL_ROUNDS


def test_what_is_kept_is_read_back_and_a_missing_key_gives_nothing() -> None:
    key = user_cache.cache_key("test", b"\x00bytes", "text")
    assert user_cache.read(key) is None
    assert user_cache.write(key, b"payload \x00\xff")
    assert user_cache.read(key) == b"payload \x00\xff"
    assert user_cache.write(key, b"again")  # replaced whole
    assert user_cache.read(key) == b"again"
    assert (user_cache.cache_folder() / key).is_file()
    assert [p.name for p in user_cache.cache_folder().iterdir()] == [key]  # no leftovers


def test_keys_differ_by_kind_and_parts_and_not_by_how_parts_are_cut() -> None:
    keys = {
        user_cache.cache_key("a", "x"),
        user_cache.cache_key("b", "x"),
        user_cache.cache_key("a", "y"),
        user_cache.cache_key("a", "xy"),
        user_cache.cache_key("a", "x", "y"),
    }
    assert len(keys) == 5
    assert user_cache.cache_key("a", "x", "y") == user_cache.cache_key("a", b"x", b"y")


@pytest.mark.parametrize(
    "spoil",
    [
        lambda data: data[:-1],
        lambda data: data[: len(user_cache.MAGIC) + 5],
        lambda data: data[:-1] + bytes([data[-1] ^ 1]),
        lambda data: b"not a cache file at all",
        lambda data: b"",
    ],
    ids=["cut-by-one", "cut-in-digest", "flipped-bit", "foreign", "empty"],
)
def test_a_spoilt_file_reads_as_nothing(spoil: object) -> None:
    key = user_cache.cache_key("test", "spoilt")
    assert user_cache.write(key, b"the payload")
    path = user_cache.cache_folder() / key
    path.write_bytes(spoil(path.read_bytes()))  # type: ignore[operator]
    assert user_cache.read(key) is None


def test_a_folder_that_cannot_be_written_keeps_nothing_and_raises_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("in the way")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    assert not user_cache.write("key", b"data")
    assert user_cache.read("key") is None


_TABLES_SCRIPT = """
import json, random, sys
from slotterm.commands.ready_tables import ready_tables
from slotterm.engine.evaluate import evaluate, window_at
from slotterm.games import get_game
game = get_game(sys.argv[1])
read_back = ready_tables(game, fill=True)
rng = random.Random(8)
wrong = 0
from slotterm.engine.strip_table import strip_table
for strips in game.reel_sets.values():
    table = strip_table(game, strips)
    assert table.contents()[0], "a table left incomplete"
    for _ in range(3000):
        stops = [rng.randrange(len(s)) for s in strips]
        window = window_at(strips, stops, game.rows)
        lines = len(game.lines)
        if table.evaluation(stops, lines, 1) != evaluate(game, window, lines, 1):
            wrong += 1
print(json.dumps({"read_back": read_back, "wrong": wrong}))
"""


def _ready(game_id: str) -> dict[str, int]:
    """A fresh process readies the game's tables and checks them against ``evaluate``."""
    out = subprocess.run(
        [sys.executable, "-c", _TABLES_SCRIPT, game_id],
        capture_output=True,
        text=True,
        check=True,
        env=dict(os.environ),
        timeout=120,
    )
    return json.loads(out.stdout)  # type: ignore[no-any-return]


def test_tables_are_kept_read_back_by_the_next_process_and_rebuilt_when_spoilt() -> None:
    assert _ready("book-of-spells") == {"read_back": 0, "wrong": 0}  # worked out, kept
    files = sorted(user_cache.cache_folder().glob("tables-*"))
    assert len(files) == 2  # the base strips and the free spins'
    assert _ready("book-of-spells") == {"read_back": 2, "wrong": 0}
    first, second = files
    first.write_bytes(first.read_bytes()[:-100])
    data = bytearray(second.read_bytes())
    data[len(data) // 2] ^= 0x40
    second.write_bytes(bytes(data))
    assert _ready("book-of-spells") == {"read_back": 0, "wrong": 0}  # silently rebuilt
    assert _ready("book-of-spells") == {"read_back": 2, "wrong": 0}  # and kept again


def test_simulate_reports_the_same_with_its_par_figures_kept(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from slotterm.cli import main

    def report() -> dict[str, object]:
        args = ["simulate", "lucky-witch", "--spins", "1500", "--seed", "5", "--workers", "1"]
        args.append("--json")
        assert main(args) == 0
        out: dict[str, object] = json.loads(capsys.readouterr().out)
        out.pop("seconds")
        return out

    cold = report()
    kept = list(user_cache.cache_folder().glob("par-*"))
    assert len(kept) == 1 and not list(user_cache.cache_folder().glob("tables-*"))
    assert report() == cold
    kept[0].write_bytes(b"spoilt")
    assert report() == cold
    assert user_cache.read(kept[0].name) is not None  # worked out again and kept
    assert FILL_ROUNDS > 1_500  # a short run like these never fills its tables


def _version(monkeypatch: pytest.MonkeyPatch, letter: str) -> None:
    """Pretend this process runs the code version ``letter`` (its fingerprint)."""
    monkeypatch.setattr(user_cache, "code_fingerprint", lambda: letter * 64)


def _kept_versions() -> set[str]:
    """The code tags of the cache files there are (the second part of their names)."""
    return {p.name.split("-")[1][:1] for p in user_cache.cache_folder().iterdir()}


def _write_unpruned(monkeypatch: pytest.MonkeyPatch, letter: str, kind: str, size: int) -> None:
    """A file of code version ``letter`` written as if by an older program (no pruning)."""
    _version(monkeypatch, letter)
    with monkeypatch.context() as patch:
        patch.setattr(user_cache, "prune", lambda keep=None: 0)
        assert user_cache.write(user_cache.cache_key(kind, "game"), b"x" * size)


def _age(name_start: str, seconds_ago: float) -> None:
    """Mark the cache files whose names start so as last used ``seconds_ago``."""
    for path in user_cache.cache_folder().glob(f"{name_start}*"):
        when = path.stat().st_mtime - seconds_ago
        os.utime(path, (when, when))


def test_a_write_keeps_the_versions_used_last_and_drops_the_others(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for letter in "abcde":
        _write_unpruned(monkeypatch, letter, "par", 1000)
        _write_unpruned(monkeypatch, letter, "tables", 1000)
    for age, letter in enumerate("edcba"):  # e used last, a longest ago
        _age(f"par-{letter}", 100 * age)
        _age(f"tables-{letter}", 100 * age)
    _version(monkeypatch, "a")  # the oldest version is run again: it is kept, it is in use
    assert user_cache.write(user_cache.cache_key("par", "other game"), b"z")
    assert _kept_versions() == {"a", "e", "d"}
    assert user_cache.KEEP_VERSIONS == 3
    assert user_cache.read(user_cache.cache_key("par", "game")) == b"x" * 1000


def test_a_read_marks_a_version_used_so_it_outlives_newer_unused_ones(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for letter in "abcd":
        _write_unpruned(monkeypatch, letter, "par", 7)
    for age, letter in enumerate("dcba"):
        _age(f"par-{letter}", 100 * (age + 1))  # all used a while ago, a longest
    _version(monkeypatch, "a")
    assert user_cache.read(user_cache.cache_key("par", "game")) == b"x" * 7  # used now
    _version(monkeypatch, "f")
    assert user_cache.write(user_cache.cache_key("par", "game"), b"new")
    assert _kept_versions() == {"f", "a", "d"}  # b and c: neither run nor read lately


def test_past_the_size_budget_the_least_recently_used_files_go_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _version(monkeypatch, "a")
    monkeypatch.setattr(user_cache, "MAX_BYTES", 2500)
    keys = [user_cache.cache_key("par", f"game {n}") for n in range(4)]
    for n, key in enumerate(keys[:3]):
        assert user_cache.write(key, bytes(1000))
        when = 1_000_000 + n
        os.utime(user_cache.cache_folder() / key, (when, when))
    assert user_cache.write(keys[3], bytes(1000))  # the new one is kept, the oldest two go
    left = {p.name for p in user_cache.cache_folder().iterdir()}
    assert left == {keys[2], keys[3]}


def test_temporary_files_are_left_to_their_writer_until_stale_and_foreign_files_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _version(monkeypatch, "a")
    folder = user_cache.cache_folder()
    folder.mkdir(parents=True)
    fresh, stale = folder / ".par-x.fresh.tmp", folder / ".par-x.stale.tmp"
    untagged = folder / ("par-" + "1" * 40)  # a name from before names had a code tag
    foreign = folder / "notes.txt"
    for path in (fresh, stale, untagged, foreign):
        path.write_bytes(b"data")
    when = stale.stat().st_mtime - user_cache.STALE_TEMPORARY - 10
    os.utime(stale, (when, when))
    assert user_cache.prune() == 8  # the stale temporary and the untagged file
    assert {p.name for p in folder.iterdir()} == {fresh.name, foreign.name}


def test_pruning_a_missing_or_unreadable_folder_raises_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert user_cache.prune() == 0  # no folder yet
    blocker = tmp_path / "a-file"
    blocker.write_text("in the way")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    assert user_cache.prune() == 0


_RACE_SCRIPT = """
import sys
from slotterm import user_cache
me = int(sys.argv[1])
wrong = 0
for n in range(150):
    letter = "abcdef"[(me + n) % 6]  # six code versions at once: pruning never stops
    user_cache.code_fingerprint = lambda letter=letter: letter * 64
    key = user_cache.cache_key("par", str(n % 7))
    payload = (letter + str(n % 7)).encode() * 50
    user_cache.write(key, payload)
    back = user_cache.read(key)
    wrong += back not in (None, payload)  # pruned by another: nothing; never a wrong one
    user_cache.prune()
print(wrong)
"""


def test_processes_writing_reading_and_pruning_at_once_never_read_a_wrong_payload() -> None:
    runs = [
        subprocess.Popen(
            [sys.executable, "-c", _RACE_SCRIPT, str(n)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=dict(os.environ),
        )
        for n in range(4)
    ]
    for run in runs:
        out, err = run.communicate(timeout=120)
        assert run.returncode == 0, err
        assert out.split() == ["0"] and err == ""
    assert len(_kept_versions()) <= user_cache.KEEP_VERSIONS
