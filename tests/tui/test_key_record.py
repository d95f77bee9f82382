"""``play --record FILE`` (issue 22): the keys of a live tester's session become a key
script, written as the session goes, which ``slotterm script`` plays again to the same
credits, history and final screen.

The live session is the app ``play`` builds (:func:`slotterm.commands.play.build_app`),
with the recorder ``--record`` opens, driven by Pilot as a player would: each key once
the game is settled.  Then the recorded file goes through the real ``script`` command.
"""

from __future__ import annotations

import argparse
import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from slotterm.cli import main
from slotterm.commands.key_record import open_recorder
from slotterm.commands.key_script import parse_script
from slotterm.commands.play import build_app, open_from_args, settings_from_args
from slotterm.games import get_game
from slotterm.session.opening import open_session
from slotterm.session.settings import default_settings
from slotterm.tui.key_recorder import KeyRecorder
from slotterm.tui.settled import settled
from slotterm.tui.textual_compat import screen_text
from tests.tui.main_support import freeze_scenes, make_app, settle
from tests.tui.main_support import main as main_screen

GAME = get_game("book-of-spells")
SEED = 7
KEYS = ["space", "space", "5", "5", "space", "plus", "space", "space", "minus", "space"]
"""What the tester types: spins, a gamble (if a win is offered), a bet up and down."""


def play_args(tmp_path: Path, record: Path) -> argparse.Namespace:
    """``slotterm book-of-spells --seed 7 --save-dir DIR --record FILE``, parsed."""
    return argparse.Namespace(
        game=GAME.id,
        seed=SEED,
        demo=False,
        save_dir=str(tmp_path / "live"),
        config=None,
        games=None,
        reset_save=False,
        stops=None,
        force=None,
        record=str(record),
    )


async def live_session(args: argparse.Namespace) -> dict[str, Any]:
    """Play :data:`KEYS` in the app ``play`` builds, recording; what it ended on."""
    settings = settings_from_args(args, GAME)
    opened = open_from_args(args, settings)
    recorder = open_recorder(args, opened.session)
    app, shelf = build_app(args, opened, None, settings, recorder=recorder)
    app.animation_level = "none"
    try:
        async with app.run_test(size=(100, 32)) as pilot:
            for key in KEYS:
                await until_settled(pilot, app)
                await pilot.press(key)
            await until_settled(pilot, app)
            written = Path(args.record).read_text(encoding="utf-8").split()
            session = app.main_screen.session
            return {
                "written_while_playing": written,
                "screen": screen_text(app),
                "credits": session.state.credits,
                "history": list(session.history),
            }
    finally:
        shelf.close()
        recorder.close()


async def until_settled(pilot: Any, app: Any) -> None:
    """Wait (by Textual's own message rounds, no fixed delay) until the game is settled."""
    for _ in range(2000):
        await pilot.pause()
        if settled(app):
            return
    raise AssertionError("the game never settled")


def test_a_recorded_session_replays_to_the_same_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "session.keys"
    live = asyncio.run(live_session(play_args(tmp_path, record)))
    assert live["written_while_playing"][-len(KEYS) :] == KEYS  # flushed as it went
    lines = record.read_text(encoding="utf-8").splitlines()
    assert f"@seed {SEED}" in lines and "@size 100x32" in lines
    assert [line for line in lines if not line.startswith(("#", "@"))] == KEYS

    out = tmp_path / "out"
    replay_dir = tmp_path / "replay"
    argv = ["script", GAME.id, "--keys", str(record), "--out", str(out)]
    assert main([*argv, "--save-dir", str(replay_dir)]) == 0, capsys.readouterr().err
    steps = [json.loads(line) for line in (out / "transcript.jsonl").read_text().splitlines()]
    assert len(steps) == len(KEYS) + 1
    assert steps[-1]["screen"] == live["screen"]
    assert steps[-1]["state"]["credits"] == f"{live['credits'] // 100}.{live['credits'] % 100:02d}"
    replayed = open_session(GAME, default_settings(GAME), root=replay_dir, seed=SEED)
    try:
        assert len(live["history"]) >= 5
        assert list(replayed.session.history) == live["history"]
        assert replayed.session.state.credits == live["credits"]
    finally:
        replayed.close()


def test_record_is_refused_outside_a_seeded_session(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "keys.txt"
    assert main([GAME.id, "--demo", "--record", str(record)]) == 2
    err = capsys.readouterr().err
    assert "--record is for testers: use it with --seed N" in err
    assert len(err.strip().splitlines()) == 1
    assert not record.exists()


def test_the_recorded_force_and_stops_are_written_as_the_tester_typed_them(
    tmp_path: Path,
) -> None:
    args = play_args(tmp_path, tmp_path / "forced.keys")
    args.force = "free_spins"  # what --force free-spins becomes once checked
    opened = open_from_args(args, settings_from_args(args, GAME))
    try:
        open_recorder(args, opened.session).close()
    finally:
        opened.close()
    lines = (tmp_path / "forced.keys").read_text(encoding="utf-8").splitlines()
    assert "@force free-spins" in lines
    assert lines.index(f"@seed {SEED}") < lines.index("@force free-spins")


def test_a_key_pressed_during_a_show_is_written_as_a_comment(tmp_path: Path) -> None:
    path = tmp_path / "keys.txt"
    with path.open("w", encoding="utf-8") as file:
        recorder = KeyRecorder(file)
        recorder.key("space")
        recorder.key("space", during_show=True)
        recorder.key("ä")
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "space"
    assert lines[1].startswith("# space ") and "during a show" in lines[1]
    assert lines[2].startswith("# a key the script cannot name")
    assert parse_script("\n".join(lines)).keys == 1


async def test_the_app_tells_the_recorder_which_keys_came_during_a_show(tmp_path: Path) -> None:
    path = tmp_path / "keys.txt"
    with path.open("w", encoding="utf-8") as file:
        app = make_app(1, animations=True)
        app.recorder = KeyRecorder(file)
        async with app.run_test(size=(100, 32)) as pilot:
            freeze_scenes(app)  # the reels turn until the test moves the clock
            await pilot.press("space")
            await pilot.pause()
            assert main_screen(app).presenter.busy
            await pilot.press("space")  # stops the reels
            await settle(pilot, app)
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[1:] == ["space", "# space  (pressed during a show, which it stopped or skipped)"]
