"""Hostile command lines and hostile outputs: one line, the documented status, no traceback.

* output that cannot be written: stdout on ``/dev/full`` (one line, status 1), a pipe whose
  reader is gone (nothing said, status 141), a non-UTF-8 output encoding (still works);
* numbers: only plain ASCII digits (``" 10 "``, ``1_0``, ``١٠`` are refused, status 2);
* a campaign of random bad values for every option of every command, in-process through
  :func:`slotterm.cli.main` and a sample through ``python -m slotterm``.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from slotterm.cli import EXIT_BROKEN_PIPE, EXIT_OUTPUT_FAILED, MESSAGE_MAX, main

GRID = "A,K,Q,J,TEN/BOOK,BOOK,BOOK,A,A/HAT,HAT,HAT,HAT,HAT"
GAME = "book-of-spells"
LW = "lucky-witch"
LW_GRID = (
    "SCROLL,GOLEM,CRYSTAL,PUMPKIN,OWL/LUCKY,LUCKY,LUCKY,CAT,CAT/GOLEM,CRYSTAL,SCROLL,OWL,PUMPKIN"
)

OUTPUT_COMMANDS = {
    "game-def --json": ["game-def", GAME, "--json"],
    "game-def tables": ["game-def", GAME],
    "par tables": ["par", GAME],
    "par --json": ["par", GAME, "--json"],
    "eval tables": ["eval", GAME, "--grid", GRID],
    "eval --json": ["eval", GAME, "--grid", GRID, "--json"],
    "simulate": ["simulate", GAME, "--spins", "20", "--seed", "1", "--workers", "1"],
    "lw game-def --json": ["game-def", LW, "--json"],
    "lw game-def tables": ["game-def", LW],
    "lw eval tables": ["eval", LW, "--grid", LW_GRID, "--coins", "2"],
    "lw simulate": ["simulate", LW, "--spins", "20", "--seed", "1", "--workers", "1"],
    "--help": ["--help"],
    "par --help": ["par", "--help"],
}


def child(
    args: list[str],
    env: dict[str, str],
    *,
    stdout: int | None = None,
    stdin: str = "",
    extra_env: dict[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    """``python -m slotterm <args>``; stderr captured, stdout to ``stdout`` (else captured)."""
    return subprocess.run(
        [sys.executable, "-m", "slotterm", *args],
        input=stdin,
        stdout=subprocess.PIPE if stdout is None else stdout,
        stderr=subprocess.PIPE,
        text=True,
        env={**env, "COLUMNS": "100", **(extra_env or {})},
        timeout=120,
        check=False,
    )


def assert_one_line(stderr: str) -> None:
    assert "Traceback" not in stderr and "Exception ignored" not in stderr, stderr
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    assert len(lines[0]) <= MESSAGE_MAX, lines[0]


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", OUTPUT_COMMANDS.values(), ids=OUTPUT_COMMANDS.keys())
def test_a_full_disk_on_stdout_is_one_line_and_status_1(
    args: list[str], user_dirs: dict[str, str]
) -> None:
    fd = os.open("/dev/full", os.O_WRONLY)
    try:
        done = child(args, user_dirs, stdout=fd)
    finally:
        os.close(fd)
    assert done.returncode == EXIT_OUTPUT_FAILED, done.stderr
    assert_one_line(done.stderr)
    assert "cannot write the output" in done.stderr


@pytest.mark.parametrize("args", OUTPUT_COMMANDS.values(), ids=OUTPUT_COMMANDS.keys())
def test_a_closed_pipe_ends_quietly_with_status_141(
    args: list[str], user_dirs: dict[str, str]
) -> None:
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before the first write
    try:
        done = child(args, user_dirs, stdout=write_end)
    finally:
        os.close(write_end)
    assert done.returncode == EXIT_BROKEN_PIPE, done.stderr
    assert done.stderr == ""


def test_a_reader_that_stops_after_the_first_line_leaves_nothing_said(
    user_dirs: dict[str, str],
) -> None:
    """``slotterm par book-of-spells | head -1``, in the shell."""
    done = subprocess.run(
        ["sh", "-c", f'"{sys.executable}" -m slotterm par {GAME} | head -1; exit 0'],
        capture_output=True,
        text=True,
        env={**user_dirs, "COLUMNS": "100"},
        timeout=120,
        check=False,
    )
    assert done.stderr == ""
    assert "exact PAR sheet" in done.stdout


@pytest.mark.parametrize("args", OUTPUT_COMMANDS.values(), ids=OUTPUT_COMMANDS.keys())
def test_an_ascii_output_still_gets_the_output(args: list[str], user_dirs: dict[str, str]) -> None:
    done = child(args, user_dirs, extra_env={"PYTHONIOENCODING": "ascii"})
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout.strip()
    assert done.stdout.isascii()


def test_an_ascii_jsonl_batch_still_answers(user_dirs: dict[str, str]) -> None:
    request = '{"grid": "' + GRID + '", "bet": "0.10"}\n{"grid": "Ω"}\n'
    done = child(
        ["eval", GAME, "--jsonl"], user_dirs, stdin=request, extra_env={"PYTHONIOENCODING": "ascii"}
    )
    assert done.returncode == 2
    assert_one_line(done.stderr)
    assert len(done.stdout.splitlines()) == 2


ODD_NUMBERS = {
    "spaces": " 10 ",
    "underscore": "1_0",
    "arabic-indic": "١٠",
    "full-width": "１０",
    "plus": "+10",
    "empty": "",
    "tab": "10\t",
}

NUMERIC_OPTIONS = {
    "simulate --spins": ["simulate", GAME, "--spins", "{}"],
    "simulate --seed": ["simulate", GAME, "--spins", "10", "--seed", "{}"],
    "simulate --lines": ["simulate", GAME, "--spins", "10", "--lines", "{}"],
    "simulate --workers": ["simulate", GAME, "--spins", "10", "--workers", "{}"],
    "par --lines": ["par", GAME, "--lines", "{}"],
    "eval --lines": ["eval", GAME, "--grid", GRID, "--lines", "{}"],
    "eval --bet": ["eval", GAME, "--grid", GRID, "--bet", "{}"],
    "history --seed": ["history", GAME, "--seed", "{}"],
    "log --seed": ["log", GAME, "--seed", "{}"],
    "play --seed": ["--demo", "--seed", "{}"],
    "lw eval --coins": ["eval", LW, "--grid", LW_GRID, "--coins", "{}"],
    "lw eval --coin-size": ["eval", LW, "--grid", LW_GRID, "--coin-size", "{}"],
    "lw eval --lines": ["eval", LW, "--grid", LW_GRID, "--lines", "{}"],
    "lw simulate --coins": ["simulate", LW, "--spins", "10", "--coins", "{}"],
    "lw simulate --coin-size": ["simulate", LW, "--spins", "10", "--coin-size", "{}"],
}


@pytest.mark.parametrize("value", ODD_NUMBERS.values(), ids=ODD_NUMBERS.keys())
@pytest.mark.parametrize("template", NUMERIC_OPTIONS.values(), ids=NUMERIC_OPTIONS.keys())
def test_numbers_take_only_ascii_digits(
    template: list[str], value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    args = [value if a == "{}" else a for a in template]
    option = template[template.index("{}") - 1]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert_one_line(err)
    assert option in err


@pytest.mark.parametrize("bet", [" 1 ", "1,5", "١", "1_0", "0.1.0", "1e2"])
def test_a_jsonl_bet_as_text_takes_only_ascii_digits_and_one_point(
    bet: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io
    import json

    stdin = io.TextIOWrapper(io.BytesIO(json.dumps({"grid": GRID, "bet": bet}).encode()))
    monkeypatch.setattr(sys, "stdin", stdin)
    assert main(["eval", GAME, "--jsonl"]) == 2
    out, err = capsys.readouterr()
    assert "not an amount" in json.loads(out)["error"]
    assert_one_line(err)


# --- the campaign ------------------------------------------------------------------------

COMMAND_OPTIONS = {
    "par": [GAME],
    "simulate": [GAME, "--spins", "10", "--workers", "1"],
    "eval": [GAME, "--grid", GRID],
    "stops": [GAME, "--grid", GRID],
    "game-def": [GAME],
    "history": [GAME],
    "log": [GAME],
    "play": ["--demo"],
}
OPTIONS = {
    "par": ["--lines", "--section", "GAME"],
    "simulate": ["--spins", "--seed", "--lines", "--workers", "--policy", "GAME"],
    "eval": ["--grid", "--lines", "--bet", "--special", "GAME"],
    "stops": ["--grid", "GAME"],
    "game-def": ["GAME"],
    "history": ["--seed", "GAME"],
    "log": ["--seed", "GAME"],
    "play": ["--seed", "--force", "--stops", "GAME"],
}


def garbage(rng: random.Random) -> str:
    """A value no option takes."""
    kind = rng.randrange(10)
    if kind == 0:
        return ""
    if kind == 1:
        return rng.choice(["١٠", "１０", "٣", "𝟙𝟘", "½", "²", "Ⅻ"]) * rng.randint(1, 3)
    if kind == 2:
        return "9" * rng.choice([31, 100, 4301, 5000])
    if kind == 3:
        return "-" + "9" * rng.randint(1, 40)
    if kind == 4:
        return "".join(rng.choice("\x1b[2J\x07\r\n\t\x7f\u202e\ud800\x00") for _ in range(8))
    if kind == 5:
        return rng.choice([" 10 ", "1_0", "+5", "0x10", "1e3", "10.", "1,5", "inf", "nan"])
    if kind == 6:
        return "".join(chr(rng.randint(0x21, 0x2FFF)) for _ in range(rng.randint(1, 300)))
    if kind == 7:
        return "Z" * rng.choice([50, 3000])
    if kind == 8:
        return "-" * rng.randint(1, 3) + "x"
    return "".join(rng.choice("0123456789.-") for _ in range(rng.randint(2, 12))) + "x"


LW_COMMAND_OPTIONS = {
    "simulate": [LW, "--spins", "10", "--workers", "1"],
    "eval": [LW, "--grid", LW_GRID],
    "game-def": [LW],
    "play": [LW, "--demo"],
    "stops": [LW, "--grid", LW_GRID],
}
LW_OPTIONS = {
    "simulate": ["--spins", "--seed", "--lines", "--policy", "--coins", "--coin-size"],
    "eval": ["--grid", "--lines", "--coins", "--coin-size", "--free-spin", "GAME"],
    "game-def": ["GAME"],
    "play": ["--seed", "--force", "--stops"],
    "stops": ["--grid", "GAME"],
}
"""Lucky Witch's commands and the options its campaign garbles (its new flags included)."""


