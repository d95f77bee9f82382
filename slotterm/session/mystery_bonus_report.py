"""What the session says of the Mystery bonus (:mod:`slotterm.engine.features.mystery_bonus`).

The pick game it drew tells the story (:mod:`slotterm.session.pick_report`): the table
says nothing of an opened bonus; a spin that awarded it won "the Mystery bonus".
"""

from __future__ import annotations

from slotterm.engine.feature import Feature
from slotterm.engine.records import FeatureFrame, Round
from slotterm.session.feature_report import FeatureReport, View


class MysteryBonusReport(FeatureReport):
    """The Mystery bonus in the history and the notes."""

    def table_text(self, round_: Round, frame: FeatureFrame, entry: View) -> str | None:
        """Nothing once opened (the pick game it drew says it all)."""
        return "" if frame.done else None

    def won_words(self, feature: Feature | None, frame: FeatureFrame) -> str:
        """``"the Mystery bonus"``."""
        return "the Mystery bonus"
