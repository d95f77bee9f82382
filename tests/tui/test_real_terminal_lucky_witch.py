"""Lucky Witch in a real pseudo-terminal: the lobby, a spin, a forced Pumpkin with a
pick-again, the process killed mid-bonus, the restart, the bonus finished.

Three runs of ``python -m slotterm`` on one save folder (``--seed N --save-dir DIR``), each
in a pty of 100×32 read back through pyte (:mod:`tests.tui.pty_support`), with Textual's
animations off (``TEXTUAL_ANIMATIONS=none``: the same screens, sooner):

1. ``slotterm --seed N`` -- the lobby; ↓ and Enter open Lucky Witch; one spin; Q.
2. ``slotterm lucky-witch --seed N --force mystery-bonus:pumpkin`` (``--force`` needs a
   GAME): the spin brews the Pumpkin; pumpkin 2 opened, N gives it up, pumpkin 4 opened;
   then SIGKILL, with no chance to write anything more.
3. ``slotterm --seed N`` again: the lobby says a round is waiting; Lucky Witch opens on the
   same board (the same pumpkins open, given up and closed, the same pick-agains left);
   Y keeps pumpkin 4, Enter goes back to the reels, and the Credits box ends on the
   amount worked out apart from the screen.

The expected credits come from the save (``slotterm history lucky-witch --json``) by the
rules of DESIGN §2 (credits before the round − its bet + its line wins + the kept
pumpkin's amount × the bet), and the same again from a twin session in-process that makes
the same moves on the same seed through the engine.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from slotterm.engine.actions import Spin
from slotterm.engine.features.mystery_bonus import OpenBonus
from slotterm.engine.features.pick_game import Pick
from slotterm.engine.features.pick_games.pumpkin import Keep, PickAgain
from slotterm.engine.records import Phase
from slotterm.games import game_ids, get_game
from slotterm.money import format_cents, parse_cents
from slotterm.session.opening import open_session
from slotterm.session.settings import default_settings
from tests.tui.pty_support import COLS, ROWS, WAIT, PtyGame

WITCH = get_game("lucky-witch")
DOWN, ENTER = b"\x1b[B", b"\r"
AT_REST = "Press Space to spin"
DECIDING = "Y keeps this pumpkin"
PLAIN = str.maketrans("▶◀", "  ")
"""The highlighted item's key drawn as the others'."""


def plain_seed() -> tuple[int, int]:
    """A seed whose first spin starts no feature (the round closes at once), and the
    credits after it (worked out by the engine in-process, apart from the screen)."""
    settings = default_settings(WITCH)
    for seed in range(200):
        session = open_session(WITCH, settings, root=None, seed=seed, demo=True).session
        session.act(Spin(session.bet, limits=session.limits))
        if session.phase is Phase.IDLE and not session.history[-1].frames:
            return seed, session.state.credits
    raise AssertionError("no seed with a plain first spin")


SKY = " ·✦"
"""What the pumpkins' room shows between and under their tiles (the night sky)."""


def _tab(line: str, item: int) -> int:
    """The column where item ``item``'s tile starts on its top line (-1: not there); the
    key sits on a tab in the tile's top edge, between arrows on the highlighted item."""
    found = line.find(f"▀ {item} ")
    return found if found >= 0 else line.find(f"▀▶{item}◀")


def cells(game: PtyGame, count: int = 5) -> list[str]:
    """The text inside each of the board's ``count`` items, in item order."""
    lines = game.lines()
    top = next((n for n, line in enumerate(lines) if _tab(line, 1) >= 0), None)
    if top is None or _tab(lines[top], 2) < 0:
        return []
    width = _tab(lines[top], 2) - _tab(lines[top], 1) - 1
    span = slice(_tab(lines[top], 1), _tab(lines[top], count) + width)
    bottom = next(  # the line under the tiles: the night sky's stars only, or the status
        n
        for n in range(top + 1, len(lines))
        if not lines[n][span].strip(SKY) or "Pick-agains" in lines[n]
    )
    found = []
    for item in range(1, count + 1):  # inside each tile's frame
        left = _tab(lines[top], item)
        inside = (line[left + 1 : left + width - 1].strip() for line in lines[top + 1 : bottom - 1])
        found.append(" ".join(part for part in inside if part))
    return found


def board(game: PtyGame) -> list[str]:
    """The board and its status line, the highlight's arrows made plain."""
    lines = [line.translate(PLAIN).rstrip() for line in game.lines()]
    top = next(n for n, line in enumerate(lines) if _tab(line, 1) >= 0)
    status = next(n for n, line in enumerate(lines) if "Pick-agains left" in line)
    return lines[top : status + 1]


def run(game: PtyGame) -> None:
    """Wait for the child to end by a deadline, reading what it writes back."""
    deadline = time.monotonic() + WAIT
    while game.process.poll() is None and time.monotonic() < deadline:
        game.pump(0.05)


