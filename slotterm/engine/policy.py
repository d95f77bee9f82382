"""What happens next: the one decision of how an open round goes on.

Simulation, autoplay, the example-save builder and the test players all ask
:func:`next_action`: in a feature, the feature's own policy decides (start it, play the
next free spin, pick in a pick game); a win on offer is collected (the policy never
gambles: it leaves the expected value unchanged).  Pick games take a named policy:
``best`` (the published RTP), ``keep-first``, ``random`` or ``worst``.
"""

from __future__ import annotations

from slotterm.engine.actions import Action, Collect
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import GameState, Phase
from slotterm.engine.round import feature_context
from slotterm.rng import RandomSource

_COLLECT = Collect()
_WIN_OFFERED = Phase.WIN_OFFERED
_FEATURE = Phase.FEATURE

POLICIES = ("best", "keep-first", "random", "worst")
"""The named policies a feature with player choices can play by."""

EXACT_POLICIES = ("best", "keep-first", "worst")
"""The policies whose play is fixed by the game, so ``par`` computes them exactly (``random``
depends on a chooser of its own: only ``simulate`` plays it)."""


def next_action(
    game: GameDefinition,
    state: GameState,
    policy: str = "best",
    chooser: RandomSource | None = None,
) -> Action | None:
    """The action that carries the open round on, or ``None`` when no round is open.

    ``chooser`` gives the ``random`` policy its choices (not the game's own source).
    """
    phase = state.phase
    if phase is _WIN_OFFERED:  # the common case: a win waits
        return _COLLECT
    round_ = state.round
    if phase is Phase.IDLE or round_ is None:
        return None
    if phase is _FEATURE:
        for frame in reversed(round_.frames):  # the active frame: the last not done
            if not frame.done:
                feature = game.feature_index[frame.feature]
                context = feature_context(game, round_)
                return feature.next_action(context, frame.record, policy, chooser)
        raise AssertionError("a round in a feature with every frame done")  # pragma: no cover
    return _COLLECT
