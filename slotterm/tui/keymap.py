"""The main screen's keys and the rule deciding which of them work in each state.

Several bindings share a key (Space spins, stops, collects, opens the Magic Book, plays a
free spin or hides the summary); exactly one of them is enabled at a time, so the key
does the one thing that makes sense now and the footer names it.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.binding import Binding, BindingType

from slotterm.engine.round import Phase

PRIMARY = "space,enter,s,0"
"""Spin / stop / feature start / feature play / feature hide (rules: Space, Enter, 0, S)."""

GAME_BINDINGS: list[BindingType] = [
    Binding(PRIMARY, "stop", "Stop", key_display="Space"),
    Binding(PRIMARY, "skip", "Skip", key_display="Space"),
    Binding(PRIMARY, "hide_summary", "Continue", key_display="Space"),
    Binding(PRIMARY, "start_feature", "Magic Book", key_display="Space"),
    Binding(PRIMARY, "free_spin", "Free spin", key_display="Space"),
    Binding("space,enter,7", "collect", "Collect", key_display="Space"),
    Binding("s,0", "collect_and_spin", "Collect+spin", show=False),
    Binding(PRIMARY, "spin", "Spin", key_display="Space"),
    Binding("5", "gamble", "Gamble"),
    Binding("plus,add", "bet(1)", "Bet", key_display="+/−"),
    Binding("minus,subtract", "bet(-1)", "Bet −", show=False),
    Binding("right,2", "lines(1)", "Lines", key_display="←/→"),
    Binding("left,1", "lines(-1)", "Lines −", show=False),
    Binding("b", "bet_max", "Max", key_display="B"),
    Binding("u", "top_up", "Top up", key_display="U"),
    Binding("a", "autoplay", "Auto", key_display="A"),
    Binding("p,8", "paytable", "Pays", key_display="P"),
    Binding("h,9", "help", "Help", key_display="H"),
    Binding("q", "quit", "Quit", key_display="Q"),
    Binding("y", "history", "History", key_display="Y"),
    Binding("t", "stats", "Stats", key_display="T"),
    # Last: the footer is cut on the right at 80 columns, and quick spin is the one
    # setting a player can do without seeing (the QUICK badge shows it when on).
    Binding("f", "quick", "Quick", key_display="F"),
]


@dataclass(frozen=True, slots=True)
class KeyState:
    """What the key rule needs to know about the screen right now."""

    phase: Phase
    stoppable: bool
    autoplay: bool
    summary: bool
    can_gamble: bool
    needs_top_up: bool
    book: bool = False
    """The moving scene is the Magic Book (Space skips it rather than stopping reels)."""


def key_enabled(action: str, s: KeyState) -> bool:
    """True when the action (name without arguments) works in state ``s``."""
    free = not s.stoppable and not s.autoplay
    # The feature summary is a step of its own (feature hide): until it is hidden,
    # Space/Enter/0/S only hide it; collect, gamble and autoplay wait.
    offer = s.phase is Phase.WIN_OFFERED and free and not s.summary
    # Out of credits even for the smallest bet: only the top-up (and the screens) help.
    between = s.phase is Phase.IDLE and free and not s.needs_top_up
    rules = {
        "stop": s.stoppable and not s.book,
        "skip": s.stoppable and s.book,
        "hide_summary": s.summary and not s.stoppable,
        "start_feature": s.phase is Phase.FEATURE_AWARDED and not s.stoppable,
        "free_spin": s.phase is Phase.FREE_SPINS and not s.stoppable,
        "collect": offer,
        "collect_and_spin": offer,
        "spin": between,
        "bet": between,
        "lines": between,
        "bet_max": between,
        "gamble": free and s.can_gamble and not s.summary,
        "top_up": free and s.needs_top_up,
        "autoplay": s.autoplay
        or (
            s.phase in (Phase.IDLE, Phase.WIN_OFFERED)
            and not (s.stoppable or s.summary or s.needs_top_up)
        ),
        "paytable": free,
        "help": free,
        "history": free,
        "stats": free,
    }
    return rules.get(action, True)


def parse_action(action: str) -> tuple[str, tuple[object, ...]]:
    """``"bet(1)"`` -> ``("bet", (1,))`` (only the small integer arguments used here)."""
    name, _, rest = action.partition("(")
    args = tuple(int(a) for a in rest.rstrip(")").split(",") if a.strip())
    return name, args
