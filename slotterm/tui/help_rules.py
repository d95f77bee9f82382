"""The help's rules of the game, written from its definition (our own words, DESIGN.md §2).

How a round is bet (by the bet model's kind), how lines win, the wild (what it stands in
for, its multiplier, its own pays, its stacks) and the scatter (where and what it pays, and
what the features say it starts).  Each part is a Markdown section; the help screen
(:func:`~slotterm.tui.screens.help_screen.help_markdown`) puts them together with the
features' own sections and the general play.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import pairwise

from slotterm.engine.bet_model import CoinsPerLine
from slotterm.engine.model import GameDefinition
from slotterm.engine.symbols import Symbol


def bet_kind(game: GameDefinition) -> str:
    """The kind of the game's bet model: ``"coins"`` (coins per line × a coin size) or
    ``"per_line"`` (a bet per line); what the help and the paytable lay out by."""
    return game.bet_model.kind


NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
"""Small numbers as the help writes them."""


def number_word(n: int) -> str:
    """``5`` -> ``"five"`` (digits from 10 on)."""
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def listed(words: Sequence[str], last: str = "and") -> str:
    """``["a", "b", "c"]`` -> ``"a, b and c"``."""
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def _per_line_short(game: GameDefinition) -> str:
    return (
        f"Pick how many of the {len(game.lines)} lines to play and what to stake on each: "
        "the total bet is the stake per line times the number of lines."
    )


def _coins_short(game: GameDefinition) -> str:
    model = game.bet_model
    assert isinstance(model, CoinsPerLine)
    low, high = model.coins_per_line
    return (
        f"There are {len(game.lines)} lines to play. You bet in **coins**: choose how many "
        f"coins to stake on each line ({low} to {high}) and what one coin is worth (the "
        "**coin size**). The total bet is coins per line times lines, at most "
        f"{high * len(game.lines):,} coins; in credits it is that many coins times the "
        "coin size."
    )


BET_SHORT: dict[str, Callable[[GameDefinition], str]] = {
    "per_line": _per_line_short,
    "coins": _coins_short,
}
"""How a round is bet, by the bet model's kind."""
LINE_PAY: dict[str, str] = {
    "per_line": "A line win is the symbol's multiplier (see the paytable, **P**) times the "
    "stake per line.",
    "coins": "The paytable (**P**) gives each win in coins for one coin per line; your win is "
    "that times your coins per line, and in credits times the coin size.",
}
"""What a line win is worth, by the bet model's kind."""
TOTAL_BET: dict[str, str] = {"per_line": "the **total** bet", "coins": "the total coins bet"}
"""What a scatter pay multiplies, by the bet model's kind."""


def short_section(game: GameDefinition) -> str:
    """The game in short: reels and rows, the bet, where a win goes."""
    paid = (
        "whatever it wins waits in the **Win** box until you collect it."
        if game.gamble
        else "whatever the round wins goes straight into your credits when the round is "
        "over: this game has no gamble."
    )
    return (
        "## The game in short\n\n"
        f"{number_word(game.reels).capitalize()} reels turn and stop on a window of "
        f"{number_word(game.rows)} row{'s' if game.rows != 1 else ''}. "
        f"{BET_SHORT[bet_kind(game)](game)} A spin takes the total bet from your credits; "
        f"{paid}"
    )


def lines_section(game: GameDefinition, cap: str) -> str:
    """How lines win, and the round's cap (``cap``: in words)."""
    return (
        "## Winning lines\n\n"
        "- A line pays when the same symbol lies on it from the **leftmost reel** onwards, "
        "on reels next to each other. Only the lines you play can win.\n"
        f"- {LINE_PAY[bet_kind(game)]}\n"
        "- Each line pays only its best win; wins on different lines add up.\n"
        f"- A round never pays more than {cap}."
    )


def _name(game: GameDefinition, symbol_id: str) -> str:
    return game.symbol_index[symbol_id].name


