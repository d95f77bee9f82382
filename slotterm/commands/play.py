"""The ``play`` command: open the session (saved, seeded or demo) and run the Textual game.

Every problem before the game starts (a bad settings file, a save that cannot be trusted,
a save folder that cannot be written, a ``--games`` folder that is not there) is one line
on stderr and exit status 2.  The lobby's games (:func:`shelf_for`) are the shipped games
and the files of the games folder (:func:`games_folder_of`); a file that does not load is
listed in the lobby with its error, and the others still play.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from slotterm.cli import ERROR_ROOM, WHOLE_MESSAGE_MAX, UsageError, read_force
from slotterm.commands.key_record import check_record
from slotterm.commands.stops_input import stop_lines
from slotterm.engine.actions import Limits
from slotterm.engine.model import GameDefinition
from slotterm.games import game_ids, get_game
from slotterm.session.errors import ConfigError, SaveError, SaveUnreadable
from slotterm.session.opening import OpenedSession, default_save_root, open_session
from slotterm.session.settings import CONFIG_NAME, Settings, load_settings

if TYPE_CHECKING:
    from slotterm.force_kinds import Forcing
    from slotterm.session.game_session import GameSession
    from slotterm.tui.app import SlotApp
    from slotterm.tui.key_recorder import KeyRecorder
    from slotterm.tui.lobby import GameShelf, ShelfGame
    from slotterm.tui.quit_signals import QuitSignals


def run_play(args: argparse.Namespace) -> int:
    """Open the session the arguments ask for and play until the player quits.

    Without a game (``args.game`` is ``None``) the lobby opens; with one, that game, with
    the lobby one key away.  Each game's save is opened (and locked) when first played.
    """
    if args.force is not None and args.seed is None and not args.demo:
        raise UsageError("--force is for testers: use it with --seed or --demo")
    if getattr(args, "reset_save", False) and args.demo:
        raise UsageError("--reset-save has nothing to reset in a --demo session")
    if args.game is None and (args.force is not None or getattr(args, "reset_save", False)):
        raise UsageError(f"--force and --reset-save need a GAME (e.g. slotterm {game_ids()[0]})")
    check_stops(args)
    check_record(args)
    check_games_folder(args)
    force = None if args.game is None else forced_feature(args.force, get_game(args.game))
    if args.game is not None:
        art_refusal = art_problem(get_game(args.game))
        if art_refusal is not None:
            raise UsageError(art_refusal)
    settings = None if args.game is None else settings_from_args(args)
    # Refuse before touching anything: no folder, lock, set-aside or settlement.  Under
    # ``slotterm serve`` the pipes are Textual's web driver, and the game may start.
    from slotterm.commands.web_driver import web_driver_active

    if not (sys.stdin.isatty() and sys.stdout.isatty()) and not web_driver_active():
        raise UsageError("play needs an interactive terminal (stdin and stdout must be a tty)")
    from slotterm.tui.quit_signals import QuitSignals

    # The quit signals are taken before anything is opened or drawn: one that comes while
    # the save opens lets the opening finish, then the game never starts.
    signals = QuitSignals().install()
    try:
        return _play(args, force, settings, signals)
    finally:
        signals.restore()


def check_stops(args: argparse.Namespace) -> None:
    """``--stops`` read into the forced spins (:mod:`slotterm.commands.stops_input`),
    or a :class:`UsageError` before the game starts: only in a tester's session."""
    if getattr(args, "stops", None) is None:
        return
    if args.seed is None and not args.demo:
        raise UsageError("--stops is for testers: use it with --seed or --demo")
    if args.game is None:
        raise UsageError(f"--stops needs a GAME (e.g. slotterm {game_ids()[0]} --demo --stops ...)")
    if args.force is not None:
        raise UsageError("--stops and --force cannot be used together")
    args.stops = stop_lines(get_game(args.game), args.stops)


def _play(
    args: argparse.Namespace,
    force: str | None,
    settings: Settings | None,
    signals: QuitSignals,
) -> int:
    """Open the game (or the lobby) and run the app until the player quits."""
    opened = None if args.game is None else open_from_args(args, settings)
    recorder = None
    if opened is not None and getattr(args, "record", None) is not None:
        from slotterm.commands.key_record import open_recorder

        recorder = open_recorder(args, opened.session)
    app, shelf = build_app(args, opened, force, settings, signals=signals, recorder=recorder)
    try:
        if args.demo:  # a demo starts from the remembered settings and writes nothing
            app.keep_settings_for_this_run()
        app.run()
    finally:
        shelf.close()
        if recorder is not None:
            recorder.close()
    return 0


