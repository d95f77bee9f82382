"""What the main screen says and shows at rest, derived only from the session.

Kept apart from the screen so the texts and amounts can be checked without a terminal.
What a feature says comes from its view (``views``: the game's
:class:`~slotterm.tui.features.registry.FeatureViews`).
"""

from __future__ import annotations

from collections.abc import Sequence

from slotterm.engine.actions import StartGamble
from slotterm.engine.evaluate import window_at
from slotterm.engine.events import CreditsAdded, Event, RoundClosed
from slotterm.engine.model import GameDefinition
from slotterm.engine.outcome import Window
from slotterm.engine.records import EndReason, Phase, Round
from slotterm.money import format_cents
from slotterm.session.game_session import GameSession
from slotterm.tui.bet_views import bet_view
from slotterm.tui.features.registry import FeatureViews


def win_on_display(session: GameSession) -> int:
    """The Win box at rest: the open round's win, else what the last round paid."""
    round_ = session.state.round
    if round_ is not None:
        return round_.win
    return session.history[-1].paid if session.history else 0


def gamble_lost(session: GameSession) -> bool:
    """True between rounds when the last round ended on a lost gamble (its wins, lost,
    are no longer shown on the reels)."""
    last = session.history[-1] if session.history else None
    return session.state.round is None and last is not None and bool(last.gamble) and not last.paid


def shown_round(session: GameSession) -> Round | None:
    """The round the screen shows: the open one, else the last closed one."""
    round_ = session.state.round
    if round_ is None and session.history:
        round_ = session.history[-1]
    return round_


def latest_window(session: GameSession, views: FeatureViews) -> tuple[Window, Round | None]:
    """The window to show: the round's latest spin (a feature's, if it spun), else the base.

    Returns the round it belongs to (``None`` for the idle opening picture).
    """
    round_ = shown_round(session)
    if round_ is None:
        return opening_window(session.game), None
    spin = views.latest_spin(round_)
    return (spin or round_.base).window, round_


def opening_window(game: GameDefinition) -> Window:
    """A calm picture for a fresh session: no scatter, a different start on each reel.

    Purely decorative (read from the strips, nothing drawn from the random source).
    """
    strips = game.reel_sets["base"]
    stops = []
    for reel, strip in enumerate(strips):
        stop = 1 + 3 * reel
        while any(strip[(stop + i) % len(strip)] in game.scatter_ids for i in range(game.rows)):
            stop += 1
        stops.append(stop % len(strip))
    return window_at(strips, stops, game.rows)


def idle_banner(game: GameDefinition, views: FeatureViews) -> tuple[str, ...]:
    """The banner's title between rounds, in parts: the game's name, then what each of its
    features offers (the banner shows the taglines that fit on its one line)."""
    taglines = (text for view in views.views if (text := view.tagline()))
    return (game.name.upper(), *taglines)


def smallest_bet(session: GameSession) -> int:
    """The cheapest bet the game takes (smallest step on one line)."""
    return min(session.bet_steps)


def needs_top_up(session: GameSession) -> bool:
    """True between rounds when the credits cannot cover even the smallest bet."""
    return session.phase is Phase.IDLE and session.state.credits < smallest_bet(session)


def short_of_credits(session: GameSession) -> bool:
    """True between rounds when the credits cover a smaller bet but not the one chosen."""
    return (
        session.phase is Phase.IDLE
        and not needs_top_up(session)
        and session.bet.total > session.state.credits
    )


def top_up_helps(session: GameSession) -> bool:
    """True between rounds when the credits fall short and a top-up would add some."""
    short = needs_top_up(session) or short_of_credits(session)
    return short and session.state.credits < session.start_credits


def spin_refused_note(session: GameSession, refusal: str) -> str:
    """The note for a spin refused: none when the credits fall short, as the prompt says
    so already (and which keys help); else the reason."""
    if needs_top_up(session) or short_of_credits(session):
        return ""
    return f"{refusal.capitalize()}."


def lowering_keys(game: GameDefinition) -> str:
    """The keys that lower the bet, in the game's own way of betting (its bet view's)."""
    return bet_view(game).lowering_keys


NOTE_ROOM = 52
"""Longest note that still leaves room for the prompt on an 80-column message line (a
waiting win credited on start is said there: "Round 123's waiting win of 12,345.67 was
credited.")."""


LINE_ROOM = 78
"""The message line's room for text on an 80-column screen (a column of padding each side)."""
WELCOME_BACK = "Welcome back: your round goes on."
"""The first note when the session resumes an open round (while that round is open)."""
SHORT_WELCOME = "Welcome back."
"""The welcome back beside a prompt that leaves no room for the whole of it."""


def opening_note(session: GameSession) -> str:
    """The message line's first note: the load notice when short (a longer one is shown in
    a window, :mod:`~slotterm.tui.screens.save_note`, and not here)."""
    notice = session.load_notice
    if notice and len(notice) <= NOTE_ROOM:
        return notice
    if session.state.round is not None:
        return WELCOME_BACK
    return ""


def open_round_number(session: GameSession) -> int | None:
    """The number of the open round (``None`` between rounds)."""
    round_ = session.state.round
    return None if round_ is None else round_.number


