"""Command-line entry point (DESIGN.md §6): play (default), par, simulate, eval, game-def.

Every command reports bad input as one line on stderr and exits with status 2.  Output
that cannot be written is not bad input: a closed pipe (``slotterm par GAME | head -1``)
ends the command quietly with status 141 (128 + SIGPIPE, what the shell shows for a tool
killed by the signal); any other failed write (a full disk, an I/O error) is one line on
stderr and status 1.  On an output whose encoding is not UTF-8 (``PYTHONIOENCODING=ascii``)
tables fall back to ASCII, JSON is ASCII-escaped and other text is backslash-escaped.
"""

from __future__ import annotations

import argparse
import codecs
import contextlib
import importlib
import os
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

from slotterm import __version__
from slotterm.cli_words import (
    command_goes_first,
    first_word_refusal,
    misplaced_command,
    version_refusal,
)
from slotterm.games import GameFileError, UnknownGame, game_ids, get_game, is_game_path

if TYPE_CHECKING:
    from slotterm.engine.model import GameDefinition

COMMANDS = ("play", "par", "simulate", "eval", "game-def", "history", "log", "serve")
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


_ASCII_WHOLE = re.compile(r"-?[0-9]+")
_ASCII_AMOUNT = re.compile(r"[0-9]+(?:\.[0-9]+)?")


def _shown_text(text: str) -> str:
    return repr(text if len(text) <= 24 else text[:20] + "…")


def _whole_number(text: str, minimum: int) -> int:
    """``text`` as an int of at least ``minimum``, or an argparse error saying why not.

    Only plain ASCII digits with an optional leading ``-``: not ``" 10 "``, ``1_0`` or
    ``١٠``, all of which ``int()`` would take.
    """
    if not _ASCII_WHOLE.fullmatch(text):
        raise argparse.ArgumentTypeError(f"not a whole number: {_shown_text(text)}")
    digits = text.lstrip("-").lstrip("0")
    if len(digits) > len(str(_WHOLE_NUMBER_MAX)):  # before int(): no 4300-digit limit
        if text.startswith("-"):
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, got a negative number")
        raise argparse.ArgumentTypeError(f"must be at most 10^30, got a {len(digits)}-digit number")
    value = int(text)
    if value < minimum:
        raise argparse.ArgumentTypeError(f"must be at least {minimum}, got {_shown_int(value)}")
    if value > _WHOLE_NUMBER_MAX:
        raise argparse.ArgumentTypeError(f"must be at most 10^30, got {_shown_int(value)}")
    return value


_WHOLE_NUMBER_MAX = 10**30
"""No option needs more (a reported 63-bit seed fits); beyond it only echoes get long."""


def _shown_int(value: int) -> str:
    """``value`` for an error message: in full up to 24 digits, else its digit count."""
    text = str(value)
    return text if len(text) <= 24 else f"a {len(text.lstrip('-'))}-digit number"


def _positive_int(text: str) -> int:
    return _whole_number(text, 1)


def _non_negative_int(text: str) -> int:
    return _whole_number(text, 0)


def _amount(text: str) -> str:
    """An amount such as ``0.10``: ASCII digits and at most one ``.``, nothing else."""
    if not _ASCII_AMOUNT.fullmatch(text):
        raise argparse.ArgumentTypeError(
            f"not an amount: {_shown_text(text)} (expected e.g. 0.10 or 2)"
        )
    return text


def _policy(text: str) -> str:
    """A pick-game policy name (``slotterm.engine.policy.POLICIES``), or an argparse error."""
    from slotterm.engine.policy import POLICIES

    if text not in POLICIES:
        shown = text if len(text) <= 24 else text[:20] + "…"
        raise argparse.ArgumentTypeError(f"must be one of {', '.join(POLICIES)}, got {shown!r}")
    return text


_FORCE_EVENT = re.compile(r"[a-z]+(?:-[a-z]+)*(?::[a-z]+(?:[-_][a-z]+)*)?")
FORCE_EVENTS = ("free-spins", "mystery-bonus")
"""The events ``--force`` names (``mystery-bonus`` also as ``mystery-bonus:NAME``)."""


