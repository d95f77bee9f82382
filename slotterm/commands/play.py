"""The ``play`` command: open the session (saved, seeded or demo) and run the Textual game.

Every problem before the game starts (a bad settings file, a save that cannot be trusted,
a save folder that cannot be written) is one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from slotterm.cli import ERROR_ROOM, WHOLE_MESSAGE_MAX, UsageError, engine_force
from slotterm.engine.model import GameDefinition
from slotterm.games import get_game
from slotterm.session.errors import ConfigError, SaveError, SaveUnreadable
from slotterm.session.opening import OpenedSession, open_session
from slotterm.session.settings import CONFIG_NAME, Settings, load_settings

if TYPE_CHECKING:
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
        raise UsageError("--force and --reset-save need a GAME (e.g. slotterm book-of-spells)")
    force = None if args.game is None else forced_feature(args.force, get_game(args.game))
    settings = None if args.game is None else settings_from_args(args)
    # Refuse before touching anything: no folder, lock, set-aside or settlement.  Under
    # ``slotterm serve`` the pipes are Textual's web driver, and the game may start.
    from slotterm.commands.web_session import web_driver_active

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


def _play(
    args: argparse.Namespace,
    force: str | None,
    settings: Settings | None,
    signals: QuitSignals,
) -> int:
    """Open the game (or the lobby) and run the app until the player quits."""
    from slotterm.tui.lobby import shelf_for

    shelf = shelf_for(args, open_from_args, settings_from_args)
    session = None
    try:
        if args.game is not None:
            opened = open_from_args(args, settings)
            shelf.adopt(args.game, opened)
            session = opened.session
            if session.load_notice:
                print(f"slotterm: {session.load_notice}", file=sys.stderr)
        from slotterm.tui.app import SlotApp

        app = SlotApp(
            session,
            force=force,
            shelf=shelf,
            player_folder=settings_folder_of(args),
            signals=signals,
        )
        if args.demo:  # a demo starts from the remembered settings and writes nothing
            app.keep_settings_for_this_run()
        app.run()
    finally:
        shelf.close()
    return 0


def settings_folder_of(args: argparse.Namespace) -> Path:
    """Where ``play``'s options and autoplay settings are remembered: the player's config
    folder, ``--save-dir DIR``, or beside the seeded saves for ``--seed``
    (:func:`~slotterm.session.player_file.settings_folder`)."""
    from slotterm.session.player_file import settings_folder

    save_dir = Path(args.save_dir) if args.save_dir else None
    return settings_folder(save_dir=save_dir, seed=args.seed)


def forced_feature(force: str | None, game: GameDefinition) -> str | None:
    """The engine's force string for ``--force EVENT[:NAME]`` (``free-spins`` ->
    ``free_spins``, ``mystery-bonus:pumpkin`` -> ``mystery_bonus:pumpkin``), checked."""
    return None if force is None else engine_force(game, force)


def open_from_args(
    args: argparse.Namespace, settings: Settings | None = None, *, credit_waiting: bool = True
) -> OpenedSession:
    """The session for ``play``'s options; every failure becomes a :class:`UsageError`.

    ``credit_waiting`` as :func:`~slotterm.session.opening.open_session` takes it.
    """
    game = get_game(args.game)
    if settings is None:
        settings = settings_from_args(args)
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


def settings_from_args(args: argparse.Namespace) -> Settings:
    """Operator settings from ``--config FILE`` or the user config folder."""
    game = get_game(args.game)
    try:
        if args.config:
            return load_settings(Path(args.config), game, required=True)
        from platformdirs import user_config_dir

        return load_settings(Path(user_config_dir("slotterm")) / CONFIG_NAME, game, required=False)
    except ConfigError as exc:
        raise UsageError(f"{exc}; nothing was started") from None
