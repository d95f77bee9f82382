"""Command-line entry point (DESIGN.md §6): play (default), par, simulate, eval, stops, game-def.

Every command reports bad input as one line on stderr and exits with status 2.  Output
that cannot be written is not bad input: a closed pipe (``slotterm par GAME | head -1``)
ends the command quietly with status 141 (128 + SIGPIPE, what the shell shows for a tool
killed by the signal); any other failed write (a full disk, an I/O error) is one line on
stderr and status 1.  On an output whose encoding is not UTF-8 (``PYTHONIOENCODING=ascii``)
tables fall back to ASCII, JSON is ASCII-escaped and other text is backslash-escaped.

Each command's options are in :mod:`slotterm.cli_parser`, the guarded output in
:mod:`slotterm.cli_output`; the commands themselves in :mod:`slotterm.commands`.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from slotterm import __version__
from slotterm.cli_output import GuardedOutput, OutputFailed, safe_encoding, silence
from slotterm.cli_parser import (
    add_eval_options,
    add_feature_inputs,
    add_game_def_options,
    add_history_options,
    add_log_options,
    add_par_options,
    add_play_options,
    add_script_options,
    add_serve_options,
    add_simulate_options,
    add_stops_options,
)
from slotterm.cli_words import (
    command_goes_first,
    first_word_refusal,
    misplaced_command,
    version_refusal,
)
from slotterm.games import GameFileError, UnknownGame, game_ids, get_game, is_game_path

if TYPE_CHECKING:
    from slotterm.engine.model import GameDefinition
    from slotterm.force_kinds import Forcing

COMMANDS = (
    "play",
    "par",
    "simulate",
    "eval",
    "stops",
    "game-def",
    "history",
    "log",
    "serve",
    "script",
)
HELP_WORDS = frozenset({"-h", "--help"})
EXIT_USAGE = 2
EXIT_OUTPUT_FAILED = 1
"""A write to stdout failed (full disk, I/O error): one line on stderr."""
EXIT_BROKEN_PIPE = 141
"""The reader of stdout went away: nothing is said (128 + SIGPIPE)."""
MESSAGE_MAX = 200
"""An error line is cut to this many characters."""
ERROR_PREFIX = "slotterm: error: "
"""What an error line starts with."""
ERROR_ROOM = MESSAGE_MAX - len(ERROR_PREFIX)
"""What an error's own words may take of a :data:`MESSAGE_MAX` line."""
WHOLE_MESSAGE_MAX = 2 * MESSAGE_MAX
"""The longest a message slotterm wrote itself may be rather than lose its reasons (why a
save cannot be read): it first shortens its echoed part, a folder's path, to fit
:data:`ERROR_ROOM`, and is longer only when its reasons alone are."""

EPILOG = (
    "Run 'slotterm COMMAND --help' for the options of one command. "
    "Exit status: 0 done, 2 bad input (one line on stderr), 1 the output could not be "
    "written (one line on stderr), 141 the output pipe was closed (nothing said)."
)


