"""The lobby's model: both games side by side, each with its own credit meter and save.

:class:`GameShelf` holds the games of the program.  Each game's session is opened (its
save folder locked) only when the player first plays it, and stays open until the
program ends, so leaving a game for the lobby and coming back is instant and each game
keeps its own credits.  A game not opened yet is described from its save, read without
taking its lock and without changing anything (:func:`peek_save`): the lobby may sit
beside another slotterm playing that game, and only opening it is refused then.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from slotterm.engine.actions import Limits
from slotterm.engine.model import GameDefinition
from slotterm.games import game_ids, get_game
from slotterm.money import format_cents
from slotterm.session.errors import SaveFromNewer, SaveUnreadable
from slotterm.session.folder_lock import SessionInUse
from slotterm.session.game_session import GameSession, utc_now
from slotterm.session.opening import (
    OpenedSession,
    SaveRolledBack,
    default_save_root,
    session_folder,
)
from slotterm.session.round_age import round_age
from slotterm.session.settings import Settings
from slotterm.session.stats import SessionMark
from slotterm.session.store import SaveStore
from slotterm.tui.features.registry import FeatureViews
from slotterm.tui.limit_words import round_cap_parts


class GameUnavailable(Exception):
    """A game cannot be opened now; the message says why (a line, or for a save that
    cannot be trusted, :func:`untrusted_save_text`'s few lines).

    ``afresh`` is True when starting the game afresh would open it: its save cannot be
    trusted, and setting that save aside (as ``--reset-save`` does) clears the way.
    """

    def __init__(self, message: str, *, afresh: bool = False) -> None:
        super().__init__(message)
        self.afresh = afresh


WHY_WIDTH = 78
"""The longest line of :func:`untrusted_save_text` (the lobby's width at 80 columns)."""


def untrusted_save_text(game: GameDefinition, problem: SaveUnreadable) -> str:
    """A save that cannot be trusted, for the player: what happened in his words, what R
    does, then the technical reason, shortened to one line."""
    if isinstance(problem, SaveRolledBack):
        what = f"{game.name}: the save was put back or removed since it was last played"
    else:
        what = f"{game.name}: the save is damaged and cannot be read"
    why = problem.reasons.split("; nothing was changed")[0]
    inner = re.fullmatch(r"no save copy can be trusted \((.*)\)", why)
    why = re.sub(r"[\w.-]+\.save and [\w.-]+\.save\b", "both copies", inner[1] if inner else why)
    why = f"Why: {why}"
    if len(why) > WHY_WIDTH:
        why = why[: WHY_WIDTH - 1] + "…"
    return (
        f"{what}.\nNothing was changed. R sets the save aside (its files kept) and starts "
        f"afresh.\n{why}"
    )


def refusal(game: GameDefinition, refused: Exception) -> GameUnavailable:
    """Why ``game`` cannot be opened, from the one-line error its opening raised (the save
    problem that error was made from, if any, is its context)."""
    problem = refused.__cause__ or refused.__context__
    if isinstance(problem, SaveFromNewer):  # not damage: nothing to set aside
        return GameUnavailable(f"{game.name}: {problem.reasons}")
    if (
        isinstance(problem, SaveUnreadable)
        and not isinstance(problem, SessionInUse)
        and problem.folder is not None  # the save's own copies, not its lock file
    ):
        return GameUnavailable(untrusted_save_text(game, problem), afresh=True)
    return GameUnavailable(f"{game.name}: {refused}")


@dataclass(frozen=True, slots=True)
class SavedState:
    """What the lobby shows of a game: its credits, a round waiting, a note.

    ``credits`` is ``None`` when they are not known (the save cannot be read).  ``overdue``
    when the waiting round was left longer than 90 days, by times that agree: opening the game
    settles it (:func:`slotterm.session.opening.collect_if_pending`).
    """

    credits: int | None
    waiting: bool
    note: str
    overdue: bool = False


def peek_save(
    game: GameDefinition, root: Path, seed: int | None, start_credits: int, now: datetime
) -> SavedState:
    """The game's saved credits and open round, read without the lock; nothing written.

    A folder with no save yet shows the credits a new session starts with.
    """
    folder = session_folder(root, game.id, seed)
    if not folder.is_dir():
        return SavedState(credits=start_credits, waiting=False, note="new")
    store = SaveStore(folder, game, seed=seed)
    try:
        loaded = store.load(now, readonly=True)
    except (SaveUnreadable, OSError):
        return SavedState(credits=None, waiting=False, note="save cannot be read")
    if loaded is None:
        return SavedState(credits=start_credits, waiting=False, note="new")
    record = loaded.record
    state = record.state
    age = None
    if state.round is not None:
        age = round_age(
            state.round.number,
            record.round_times,
            last_activity=record.stats.last_activity,
            session_started=record.stats.started_at,
            now=now,
        )
    return SavedState(
        credits=state.credits,
        waiting=state.round is not None,
        note="saved",
        overdue=age is not None and age.overdue(now),
    )


def session_state(session: GameSession) -> SavedState:
    """What the lobby shows of a game being played in this program."""
    note = "playing" if session.persist is not None else "demo, not saved"
    return SavedState(
        credits=session.state.credits, waiting=session.state.round is not None, note=note
    )


@dataclass
class ShelfGame:
    """One game on the shelf: how to open it, how to describe it unopened, and its session
    once opened (with the statistics mark taken then)."""

    game: GameDefinition
    open: Callable[[], OpenedSession]
    """Opens the session (raises :class:`GameUnavailable` with the reason)."""
    peek: Callable[[], SavedState]
    opened: OpenedSession | None = None
    mark: SessionMark | None = None
    open_afresh: Callable[[], OpenedSession] | None = None
    """Opens a new session, the old save set aside (``None``: the game cannot)."""
    refused: GameUnavailable | None = None
    """Why the last try to open it failed (``None``: it did not)."""
    afresh: bool = False
    """The next opening starts afresh (:meth:`GameShelf.start_afresh`)."""
    limits: Limits | None = None
    """The operator limits its rounds start with, before it is opened (``None``: unknown,
    the game's own cap is shown)."""


class GameShelf:
    """The program's games (see the module docstring)."""

    def __init__(self, games: Sequence[ShelfGame]) -> None:
        self.games = list(games)
        self._peeked: dict[str, SavedState] = {}

    def refresh(self) -> None:
        """Read the saves of the games not opened again when next asked (the lobby shows)."""
        self._peeked.clear()

    def ids(self) -> list[str]:
        """The games' ids, in lobby order."""
        return [g.game.id for g in self.games]

    def find(self, game_id: str) -> ShelfGame:
        """The shelf entry of ``game_id``."""
        for entry in self.games:
            if entry.game.id == game_id:
                return entry
        raise KeyError(game_id)

    def state(self, game_id: str) -> SavedState:
        """What the lobby shows for ``game_id`` now."""
        entry = self.find(game_id)
        if entry.opened is not None:
            return session_state(entry.opened.session)
        if game_id not in self._peeked:
            self._peeked[game_id] = entry.peek()
        return self._peeked[game_id]

    def limits(self, game_id: str) -> Limits | None:
        """The operator limits of ``game_id``'s rounds: its session's once opened."""
        entry = self.find(game_id)
        return entry.opened.session.limits if entry.opened is not None else entry.limits

    def session(self, game_id: str) -> GameSession:
        """The session of ``game_id``, opened now if it was not (:class:`GameUnavailable`)."""
        entry = self.find(game_id)
        if entry.opened is None:
            opener = entry.open_afresh if entry.afresh and entry.open_afresh else entry.open
            entry.afresh = False
            try:
                entry.opened = opener()
            except GameUnavailable as refused:
                entry.refused = refused
                raise
            entry.refused = None
            entry.mark = mark_of(entry.opened.session)
        return entry.opened.session

    def can_start_afresh(self, game_id: str) -> bool:
        """True when ``game_id`` was refused for a save that cannot be trusted, and can
        be started afresh (:meth:`start_afresh`)."""
        entry = self.find(game_id)
        refused = entry.refused
        return (
            entry.opened is None
            and entry.open_afresh is not None
            and bool(refused and refused.afresh)
        )

    def start_afresh(self, game_id: str) -> None:
        """Make the next opening of ``game_id`` (:meth:`session`) set its save aside (the
        files kept, never deleted) and start a new session, as ``--reset-save`` does."""
        if self.can_start_afresh(game_id):
            self.find(game_id).afresh = True

    def adopt(self, game_id: str, opened: OpenedSession) -> None:
        """Take a session opened before the program started (``slotterm GAME``)."""
        entry = self.find(game_id)
        entry.opened = opened
        entry.mark = mark_of(opened.session)

    def close(self) -> None:
        """Release every opened save."""
        for entry in self.games:
            if entry.opened is not None:
                entry.opened.close()


def mark_of(session: GameSession, now: datetime | None = None) -> SessionMark:
    """The statistics mark of ``session`` taken now."""
    return SessionMark(ledger=session.ledger, at=now or session.clock())


def top_award(game: GameDefinition, limits: Limits | None = None) -> str:
    """The game's top award in words: its round cap under the operator ``limits``."""
    parts = []
    times, cents = round_cap_parts(game, limits)
    if times is not None:
        parts.append(f"{times:,}× the bet")
    if cents is not None:
        parts.append(format_cents(cents))
    return "up to " + " or ".join(parts) + " a game"


FEATURE_NAMES = {
    "free_spins": "free spins",
    "mystery_bonus": "Mystery bonus",
}
"""How the lobby names a game's features (others by their own title or name)."""


def feature_words(game: GameDefinition) -> str:
    """The game's features in words: free spins (and what their spin modifier adds, in its
    view's words), a bonus with its pick games, the gamble."""
    added = {
        view.feature.name: modifier.tagline()
        for view in FeatureViews(game).views
        if (modifier := getattr(view, "modifier", None)) is not None
    }
    words = []
    for feature in game.features:
        name = FEATURE_NAMES.get(feature.name, feature.name.replace("_", " "))
        name += added.get(feature.name, "")
        parts = [str(getattr(p, "title", p.name)) for p in feature.parts()]
        words.append(f"{name} ({', '.join(parts)})" if parts else name)
    if game.gamble:
        words.append("gamble")
    return ", ".join(words)


@dataclass(frozen=True, slots=True)
class GameFacts:
    """A game's key facts as the lobby lists them."""

    name: str
    lines: str
    rtp: str
    top: str
    features: str


def game_facts(game: GameDefinition, limits: Limits | None = None) -> GameFacts:
    """Lines, the published RTP, the top award (under the operator ``limits``) and the
    features of ``game``."""
    return GameFacts(
        name=game.name,
        lines=f"{len(game.lines)} lines",
        rtp=f"RTP {game.published_rtp * 100:.2f} %",
        top=top_award(game, limits),
        features=feature_words(game),
    )


def shelf_for(
    args: argparse.Namespace,
    open_game: Callable[[argparse.Namespace, Any], OpenedSession],
    settings_for: Callable[[argparse.Namespace], Settings],
) -> GameShelf:
    """Every registered game, opened as ``play``'s options say (``open_game(args, None)``
    and ``settings_for(args)`` with ``args.game`` set to each game; their one-line
    errors become :class:`GameUnavailable`)."""
    from slotterm.cli import UsageError

    root = Path(args.save_dir) if args.save_dir else default_save_root()

    def entry(game: GameDefinition) -> ShelfGame:
        own = argparse.Namespace(**{**vars(args), "game": game.id})

        def opener(namespace: argparse.Namespace = own) -> OpenedSession:
            try:
                return open_game(namespace, None)
            except UsageError as exc:
                raise refusal(game, exc) from None

        def afresh() -> OpenedSession:
            return opener(argparse.Namespace(**{**vars(own), "reset_save": True}))

        def peek() -> SavedState:
            try:
                start = settings_for(own).start_credits
            except UsageError:
                return SavedState(credits=None, waiting=False, note="settings file has a problem")
            if args.demo:
                return SavedState(credits=start, waiting=False, note="demo, not saved")
            return peek_save(game, root, args.seed, start, utc_now())

        try:
            limits: Limits | None = settings_for(own).limits
        except UsageError:  # said when the game is opened
            limits = None
        return ShelfGame(
            game=game,
            open=opener,
            peek=peek,
            open_afresh=None if args.demo else afresh,
            limits=limits,
        )

    return GameShelf([entry(get_game(game_id)) for game_id in game_ids()])
