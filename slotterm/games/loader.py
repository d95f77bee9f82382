"""A game file to a game definition: every key read, checked, and placed (DESIGN.md §7).

:func:`load_game_file` reads the file (:mod:`.file_read`: a regular file of at most
1 MiB, TOML or JSON by its ending, nesting at most 12 deep), then :func:`definition_of`
reads its tree.  The core keys are read here (``game``, ``title``, ``rows``, ``symbols``,
``paytable``, ``scatter_pays``, ``lines``, ``reels``, ``wild``, ``bet``,
``max_win_x_total_bet``, ``max_win``, ``gamble``, ``published_rtp``, ``art``, ``help``);
every other top-level key belongs to a feature module, found by
:mod:`.feature_finder`, which reads its own table.  Spin modifiers are read first and
attached to the feature they name as their host; the features then stand in their
declared :attr:`~slotterm.engine.feature.Feature.play_order` (the order a spin's
triggers are played), whatever the order of the file's keys.

Every problem is a :class:`~slotterm.games.GameFileError` of one line naming the file
and the place inside it: ``fruit.toml: reels.base[2][7]: unknown symbol "SEVN"``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path, PurePosixPath
from typing import Any

from slotterm.engine.bet_model import DEFAULT_BET_STEPS
from slotterm.engine.definition_error import DefinitionError
from slotterm.engine.feature import Feature, SpinModifier
from slotterm.engine.file_table import (
    FileContext,
    FileTable,
    FileTableError,
    as_integer,
    as_list,
    as_table,
    join,
    shown,
)
from slotterm.engine.model import CoinBet, GameDefinition
from slotterm.engine.symbols import Symbol, SymbolKind
from slotterm.games.feature_finder import found_features
from slotterm.games.file_read import ReadProblem, read_tree

MAX_REELS = 10
MAX_ROWS = 10
MAX_STRIP = 10_000
"""The most stops one reel strip may have."""

GAME_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
"""A game's id: lower-case words (letters, digits) joined by ``-``."""

_MONEY = re.compile(r"(?P<whole>[0-9]{1,10})(?:\.(?P<cents>[0-9]{1,2}))?")
_KINDS = {kind.value: kind for kind in SymbolKind} | {"wild-scatter": SymbolKind.WILD_SCATTER}


class LoadError(ValueError):
    """A game file cannot be read; the message is one line without the file's name."""


def load_tree(tree: Mapping[str, Any], folder: Path | None = None) -> GameDefinition:
    """The definition a game file's parsed ``tree`` describes (``folder``: where the file
    is, against which ``art`` pictures are found).  Raises :class:`FileTableError`."""
    return definition_of(FileTable(tree), folder, None)


def load_path(path: Path) -> GameDefinition:
    """The definition of the game file at ``path``; raises :class:`LoadError` (one line)."""
    try:
        tree = read_tree(path)
    except ReadProblem as exc:
        raise LoadError(str(exc)) from None
    try:
        return definition_of(FileTable(tree), path.parent.absolute(), str(path))
    except FileTableError as exc:
        raise LoadError(str(exc)) from None


def definition_of(root: FileTable, folder: Path | None, source: str | None) -> GameDefinition:
    """Read every key of a game file's ``root`` table into a :class:`GameDefinition`."""
    found = found_features()
    game_id = root.text("game", most=40)
    if not GAME_ID.fullmatch(game_id):
        root.fail("must be lower-case words joined by '-', e.g. fruit-machine", "game")
    title = root.text("title", most=60)
    rows = root.integer("rows", low=1, high=MAX_ROWS)
    symbols = _symbols(root)
    index = {s.id: s for s in symbols}
    reel_sets = _reels(root, index, rows)
    reels = len(reel_sets["base"])
    context = FileContext(symbols=index, reels=reels, rows=rows, reel_sets=reel_sets)
    context.classes = found.by_name
    paytable = _paytable(root, context)
    context.paytable = paytable
    scatter_pays = _scatter_pays(root, context)
    lines = _lines(root, reels, rows)
    wild = _wild(root, context, paytable)
    bet = _bet(root)
    caps = _caps(root)
    features = _features(root, context)
    for name in reel_sets:
        if name != "base" and name not in context.claimed:
            where = join(root.at("reels"), name)
            raise FileTableError(where, "unknown reel set (no feature of the game spins on it)")
    art = _art(root, context, folder)
    help_text = root.text("help", default="", most=4000)
    gamble = root.boolean("gamble", default=True)
    published = root.number("published_rtp", 0.0, 1.5)
    root.close()
    return _built(
        root,
        dict(
            id=game_id,
            name=title,
            reels=reels,
            rows=rows,
            symbols=symbols,
            paytable=paytable,
            scatter_pays=scatter_pays,
            lines=lines,
            base_reels=reel_sets["base"],
            **wild,
            **bet,
            **caps,
            published_rtp=published,
            gamble=gamble,
            art=art,
            help_text=help_text,
            source=source,
        ),
        features,
    )


