"""Free spins: awarded by scatters, played on their own strips, retriggered by scatters.

``trigger`` or more scatters anywhere on a base spin award ``award`` free spins at the
bet and lines of that spin; the same during the feature adds ``retrigger`` more.  The
feature opens with :class:`StartFeature` (which lets a spin modifier, such as the
expanding symbol, draw its state), then each :class:`PlayFreeSpin` plays one spin.  Its
wins add up and are paid with the round.  An operator limit on what the feature may pay
(``Limits.free_spin_limit``) and the round cap end it early.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from slotterm.engine.actions import Bet, FeatureAction
from slotterm.engine.definition_error import DefinitionError
from slotterm.engine.events import FeatureEvent, build_reels_stopped
from slotterm.engine.fast_init import fast_init, keyword_builder, strict_tuple
from slotterm.engine.feature import (
    EvalInput,
    Feature,
    FeatureContext,
    FeatureStep,
    Json,
    SpinModifier,
    Triggered,
    TriggerHint,
    build_feature_step,
)
from slotterm.engine.features.free_spins_file import read_table, write_table
from slotterm.engine.fields import (
    RecordError,
    as_bool,
    as_dict,
    as_int,
    as_list,
    as_str,
    check,
    need,
)
from slotterm.engine.model import GameDefinition
from slotterm.engine.outcome import Evaluation
from slotterm.engine.records import EndReason, Round, SpinResult, build_spin_result
from slotterm.engine.spin_codec import decode_spin, encode_spin
from slotterm.engine.strip_table import StripTable, strip_table
from slotterm.rng import RandomSource, draw_each

if TYPE_CHECKING:
    from slotterm.engine.file_table import FileContext, FileTable

NAME = "free_spins"
"""The feature's name in a game and in saves."""

REEL_SET = "free"
"""The name of the free-spin strips among the game's reel sets."""


# --- actions, records, events ----------------------------------------------------------------


@fast_init
@dataclass(frozen=True, slots=True)
class StartFeature(FeatureAction):
    """Begin the awarded free spins (the modifier, if any, draws its state)."""

    name = "start_feature"


@fast_init
@dataclass(frozen=True, slots=True)
class PlayFreeSpin(FeatureAction):
    """Play the next free spin."""

    name = "play_free_spin"


_PLAY = PlayFreeSpin()
_START = StartFeature()


@strict_tuple
class FreeSpin(NamedTuple):
    """One played free spin: what it drew, what the modifier added, the running total.

    ``awarded_so_far`` counts every spin awarded up to and including this one's
    retrigger; ``win`` is what the spin paid (after any limit or cap),
    ``feature_total`` the feature's total after it.
    """

    number: int
    awarded_so_far: int
    result: SpinResult
    extra: Any
    win: int
    feature_total: int


@strict_tuple
class FreeSpinsRecord(NamedTuple):
    """The feature so far: spins awarded, whether it started, the modifier's state, spins."""

    awarded: int
    started: bool
    modifier: Any
    spins: tuple[FreeSpin, ...]
    win: int
    ended_by: EndReason | None

    @property
    def left(self) -> int:
        """Free spins still to play."""
        return self.awarded - len(self.spins)


@fast_init
@dataclass(frozen=True, slots=True)
class FreeSpinsAwarded(FeatureEvent):
    """Free spins were awarded (``retrigger`` during the feature)."""

    count: int
    retrigger: bool


@fast_init
@dataclass(frozen=True, slots=True)
class FeatureEnded(FeatureEvent):
    """The free spins are over; ``reason`` says if a cap or limit ended them early."""

    total: int
    spins_played: int
    reason: EndReason | None


_build_free_spin = keyword_builder(FreeSpin)
_build_record = keyword_builder(FreeSpinsRecord)


