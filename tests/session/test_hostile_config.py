"""A hostile settings file: one ConfigError line naming the key, never a traceback.

The campaign mutates a valid settings file at random (fixed seed) and asserts that
loading it either succeeds or raises :class:`ConfigError` with one printable line;
it prints ``N tried, N handled``.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from slotterm.session.errors import ConfigError
from slotterm.session.settings import load_settings
from tests.session.helpers import GAME

VALID = (
    "bet_steps = [0.02, 0.05, 0.10, 0.20, 0.50, 1.00, 2.00]\n"
    "gamble_limit = 500.00\n"
    "free_spin_limit = 10000.00\n"
    'start_credits = "1000.00"\n'
    'currency = "EUR"\n'
)


def _load(tmp_path: Path, text: str) -> object:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    return load_settings(path, GAME, required=True)


def _one_line(exc: ConfigError) -> str:
    message = str(exc)
    assert "\n" not in message and "\x1b" not in message and message.isprintable(), message
    return message


def test_the_valid_file_loads(tmp_path: Path) -> None:
    _load(tmp_path, VALID)


def test_a_list_nested_5000_deep(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as caught:
        _load(tmp_path, "bet_steps = " + "[" * 5000 + "]" * 5000 + "\n")
    assert "nested" in _one_line(caught.value)


@pytest.mark.parametrize(
    "value", ['"1e999999999"', '"1e-999999999"', '"-1e999999999"', '"1_000"', '"١٠٠٠"', "1e400"]
)
def test_absurd_start_credits_name_the_key(tmp_path: Path, value: str) -> None:
    with pytest.raises(ConfigError) as caught:
        _load(tmp_path, f"start_credits = {value}\n")
    assert "start_credits" in _one_line(caught.value)


def test_an_integer_of_thousands_of_digits(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as caught:
        _load(tmp_path, "start_credits = 1" + "0" * 5000 + "\n")
    _one_line(caught.value)


def test_an_escape_in_an_unknown_key_is_not_echoed_raw(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as caught:
        _load(tmp_path, '"\\u001b[2J\\u001b]0;pwned\\u0007" = 1\n')
    _one_line(caught.value)


@pytest.mark.parametrize("currency", ["\\u001b[2J", "a\\nb", "\\u202e", "x" * 9])
def test_currency_must_be_printable_and_short(tmp_path: Path, currency: str) -> None:
    with pytest.raises(ConfigError) as caught:
        _load(tmp_path, f'currency = "{currency}"\n')
    assert "currency" in _one_line(caught.value)


_TOKENS = [
    '"1e999999999"',
    "1e999",
    "-0.0",
    "nan",
    "inf",
    "true",
    "[]",
    "{}",
    '"\\u001b[2J"',
    '"\\ud800"',
    "9" * 5000,
    "[" * 3000 + "]" * 3000,
    '"' + "x" * 100_000 + '"',
    "0.001",
    "100000000.01",
    '"١٠"',
    "1_0",
    '""',
    "2026-01-01T00:00:00Z",
    "{a = {b = {c = 1}}}",
]


def _mutate(rng: random.Random, text: str) -> str:
    lines = text.splitlines()
    for _ in range(rng.randint(1, 3)):
        action = rng.randrange(6)
        i = rng.randrange(len(lines)) if lines else 0
        if action == 0 and lines:  # a value replaced
            key = lines[i].split("=")[0].strip() or "currency"
            lines[i] = f"{key} = {rng.choice(_TOKENS)}"
        elif action == 1 and lines:  # a line dropped
            del lines[i]
        elif action == 2:  # a line duplicated or an unknown key
            lines.insert(i, rng.choice([*lines, "extra = 1", "[table]", "a.b = 1"]))
        elif action == 3 and lines:  # bytes cut
            j = rng.randrange(len(lines[i]) + 1)
            lines[i] = lines[i][:j]
        elif action == 4 and lines:  # a character inserted
            j = rng.randrange(len(lines[i]) + 1)
            lines[i] = lines[i][:j] + rng.choice("[]{}\"'=.,#\\\x00\x1b²٣\u202e") + lines[i][j:]
        else:  # an element of bet_steps changed
            lines.append(f"bet_steps = [{rng.choice(_TOKENS)}, 0.5]")
    return "\n".join(lines) + "\n"


def test_campaign_random_bad_configs(tmp_path: Path) -> None:
    rng = random.Random(20261201)
    tried = handled = accepted = 0
    for _ in range(1_500):
        text = _mutate(rng, VALID)
        tried += 1
        try:
            _load(tmp_path, text)
            accepted += 1
        except ConfigError as exc:
            _one_line(exc)
        handled += 1
    print(f"\nhostile configs: {tried} tried, {handled} handled ({accepted} accepted)")
    assert tried == handled
