"""``play --force``: the events a tester may force, checked per game before anything starts.

``--force`` is read by the command line (:mod:`slotterm.cli`): the event's syntax when
parsing, then against the game (``slotterm.engine.round.force_refusal``); what reaches
the game is the engine's force string, which a forced spin then plays.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from slotterm.cli import UsageError, build_parser, engine_force, game_of, main, read_force
from slotterm.commands.pick_tables import pick_games_of
from slotterm.engine.actions import Limits, Spin
from slotterm.engine.policy import next_action
from slotterm.engine.records import GameState, Phase
from slotterm.engine.round import apply
from slotterm.games import get_game
from slotterm.rng import SeededSource

LW = get_game("lucky-witch")
GAMES_FOLDER = Path(__file__).resolve().parent.parent / "slotterm" / "games"


@pytest.mark.parametrize(
    ("game_id", "text", "engine"),
    [
        ("lucky-witch", "free-spins", "free_spins"),
        ("book-of-spells", "free-spins", "free_spins"),
        ("lucky-witch", "mystery-bonus", "mystery_bonus"),
        ("lucky-witch", "mystery-bonus:potion", "mystery_bonus:potion"),
        ("lucky-witch", "mystery-bonus:pumpkin", "mystery_bonus:pumpkin"),
        ("lucky-witch", "mystery-bonus:spell-book", "mystery_bonus:spell-book"),
        ("lucky-witch", "mystery-bonus:vault", "mystery_bonus:vault"),
    ],
)
def test_a_force_becomes_the_engines_force_string(game_id: str, text: str, engine: str) -> None:
    assert engine_force(get_game(game_id), text) == engine


@pytest.mark.parametrize(
    ("game_id", "text", "said"),
    [
        ("book-of-spells", "mystery-bonus", "no mystery-bonus feature"),
        ("book-of-spells", "mystery-bonus:vault", "no mystery-bonus feature"),
        ("lucky-witch", "mystery-bonus:jackpot", "jackpot"),
        ("lucky-witch", "free-spins:potion", "no detail"),
    ],
)
def test_a_force_the_game_cannot_play_is_refused(game_id: str, text: str, said: str) -> None:
    with pytest.raises(UsageError, match=said):
        engine_force(get_game(game_id), text)


@pytest.mark.parametrize("label", ["potion", "pumpkin", "spell-book", "vault"])
def test_the_forced_spin_plays_the_named_pick_game(label: str) -> None:
    force = engine_force(LW, f"mystery-bonus:{label}")
    state = GameState(Phase.IDLE, 10_000)
    rng = SeededSource(5)
    state = apply(LW, state, Spin(LW.default_bet(), force=force), rng).state
    played = []
    while state.phase is not Phase.IDLE:
        assert state.round is not None
        played += [f.feature for f in state.round.frames]
        action = next_action(LW, state)
        assert action is not None
        state = apply(LW, state, action, rng).state
    wanted = next(g.name for g in pick_games_of(LW) if g.label == label)
    assert wanted in played


def test_help_documents_every_event_and_pick_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "1000")  # no line breaks inside "spell-book"
    play = build_parser()._subparsers._group_actions[0].choices["play"]  # type: ignore[union-attr]
    text = " ".join(play.format_help().split())
    assert "--force EVENT" in text and "--seed or --demo" in text
    for event in ("free-spins", "mystery-bonus", "mystery-bonus:NAME"):
        assert event in text
    for game in pick_games_of(LW):
        assert game.label in text


@pytest.mark.parametrize(
    "args",
    [
        ["lucky-witch", "--force", "mystery-bonus:vault"],  # neither --seed nor --demo
        ["book-of-spells", "--demo", "--force", "mystery-bonus"],
        ["lucky-witch", "--seed", "3", "--force", "mystery-bonus:cauldron"],
        ["lucky-witch", "--demo", "--force", "Mystery-Bonus"],
        ["lucky-witch", "--demo", "--force", "mystery-bonus:" + "x" * 3000],
        ["--demo", "--force", "free-spins"],  # no GAME: the lobby
        ["play", "--seed", "1", "--force", "mystery-bonus"],
    ],
)
def test_a_refused_force_is_one_line_and_status_2_before_anything_starts(
    args: list[str], capsys: pytest.CaptureFixture[str], user_dirs: dict[str, str]
) -> None:
    assert main(args) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and len(err) <= 201
    assert "--force" in err


@pytest.mark.parametrize("label", ["potion", "pumpkin", "spell-book", "vault"])
def test_play_hands_the_named_pick_game_to_the_session(label: str) -> None:
    """What the command line made of ``--force`` goes through ``play`` unchanged."""
    from slotterm.commands.play import forced_feature

    args = build_parser().parse_args(
        ["play", "lucky-witch", "--demo", "--force", f"mystery-bonus:{label}"]
    )
    assert forced_feature(args.force, LW) == f"mystery_bonus:{label}"
    # already the engine's string (as main() hands it on): unchanged
    assert forced_feature(f"mystery_bonus:{label}", LW) == f"mystery_bonus:{label}"


def test_a_pick_game_named_as_the_engine_names_it_is_told_the_names_to_use(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``secret_vault`` (the engine's name) reaches the game's check, which lists the
    names the command line takes, instead of a bare "must be ... NAME"."""
    from slotterm.cli import main

    assert main(["lucky-witch", "--demo", "--force", "mystery-bonus:secret_vault"]) == 2
    said = capsys.readouterr().err
    assert "choose one of: potion, pumpkin, spell-book, vault" in said
    assert len(said.strip().splitlines()) == 1


# --- the plans (retrigger, five-of-a-kind, cap) and pick-game layouts -------------------------


