"""What a tester's ``--force EVENT`` asks of the next round, read against a game.

:func:`parse_force` is a pure function from the text to a :class:`Forcing` (or a
:class:`ForceError` of one line): the command line and a key script (``@force``) read
``--force`` through it alike.  The events:

* ``free-spins``, ``mystery-bonus``, ``mystery-bonus:NAME`` (NAME a pick game's label) and
  ``mystery-bonus:NAME=LAYOUT`` (that pick game with that hidden layout) -- a feature the
  next spin starts: the engine redraws the base spin until it does (:attr:`Forcing.feature`,
  the engine's force string, saved with the spin);
* ``retrigger``, ``five-of-a-kind:SYM`` and ``cap`` -- reel stops found on the strips
  (:mod:`slotterm.force_plans`) that the next round's spins take: the free spins started
  and retriggered, SYM five times on a paid line, the round cap reached at the bet.
"""

from __future__ import annotations

from dataclasses import dataclass

from slotterm.engine.actions import Bet, Limits
from slotterm.engine.model import GameDefinition
from slotterm.engine.round import force_refusal
from slotterm.force_plans import PlanError, cap, five_of_a_kind, retrigger
from slotterm.forced_stops import ForcedSpin

PLANS = ("retrigger", "five-of-a-kind", "cap")
"""The events played on reel stops found for them (:mod:`slotterm.force_plans`)."""
EVENTS = ("free-spins", "mystery-bonus", *PLANS)
"""Every event ``--force`` takes (a game's own features besides)."""


class ForceError(ValueError):
    """A ``--force`` the game cannot play: one line saying why."""


@dataclass(frozen=True, slots=True)
class Forcing:
    """A tester's ``--force``, read: ``text`` as given, ``feature`` the engine's force
    string of the next spin (``None`` for a plan), ``plan`` one of :data:`PLANS` (or
    ``None``), ``symbol`` the symbol id of ``five-of-a-kind``."""

    text: str
    feature: str | None = None
    plan: str | None = None
    symbol: str | None = None

    def spins(self, game: GameDefinition, bet: Bet, limits: Limits) -> tuple[ForcedSpin, ...]:
        """The reel stops the next round takes at ``bet`` (``()`` for a feature force);
        a :class:`ForceError` when no stops do what the plan asks at that bet."""
        try:
            if self.plan == "retrigger":
                return retrigger(game, bet, limits)
            if self.plan == "cap":
                return cap(game, bet, limits)
            if self.plan == "five-of-a-kind":
                assert self.symbol is not None
                return (five_of_a_kind(game, self.symbol, bet.lines),)
        except PlanError as exc:
            raise ForceError(str(exc)) from None
        return ()


def parse_force(game: GameDefinition, text: str, bet: Bet | None = None) -> Forcing:
    """``text`` (``--force``'s value) read against ``game``, a plan tried at ``bet``
    (the game's default bet if ``None``); a :class:`ForceError` if it cannot be played."""
    event, colon, detail = text.partition(":")
    name = event.replace("-", "_")
    if event in PLANS:
        forcing = _plan(game, event, detail if colon else None)
        forcing.spins(game, bet or game.default_bet(), Limits())
        return forcing
    if event not in EVENTS and not game.has_feature(name):
        raise ForceError(f"no such event {event[:30]!r} (one of: {', '.join(EVENTS)})")
    if not game.has_feature(name):
        raise ForceError(f"{game.name} has no {event} feature")
    force = name + colon + detail
    reason = force_refusal(game, force)
    if reason is not None:
        raise ForceError(reason)
    return Forcing(text, feature=force)


def _plan(game: GameDefinition, event: str, detail: str | None) -> Forcing:
    """A plan's :class:`Forcing`: only ``five-of-a-kind`` takes a detail, its symbol."""
    if event != "five-of-a-kind":
        if detail is not None:
            raise ForceError(f"{event} takes nothing after it")
        return Forcing(event, plan=event)
    if not detail:
        raise ForceError("five-of-a-kind needs a symbol: five-of-a-kind:SYM")
    symbol = symbol_of(game, detail)
    if not pays_five_on_a_line(game, symbol):
        raise ForceError(
            f"{symbol} pays nothing as five on a line in {game.name} (a scatter pays where it "
            "lands): five-of-a-kind takes a symbol of the line paytable"
        )
    return Forcing(f"{event}:{detail}", plan=event, symbol=symbol)


def pays_five_on_a_line(game: GameDefinition, symbol: str) -> bool:
    """True when five ``symbol`` on a line pay as a line win: its own line pay, or (a wild
    with no pay of its own) the pay a line of wilds takes."""
    if 5 in game.paytable.get(symbol, {}):
        return True
    return symbol in game.wild_ids and game.wild_only_pays_as is not None


def symbol_of(game: GameDefinition, text: str) -> str:
    """The id of the symbol ``text`` names: its id or its name, as the game file spells
    it (any case); a :class:`ForceError` listing the ids when none does."""
    wanted = text.strip().casefold()
    for symbol in game.symbols:
        if wanted in (symbol.id.casefold(), symbol.name.casefold()):
            return symbol.id
    ids = ", ".join(symbol.id for symbol in game.symbols)
    raise ForceError(f"{game.name} has no symbol {text[:30]!r} (its symbols: {ids})")
