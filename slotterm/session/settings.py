"""Operator settings: a small TOML file, every value checked before anything starts.

Keys (all optional; amounts as numbers or text with at most two decimals)::

    bet_steps = [0.02, 0.05, 0.10, 0.20, 0.50, 1.00, 2.00]  # bet per line, increasing
    coin_sizes = [0.01, 0.02, 0.05, 0.10, 0.20, 0.25, 0.50, 1.00]  # coin sizes, increasing
    gamble_limit = 500.00       # largest win that may be gambled; 0 turns the gamble off
    free_spin_limit = 10000.00  # most a round's features may pay together; leave out for none
    max_win = 250000.00         # most one round may pay (the game's own cap by default)
    start_credits = 1000.00     # demo credits of a new session
    currency = "EUR"            # label shown beside amounts

One file serves every game: ``bet_steps`` applies to a game bet per line,
``coin_sizes`` to a game bet in coins (coins per line are the game's own range, say
1 to 20) -- each bet model's :attr:`config_key
<slotterm.engine.bet_model.BetModel.config_key>`; each is checked whatever the game.
``max_win`` may not exceed a game's own absolute cap (say 250,000.00); without
it a game with such a cap plays to it (its limits then carry it), a game without one has
no operator max win.  Settings apply to new rounds only: a round keeps the limits it started with.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

from slotterm.engine.actions import Limits
from slotterm.engine.bet_model import CONFIG_KEYS
from slotterm.engine.model import GameDefinition
from slotterm.money import format_cents
from slotterm.session.errors import ConfigError
from slotterm.session.game_session import DEFAULT_START_CREDITS, smallest_bet, steps_for
from slotterm.session.safeio import read_regular

CONFIG_NAME = "config.toml"
MAX_CONFIG_BYTES = 64 * 1024
"""The largest settings file read (a full one is well under 1 KiB)."""
MAX_BET_STEPS = 20


@dataclass(frozen=True, slots=True)
class AmountRange:
    """Inclusive bounds of an amount setting, in cents."""

    low: int
    high: int

    def describe(self) -> str:
        """``"0.01 to 1,000.00"``."""
        return f"{format_cents(self.low)} to {format_cents(self.high)}"


BET_STEP_RANGE = AmountRange(1, 100_000)
GAMBLE_LIMIT_RANGE = AmountRange(0, 100_000_000)
FREE_SPIN_LIMIT_RANGE = AmountRange(1, 10_000_000_000)
START_CREDITS_RANGE = AmountRange(100, 100_000_000)
MAX_WIN_RANGE = AmountRange(100, 10_000_000_000)
CURRENCY_LENGTH = 8
KNOWN_KEYS = (
    *CONFIG_KEYS,
    "gamble_limit",
    "free_spin_limit",
    "max_win",
    "start_credits",
    "currency",
)


@dataclass(frozen=True, slots=True)
class Settings:
    """The operator's choices (cents).

    ``bet_steps`` are the steps the session offers: bets per line for a game bet in
    cents, coin sizes for a game bet in coins (:func:`steps_for`).  ``max_win`` is the
    operator's max win of a round (``None``: the game's own cap alone).
    """

    bet_steps: tuple[int, ...]
    gamble_limit: int
    free_spin_limit: int | None
    start_credits: int
    currency: str
    max_win: int | None = None

    @property
    def limits(self) -> Limits:
        """The limits a new round starts with."""
        return Limits(
            gamble_limit=self.gamble_limit,
            free_spin_limit=self.free_spin_limit,
            max_win=self.max_win,
        )


def default_settings(game: GameDefinition) -> Settings:
    """What applies without a settings file (a game's absolute cap is its max win)."""
    limits = Limits()
    return Settings(
        bet_steps=steps_for(game),
        gamble_limit=limits.gamble_limit or 0,
        free_spin_limit=limits.free_spin_limit,
        start_credits=DEFAULT_START_CREDITS,
        currency="",
        max_win=game.max_win_cents,
    )


def load_settings(path: Path, game: GameDefinition, *, required: bool) -> Settings:
    """Read and check ``path``; a missing file gives the defaults unless ``required``.

    The file is read by :func:`~slotterm.session.safeio.read_regular`: a named pipe, a
    device, a folder or a file over :data:`MAX_CONFIG_BYTES` is a :class:`ConfigError`
    at once (never a wait, never a read without end).  A link is followed (a settings
    file kept in a dotfiles folder), and what it leads to is held to the same rules.
    """
    try:
        data = read_regular(path, MAX_CONFIG_BYTES, what="a settings file", follow=True)
        if data is None:
            if required:
                raise ConfigError(f"settings file {path} does not exist")
            return default_settings(game)
        text = data.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"settings file {path} cannot be read ({_reason(exc)})") from None
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"settings file {path} is not valid TOML ({exc})") from None
    except RecursionError:
        raise ConfigError(f"settings file {path} is nested too deeply") from None
    except ValueError:  # a number tomllib cannot convert (an integer of thousands of digits)
        raise ConfigError(f"settings file {path} holds a number out of range") from None
    return parse_settings(doc, game, str(path))