def bad_invocation(
    rng: random.Random,
    commands: dict[str, list[str]] = COMMAND_OPTIONS,
    options: dict[str, list[str]] = OPTIONS,
) -> list[str]:
    """One command with one option given a garbage value."""
    command = rng.choice(list(commands))
    base = list(commands[command])
    option = rng.choice(options[command])
    value = garbage(rng)
    head = [] if command == "play" else [command]
    if option == "GAME":
        rest = base[1:] if base and base[0] in (GAME, LW) else base
        if command == "play":
            return ["play", value, *rest]
        return [*head, value, *rest]
    if option in base:  # replace the base value of this option
        index = base.index(option)
        base = base[:index] + base[index + 2 :]
    return [*head, *base, f"{option}={value}"]


BAD_JSONL = [
    "not json",
    "[]",
    '{"grid": 5}',
    '{"grid": "' + GRID + '", "lines": "9"}',
    '{"grid": "' + GRID + '", "lines": ' + "9" * 5000 + "}",
    '{"grid": "' + GRID + '", "bet": "١"}',
    '{"grid": "' + GRID + '", "bet": " 1 "}',
    '{"grid": "' + GRID + '", "bet": 1e400}',
    '{"grid": "' + GRID + '", "special": "\\u001b[2J"}',
    "[" * 100000,
    '{"grid": "' + GRID + '", "x": 1}',
]


