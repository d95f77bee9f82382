"""Free spins: awarded by scatters, played on their own strips, retriggered by scatters.

``trigger`` or more scatters anywhere on a base spin award ``award`` free spins at the
bet and lines of that spin; the same during the feature adds ``retrigger`` more.  The
feature opens with :class:`StartFeature` (which lets a spin modifier, such as the
expanding symbol, draw its state), then each :class:`PlayFreeSpin` plays one spin.  Its
wins add up and are paid with the round.  The round cap and an operator limit on what the
round's features may pay together (``Limits.free_spin_limit``: the free spins and every
bonus won in them) end it early.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from slotterm.engine.actions import Bet, FeatureAction
from slotterm.engine.definition_error import DefinitionError
from slotterm.engine.eval_input import EvalInput
from slotterm.engine.events import build_reels_stopped
from slotterm.engine.fast_init import keyword_builder
from slotterm.engine.feature import (
    Feature,
    FeatureContext,
    FeatureStep,
    Json,
    SpinModifier,
    Triggered,
    TriggerHint,
    build_feature_step,
)
from slotterm.engine.features.free_spins_codec import decode_record, encode_record
from slotterm.engine.features.free_spins_file import read_table, write_table
from slotterm.engine.features.free_spins_records import (
    NAME,
    FeatureEnded,
    FreeSpin,
    FreeSpinsAwarded,
    FreeSpinsRecord,
    PlayFreeSpin,
    StartFeature,
)
from slotterm.engine.model import GameDefinition
from slotterm.engine.outcome import Evaluation
from slotterm.engine.records import EndReason, SpinResult, build_spin_result
from slotterm.engine.strip_table import StripTable, strip_table
from slotterm.rng import RandomSource, draw_each

if TYPE_CHECKING:
    from slotterm.engine.file_table import FileContext, FileTable

REEL_SET = "free"
"""The name of the free-spin strips among the game's reel sets."""


_PLAY = PlayFreeSpin()
_START = StartFeature()


_build_free_spin = keyword_builder(FreeSpin)
_build_record = keyword_builder(FreeSpinsRecord)


# --- the feature ----------------------------------------------------------------------------