def _stacked(game: GameDefinition, symbol_id: str) -> bool:
    """True when some reel strip holds ``symbol_id`` on two stops in a row."""
    return any(a == b == symbol_id for strip in game.base_reels for a, b in pairwise(strip))


def wild_items(game: GameDefinition, wild: Symbol, *, stacked: bool) -> list[str]:
    """What the wild does on a line (``stacked``: drawn as one tall tile where it stacks)."""
    name = wild.name
    subs = [s.id for s in game.symbols if s.id != wild.id and game.wild_substitutes_for(s.id)]
    items = []
    if game.wild_substitutes is None:
        items.append(f"On a line the **{name}** counts as whatever symbol completes the best win.")
    else:
        names = listed([f"the {_name(game, s)}" for s in subs])
        items.append(f"The **{name}** stands in for {names}, and for nothing else.")
    times = game.wild_multiplier
    word = "doubled" if times == 2 else f"multiplied by {times}"
    if times > 1:
        items.append(
            f"When one or more {name} symbols help to complete a line win, that win is "
            f"**{word}** (once, however many of them are on the line). The screen says "
            f'"{word} by the {name}" beside such a line.'
        )
    if game.wild_only_pays_as not in (None, wild.id):
        assert game.wild_only_pays_as is not None
        items.append(
            f"A line of nothing but {name} symbols pays as the same number of "
            f"{_name(game, game.wild_only_pays_as)} symbols would."
        )
    elif wild.id in game.paytable or game.wild_only_pays_as == wild.id:
        own = ", which are not " + word if times > 1 else ""
        items.append(
            f"{name} symbols on a line by themselves pay their own amounts{own}. If a line "
            "could be read both ways, it pays the better one."
        )
    if stacked and _stacked(game, wild.id):
        items.append(
            f"{name} symbols come in **stacks**: several in a row on one reel, drawn on the "
            "screen as one tall box, so a whole reel can turn wild."
        )
    return items


def scatter_items(game: GameDefinition, scatter: Symbol) -> list[str]:
    """Where the scatter pays (what it starts is in the features' sections)."""
    counts = sorted(c for c, m in game.scatter_pays.items() if m > 0)
    pays = [str(game.scatter_pays[c]) for c in counts]
    text = (
        f"Anywhere in the window, {listed([str(c) for c in counts], 'or')} {scatter.name} "
        f"symbols pay {listed(pays, 'or')} times {TOTAL_BET[bet_kind(game)]}, on top of "
        "the line wins."
    )
    items = [text]
    wilds = [s for s in game.symbols if s.kind.is_wild and s.id != scatter.id]
    if wilds and not scatter.kind.is_wild:
        items.append(f"The wild never stands in for a {scatter.name}.")
    return items


def symbol_sections(game: GameDefinition, stacked: frozenset[str]) -> str:
    """A section on the wild and one on the scatter (one on a symbol that is both);
    ``stacked``: the symbols drawn as one tall tile where they stack."""
    sections = []
    wild = next((s for s in game.symbols if s.kind.is_wild), None)
    scatter = next((s for s in game.symbols if s.kind.is_scatter), None)
    if wild is not None:
        items = wild_items(game, wild, stacked=wild.id in stacked)
        title = "wild"
        if scatter is wild:
            items += scatter_items(game, wild)
            title = "wild and scatter"
        sections.append(_section(_heading(wild, title), items))
    if scatter is not None and scatter is not wild:
        sections.append(_section(_heading(scatter, "scatter"), scatter_items(game, scatter)))
    return "\n\n".join(sections)


def _heading(symbol: Symbol, role: str) -> str:
    """ "The Book: wild and scatter" (or "The wild" for a symbol named so)."""
    return f"The {role}" if symbol.name.lower() == role else f"The {symbol.name}: {role}"


def _section(heading: str, items: Sequence[str]) -> str:
    return f"## {heading}\n\n" + "\n".join(f"- {item}" for item in items)