BAD_LW_JSONL = [
    '{"grid": "' + LW_GRID + '", "coins": 0}',
    '{"grid": "' + LW_GRID + '", "coins": 21}',
    '{"grid": "' + LW_GRID + '", "coins": "abc"}',
    '{"grid": "' + LW_GRID + '", "coins": 2.5}',
    '{"grid": "' + LW_GRID + '", "coins": true}',
    '{"grid": "' + LW_GRID + '", "coin_size": "0.03"}',
    '{"grid": "' + LW_GRID + '", "coin_size": "-0.01"}',
    '{"grid": "' + LW_GRID + '", "coin_size": "0.001"}',
    '{"grid": "' + LW_GRID + '", "coin_size": 1e400}',
    '{"grid": "' + LW_GRID + '", "coin_size": ["0.01"]}',
    '{"grid": "' + LW_GRID + '", "coin_size": "' + "9" * 5000 + '"}',
    '{"grid": "' + LW_GRID + '", "free_spin": "false"}',
    '{"grid": "' + LW_GRID + '", "free_spin": 0}',
    '{"grid": "' + LW_GRID + '", "lines": 16}',
    '{"grid": "' + LW_GRID + '", "bet": "0.10"}',
    '{"grid": "' + LW_GRID + '", "special": "CAT"}',
    '{"grid": "' + LW_GRID.replace("CAT", "HAT") + '"}',
    '{"grid": "' + LW_GRID + "/" + LW_GRID + '"}',
    '{"grid": [["LUCKY"]]}',
    '{"grid": "' + LW_GRID + '", "\u001b[2J": 1}',
]


