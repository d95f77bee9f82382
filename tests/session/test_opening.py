"""Opening sessions: pending wins older than 90 days, operator settings, command errors."""

from __future__ import annotations

import json
import sys
import tomllib
from datetime import timedelta
from pathlib import Path

import pytest

from slotterm.cli import main
from slotterm.engine.actions import Guess, StartGamble
from slotterm.engine.gamble import Color
from slotterm.engine.records import Phase
from slotterm.session.errors import ConfigError
from slotterm.session.settings import default_settings, load_settings, parse_settings
from tests.session.helpers import GAME, START, Clock, folder, open_seeded
from tests.session.policy import next_action


def _leave_a_win_waiting(root: Path, phase: Phase) -> int:
    opened = open_seeded(root, clock=Clock(START))
    session = opened.session
    while session.phase is not phase:
        session.act(next_action(session))
    assert session.open_round is not None
    win = session.open_round.win
    credits = session.state.credits
    opened.close()
    return credits + win


# A win offered (not in a gamble) is credited on any next start: tests/session/test_settlement.py
@pytest.mark.parametrize("phase", [Phase.GAMBLE])
def test_a_win_pending_over_90_days_is_collected_on_load(tmp_path: Path, phase: Phase) -> None:
    expected = _leave_a_win_waiting(tmp_path, phase)
    soon = open_seeded(tmp_path, clock=Clock(START + timedelta(days=89)))
    assert soon.session.phase is phase and soon.session.load_notice is None
    soon.close()
    late = open_seeded(tmp_path, clock=Clock(START + timedelta(days=91))).session
    assert late.phase is Phase.IDLE
    assert late.state.credits == expected
    assert "collected automatically" in (late.load_notice or "")
    assert late.history[-1].paid == expected - late.history[-1].credits_before + (
        late.history[-1].bet.total
    )
    # the collect itself was saved
    again = open_seeded(tmp_path, clock=Clock(START + timedelta(days=92))).session
    assert again.state == late.state and again.load_notice is None


def test_free_spins_left_over_90_days_are_played_out_and_credited(tmp_path: Path) -> None:
    """Mid free spins for 91 days: the rest is drawn, no gamble, the win paid into credits."""
    opened = open_seeded(tmp_path, clock=Clock(START))
    session = opened.session
    while not (session.phase is Phase.FEATURE and session.open_round is not None):
        session.act(next_action(session))
    session.act(next_action(session))  # the Magic Book draws the special symbol
    round_number = session.state.rounds_played
    credits = session.state.credits
    opened.close()
    late = open_seeded(tmp_path, clock=Clock(START + timedelta(days=91))).session
    assert late.phase is Phase.IDLE
    closed = late.history[-1]
    assert closed.number == round_number and all(f.done for f in closed.frames)
    assert not closed.gamble and closed.paid == closed.win > 0
    assert late.state.credits == credits + closed.paid
    assert "played to the end" in (late.load_notice or "")


def test_new_settings_never_change_an_open_round(tmp_path: Path) -> None:
    opened = open_seeded(tmp_path)
    session = opened.session
    while not (session.phase is Phase.WIN_OFFERED and session.can(StartGamble())):
        session.act(next_action(session))
    session.act(StartGamble())  # a win offered would be credited on the next start
    open_limits = session.open_round.limits if session.open_round else None
    opened.close()
    strict = parse_settings({"gamble_limit": 0, "bet_steps": [0.05, 0.10]}, GAME, "test")
    resumed = open_seeded(tmp_path, settings=strict).session
    assert resumed.limits.gamble_limit == 0
    assert resumed.open_round is not None and resumed.open_round.limits == open_limits
    assert resumed.phase is Phase.GAMBLE and resumed.can(Guess(Color.RED))
    assert resumed.bet_steps == (5, 10) and resumed.bet.bet_per_line in (5, 10)


