"""A deterministic way to play: the next action depends only on the session's state.

The kill campaign, the session tests and the benchmarks use it, so a run interrupted and
resumed from its save takes exactly the actions an uninterrupted run takes.  How an open
round goes on (start the feature, play its spins, collect) is the engine's one policy,
:func:`slotterm.engine.policy.next_action`; this one only adds its own choices around
it: which spins force the feature, which run on autoplay, and gambling every win.

In a game with the Mystery bonus (Lucky Witch) the forced spins go through its pick games
in turn (:data:`BONUS_ORDER`) and free spins every :data:`FREE_SPINS_EVERY` rounds; pick
games are played by the engine's ``best`` policy (deterministic: no chooser).
"""

from __future__ import annotations

from slotterm.engine import policy
from slotterm.engine.actions import Action, Guess, Spin, StartGamble
from slotterm.engine.features import free_spins_records, mystery_bonus
from slotterm.engine.gamble import Color
from slotterm.engine.records import Phase
from slotterm.session.game_session import GameSession

FEATURE_EVERY = 4
AUTOPLAY_EVERY = 5
BONUS_ORDER = ("potion", "pumpkin", "spell-book", "vault")
"""The pick games a Lucky Witch session forces, in this order."""
FREE_SPINS_EVERY = 5


def forced(session: GameSession, number: int) -> str | None:
    """What round ``number`` forces: the feature every 4th (rounds 2, 6, ...) in a game
    without the Mystery bonus; with it, free spins every 5th round and the pick games in
    turn in the others (rounds 1-4: potion, pumpkin, spell book, vault; 6-9 again)."""
    if not session.game.has_feature(mystery_bonus.NAME):
        return free_spins_records.NAME if number % FEATURE_EVERY == 2 else None
    if number % FREE_SPINS_EVERY == 0:
        return free_spins_records.NAME
    turn = number - 1 - (number - 1) // FREE_SPINS_EVERY
    return f"{mystery_bonus.NAME}:{BONUS_ORDER[turn % len(BONUS_ORDER)]}"


def next_action(session: GameSession) -> Action:
    """The policy: force the feature every 4th round, autoplay every 5th, gamble every win."""
    phase = session.phase
    round_ = session.open_round
    if phase is Phase.IDLE or round_ is None:
        number = session.state.rounds_played + 1
        return Spin(
            bet=session.bet,
            autoplay=number % AUTOPLAY_EVERY == 0,
            force=forced(session, number),
            limits=session.limits,
        )
    if phase is Phase.WIN_OFFERED and not round_.gamble and session.can(StartGamble()):
        return StartGamble()
    if phase is Phase.GAMBLE and len(round_.gamble) < 2:
        return Guess(color=Color.RED if len(round_.gamble) % 2 == 0 else Color.BLACK)
    action = policy.next_action(session.game, session.state)
    assert action is not None  # a round is open
    return action


def play_until(session: GameSession, rounds: int) -> int:
    """Act by the policy until ``rounds`` rounds are closed; returns the actions taken."""
    taken = 0
    while session.state.rounds_played < rounds or session.phase is not Phase.IDLE:
        session.act(next_action(session))
        taken += 1
    return taken
