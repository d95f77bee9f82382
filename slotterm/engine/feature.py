"""The feature contract: what a feature module gives the round state machine.

A game is definition data plus features (DESIGN.md §2a).  The core
(:mod:`slotterm.engine.round`) knows the base spin, the bet, the round cap, collect and
gamble; everything else -- free spins, a symbol that fills reels, a bonus game -- is a
:class:`Feature` living under :mod:`slotterm.engine.features`.  The core talks to a
feature only through this contract:

* :meth:`Feature.trigger` -- does a window just drawn start the feature?  It returns the
  feature's first record (and the events announcing it) or ``None``; it never draws.
  :meth:`Feature.trigger_hint` may say cheaply which base spins cannot start it, so the
  base spin skips asking on those (most spins start nothing).
* :meth:`Feature.refusal` / :meth:`Feature.step` -- the feature's own actions while its
  frame is on top of the round's stack.  A step may draw (through the recorded source it
  is given) and reports the win it adds, a window it drew (so other features may trigger
  on it), and frames to push (a bonus inside a free spin).
* :meth:`Feature.finished`, :meth:`Feature.pay` and :meth:`Feature.phase` -- read the
  record.
* :meth:`Feature.encode` / :meth:`Feature.decode` and the action codec -- the save format;
  decoding validates everything (a save is untrusted input) and raises
  :class:`~slotterm.engine.fields.RecordError`.
* :meth:`Feature.next_action` -- what the "what happens next" policy does in this feature.
* :meth:`Feature.parts` / :meth:`Feature.start` -- features a feature starts itself (the
  Mystery bonus starts one of its pick games): a step returns them in
  :attr:`FeatureStep.started` and the round pushes their frames on top of its own.
* :meth:`Feature.force_refusal` -- testers may force a feature (``--force NAME[:DETAIL]``);
  the trigger then sees the whole force string in :attr:`FeatureContext.force`;
  :meth:`Feature.forced_draws` the draws a detail asks for (a pick game's layout).
* :attr:`Feature.file_key`, :meth:`Feature.from_file` / :meth:`Feature.to_file` -- the
  feature's table in a game file (DESIGN.md §7): the module reads and writes its own keys,
  so a new feature adds a key and touches no other module; :attr:`Feature.play_order`
  says where it stands among a game's features (the order a spin's triggers are played).
  A :class:`SpinModifier` has a file key too, and names the feature it attaches to
  (:attr:`SpinModifier.host`).

What a feature reports -- pure data, never the player's words (those are the session's
and the views', found by the feature's name) -- comes from hooks too, so that no caller
tells features apart by their class:

* :meth:`Feature.started_part` -- which of its parts a host's record started;
* :meth:`Feature.eval_inputs` (and :meth:`SpinModifier.eval_inputs`) -- what the ``eval``
  command takes to evaluate a window as one of the feature's spins
  (:class:`~slotterm.engine.eval_input.EvalInput`);
* :meth:`SpinModifier.added` / :meth:`SpinModifier.line_wins` -- what a modifier adds to a
  window, and the line wins of what it added (the history and ``eval`` show them).

Records are frozen values owned by their feature; the round keeps them in
:class:`~slotterm.engine.records.FeatureFrame` s.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from slotterm.engine.actions import Bet, FeatureAction, Limits
from slotterm.engine.eval_input import EvalInput
from slotterm.engine.fast_init import keyword_builder, strict_tuple
from slotterm.engine.records import EndReason, SpinResult

__all__ = [
    "Feature",
    "FeatureAction",
    "FeatureContext",
    "FeatureStep",
    "Json",
    "SpinModifier",
    "TriggerHint",
    "Triggered",
    "build_feature_context",
    "build_feature_step",
]

if TYPE_CHECKING:
    from slotterm.engine.events import Event
    from slotterm.engine.file_table import FileContext, FileTable
    from slotterm.engine.outcome import LineWin, Window
    from slotterm.rng import RandomSource

Json = dict[str, Any]
"""A JSON-ready object."""

Definition = Any
"""The game a feature is part of: a :class:`~slotterm.engine.model.GameDefinition`.

