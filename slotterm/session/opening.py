"""Opening a session: a throwaway demo, a fresh save, or a saved game resumed.

Save folders under the save root (``platformdirs.user_data_dir("slotterm")`` or
``--save-dir``)::

    <root>/player/<game>/          the player's own session (secure random source)
    <root>/seeded/<game>/seed-<N>/ reproducible test sessions (``--seed N``), kept apart

A seeded session saves its generator's full state with every transition, so a restart
continues the same stream of draws (the same outcomes as an uninterrupted run).
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from slotterm.dates import player_date
from slotterm.engine import policy
from slotterm.engine.actions import Bet, Collect
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import Phase
from slotterm.money import format_cents
from slotterm.rng import RandomSource, SecureSource, SeededSource
from slotterm.session.errors import SaveError, SaveUnreadable
from slotterm.session.event_log import EventLog
from slotterm.session.feature_reports import report_for
from slotterm.session.folder_lock import FolderLock, lock_folder
from slotterm.session.game_session import (
    HISTORY_LENGTH,
    RULES_CHANGED,
    RULES_CHANGED_OPEN,
    GameSession,
    demo_session,
    utc_now,
)
from slotterm.session.highwater import HighWater
from slotterm.session.persist_hook import persist_to
from slotterm.session.round_age import PENDING_LIMIT, round_age
from slotterm.session.round_codec import MAX_STEPS
from slotterm.session.settings import Settings
from slotterm.session.store import LoadResult, SaveStore

LOCK_NAME = "session.lock"


class SaveRolledBack(SaveUnreadable):
    """The folder's newest copy is older than its high-water mark: it was put back."""


def session_folder(root: Path, game_id: str, seed: int | None) -> Path:
    """Where the session of ``game_id`` (seeded or the player's own) is kept."""
    if seed is None:
        return root / "player" / game_id
    return root / "seeded" / game_id / f"seed-{seed}"


