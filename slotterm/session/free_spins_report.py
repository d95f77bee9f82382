"""What the session says of free spins (:mod:`slotterm.engine.features.free_spins`).

Every round of ``history --json`` has today's free-spins keys: ``"special"`` (the spin
modifier's symbol, the Magic Book's), ``"free_spins_awarded"`` and ``"free_spins"`` (each
spin with what its modifier added, ``"expanding_wins"``); a round without free spins shows
``null``, ``0`` and ``[]``.  The table says ``"12 free spins, HAT"``; a spin that won them
is said to have won "12 free spins".
"""

from __future__ import annotations

from typing import cast

from slotterm.engine.feature import Feature, SpinModifier
from slotterm.engine.features import free_spins_records
from slotterm.engine.features.free_spins import FreeSpins
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import FeatureFrame, Round
from slotterm.money import format_cents
from slotterm.session.feature_report import FeatureReport, View
from slotterm.session.history_spin import spin_view


def modifier_of(game: GameDefinition | None) -> SpinModifier | None:
    """The spin modifier of ``game``'s free spins (``None``: none, or the game unknown)."""
    if game is None or not game.has_feature(free_spins_records.NAME):
        return None
    return cast(FreeSpins, game.feature(free_spins_records.NAME)).modifier


def free_spins_view(round_: Round, game: GameDefinition | None = None) -> View:
    """``special``, ``free_spins_awarded`` and ``free_spins`` from the free-spins frame.

    What the modifier added to each spin is read by the modifier of ``game``'s free spins
    (without the game a spin shows no ``expanding_wins``).
    """
    record = free_spins_records.record_of(round_)
    if record is None:
        return {"special": None, "free_spins_awarded": 0, "free_spins": []}
    special = record.modifier if isinstance(record.modifier, str) else None
    modifier = modifier_of(game)
    return {
        "special": special,
        "free_spins_awarded": record.awarded,
        "free_spins": [
            {
                "number": fs.number,
                **spin_view(
                    fs.result, fs.win, () if modifier is None else modifier.line_wins(fs.extra)
                ),
                "feature_total": format_cents(fs.feature_total, grouping=False),
            }
            for fs in record.spins
        ],
    }


class FreeSpinsReport(FeatureReport):
    """Free spins in the history and the notes."""

    def round_keys(self, round_: Round, game: GameDefinition | None) -> View:
        """Today's free-spins keys (:func:`free_spins_view`), on every round."""
        return free_spins_view(round_, game)

    def table_text(self, round_: Round, frame: FeatureFrame, entry: View) -> str | None:
        """``"12 free spins, HAT"`` once spins were played (the special symbol, if any)."""
        record = frame.record
        if not record.spins:
            return None
        special = f", {record.modifier}" if isinstance(record.modifier, str) else ""
        return f"{len(record.spins)} free spins{special}"

    def won_words(self, feature: Feature | None, frame: FeatureFrame) -> str:
        """``"12 free spins"``."""
        return f"{frame.record.awarded} free spins"