def test_settings_file_values(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    path.write_text(
        'bet_steps = [0.01, "0.25", 1]\ngamble_limit = 250.5\nfree_spin_limit = 1000\n'
        'start_credits = "50.00"\ncurrency = "EUR"\n'
    )
    settings = load_settings(path, GAME, required=True)
    assert settings.bet_steps == (1, 25, 100)
    assert settings.gamble_limit == 25_050
    assert settings.free_spin_limit == 100_000
    assert settings.start_credits == 5_000
    assert settings.currency == "EUR"
    assert load_settings(tmp_path / "absent.toml", GAME, required=False) == default_settings(GAME)


@pytest.mark.parametrize(
    ("text", "key", "allowed"),
    [
        ("bet_steps = [0.10, 0.05]", "bet_steps", "increasing"),
        ("bet_steps = []", "bet_steps", "1 to 20"),
        ("bet_steps = [0.001]", "bet_steps", "0.01 to 1,000.00"),
        ("gamble_limit = -1", "gamble_limit", "0.00 to 1,000,000.00"),
        ("gamble_limit = true", "gamble_limit", "0.00 to"),
        ("free_spin_limit = 0", "free_spin_limit", "0.01 to"),
        ("start_credits = 0.5", "start_credits", "1.00 to 1,000,000.00"),
        ('start_credits = "lots"', "start_credits", "1.00 to"),
        ('currency = "EUROS AND MORE"', "currency", "0 to 8"),
        ("bonus = 1", "bonus", "known keys"),
    ],
)
def test_bad_settings_name_the_key_and_range(text: str, key: str, allowed: str) -> None:
    with pytest.raises(ConfigError) as caught:
        parse_settings(tomllib.loads(text), GAME, "cfg.toml")
    message = str(caught.value)
    assert f"'{key}'" in message and allowed in message


def test_play_with_a_bad_config_starts_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = tmp_path / "bad.toml"
    config.write_text("gamble_limit = 99999999999\n")
    saves = tmp_path / "saves"
    # the game named: without one the lobby opens (it checks the terminal first)
    status = main([GAME.id, "--config", str(config), "--save-dir", str(saves), "--seed", "1"])
    err = capsys.readouterr().err
    assert status == 2
    assert err.count("\n") == 1 and "'gamble_limit'" in err and "nothing was started" in err
    assert not saves.exists()
    config.write_text("gamble_limit = [\n")
    assert main([GAME.id, "--config", str(config), "--save-dir", str(saves)]) == 2
    assert "not valid TOML" in capsys.readouterr().err


def test_play_with_both_copies_damaged_exits_with_the_ways_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # play refuses a non-terminal before opening anything, so pretend to be one
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    open_seeded(tmp_path, seed=1).close()
    for path in folder(tmp_path, 1).glob("session-*.save"):
        path.write_bytes(b"\x00" * 10)
    monkeypatch.chdir(tmp_path)  # short paths: the one-line message is bounded
    status = main([GAME.id, "--save-dir", ".", "--seed", "1"])  # the game, not the lobby
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1 and "Traceback" not in err
    assert "session-a.save" in err and "--reset-save" in err and "--save-dir" in err


def test_history_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:

    opened = open_seeded(tmp_path, seed=2)
    for _ in range(30):
        opened.session.act(next_action(opened.session))
    rounds = list(opened.session.history)
    opened.close()
    assert main(["history", "--save-dir", str(tmp_path), "--seed", "2", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [r["round"] for r in doc["rounds"]] == [r.number for r in rounds]
    first = doc["rounds"][0]
    assert first["credits_before"] == "1000.00"
    assert len(first["base"]["rows"]) == 3 and len(first["base"]["rows"][0]) == 5
    featured = [r for r in doc["rounds"] if r["free_spins"]]
    assert featured and featured[0]["special"] and len(featured[0]["free_spins"]) >= 10
    assert main(["history", "--save-dir", str(tmp_path), "--seed", "2"]) == 0
    table = capsys.readouterr().out
    assert str(rounds[-1].number) in table and "Credits:" in table
    assert main(["history", "--save-dir", str(tmp_path / "none")]) == 2
    assert "no saved session" in capsys.readouterr().err