def record_of(round_: Round | None) -> FreeSpinsRecord | None:
    """The free-spins record of ``round_``, if the round awarded free spins."""
    frame = round_.frame(NAME) if round_ is not None else None
    return None if frame is None else frame.record


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
        limit = ctx.limits.free_spin_limit
        if limit is not None and total > limit:
            total, ended_by = limit, EndReason.LIMIT
        if total - record.win >= ctx.room:
            total, ended_by = record.win + ctx.room, EndReason.CAP
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

    # --- save codec ------------------------------------------------------------------------

    def encode(self, record: Any) -> Json:
        """The record as JSON (each spin's window; evaluations are rebuilt on load).

        A multiplier other than 1 is written as ``win_multiplier`` (none: 1).
        """
        modifier = self.modifier
        multiplied: Json = {}
        if self.win_multiplier != 1:
            multiplied["win_multiplier"] = self.win_multiplier
        return multiplied | {
            "awarded": record.awarded,
            "started": record.started,
            "modifier": (
                None
                if modifier is None or not record.started
                else modifier.encode_state(record.modifier)
            ),
            "spins": [
                {
                    "number": fs.number,
                    "awarded_so_far": fs.awarded_so_far,
                    "spin": encode_spin(fs.result),
                    "win": fs.win,
                    "feature_total": fs.feature_total,
                }
                for fs in record.spins
            ],
            "win": record.win,
            "ended_by": None if record.ended_by is None else record.ended_by.value,
        }

    def decode(self, ctx: FeatureContext, value: Any, where: str) -> FreeSpinsRecord:
        """The record, every spin re-evaluated and every total checked."""
        doc = as_dict(value, where)
        multiplier = as_int(doc.get("win_multiplier", 1), f"{where}.win_multiplier", 1)
        check(
            multiplier == self.win_multiplier,
            f"{where}.win_multiplier: the save multiplies free-spin wins by {multiplier}, "
            f"the game by {self.win_multiplier}",
        )
        started = as_bool(need(doc, "started", where), f"{where}.started")
        raw_state = need(doc, "modifier", where)
        state: Any = None
        if self.modifier is not None and started:
            state = self.modifier.decode_state(raw_state, f"{where}.modifier")
        else:
            check(raw_state is None, f"{where}.modifier must be null before the feature starts")
        raw_end = need(doc, "ended_by", where)
        try:
            ended_by = None if raw_end is None else EndReason(as_str(raw_end, f"{where}.ended_by"))
        except ValueError:
            raise RecordError(f"{where}.ended_by is not a reason") from None
        spins: list[FreeSpin] = []
        awarded, total = self.award, 0
        raw_spins = as_list(need(doc, "spins", where), f"{where}.spins")
        check(started or not raw_spins, f"{where}: free spins played before the start")
        check(ended_by is None or bool(raw_spins), f"{where}.ended_by: no spin ended the feature")
        bet = ctx.bet
        for i, raw in enumerate(raw_spins):
            at = f"{where}.spins[{i}]"
            # only the last spin can have been cut short by a limit or the cap
            cut = ended_by is not None and i == len(raw_spins) - 1
            spin = as_dict(raw, at)
            check(
                as_int(need(spin, "number", at), f"{at}.number") == i + 1, f"{at}.number is wrong"
            )
            result = decode_spin(
                need(spin, "spin", at), ctx.game, bet.lines, bet.bet_per_line, f"{at}.spin"
            )
            extra, extra_win = (
                self.modifier.modify(ctx, state, result) if self.modifier is not None else (None, 0)
            )
            so_far = as_int(need(spin, "awarded_so_far", at), f"{at}.awarded_so_far", 1)
            retrigger = (
                0 if cut else self.awarded_by(result.evaluation.scatter_count, retrigger=True)
            )
            check(so_far - awarded == retrigger, f"{at}.awarded_so_far does not match the spin")
            win = as_int(need(spin, "win", at), f"{at}.win")
            pays = (result.evaluation.total_win + extra_win) * multiplier
            check(win <= pays, f"{at}.win is more than the spin pays")
            check(cut or win == pays, f"{at}.win is less than the spin pays")
            feature_total = as_int(need(spin, "feature_total", at), f"{at}.feature_total")
            check(feature_total == total + win, f"{at}.feature_total does not add up")
            spins.append(
                FreeSpin(
                    number=i + 1,
                    awarded_so_far=so_far,
                    result=result,
                    extra=extra,
                    win=win,
                    feature_total=feature_total,
                )
            )
            awarded, total = so_far, feature_total
        check(
            as_int(need(doc, "awarded", where), f"{where}.awarded") == awarded,
            f"{where}.awarded does not match the spins",
        )
        check(len(spins) <= awarded, f"{where}: more free spins played than awarded")
        check(
            as_int(need(doc, "win", where), f"{where}.win") == total, f"{where}.win does not add up"
        )
        limit = ctx.limits.free_spin_limit
        check(
            ended_by is not EndReason.LIMIT or (limit is not None and total == limit),
            f"{where}.ended_by: the feature did not reach the free-spin limit",
        )
        return FreeSpinsRecord(
            awarded=awarded,
            started=started,
            modifier=state,
            spins=tuple(spins),
            win=total,
            ended_by=ended_by,
        )