class UsageError(Exception):
    """Bad input from the command line; printed as one line, exit status 2.

    The line is cut to :data:`MESSAGE_MAX` (an echo of a huge argument stays short); a
    message that bounded itself and must not lose its end says its own ``most`` characters
    (:data:`WHOLE_MESSAGE_MAX` at most, the ``slotterm: error:`` before it not counted).
    """

    def __init__(self, message: str, *, most: int = 0) -> None:
        super().__init__(message)
        self.most = most


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit status 2.

    ``late_options``, when set, adds options the first time the parser is used: ``eval``'s
    feature inputs, read from the games' features, which a command that evaluates nothing
    never loads.
    """

    late_options: Callable[[argparse.ArgumentParser], None] | None = None

    def parse_known_args(self, *args: Any, **kwargs: Any) -> Any:
        """Add the late options (once), then parse as argparse does."""
        late, self.late_options = self.late_options, None
        if late is not None:
            late(self)
        return super().parse_known_args(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        """Print ``slotterm: error: ...`` on one line and exit 2 (a command word out of
        place is said so: :func:`~slotterm.cli_words.misplaced_command`)."""
        message = misplaced_command(message, COMMANDS) or message
        self.exit(EXIT_USAGE, one_line(f"{self.prog}: error: {message}") + "\n")


def one_line(message: str, most: int = MESSAGE_MAX) -> str:
    """``message`` safe for one terminal line: controls escaped, cut to ``most``."""
    text = "".join(
        ch if ch.isprintable() else ch.encode("unicode_escape", "backslashreplace").decode()
        for ch in message
    )
    return text if len(text) <= most else text[: most - 1] + "…"


def engine_force(game: GameDefinition, text: str) -> str:
    """The engine's force string for a feature's ``--force text`` in ``game``, or a
    :class:`UsageError` (a plan, such as ``cap``, has none: see :func:`read_force`).

    ``free-spins`` -> ``free_spins``, ``mystery-bonus:spell-book`` ->
    ``mystery_bonus:spell-book`` (the feature's name, the pick game's label), checked by
    :func:`slotterm.engine.round.force_refusal`.
    """
    force = read_force(game, text).feature
    if force is None:
        raise UsageError(f"--force {text}: not a feature of {game.name}")
    return force


def read_force(game: GameDefinition, text: str) -> Forcing:
    """``--force text`` read against ``game`` (:func:`slotterm.force_kinds.parse_force`),
    or a :class:`UsageError` of one line."""
    from slotterm.force_kinds import ForceError, parse_force

    try:
        return parse_force(game, text)
    except ForceError as exc:
        raise UsageError(f"--force {text[:60]}: {exc}") from None


def _check_play(args: argparse.Namespace) -> None:
    """``--force`` only with ``--seed`` or ``--demo``, and only what the game can force
    (``--stops`` is checked by :func:`slotterm.commands.play.check_stops`)."""
    if args.force is None:
        return
    if args.seed is None and not args.demo:
        raise UsageError("--force is for testers: use it with --seed or --demo")
    if args.game is None:  # the lobby: no game to force anything in
        raise UsageError(f"--force needs a GAME (e.g. slotterm {game_ids()[0]} --demo --force ...)")
    args.force = read_force(game_of(args.game), args.force)


def game_of(text: str) -> GameDefinition:
    """The game a GAME argument names: a shipped id, or the path of a game file.

    Anything else is a :class:`UsageError` of one line: an unknown id says which ids are
    known, a bad file says its name and the place inside it (DESIGN.md §7).
    """
    if text in COMMANDS:
        raise UsageError(command_goes_first(text))
    try:
        return get_game(text)
    except (UnknownGame, GameFileError) as exc:
        raise UsageError(str(exc)) from None


def build_parser(*, play_prog: str | None = None) -> argparse.ArgumentParser:
    """The full ``slotterm`` argument parser (``play_prog``: the name the play command's
    errors start with, when the user did not type ``play``)."""
    parser = _Parser(
        prog="slotterm",
        description="A video slot in your terminal, with exact published maths.",
        epilog=EPILOG,
    )
    parser.add_argument("--version", action="version", version=f"slotterm {__version__}")
    subs = parser.add_subparsers(dest="command", parser_class=_Parser, metavar="COMMAND")

    play = subs.add_parser("play", help="play the game (the default command)", add_help=False)
    if play_prog is not None:
        play.prog = play_prog
    add_play_options(play)
    add_par_options(subs.add_parser("par", help="exact PAR sheet computed by counting"))
    add_simulate_options(
        subs.add_parser("simulate", help="Monte Carlo through the real round state machine")
    )
    ev = subs.add_parser("eval", help="evaluate one window (or a JSON-lines batch)")
    add_eval_options(ev)
    ev.late_options = add_feature_inputs  # the features' inputs: --special, --free-spin, ...
    add_stops_options(subs.add_parser("stops", help="find the reel stops that show a window"))
    add_game_def_options(
        subs.add_parser("game-def", help="print the game definition (a loadable game file)")
    )
    add_history_options(subs.add_parser("history", help="print the saved round history"))
    add_log_options(
        subs.add_parser("log", help="print the save folder's event log and check its chain")
    )
    add_serve_options(subs.add_parser("serve", help="play in a web browser (no GAME: the lobby)"))
    add_script_options(subs.add_parser("script", help="play a key script headless, for testers"))
    return parser


def _normalise(argv: Sequence[str]) -> list[str]:
    """Insert the default ``play`` command when the first word is not a command."""
    args = list(argv)
    if not args or args[0] not in (*COMMANDS, "-h", "--help", "--version"):
        args.insert(0, "play")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Run slotterm; returns the process exit status."""
    given = list(sys.argv[1:] if argv is None else argv)
    args_in = _normalise(given)
    implicit = len(args_in) > len(given)  # "play" inserted: the user typed no command
    if args_in[0] == "play" and not HELP_WORDS & set(args_in):
        # the game owns the terminal: its output is not guarded (its help's is)
        return _main(args_in, implicit=implicit)
    real = sys.stdout
    if real is None:  # started with stdout closed (``>&-``): every command here writes
        _say("slotterm: error: cannot write the output: stdout is closed")
        return EXIT_OUTPUT_FAILED
    guarded = GuardedOutput(safe_encoding(real))
    sys.stdout = guarded
    try:
        status = _main(args_in, implicit=implicit)
        guarded.flush()
    except SystemExit:  # rich's console exits 1 after a broken pipe
        if not guarded.broken:
            raise
        silence(real)
        return EXIT_BROKEN_PIPE
    except BrokenPipeError:
        silence(real)
        return EXIT_BROKEN_PIPE
    except OutputFailed as exc:
        silence(real)
        reason = exc.error.strerror or str(exc.error)
        _say(f"slotterm: error: cannot write the output: {reason}")
        return EXIT_OUTPUT_FAILED
    finally:
        sys.stdout = real
    if guarded.broken:  # a closed pipe that something (argparse's help) swallowed
        silence(real)
        return EXIT_BROKEN_PIPE
    return status


