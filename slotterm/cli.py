"""Command-line entry point (DESIGN.md §6): play (default), par, simulate, eval, game-def.

Every command reports bad input as one line on stderr and exits with status 2.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import NoReturn

from slotterm.games import game_ids

COMMANDS = ("play", "par", "simulate", "eval", "game-def", "history")
EXIT_USAGE = 2


class UsageError(Exception):
    """Bad input from the command line; printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit status 2."""

    def error(self, message: str) -> NoReturn:
        """Print ``slotterm: error: ...`` on one line and exit 2."""
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def _whole_number(text: str, minimum: int) -> int:
    """``text`` as an int of at least ``minimum``, or an argparse error saying why not."""
    try:
        value = int(text)
    except ValueError:  # also a number of more than 4300 digits
        shown = text if len(text) <= 24 else text[:20] + "…"
        raise argparse.ArgumentTypeError(f"not a whole number: {shown!r}") from None
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


def _policy(text: str) -> str:
    """A pick-game policy name (``slotterm.engine.policy.POLICIES``), or an argparse error."""
    from slotterm.engine.policy import POLICIES

    if text not in POLICIES:
        shown = text if len(text) <= 24 else text[:20] + "…"
        raise argparse.ArgumentTypeError(f"must be one of {', '.join(POLICIES)}, got {shown!r}")
    return text


def _game_arg(sub: argparse.ArgumentParser, *, optional: bool = False) -> None:
    sub.add_argument(
        "game",
        nargs="?" if optional else None,
        default="book-of-spells" if optional else None,
        choices=game_ids(),
        metavar="GAME",
        help=f"game id ({', '.join(game_ids())})",
    )


def build_parser() -> argparse.ArgumentParser:
    """The full ``slotterm`` argument parser."""
    parser = _Parser(
        prog="slotterm",
        description="A video slot in your terminal, with exact published maths.",
        epilog="Run 'slotterm COMMAND --help' for the options of one command.",
    )
    subs = parser.add_subparsers(dest="command", parser_class=_Parser, metavar="COMMAND")

    play = subs.add_parser("play", help="play the game (the default command)")
    _game_arg(play, optional=True)
    _play_options(play)

    par = subs.add_parser("par", help="exact PAR sheet computed by counting")
    _game_arg(par)
    par.add_argument("--lines", type=_positive_int, default=None, help="active lines (default all)")
    par.add_argument("--json", action="store_true", help="machine-readable output")

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
    sim.add_argument("--json", action="store_true", help="machine-readable output")

    ev = subs.add_parser("eval", help="evaluate one window (or a JSON-lines batch)")
    _game_arg(ev)
    ev.add_argument("--grid", help='rows top first, e.g. "A,K,Q,J,TEN/BOOK,BOOK,BOOK,A,A/..."')
    ev.add_argument("--lines", type=_positive_int, default=None, help="active lines (default all)")
    ev.add_argument("--bet", default="0.10", help="bet per line, e.g. 0.10")
    ev.add_argument("--special", default=None, help="special symbol: evaluate as a free spin")
    ev.add_argument("--jsonl", action="store_true", help="read requests from stdin, one per line")
    ev.add_argument("--json", action="store_true", help="print the result as JSON")

    gdef = subs.add_parser("game-def", help="print the game definition")
    _game_arg(gdef)
    gdef.add_argument("--json", action="store_true", help="machine-readable output")

    hist = subs.add_parser("history", help="print the saved round history")
    _game_arg(hist, optional=True)
    hist.add_argument("--save-dir", default=None, help="save folder (default: user data dir)")
    hist.add_argument(
        "--seed", type=_non_negative_int, default=None, help="show a seeded test session"
    )
    hist.add_argument("--json", action="store_true", help="machine-readable output")
    return parser


def _play_options(play: argparse.ArgumentParser) -> None:
    play.add_argument("--save-dir", default=None, help="save folder (default: user data dir)")
    play.add_argument("--config", default=None, help="operator settings TOML file")
    play.add_argument("--demo", action="store_true", help="throwaway session, never saved")
    play.add_argument(
        "--seed", type=_non_negative_int, default=None, help="reproducible test session"
    )
    play.add_argument(
        "--force",
        choices=("free-spins",),
        default=None,
        help="testers: the next spin triggers the feature (needs --seed or --demo)",
    )
    play.add_argument(
        "--reset-save",
        action="store_true",
        help="start a new session; the old save files are moved aside, never deleted",
    )


def _normalise(argv: Sequence[str]) -> list[str]:
    """Insert the default ``play`` command when the first word is not a command."""
    args = list(argv)
    if not args or args[0] not in (*COMMANDS, "-h", "--help"):
        args.insert(0, "play")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Run slotterm; returns the process exit status."""
    parser = build_parser()
    args = parser.parse_args(_normalise(sys.argv[1:] if argv is None else argv))
    try:
        return _run(args)
    except UsageError as exc:
        print(f"slotterm: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("slotterm: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


_HANDLERS = {
    "play": ("slotterm.commands.play", "run_play"),
    "par": ("slotterm.commands.par", "run_par"),
    "simulate": ("slotterm.commands.simulate", "run_simulate"),
    "eval": ("slotterm.commands.evaluate", "run_eval"),
    "game-def": ("slotterm.commands.game_def", "run_game_def"),
    "history": ("slotterm.commands.history", "run_history"),
}
"""Command -> (module, function); modules are imported only when their command runs."""


def _run(args: argparse.Namespace) -> int:
    module_name, function_name = _HANDLERS[args.command]
    handler = getattr(importlib.import_module(module_name), function_name)
    status: int = handler(args)
    return status