def _symbols(root: FileTable) -> tuple[Symbol, ...]:
    out: list[Symbol] = []
    items = root.sequence("symbols")
    for i, item in enumerate(items):
        table = as_table(item, join(root.at("symbols"), i))
        sym_id = table.text("id", most=12)
        if not re.fullmatch(r"[A-Z0-9]+", sym_id):
            table.fail("must be upper-case letters and digits, e.g. SEVEN", "id")
        if any(s.id == sym_id for s in out):
            table.fail(f"the symbol {shown(sym_id)} is defined twice", "id")
        kind_text = table.text("kind", most=20)
        kind = _KINDS.get(kind_text)
        if kind is None:
            known = "regular, wild, scatter, wild_scatter (or wild-scatter), bonus"
            table.fail(f"unknown kind {shown(kind_text)} (known: {known})", "kind")
        name = table.text("name", default=sym_id, most=40)
        table.close()
        out.append(Symbol(sym_id, kind, name))
    wilds = [s.id for s in out if s.kind.is_wild]
    if len(wilds) > 1:
        root.fail(f"a game has at most one wild symbol, not {len(wilds)}", "symbols")
    return tuple(out)


def _strips(value: Any, where: str, context_symbols: Mapping[str, Symbol], rows: int) -> Any:
    strips = as_list(value, where)
    if len(strips) > MAX_REELS:
        raise FileTableError(where, f"at most {MAX_REELS} reels, got {len(strips)}")
    out = []
    for r, strip in enumerate(strips):
        at = join(where, r)
        stops = as_list(strip, at)
        if len(stops) < rows:
            raise FileTableError(at, f"a strip needs at least {rows} stops (the rows)")
        if len(stops) > MAX_STRIP:
            raise FileTableError(at, f"a strip has at most {MAX_STRIP} stops")
        for s, symbol in enumerate(stops):
            if not isinstance(symbol, str) or symbol not in context_symbols:
                what = "unknown symbol" if isinstance(symbol, str) else "not a symbol id:"
                raise FileTableError(join(at, s), f"{what} {shown(symbol)}")
        out.append(tuple(stops))
    return tuple(out)


def _reels(root: FileTable, index: Mapping[str, Symbol], rows: int) -> dict[str, Any]:
    table = root.table("reels")
    sets: dict[str, Any] = {}
    for name in table.names():
        sets[name] = _strips(table.raw(name), table.at(name), index, rows)
    if "base" not in sets:
        table.fail("missing", "base")
    for name, strips in sets.items():
        if len(strips) != len(sets["base"]):
            table.fail(f"needs {len(sets['base'])} strips, one per reel as in base", name)
    return sets


def _paytable(root: FileTable, context: FileContext) -> dict[str, dict[int, int]]:
    table = root.table("paytable", default={})
    out: dict[str, dict[int, int]] = {}
    for sym_id in table.names():
        symbol = context.symbols.get(sym_id)
        if symbol is None:
            table.fail(f"unknown symbol {shown(sym_id)}", sym_id)
        if symbol.kind is not SymbolKind.REGULAR and symbol.kind is not SymbolKind.WILD:
            table.fail(f"a {symbol.kind.value} symbol has no line pays", sym_id)
        out[sym_id] = table.pays(sym_id, context.reels)
    return out


