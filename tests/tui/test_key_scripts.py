"""``slotterm script`` (issue 22): every key script in ``tests/scripts`` holds when played
through the real command (in-process), and the command fails as it says it does.

Each script names its game (``@game``) and checks itself with ``@expect`` lines; a script
that does not hold exits 1, so the test fails naming the line.  The other tests make the
command fail on purpose: an ``@expect`` that does not hold, a bad line, a key after the
game quit, a game that never settles, a game that raises.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from slotterm.cli import main
from slotterm.tui.screens.machine_screen import MachineScreen

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"


def script_game(path: Path) -> str:
    """The game a script's ``@game`` line names."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("@game "):
            return line.split()[1]
    raise AssertionError(f"{path.name} has no @game line")


def transcript(out: Path) -> list[dict[str, Any]]:
    """The transcript's lines, read back."""
    lines = (out / "transcript.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines]


def play(tmp_path: Path, game: str, text: str, *more: str) -> tuple[int, Path]:
    """Run ``text`` as a script on ``game``; (exit status, output folder)."""
    keys = tmp_path / "keys.txt"
    keys.write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    return main(["script", game, "--keys", str(keys), "--out", str(out), *more]), out


@pytest.mark.parametrize("path", sorted(SCRIPTS.glob("*.keys")), ids=lambda p: p.stem)
def test_every_script_holds(path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    status = main(["script", script_game(path), "--keys", str(path), "--out", str(out)])
    assert status == 0, capsys.readouterr().err
    text = path.read_text(encoding="utf-8")
    shots = [line.split()[1] for line in text.splitlines() if line.startswith("@shot ")]
    for shot in shots:
        assert (out / f"{shot}.svg").read_text(encoding="utf-8").startswith("<svg")
    steps = transcript(out)
    assert [step["step"] for step in steps] == list(range(len(steps)))
    assert steps[0]["key"] is None and len(steps) > 1
    assert all(step["screen"] for step in steps)


def expects_of(game: str) -> set[str]:
    """Every ``@expect`` of the scripts of ``game``."""
    return {
        line.removeprefix("@expect ")
        for path in SCRIPTS.glob("*.keys")
        if script_game(path) == game
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.startswith("@expect ")
    }


@pytest.mark.parametrize("game", ["book-of-spells", "lucky-witch", "orchard-sevens"])
def test_the_scripts_check_each_games_free_spins_retrigger_and_cap(game: str) -> None:
    checks = expects_of(game)
    assert "features.free_spins.phase=done" in checks  # the free spins played out
    assert any(check.startswith("screen~=+") and "free spins!" in check for check in checks) or (
        "features.free_spins.awarded=16" in checks  # a retrigger: the award grew
    )
    assert "features.free_spins.ended_by=cap" in checks


def test_the_scripts_check_the_gamble_and_every_pick_game() -> None:
    book = expects_of("book-of-spells")
    assert {"screen=GambleScreen", "win=0.40", "credits=999.82", "credits=1001.02"} <= book
    assert "screen~=POTION on 3 reels: 9 lines × 0.60 = 5.40" in book  # the expansion
    witch = expects_of("lucky-witch")
    pick_screens = {"PotionScreen", "PumpkinScreen", "SpellBookScreen", "VaultScreen"}
    assert {f"screen={name}" for name in pick_screens} <= witch


def test_an_expect_that_does_not_hold_exits_1_naming_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out = play(
        tmp_path, "book-of-spells", "space\n# the first spin costs 0.18\n@expect credits=1000\n"
    )
    err = capsys.readouterr().err
    assert status == 1
    assert "keys.txt line 3: @expect credits=1000: expected credits=1000, got 999.82" in err
    assert len(err.strip().splitlines()) == 1
    assert [step["state"]["credits"] for step in transcript(out)] == ["1000.00", "999.82"]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("space\nspinn\n", "line 2: 'spinn'"),
        ("space\n@seed 3\n", "line 2: @seed must come before the first key"),
        ("@stops 1,2,3\n", "line 1: @stops: need 5 stops"),
        ("@stops 999,0,0,0,0\n", "line 1: @stops: reel 1's stop 999 is not on its base strip"),
        ("@force jackpot\n", "line 1: @force jackpot: no such event"),
        ("@frobnicate\n", "line 1: unknown @'frobnicate'"),
        ("@expect credits\n", "line 1: @expect needs NAME=VALUE"),
        ("space*0\n", "line 1: space*0: repeat a key 1 to 1000 times"),
    ],
)
def test_a_bad_line_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, said: str
) -> None:
    status, _ = play(tmp_path, "book-of-spells", text)
    err = capsys.readouterr().err
    assert status == 2
    assert said in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_a_key_after_the_game_quit_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out = play(tmp_path, "book-of-spells", "space\nq\n@expect rounds=1\nspace\n")
    assert status == 1
    assert "line 4: the game has quit" in capsys.readouterr().err
    assert transcript(out)[-1]["state"]["screen"] == "quit"


def test_a_game_that_never_settles_fails_by_the_deadline(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("slotterm.tui.settled.busy_screens", lambda app: ["MainScreen"])
    monkeypatch.setattr("slotterm.tui.settled.settled", lambda app: False)
    status, _ = play(tmp_path, "book-of-spells", "space\n", "--deadline", "1")
    assert status == 1
    err = capsys.readouterr().err
    assert "timed out after 1 s waiting for the game to start (MainScreen still busy)" in err


def test_a_game_that_raises_exits_1_with_its_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(self: MachineScreen) -> None:
        raise RuntimeError("the reels fell off")

    monkeypatch.setattr(MachineScreen, "action_spin", broken)
    status, out = play(tmp_path, "book-of-spells", "space\nspace\n")
    err = capsys.readouterr().err
    assert status == 1
    assert "the game failed at line 1: RuntimeError: the reels fell off" in err
    assert "the reels fell off" in (out / "traceback.txt").read_text(encoding="utf-8")


def test_size_after_a_key_resizes_the_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = "@size 100x32\nspace\n@size 50x12\n@expect screen=TooSmallScreen\n@size 100x32\n"
    status, out = play(tmp_path, "book-of-spells", text + "@expect screen=MainScreen\nspace\n")
    assert status == 0, capsys.readouterr().err
    assert all(len(step["screen"].splitlines()) == 32 for step in transcript(out))


def test_a_demo_script_saves_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saves = tmp_path / "saves"
    status, _ = play(tmp_path, "book-of-spells", "@demo\nspace\n", "--save-dir", str(saves))
    assert status == 0, capsys.readouterr().err
    kept = [path for path in saves.rglob("*") if path.is_file()] if saves.exists() else []
    assert not [path for path in kept if "book-of-spells" in str(path)]
    status, _ = play(tmp_path, "book-of-spells", "space\n", "--save-dir", str(saves))
    assert status == 0
    assert [path for path in saves.rglob("*") if "book-of-spells" in str(path)]
