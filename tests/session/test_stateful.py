"""A hypothesis state machine over a saved session: play, quit and reload, damage copies.

Invariants after every step: money is conserved (credits plus the open bet equal the start
plus top-ups plus wins minus bets), at most one round is open, the history agrees with the
credits round by round, and a reload gives back exactly the newest state whose copy is
intact, saying so when it recovered.  The copies are mirrors, so after a completed save a
damaged copy costs nothing: its twin holds the very same state.
"""

from __future__ import annotations

import itertools
import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from slotterm.engine.actions import Bet, Collect, Guess, Spin, StartGamble, TopUp
from slotterm.engine.features import free_spins_records
from slotterm.engine.features.free_spins_records import PlayFreeSpin, StartFeature
from slotterm.engine.gamble import Color
from slotterm.engine.records import Phase
from slotterm.session.errors import SaveFormatError
from slotterm.session.game_session import GameSession
from slotterm.session.opening import OpenedSession
from slotterm.session.store import SaveStore
from tests.session.helpers import Clock, open_seeded
from tests.session.kill_driver import digest


class SavedSession(RuleBasedStateMachine):
    """Drives one seeded session on disk."""

    def __init__(self) -> None:
        super().__init__()
        self.root = Path(tempfile.mkdtemp(prefix="slotterm-stateful-"))
        self.clock = Clock()
        self.opened: OpenedSession = open_seeded(self.root, clock=self.clock)
        self.by_sequence: dict[int, str] = {}
        self.top_ups: list[tuple[int, int, int]] = []  # (sequence, rounds_played, amount)
        self.damaged: set[Path] = set()
        self._note()

    @property
    def session(self) -> GameSession:
        return self.opened.session

    @property
    def store(self) -> SaveStore:
        assert self.opened.store is not None
        return self.opened.store

    def _note(self) -> None:
        self.by_sequence[self.store.sequence] = digest(self.session)
        for path in self.store.copies:  # a save rewrites both copies
            assert self.store.verify(path.read_bytes())[0] == self.store.sequence
        self.damaged.clear()

    def _newest_copy(self) -> Path:
        best: tuple[int, Path] | None = None
        for path in self.store.copies:
            try:
                sequence, _ = self.store.verify(path.read_bytes())
            except (SaveFormatError, FileNotFoundError):
                continue
            if best is None or sequence > best[0]:
                best = (sequence, path)
        assert best is not None
        return best[1]

    # --- play ---------------------------------------------------------------------------

    @precondition(lambda self: self.session.phase is Phase.IDLE)
    @rule(step=st.integers(0, 6), lines=st.integers(1, 9), force=st.booleans())
    def spin(self, step: int, lines: int, force: bool) -> None:
        bet = Bet(bet_per_line=self.session.bet_steps[step], lines=lines)
        self.session.set_bet(bet)
        self._note()
        if not self.session.can(Spin(bet=bet)):
            return
        forced = free_spins_records.NAME if force else None
        self.session.act(Spin(bet=bet, force=forced, limits=self.session.limits))
        self._note()

    @precondition(lambda self: self.session.phase is Phase.FEATURE)
    @rule()
    def feature(self) -> None:
        record = free_spins_records.record_of(self.session.open_round)
        assert record is not None  # Book of Spells has no other feature
        self.session.act(PlayFreeSpin() if record.started else StartFeature())
        self._note()

    @precondition(lambda self: self.session.can(Collect()))
    @rule()
    def collect(self) -> None:
        self.session.act(Collect())
        self._note()

    @precondition(lambda self: self.session.can(StartGamble()))
    @rule()
    def gamble(self) -> None:
        self.session.act(StartGamble())
        self._note()

    @precondition(lambda self: self.session.phase is Phase.GAMBLE)
    @rule(red=st.booleans())
    def guess(self, red: bool) -> None:
        self.session.act(Guess(color=Color.RED if red else Color.BLACK))
        self._note()

    @precondition(lambda self: self.session.phase is Phase.IDLE)
    @rule(amount=st.integers(1, 50_000))
    def top_up(self, amount: int) -> None:
        self.session.act(TopUp(amount=amount))
        self._note()
        self.top_ups.append((self.store.sequence, self.session.state.rounds_played, amount))

    # --- quit, reload, damage -------------------------------------------------------------

    @rule()
    def reload(self) -> None:
        expected_sequence, saved_phase = self._newest_valid()
        had_damage = bool(self.damaged)
        self.opened.close()
        self.opened = open_seeded(self.root, clock=self.clock)
        notice = self.session.load_notice or ""
        assert ("damaged" in notice) == had_damage
        self.damaged.clear()  # moved aside by the loader
        self.top_ups = [t for t in self.top_ups if t[0] <= expected_sequence]
        self.by_sequence = {k: v for k, v in self.by_sequence.items() if k <= expected_sequence}
        if saved_phase is Phase.WIN_OFFERED:  # a waiting win is credited as it opens (§5)
            assert self.store.sequence == expected_sequence + 1
            assert self.session.phase is Phase.IDLE and "credited" in notice
            self._note()
            return
        assert self.store.sequence == expected_sequence
        assert digest(self.session) == self.by_sequence[expected_sequence]

    def _newest_valid(self) -> tuple[int, Phase]:
        """The newest undamaged copy's sequence number and phase."""
        valid = []
        for path in self.store.copies:
            if path in self.damaged or not path.exists():
                continue
            sequence, record = self.store.verify(path.read_bytes())
            valid.append((sequence, record.state.phase))
        return max(valid, key=lambda found: found[0])

    @precondition(lambda self: not self.damaged and all(p.exists() for p in self.store.copies))
    @rule(
        newest=st.booleans(),
        how=st.sampled_from(["truncate", "flip", "garbage"]),
        at=st.floats(0, 1),
    )
    def damage_a_copy(self, newest: bool, how: str, at: float) -> None:
        target = self._newest_copy()
        if not newest:
            target = next(p for p in self.store.copies if p != target)
        data = target.read_bytes()
        i = min(int(at * len(data)), len(data) - 1)
        if how == "truncate":
            damaged = data[:i]
        elif how == "flip":
            damaged = data[:i] + bytes([data[i] ^ 0x20]) + data[i + 1 :]
        else:
            damaged = data[:i] + b"\xffGARBAGE\x00" + data[i + 9 :]
        target.write_bytes(damaged)
        self.damaged.add(target)

    # --- invariants -------------------------------------------------------------------------

    @invariant()
    def money_is_conserved(self) -> None:
        s = self.session
        ledger = s.ledger
        expected = s.start_credits + ledger.topped_up + ledger.total_won - ledger.total_bet
        assert s.money_in_play() == expected
        assert ledger.topped_up == sum(t[2] for t in self.top_ups)

    @invariant()
    def at_most_one_open_round(self) -> None:
        s = self.session
        state = s.state
        assert (state.round is None) == (state.phase is Phase.IDLE)
        numbers = [r.number for r in s.history]
        assert numbers == sorted(set(numbers))
        if state.round is not None:
            assert state.round.number == state.rounds_played
            assert all(n < state.round.number for n in numbers)
        elif numbers:
            assert numbers[-1] == state.rounds_played

    @invariant()
    def history_agrees_with_credits(self) -> None:
        s = self.session
        rounds = list(s.history)
        assert len(rounds) == min(100, s.ledger.rounds)

        def topped_after(number: int) -> int:
            return sum(t[2] for t in self.top_ups if t[1] == number)

        for before, after in itertools.pairwise(rounds):
            expected = before.credits_before - before.bet.total + before.paid
            assert after.credits_before == expected + topped_after(before.number)
        if rounds:
            last = rounds[-1]
            credits = last.credits_before - last.bet.total + last.paid + topped_after(last.number)
            now = s.state.round.credits_before if s.state.round else s.state.credits
            assert now == credits

    def teardown(self) -> None:
        self.opened.close()
        shutil.rmtree(self.root, ignore_errors=True)


SavedSession.TestCase.settings = settings(
    max_examples=25,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestSavedSession = SavedSession.TestCase