def _force_event(text: str) -> str:
    """``--force EVENT[:NAME]``: one of :data:`FORCE_EVENTS` (the game checks the rest)."""
    event = text.partition(":")[0]
    if not _FORCE_EVENT.fullmatch(text) or event not in FORCE_EVENTS:
        raise argparse.ArgumentTypeError(
            f"must be free-spins, mystery-bonus or mystery-bonus:NAME, got {_shown_text(text)}"
        )
    return text


def engine_force(game: GameDefinition, text: str) -> str:
    """The engine's force string for ``--force text`` in ``game``, or a :class:`UsageError`.

    ``free-spins`` -> ``free_spins``, ``mystery-bonus:spell-book`` ->
    ``mystery_bonus:spell-book`` (the feature's name, the pick game's label), checked by
    :func:`slotterm.engine.round.force_refusal`.
    """
    from slotterm.engine.round import force_refusal

    event, colon, detail = text.partition(":")
    force = event.replace("-", "_") + colon + detail
    if not any(feature.name == event.replace("-", "_") for feature in game.features):
        raise UsageError(f"--force {text}: {game.name} has no {event} feature")
    reason = force_refusal(game, force)
    if reason is not None:
        raise UsageError(f"--force {text}: {reason}")
    return force


def _check_play(args: argparse.Namespace) -> None:
    """``--force`` only with ``--seed`` or ``--demo``, and only what the game can force."""
    if args.force is None:
        return
    if args.seed is None and not args.demo:
        raise UsageError("--force is for testers: use it with --seed or --demo")
    if args.game is None:  # the lobby: no game to force anything in
        raise UsageError(f"--force needs a GAME (e.g. slotterm {game_ids()[0]} --demo --force ...)")
    args.force = engine_force(game_of(args.game), args.force)


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


def _game_arg(sub: argparse.ArgumentParser, *, optional: bool = False) -> None:
    first = game_ids()[0]
    sub.add_argument(
        "game",
        nargs="?" if optional else None,
        default=first if optional else None,
        metavar="GAME",
        help=f"a game id ({', '.join(game_ids())}) or the path of a .toml/.json game file",
    )


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

    play = subs.add_parser("play", help="play the game (the default command)")
    if play_prog is not None:
        play.prog = play_prog
    _game_arg(play, optional=True)
    _play_options(play)
    play.set_defaults(game=None)  # no GAME: the lobby (slotterm.tui.lobby)

    par = subs.add_parser("par", help="exact PAR sheet computed by counting")
    _game_arg(par)
    par.add_argument("--lines", type=_positive_int, default=None, help="active lines (default all)")
    par_format = par.add_mutually_exclusive_group()
    par_format.add_argument("--json", action="store_true", help="machine-readable output")
    par_format.add_argument("--csv", action="store_true", help="one CSV table per section")
    par_format.add_argument("--markdown", action="store_true", help="Markdown tables")

    sim = subs.add_parser("simulate", help="Monte Carlo through the real round state machine")
    _game_arg(sim)
    sim.add_argument("--spins", type=_positive_int, required=True, help="rounds to play")
    sim.add_argument("--seed", type=_non_negative_int, default=None, help="seed (default random)")
    sim.add_argument("--lines", type=_positive_int, default=None, help="active lines (default all)")
    sim.add_argument(
        "--workers",
        type=_positive_int,
        default=None,
        help="processes (default: all cores)",
    )
    sim.add_argument(
        "--policy",
        type=_policy,
        default="best",
        metavar="POLICY",
        help="how pick games are played: best, keep-first, random or worst (default best)",
    )
    _coin_options(sim, "a game bet in coins")
    sim.add_argument("--json", action="store_true", help="machine-readable output")

    ev = subs.add_parser("eval", help="evaluate one window (or a JSON-lines batch)")
    _game_arg(ev)
    ev.add_argument("--grid", help='rows top first, e.g. "A,K,Q,J,TEN/BOOK,BOOK,BOOK,A,A/..."')
    ev.add_argument("--lines", type=_positive_int, default=None, help="active lines (default all)")
    ev.add_argument(
        "--bet", type=_amount, default=None, help="bet per line, e.g. 0.10 (default 0.10)"
    )
    _coin_options(ev, "a game bet in coins")
    ev.late_options = _feature_inputs  # the features' inputs: --special, --free-spin, ...
    ev.add_argument("--jsonl", action="store_true", help="read requests from stdin, one per line")
    ev.add_argument("--json", action="store_true", help="print the result as JSON")

    gdef = subs.add_parser("game-def", help="print the game definition (a loadable game file)")
    _game_arg(gdef)
    gdef_format = gdef.add_mutually_exclusive_group()
    gdef_format.add_argument("--json", action="store_true", help="the game file as JSON")
    gdef_format.add_argument("--toml", action="store_true", help="the game file as TOML")

    hist = subs.add_parser("history", help="print the saved round history")
    _game_arg(hist, optional=True)
    hist.add_argument("--save-dir", default=None, help="save folder (default: user data dir)")
    hist.add_argument(
        "--seed", type=_non_negative_int, default=None, help="show a seeded test session"
    )
    hist.add_argument("--json", action="store_true", help="machine-readable output")

    log = subs.add_parser("log", help="print the save folder's event log and check its chain")
    _game_arg(log, optional=True)
    log.add_argument("--save-dir", default=None, help="save folder (default: user data dir)")
    log.add_argument("--seed", type=_non_negative_int, default=None, help="a seeded session's log")
    log.add_argument("--json", action="store_true", help="machine-readable output")

    serve = subs.add_parser("serve", help="play in a web browser (no GAME: the lobby)")
    _game_arg(serve, optional=True)
    serve.set_defaults(game=None)  # no GAME: the lobby
    serve.add_argument("--host", default="127.0.0.1", help="address (default 127.0.0.1)")
    serve.add_argument("--port", type=_positive_int, default=8000, help="port (default 8000)")
    serve.add_argument(
        "--save-dir", default=None, metavar="DIR", help="play the saves in DIR (default: demos)"
    )
    _games_option(serve)
    return parser