def history(saves: Path, seed: int, env: dict[str, str], cwd: Path) -> dict[str, Any]:
    """``slotterm history lucky-witch --json`` of the seeded save."""
    argv = [sys.executable, "-m", "slotterm", "history", WITCH.id, "--json"]
    argv += ["--seed", str(seed), "--save-dir", str(saves)]
    done = subprocess.run(argv, env=env, cwd=cwd, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def expected_credits(round_: dict[str, Any]) -> int:
    """The credits after a Pumpkin round by DESIGN §2, from its saved record."""
    pumpkin = next(f["pick_game"] for f in round_["features"] if f["feature"] == "pumpkin")
    kept = [item["holds"] for item in pumpkin["items"] if item["taken"] == "kept"]
    assert len(kept) == 1
    bet = parse_cents(round_["total_bet"])
    before = parse_cents(round_["credits_before"])
    return before - bet + parse_cents(round_["base"]["win"]) + kept[0] * bet


def test_a_pumpkin_killed_mid_bonus_comes_back_and_pays(
    user_dirs: dict[str, str], tmp_path: Path
) -> None:
    env = {k: v for k, v in user_dirs.items() if not k.startswith(("TEXTUAL", "NO_COLOR"))}
    env.update(TERM="xterm-256color", COLUMNS=str(COLS), LINES=str(ROWS), TEXTUAL_ANIMATIONS="none")
    seed, credits_after_spin = plain_seed()
    saves = tmp_path / "saves"
    base = [sys.executable, "-m", "slotterm"]
    where = ["--seed", str(seed), "--save-dir", str(saves)]
    start = format_cents(default_settings(WITCH).start_credits)

    # 1. the lobby, Lucky Witch opened from its row, one plain spin
    game = PtyGame([*base, *where], env, tmp_path)
    try:
        game.wait_for(lambda: game.text().count(f"Credits {start}") == len(game_ids()), "the lobby")
        game.send(DOWN + ENTER)
        game.wait_for(lambda: "Coin size" in game.text(), "Lucky Witch opened from the lobby")
        game.wait_for(lambda: AT_REST in game.text(), "Lucky Witch at rest")
        game.send(b" ")
        after_spin = format_cents(credits_after_spin)
        game.wait_for(lambda: game.box("Credits") == after_spin, "the spin's win counted in")
        game.wait_for(lambda: AT_REST in game.text(), "the reels at rest")
        game.send(b"q")
        run(game)
        assert game.process.returncode == 0, game.text()
    finally:
        game.close()

    # 2. the forced Pumpkin: open 2, give it up, open 4; killed there
    forced = [*base, WITCH.id, *where, "--force", "mystery-bonus:pumpkin"]
    game = PtyGame(forced, env, tmp_path)
    try:
        game.wait_for(lambda: game.box("Credits") == after_spin, "the credits of run 1")
        game.wait_for(lambda: AT_REST in game.text(), "the machine at rest")
        game.send(b" ")
        game.wait_for(lambda: "stir the cauldron" in game.text(), "the Mystery bonus")
        game.send(b" ")
        game.wait_for(lambda: "Pick-agains left: 3 of 3" in game.text(), "the pumpkins")
        game.wait_for(lambda: "Arrows move" in game.text(), "the board at rest")
        game.send(b"2")
        game.wait_for(lambda: DECIDING in game.text(), "pumpkin 2 open")
        game.send(b"n")
        game.wait_for(lambda: "Pick-agains left: 2 of 3" in game.text(), "pumpkin 2 given up")
        game.wait_for(lambda: "Arrows move" in game.text(), "the board ready again")
        game.send(b"4")
        game.wait_for(lambda: DECIDING in game.text(), "pumpkin 4 open")
        game.wait_steady(lambda: "× bet" in cells(game)[3], "pumpkin 4's amount shown")
        shown = board(game)
        opened = cells(game)
        os.killpg(game.process.pid, signal.SIGKILL)
        game.process.wait(WAIT)
    finally:
        game.close()
    assert "given up" in opened[1] and "× bet" in opened[1]
    assert all("× bet" not in opened[i] for i in (0, 2, 4))  # still closed

    # 3. the lobby again: the waiting round, the same board, Y keeps, credits paid
    game = PtyGame([*base, *where], env, tmp_path)
    try:
        game.wait_for(lambda: "a round is waiting" in game.text(), "the lobby's waiting round")
        game.send(DOWN + ENTER)
        game.wait_for(lambda: DECIDING in game.text(), "the Pumpkin put back up")
        game.wait_steady(lambda: cells(game) == opened, "the same pumpkins shown")
        assert board(game) == shown
        game.send(b"y")
        game.wait_for(lambda: "You keep the pumpkin" in game.text(), "pumpkin 4 kept")
        game.wait_steady(lambda: "go back to the reels" in game.text(), "the bonus over")
        revealed = cells(game)
        game.send(ENTER)
        game.wait_for(lambda: AT_REST in game.text(), "the reels at rest after the bonus")
        saved = history(saves, seed, env, tmp_path)
        round_ = saved["rounds"][-1]
        credits = expected_credits(round_)
        game.wait_for(lambda: game.box("Credits") == format_cents(credits), "the bonus paid")
        game.send(b"q")
        run(game)
        assert game.process.returncode == 0, game.text()
    finally:
        game.close()

    # what the board showed is what the save holds: pumpkin 2 given up, 4 kept
    pumpkin = next(f["pick_game"] for f in round_["features"] if f["feature"] == "pumpkin")
    picks = [(p["item"], p["action"]) for p in pumpkin["picks"]]
    assert picks == [(2, "open"), (2, "give_up"), (4, "open"), (4, "keep")]
    for item, face in zip(pumpkin["items"], revealed, strict=True):
        assert f"{item['holds']}× bet" in face
    assert format_cents(parse_cents(round_["credits_before"])) == after_spin
    assert parse_cents(saved["credits"]) == credits

    # the engine, on its own, makes the same moves on the same seed and lands there too
    twin = open_session(
        WITCH, default_settings(WITCH), root=tmp_path / "twin", seed=seed, state_root=tmp_path
    )
    try:
        session = twin.session
        session.act(Spin(session.bet, limits=session.limits))
        session.act(Spin(session.bet, force="mystery_bonus:pumpkin", limits=session.limits))
        for action in (OpenBonus(), Pick(1), PickAgain(), Pick(3), Keep()):
            session.act(action)
        assert session.phase is Phase.IDLE
        assert session.state.credits == credits
    finally:
        twin.close()