Named without importing it: the definition holds its features, so the model imports this
contract and the contract may not import the model back (the import runs one way).  The
feature modules, above both, name the definition itself."""


@strict_tuple
class FeatureContext(NamedTuple):
    """What a feature may know about the round it runs in.

    ``room`` is how much more the round's features may pay (cents): before the round's cap,
    or before the operator's feature limit (``Limits.free_spin_limit``, the most a round's
    features -- free spins and every bonus won in them -- may pay together) when that comes
    first; ``room_ends`` says which (``CAP`` or ``LIMIT``), the reason a feature the room cuts
    ends with.  For the triggers of a base spin, which pay nothing, ``room`` is the whole
    cap.  ``inside`` is the name of the
    feature whose step drew the window (``None`` for the base spin); ``force`` the
    tester's force string (``"name"`` or ``"name:detail"``) while a forced base spin's
    triggers are asked.
    """

    game: Definition
    bet: Bet
    limits: Limits
    room: int
    inside: str | None = None
    force: str | None = None
    room_ends: EndReason = EndReason.CAP

    def cuts(self, win: int) -> bool:
        """Whether a step paying ``win`` is cut to the room and ends the features: the cap
        ends them once reached, the operator's limit once passed (a feature whose wins
        come to the limit exactly plays on, as the rules say)."""
        room = self.room
        return win > room or (win == room and self.room_ends is EndReason.CAP)


build_feature_context = keyword_builder(FeatureContext)
"""``FeatureContext(game=, bet=, limits=, room=, ...)``, cheaper (built for feature steps)."""


@strict_tuple
class Triggered(NamedTuple):
    """A window started a feature: its first record and the events that announce it."""

    record: Any
    events: tuple[Event, ...] = ()


@strict_tuple
class TriggerHint(NamedTuple):
    """A necessary condition for a feature's :meth:`~Feature.trigger` on any window.

    The trigger returns ``None`` on every window that shows fewer than ``min_scatters``
    scatters, or (when ``symbol`` is given) lacks ``symbol`` on one of ``reels``
    (0-based), whether a base spin or another feature drew it.  The base spin and a
    feature's spin ask the trigger only on the other windows, so a hint must never
    rule out a window the trigger would accept.
    """

    min_scatters: int = 0
    symbol: str | None = None
    reels: tuple[int, ...] = ()


@strict_tuple
class FeatureStep(NamedTuple):
    """What one step of a feature did.

    ``win`` is what the step adds to the round (cents, already cut to the context's
    ``room``); ``spin`` a window it drew, offered to the other features' triggers;
    ``ended_by`` set when the round cap or an operator limit ended the feature;
    ``started`` the parts the step started (:meth:`Feature.start`), pushed on top of
    the frame stack so that the first is played first.
    """

    record: Any
    events: tuple[Event, ...]
    win: int = 0
    spin: SpinResult | None = None
    ended_by: EndReason | None = None
    started: tuple[tuple[Feature, Triggered], ...] = ()


build_feature_step = keyword_builder(FeatureStep)
"""``FeatureStep(record=, events=, ...)``, cheaper (every feature step returns one)."""


class Feature:
    """The contract every feature implements (see the module notes).

    ``name`` identifies the feature in a game and in saves; ``actions`` maps the save
    names of its actions to their classes.  Subclasses override what they use; the
    defaults describe a feature with no actions that never triggers.
    """

    name: ClassVar[str] = ""
    actions: ClassVar[Mapping[str, type[FeatureAction]]] = {}
    file_key: ClassVar[str | None] = None
    """The feature's top-level key in a game file; ``None`` for one a game file never
    names at the top (a pick game is read inside its host's table, found by its name)."""
    play_order: ClassVar[int] = 50
    """A game's features stand in this order, lowest first, whatever the order of the
    file's keys: it is the order the features a spin triggers are played in (the Mystery
    bonus, 10, before the free spins, 20, that the same spin awards)."""

    @classmethod
    def from_file(cls, table: FileTable, context: FileContext) -> Feature:
        """The feature its game-file ``table`` describes, every key read and checked.

        Raises :class:`~slotterm.engine.file_table.FileTableError` naming the key.
        """
        table.fail(f"the {cls.name or 'feature'} cannot be read from a game file")

    def to_file(self) -> Json:
        """The feature's table for a game file: what :meth:`from_file` reads back."""
        raise NotImplementedError(f"{self.name} has no game-file table")

    def file_extras(self) -> Json:
        """Top-level keys of a game file the feature writes besides its own table
        (its strips go under ``reels``, its modifier under the modifier's key)."""
        return {}

    def validate(self, game: Definition) -> None:
        """Raise :class:`~slotterm.engine.definition_error.DefinitionError` if ``game``
        cannot use it."""

    def trigger(self, ctx: FeatureContext, spin: SpinResult) -> Triggered | None:
        """The feature's first record when ``spin`` starts it, else ``None`` (no draws)."""
        return None

    def trigger_hint(self) -> TriggerHint | None:
        """Which base spins cannot start the feature (see :class:`TriggerHint`).

        ``None`` (the default): no hint, the trigger is asked on every base spin.
        """
        return None

    def refusal(self, ctx: FeatureContext, record: Any, action: FeatureAction) -> str | None:
        """Why ``action`` is not allowed now, or ``None``."""
        return "this feature takes no actions"

    def step(
        self, ctx: FeatureContext, record: Any, action: FeatureAction, rng: RandomSource
    ) -> FeatureStep:
        """Carry out an allowed ``action``; draws go through ``rng`` (recorded)."""
        raise NotImplementedError

    def finished(self, record: Any) -> bool:
        """True when the feature has nothing left to do."""
        return True

    def pay(self, record: Any) -> int:
        """What the feature has won so far (cents, after any cut)."""
        return 0

    def phase(self, record: Any) -> str:
        """A short name of where the feature stands (e.g. ``"awarded"``, ``"playing"``)."""
        return "done" if self.finished(record) else "playing"

    def next_action(
        self,
        ctx: FeatureContext,
        record: Any,
        policy: str,
        chooser: RandomSource | None = None,
    ) -> FeatureAction:
        """The action the ``policy`` (``best``, ``keep-first``, ``random``, ``worst``) takes.

        ``random`` draws its choices from ``chooser`` (never the game's own source: a
        choice is not part of the outcome); without one it takes the first choice.
        """
        raise NotImplementedError

    def parts(self) -> tuple[Feature, ...]:
        """Features this one starts itself (pick games of a bonus); never triggered by spins."""
        return ()

    def start(self, ctx: FeatureContext, rng: RandomSource) -> Triggered:
        """The first record of a part started by another feature; draws through ``rng``."""
        raise NotImplementedError(f"{self.name} is not started by another feature")

    def force_refusal(self, detail: str) -> str | None:
        """Why ``--force NAME:detail`` makes no sense for this feature, or ``None``.

        ``detail`` is ``""`` for a plain ``--force NAME``.
        """
        return None if not detail else f"{self.name} takes no detail to force"

    def forced_draws(self, detail: str) -> tuple[tuple[int, int], ...]:
        """The single draws a forced ``detail`` hands the feature, ``(bound, value)`` each:
        its next ``randbelow(bound)`` draws give those values (a pick game's layout,
        ``mystery_bonus:pumpkin=2,4,6,10,50``).  ``()`` (the default): none.

        Only called on a ``detail`` :meth:`force_refusal` accepts.
        """
        return ()

    def reel_sets(self) -> Mapping[str, tuple[tuple[str, ...], ...]]:
        """Strip sets the feature spins on, by name (e.g. ``{"free": strips}``)."""
        return {}

    # --- what the feature reports (pure data) ----------------------------------------------

    def started_part(self, record: Any) -> str | None:
        """The name of the part (:meth:`parts`) ``record`` has started, or ``None``.

        A host's record names the part it drew once it drew one (the Mystery bonus's pick
        game); a feature without parts never started one.
        """
        return None

    def eval_inputs(self) -> tuple[EvalInput, ...]:
        """What ``eval`` takes to evaluate a window as one of this feature's spins.

        ``()`` (the default): the feature has no spins of its own to evaluate.
        """
        return ()

    # --- save codec ------------------------------------------------------------------------

    def encode(self, record: Any) -> Json:
        """The record as a JSON-ready object."""
        raise NotImplementedError

    def decode(self, ctx: FeatureContext, value: Any, where: str) -> Any:
        """The record from its JSON, validated; raises ``RecordError`` naming ``where``."""
        raise NotImplementedError

    def encode_action(self, action: FeatureAction) -> Json:
        """An action as ``{"type": name, fields...}`` (field-less actions by default)."""
        return {"type": action.name}

    def decode_action(self, value: Mapping[str, Any], where: str) -> FeatureAction:
        """An action of this feature from its JSON (field-less actions by default)."""
        kind = value.get("type")
        cls = self.actions.get(kind) if isinstance(kind, str) else None
        if cls is None:
            from slotterm.engine.fields import RecordError

            raise RecordError(f"{where}.type {kind!r} is not an action of {self.name}")
        return cls()


class SpinModifier:
    """A feature that changes how another feature's spins pay (one symbol for a feature, say).

    It draws its state once when the host feature starts (:meth:`start`), then adds to
    each spin the host plays (:meth:`modify`).  Its state is saved with the host's
    record; what it adds to a spin is recomputed from the window on load.
    """

    name: ClassVar[str] = ""
    file_key: ClassVar[str | None] = None
    """The modifier's top-level key in a game file (``None``: not read from files)."""
    host: ClassVar[str] = ""
    """The name of the feature a game file's modifier attaches to (e.g. ``free_spins``)."""

    @classmethod
    def from_file(cls, table: FileTable, context: FileContext) -> SpinModifier:
        """The modifier its game-file ``table`` describes (see :meth:`Feature.from_file`)."""
        table.fail(f"the {cls.name or 'modifier'} cannot be read from a game file")

    def to_file(self) -> Json:
        """The modifier's table for a game file."""
        raise NotImplementedError(f"{self.name} has no game-file table")

    def validate(self, game: Definition) -> None:
        """Raise :class:`~slotterm.engine.definition_error.DefinitionError` if ``game``
        cannot use it."""

    def start(self, ctx: FeatureContext, rng: RandomSource) -> tuple[Any, tuple[Event, ...]]:
        """Draw the modifier's state for a new feature; returns it and its events."""
        raise NotImplementedError

    def modify(self, ctx: FeatureContext, state: Any, spin: SpinResult) -> tuple[Any, int]:
        """What the modifier adds to ``spin`` (a value or ``None``) and its win in cents."""
        raise NotImplementedError

    def encode_state(self, state: Any) -> Any:
        """The state as a JSON-ready value."""
        raise NotImplementedError

    def decode_state(self, value: Any, where: str) -> Any:
        """The state from its JSON, validated; raises ``RecordError`` naming ``where``."""
        raise NotImplementedError

    # --- what the modifier reports (pure data) ---------------------------------------------

    def added(
        self, game: Definition, window: Window, state: Any, lines: int, bet_per_line: int
    ) -> tuple[Any, int]:
        """What the modifier in ``state`` adds to ``window`` (a value or ``None``) and its
        win in cents, at ``lines`` lines of ``bet_per_line`` (``eval`` asks this)."""
        raise NotImplementedError

    def line_wins(self, extra: Any) -> tuple[LineWin, ...]:
        """The line wins in what :meth:`modify` added to a spin (``extra``; none by default)."""
        return ()

    def eval_inputs(self) -> tuple[EvalInput, ...]:
        """What ``eval`` takes for the modifier's state (see :meth:`Feature.eval_inputs`)."""
        return ()
