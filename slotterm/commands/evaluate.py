"""The ``eval`` command: what one window pays (DESIGN.md §6).

``slotterm eval GAME --grid "A,K,Q,J,TEN/BOOK,BOOK,BOOK,A,A/HAT,HAT,HAT,HAT,HAT"
[--lines 9] [--bet 0.10] [--special WITCH] [--json]`` evaluates one window (rows top
first, separated by ``/``; symbols by ``,``).  The bet comes in the game's bet model's
options (:mod:`slotterm.commands.bet_inputs`); the game's features say what else it takes
to evaluate the window as one of their spins (:mod:`slotterm.commands.eval_inputs`): in
free spins with an expanding symbol ``--special`` evaluates it as a free spin with that
expanding symbol.

``--jsonl`` reads one request per stdin line, ``{"grid": [[row], [row], [row]], "lines",
"bet", "special"}`` (all but ``grid`` optional; ``grid`` may also be the text form; the
features' inputs by their keys), and writes one result per line, in order.  Blank lines
are skipped.  A bad request gets ``{"error": "..."}`` on its own output line and the
batch goes on; when any request was bad, one line on stderr says how many and the exit
status is 2.

A game bet in coins takes ``--coins N --coin-size 0.01`` instead of
``--bet`` (mixing them is refused), and its free spins ``--free-spin``; requests ``{"grid",
"lines", "coins", "coin_size": "0.01", "free_spin": false}``.  Another game's inputs are
refused by name.  Its result adds
``"doubled"`` to each line win (a multiplying wild completed it) and
``"bonus_triggered"`` (the bonus symbol shows on each of the bonus reels).  Any window of
the game's symbols is evaluated, also one the strips cannot show (a CAULDRON on reel 2):
the rules say what it pays -- a bonus symbol off the bonus reels does nothing -- so this
stays a calculator of the rules, as it is for every game, not of the strips.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any, TextIO

from slotterm.cli import UsageError
from slotterm.commands.bet_input_error import BetInputError
from slotterm.commands.bet_inputs import bet_inputs, is_given, other_bet_inputs
from slotterm.commands.eval_inputs import InputError, flag, input_value, inputs_of
from slotterm.commands.eval_inputs import known_inputs as _known_inputs
from slotterm.commands.eval_request import Request, Result, money
from slotterm.commands.game_features import free_spins_of
from slotterm.commands.pick_tables import mystery_bonus_of
from slotterm.engine.actions import Bet
from slotterm.engine.eval_input import EvalInput
from slotterm.engine.evaluate import check_window, evaluate, window_from_rows
from slotterm.engine.model import GameDefinition
from slotterm.engine.outcome import GridError, LineWin, Window
from slotterm.games import UnknownGame, get_game


class RequestError(ValueError):
    """A request that cannot be evaluated; the message says why, in one line."""


def parse_grid(game: GameDefinition, grid: str | Sequence[Sequence[str]]) -> Window:
    """A window from rows top first: text ``"A,K,.../.../..."`` or a list of rows."""
    as_lists = f"a list of {game.rows} rows, each a list of {game.reels} symbols"
    if isinstance(grid, str):
        rows: list[list[str]] = [row.split(",") for row in grid.split("/")]
        shape = f"{game.rows} rows separated by '/'"
    elif isinstance(grid, list) and all(isinstance(row, list) for row in grid):
        rows = [list(row) for row in grid]
        shape = f"{game.rows} rows, each a list of {game.reels} symbols"
    else:
        raise RequestError(f"grid must be text like 'A,K,Q,J,TEN/...' or {as_lists}")
    if len(rows) != game.rows:
        raise RequestError(f"the grid needs {shape}, got {len(rows)}")
    for n, row in enumerate(rows, 1):
        if len(row) != game.reels:
            raise RequestError(f"grid row {n} needs {game.reels} symbols, got {len(row)}")
        for symbol in row:
            if not isinstance(symbol, str):
                raise RequestError(f"grid row {n}: symbols must be text, got {_shown(symbol)}")
    cleaned = [[s.strip().upper() for s in row] for row in rows]
    window = window_from_rows(cleaned)
    for column in window:
        for symbol in column:
            if symbol not in game.symbol_index:
                known = ", ".join(game.symbol_index)
                raise RequestError(f"unknown symbol {_shown(symbol)} (known: {known})")
    try:
        check_window(game, window)
    except GridError as exc:
        known = ", ".join(game.symbol_index)
        raise RequestError(f"{exc} (known: {known})") from None
    return window


def _shown(value: object) -> str:
    """``repr(value)`` for an error message, cut short when long."""
    text = repr(value)
    return text if len(text) <= 30 else text[:24] + "…"


def parse_request_bet(game: GameDefinition, values: Mapping[str, object], lines: int) -> Bet:
    """The bet of a request, by the game's bet model (:mod:`slotterm.commands.bet_inputs`;
    an input not given takes the model's default: a bet of 0.10 per line, or 1 coin of the
    smallest size)."""
    try:
        return bet_inputs(game).parse(game, values, lines)
    except BetInputError as exc:
        raise RequestError(str(exc)) from None


def parse_lines(game: GameDefinition, lines: object) -> int:
    """Active lines: ``None`` means all; otherwise a whole number 1..N."""
    if lines is None:
        return len(game.lines)
    if isinstance(lines, bool) or not isinstance(lines, int):
        raise RequestError(f"lines must be a whole number, got {lines!r}")
    refusal = game.lines_refusal(lines)
    if refusal is not None:
        raise RequestError(f"{refusal}, got {_shown(lines)}")
    return lines


def parse_inputs(game: GameDefinition, values: Mapping[str, object]) -> dict[str, Any]:
    """The values of the game's feature inputs, read from ``values`` by key (absent: none)."""
    try:
        return {spec.key: input_value(spec, values.get(spec.key)) for _, spec in inputs_of(game)}
    except InputError as exc:
        raise RequestError(str(exc)) from None