def _games_option(sub: argparse.ArgumentParser) -> None:
    sub.add_argument(
        "--games",
        default=None,
        metavar="DIR",
        help="folder of game files the lobby adds to the shipped games (default: the games "
        "folder beside the saves: DIR/games with --save-dir DIR, else in the user data dir)",
    )


_FEATURE_INPUTS = ("slotterm.commands.eval_inputs", "add_input_options")
"""Where ``eval``'s feature options are made: (module, function), imported when used."""


def _feature_inputs(sub: argparse.ArgumentParser) -> None:
    """``eval``'s options for the inputs the games' features take (``--special``, ...),
    from the command's own module, imported as a handler is (:data:`_HANDLERS`)."""
    module_name, function_name = _FEATURE_INPUTS
    getattr(importlib.import_module(module_name), function_name)(sub)


def _coin_options(sub: argparse.ArgumentParser, which: str) -> None:
    sub.add_argument(
        "--coins",
        type=_non_negative_int,
        default=None,
        metavar="N",
        help=f"{which}: coins per line, 1-20 (default 1)",
    )
    sub.add_argument(
        "--coin-size",
        type=_amount,
        default=None,
        metavar="AMOUNT",
        help=f"{which}: one of the game's coin sizes, e.g. 0.01 (the default)",
    )


def _play_options(play: argparse.ArgumentParser) -> None:
    play.add_argument(
        "--save-dir",
        default=None,
        help="folder for the saves and the remembered options and autoplay settings "
        "(default: the saves in the user data dir, the settings in the user config dir)",
    )
    play.add_argument("--config", default=None, help="operator settings TOML file")
    _games_option(play)
    play.add_argument(
        "--demo",
        action="store_true",
        help="throwaway session: nothing saved; it starts with the remembered options and "
        "autoplay settings, and changes to them last for this demo only",
    )
    play.add_argument(
        "--seed",
        type=_non_negative_int,
        default=None,
        help="reproducible test session, with its own remembered settings beside its saves",
    )
    play.add_argument(
        "--force",
        type=_force_event,
        default=None,
        metavar="EVENT",
        help=(
            "testers, only with --seed or --demo: the next spin starts EVENT -- "
            "free-spins, mystery-bonus (the pick game drawn as usual) or mystery-bonus:NAME "
            "with NAME one of its pick games (potion, pumpkin, spell-book, vault), in a game "
            "that has the feature"
        ),
    )
    play.add_argument(
        "--reset-save",
        action="store_true",
        help="start a new session; the old save files are moved aside, never deleted",
    )


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
    if args_in[0] == "play":  # the game owns the terminal: its output is not guarded
        return _main(args_in, implicit=implicit)
    real = sys.stdout
    if real is None:  # started with stdout closed (``>&-``): every command here writes
        _say("slotterm: error: cannot write the output: stdout is closed")
        return EXIT_OUTPUT_FAILED
    guarded = GuardedOutput(_safe_encoding(real))
    sys.stdout = guarded
    try:
        status = _main(args_in, implicit=implicit)
        guarded.flush()
    except SystemExit:  # rich's console exits 1 after a broken pipe
        if not guarded.broken:
            raise
        _silence(real)
        return EXIT_BROKEN_PIPE
    except BrokenPipeError:
        _silence(real)
        return EXIT_BROKEN_PIPE
    except OutputFailed as exc:
        _silence(real)
        reason = exc.error.strerror or str(exc.error)
        _say(f"slotterm: error: cannot write the output: {reason}")
        return EXIT_OUTPUT_FAILED
    finally:
        sys.stdout = real
    if guarded.broken:  # a closed pipe that something (argparse's help) swallowed
        _silence(real)
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


