"""The rules a save's rounds were played under: a copy of each definition, by fingerprint.

A game is a file (DESIGN.md §7), and a file can change, or vanish, while a round is open.
So the save keeps the definition the open round began under, and that of every history
round played under other rules, as the tree of a game file
(:func:`slotterm.games.export.game_file_tree`).  The payload's optional ``"rules"`` key::

    "rules": {"current": FP, "trees": {FP: TREE, ...}, "rounds": {"<round>": FP, ...}}

``FP`` is the SHA-256 (hex) of the tree's canonical JSON (sorted keys, no spaces, UTF-8);
``current`` is the definition of the session's game -- the open round's rules; ``trees``
holds that tree and the tree of every definition ``rounds`` names; ``rounds`` names only
the history rounds played under rules other than ``current``.  A save without the key
(written before it existed) was played under the file's rules as they are now.

The tree is the game's *rules*: the game file's tree without its presentation (``art``,
``help``), which the engine never reads.  Art names picture files beside the game file
(they may move or vanish with it, and a tree of a definition without a file could not name
them at all), and a new picture or help text does not change how a round plays or pays,
so it does not tell the player the rules changed.  A definition rebuilt from a save takes
its presentation from the file's definition of the same game.

Reading is strict: a tree whose fingerprint does not match, that does not load back
(:func:`slotterm.games.loader.load_tree`), that is some other game, or a round number the
history does not hold is damage (a :class:`~slotterm.engine.fields.RecordError`), handled
as any damaged save is: the other copy, or a clear message.

Writing is cheap: a definition's tree, fingerprint and canonical text are computed once
per definition object (:func:`rules_of`), never per save.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from slotterm.engine.fields import RecordError, as_dict, as_str, check, need
from slotterm.engine.model import GameDefinition
from slotterm.games.export import game_file_tree
from slotterm.games.loader import load_tree
from slotterm.session.save_fields import as_number_key, shown

PRESENTATION_KEYS = ("art", "help")
"""The game file's keys that are not rules (left out of a saved tree)."""
MAX_TREE_TEXT = 4 << 20
"""The largest saved tree, as canonical JSON (a game file is at most 1 MiB of TOML or JSON;
its tree written out again may take a little more)."""
MAX_TREES = 101
"""The most trees a save holds: one per history round and the open one."""
_FINGERPRINT = re.compile(r"[0-9a-f]{64}")
_KEEP = 32
"""How many definitions' rules (and rebuilt definitions) a process keeps at hand."""


@dataclass(frozen=True, slots=True)
class Rules:
    """One definition's rules as saved: its tree, the tree's canonical text, its SHA-256."""

    fingerprint: str
    tree: Mapping[str, Any]
    text: str


@dataclass(frozen=True, slots=True)
class SavedRules:
    """The rules a save names: ``current`` (the session's game, the open round's rules) and
    ``rounds`` (history rounds played under other rules, by number)."""

    current: GameDefinition
    rounds: Mapping[int, GameDefinition]


