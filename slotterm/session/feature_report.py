"""What the session says of one feature: the contract of a feature's report.

The history (``slotterm history``, its ``--json`` document and its table), the note on a
restart about a step the player left before he saw it, and the note on a round settled on
load never tell features apart by their class or by a game: they ask the feature's
:class:`FeatureReport`, found by the feature's name
(:func:`slotterm.session.feature_reports.report_for`).  The engine gives the data (a
record, :meth:`~slotterm.engine.features.pick_game.PickGame.story`); the player's words
are the report's, so the engine grows no prose.

Every hook's default says "nothing of its own": a feature without a report is listed
by its name and phase, and named by its title (or its name) when a spin wins it.
"""

from __future__ import annotations

from typing import Any, ClassVar

from slotterm.engine.feature import Feature
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import FeatureFrame, Round

View = dict[str, Any]
"""A JSON-ready object of the history."""


class FeatureReport:
    """The history's keys and lines and the restart notes of one feature (by its name).

    ``tells_steps`` is True when the feature speaks for its own steps the player left
    unseen (:meth:`step_note`); for the others what he missed is back on the screen (the
    reels, the banner, the Win box) or told as the round's end.
    """

    tells_steps: ClassVar[bool] = False

    # --- history --json ---------------------------------------------------------------------

    def round_keys(self, round_: Round, game: GameDefinition | None) -> View:
        """Keys this feature adds to every round of the document, also to a round it did
        not play in (``game``: the round's game, ``None`` when not known)."""
        return {}

    def entry_keys(self, feature: Feature, frame: FeatureFrame, total_bet: int) -> View:
        """Keys added to the feature's entry in a round's ``"features"`` (``total_bet``:
        the round's, in cents)."""
        return {}

    # --- the history table ------------------------------------------------------------------

    def table_text(self, round_: Round, frame: FeatureFrame, entry: View) -> str | None:
        """The feature's part of the round's story under its line in the table (``entry``:
        its entry in ``"features"``): ``None`` for the generic ``name (phase)``, ``""`` to
        say nothing (another part says it all)."""
        return None

    # --- notes ------------------------------------------------------------------------------

    def won_words(self, feature: Feature | None, frame: FeatureFrame) -> str:
        """The feature a spin just won, as the player names it ("12 free spins")."""
        return str(getattr(feature, "title", "") or frame.feature.replace("_", " "))

    def step_note(self, feature: Feature, frame: FeatureFrame, total_bet: int) -> str | None:
        """What a step of the feature the player did not see did (``frame`` done), in one
        sentence; asked only when :attr:`tells_steps`."""
        return None

    def settled_words(self) -> str | None:
        """How best play finished the feature in a round settled on load, as the words
        after "played to the end" (" with the picks that pay best on average"), or
        ``None`` when there was nothing to choose."""
        return None