class FreeSpins(Feature):
    """``trigger`` scatters award ``award`` spins on ``strips``; ``retrigger`` more in them.

    Every win of a free spin (lines, scatters, the modifier's) is multiplied by
    ``win_multiplier``; a bonus the spin starts pays its own win, not multiplied.
    """

    name = NAME
    file_key = NAME
    play_order = 20
    actions: ClassVar[Mapping[str, type[FeatureAction]]] = {
        StartFeature.name: StartFeature,
        PlayFreeSpin.name: PlayFreeSpin,
    }

    def __init__(
        self,
        *,
        trigger: int,
        award: int,
        retrigger: int,
        strips: tuple[tuple[str, ...], ...],
        modifier: SpinModifier | None = None,
        win_multiplier: int = 1,
    ) -> None:
        if trigger < 1:
            raise DefinitionError("free spins: trigger must be at least 1 scatter")
        if award < 1 or retrigger < 0:
            raise DefinitionError("free spins: award must be >= 1 and retrigger >= 0")
        if isinstance(win_multiplier, bool) or not isinstance(win_multiplier, int):
            raise DefinitionError("free spins: win_multiplier must be a whole number")
        if win_multiplier < 1:
            raise DefinitionError("free spins: win_multiplier must be at least 1")
        self.trigger_count = trigger
        self.award = award
        self.retrigger = retrigger
        self.strips = strips
        self.modifier = modifier
        self.win_multiplier = win_multiplier
        # the game, bet, strip table and evaluator of the last free spin (see _spin_setup)
        self._last_setup: (
            tuple[GameDefinition, Bet, StripTable, Callable[[Sequence[int]], Evaluation]] | None
        ) = None

    def validate(self, game: GameDefinition) -> None:
        """The game needs a scatter symbol; the modifier must fit the game."""
        if not game.scatter_ids:
            raise DefinitionError("free spins need a scatter symbol to trigger them")
        if self.modifier is not None:
            self.modifier.validate(game)

    def reel_sets(self) -> Mapping[str, tuple[tuple[str, ...], ...]]:
        """The free-spin strips."""
        return {REEL_SET: self.strips}

    def eval_inputs(self) -> tuple[EvalInput, ...]:
        """A free spin is described by its modifier's state when it has one (the special
        symbol), else by a switch (``eval --free-spin``)."""
        if self.modifier is not None and self.modifier.eval_inputs():
            return self.modifier.eval_inputs()
        spin = EvalInput(key="free_spin", help="evaluate as a free spin (its scatters retrigger)")
        return (spin,)

    # --- the game file ------------------------------------------------------------------

    @classmethod
    def from_file(cls, table: FileTable, context: FileContext) -> FreeSpins:
        """``free_spins = {award, trigger, retrigger, win_multiplier}``, strips ``reels.free``
        (read and checked by :func:`~.free_spins_file.read_table`)."""
        settings = read_table(table, context, REEL_SET)
        with table.building():
            return cls(**settings, modifier=context.modifier(NAME))

    def to_file(self) -> Json:
        """``{award, trigger, retrigger}``, and ``win_multiplier`` when it is not 1."""
        return write_table(self.award, self.trigger_count, self.retrigger, self.win_multiplier)

    def file_extras(self) -> Json:
        """The modifier's table, under its own key."""
        modifier = self.modifier
        if modifier is None or modifier.file_key is None:
            return {}
        return {modifier.file_key: modifier.to_file()}

    def awarded_by(self, scatters: int, *, retrigger: bool) -> int:
        """Spins that ``scatters`` scatters award (on a base spin, or as a retrigger)."""
        if scatters < self.trigger_count:
            return 0
        return self.retrigger if retrigger else self.award

    def trigger(self, ctx: FeatureContext, spin: SpinResult) -> Triggered | None:
        """Enough scatters on a spin outside the free spins award them."""
        if spin.evaluation.scatter_count < self.trigger_count:
            return None
        record = FreeSpinsRecord(
            awarded=self.award, started=False, modifier=None, spins=(), win=0, ended_by=None
        )
        return Triggered(record, (FreeSpinsAwarded(self.award, retrigger=False),))

    def trigger_hint(self) -> TriggerHint:
        """Fewer scatters than the trigger count never start the free spins."""
        return TriggerHint(min_scatters=self.trigger_count)

    def refusal(self, ctx: FeatureContext, record: Any, action: FeatureAction) -> str | None:
        """Start once; then play while spins are left."""
        if isinstance(action, StartFeature):
            return None if not record.started else "no feature is waiting to start"
        if record.started and record.awarded > len(record.spins) and record.ended_by is None:
            return None
        return "no free spins to play"

    def finished(self, record: Any) -> bool:
        """Every awarded spin played, or a limit or the cap ended the feature."""
        # record.left <= 0, without the property's call
        return record.started and (
            record.awarded <= len(record.spins) or record.ended_by is not None
        )

    def pay(self, record: Any) -> int:
        """The feature's total so far."""
        return record.win  # type: ignore[no-any-return]

    def phase(self, record: Any) -> str:
        """``awarded`` (waiting to start), ``playing`` or ``done``."""
        if not record.started:
            return "awarded"
        return "done" if self.finished(record) else "playing"

    def next_action(
        self,
        ctx: FeatureContext,
        record: Any,
        policy: str,
        chooser: RandomSource | None = None,
    ) -> FeatureAction:
        """Start, then play every spin (no choices to make)."""
        return _PLAY if record.started else _START

    def step(
        self, ctx: FeatureContext, record: Any, action: FeatureAction, rng: RandomSource
    ) -> FeatureStep:
        """Start the feature, or play one free spin."""
        if isinstance(action, StartFeature):
            state, events = (
                self.modifier.start(ctx, rng) if self.modifier is not None else (None, ())
            )
            started = FreeSpinsRecord(
                awarded=record.awarded,
                started=True,
                modifier=state,
                spins=(),
                win=0,
                ended_by=None,
            )
            return FeatureStep(record=started, events=events)
        return self._play(ctx, record, rng)

    def _spin_setup(
        self, game: GameDefinition, bet: Bet
    ) -> tuple[StripTable, Callable[[Sequence[int]], Evaluation]]:
        """The strip table of the free spins and its evaluator at ``bet`` (the last kept)."""
        last = self._last_setup
        if last is not None and last[0] is game and last[1] is bet:
            return last[2], last[3]
        table = strip_table(game, self.strips)
        evaluator = table.evaluator(bet.lines, bet.bet_per_line)
        self._last_setup = (game, bet, table, evaluator)
        return table, evaluator

    def _play(self, ctx: FeatureContext, record: FreeSpinsRecord, rng: RandomSource) -> FeatureStep:
        table, evaluator = self._spin_setup(ctx.game, ctx.bet)
        stops = draw_each(rng, table.lengths)
        evaluation = evaluator(stops)
        result = build_spin_result(stops=stops, window=table.window(stops), evaluation=evaluation)
        extra, extra_win = (
            self.modifier.modify(ctx, record.modifier, result)
            if self.modifier is not None
            else (None, 0)
        )
        total = record.win + (evaluation.total_win + extra_win) * self.win_multiplier
        ended_by: EndReason | None = None
        if ctx.cuts(total - record.win):  # the round's cap, or the features' limit
            total, ended_by = record.win + ctx.room, ctx.room_ends
        retrigger = (
            0 if ended_by is not None else self.awarded_by(evaluation.scatter_count, retrigger=True)
        )
        awarded = record.awarded + retrigger
        number = len(record.spins) + 1
        win = total - record.win
        spin = _build_free_spin(
            number=number,
            awarded_so_far=awarded,
            result=result,
            extra=extra,
            win=win,
            feature_total=total,
        )
        record = _build_record(
            awarded=awarded,
            started=True,
            modifier=record.modifier,
            spins=(*record.spins, spin),
            win=total,
            ended_by=ended_by,
        )
        events: tuple[Any, ...] = (
            build_reels_stopped(
                result=result, reel_set=REEL_SET, win=win, number=number, extra=extra
            ),
        )
        if retrigger:
            events += (FreeSpinsAwarded(retrigger, retrigger=True),)
        if ended_by is not None or awarded <= number:  # finished (see finished())
            events += (FeatureEnded(total, number, ended_by),)
        return build_feature_step(
            record=record, events=events, win=win, spin=result, ended_by=ended_by
        )

    # --- save codec (free_spins_codec.py) -------------------------------------------------

    def encode(self, record: Any) -> Json:
        """The record as JSON (:func:`~slotterm.engine.features.free_spins_codec.encode_record`)."""
        return encode_record(self, record)

    def decode(self, ctx: FeatureContext, value: Any, where: str) -> FreeSpinsRecord:
        """The record, every spin re-evaluated and every total checked
        (:func:`~slotterm.engine.features.free_spins_codec.decode_record`)."""
        return decode_record(self, ctx, value, where)
