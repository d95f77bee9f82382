"""Where the remembered options and autoplay settings live (QA2 #10): the player's config
folder for his own session, ``--save-dir DIR`` with those saves, beside the seeded saves
for ``--seed``; a ``--demo`` reads them and writes nothing."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest

from slotterm.cli import build_parser
from slotterm.commands.play import run_play
from slotterm.session.autoplay_settings import (
    AutoplaySettings,
    autoplay_path,
    load_autoplay_settings,
    save_autoplay_settings,
)
from slotterm.session.preferences import (
    Preferences,
    load_preferences,
    options_path,
    save_preferences,
)
from slotterm.tui.app import SlotApp


def started_app(monkeypatch: pytest.MonkeyPatch, words: list[str]) -> SlotApp:
    """The app ``slotterm play WORDS`` would run, caught just before it runs (as if on a
    terminal)."""
    caught: list[SlotApp] = []
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(SlotApp, "run", lambda self, *a, **k: caught.append(self))
    run_play(build_parser().parse_args(["play", *words]))
    assert len(caught) == 1
    return caught[0]


def config_home() -> Path:
    """The player's config folder (the tests' own, under ``tmp_path``)."""
    from slotterm.session.player_file import config_folder

    return config_folder()


@pytest.mark.parametrize(
    ("words", "where"),
    [
        ([], None),
        (["--save-dir", "{dir}"], ""),
        (["--seed", "21", "--save-dir", "{dir}"], "seeded"),
        (["--demo", "--save-dir", "{dir}"], ""),
        (["--demo", "--seed", "21", "--save-dir", "{dir}"], "seeded"),
        (["--demo"], None),
    ],
)
def test_each_kind_of_session_reads_its_own_settings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, words: list[str], where: str | None
) -> None:
    saves = tmp_path / "qa-saves"
    app = started_app(monkeypatch, ["lucky-witch", *(w.format(dir=saves) for w in words)])
    expected = config_home() if where is None else saves / where
    assert app.player_folder == expected
    assert app.autoplay_control.folder == expected
    assert app.keeps_settings == ("--demo" not in words)


def test_a_seeded_session_without_a_save_dir_keeps_them_beside_the_seeded_saves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from platformdirs import user_data_dir

    app = started_app(monkeypatch, ["lucky-witch", "--seed", "5"])
    assert app.player_folder == Path(user_data_dir("slotterm")) / "seeded"
    assert app.player_folder != config_home()


async def test_a_demo_starts_from_the_remembered_settings_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # QA2 #10: a --demo read and wrote the player's autoplay.toml and options.toml
    folder = config_home()
    mine = AutoplaySettings(spins=25, pause=2.0)
    save_autoplay_settings(mine, autoplay_path(folder))
    save_preferences(Preferences(quick_spin=True), options_path(folder))
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    app = started_app(monkeypatch, ["book-of-spells", "--demo"])
    assert app.autoplay_control.settings == mine and app.preferences.quick_spin
    async with app.run_test():
        assert app.autoplay_control.remember(replace(mine, spins=10)) is None
        app._options_closed(replace(app.preferences, quick_spin=False, graphics="basic"))
        assert app.autoplay_control.settings.spins == 10  # in force for this demo
        assert not app.preferences.quick_spin and app.preferences.graphics == "basic"
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
    assert load_autoplay_settings(autoplay_path(folder)).value == mine
    assert load_preferences(options_path(folder)).value.quick_spin


async def test_a_save_dir_session_keeps_its_changes_with_its_saves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saves = tmp_path / "qa-saves"
    app = started_app(monkeypatch, ["book-of-spells", "--save-dir", str(saves)])
    async with app.run_test():
        app.autoplay_control.remember(AutoplaySettings(spins=10))
        app._options_closed(replace(app.preferences, quick_spin=True))
    assert load_autoplay_settings(autoplay_path(saves)).value.spins == 10
    assert load_preferences(options_path(saves)).value.quick_spin
    assert not any(config_home().glob("*.toml"))  # the player's own untouched
