"""The options of each ``slotterm`` command (DESIGN.md §6);
:func:`slotterm.cli.build_parser` puts them together.

The types that check the options' values are :mod:`slotterm.cli_option_types`'s.
"""

from __future__ import annotations

import argparse
import importlib

from slotterm.cli_option_types import (
    amount,
    deadline_seconds,
    exact_policy,
    force_event,
    memory_size,
    non_negative_int,
    policy,
    positive_int,
    terminal_size,
)
from slotterm.games import game_ids


def _game_arg(sub: argparse.ArgumentParser, *, optional: bool = False) -> None:
    first = game_ids()[0]
    sub.add_argument(
        "game",
        nargs="?" if optional else None,
        default=first if optional else None,
        metavar="GAME",
        help=f"a game id ({', '.join(game_ids())}) or the path of a .toml/.json game file",
    )


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


def add_feature_inputs(sub: argparse.ArgumentParser) -> None:
    """``eval``'s options for the inputs the games' features take (``--special``, ...),
    from the command's own module, imported as :mod:`slotterm.cli` imports a handler."""
    module_name, function_name = _FEATURE_INPUTS
    getattr(importlib.import_module(module_name), function_name)(sub)


def _coin_options(sub: argparse.ArgumentParser, which: str) -> None:
    sub.add_argument(
        "--coins",
        type=non_negative_int,
        default=None,
        metavar="N",
        help=f"{which}: coins per line, 1-20 (default 1)",
    )
    sub.add_argument(
        "--coin-size",
        type=amount,
        default=None,
        metavar="AMOUNT",
        help=f"{which}: one of the game's coin sizes, e.g. 0.01 (the default)",
    )


class PlayHelp(argparse.Action):
    """``-h``/``--help`` of ``play``: its options, then the keys of the GAME given before
    it (``slotterm GAME --help``), or how to ask for them; an unknown GAME is an
    error of one line."""

    def __init__(self, option_strings: list[str], dest: str, help: str | None = None) -> None:
        super().__init__(option_strings, dest=argparse.SUPPRESS, nargs=0, help=help)

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        """Print the help (and the keys), then exit 0."""
        from slotterm.commands.play_keys import help_width, keys_text
        from slotterm.games import GameFileError, UnknownGame, get_game

        name = getattr(namespace, "game", None)
        try:
            game = None if name is None else get_game(name)
        except (UnknownGame, GameFileError) as exc:
            parser.error(str(exc))
        parser.print_help()
        if game is None:
            print(f"\nGive a GAME before --help for its keys: {parser.prog} {game_ids()[0]} --help")
        else:
            print("\n" + keys_text(game, help_width()))
        parser.exit()