def line_room(badges: Sequence[str]) -> int:
    """The message line's room for text beside ``badges`` (each drawn as " BADGE " and a
    space) on an 80-column screen."""
    return LINE_ROOM - sum(len(badge) + 3 for badge in badges)


def rest_line(note: str, prompt: str, *, welcomed: bool, room: int = LINE_ROOM) -> str:
    """The message line at rest: the note, then the prompt.

    The welcome back (:data:`WELCOME_BACK`) is said only while ``welcomed`` (the round it
    welcomes back to is still open), and never at the prompt's cost: when both do not fit
    in ``room`` it shortens to :data:`SHORT_WELCOME`, or goes (what to press, and why
    there is no gamble, matter more)."""
    if note == WELCOME_BACK:
        fitting = (n for n in (WELCOME_BACK, SHORT_WELCOME) if len(f"{n}  {prompt}") <= room)
        note = next(fitting, "") if welcomed else ""
    return f"{note}  {prompt}".strip()


def rest_prompt(
    session: GameSession,
    views: FeatureViews,
    *,
    summary: bool,
    autoplay: bool,
    counting: bool = False,
) -> str:
    """What to press next, for the current phase (``counting``: while the Win box still
    counts up to the win, which is then not named, so the line never runs ahead of it)."""
    state = session.state
    round_ = state.round
    if summary:
        return "Press Space to continue."  # one key named; the help lists the others
    if state.phase is Phase.FEATURE:
        if autoplay:  # autoplay plays it (had it not, it would have stopped)
            return "Autoplay is on: press A to stop it."
        return views.prompt(state) or "Press Space to go on."
    if state.phase is Phase.WIN_OFFERED and round_ is not None:
        amount = "" if counting else f" {format_cents(round_.win)}"
        if autoplay:
            return f"Win{amount}: autoplay collects it."
        if session.can(StartGamble()):
            return f"Win{amount}! Space collects · 5 gambles"
        why = no_gamble_reason(session.game, round_)
        return f"Win{amount}! Space collects" + (f" ({why})" if why else "")
    if state.phase is Phase.GAMBLE:
        return "Gamble open."
    if needs_top_up(session):
        top = format_cents(session.start_credits)
        return f"Credits can't cover the smallest bet. Press U to top up to {top}."
    if autoplay:
        return "Autoplay is on: press A to stop it."
    if short_of_credits(session):
        top = "; U tops up" if top_up_helps(session) else ""
        return f"Too few credits: {lowering_keys(session.game)}{top}."
    return "Press Space to spin."


def no_gamble_reason(game: GameDefinition, round_: Round) -> str | None:
    """Why a win waiting to be collected may not be gambled, in a few words (``None``
    when the game has no gamble, or for a win of autoplay's, which it collects itself).

    The checks follow :func:`~slotterm.engine.records.gamble_allowed`.
    """
    if not game.gamble or round_.win <= 0:
        return None
    limit = round_.limits.gamble_limit
    if round_.ended_by is EndReason.LIMIT:
        return "no gamble after the free-spin limit"
    if round_.ended_by is EndReason.CAP:
        return "no gamble at the maximum win"
    if round_.gamble_closed:
        return "gamble limit reached"
    if limit == 0:
        return "gamble off"
    if limit is not None and round_.win > limit:
        return "over the gamble limit"
    if round_.autoplay and not round_.frames:
        return "no gamble on an autoplay win"
    return None


def banner_round(session: GameSession, *, summary: bool) -> Round | None:
    """The round the banner shows at rest: the open one; while a feature's summary is up,
    the round it sums up (closed already when its last step paid it)."""
    return shown_round(session) if summary else session.state.round


def credits_while_shown(session: GameSession, events: Sequence[Event]) -> int:
    """The Credits box while ``events`` are shown: a round they closed is credited only once
    its show is over (its win counted up, its feature summed up)."""
    paid = sum(e.round.paid for e in events if isinstance(e, RoundClosed))
    return session.state.credits - paid


def event_note(events: Sequence[Event], views: FeatureViews) -> str | None:
    """What just happened, for the message line (``None`` when nothing worth saying).

    A round's win is "Collected" in a game with a gamble, where the player collects it;
    in a game without one it goes to the credits as the round ends: "Won"."""
    paid_word = "Collected" if views.game.gamble else "Won"
    note = None
    for event in events:
        if isinstance(event, RoundClosed) and event.round.paid:
            note = f"{paid_word} {format_cents(event.round.paid)}."
        elif isinstance(event, RoundClosed):
            note = "The gamble was lost." if event.round.gamble else "No win this time."
        elif isinstance(event, CreditsAdded):
            note = f"Added {format_cents(event.amount)} demo credits."
        else:
            note = views.note(event) or note
    return note


def moving_text(
    session: GameSession, views: FeatureViews, *, autoplay: bool, stopped: bool = False
) -> str:
    """The message while the reels or a feature's show move; ``stopped``: the reels have
    stopped and a show the player may skip runs (a feature spin's wins)."""
    if autoplay:
        return "Autoplay spinning… A stops autoplay."
    round_ = shown_round(session)
    if round_ is not None:
        text = views.moving_text(round_, open_round=session.state.round is not None)
        if text is not None:
            return text
    return "Space skips the show." if stopped else "Good luck! Space stops the reels."
