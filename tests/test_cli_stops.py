"""Forced reel stops (``play --stops``) and the stop finder (``slotterm stops``), issue 22.

The round trip: stops found for a window by ``slotterm stops`` and forced with
``--stops`` give exactly that window, shown and saved, and ``history --json`` marks the
round forced; a bad stop is one line before the game starts; a player's own save
refuses ``--stops``.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

import pytest

from slotterm.cli import UsageError, build_parser, main
from slotterm.commands.history import FORCED_STOPS, run_history
from slotterm.commands.stops_input import stop_lines
from slotterm.engine.actions import Collect, Spin
from slotterm.engine.evaluate import window_at
from slotterm.engine.events import ReelsStopped
from slotterm.engine.model import GameDefinition
from slotterm.engine.policy import next_action
from slotterm.engine.records import Phase
from slotterm.forced_stops import ForcedSpin
from slotterm.games import game_ids, get_game
from slotterm.session.game_session import GameSession
from slotterm.session.opening import open_session
from slotterm.session.settings import default_settings

GAMES = game_ids()
SEED = 7


def _grid(game: GameDefinition, strips: str, stops: tuple[int, ...]) -> str:
    """The window ``stops`` show on ``strips``, in ``--grid`` text."""
    window = window_at(game.reel_sets[strips], stops, game.rows)
    return "/".join(",".join(row) for row in zip(*window, strict=True))


def _random_stops(game: GameDefinition, strips: str, seed: int) -> tuple[int, ...]:
    rng = random.Random(seed)
    return tuple(rng.randrange(len(strip)) for strip in game.reel_sets[strips])


def _found(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    """``slotterm stops ... --json``'s document (exit 0)."""
    assert main(["stops", *argv, "--json"]) == 0
    doc: dict[str, object] = json.loads(capsys.readouterr().out)
    return doc


def _shown(session: GameSession, action: object) -> list[ReelsStopped]:
    return [e for e in session.act(action).events if isinstance(e, ReelsStopped)]  # type: ignore[arg-type]


def _finish(session: GameSession, game: GameDefinition) -> list[ReelsStopped]:
    """Play the open round to its end (the policy's choices), returning every spin shown."""
    shown = []
    while session.open_round is not None:
        action = (
            Collect() if session.phase is Phase.WIN_OFFERED else next_action(game, session.state)
        )
        assert action is not None
        shown += _shown(session, action)
    return shown