def _no_retrigger_file(tmp_path: Path) -> Path:
    """Orchard Sevens as a game file whose free spins cannot be retriggered."""
    for source in GAMES_FOLDER.glob("orchard-sevens*.toml"):
        text = source.read_text(encoding="utf-8")
        (tmp_path / source.name).write_text(text.replace("\nretrigger = 8\n", "\nretrigger = 0\n"))
    return tmp_path / "orchard-sevens.toml"


@pytest.mark.parametrize("game_id", ["book-of-spells", "lucky-witch", "orchard-sevens"])
@pytest.mark.parametrize("text", ["retrigger", "cap", "five-of-a-kind:WILD"])
def test_every_shipped_game_takes_the_plans(game_id: str, text: str) -> None:
    game = get_game(game_id)
    if text.endswith("WILD"):
        text = "five-of-a-kind:" + next(iter(sorted(game.wild_ids)))
    forcing = read_force(game, text)
    assert forcing.plan == text.partition(":")[0] and forcing.feature is None
    assert forcing.spins(game, game.default_bet(), Limits())  # the stops to play it


def test_a_data_only_game_file_takes_the_plans(tmp_path: Path) -> None:
    """The contract of a game file: forced like a shipped game, no names in the core."""
    for source in GAMES_FOLDER.glob("orchard-sevens*.toml"):
        (tmp_path / source.name).write_text(source.read_text(encoding="utf-8"))
    game = game_of(str(tmp_path / "orchard-sevens.toml"))
    for text in ("retrigger", "cap", "five-of-a-kind:Red Seven"):
        assert read_force(game, text).spins(game, game.default_bet(), Limits())


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["lucky-witch", "--demo", "--force", "five-of-a-kind:DRAGON"], "no symbol 'DRAGON'"),
        (["lucky-witch", "--seed", "2", "--force", "retrigger:twice"], "takes nothing after it"),
        (["orchard-sevens", "--demo", "--force", "cap:50"], "takes nothing after it"),
        (["lucky-witch", "--demo", "--force", "mystery-bonus:pumpkin=2,4"], "needs 5 amounts"),
        (
            ["lucky-witch", "--demo", "--force", "mystery-bonus:pumpkin=2,,4,6,10,50"],
            "one is empty",
        ),
        (["lucky-witch", "--demo", "--force", "five-of-a-kind:POTION"], "pays nothing as five"),
        (["orchard-sevens", "--demo", "--force", "five-of-a-kind:coin"], "pays nothing as five"),
        (
            ["lucky-witch", "--demo", "--force", "mystery-bonus:vault=" + ",".join(["3"] * 12)],
            "3 stands 12 times",
        ),
        (["lucky-witch", "--demo", "--force", "mystery-bonus:potion=" + "1," * 300], "--force"),
        (["lucky-witch", "--force", "retrigger"], "--seed or --demo"),
        (["--demo", "--force", "cap"], "needs a GAME"),
    ],
)
def test_a_refused_plan_or_layout_is_one_line_and_status_2(
    args: list[str], said: str, capsys: pytest.CaptureFixture[str], user_dirs: dict[str, str]
) -> None:
    assert main(args) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and said in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("retrigger", "the free spins of Orchard Sevens cannot be retriggered"),
        ("cap", "no forced spins reach the round cap of 1,000.00 at this bet"),
    ],
)
def test_a_game_that_cannot_play_a_plan_says_so(
    text: str,
    said: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    user_dirs: dict[str, str],
) -> None:
    path = _no_retrigger_file(tmp_path)
    assert main([str(path), "--demo", "--force", text]) == 2
    err = capsys.readouterr().err
    assert said in err and len(err.splitlines()) == 1


def test_play_hands_a_plan_to_the_session_and_a_feature_to_the_spin() -> None:
    from slotterm.commands.play import apply_force, forced_feature
    from slotterm.rng import SeededSource
    from slotterm.session.game_session import demo_session

    session = demo_session(LW, SeededSource(1))
    plan = read_force(LW, "retrigger")
    apply_force(session, plan)
    assert session.forcing == plan and forced_feature(plan, LW) is None
    layout = read_force(LW, "mystery-bonus:pumpkin=2,4,6,10,50")
    fresh = demo_session(LW, SeededSource(1))
    apply_force(fresh, layout)  # a key script's spin names no feature: the session does
    assert forced_feature(layout, LW) == "mystery_bonus:pumpkin=2,4,6,10,50"
    fresh.act(Spin(fresh.bet, limits=fresh.limits))
    assert fresh.open_round is not None and fresh.forcing is None
    assert fresh.open_round.steps[0].action.force == "mystery_bonus:pumpkin=2,4,6,10,50"
    assert fresh.forced_draws  # the layout's draws wait for the bonus to open


def test_help_documents_the_plans_and_the_layouts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "1000")
    play = build_parser()._subparsers._group_actions[0].choices["play"]  # type: ignore[union-attr]
    text = " ".join(play.format_help().split())
    for words in ("retrigger", "five-of-a-kind:SYM", "cap", "pumpkin=2,4,6,10,50", "+IMP"):
        assert words in text


def test_the_readmes_force_examples_are_played() -> None:
    """The ``--force`` commands of "Testing the game" read as the game reads them, and the
    table lists every event ``--force`` takes."""
    import shlex

    from slotterm.force_kinds import EVENTS
    from tests.readme_support import readme_text, shell_commands

    text = readme_text()
    section = text[text.index("## Testing the game") :].split("\n## ", 1)[0]
    examples = [shlex.split(c)[1:] for c in shell_commands(section) if "--force" in c]
    assert len(examples) == 2
    for words in examples:
        forcing = read_force(get_game(words[0]), words[words.index("--force") + 1])
        assert forcing.feature is not None or forcing.plan is not None
    for event in EVENTS:
        assert f"| `{event}" in section