def evaluate_request(game: GameDefinition, request: Request) -> Result:
    """Evaluate a request (as a free spin when it gives an input of the free spins)."""
    lines, bet = request.lines, request.bet_per_line
    evaluation = evaluate(game, request.window, lines, bet)
    feature = free_spins_of(game)
    in_free_spin = feature is not None and any(
        is_given(request.inputs.get(spec.key)) for spec in feature.eval_inputs()
    )
    added: tuple[LineWin, ...] = ()
    extra_win = 0
    modifier = None if feature is None else feature.modifier
    if modifier is not None:
        states = [request.inputs.get(s.key) for s in modifier.eval_inputs() if s.choices]
        state = next((v for v in states if v is not None), None)
        if state is not None:
            extra, extra_win = modifier.added(game, request.window, state, lines, bet)
            added = modifier.line_wins(extra)
    awarded = (
        0
        if feature is None
        else feature.awarded_by(evaluation.scatter_count, retrigger=in_free_spin)
    )
    bonus = mystery_bonus_of(game)
    triggered = (
        None
        if bonus is None
        else all(bonus.symbol in request.window[r] for r in bonus.reel_indices)
    )
    return Result(
        evaluation=evaluation,
        free_spins_awarded=awarded,
        expanding_wins=added,
        extra_win=extra_win,
        doubling=game.wild_multiplier > 1,
        bonus_triggered=triggered,
    )


def _line_win_json(win: LineWin, doubling: bool = False) -> dict[str, Any]:
    shown: dict[str, Any] = {
        "line": win.line,
        "symbol": win.symbol,
        "count": win.count,
        "multiplier": win.multiplier,
        "win": money(win.win),
    }
    if doubling:
        shown["doubled"] = win.doubled
    return shown


def evaluation_json(result: Result) -> dict[str, Any]:
    """The result object of DESIGN.md §6, money as decimal strings."""
    evaluation = result.evaluation
    scatter = evaluation.scatter_win
    doubling = result.doubling
    shown = {
        "line_wins": [_line_win_json(w, doubling) for w in evaluation.line_wins],
        "scatter_win": None
        if scatter is None
        else {"count": scatter.count, "multiplier": scatter.multiplier, "win": money(scatter.win)},
        "expanding_wins": [_line_win_json(w, doubling) for w in result.expanding_wins],
        "free_spins_awarded": result.free_spins_awarded,
        "total_win": money(result.total_win),
    }
    if result.bonus_triggered is not None:
        shown["bonus_triggered"] = result.bonus_triggered
    return shown


@cache
def known_inputs() -> tuple[EvalInput, ...]:
    """Every input the shipped games' features take (:func:`~.eval_inputs.known_inputs`)."""
    return _known_inputs()


def request_inputs(game: GameDefinition) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """The ``(field, flag)`` inputs the game takes besides the grid and the lines (its bet
    model's, then its features'), and those of the other games it refuses."""
    features = [(spec.key, flag(spec)) for _, spec in inputs_of(game)]
    mine = [*bet_inputs(game).options, *features]
    theirs = [o for inputs in other_bet_inputs(game) for o in inputs.options]
    keys = {key for key, _ in features}
    others = [(spec.key, flag(spec)) for spec in known_inputs() if spec.key not in keys]
    return mine, theirs + others