def campaign(seed: int, count: int) -> list[list[str]]:
    rng = random.Random(seed)
    half = count // 2
    lucky = [bad_invocation(rng, LW_COMMAND_OPTIONS, LW_OPTIONS) for _ in range(count - half)]
    return [bad_invocation(rng) for _ in range(half)] + lucky


def test_campaign_in_process(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    user_dirs: dict[str, str],
) -> None:
    import io

    invocations = campaign(11, 2000)
    handled = 0
    failures: list[tuple[list[str], int, str]] = []
    for args in invocations:
        status = main(args)
        err = capsys.readouterr().err
        lines = err.splitlines()
        ok = (
            status == 2
            and len(lines) == 1
            and len(lines[0]) <= MESSAGE_MAX
            and "Traceback" not in err
            and all(ch.isprintable() for ch in lines[0])
        )
        handled += ok
        if not ok:
            failures.append((args, status, err))
    for game_id, line in [(GAME, b) for b in BAD_JSONL] + [(LW, b) for b in BAD_LW_JSONL]:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(line.encode())))
        status = main(["eval", game_id, "--jsonl"])
        out, err = capsys.readouterr()
        ok = status == 2 and len(err.splitlines()) == 1 and '"error"' in out
        handled += ok
        if not ok:
            failures.append((["eval", "--jsonl", line[:40]], status, err))
    tried = len(invocations) + len(BAD_JSONL) + len(BAD_LW_JSONL)
    with capsys.disabled():
        print(f"\ncli campaign (in process): {tried} tried, {handled} handled")
    assert not failures, failures[:5]


def test_campaign_sample_in_subprocesses(user_dirs: dict[str, str]) -> None:
    invocations = [args for args in campaign(12, 400) if all("\x00" not in a for a in args)]
    sample = random.Random(13).sample(invocations, 24)
    handled = tried = 0
    failures = []
    for args in sample:
        try:
            done = child(args, user_dirs)
        except ValueError:  # a lone surrogate cannot go into argv
            continue
        tried += 1
        lines = done.stderr.splitlines()
        ok = (
            done.returncode == 2
            and len(lines) == 1
            and len(lines[0]) <= MESSAGE_MAX
            and "Traceback" not in done.stderr
        )
        handled += ok
        if not ok:
            failures.append((args, done.returncode, done.stderr[-300:]))
    print(f"\ncli campaign (subprocesses): {tried} tried, {handled} handled")
    assert not failures, failures[:3]