def build_app(
    args: argparse.Namespace,
    opened: OpenedSession | None,
    force: str | None,
    settings: Settings | None,
    *,
    signals: QuitSignals | None = None,
    recorder: KeyRecorder | None = None,
) -> tuple[SlotApp, GameShelf]:
    """The app for ``play``'s options on the ``opened`` game (``None``: the lobby) and the
    lobby's shelf, which the caller closes (``slotterm script`` builds its app here too).
    ``recorder`` writes the keys (``--record``)."""
    shelf = shelf_for(args)
    try:
        session = None
        if opened is not None:
            shelf.adopt(opened)
            session = opened.session
            session.forced_stops = list(getattr(args, "stops", None) or ())  # check_stops read them
            apply_force(session, args.force)
            if session.load_notice:
                print(f"slotterm: {session.load_notice}", file=sys.stderr)
        from slotterm.tui.app import SlotApp
        from slotterm.tui.rtp_band import use_exact_sd

        use_exact_sd(exact_sd_of)
        app = SlotApp(
            session,
            force=force,
            shelf=shelf,
            player_folder=settings_folder_of(args),
            signals=signals,
            recorder=recorder,
        )
    except BaseException:
        shelf.close()
        raise
    return app, shelf


def exact_sd_of(game: GameDefinition, lines: int) -> float:
    """σ of one round's win per unit of total bet at ``lines`` lines, from the exact par
    sheet (for the statistics screen's band; the analysis is imported when first asked)."""
    from slotterm.analysis.par import compute_par

    return compute_par(game, lines).sd


def settings_folder_of(args: argparse.Namespace) -> Path:
    """Where ``play``'s options and autoplay settings are remembered: the player's config
    folder, ``--save-dir DIR``, or beside the seeded saves for ``--seed``
    (:func:`~slotterm.session.player_file.settings_folder`)."""
    from slotterm.session.player_file import settings_folder

    save_dir = Path(args.save_dir) if args.save_dir else None
    return settings_folder(save_dir=save_dir, seed=args.seed)


def forced_feature(force: Forcing | str | None, game: GameDefinition) -> str | None:
    """The engine's force string for ``--force EVENT[:NAME]`` (``free-spins`` ->
    ``free_spins``, ``mystery-bonus:pumpkin`` -> ``mystery_bonus:pumpkin``), checked;
    ``None`` for a plan (``retrigger``, ``five-of-a-kind:SYM``, ``cap``: see
    :func:`apply_force`) and when nothing is forced."""
    if force is None:
        return None
    return (read_force(game, force) if isinstance(force, str) else force).feature


def apply_force(session: GameSession, force: Forcing | str | None) -> None:
    """Hand a ``--force`` to the session: its next round plays it (a plan's reel stops, or
    the feature its spin forces; the game screen's spin also names the feature,
    :func:`forced_feature`)."""
    if force is not None:
        session.forcing = read_force(session.game, force) if isinstance(force, str) else force


def open_from_args(
    args: argparse.Namespace,
    settings: Settings | None = None,
    *,
    credit_waiting: bool = True,
    game: GameDefinition | None = None,
) -> OpenedSession:
    """The session for ``play``'s options; every failure becomes a :class:`UsageError`.

    ``credit_waiting`` as :func:`~slotterm.session.opening.open_session` takes it; ``game``
    is the definition to play (default: ``args.game``'s).
    """
    if game is None:
        game = get_game(args.game)
    if settings is None:
        settings = settings_from_args(args, game)
    root = Path(args.save_dir) if args.save_dir else None
    try:
        return open_session(
            game,
            settings,
            root=root,
            seed=args.seed,
            demo=args.demo,
            reset=getattr(args, "reset_save", False),
            credit_waiting=credit_waiting,
        )
    except SaveUnreadable as exc:
        shown = exc.fitted(ERROR_ROOM, longest=WHOLE_MESSAGE_MAX)
        raise UsageError(shown, most=WHOLE_MESSAGE_MAX) from None
    except SaveError as exc:
        raise UsageError(str(exc)) from None
    except OSError as exc:
        where = exc.filename or args.save_dir or "the save folder"
        raise UsageError(f"cannot use {where} for saves ({exc.strerror or exc})") from None


