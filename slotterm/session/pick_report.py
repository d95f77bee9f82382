"""What the session says of a pick game (:mod:`slotterm.engine.features.pick_game`).

Its entry in ``history --json`` adds ``"pick_game"``
(:func:`~slotterm.session.pick_view.pick_view`), the table tells it pick by pick
(:func:`~slotterm.session.pick_view.pick_text`), and a finished game the player left
before he saw its end gets a note: "Your Secret Vault paid 7.50 (vault 12: 10× bet)."
The item's noun is the player's word for it, given to each game's report (``None``: the
game pays for many items, and its note names only the multiple).
"""

from __future__ import annotations

from typing import cast

from slotterm.engine.feature import Feature
from slotterm.engine.features.pick_game import PickGame
from slotterm.engine.records import FeatureFrame, Round
from slotterm.money import format_cents
from slotterm.session.feature_report import FeatureReport, View
from slotterm.session.pick_view import pick_text, pick_view


class PickReport(FeatureReport):
    """A pick game in the history and the notes; ``item`` is what the player calls the
    item it paid for ("vault"), or ``None``."""

    tells_steps = True

    def __init__(self, item: str | None) -> None:
        self.item = item

    def entry_keys(self, feature: Feature, frame: FeatureFrame, total_bet: int) -> View:
        """``"pick_game"``: every pick and what every item held."""
        return {"pick_game": pick_view(cast(PickGame, feature), frame, total_bet)}

    def table_text(self, round_: Round, frame: FeatureFrame, entry: View) -> str | None:
        """The game pick by pick (when the entry has it: the game is known)."""
        return pick_text(entry["pick_game"]) if "pick_game" in entry else None

    def step_note(self, feature: Feature, frame: FeatureFrame, total_bet: int) -> str | None:
        """The finished game's prize and what paid it."""
        game = cast(PickGame, feature)
        view = pick_view(game, frame, total_bet)
        prize = game.pay(frame.record)
        multiple = view["multiple"]
        title = game.title
        if not prize:
            return f"Your {title} ended with no win."
        if multiple is None or multiple * total_bet != prize:
            return f"Your {title} paid {format_cents(prize)}, the most it may pay."
        items = [p["item"] for p in view["picks"] if p["action"] in ("open", "keep")]
        if self.item is None or not items:
            return f"Your {title} paid {format_cents(prize)} ({multiple}× bet)."
        return (
            f"Your {title} paid {format_cents(prize)} ({self.item} {items[-1]}: {multiple}× bet)."
        )

    def settled_words(self) -> str | None:
        """The game was finished with the choices that pay best on average."""
        return " with the picks that pay best on average"
