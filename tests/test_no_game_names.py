"""No Python module under ``slotterm/`` names a game (issue 19).

A game is its files (``slotterm/games/*.toml``, DESIGN.md §7): code that knows a game by
its id or its title, even in a docstring or a comment, says what the game does instead
(a game bet in coins, free spins with an expanding symbol) and asks the definition (its
features, its bet model).  The names are every shipped game's id and title, found from
the game files, so a new game is covered without an edit here, plus ``orchard`` (the
fruit game's own word).  A name is matched whatever its case and whether its words are
joined by hyphens, underscores, spaces or a line break (``lucky-witch``, ``lucky_witch``,
``Book of\\nSpells``).  The game files, the docs and the tests may name games.
"""

from __future__ import annotations

import re
from pathlib import Path

from slotterm.games import game_ids, get_game

REPO = Path(__file__).resolve().parent.parent
PACKAGE = REPO / "slotterm"
EXTRA_WORDS = ("orchard",)
"""Words to refuse on their own, besides the shipped games' ids and titles."""


def _spelling(name: str) -> str:
    """A pattern for ``name`` whatever joins its words (``-``, ``_``, spaces, a newline)."""
    words = [re.escape(word) for word in re.split(r"[-_\s]+", name.strip()) if word]
    return r"[-_\s]+".join(words)


def game_names() -> list[str]:
    """Every shipped game's id and title, and :data:`EXTRA_WORDS`."""
    names = set(EXTRA_WORDS)
    for game_id in game_ids():
        names.add(game_id)
        names.add(get_game(game_id).name)
    return sorted(names)


def names_pattern(names: list[str]) -> re.Pattern[str]:
    """One pattern matching any of ``names``, case-insensitive."""
    return re.compile("|".join(_spelling(name) for name in names), re.IGNORECASE)


def hits(text: str, pattern: re.Pattern[str]) -> list[str]:
    """``line: match`` for each name ``pattern`` finds in ``text`` (its first line)."""
    return [
        f"{text.count(chr(10), 0, found.start()) + 1}: {found.group(0)!r}"
        for found in pattern.finditer(text)
    ]


def test_the_names_cover_every_shipped_game() -> None:
    """The list is built from the shipped games: ids and titles of all three at least."""
    names = game_names()
    assert len(game_ids()) >= 3
    for game_id in game_ids():
        assert game_id in names
        assert get_game(game_id).name in names


def test_the_check_sees_a_name_in_any_spelling() -> None:
    """Self-check: every id and title is found, in any case and with any joins, and a
    text without them is clean."""
    pattern = names_pattern(game_names())
    samples = [
        '"""Bet in coins (Lucky Witch)."""',
        "# see book_of_spells for the Magic Book",
        "x = 'LUCKY-WITCH'",
        "like Book of\n    Spells' free spins",
        "the Orchard fruit",
        "orchard-sevens",
    ]
    for game_id in game_ids():
        samples.append(f"game = {game_id.replace('-', '_').upper()!r}")
        samples.append(f"# {get_game(game_id).name.lower()}")
    for sample in samples:
        assert hits(sample, pattern), sample
    assert not hits('"""A game bet in coins: the witch pays 5 spells."""', pattern)


def test_no_module_names_a_game() -> None:
    """No ``.py`` file under ``slotterm/`` contains a game's id or title."""
    pattern = names_pattern(game_names())
    found = [
        f"{path.relative_to(REPO).as_posix()}:{hit}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for hit in hits(path.read_text(encoding="utf-8"), pattern)
    ]
    assert not found, "a module names a game; describe what it does instead:\n" + "\n".join(found)