def _scatter_pays(root: FileTable, context: FileContext) -> dict[int, int]:
    scatters = [s for s, sym in context.symbols.items() if sym.kind.is_scatter]
    pays = root.pays("scatter_pays", context.reels * context.rows, default={})
    if scatters and not any(pays.values()):
        root.fail(f"missing: the scatter {scatters[0]} needs its pays", "scatter_pays")
    if pays and not scatters:
        root.fail("the game has no scatter symbol to pay", "scatter_pays")
    return pays


def _lines(root: FileTable, reels: int, rows: int) -> tuple[tuple[int, ...], ...]:
    where = root.at("lines")
    out: list[tuple[int, ...]] = []
    for n, line in enumerate(root.sequence("lines")):
        at = join(where, n)
        cells = as_list(line, at)
        if len(cells) != reels:
            raise FileTableError(at, f"a line gives one row per reel: {reels}, got {len(cells)}")
        row_of = []
        for r, cell in enumerate(cells):
            if isinstance(cell, int) and not isinstance(cell, bool) and not 0 <= cell < rows:
                raise FileTableError(
                    join(at, r), f"row {cell} is outside the {rows} rows (0..{rows - 1}, 0 = top)"
                )
            row_of.append(as_integer(cell, join(at, r), 0, rows - 1))
        if tuple(row_of) in out:
            raise FileTableError(at, f"the same line as lines[{out.index(tuple(row_of))}]")
        out.append(tuple(row_of))
    return tuple(out)


def _wild(root: FileTable, context: FileContext, paytable: Mapping[str, Any]) -> dict[str, Any]:
    """``wild_substitutes``, ``wild_multiplier``, ``wild_only_pays_as`` of the definition."""
    wild_ids = [s for s, sym in context.symbols.items() if sym.kind.is_wild]
    table = root.optional_table("wild")
    if table is None:
        if wild_ids:
            root.fail(f"missing: the game has the wild symbol {wild_ids[0]}", "wild")
        return {"wild_only_pays_as": None}
    wild = table.symbol("id", context)
    if not context.symbols[wild].kind.is_wild:
        table.fail(f"the symbol {shown(wild)} is not of kind wild or wild_scatter", "id")
    subs: frozenset[str] | None = None
    raw = table.raw("substitutes", default="all")
    if raw != "all":
        where = table.at("substitutes")
        listed = as_list(raw, where) if not isinstance(raw, str) else None
        if listed is None:
            table.fail('must be "all" or a list of symbols', "substitutes")
        for i, value in enumerate(listed):
            symbol = context.symbols[context.symbol(value, join(where, i))]
            if symbol.kind is not SymbolKind.REGULAR:
                raise FileTableError(
                    join(where, i), f"a wild cannot stand in for the {symbol.kind.value} {value}"
                )
        subs = frozenset(listed)
    multiplier = table.integer("multiplier", low=1, high=1000, default=1)
    pays_as = wild if wild in paytable else None
    if "wild_only_pays_as" in table:
        given = table.symbol("wild_only_pays_as", context)
        if pays_as is not None and given != pays_as:
            table.fail("the wild has line pays of its own", "wild_only_pays_as")
        if given not in paytable:
            table.fail(f"the symbol {given} has no line pays", "wild_only_pays_as")
        pays_as = given
    table.close()
    return {"wild_substitutes": subs, "wild_multiplier": multiplier, "wild_only_pays_as": pays_as}


def money(value: Any, where: str) -> int:
    """An amount of money written as text (``"0.10"``), in cents (positive)."""
    if not isinstance(value, str):
        raise FileTableError(where, 'money is written as text, e.g. "0.10"')
    match = _MONEY.fullmatch(value)
    if match is None:
        raise FileTableError(where, f'not an amount: {shown(value)} (e.g. "0.10")')
    cents = int(match["whole"]) * 100 + int((match["cents"] or "").ljust(2, "0"))
    if cents < 1:
        raise FileTableError(where, "must be more than 0.00")
    return cents