def add_play_options(play: argparse.ArgumentParser) -> None:
    """``play``'s GAME (none: the lobby, :mod:`slotterm.tui.lobby`), options and help (a
    parser made with ``add_help=False``: :class:`PlayHelp` is its help)."""
    play.add_argument(
        "-h",
        "--help",
        action=PlayHelp,
        help="show this help, and the keys of the GAME given before it, and exit",
    )
    _game_arg(play, optional=True)
    play.set_defaults(game=None)  # no GAME: the lobby (slotterm.tui.lobby)
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
        type=non_negative_int,
        default=None,
        help="reproducible test session, with its own remembered settings beside its saves",
    )
    play.add_argument(
        "--force",
        type=force_event,
        default=None,
        metavar="EVENT",
        help=(
            "testers, only with --seed or --demo: the next round plays EVENT -- "
            "free-spins; mystery-bonus (the pick game drawn as usual) or mystery-bonus:NAME "
            "with NAME one of its pick games (potion, pumpkin, spell-book, vault), or "
            "mystery-bonus:NAME=LAYOUT with its hidden layout, items in order: pumpkin=2,4,6,10,50 "
            "(an amount per pumpkin), potion=5,2,stop,1,3,win-all,8,1,2,5,3,1 (an amount per "
            "bottle, win-all and stop once each), spell-book=5,10,20+5 (a multiplier per book, "
            "+IMP when the imp comes), vault=... (the vaults' amounts reordered); retrigger "
            "(free spins started and retriggered); five-of-a-kind:SYM (SYM, an id or name, "
            "five times on a paid line); cap (the round cap reached at the bet) -- in a game "
            "that has the feature"
        ),
    )
    play.add_argument(
        "--stops",
        action="append",
        default=None,
        metavar="STOPS",
        help=(
            "testers, only with --seed or --demo: the reel stops of the next base spin, "
            'e.g. "3,17,22,5,9" (reel 1 first; a stop is the top row\'s symbol), or with '
            '"free:" before them of the next free spin; give it again for the spins after, '
            "or give a FILE with one line per spin (slotterm stops GAME --grid ... finds "
            "the stops of a window)"
        ),
    )
    play.add_argument(
        "--record",
        default=None,
        metavar="FILE",
        help="testers, only with --seed: write the session's keys to FILE as a key script, "
        "which 'slotterm script GAME --keys FILE' plays again",
    )
    play.add_argument(
        "--reset-save",
        action="store_true",
        help="start a new session; the old save files are moved aside, never deleted",
    )


def add_script_options(script: argparse.ArgumentParser) -> None:
    """``script``'s GAME and options: the key script, the terminal size, the output folder,
    the save folder, the deadline (:mod:`slotterm.commands.script_runner`)."""
    _game_arg(script)
    script.add_argument(
        "--keys", required=True, metavar="FILE", help="the key script: one key a line, @ lines"
    )
    script.add_argument(
        "--size",
        type=terminal_size,
        default=None,
        metavar="WxH",
        help="the terminal's size (default: the script's @size, else 100x32)",
    )
    script.add_argument(
        "--out",
        default="script-out",
        metavar="DIR",
        help="where transcript.jsonl and the @shot pictures go (default ./script-out)",
    )
    script.add_argument(
        "--save-dir",
        default=None,
        metavar="DIR",
        help="play the seeded save in DIR and keep it (default: a fresh one, thrown away)",
    )
    script.add_argument("--config", default=None, help="operator settings TOML file")
    script.add_argument(
        "--deadline",
        type=deadline_seconds,
        default=30.0,
        metavar="SECONDS",
        help="how long the game may take to be ready for a key (default 30)",
    )


def add_par_options(par: argparse.ArgumentParser) -> None:
    """``par``'s GAME and options: the lines, the pick policy, the memory budget, the
    output's format."""
    _game_arg(par)
    par.add_argument("--lines", type=positive_int, default=None, help="active lines (default all)")
    par.add_argument(
        "--max-memory",
        type=memory_size,
        default=None,
        metavar="SIZE",
        help="refuse, before counting, a game whose exact analysis needs more memory "
        "(e.g. 500M, 2G; default half the machine's memory, at most 2G)",
    )
    par.add_argument(
        "--policy",
        type=exact_policy,
        default="best",
        metavar="POLICY",
        help="how pick games are played: best, keep-first or worst (default best)",
    )
    par_format = par.add_mutually_exclusive_group()
    par_format.add_argument("--json", action="store_true", help="machine-readable output")
    par_format.add_argument(
        "--csv", action="store_true", help="one long CSV table: section,name,value,unit"
    )
    par_format.add_argument("--markdown", action="store_true", help="Markdown tables")
    par_format.add_argument(
        "--html", metavar="FILE", default=None, help="write a report page with charts to FILE"
    )
    par.add_argument(
        "--section",
        metavar="NAME",
        default=None,
        help="with --csv: one section as a wide table (summary, symbols, win_bands...)",
    )


