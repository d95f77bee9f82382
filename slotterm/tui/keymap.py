"""The main screen's keys and the rule deciding which of them work in each state.

Several bindings share a key (Space spins, stops, collects, skips a feature's show, takes
a feature's step or hides the summary); exactly one of them is enabled at a time, so the
key does the one thing that makes sense now and the footer names it.  The features' own
keys come from their views (:meth:`FeatureView.bindings
<slotterm.tui.features.view.FeatureView.bindings>`), as ``feature('<action name>')``.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from dataclasses import dataclass, field

from textual.binding import Binding, BindingsMap, BindingType

from slotterm.engine.records import Phase


def both_cases(keys: str) -> str:
    """A binding's key list with each single letter also in upper case (``"b"`` ->
    ``"b,B"``): a letter works with Shift or Caps Lock as well."""
    names = keys.split(",")
    upper = [name.upper() for name in names if len(name) == 1 and name.isalpha()]
    return ",".join([*names, *upper])


PRIMARY = both_cases("space,enter,s,0")
"""Spin / stop / feature steps / summary hide (rules: Space, Enter, 0, S)."""

GAME_BINDINGS: list[BindingType] = [
    Binding(PRIMARY, "stop", "Stop", key_display="Space"),
    Binding(PRIMARY, "skip", "Skip", key_display="Space"),
    Binding(PRIMARY, "hide_summary", "Continue", key_display="Space"),
    Binding("space,enter,7", "collect", "Collect", key_display="Space"),
    Binding(both_cases("s,0"), "collect_and_spin", "Collect+spin", show=False),
    Binding(PRIMARY, "spin", "Spin", key_display="Space"),
    Binding("5", "gamble", "Gamble"),
    Binding("plus,add", "bet(1)", "Bet", key_display="+/−"),
    Binding("minus,subtract", "bet(-1)", "Bet −", show=False),
    # A game bet in coins: + / − step the coin size, ↑ / ↓ the coins per line.
    Binding("plus,add", "coin_size(1)", "Coin", key_display="+/−"),
    Binding("minus,subtract", "coin_size(-1)", "Coin −", show=False),
    Binding("right,2", "lines(1)", "Lines", key_display="←/→"),
    Binding("left,1", "lines(-1)", "Lines −", show=False),
    Binding("up", "coins(1)", "Coins", key_display="↑/↓"),
    Binding("down", "coins(-1)", "Coins −", show=False),
    Binding(both_cases("b"), "bet_max", "Max", key_display="B"),
    Binding(both_cases("u"), "top_up", "Top up", key_display="U"),
    Binding(both_cases("a"), "autoplay", "Auto", key_display="A"),
    Binding(both_cases("p,8"), "open('paytable')", "Pays", key_display="P"),
    Binding(both_cases("h,9"), "open('help')", "Help", key_display="H"),
    Binding(both_cases("q"), "quit", "Quit", key_display="Q"),
    Binding(both_cases("y"), "open('history')", "History", key_display="Y"),
    Binding(both_cases("t"), "open('stats')", "Stats", key_display="T"),
    Binding(both_cases("c"), "units", "Units", key_display="C"),
    # Last: quick spin is the one setting a player can do without seeing (the QUICK
    # badge shows it when on).
    Binding(both_cases("f"), "quick", "Quick", key_display="F"),
]
"""The core keys of every game, most important first; a game's features add theirs
(:func:`with_feature_keys`).

