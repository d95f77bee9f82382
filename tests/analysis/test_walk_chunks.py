"""The exact walk in chunks: the counts do not depend on how the states are grouped.

The walk takes each reel's (state, column) pairs in chunks of at most
``exact_walk._CHUNK`` (memory about flat in the number of lines); with tiny chunks --
many per reel, one state split from the next -- every count is the same as in one chunk.
"""

from __future__ import annotations

import numpy as np
import pytest

from slotterm.analysis import exact_walk
from slotterm.analysis.exact_lines import build_automaton
from slotterm.analysis.exact_walk import spin_counts
from slotterm.analysis.trackers import ScatterCount
from slotterm.games import game_ids, get_game


@pytest.mark.parametrize("game_id", game_ids())
def test_tiny_chunks_count_the_same(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = get_game(game_id)
    automaton = build_automaton(game)
    trackers = (ScatterCount(game.scatter_ids, 5),) if game.scatter_ids else ()
    strips = game.reel_sets["base"]
    lines = len(game.lines)
    whole = spin_counts(game, strips, lines, automaton, trackers)
    monkeypatch.setattr(exact_walk, "_CHUNK", 1)  # one state per chunk
    chunked = spin_counts(game, strips, lines, automaton, trackers)
    assert chunked.counts.shape == whole.counts.shape
    assert np.array_equal(chunked.counts, whole.counts)
    assert chunked.counts.sum() == whole.cycle