def default_save_root() -> Path:
    """The player's data folder (platformdirs)."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("slotterm"))


@dataclass
class OpenedSession:
    """A session ready to play, and the store behind it (``None`` for a demo)."""

    session: GameSession
    store: SaveStore | None
    lock: FolderLock | None = None

    def close(self) -> None:
        """Release the folder lock."""
        if self.lock is not None:
            self.lock.close()
            self.lock = None


def open_session(
    game: GameDefinition,
    settings: Settings,
    *,
    root: Path | None,
    seed: int | None = None,
    demo: bool = False,
    reset: bool = False,
    clock: Callable[[], datetime] = utc_now,
    state_root: Path | None = None,
    credit_waiting: bool = True,
) -> OpenedSession:
    """Open (or create) the session the options ask for.

    A resumed round is settled as DESIGN.md §5 says: one left unfinished for more than 90
    days by :func:`collect_if_pending`, a win that was waiting for Collect by
    :func:`credit_waiting_win` (``credit_waiting=False`` leaves it offered: for a test
    that checks the save is read back exactly as it was written).

    ``state_root`` is where the folder's high-water mark is kept
    (``platformdirs.user_state_dir("slotterm")`` by default); a folder put back to a copy
    older than its mark raises :class:`SaveRolledBack` unless ``reset``.

    Raises :class:`SaveUnreadable` when no save copy can be trusted (nothing touched),
    :class:`~slotterm.session.folder_lock.SessionInUse` when another process has it open, and
    :class:`~slotterm.session.errors.SaveError` when a new session cannot be written.
    """
    rng: RandomSource = SeededSource(seed) if seed is not None else SecureSource()
    if demo:
        return OpenedSession(_fresh(game, settings, rng, clock), None)
    folder = session_folder(root or default_save_root(), game.id, seed)
    folder.mkdir(parents=True, exist_ok=True)
    lock_path = folder / LOCK_NAME
    lock_is_new = not os.path.lexists(lock_path)
    lock = lock_folder(lock_path)
    try:
        log = EventLog(folder, clock)
        store = SaveStore(folder, game, seed=seed, mark=HighWater(folder, state_root), log=log)
        notices = []
        now = clock()
        if reset:
            aside = store.reset(now)
            if aside is not None:
                notices.append(
                    f"A new session was started; the old save files are kept in {aside}."
                )
        store.check_temp_names()
        loaded = store.load(now)
        if loaded is None and not reset:
            _check_emptied(store)
        if loaded is None:
            session = _fresh(game, settings, rng, clock)
            session.persist = persist_to(store)
            store.save(session)
        else:
            _check_mark(store, loaded)
            session = _resume(game, settings, loaded, clock)
            if loaded.notice:
                notices.append(loaded.notice)
            session.persist = persist_to(store, session.forced_steps)
            notices += adopt_new_rules(session)
            collected = collect_if_pending(session, now, log)
            if collected is None and credit_waiting:
                collected = credit_waiting_win(session, log)
            if collected:
                notices.append(collected)
            else:  # nothing settled: what became of a step left while it was shown
                session.resume_note = session.left_round()
        if store.mark_error:
            notices.append(f"Note: {store.mark_error}.")
        session.load_notice = " ".join(notices) or None
        session.rules_note = None  # the rules' change is in the load notice
        lock.sign()  # the holder named for a second slotterm refused the lock
        return OpenedSession(session, store, lock)
    except BaseException:
        lock.close()
        if lock_is_new:  # leave the folder exactly as it was found
            lock_path.unlink(missing_ok=True)
        raise


def _check_emptied(store: SaveStore) -> None:
    """Refuse a folder whose save files are gone although its mark says it held a session."""
    mark = store.mark.read() if store.mark is not None else None
    if mark:
        _log_rollback(store, 0, mark)
        raise SaveRolledBack(
            f"the save files are gone (#{mark} was saved here): a new session would replace "
            f"the one played; nothing was changed; use --reset-save (start afresh) or "
            f"--save-dir DIR",
            folder=store.folder,
        )


def _check_mark(store: SaveStore, loaded: LoadResult) -> None:
    """Refuse a folder older than its mark; record the mark on first sight."""
    mark = store.mark.read() if store.mark is not None else None
    if mark is not None and loaded.sequence < mark:
        _log_rollback(store, loaded.sequence, mark)
        raise SaveRolledBack(
            f"the save was put back to an older copy (#{loaded.sequence}, #{mark} was saved): "
            f"it would replay rounds already played; nothing was changed; use --reset-save "
            f"(files moved aside) or --save-dir DIR",
            folder=store.folder,
        )
    if mark is None or loaded.sequence > mark:
        store.record_mark()


def _log_rollback(store: SaveStore, sequence: int, mark: int) -> None:
    if store.log is not None:
        store.log.append("rollback_refused", once=True, sequence=sequence, mark=mark)


def _fresh(
    game: GameDefinition,
    settings: Settings,
    rng: RandomSource,
    clock: Callable[[], datetime],
) -> GameSession:
    session = demo_session(
        game,
        rng,
        credits=settings.start_credits,
        limits=settings.limits,
        bet_steps=settings.bet_steps,
        clock=clock,
    )
    session.currency = settings.currency
    return session


def _resume(
    game: GameDefinition,
    settings: Settings,
    loaded: LoadResult,
    clock: Callable[[], datetime],
) -> GameSession:
    record = loaded.record
    steps = settings.bet_steps
    rules = record.rules
    played = game if rules is None else rules.current
    session = GameSession(
        game=played,
        next_game=None if played is game else game,
        round_rules={} if rules is None else dict(rules.rounds),
        state=record.state,
        rng=record.rng,
        bet=fit_bet(game, record.bet, steps) if played is game else record.bet,
        limits=settings.limits,
        bet_steps=steps,
        start_credits=record.start_credits,
        history=deque(record.history, maxlen=HISTORY_LENGTH),
        clock=clock,
        stats=record.stats,
        round_times=dict(record.round_times),
        currency=settings.currency,
        seen=record.seen,
        forced_steps=dict(record.forced_steps),
    )
    session.resume_forced_draws()
    return session


def adopt_new_rules(session: GameSession) -> list[str]:
    """The note on start when the game file's rules are not those the save was played
    under (DESIGN.md §7).  A round left open goes on under its own rules (the session
    switches when it closes); with none open the new rules apply at once, saved now so
    that the player is told once (a failed save only tells him again next time)."""
    if session.next_game is None:
        return []
    if session.state.round is not None:
        return [RULES_CHANGED_OPEN]
    session.bet = fit_bet(session.next_game, session.bet, session.bet_steps)
    session.switch_rules()
    with suppress(SaveError):
        session.save_now()
    return [RULES_CHANGED]


def fit_bet(game: GameDefinition, bet: Bet, steps: tuple[int, ...]) -> Bet:
    """The saved ``bet`` under the operator's ``steps`` now (the settings may have changed).

    A step no longer offered becomes the highest offered below it (else the lowest): the
    bet model's step (:meth:`~slotterm.engine.bet_model.BetModel.fit`: the bet per line,
    or the coin size with the same coins per line).
    """
    return game.bet_model.fit(bet, steps)


def collect_if_pending(
    session: GameSession, now: datetime, log: EventLog | None = None
) -> str | None:
    """Settle a round left unfinished longer than :data:`PENDING_LIMIT`; says what it did.

    The round's age is the time since its last step was saved, and only when the save's
    clock readings agree (:func:`~slotterm.session.round_age.round_age`): a round whose
    age cannot be trusted is never settled, it resumes (``log`` records the refusal, and
    each settlement).

    A waiting win (offered, or at stake in the gamble) is collected.  A round inside a
    feature is played to its end by the engine's policy with no gamble -- free spins drawn
    from the session's source, a pick game finished by best play
    (:func:`slotterm.engine.policy.next_action` with ``"best"``) -- and its win paid.
    Every step is a normal, saved action, so a crash during the settlement resumes it.
    """
    round_ = session.open_round
    if round_ is None or session.phase is Phase.IDLE:
        return None
    age = round_age(
        round_.number,
        session.round_times,
        last_activity=session.ledger.last_activity,
        session_started=session.ledger.started_at,
        now=now,
    )
    if age is None or not age.overdue(now):
        if age is not None and age.problem and age.seems_overdue(now) and log is not None:
            log.append(
                "settlement_refused",
                once=True,
                round=round_.number,
                started=age.started_at.isoformat(),
                left=age.left_at.isoformat(),
                reason=age.problem,
            )
        return None
    in_feature = session.phase is Phase.FEATURE
    played: list[str] = []  # the features whose steps best play took, in order
    for _ in range(MAX_STEPS):
        if session.phase is not Phase.FEATURE:
            break
        action = policy.next_action(session.game, session.state, "best")
        assert action is not None  # a round is open
        active = session.state.round.active if session.state.round is not None else None
        if active is not None and active.feature not in played:
            played.append(active.feature)
        session.act(action)
    if session.phase in (Phase.WIN_OFFERED, Phase.GAMBLE):
        session.act(Collect())
    closed = session.history[-1] if session.history else None
    amount = closed.paid if closed is not None and closed.number == round_.number else 0
    if log is not None:
        log.append(
            "settled",
            round=round_.number,
            started=age.started_at.isoformat(),
            left=age.left_at.isoformat(),
            paid=amount,
            feature=in_feature,
            picks=any(report_for(name).settled_words() for name in played),
        )
    started = f"Round {round_.number}, started {player_date(age.started_at)}, "
    if in_feature:
        return (
            f"{started}was left unfinished for more than {PENDING_LIMIT.days} days: its "
            f"feature was played to the end{_settled_how(session.game, played)} and its win "
            f"of {format_cents(amount)} was credited automatically."
        )
    return (
        f"{started}waited more than {PENDING_LIMIT.days} days: its win of "
        f"{format_cents(amount)} was collected automatically."
    )


def _settled_how(game: GameDefinition, played: list[str]) -> str:
    """How a settled feature was played, as far as the player could have played it otherwise.

    Each feature ``played`` says how best play finished it (its report's
    :meth:`~slotterm.session.feature_report.FeatureReport.settled_words`: a pick game, with
    the choices that pay best on average); a game with a gamble says none was taken (one
    without says nothing of it).
    """
    how: list[str] = []
    for name in played:
        words = report_for(name).settled_words()
        if words is not None and words not in how:
            how.append(words)
    if game.gamble:
        how.append(" without a gamble")
    return ",".join(how)


def credit_waiting_win(session: GameSession, log: EventLog | None = None) -> str | None:
    """Credit a win the game was closed on while it waited for Collect; says what it did.

    The rules: a game quit while Collect is offered has its winnings properly credited.
    Only a win offered (the base game's Collect, also after the free spins ended) is
    credited; a gamble under way or a feature resumes where it stood, for the player to
    finish.  The collect is a normal, saved action.
    """
    round_ = session.open_round
    if session.phase is not Phase.WIN_OFFERED or round_ is None:
        return None
    session.act(Collect())
    if log is not None:
        log.append("credited", round=round_.number, paid=round_.win)
    return f"Round {round_.number}'s waiting win of {format_cents(round_.win)} was credited."
