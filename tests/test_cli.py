"""Bad input to every command: one line on stderr, exit status 2, never a traceback.

Each case runs ``python -m slotterm ...`` in a subprocess with the user folders pointed
at a temporary directory (the ``user_dirs`` fixture).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.simulate_support import SIMULATE_KEYS

GRID = "A,K,Q,J,TEN/BOOK,BOOK,BOOK,A,A/HAT,HAT,HAT,HAT,HAT"

BAD_INPUT = {
    # par
    "par: unknown game": ["par", "no-such-game"],
    "par: no game": ["par"],
    "par: lines not a number": ["par", "book-of-spells", "--lines", "nine"],
    "par: lines 0": ["par", "book-of-spells", "--lines", "0"],
    "par: lines 10": ["par", "book-of-spells", "--lines", "10"],
    "par: unknown flag": ["par", "book-of-spells", "--fast"],
    "par: memory size not a size": ["par", "book-of-spells", "--max-memory", "lots"],
    "par: memory size without a number": ["par", "book-of-spells", "--max-memory", "G"],
    "par: memory size too small": ["par", "book-of-spells", "--max-memory", "10K"],
    "par: memory size too big": ["par", "book-of-spells", "--max-memory", "99999999T"],
    "par: memory size past a C long": ["par", "book-of-spells", "--max-memory", "9" * 19],
    "par: memory size past a float": ["par", "book-of-spells", "--max-memory", "9" * 400],
    "par: over the memory budget": ["par", "book-of-spells", "--max-memory", "5M"],
    # simulate
    "simulate: unknown game": ["simulate", "no-such-game", "--spins", "10"],
    "simulate: no spins": ["simulate", "book-of-spells"],
    "simulate: spins 0": ["simulate", "book-of-spells", "--spins", "0"],
    "simulate: spins not a number": ["simulate", "book-of-spells", "--spins", "1e6x"],
    "simulate: negative seed": ["simulate", "book-of-spells", "--spins", "10", "--seed", "-1"],
    "simulate: spins beyond any run": [
        "simulate",
        "book-of-spells",
        "--spins",
        "99999999999999999999",
    ],
    "simulate: 5000-digit spins": ["simulate", "book-of-spells", "--spins", "1" + "0" * 5000],
    "simulate: workers 0": ["simulate", "book-of-spells", "--spins", "10", "--workers", "0"],
    "simulate: lines 10": ["simulate", "book-of-spells", "--spins", "10", "--lines", "10"],
    "simulate: unknown flag": ["simulate", "book-of-spells", "--spins", "10", "--turbo"],
    "simulate: unknown policy": ["simulate", "book-of-spells", "--spins", "10", "--policy", "x"],
    "simulate: a 3000-letter policy": [
        "simulate",
        "book-of-spells",
        "--spins",
        "10",
        "--policy",
        "p" * 3000,
    ],
    # eval
    "eval: unknown game": ["eval", "no-such-game", "--grid", GRID],
    "eval: no grid": ["eval", "book-of-spells"],
    "eval: two rows": ["eval", "book-of-spells", "--grid", "A,K,Q,J,TEN/A,K,Q,J,TEN"],
    "eval: four symbols": ["eval", "book-of-spells", "--grid", "A,K,Q,J/A,K,Q,J/A,K,Q,J"],
    "eval: empty grid": ["eval", "book-of-spells", "--grid", ""],
    "eval: empty symbol": [
        "eval",
        "book-of-spells",
        "--grid",
        "A,,Q,J,TEN/A,K,Q,J,TEN/A,K,Q,J,TEN",
    ],
    "eval: unknown symbol": ["eval", "book-of-spells", "--grid", GRID.replace("HAT", "OWL", 1)],
    "eval: bet not money": ["eval", "book-of-spells", "--grid", GRID, "--bet", "ten"],
    "eval: negative bet": ["eval", "book-of-spells", "--grid", GRID, "--bet", "-0.10"],
    "eval: zero bet": ["eval", "book-of-spells", "--grid", GRID, "--bet", "0"],
    "eval: bet below a cent": ["eval", "book-of-spells", "--grid", GRID, "--bet", "0.001"],
    "eval: 5000-digit bet": ["eval", "book-of-spells", "--grid", GRID, "--bet", "9" * 5000],
    "eval: 4000-digit lines": ["eval", "book-of-spells", "--grid", GRID, "--lines", "9" * 4000],
    "eval: a 3000-letter symbol": ["eval", "book-of-spells", "--grid", "Z" * 3000 + GRID[1:]],
    "eval: a 3000-letter special": [
        "eval",
        "book-of-spells",
        "--grid",
        GRID,
        "--special",
        "Z" * 3000,
    ],
    "eval: lines 0": ["eval", "book-of-spells", "--grid", GRID, "--lines", "0"],
    "eval: lines 10": ["eval", "book-of-spells", "--grid", GRID, "--lines", "10"],
    "eval: lines not a number": ["eval", "book-of-spells", "--grid", GRID, "--lines", "x"],
    "eval: special BOOK": ["eval", "book-of-spells", "--grid", GRID, "--special", "BOOK"],
    "eval: special unknown": ["eval", "book-of-spells", "--grid", GRID, "--special", "OWL"],
    "eval: jsonl with grid": ["eval", "book-of-spells", "--jsonl", "--grid", GRID],
    "eval: unknown flag": ["eval", "book-of-spells", "--grid", GRID, "--verbose"],
    # game-def
    "game-def: unknown game": ["game-def", "no-such-game", "--json"],
    "game-def: no game": ["game-def", "--json"],
    "game-def: unknown flag": ["game-def", "book-of-spells", "--yaml"],
    # history
    "history: unknown game": ["history", "no-such-game"],
    "history: unknown flag": ["history", "book-of-spells", "--all"],
    # play (the default command)
    "play: unknown game": ["play", "no-such-game"],
    "play: unknown word": ["frobnicate"],
    "play: seed not a number": ["--demo", "--seed", "x"],
    "play: negative seed": ["--demo", "--seed", "-5"],
    "play: force without seed or demo": ["--force", "free-spins"],
    "play: unknown force": ["--demo", "--force", "jackpot"],
    "play: unknown flag": ["--demo", "--colour"],
}

LW = "lucky-witch"
LW_GRID = (
    "SCROLL,GOLEM,CRYSTAL,PUMPKIN,OWL/LUCKY,LUCKY,LUCKY,CAT,CAT/GOLEM,CRYSTAL,SCROLL,OWL,PUMPKIN"
)

BAD_INPUT |= {
    # Lucky Witch: eval
    "lw eval: coins 0": ["eval", LW, "--grid", LW_GRID, "--coins", "0"],
    "lw eval: coins 21": ["eval", LW, "--grid", LW_GRID, "--coins", "21"],
    "lw eval: coins abc": ["eval", LW, "--grid", LW_GRID, "--coins", "abc"],
    "lw eval: coins -1": ["eval", LW, "--grid", LW_GRID, "--coins", "-1"],
    "lw eval: coin size 0.03": ["eval", LW, "--grid", LW_GRID, "--coin-size", "0.03"],
    "lw eval: coin size 0": ["eval", LW, "--grid", LW_GRID, "--coin-size", "0"],
    "lw eval: coin size negative": ["eval", LW, "--grid", LW_GRID, "--coin-size", "-0.01"],
    "lw eval: coin size 0.011": ["eval", LW, "--grid", LW_GRID, "--coin-size", "0.011"],
    "lw eval: coin size 3 decimals": ["eval", LW, "--grid", LW_GRID, "--coin-size", "0.010"],
    "lw eval: coin size abc": ["eval", LW, "--grid", LW_GRID, "--coin-size", "abc"],
    "lw eval: lines 16": ["eval", LW, "--grid", LW_GRID, "--lines", "16"],
    "lw eval: lines 0": ["eval", LW, "--grid", LW_GRID, "--lines", "0"],
    "lw eval: a BOOK": ["eval", LW, "--grid", LW_GRID.replace("SCROLL", "BOOK", 1)],
    "lw eval: four rows": ["eval", LW, "--grid", LW_GRID + "/" + LW_GRID.split("/")[0]],
    "lw eval: six reels": ["eval", LW, "--grid", "/".join(r + ",CAT" for r in LW_GRID.split("/"))],
    "lw eval: --bet": ["eval", LW, "--grid", LW_GRID, "--bet", "0.10"],
    "lw eval: --special": ["eval", LW, "--grid", LW_GRID, "--special", "CAT"],
    "lw eval: --jsonl with --coins": ["eval", LW, "--jsonl", "--coins", "2"],
    "bos eval: --coins": ["eval", "book-of-spells", "--grid", GRID, "--coins", "2"],
    "bos eval: --coin-size": ["eval", "book-of-spells", "--grid", GRID, "--coin-size", "0.01"],
    "bos eval: --free-spin": ["eval", "book-of-spells", "--grid", GRID, "--free-spin"],
    # Lucky Witch: simulate
    "lw simulate: coins 0": ["simulate", LW, "--spins", "10", "--coins", "0"],
    "lw simulate: coins 21": ["simulate", LW, "--spins", "10", "--coins", "21"],
    "lw simulate: coins abc": ["simulate", LW, "--spins", "10", "--coins", "abc"],
    "lw simulate: coin size 0.03": ["simulate", LW, "--spins", "10", "--coin-size", "0.03"],
    "lw simulate: coin size -1": ["simulate", LW, "--spins", "10", "--coin-size", "-1"],
    "lw simulate: coin size 0.001": ["simulate", LW, "--spins", "10", "--coin-size", "0.001"],
    "lw simulate: lines 16": ["simulate", LW, "--spins", "10", "--lines", "16"],
    "lw simulate: unknown policy": ["simulate", LW, "--spins", "10", "--policy", "greedy"],
    "bos simulate: --coins": ["simulate", "book-of-spells", "--spins", "10", "--coins", "1"],
    # Lucky Witch: play --force
    "lw play: force without seed or demo": [LW, "--force", "mystery-bonus"],
    "lw play: unknown force": [LW, "--demo", "--force", "jackpot"],
    "lw play: unknown pick game": [LW, "--demo", "--force", "mystery-bonus:jackpot"],
    "lw play: pick game in capitals": [LW, "--demo", "--force", "mystery-bonus:POTION"],
    "lw play: empty pick game": [LW, "--demo", "--force", "mystery-bonus:"],
    "lw play: free spins with a detail": [LW, "--seed", "1", "--force", "free-spins:potion"],
    "bos play: mystery bonus": ["book-of-spells", "--demo", "--force", "mystery-bonus"],
    "bos play: a pick game": ["book-of-spells", "--demo", "--force", "mystery-bonus:vault"],
}


def run(args: list[str], env: dict[str, str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``python -m slotterm <args>`` with ``env`` (the ``user_dirs`` fixture) and 100 columns."""
    return subprocess.run(
        [sys.executable, "-m", "slotterm", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env={**env, "COLUMNS": "100"},
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize("args", BAD_INPUT.values(), ids=BAD_INPUT.keys())
def test_bad_input_gives_one_line_on_stderr_and_exit_status_2(
    args: list[str], user_dirs: dict[str, str]
) -> None:
    done = run(args, user_dirs)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert len(lines[0]) <= 200, "one readable line, not an echo of a huge argument"
    assert lines[0].startswith("slotterm")
    assert "error" in lines[0]
    assert done.stdout == ""


def test_a_bad_jsonl_request_gets_an_error_object_on_its_line_and_exit_status_2(
    user_dirs: dict[str, str],
) -> None:
    requests = [
        json.dumps({"grid": [row.split(",") for row in GRID.split("/")], "bet": "0.10"}),
        "not json",
        json.dumps({"grid": "A,K/Q,J", "bet": "0.10"}),
        json.dumps({"grid": GRID, "lines": 0}),
        json.dumps({"grid": GRID, "special": "BOOK"}),
        json.dumps({"grid": GRID, "bet": "-1"}),
        json.dumps({"grid": GRID, "colour": "red"}),
        json.dumps([1, 2]),
        "[" * 100_000 + "]" * 100_000,  # once a RecursionError traceback
        '{"grid": "A", "lines": 1' + "0" * 5000 + "}",  # once a ValueError traceback
        json.dumps({"grid": GRID, "lines": 1}),
    ]
    done = run(["eval", "book-of-spells", "--jsonl"], user_dirs, "\n".join(requests) + "\n")
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert len(done.stderr.splitlines()) == 1
    assert "9 request(s) were bad" in done.stderr
    results = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(results) == len(requests)
    assert [("error" in r) for r in results] == [False] + [True] * 9 + [False]
    assert results[0]["total_win"] == "105.30"  # worked by hand in test_evaluate.py
    assert results[-1]["total_win"] == "15.20"  # one line: A x5 15.00 + scatter 2 x 0.10


def test_good_commands_exit_0_with_nothing_on_stderr(user_dirs: dict[str, str]) -> None:
    for args in (
        ["game-def", "book-of-spells", "--json"],
        ["eval", "book-of-spells", "--grid", GRID, "--json"],
        ["simulate", "book-of-spells", "--spins", "2000", "--seed", "1", "--json"],
        ["game-def", LW, "--json"],
        ["eval", LW, "--grid", LW_GRID, "--coins", "3", "--coin-size", "0.25", "--json"],
        ["simulate", LW, "--spins", "2000", "--seed", "1", "--coins", "2", "--json"],
    ):
        done = run(args, user_dirs)
        assert done.returncode == 0, done.stderr
        assert done.stderr == ""
        json.loads(done.stdout)


def test_simulate_reports_the_bonus_for_lucky_witch_only(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from slotterm.cli import main

    argv = ["--spins", "3000", "--seed", "2", "--workers", "1", "--json"]
    assert main(["simulate", "book-of-spells", *argv]) == 0
    assert set(json.loads(capsys.readouterr().out)) == SIMULATE_KEYS
    assert main(["simulate", LW, *argv, "--coins", "4", "--coin-size", "0.20"]) == 0
    report = json.loads(capsys.readouterr().out)
    added = {
        "policy",
        "coins",
        "coin_size",
        "bonus_frequency",
        "bonuses_per_round",
        "bonuses",
        "rtp_bonus",
        "rtp_bonus_in_all",
        "pick_games",
    }
    assert set(report) == SIMULATE_KEYS | added
    assert (report["policy"], report["coins"], report["coin_size"]) == ("best", 4, "0.20")
    assert list(report["pick_games"]) == ["potion", "pumpkin", "spell-book", "vault"]
    counts = [p["count"] for p in report["pick_games"].values()]
    assert sum(counts) == report["bonuses"]
    assert report["bonuses_per_round"] == report["bonuses"] / 3000
    assert report["bonus_frequency"] <= report["bonuses_per_round"]


@pytest.mark.parametrize("columns", [100, 60])
def test_the_simulate_report_writes_its_bet_and_cap_note_in_words(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, columns: int
) -> None:
    """One coin, not "1 coin(s)"; the cap note is a whole sentence under the table, not
    folded into its value column.  250,000.00 / (1 coin x 0.01 x 15 lines) = 1,666,667."""
    from slotterm.cli import main

    monkeypatch.setenv("COLUMNS", str(columns))
    assert main(["simulate", LW, "--spins", "300", "--seed", "2", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert "1 coin of 0.01 per line" in out and "coin(s)" not in out
    table_end = max(n for n, line in enumerate(out.splitlines()) if line.startswith("└"))
    below = " ".join(" ".join(out.splitlines()[table_end + 1 :]).split())
    assert "round cap, which is 1,666,667 times this total bet" in below
    assert "note below" in out and "1,666,667x" not in out


def test_play_without_a_terminal_says_so_and_saves_nothing(
    tmp_path: Path, user_dirs: dict[str, str]
) -> None:
    """Piped stdin/stdout: one line, exit 2, no game left spinning a core."""
    result = subprocess.run(
        [sys.executable, "-m", "slotterm", "--demo", "--seed", "1"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=30,
        cwd=tmp_path,
        env=user_dirs,
    )
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "terminal" in result.stderr
    assert "Traceback" not in result.stderr


def test_jsonl_reads_utf8_whatever_the_locale_and_answers_a_bad_byte_line(
    user_dirs: dict[str, str],
) -> None:
    good = json.dumps({"grid": GRID, "lines": 1}).encode()
    stdin = b"\xff\xfe" + good + b"\n" + b"\xef\xbb\xbf" + good + b"\n"
    done = subprocess.run(
        [sys.executable, "-m", "slotterm", "eval", "book-of-spells", "--jsonl"],
        input=stdin,
        capture_output=True,
        env={**user_dirs, "PYTHONIOENCODING": "utf-8:strict"},
        timeout=60,
        check=False,
    )  # a strict stdin once raised UnicodeDecodeError with a traceback
    assert b"Traceback" not in done.stderr
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1
    results = [json.loads(line) for line in done.stdout.splitlines()]
    assert results[0] == {"error": "not UTF-8 text"}
    assert results[1]["total_win"] == "15.20"  # a byte-order mark is forgiven