class OutputFailed(Exception):
    """Writing stdout failed with ``error`` (not a closed pipe, which stays BrokenPipeError)."""

    def __init__(self, error: OSError) -> None:
        super().__init__(str(error))
        self.error = error


_ASCII_FALLBACK = str.maketrans({"×": "x", "−": "-", "–": "-", "—": "-", "✓": "+", "✗": "-"})
"""Characters of the tables that have a one-cell ASCII stand-in (widths stay right)."""


class GuardedOutput:
    """``sys.stdout`` for the commands: a failed write raises :class:`OutputFailed`.

    On an output that cannot encode everything, the table characters get ASCII stand-ins
    (the rest is backslash-escaped by the stream).  Everything else goes to the stream.
    """

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        encoding = getattr(stream, "encoding", None) or "utf-8"
        self._utf = _is_utf(encoding)
        self.broken = False
        """Whether a write met a closed pipe (whoever caught the error)."""

    @property
    def is_utf(self) -> bool:
        """Whether the output can encode every character."""
        return self._utf

    def write(self, text: str) -> int:
        if not self._utf:
            text = text.translate(_ASCII_FALLBACK)
        try:
            return self._stream.write(text)
        except BrokenPipeError:
            self.broken = True
            raise
        except OSError as exc:
            raise OutputFailed(exc) from None

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            self.broken = True
            raise
        except OSError as exc:
            raise OutputFailed(exc) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _is_utf(encoding: str) -> bool:
    try:
        return codecs.lookup(encoding).name.startswith("utf")
    except LookupError:
        return False


def output_is_utf() -> bool:
    """Whether ``sys.stdout`` can take any character (else JSON should be ASCII-escaped)."""
    stdout = sys.stdout
    if isinstance(stdout, GuardedOutput):
        return stdout.is_utf
    return _is_utf(getattr(stdout, "encoding", None) or "utf-8")


def _safe_encoding(stream: TextIO) -> TextIO:
    """``stream``, told to backslash-escape what its encoding cannot take."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    reconfigure = getattr(stream, "reconfigure", None)
    if not _is_utf(encoding) and reconfigure is not None:
        with contextlib.suppress(OSError, ValueError):
            reconfigure(errors="backslashreplace")
    return stream


def _silence(stream: TextIO) -> None:
    """After a failed write: point stdout at /dev/null so nothing fails again at exit.

    (Python's documentation on SIGPIPE recommends this; the interpreter flushes stdout at
    shutdown and would print "Exception ignored" otherwise.)
    """
    try:
        fd = stream.fileno()
    except (OSError, ValueError, AttributeError):
        return
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        return
    try:
        os.dup2(devnull, fd)
    except OSError:
        pass
    finally:
        os.close(devnull)


_HANDLERS = {
    "play": ("slotterm.commands.play", "run_play"),
    "par": ("slotterm.commands.par", "run_par"),
    "simulate": ("slotterm.commands.simulate", "run_simulate"),
    "eval": ("slotterm.commands.evaluate", "run_eval"),
    "game-def": ("slotterm.commands.game_def", "run_game_def"),
    "history": ("slotterm.commands.history", "run_history"),
    "log": ("slotterm.commands.log", "run_log"),
    "serve": ("slotterm.commands.serve", "run_serve"),
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