@pytest.mark.parametrize("game_id", GAMES)
def test_forced_stops_show_the_window_the_finder_found(
    game_id: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = get_game(game_id)
    grid = _grid(game, "base", _random_stops(game, "base", SEED))
    doc = _found(capsys, game_id, "--grid", grid)
    assert doc["found"] is True
    stops = doc["stops"]
    assert isinstance(stops, list)
    assert _grid(game, "base", tuple(stops)) == grid
    opened = open_session(game, default_settings(game), root=tmp_path, seed=SEED)
    session = opened.session
    session.forced_stops = stop_lines(game, [",".join(map(str, stops))])
    (first, *_) = _shown(session, Spin(bet=session.bet, limits=session.limits))
    assert first.reel_set == "base" and list(first.result.stops) == stops
    assert "/".join(",".join(row) for row in zip(*first.result.window, strict=True)) == grid
    assert session.forced_stops == []
    _finish(session, game)
    session.act(Spin(bet=session.bet, limits=session.limits))  # a fair round after it
    _finish(session, game)
    opened.close()
    args = argparse.Namespace(game=game_id, save_dir=str(tmp_path), seed=SEED, json=True)
    assert run_history(args) == 0
    forced, fair = json.loads(capsys.readouterr().out)["rounds"]
    assert forced["forced"] is True and forced["forced_stops"] == [0]
    assert forced["base"]["stops"] == stops
    assert "/".join(",".join(row) for row in forced["base"]["rows"]) == grid
    assert fair["forced"] is False and fair["forced_stops"] == []
    args.json = False
    monkeypatch.setenv("COLUMNS", "200")  # the features cell on one line
    assert run_history(args) == 0
    assert capsys.readouterr().out.count(FORCED_STOPS) == 1
    assert main(["log", game_id, "--save-dir", str(tmp_path), "--seed", str(SEED), "--json"]) == 0
    events = json.loads(capsys.readouterr().out)["events"]
    logged = [e["detail"] for e in events if e["event"] == "forced"]
    assert logged == [{"round": forced["round"], "step": 0, "stops": True}]


def _scatter_stops(game: GameDefinition) -> tuple[int, ...]:
    """Base stops whose window shows a scatter on as many reels as can show one."""
    scatters = game.scatter_ids
    stops = []
    for strip in game.base_reels:
        showing = [
            s for s in range(len(strip)) if scatters & set(window_at((strip,), (s,), game.rows)[0])
        ]
        stops.append(showing[0] if showing else 0)
    return tuple(stops)


def test_a_free_line_forces_the_next_free_spin(tmp_path: Path) -> None:
    game = get_game("book-of-spells")
    base = _scatter_stops(game)
    free = _random_stops(game, "free", SEED)
    session = open_session(game, default_settings(game), root=None, demo=True).session
    session.forced_stops = stop_lines(
        game, [",".join(map(str, base)), "free:" + ",".join(map(str, free))]
    )
    (first,) = _shown(session, Spin(bet=session.bet, limits=session.limits))
    assert first.result.stops == base and session.phase is Phase.FEATURE
    spins = _finish(session, game)
    free_spins = [s for s in spins if s.reel_set == "free"]
    assert free_spins[0].result.stops == free
    assert free_spins[0].result.window == window_at(game.reel_sets["free"], free, game.rows)
    assert len({s.result.stops for s in free_spins}) > 1  # the later free spins are drawn
    round_ = session.history[-1]
    forced = session.forced_steps[round_.number]
    assert forced[0] == 0 and len(forced) == 2  # the base spin and one free spin's step


def test_a_forced_line_waits_for_a_spin_on_its_strips() -> None:
    game = get_game("book-of-spells")
    quiet = tuple(
        next(
            s
            for s in range(len(strip))
            if not game.scatter_ids & set(window_at((strip,), (s,), game.rows)[0])
        )
        for strip in game.base_reels
    )
    free = ForcedSpin("free", _random_stops(game, "free", SEED))
    session = open_session(game, default_settings(game), root=None, seed=SEED, demo=True).session
    session.forced_stops = [ForcedSpin("base", quiet), free]
    spins = _shown(session, Spin(bet=session.bet, limits=session.limits)) + _finish(session, game)
    assert [s.result.stops for s in spins] == [quiet]  # no scatter: no free spins
    assert session.forced_stops == [free]  # the free line waits for a free spin
    assert session.forced_steps == {session.history[-1].number: (0,)}


def test_the_finder_says_when_no_stops_show_the_window(capsys: pytest.CaptureFixture[str]) -> None:
    game = get_game("book-of-spells")
    symbol = game.base_reels[0][0]
    grid = "/".join(",".join([symbol] * game.reels) for _ in range(game.rows))
    assert main(["stops", game.id, "--grid", grid]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "reel" in err[0] and "never shows" in err[0]


def test_the_finder_reads_the_free_strips(capsys: pytest.CaptureFixture[str]) -> None:
    game = get_game("lucky-witch")
    grid = _grid(game, "free", _random_stops(game, "free", SEED))
    doc = _found(capsys, game.id, "--grid", grid, "--free")
    stops = doc["stops"]
    assert isinstance(stops, list) and _grid(game, "free", tuple(stops)) == grid
    assert main(["stops", game.id, "--grid", grid]) in (0, 1)  # the base strips, maybe not
    capsys.readouterr()
    assert main(["stops", game.id, "--grid", grid, "--free"]) == 0
    text = capsys.readouterr().out
    assert f'--stops "free:{",".join(map(str, stops))}"' in text


@pytest.mark.parametrize(
    ("stops", "said"),
    [
        ("1,2,3,4", "need 5 stops"),
        ("1,2,3,4,5,6", "need 5 stops"),
        ("1,2,x,4,5", "reel 3's stop 'x' is not a whole number"),
        ("1,-2,3,4,5", "reel 2's stop -2 is not on its base strip"),
        ("1,2,3,4,{n}", "reel 5's stop {n} is not on its base strip ({n} stops: 0 to {m})"),
        ("free:1,2,3,{f},5", "reel 4's stop {f} is not on its free strip"),
        ("bonus:1,2,3,4,5", "no 'bonus' strips"),
        ("no-such-file.txt", "no such file"),
    ],
)
def test_a_bad_stop_is_one_line_before_the_game_starts(
    stops: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    game = get_game("book-of-spells")
    n, f = len(game.base_reels[4]), len(game.reel_sets["free"][3])
    values = {"n": n, "m": n - 1, "f": f}
    assert main([game.id, "--demo", "--stops", stops.format(**values)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert said.format(**values) in err


def test_a_stops_file_gives_one_spin_a_line(tmp_path: Path) -> None:
    game = get_game("book-of-spells")
    first, second = _random_stops(game, "base", 1), _random_stops(game, "free", 2)
    path = tmp_path / "spins.txt"
    path.write_text(
        f"# two spins\n{','.join(map(str, first))}\n\nfree: {', '.join(map(str, second))}\n"
    )
    assert stop_lines(game, [str(path)]) == [ForcedSpin("base", first), ForcedSpin("free", second)]
    path.write_text("1,2,3\n")
    with pytest.raises(UsageError, match=r"spins\.txt line 1: need 5 stops"):
        stop_lines(game, [str(path)])


def test_a_players_own_save_refuses_stops(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["book-of-spells", "--stops", "1,2,3,4,5"]) == 2
    err = capsys.readouterr().err
    assert "--stops is for testers" in err and len(err.strip().splitlines()) == 1


def test_stops_and_force_are_not_mixed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["book-of-spells", "--demo", "--force", "free-spins", "--stops", "1,2,3,4,5"]) == 2
    assert "cannot be used together" in capsys.readouterr().err


def test_play_help_documents_stops(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "1000")
    play = build_parser()._subparsers._group_actions[0].choices["play"]  # type: ignore[union-attr]
    text = " ".join(play.format_help().split())
    assert "--stops STOPS" in text and "free:" in text and "slotterm stops" in text


def test_the_readmes_worked_example_forces_the_stops_it_finds(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import shlex

    from tests.readme_support import readme_text, shell_commands

    text = readme_text()
    section = text[text.index("## Testing the game") :].split("\n## ", 1)[0]
    # the section's first two commands (then --force's and the key scripts')
    find, play = (shlex.split(c)[1:] for c in list(shell_commands(section))[:2])
    assert find[0] == "stops" and main(find) == 0
    found = capsys.readouterr().out.splitlines()[0].removeprefix("stops: ")
    assert f"`stops: {found}`" in section
    forced = [play[i + 1] for i, word in enumerate(play) if word == "--stops"]
    assert forced[0] == found
    game = get_game(play[0])
    spins = stop_lines(game, forced)
    grid = find[find.index("--grid") + 1]
    assert _grid(game, "base", spins[0].stops) == grid
    assert spins[1].strips == "free"
    session = open_session(game, default_settings(game), root=None, seed=1, demo=True).session
    session.forced_stops = spins
    _shown(session, Spin(bet=session.bet, limits=session.limits))
    assert session.phase is Phase.FEATURE  # three books start the free spins
    free = [s for s in _finish(session, game) if s.reel_set == "free"]
    assert free[0].result.stops == spins[1].stops
