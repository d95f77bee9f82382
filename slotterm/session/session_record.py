"""What a save holds, decoded and validated (:class:`SessionRecord`), and the check that
its credits add up against the statistics ledger and the history (:func:`check_ledger`).

:mod:`slotterm.session.codec` builds the record from a payload and checks it (and checks
a session the same way before writing it).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from slotterm.engine.actions import Bet, Limits
from slotterm.engine.fields import check
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import GameState, Round
from slotterm.rng import RandomSource
from slotterm.session.game_session import RoundTimes
from slotterm.session.left_round import Seen
from slotterm.session.saved_rules import SavedRules
from slotterm.session.stats import StatsLedger


@dataclass(frozen=True, slots=True)
class SessionRecord:
    """Everything a save holds, decoded and validated."""

    game_id: str
    state: GameState
    bet: Bet
    limits: Limits
    bet_steps: tuple[int, ...]
    start_credits: int
    currency: str
    history: tuple[Round, ...]
    round_times: dict[int, RoundTimes]
    stats: StatsLedger
    rng: RandomSource
    seen: Seen | None = None
    rules: SavedRules | None = None
    """The rules the save names when they are not all the file's rules now
    (:mod:`slotterm.session.saved_rules`); ``None``: every round plays by the file."""
    forced_steps: dict[int, tuple[int, ...]] = field(default_factory=dict)
    """Per round, its steps that took a tester's forced stops (``--stops``)."""

    def rules_of(self, number: int, game: GameDefinition) -> GameDefinition:
        """The definition round ``number`` was played under (``game``: the file's now)."""
        if self.rules is None:
            return game
        return self.rules.rounds.get(number, self.rules.current)


def check_ledger(record: SessionRecord) -> None:
    """The credits against the statistics ledger and the history (an edit is damage).

    What the ledger proves: the money in play (credits, plus the open round's bet) is the
    start credits + top-ups - bets + wins of every closed round, and the closed rounds are
    ``rounds_played`` (less the open one).  What the history proves (it keeps only the
    last rounds): its rounds are the latest, in a row; each starts with the credits the
    one before left plus any top-up (never less); those top-ups, bets and wins fit in the
    ledger's totals -- and equal them when the history still holds every round.
    """
    state, ledger, history = record.state, record.stats, record.history
    open_ = state.round
    in_play = state.credits + (open_.bet.total if open_ is not None else 0)
    closed = state.rounds_played - (1 if open_ is not None else 0)
    check(ledger.rounds == closed, "save.stats.rounds does not match the rounds played")
    balance = record.start_credits + ledger.topped_up - ledger.total_bet + ledger.total_won
    check(
        balance == in_play,
        "save.state.credits do not match the statistics ledger "
        "(start credits + top-ups - bets + wins)",
    )
    if open_ is not None:
        check(
            open_.credits_before - open_.bet.total == state.credits,
            "save.state.credits do not match the open round's credits before its bet",
        )
    now = open_.credits_before if open_ is not None else state.credits
    if not history:
        check(
            closed > 0 or record.start_credits + ledger.topped_up == in_play,
            "save.state.credits do not match the start credits",
        )
        return
    numbers = [r.number for r in history]
    check(
        numbers == list(range(closed - len(history) + 1, closed + 1)),
        "save.history does not hold the latest rounds in a row",
    )
    top_ups = 0
    after = history[0].credits_before
    if numbers[0] == 1:
        top_ups = history[0].credits_before - record.start_credits
        check(top_ups >= 0, "save.history[0] starts with more credits than the session")
    for i, round_ in enumerate((*history[1:], None)):
        before = now if round_ is None else round_.credits_before
        previous = history[i]
        after = previous.credits_before - previous.bet.total + previous.paid
        check(before >= after, f"save.history[{i + 1}]: the credits do not follow on")
        top_ups += before - after
    bets = sum(r.bet.total for r in history)
    wins = sum(r.paid for r in history)
    check(
        top_ups <= ledger.topped_up and bets <= ledger.total_bet and wins <= ledger.total_won,
        "save.history does not fit in the statistics ledger",
    )
    if numbers[0] == 1:
        check(
            (top_ups, bets, wins) == (ledger.topped_up, ledger.total_bet, ledger.total_won),
            "save.history does not match the statistics ledger",
        )