def canonical(tree: Mapping[str, Any]) -> str:
    """The tree's canonical JSON: sorted keys, no spaces, not ASCII-escaped."""
    return json.dumps(tree, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def fingerprint_of(text: str) -> str:
    """The SHA-256 (hex) of a canonical text."""
    return hashlib.sha256(text.encode()).hexdigest()


_RULES: dict[int, tuple[GameDefinition, Rules]] = {}
"""Rules by definition (its ``id()``; the definition is kept so the id is not reused)."""
_REBUILT: dict[tuple[str, int], tuple[GameDefinition, GameDefinition]] = {}
"""Definitions rebuilt from saved trees, by (fingerprint, ``id()`` of the file's game)."""


def _remember(cache: dict[Any, Any], key: Any, value: Any) -> None:
    if len(cache) >= _KEEP:
        del cache[next(iter(cache))]
    cache[key] = value


def rules_of(game: GameDefinition) -> Rules:
    """``game``'s rules: computed once per definition object, then kept."""
    kept = _RULES.get(id(game))
    if kept is not None and kept[0] is game:
        return kept[1]
    tree = {k: v for k, v in game_file_tree(game).items() if k not in PRESENTATION_KEYS}
    text = canonical(tree)
    rules = Rules(fingerprint=fingerprint_of(text), tree=tree, text=text)
    _remember(_RULES, id(game), (game, rules))
    return rules


def same_rules(one: GameDefinition, other: GameDefinition) -> bool:
    """Whether two definitions play by the same rules (the same object, or equal trees)."""
    return one is other or rules_of(one).fingerprint == rules_of(other).fingerprint


# --- writing ---------------------------------------------------------------------------------


def encode_rules(current: GameDefinition, rounds: Mapping[int, GameDefinition]) -> str:
    """The ``"rules"`` value as JSON text: ``current``'s tree and that of every round in
    ``rounds`` whose rules are not ``current``'s (those rounds are listed by number)."""
    mine = rules_of(current)
    trees = {mine.fingerprint: mine.text}
    listed: dict[str, str] = {}
    for number, game in sorted(rounds.items()):
        rules = rules_of(game)
        if rules.fingerprint != mine.fingerprint:
            trees[rules.fingerprint] = rules.text
            listed[str(number)] = rules.fingerprint
    tree_text = ",".join(f'"{fp}":{text}' for fp, text in trees.items())
    round_text = json.dumps(listed, separators=(",", ":"))
    return f'{{"current":"{mine.fingerprint}","trees":{{{tree_text}}},"rounds":{round_text}}}'


# --- reading ---------------------------------------------------------------------------------


def decode_rules(value: Any, game: GameDefinition) -> SavedRules:
    """The definitions a save's ``"rules"`` names (``game``: the file's definition now).

    Raises RecordError; the caller checks the rounds named are in the history."""
    where = "save.rules"
    doc = as_dict(value, where)
    current = _fingerprint(need(doc, "current", where), f"{where}.current")
    trees = as_dict(need(doc, "trees", where), f"{where}.trees")
    check(len(trees) <= MAX_TREES, f"{where}.trees holds {len(trees)} trees (at most {MAX_TREES})")
    listed: dict[int, str] = {}
    for key, raw in as_dict(need(doc, "rounds", where), f"{where}.rounds").items():
        number = as_number_key(key, f"{where}.rounds")
        fp = _fingerprint(raw, f"{where}.rounds[{number}]")
        check(fp != current, f"{where}.rounds[{number}] names the current rules")
        listed[number] = fp
    built: dict[str, GameDefinition] = {}
    for fp in (current, *listed.values()):
        if fp not in built:
            check(fp in trees, f"{where}.trees has no tree {fp[:12]}…")
            built[fp] = _definition(trees[fp], fp, game, f"{where}.trees[{fp[:12]}…]")
    return SavedRules(
        current=built[current], rounds={n: built[fp] for n, fp in sorted(listed.items())}
    )


def _fingerprint(value: Any, where: str) -> str:
    text = as_str(value, where)
    check(bool(_FINGERPRINT.fullmatch(text)), f"{where} {shown(text)} is not a fingerprint")
    return text


def _definition(raw: Any, fp: str, game: GameDefinition, where: str) -> GameDefinition:
    """The definition a saved tree describes: ``game`` itself when the rules are its own."""
    tree = as_dict(raw, where)
    text = canonical(tree)
    check(len(text) <= MAX_TREE_TEXT, f"{where} is larger than a game file may be")
    try:
        matches = fingerprint_of(text) == fp
    except UnicodeEncodeError:  # a lone surrogate: JSON reads it, no game file holds it
        raise RecordError(f"{where} holds text that is not UTF-8") from None
    check(matches, f"{where} does not match its fingerprint")
    if fp == rules_of(game).fingerprint:
        return game
    kept = _REBUILT.get((fp, id(game)))
    if kept is not None and kept[0] is game:
        return kept[1]
    try:
        saved = load_tree(tree)
    except (ValueError, TypeError, LookupError, ArithmeticError) as exc:
        raise RecordError(f"{where}: the saved rules do not load ({exc})") from None
    except RecursionError:
        raise RecordError(f"{where} is nested too deeply") from None
    check(saved.id == game.id, f"{where} is the game {shown(saved.id)}, not {game.id!r}")
    dressed = _dressed(saved, game)
    _remember(_RULES, id(dressed), (dressed, Rules(fingerprint=fp, tree=tree, text=text)))
    _remember(_REBUILT, (fp, id(game)), (game, dressed))
    return dressed


def _dressed(saved: GameDefinition, game: GameDefinition) -> GameDefinition:
    """The saved rules with the file's presentation: its art (for the symbols both have),
    help and source."""
    art = {symbol: entry for symbol, entry in game.art.items() if symbol in saved.symbol_index}
    return replace(saved, art=art, help_text=game.help_text, source=game.source)