def _amounts(table: FileTable, key: str) -> tuple[int, ...]:
    where = table.at(key)
    cents = tuple(money(v, join(where, i)) for i, v in enumerate(table.sequence(key)))
    if list(cents) != sorted(set(cents)):
        table.fail("must be increasing, each once", key)
    return cents


def _bet(root: FileTable) -> dict[str, Any]:
    """``bet_per_line_steps`` and ``coins`` of the definition."""
    table = root.optional_table("bet")
    if table is None:
        return {"bet_per_line_steps": DEFAULT_BET_STEPS, "coins": None}
    if "bet_steps" in table:
        steps = _amounts(table, "bet_steps")
        table.close()
        return {"bet_per_line_steps": steps, "coins": None}
    coins = table.integers("coins_per_line", low=1, high=10_000)
    if len(coins) != 2 or coins[0] > coins[1]:
        table.fail("must be [lowest, highest] coins per line", "coins_per_line")
    sizes = _amounts(table, "coin_sizes")
    table.close()
    return {"bet_per_line_steps": (), "coins": CoinBet((coins[0], coins[1]), sizes)}


def _caps(root: FileTable) -> dict[str, Any]:
    times = root.integer("max_win_x_total_bet", low=1, default=None)
    cap = root.raw("max_win", default=None)
    cents = None if cap is None else money(cap, root.at("max_win"))
    if times is None and cents is None:
        root.fail("a game needs a round cap: max_win_x_total_bet or max_win", "max_win")
    return {"max_win_x_total_bet": times, "max_win_cents": cents}


def _features(root: FileTable, context: FileContext) -> tuple[Feature, ...]:
    found = found_features()
    modifiers: dict[str, SpinModifier] = {}
    for key, modifier_class in found.modifiers.items():
        table = root.optional_table(key)
        if table is not None:
            modifiers[modifier_class.host] = modifier_class.from_file(table, context)
    context.modifiers = modifiers
    features: list[Feature] = []
    for key, feature_class in found.features.items():
        table = root.optional_table(key)
        if table is not None:
            features.append(feature_class.from_file(table, context))
    for host, modifier in modifiers.items():
        if host not in context.attached:
            root.fail(f"needs the feature {host} to attach to", modifier.file_key or host)
    return tuple(sorted(features, key=lambda f: f.play_order))


def _art(root: FileTable, context: FileContext, folder: Path | None) -> dict[str, dict[str, str]]:
    table = root.table("art", default={})
    out: dict[str, dict[str, str]] = {}
    for sym_id in table.names():
        context.symbol(sym_id, table.at(sym_id))
        entry = table.table(sym_id)
        art: dict[str, str] = {}
        if "text" in entry:
            art["text"] = entry.text("text", most=12)
        if "colour" in entry:
            art["colour"] = entry.text("colour", most=40)
        if "pixels" in entry:
            art["pixels"] = _picture(entry, folder)
        entry.close()
        out[sym_id] = art
    return out


def _picture(entry: FileTable, folder: Path | None) -> str:
    name = entry.text("pixels", most=200)
    relative = PurePosixPath(name)
    if relative.is_absolute() or ".." in relative.parts or not relative.parts:
        entry.fail("must name a file beside the game file (a relative path, no '..')", "pixels")
    return str((folder or Path.cwd()) / relative)


def _built(
    root: FileTable, settings: dict[str, Any], features: tuple[Feature, ...]
) -> GameDefinition:
    """The definition, or an error placed where the engine's refusal belongs.

    The core is built first (a refusal there is the file's: placed at the top); then
    the features are added one by one in their order, and a refusal is placed at the key
    of the feature whose addition brought it.
    """
    with root.building():
        GameDefinition(**settings, features=())
    for n, feature in enumerate(features):
        try:
            GameDefinition(**settings, features=features[: n + 1])
        except DefinitionError as exc:
            root.fail(str(exc), feature.file_key or feature.name)
    return GameDefinition(**settings, features=features)
