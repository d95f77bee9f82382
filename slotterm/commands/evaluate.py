"""The ``eval`` command: what one window pays (DESIGN.md §6).

``slotterm eval GAME --grid "A,K,Q,J,TEN/BOOK,BOOK,BOOK,A,A/HAT,HAT,HAT,HAT,HAT"
[--lines 9] [--bet 0.10] [--special WITCH] [--json]`` evaluates one window (rows top
first, separated by ``/``; symbols by ``,``).  ``--special`` evaluates it as a free spin
with that expanding symbol.

``--jsonl`` reads one request per stdin line, ``{"grid": [[row], [row], [row]], "lines",
"bet", "special"}`` (all but ``grid`` optional; ``grid`` may also be the text form), and
writes one result per line, in order.  Blank lines are skipped.  A bad request gets
``{"error": "..."}`` on its own output line and the batch goes on; when any request was
bad, one line on stderr says how many and the exit status is 2.

A game bet in coins (Lucky Witch) takes ``--coins N --coin-size 0.01 [--free-spin]``
instead of ``--bet`` and ``--special`` (mixing them is refused), and requests ``{"grid",
"lines", "coins", "coin_size": "0.01", "free_spin": false}``.  Its result adds
``"doubled"`` to each line win (a multiplying wild completed it) and
``"bonus_triggered"`` (the bonus symbol shows on each of the bonus reels).  Any window of
the game's symbols is evaluated, also one the strips cannot show (a CAULDRON on reel 2):
the rules say what it pays -- a bonus symbol off the bonus reels does nothing -- so this
stays a calculator of the rules, as it is for Book of Spells, not of the strips.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from slotterm.cli import UsageError
from slotterm.commands.bet_input_error import BetInputError
from slotterm.commands.bet_inputs import bet_inputs, is_given, other_bet_inputs
from slotterm.commands.game_features import free_spins_of, special_symbols
from slotterm.commands.pick_tables import mystery_bonus_of
from slotterm.engine.actions import Bet
from slotterm.engine.evaluate import check_window, evaluate, window_from_rows
from slotterm.engine.features.expanding_symbol import Expansion, expand
from slotterm.engine.model import GameDefinition
from slotterm.engine.outcome import Evaluation, GridError, LineWin, Window
from slotterm.games import UnknownGame, get_game
from slotterm.money import format_cents


class RequestError(ValueError):
    """A request that cannot be evaluated; the message says why, in one line."""


@dataclass(frozen=True, slots=True)
class Request:
    """One evaluation request, checked against the game.

    ``coin_size`` is set for a game bet in coins; ``free_spin`` evaluates the window as a
    free spin (a retrigger award); ``special`` is Book of Spells' expanding symbol (which
    also makes it a free spin).
    """

    window: Window
    lines: int
    bet_per_line: int
    special: str | None
    coin_size: int | None = None
    free_spin: bool = False


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


def parse_free_spin(free_spin: object) -> bool:
    """``free_spin`` of a request: ``true`` or ``false`` (absent means false)."""
    if free_spin is None:
        return False
    if not isinstance(free_spin, bool):
        raise RequestError(f"free_spin must be true or false, got {_shown(free_spin)}")
    return free_spin


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


def parse_special(game: GameDefinition, special: object) -> str | None:
    """The special expanding symbol (one of the modifier's candidates), or ``None``."""
    if special is None:
        return None
    choices = special_symbols(game)
    if not choices:
        raise RequestError(f"{game.id} has no special expanding symbol")
    if not isinstance(special, str) or special.strip().upper() not in choices:
        raise RequestError(f"special must be one of {', '.join(choices)}, got {_shown(special)}")
    return special.strip().upper()


@dataclass(frozen=True, slots=True)
class Result:
    """What a request's window pays: the core evaluation, the expansion, the award.

    ``doubling`` when the game has a multiplying wild (each line win then says whether it
    was ``doubled``); ``bonus_triggered`` ``None`` for a game without a bonus.
    """

    evaluation: Evaluation
    expansion: Expansion | None
    free_spins_awarded: int
    doubling: bool = False
    bonus_triggered: bool | None = None

    @property
    def expanding_wins(self) -> tuple[LineWin, ...]:
        """The expansion's line wins (none without an expansion)."""
        return () if self.expansion is None else self.expansion.wins

    @property
    def total_win(self) -> int:
        """Line, scatter and expansion wins, in cents."""
        extra = 0 if self.expansion is None else self.expansion.total
        return self.evaluation.total_win + extra


def evaluate_request(game: GameDefinition, request: Request) -> Result:
    """Evaluate a request (as a free spin when it names a special symbol)."""
    lines, bet = request.lines, request.bet_per_line
    evaluation = evaluate(game, request.window, lines, bet)
    special = request.special
    expansion = None if special is None else expand(game, request.window, special, lines, bet)
    feature = free_spins_of(game)
    in_free_spin = special is not None or request.free_spin
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
        expansion=expansion,
        free_spins_awarded=awarded,
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


def money(cents: int) -> str:
    """An amount in cents as the results show it: ``"1234.50"``."""
    return format_cents(cents, grouping=False)


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


_SPECIAL = ("special", "--special")
_FREE_SPIN = ("free_spin", "--free-spin")
_FREE_SPIN_INPUTS = (_SPECIAL, _FREE_SPIN)


def free_spin_input(game: GameDefinition) -> tuple[str, str]:
    """How a request asks for a free spin, as ``(field, flag)``: by naming the special
    expanding symbol in a game that has one, else with ``free_spin``."""
    return _SPECIAL if special_symbols(game) else _FREE_SPIN


def request_inputs(game: GameDefinition) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """The ``(field, flag)`` inputs the game takes besides the grid and the lines (its bet
    model's, then its free spin's), and those of the other games it refuses."""
    feature = free_spin_input(game)
    mine = [*bet_inputs(game).options, feature]
    theirs = [o for inputs in other_bet_inputs(game) for o in inputs.options]
    return mine, theirs + [o for o in _FREE_SPIN_INPUTS if o != feature]


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
    by_symbol = free_spin_input(game) == _SPECIAL
    return Request(
        window=window,
        lines=lines,
        bet_per_line=bet.bet_per_line,
        special=parse_special(game, data.get("special")) if by_symbol else None,
        coin_size=bet.coin_size,
        free_spin=False if by_symbol else parse_free_spin(data.get("free_spin")),
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
    """The game takes its bet model's options and its free spin's, not the others'
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
    by_symbol = free_spin_input(game) == _SPECIAL
    return Request(
        window=window,
        lines=lines,
        bet_per_line=bet.bet_per_line,
        special=parse_special(game, args.special) if by_symbol else None,
        coin_size=bet.coin_size,
        free_spin=False if by_symbol else bool(args.free_spin),
    )