@pytest.fixture
def saved_session(tmp_path: Path) -> Path:
    """A save folder holding a seeded session (seed 1) with a few closed rounds."""
    from slotterm.engine.actions import Collect, Spin
    from slotterm.engine.records import Phase
    from slotterm.games import get_game
    from slotterm.session.opening import open_session
    from slotterm.session.settings import default_settings

    game = get_game(GAME)
    root = tmp_path / "saves"
    opened = open_session(game, default_settings(game), root=root, seed=1, demo=False)
    session = opened.session
    for _ in range(5):
        session.act(Spin(bet=session.bet))
        if session.phase is Phase.WIN_OFFERED:
            session.act(Collect())
        if session.phase is not Phase.IDLE:
            break
    opened.close()
    return root


HISTORY = {"table": [], "--json": ["--json"]}


@pytest.mark.parametrize("extra", HISTORY.values(), ids=HISTORY.keys())
def test_history_output_failures(
    extra: list[str], saved_session: Path, user_dirs: dict[str, str]
) -> None:
    args = ["history", GAME, "--seed", "1", "--save-dir", str(saved_session), *extra]
    ascii_run = child(args, user_dirs, extra_env={"PYTHONIOENCODING": "ascii"})
    assert ascii_run.returncode == 0, ascii_run.stderr
    assert ascii_run.stderr == "" and ascii_run.stdout.isascii() and ascii_run.stdout.strip()
    if Path("/dev/full").exists():
        fd = os.open("/dev/full", os.O_WRONLY)
        try:
            full = child(args, user_dirs, stdout=fd)
        finally:
            os.close(fd)
        assert full.returncode == EXIT_OUTPUT_FAILED, full.stderr
        assert_one_line(full.stderr)
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        piped = child(args, user_dirs, stdout=write_end)
    finally:
        os.close(write_end)
    assert (piped.returncode, piped.stderr) == (EXIT_BROKEN_PIPE, "")


def test_jsonl_output_failures(user_dirs: dict[str, str]) -> None:
    request = '{"grid": "' + GRID + '"}\n' * 50
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        piped = child(["eval", GAME, "--jsonl"], user_dirs, stdout=write_end, stdin=request)
    finally:
        os.close(write_end)
    assert (piped.returncode, piped.stderr) == (EXIT_BROKEN_PIPE, "")
    if Path("/dev/full").exists():
        fd = os.open("/dev/full", os.O_WRONLY)
        try:
            full = child(["eval", GAME, "--jsonl"], user_dirs, stdout=fd, stdin=request)
        finally:
            os.close(fd)
        assert full.returncode == EXIT_OUTPUT_FAILED, full.stderr
        assert_one_line(full.stderr)


def test_history_of_a_save_dir_that_is_a_file_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("x")
    assert main(["history", GAME, "--save-dir", str(not_a_folder)]) == 2
    assert_one_line(capsys.readouterr().err)


@pytest.mark.parametrize(
    "args",
    [
        ["par", GAME, "a\nb\x1b[2J\x1b]0;pwned\x07"],
        ["simulate", GAME, "--spins", "10", "--policy", "x\r\n\x1b[31m"],
        ["eval", GAME, "--grid", "\x1b[2J" * 100],
        ["game-def", "\x9b2J" + "y" * 500],
    ],
    ids=["unrecognized", "policy", "grid", "game"],
)
def test_an_error_line_escapes_control_characters_and_stays_short(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert_one_line(err)
    assert err.rstrip("\n").isprintable()


@pytest.mark.parametrize("args", [["par", GAME], ["game-def", GAME, "--json"], ["--help"]])
def test_a_closed_stdout_is_one_line_and_status_1(
    args: list[str], user_dirs: dict[str, str]
) -> None:
    """``slotterm ... >&-``: Python starts with ``sys.stdout`` None."""
    command = [sys.executable, "-m", "slotterm", *args]
    done = subprocess.run(
        ["sh", "-c", '"$@" >&-', "sh", *command],
        stderr=subprocess.PIPE,
        text=True,
        env={**user_dirs, "COLUMNS": "100"},
        timeout=120,
        check=False,
    )
    assert done.returncode == EXIT_OUTPUT_FAILED, done.stderr
    assert_one_line(done.stderr)
