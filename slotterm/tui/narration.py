"""What the main screen says and shows at rest, derived only from the session.

Kept apart from the screen so the texts and amounts can be checked without a terminal.
"""

from __future__ import annotations

from collections.abc import Sequence

from slotterm.engine.evaluate import Window, window_at
from slotterm.engine.model import GameDefinition
from slotterm.engine.round import (
    CreditsAdded,
    Event,
    FeatureEnded,
    FreeSpinsAwarded,
    Phase,
    Round,
    RoundClosed,
    StartGamble,
)
from slotterm.money import format_cents
from slotterm.session.game_session import GameSession


def win_on_display(session: GameSession) -> int:
    """The Win box at rest: the open round's win, else what the last round paid."""
    round_ = session.state.round
    if round_ is not None:
        return round_.win
    return session.history[-1].paid if session.history else 0


def latest_window(session: GameSession) -> tuple[Window, Round | None]:
    """The window to show: the open round's latest spin, else the last closed round's.

    Returns the round it belongs to (``None`` for the idle opening picture).
    """
    round_ = session.state.round
    if round_ is None and session.history:
        round_ = session.history[-1]
    if round_ is None:
        return opening_window(session.game), None
    if round_.free_spins:
        return round_.free_spins[-1].result.window, round_
    return round_.base.window, round_


def opening_window(game: GameDefinition) -> Window:
    """A calm picture for a fresh session: no scatter, a different start on each reel.

    Purely decorative (read from the strips, nothing drawn from the random source).
    """
    stops = []
    for reel, strip in enumerate(game.base_reels):
        stop = 1 + 3 * reel
        while any(strip[(stop + i) % len(strip)] in game.scatter_ids for i in range(game.rows)):
            stop += 1
        stops.append(stop % len(strip))
    return window_at(game.base_reels, stops, game.rows)


def smallest_bet(session: GameSession) -> int:
    """The cheapest bet the game takes (smallest step on one line)."""
    return min(session.bet_steps)


def needs_top_up(session: GameSession) -> bool:
    """True between rounds when the credits cannot cover even the smallest bet."""
    return session.phase is Phase.IDLE and session.state.credits < smallest_bet(session)


def feature_progress(round_: Round) -> str:
    """ "Free spin N of M · feature win X" for the banner."""
    played = len(round_.free_spins)
    awarded = round_.free_spins_awarded
    head = f"Free spin {played} of {awarded}" if played else f"{awarded} free spins"
    return f"{head}  ·  feature win {format_cents(round_.feature_win)}"


NOTE_ROOM = 40
"""Longest note that still leaves room for the prompt on an 80-column message line."""


def opening_note(session: GameSession) -> str:
    """The message line's first note: the load notice when short, else where to read it."""
    notice = session.load_notice
    if notice:
        return notice if len(notice) <= NOTE_ROOM else "Please read the note about your save."
    if session.state.round is not None:
        return "Welcome back: your round goes on."
    return ""


def rest_prompt(session: GameSession, *, summary: bool, autoplay: bool) -> str:
    """What to press next, for the current phase."""
    state = session.state
    round_ = state.round
    if summary:
        return "Press Space, Enter, 0 or S to continue."
    if state.phase is Phase.FEATURE_AWARDED and round_ is not None:
        return f"{round_.free_spins_awarded} FREE SPINS! Press Space to open the Magic Book."
    if state.phase is Phase.FREE_SPINS and round_ is not None:
        nxt = len(round_.free_spins) + 1
        return f"Press Space for free spin {nxt} of {round_.free_spins_awarded}."
    if state.phase is Phase.WIN_OFFERED and round_ is not None:
        if autoplay:
            return f"Win {format_cents(round_.win)}: autoplay collects it."
        gamble = " · 5 gamble" if session.can(StartGamble()) else ""
        return f"Win {format_cents(round_.win)}! Space/Enter/7 collect{gamble}"
    if state.phase is Phase.GAMBLE:
        return "Gamble open."
    if needs_top_up(session):
        top = format_cents(session.start_credits)
        return f"Credits can't cover the smallest bet. Press U to top up to {top}."
    if autoplay:
        return "Autoplay is on: press A to stop it."
    if session.bet.total > state.credits:
        return "Not enough credits: lower the bet with − or ←."
    return "Press Space to spin."


def event_note(events: Sequence[Event]) -> str | None:
    """What just happened, for the message line (``None`` when nothing worth saying)."""
    note = None
    for event in events:
        if isinstance(event, RoundClosed) and event.round.paid:
            note = f"Collected {format_cents(event.round.paid)}."
        elif isinstance(event, RoundClosed):
            note = "The gamble was lost." if event.round.gamble else "No win this time."
        elif isinstance(event, CreditsAdded):
            note = f"Added {format_cents(event.amount)} demo credits."
        elif isinstance(event, FreeSpinsAwarded) and event.retrigger:
            note = f"+{event.count} free spins!"
        elif isinstance(event, FeatureEnded):
            note = f"Free spins over: they won {format_cents(event.total)}."
    return note


def moving_text(session: GameSession, *, autoplay: bool) -> str:
    """The message while the reels or the book move."""
    round_ = session.state.round or (session.history[-1] if session.history else None)
    if autoplay:
        return "Autoplay spinning… A stops autoplay."
    if round_ is not None and round_.special is not None and round_.free_spins:
        return f"Free spin {len(round_.free_spins)} of {round_.free_spins_awarded}…"
    if round_ is not None and round_.special is not None and session.state.round is not None:
        return "The Magic Book chooses the special symbol… Space skips."
    return "Good luck! Space stops the reels."