def _reason(exc: OSError | UnicodeDecodeError) -> str:
    """Why a settings file could not be read, in a few words."""
    if isinstance(exc, UnicodeDecodeError):
        return "it is not UTF-8 text"
    return str(exc.strerror or exc)


def parse_settings(doc: dict[str, Any], game: GameDefinition, source: str) -> Settings:
    """Check every key of a parsed settings document; unknown keys are errors."""
    base = default_settings(game)
    known = KNOWN_KEYS
    for key in doc:
        if key not in known:
            shown = (
                key
                if len(key) <= 40 and key.isprintable()
                else key[:40].encode("ascii", "backslashreplace").decode()
            )
            raise ConfigError(f"{source}: unknown key {shown!r} (known keys: {', '.join(known)})")

    def bad(key: str, allowed: str) -> ConfigError:
        return ConfigError(f"{source}: '{key}' must be {allowed}")

    model = game.bet_model
    # every bet model's key is checked, whatever the game; the game's own is used
    offered = {
        key: _steps(doc, key, steps_for(game) if key == model.config_key else (), bad)
        for key in CONFIG_KEYS
    }
    steps = offered[model.config_key]
    gamble = base.gamble_limit
    if "gamble_limit" in doc:
        allowed = f"an amount {GAMBLE_LIMIT_RANGE.describe()} (0 turns the gamble off)"
        gamble = _amount(doc["gamble_limit"], GAMBLE_LIMIT_RANGE, bad("gamble_limit", allowed))
    free_limit = base.free_spin_limit
    if "free_spin_limit" in doc:
        allowed = f"an amount {FREE_SPIN_LIMIT_RANGE.describe()} (leave it out for no limit)"
        free_limit = _amount(
            doc["free_spin_limit"], FREE_SPIN_LIMIT_RANGE, bad("free_spin_limit", allowed)
        )
    max_win = base.max_win
    if "max_win" in doc:
        top = min(MAX_WIN_RANGE.high, game.max_win_cents or MAX_WIN_RANGE.high)
        bounds = AmountRange(MAX_WIN_RANGE.low, top)
        max_win = _amount(doc["max_win"], bounds, bad("max_win", f"an amount {bounds.describe()}"))
    credits = base.start_credits
    if "start_credits" in doc:
        allowed = f"an amount {START_CREDITS_RANGE.describe()}"
        credits = _amount(doc["start_credits"], START_CREDITS_RANGE, bad("start_credits", allowed))
    currency = base.currency
    if "currency" in doc:
        raw = doc["currency"]
        if (
            not (isinstance(raw, str) and len(raw) <= CURRENCY_LENGTH and raw.isprintable())
            or raw != raw.strip()
        ):
            raise bad("currency", f"text of 0 to {CURRENCY_LENGTH} printable characters")
        currency = raw
    smallest = smallest_bet(game, steps, 1).total
    if credits < smallest:  # a new session could not place a single bet
        raise ConfigError(
            f"{source}: 'start_credits' ({format_cents(credits)}) must cover the smallest bet "
            f"({format_cents(smallest)}, the first of {model.config_key} on one line)"
        )
    return Settings(
        bet_steps=steps,
        gamble_limit=gamble,
        free_spin_limit=free_limit,
        start_credits=credits,
        currency=currency,
        max_win=max_win,
    )


def _steps(
    doc: dict[str, Any],
    key: str,
    default: tuple[int, ...],
    bad: Callable[[str, str], ConfigError],
) -> tuple[int, ...]:
    """A list of 1 to :data:`MAX_BET_STEPS` increasing amounts under ``key``, or ``default``."""
    if key not in doc:
        return default
    allowed = f"a list of 1 to {MAX_BET_STEPS} increasing amounts, each {BET_STEP_RANGE.describe()}"
    raw = doc[key]
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_BET_STEPS:
        raise bad(key, allowed)
    steps = tuple(_amount(v, BET_STEP_RANGE, bad(key, allowed)) for v in raw)
    if list(steps) != sorted(set(steps)):
        raise bad(key, allowed)
    return steps


AMOUNT_TEXT_LENGTH = 32
"""The longest amount written as text."""
_AMOUNT_TEXT = re.compile(r"[0-9]+(\.[0-9]+)?", re.ASCII)
"""An amount as text: plain ASCII digits, maybe a decimal part (no exponent, no ``_``)."""


def _amount(value: Any, bounds: AmountRange, error: ConfigError) -> int:
    """An amount in ``bounds`` (cents), or ``error``: never an arithmetic error."""
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise error
    if isinstance(value, int) and not -(10**18) <= value <= 10**18:
        raise error
    text = str(value).strip()
    if len(text) > AMOUNT_TEXT_LENGTH:
        raise error
    if isinstance(value, str) and _AMOUNT_TEXT.fullmatch(text) is None:
        raise error
    try:
        number = Decimal(text)
        if not number.is_finite() or abs(number) > Decimal(bounds.high) / 100 + 1:
            raise error
        cents = number * 100
        if cents != cents.to_integral_value():
            raise error
    except ArithmeticError:  # decimal.Overflow, InvalidOperation and the like
        raise error from None
    result = int(cents)
    if not bounds.low <= result <= bounds.high:
        raise error
    return result
