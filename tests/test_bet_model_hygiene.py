"""No "is this game bet in coins?" switches outside the engine (issue 19).

How a game is bet is its definition's bet model (:mod:`slotterm.engine.bet_model`); the
session, the commands and the interface ask the model (its steps, refusals, words, parts)
or pick what they show by its kind (:mod:`slotterm.tui.bet_views`,
:mod:`slotterm.commands.bet_inputs`), never the definition's ``coins``.  So outside
``slotterm/engine/`` no module reads the definition's ``coins`` (``game.coins``), reads
into it (``.coins.``) or tests a ``.coins`` against ``None``; and the constructor's
``bet_per_line_steps`` is read only where definitions are built (``slotterm/games/``).
A bare name compared with ``None`` (``coins is None``: an argument left out) is fine.
"""

from __future__ import annotations

import re
from pathlib import Path

from slotterm.commands.bet_inputs import BET_INPUTS
from slotterm.engine.bet_model import BET_MODELS
from slotterm.tui.bet_views import BET_VIEWS

REPO = Path(__file__).resolve().parent.parent
PACKAGE = REPO / "slotterm"

SWITCH = re.compile(r"\bgame\.coins\b|\.coins\.|\.coins\s+is\s+(not\s+)?None\b")
"""The definition's ``coins`` read, read into, or a ``.coins`` tested against ``None``."""
STEPS = re.compile(r"\bbet_per_line_steps\b")
"""The constructor's bet-per-line steps (the bet model's ``default_steps`` is what to read)."""

WAITING: dict[str, str] = {}
"""Files still switching, each with why; the bet model has what they need
(:meth:`~slotterm.engine.bet_model.BetModel.file_table`, ``pay_unit``, ``total_unit``)."""


def findings(pattern: re.Pattern[str], allowed: tuple[str, ...]) -> list[str]:
    """``path:line: text`` of each line of ``slotterm/`` outside ``allowed`` folders (and
    :data:`WAITING`) that ``pattern`` matches."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(REPO).as_posix()
        if name.startswith(allowed) or name in WAITING:
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line):
                found.append(f"{name}:{n}: {line.strip()}")
    return found


def test_no_module_outside_the_engine_switches_on_the_definitions_coins() -> None:
    found = findings(SWITCH, ("slotterm/engine/",))
    assert not found, "ask game.bet_model instead:\n" + "\n".join(found)


def test_only_the_engine_and_the_games_read_the_bet_per_line_steps() -> None:
    found = findings(STEPS, ("slotterm/engine/", "slotterm/games/"))
    assert not found, "ask game.bet_model.default_steps instead:\n" + "\n".join(found)


def test_the_check_would_see_a_switch() -> None:
    seen = (
        "if game.coins is not None:",
        "if self.game.coins is None or bet.coin_size is None:",
        "rule = session.game.coins",
        "low, high = ctx.game.coins.coins_per_line",
        "sizes = game.coins.coin_sizes",
        "x = self.rule.coins.coin_sizes",
        "if bet.coins is None:",
        "fields = COIN if game.coins else CENT",
    )
    for line in seen:
        assert SWITCH.search(line), line
    not_seen = (
        "count = (bet.coins or 0) if coins is None else coins",
        "coins = bet.coins",
        "self.box('coins').show(str(coins))",
        "game.coin_sizes",
        "most = game.bet_model.most_coins_per_line",
    )
    for line in not_seen:
        assert not SWITCH.search(line), line
    assert STEPS.search("steps = game.bet_per_line_steps")


def test_the_waiting_files_exist() -> None:
    assert all((REPO / name).is_file() for name in WAITING)


def test_every_bet_model_has_its_view_and_its_command_inputs() -> None:
    kinds = {model.kind for model in BET_MODELS}
    assert set(BET_VIEWS) == kinds
    assert set(BET_INPUTS) == kinds
    assert all(view.model_kind == kind for kind, view in BET_VIEWS.items())