The footer shows them in this order and, where it is too narrow (80 columns), leaves out
whole keys from the least important end: first what plays the round (Space's meaning, the
bet keys, Max, Top up, Auto), then Pays, Help and Quit, then the screens a player opens
now and then (History, Stats), Units and Quick.  All of them are listed under Help."""


def with_feature_keys(bindings: BindingsMap, feature_keys: Sequence[Binding]) -> BindingsMap:
    """A copy of a screen's ``bindings`` with the features' keys added.

    A feature key shares its key with core meanings (Space...); at most one of them is
    enabled at a time, and the footer keeps each key where the core put it.
    """
    keys = {key: list(found) for key, found in bindings.key_to_bindings.items()}
    for binding in Binding.make_bindings(feature_keys):
        keys.setdefault(binding.key, []).append(binding)
    return BindingsMap.from_keys(keys)


@dataclass(frozen=True, slots=True)
class KeyState:
    """What the key rule needs to know about the screen right now."""

    phase: Phase
    stoppable: bool
    autoplay: bool
    summary: bool
    can_gamble: bool
    needs_top_up: bool
    skippable: bool = False
    """The moving scene is a feature's show (Space skips it rather than stopping reels)."""
    feature_actions: frozenset[str] = field(default_factory=frozenset)
    """The feature actions (by save name) the session allows now."""
    bet_keys: frozenset[str] = frozenset({"bet"})
    """The bet actions the game's bet model's keys answer (its view's
    :attr:`~slotterm.tui.bets.view.BetView.bet_actions`; by default a bet per line's)."""
    short: bool = False
    """Between rounds, the credits cover a smaller bet but not the one chosen."""
    top_up_helps: bool = False
    """The credits fall short and a top-up would add some."""
    holding: bool = False
    """A hold runs (a result or a skipped show held for a moment): no feature step yet."""


def key_enabled(action: str, s: KeyState, parameters: tuple[object, ...] = ()) -> bool:
    """True when the action (name without arguments, then its arguments) works in ``s``."""
    free = not s.stoppable and not s.autoplay
    # The feature summary is a step of its own (feature hide): until it is hidden,
    # Space/Enter/0/S only hide it; collect, gamble and autoplay wait.
    offer = s.phase is Phase.WIN_OFFERED and free and not s.summary
    # Out of credits even for the smallest bet: only the top-up (and the screens) help;
    # short of credits for the bet chosen: the keys that lower it, and the top-up.
    # The summary of a feature that closed its round stands on an idle machine: the
    # bet and spin keys wait for it too (else + / - would change the bet under it).
    between = s.phase is Phase.IDLE and free and not s.needs_top_up and not s.summary
    spins = between and not s.short
    if action == "feature":
        feature_free = not s.stoppable and not s.holding
        return feature_free and bool(parameters) and parameters[0] in s.feature_actions
    rules = {
        "stop": s.stoppable and not s.skippable,
        "skip": s.stoppable and s.skippable,
        "hide_summary": s.summary and not s.stoppable,
        "collect": offer,
        "collect_and_spin": offer,
        "spin": spins,
        "bet": between and "bet" in s.bet_keys,
        "coin_size": between and "coin_size" in s.bet_keys,
        "coins": between and "coins" in s.bet_keys,
        "units": "units" in s.bet_keys and not s.stoppable,
        "lines": between,
        "bet_max": between,
        "gamble": free and s.can_gamble and not s.summary,
        "top_up": free and (s.needs_top_up or s.top_up_helps),
        "autoplay": s.autoplay
        or (
            s.phase in (Phase.IDLE, Phase.WIN_OFFERED)
            and not (s.stoppable or s.summary or s.needs_top_up)
            and not (s.short and s.phase is Phase.IDLE)
        ),
        "open": free,
    }
    return rules.get(action, True)


class KeySwitch:
    """Which of a screen's keys work now; says when that changed (the footer is costly)."""

    def __init__(self, bindings: Sequence[BindingType]) -> None:
        self._actions = [parse_action(b.action) for b in bindings if isinstance(b, Binding)]
        self._last: tuple[bool, ...] = ()

    def changed(self, state: KeyState) -> bool:
        """True when the set of working keys differs from the last time it was asked."""
        now = tuple(key_enabled(name, state, args) for name, args in self._actions)
        changed, self._last = now != self._last, now
        return changed


def parse_action(action: str) -> tuple[str, tuple[object, ...]]:
    """``"bet(1)"`` -> ``("bet", (1,))``; ``"feature('x')"`` -> ``("feature", ("x",))``."""
    name, _, rest = action.partition("(")
    inner = rest.rstrip(")").strip()
    args = ast.literal_eval(f"({inner},)") if inner else ()
    return name, tuple(args)