def add_simulate_options(sim: argparse.ArgumentParser) -> None:
    """``simulate``'s GAME and options: rounds, seed, lines, workers, policy, bet."""
    _game_arg(sim)
    sim.add_argument("--spins", type=positive_int, required=True, help="rounds to play")
    sim.add_argument("--seed", type=non_negative_int, default=None, help="seed (default random)")
    sim.add_argument("--lines", type=positive_int, default=None, help="active lines (default all)")
    sim.add_argument(
        "--workers",
        type=positive_int,
        default=None,
        help="processes (default: all cores)",
    )
    sim.add_argument(
        "--policy",
        type=policy,
        default="best",
        metavar="POLICY",
        help="how pick games are played: best, keep-first, random or worst (default best)",
    )
    _coin_options(sim, "a game bet in coins")
    sim.add_argument("--json", action="store_true", help="machine-readable output")


def add_eval_options(ev: argparse.ArgumentParser) -> None:
    """``eval``'s GAME and options but the features' inputs (:func:`add_feature_inputs`,
    added late: only when ``eval`` is parsed)."""
    _game_arg(ev)
    ev.add_argument("--grid", help='rows top first, e.g. "A,K,Q,J,TEN/BOOK,BOOK,BOOK,A,A/..."')
    ev.add_argument("--lines", type=positive_int, default=None, help="active lines (default all)")
    ev.add_argument(
        "--bet", type=amount, default=None, help="bet per line, e.g. 0.10 (default 0.10)"
    )
    _coin_options(ev, "a game bet in coins")
    ev.add_argument("--jsonl", action="store_true", help="read requests from stdin, one per line")
    ev.add_argument("--json", action="store_true", help="print the result as JSON")


def add_stops_options(stops: argparse.ArgumentParser) -> None:
    """``stops``'s GAME and options: the wanted window, the strip set, JSON."""
    _game_arg(stops)
    stops.add_argument(
        "--grid",
        default=None,
        help='the window wanted, rows top first, as eval reads it: "A,K,Q,J,TEN/.../..."',
    )
    stops.add_argument("--free", action="store_true", help="on the free-spin strips")
    stops.add_argument("--json", action="store_true", help="machine-readable output")


def add_game_def_options(gdef: argparse.ArgumentParser) -> None:
    """``game-def``'s GAME and the output's format."""
    _game_arg(gdef)
    gdef_format = gdef.add_mutually_exclusive_group()
    gdef_format.add_argument("--json", action="store_true", help="the game file as JSON")
    gdef_format.add_argument("--toml", action="store_true", help="the game file as TOML")


def add_history_options(hist: argparse.ArgumentParser) -> None:
    """``history``'s GAME and options: the save folder, a seeded session, JSON."""
    _game_arg(hist, optional=True)
    hist.add_argument("--save-dir", default=None, help="save folder (default: user data dir)")
    hist.add_argument(
        "--seed", type=non_negative_int, default=None, help="show a seeded test session"
    )
    hist.add_argument("--json", action="store_true", help="machine-readable output")


def add_log_options(log: argparse.ArgumentParser) -> None:
    """``log``'s GAME and options: the save folder, a seeded session, JSON."""
    _game_arg(log, optional=True)
    log.add_argument("--save-dir", default=None, help="save folder (default: user data dir)")
    log.add_argument("--seed", type=non_negative_int, default=None, help="a seeded session's log")
    log.add_argument("--json", action="store_true", help="machine-readable output")


def add_serve_options(serve: argparse.ArgumentParser) -> None:
    """``serve``'s GAME (none: the lobby) and options: address, port, saves, games."""
    _game_arg(serve, optional=True)
    serve.set_defaults(game=None)  # no GAME: the lobby
    serve.add_argument("--host", default="127.0.0.1", help="address (default 127.0.0.1)")
    serve.add_argument("--port", type=positive_int, default=8000, help="port (default 8000)")
    serve.add_argument(
        "--save-dir", default=None, metavar="DIR", help="play the saves in DIR (default: demos)"
    )
    _games_option(serve)
