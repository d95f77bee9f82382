"""Money in integer cents; the randomness interface (DESIGN.md §3)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from slotterm.money import MoneyFormatError, format_cents, parse_cents
from slotterm.rng import (
    RandomSource,
    RecordingSource,
    ReplayExhausted,
    ReplaySource,
    SecureSource,
    SeededSource,
    draw_each,
)


@pytest.mark.parametrize(
    ("cents", "grouped", "plain"),
    [
        (0, "0.00", "0.00"),
        (5, "0.05", "0.05"),
        (150, "1.50", "1.50"),
        (123_456, "1,234.56", "1234.56"),
        (-250, "-2.50", "-2.50"),
    ],
)
def test_format_cents(cents: int, grouped: str, plain: str) -> None:
    assert format_cents(cents) == grouped
    assert format_cents(cents, grouping=False) == plain


@pytest.mark.parametrize(
    ("text", "cents"), [("1.5", 150), ("0.10", 10), ("2", 200), (" 3,25 ", 325), ("0", 0)]
)
def test_parse_cents(text: str, cents: int) -> None:
    assert parse_cents(text) == cents


@pytest.mark.parametrize(
    "text", ["", "-1", "0.001", "1.2.3", "ten", "1e3", "1,000.00", "١٠", "１０.５", "2\u00b2"]
)
def test_parse_cents_refuses_junk(text: str) -> None:
    with pytest.raises(MoneyFormatError):
        parse_cents(text)


def test_seeded_draws_are_those_of_randrange() -> None:
    """The fast rejection sampler gives the very draws ``randrange`` gives."""
    bounds = [1, 2, 3, 5, 7, 8, 26, 52, 64, 100, 1000, 2**20 + 1]
    ours = SeededSource(42)
    reference = random.Random(42)
    for _ in range(2_000):
        for n in bounds:
            assert ours.randbelow(n) == reference.randrange(n)


def test_randbelow_each_equals_one_draw_at_a_time() -> None:
    bounds = (26, 31, 7, 52, 1)
    for source_type in (SeededSource,):
        a, b = source_type(9), source_type(9)
        for _ in range(500):
            assert a.randbelow_each(bounds) == tuple(b.randbelow(n) for n in bounds)


def test_seeded_draws_are_unbiased() -> None:
    """Six outcomes (not a power of two): each within 1 % of a sixth over 600,000 draws."""
    source = SeededSource(2026)
    counts = Counter(source.randbelow(6) for _ in range(600_000))
    assert set(counts) == set(range(6))
    assert all(abs(c - 100_000) < 1_000 for c in counts.values()), counts


@pytest.mark.parametrize("source", [SeededSource(1), SecureSource()])
def test_draws_stay_in_range_and_bad_bounds_are_refused(source: RandomSource) -> None:
    for n in (1, 2, 3, 52, 1000):
        assert all(0 <= source.randbelow(n) < n for _ in range(200))
    for n in (0, -3):
        with pytest.raises(ValueError):
            source.randbelow(n)
        with pytest.raises(ValueError):
            draw_each(source, (5, n))


def test_replay_source_gives_back_its_draws_and_checks_them() -> None:
    source = ReplaySource([3, 0, 51])
    assert source.randbelow(5) == 3
    assert source.remaining == 2
    assert source.randbelow_each((1, 52)) == (0, 51)
    with pytest.raises(ReplayExhausted):
        source.randbelow(5)
    with pytest.raises(ValueError, match="outside"):
        ReplaySource([7]).randbelow(7)


def test_recording_source_keeps_every_draw() -> None:
    recorder = RecordingSource(SeededSource(5))
    first = recorder.randbelow(10)
    rest = recorder.randbelow_each((20, 30))
    assert recorder.draws == [first, *rest]
    again = SeededSource(5)
    assert recorder.draws == [again.randbelow(10), again.randbelow(20), again.randbelow(30)]


def test_draw_each_works_with_any_random_source() -> None:
    class Counting:
        def __init__(self) -> None:
            self.calls = 0

        def randbelow(self, n: int) -> int:
            self.calls += 1
            return n - 1

    plain = Counting()
    assert draw_each(plain, (3, 4, 5)) == (2, 3, 4)
    assert plain.calls == 3
    recorder = RecordingSource(plain)
    assert recorder.randbelow_each((2, 9)) == (1, 8)
    assert recorder.draws == [1, 8]
