"""Every feature intro in a real pseudo-terminal, with the scenes animated: Book of Spells'
free spins (their intro, then the Magic Book turning its pages to the special symbol) and
Lucky Witch's free spins and Mystery bonus (its intro, then the stir, the game brewed
and its board), with no traceback.

One short run a feature (``slotterm GAME --demo --seed 3 --force EVENT`` in a 100×32 pty,
read back through pyte: :mod:`tests.tui.pty_support`); each ends as soon as the feature's
first step is offered (the process is then killed: nothing more is checked).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.tui.pty_support import COLS, ROWS, PtyGame

RUNS = [
    pytest.param(
        "book-of-spells",
        "free-spins",
        ("FREE SPINS!", "open the Magic Book"),
        ("THE BOOK HAS CHOSEN", "free spin 1 of 10"),
        id="book-of-spells-free-spins",
    ),
    pytest.param(
        "lucky-witch",
        "free-spins",
        ("FREE SPINS!", "Press Space to start"),
        ("free spin 2 of",),
        id="lucky-witch-free-spins",
    ),
    pytest.param(
        "lucky-witch",
        "mystery-bonus:potion",
        ("MYSTERY BONUS", "one of its pick games", "stir the cauldron"),
        ("Bottles opened", "Collected so far"),
        id="lucky-witch-mystery-bonus",
    ),
]


@pytest.mark.parametrize(("game_id", "force", "intro", "after"), RUNS)
def test_each_feature_intro_plays_in_a_real_terminal(
    user_dirs: dict[str, str],
    tmp_path: Path,
    game_id: str,
    force: str,
    intro: tuple[str, ...],
    after: tuple[str, ...],
) -> None:
    env = {k: v for k, v in user_dirs.items() if not k.startswith(("TEXTUAL", "NO_COLOR"))}
    env.update(TERM="xterm-256color", COLUMNS=str(COLS), LINES=str(ROWS))
    argv = [sys.executable, "-m", "slotterm", game_id, "--demo", "--seed", "3", "--force", force]
    game = PtyGame(argv, env, tmp_path)
    try:
        game.wait_for(lambda: "Press Space to spin" in game.text(), "the machine at rest")
        game.send(b" ")
        game.wait_for(lambda: all(t in game.text() for t in intro), f"the intro of {force}")
        if force == "free-spins":
            game.send(b" ")  # the Magic Book (Book of Spells), the first free spin (Lucky Witch)
            if game_id == "lucky-witch":
                game.wait_for(lambda: "free spin 1 of" in game.text(), "the first free spin")
                game.send(b" ")
            game.wait_for(lambda: all(t in game.text() for t in after), "the next step offered")
        else:
            game.send(b" ")  # stir: the cauldron, the game brewed written in, its board
            game.wait_for(lambda: all(t in game.text() for t in after), "the pick game's board")
        assert "Traceback" not in game.text()
    finally:
        game.close()