def _main(args_in: list[str], *, implicit: bool = False) -> int:
    refused = version_refusal(args_in)
    if refused is None and implicit and len(args_in) > 1 and not is_game_path(args_in[1]):
        refused = first_word_refusal(args_in[1], COMMANDS, game_ids())
    if refused is not None:
        _say(f"{ERROR_PREFIX}{refused}")
        return EXIT_USAGE
    parser = build_parser(play_prog="slotterm" if implicit else None)
    try:
        args = parser.parse_args(args_in)
    except SystemExit as exc:  # --help, or a parser error already said in one line
        return 0 if exc.code is None else exc.code if isinstance(exc.code, int) else EXIT_USAGE
    try:
        return _run(args)
    except UsageError as exc:
        _say(f"{ERROR_PREFIX}{exc}", max(MESSAGE_MAX, len(ERROR_PREFIX) + exc.most))
        return EXIT_USAGE
    except KeyboardInterrupt:
        _say("slotterm: interrupted")
        return 130


def _say(message: str, most: int = MESSAGE_MAX) -> None:
    """One line on stderr (nothing when stderr itself cannot be written)."""
    with contextlib.suppress(OSError, ValueError):
        print(one_line(message, most), file=sys.stderr, flush=True)


_HANDLERS = {
    "play": ("slotterm.commands.play", "run_play"),
    "par": ("slotterm.commands.par", "run_par"),
    "simulate": ("slotterm.commands.simulate", "run_simulate"),
    "eval": ("slotterm.commands.evaluate", "run_eval"),
    "stops": ("slotterm.commands.stops", "run_stops"),
    "game-def": ("slotterm.commands.game_def", "run_game_def"),
    "history": ("slotterm.commands.history", "run_history"),
    "log": ("slotterm.commands.log", "run_log"),
    "serve": ("slotterm.commands.serve", "run_serve"),
    "script": ("slotterm.commands.script_runner", "run_script"),
}
"""Command -> (module, function); modules are imported only when their command runs."""


def _run(args: argparse.Namespace) -> int:
    game = getattr(args, "game", None)
    if game is not None:  # a bad GAME is said before the command starts
        game_of(game)
        if is_game_path(game):  # the same file whatever folder a child process runs in
            args.game = str(Path(game).absolute())
    if args.command == "play":
        _check_play(args)
    module_name, function_name = _HANDLERS[args.command]
    handler = getattr(importlib.import_module(module_name), function_name)
    status: int = handler(args)
    return status