def settings_from_args(args: argparse.Namespace, game: GameDefinition | None = None) -> Settings:
    """Operator settings of ``game`` (default: ``args.game``'s) from ``--config FILE`` or
    the user config folder."""
    if game is None:
        game = get_game(args.game)
    try:
        if args.config:
            return load_settings(Path(args.config), game, required=True)
        from platformdirs import user_config_dir

        return load_settings(Path(user_config_dir("slotterm")) / CONFIG_NAME, game, required=False)
    except ConfigError as exc:
        raise UsageError(f"{exc}; nothing was started") from None


def games_folder_of(args: argparse.Namespace) -> Path:
    """The lobby's folder of game files: ``--games DIR``, else ``games`` in the save folder
    (``--save-dir DIR``, or the player's data folder:
    :func:`~slotterm.session.games_folder.games_folder`)."""
    from slotterm.session.games_folder import games_folder

    given = getattr(args, "games", None)
    save_dir = Path(args.save_dir) if args.save_dir else None
    return games_folder(games=Path(given).expanduser() if given else None, save_dir=save_dir)


def check_games_folder(args: argparse.Namespace) -> None:
    """A :class:`UsageError` when ``--games DIR`` names no folder (the default folder may
    be missing: it then adds no game)."""
    given = getattr(args, "games", None)
    if given is None:
        return
    folder = Path(given).expanduser()
    if not folder.is_dir():
        problem = "not a folder" if folder.exists() else "no such folder"
        raise UsageError(f"--games {given}: {problem}")


def shelf_for(args: argparse.Namespace) -> GameShelf:
    """The lobby's games, each to be opened as ``play``'s options say: the shipped games,
    then the files of :func:`games_folder_of` (:func:`~slotterm.games.catalog.catalog`); a
    file that did not load is on the shelf with its one-line error."""
    from slotterm.games.catalog import catalog
    from slotterm.tui.lobby import BrokenGame, GameShelf

    root = Path(args.save_dir) if args.save_dir else default_save_root()
    entries: list[ShelfGame | BrokenGame] = []
    for found in catalog(games_folder_of(args)):
        problem = None if found.game is None else art_problem(found.game)
        if found.game is not None and problem is not None and found.path is not None:
            entries.append(BrokenGame(file=found.path, error=problem))
        elif found.game is not None:
            entries.append(_shelf_game(args, found.game, root, found.path))
        elif found.path is not None:
            entries.append(BrokenGame(file=found.path, error=found.error or "it cannot be read"))
    return GameShelf(entries)


def art_problem(game: GameDefinition) -> str | None:
    """Why the pictures ``game``'s file names cannot be drawn (one line), or ``None``."""
    from slotterm.tui.art.art_file import ArtFileError
    from slotterm.tui.art.game_art import check_game_art

    try:
        check_game_art(game)
    except ArtFileError as exc:
        return str(exc)
    return None


def _shelf_game(
    args: argparse.Namespace, game: GameDefinition, root: Path, file: Path | None
) -> ShelfGame:
    """``game`` on the lobby's shelf: opened with ``play``'s options (its one-line errors
    become :class:`~slotterm.tui.lobby.GameUnavailable`), described from its save."""
    from slotterm.session.game_session import utc_now
    from slotterm.tui.lobby import SavedState, ShelfGame, peek_save, refusal

    own = argparse.Namespace(**{**vars(args), "game": game.id})

    def opener(namespace: argparse.Namespace = own) -> OpenedSession:
        try:
            return open_from_args(namespace, game=game)
        except UsageError as exc:
            raise refusal(game, exc) from None

    def afresh() -> OpenedSession:
        return opener(argparse.Namespace(**{**vars(own), "reset_save": True}))

    def peek() -> SavedState:
        try:
            start = settings_from_args(own, game).start_credits
        except UsageError:
            return SavedState(credits=None, waiting=False, note="settings file has a problem")
        if args.demo:
            return SavedState(credits=start, waiting=False, note="demo, not saved")
        return peek_save(game, root, args.seed, start, utc_now())

    try:
        limits: Limits | None = settings_from_args(own, game).limits
    except UsageError:  # said when the game is opened
        limits = None
    return ShelfGame(
        game=game,
        open=opener,
        peek=peek,
        open_afresh=None if args.demo else afresh,
        limits=limits,
        file=file,
    )
