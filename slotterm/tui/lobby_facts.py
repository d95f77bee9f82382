"""A game's key facts as the lobby lists them, from its definition alone.

The reels and rows, the lines, the range of bets, the published RTP (when the game gives
one), the top award and the features: each feature by its view's own short name
(:meth:`~slotterm.tui.features.view.FeatureView.short_name`), so that the lobby names no
feature and no game itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from slotterm.engine.actions import Limits
from slotterm.engine.model import GameDefinition
from slotterm.money import format_cents
from slotterm.tui.features.registry import view_for
from slotterm.tui.limit_words import round_cap_parts


def top_award(game: GameDefinition, limits: Limits | None = None) -> str:
    """The game's top award in words: its round cap under the operator ``limits``."""
    parts = []
    times, cents = round_cap_parts(game, limits)
    if times is not None:
        parts.append(f"{times:,}× the bet")
    if cents is not None:
        parts.append(format_cents(cents))
    return "up to " + " or ".join(parts) + " a game"


def bet_range(game: GameDefinition) -> tuple[int, int]:
    """The lowest and the highest total bet of ``game`` in cents, as its bet model has
    them: its smallest bet on one line, its largest on every line."""
    model = game.bet_model
    return model.smallest_bet(1).total, model.highest_bet_per_line() * len(game.lines)


@lru_cache(maxsize=64)
def feature_words(game: GameDefinition) -> str:
    """The game's features in words, each by its view's short name (a feature without a
    view by its name), then the gamble if the game has one."""
    words = []
    for feature in game.features:
        view = view_for(game, feature)
        words.append(view.short_name() if view else feature.name.replace("_", " "))
    if game.gamble:
        words.append("gamble")
    return ", ".join(words)


@dataclass(frozen=True, slots=True)
class GameFacts:
    """A game's key facts as the lobby lists them (``rtp`` is ``None`` when the game
    publishes none)."""

    name: str
    layout: str
    lines: str
    bets: str
    rtp: str | None
    top: str
    features: str


def game_facts(game: GameDefinition, limits: Limits | None = None) -> GameFacts:
    """The reels and rows, lines, bets, published RTP, top award (under the operator
    ``limits``) and features of ``game``."""
    low, high = bet_range(game)
    published = game.published_rtp
    lines = len(game.lines)
    return GameFacts(
        name=game.name,
        layout=f"{game.reels} reels × {game.rows} rows",
        lines=f"{lines} line" + ("" if lines == 1 else "s"),
        bets=f"Bets {format_cents(low)} to {format_cents(high)}",
        rtp=f"RTP {published * 100:.2f} %" if published else None,
        top=top_award(game, limits),
        features=feature_words(game) or "none",
    )
