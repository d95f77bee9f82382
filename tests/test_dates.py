"""Dates in the player's words: one format, in the local time zone, English month names."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from slotterm.dates import player_date, player_time


@pytest.fixture
def zone(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The local time zone is Tokyo (UTC+9, no summer time) for the test, then back."""
    monkeypatch.setenv("TZ", "Asia/Tokyo")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.mark.usefixtures("zone")
def test_a_moment_is_written_in_the_local_zone_with_the_month_in_words() -> None:
    moment = datetime(2026, 12, 1, 16, 54, tzinfo=UTC)  # 01:54 on 2 December in Tokyo
    assert player_date(moment) == "2 Dec 2026"
    assert player_time(moment) == "2 Dec 2026 01:54"
    assert player_time(datetime(2026, 3, 7, 9, 5, tzinfo=UTC)) == "7 Mar 2026 18:05"