def request_from_json(game: GameDefinition, text: str) -> Request:
    """Parse one ``--jsonl`` request line."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise RequestError("not UTF-8 text") from None
    try:
        data = json.loads(text.removeprefix("\ufeff"))
    except json.JSONDecodeError as exc:
        raise RequestError(f"not JSON: {exc.msg} at column {exc.colno}") from None
    except RecursionError:
        raise RequestError("not JSON this program reads: nested too deeply") from None
    except ValueError:  # json turns numbers of more than 4300 digits down this way
        raise RequestError("not JSON this program reads: a number is too long") from None
    if not isinstance(data, dict):
        raise RequestError("a request must be a JSON object")
    mine, theirs = request_inputs(game)
    fields = {"grid", "lines", *(name for name, _ in mine)}
    other = {name for name, _ in theirs}
    unknown = sorted(set(data) - fields)
    if unknown:
        mixed = [name for name in unknown if name in other]
        if mixed:
            raise RequestError(
                f"{game.id} takes {', '.join(sorted(fields - {'grid'}))}, not {', '.join(mixed)}"
            )
        raise RequestError(f"unknown request fields: {', '.join(_shown(n) for n in unknown)}")
    if "grid" not in data:
        raise RequestError("a request needs a grid")
    window = parse_grid(game, data["grid"])
    lines = parse_lines(game, data.get("lines"))
    bet = parse_request_bet(game, data, lines)
    return Request(
        window=window,
        lines=lines,
        bet_per_line=bet.bet_per_line,
        coin_size=bet.coin_size,
        **parse_inputs(game, data),
    )


def run_batch(game: GameDefinition, lines_in: Iterable[str], out: TextIO) -> int:
    """Answer every request line; returns how many were bad."""
    bad = 0
    for text in lines_in:
        if not text.strip():
            continue
        try:
            result = evaluation_json(evaluate_request(game, request_from_json(game, text)))
        except RequestError as exc:
            bad += 1
            result = {"error": str(exc)}
        out.write(json.dumps(result) + "\n")
        out.flush()
    return bad


def run_eval(args: argparse.Namespace) -> int:
    """Evaluate the ``--grid`` window, or a ``--jsonl`` batch from stdin."""
    try:
        game = get_game(args.game)
    except UnknownGame as exc:
        raise UsageError(str(exc)) from None
    _check_bet_options(game, args)
    if args.jsonl:
        if args.grid is not None:
            raise UsageError("--jsonl reads requests from stdin: leave out --grid")
        # JSON Lines are UTF-8 whatever the locale; a line that is not gets an error object
        stdin = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="surrogateescape")
        bad = run_batch(game, stdin, sys.stdout)
        if bad:
            raise UsageError(f"{bad} request(s) were bad; see the error objects in the output")
        return 0
    if args.grid is None:
        raise UsageError("give the window with --grid (or --jsonl for a batch on stdin)")
    try:
        request = _request_from_args(game, args)
    except RequestError as exc:
        raise UsageError(str(exc)) from None
    result = evaluate_request(game, request)
    if args.json:
        print(json.dumps(evaluation_json(result)))
    else:
        from slotterm.commands.evaluate_view import print_readable

        print_readable(request, result)
    return 0


def _check_bet_options(game: GameDefinition, args: argparse.Namespace) -> None:
    """The game takes its bet model's options and its features', not the others'
    (:func:`request_inputs`); with ``--jsonl`` none of them (each request holds its own)."""
    mine, theirs = request_inputs(game)
    given = [flag for name, flag in theirs if is_given(getattr(args, name, None))]
    if given:
        takes = "/".join(flag for _, flag in mine)
        raise UsageError(f"{game.id} takes {takes}, not {', '.join(given)}")
    if args.jsonl:
        options = [flag for name, flag in mine if is_given(getattr(args, name, None))]
        if options:
            raise UsageError(
                f"--jsonl reads the bet from each request: leave out {', '.join(options)}"
            )


def _request_from_args(game: GameDefinition, args: argparse.Namespace) -> Request:
    window = parse_grid(game, args.grid)
    lines = parse_lines(game, args.lines)
    given = {name: value for name, value in vars(args).items() if value is not None}
    bet = parse_request_bet(game, given, lines)
    return Request(
        window=window,
        lines=lines,
        bet_per_line=bet.bet_per_line,
        coin_size=bet.coin_size,
        **parse_inputs(game, given),
    )
