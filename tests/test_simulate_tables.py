"""``simulate`` reads its strip tables with the garbage collector paused, and only then.

The collector is off while :func:`~slotterm.commands.ready_tables.ready_tables` runs
(its hundreds of thousands of kept tuples made the collector scan the process again and
again), on again for the rounds and after, also when reading the tables fails; a
collector that was off before stays off.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from slotterm.cli import main
from slotterm.commands import simulate
from slotterm.engine.model import GameDefinition

BOS = "book-of-spells"


@pytest.fixture(autouse=True)
def _collector_restored() -> Iterator[None]:
    was_on = gc.isenabled()
    yield
    if was_on:
        gc.enable()
    else:  # pragma: no cover - pytest runs with the collector on
        gc.disable()


def _spy(seen: list[bool], fails: bool = False) -> object:
    def ready(game: GameDefinition, fill: bool) -> int:
        seen.append(gc.isenabled())
        if fails:
            raise OSError("the cache folder went away")
        return 0

    return ready


def test_the_collector_is_paused_while_the_tables_are_read(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seen: list[bool] = []
    monkeypatch.setattr(simulate, "ready_tables", _spy(seen))
    gc.enable()
    assert main(["simulate", BOS, "--spins", "20", "--seed", "1", "--workers", "1"]) == 0
    assert seen == [False]
    assert gc.isenabled()
    assert "RTP" in capsys.readouterr().out


def test_the_collector_is_on_again_when_reading_the_tables_fails(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[bool] = []
    monkeypatch.setattr(simulate, "ready_tables", _spy(seen, fails=True))
    gc.enable()
    game = simulate.get_game(BOS)
    with pytest.raises(OSError):
        simulate.read_tables(game, 10)
    assert seen == [False]
    assert gc.isenabled()


def test_a_collector_that_was_off_stays_off(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[bool] = []
    monkeypatch.setattr(simulate, "ready_tables", _spy(seen))
    gc.disable()
    simulate.read_tables(simulate.get_game(BOS), 10)
    assert seen == [False]
    assert not gc.isenabled()
