"""Settings that could never be played are refused before anything starts."""

from __future__ import annotations

from pathlib import Path

import pytest

from slotterm.engine.model import GameDefinition
from slotterm.session.errors import ConfigError
from slotterm.session.settings import load_settings


def test_start_credits_below_the_smallest_bet_are_refused(
    tmp_path: Path, game: GameDefinition
) -> None:
    config = tmp_path / "config.toml"
    config.write_text("start_credits = 1.00\nbet_steps = [2.00, 5.00]\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"'start_credits' \(1\.00\) must cover the smallest bet"):
        load_settings(config, game, required=True)


def test_start_credits_equal_to_the_smallest_bet_are_fine(
    tmp_path: Path, game: GameDefinition
) -> None:
    config = tmp_path / "config.toml"
    config.write_text("start_credits = 2.00\nbet_steps = [2.00, 5.00]\n", encoding="utf-8")
    assert load_settings(config, game, required=True).start_credits == 200
