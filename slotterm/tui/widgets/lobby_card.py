"""What one card of the lobby shows: the game's title line, a row of marquee lights, its
logo (its name in big half-block letters, :func:`~slotterm.tui.widgets.card.block_letters`,
in the colours of its own symbols), a few of its symbols in art (their thumbnails,
:func:`~slotterm.tui.art.tiles.thumbnail`; without colour drawn by shape alone,
:func:`~slotterm.tui.art.tiles.mono_thumbnail`; on a big card the reels' own tiles), its
facts, credits and whether a round waits.
A broken game file's card has its title and its one-line error.

``phase`` is the attract animation's step (:mod:`slotterm.tui.lobby_attract`): the lights
chase around and the symbols take turns; phase 0 is the still frame.  Nothing here draws
from the game's RNG.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.style import Style
from rich.table import Table
from rich.text import Text

from slotterm.engine.model import GameDefinition
from slotterm.engine.symbols import SymbolKind
from slotterm.money import format_cents
from slotterm.session.round_age import PENDING_LIMIT
from slotterm.tui.art.model import SymbolArt
from slotterm.tui.art.sizes import ArtSize
from slotterm.tui.art.tiles import mono_thumbnail, thumbnail, tile_strips
from slotterm.tui.lobby import BrokenGame, GameShelf, LobbyEntry, SavedState
from slotterm.tui.lobby_facts import game_facts
from slotterm.tui.symbols import symbol_art
from slotterm.tui.widgets.card import block_letters

DIGIT_KEYS = 9
"""Games 1 to 9 open with their digit; the others by the arrows (or the palette)."""
FACTS_INDENT = 2
"""The facts stand a little in from the card's edge."""
THUMB_WIDTH = 11
"""Columns of one symbol's thumbnail and the gap after it."""
MOST_SYMBOLS = 5
"""The most symbols a card shows at once."""
FACTS_WIDTH = 56
"""Columns the facts keep beside a small card's symbols."""
SMALL_SYMBOLS = 3
"""The most a small card (a short window) shows, beside its facts."""
LOGO_ROWS = 3
"""Rows of one line of big letters (the font's six pixels in half blocks)."""
BIG_TILE = ArtSize.MEDIUM
"""The size of a big card's symbols (a window tall enough for the reels' own tiles)."""
LIGHTS = "●○○"
"""One period of the marquee lights: a lit bulb, then two dark ones."""


def card_title(entry: LobbyEntry, number: int, highlighted: bool) -> Text:
    """The first line of a card: the marker, the game's number (when a digit opens it),
    its name and shape, and the file it came from if it is not a shipped game."""
    marker = "▶ " if highlighted else "  "
    numbered = f"{number}. " if number <= DIGIT_KEYS else "   "
    if isinstance(entry, BrokenGame):
        title = Text(f"{marker}{numbered}{entry.file.name}", style="bold")
        title.append("  ·  cannot be played", style="not bold")
        return title
    facts = game_facts(entry.game)
    title = Text(f"{marker}{numbered}{facts.name}", style="bold")
    title.append(f"  ·  {facts.layout}, {facts.lines}", style="not bold")
    if entry.file is not None:
        title.append(f"  ·  {entry.file.name}", style="not bold dim")
    return title


def showcase(game: GameDefinition) -> list[str]:
    """The symbols a card shows, best first: the ones that are not plain (wilds, scatters, bonus),
    then the others by their top pay; the card ranks (plain letters) last."""

    def order(index: int) -> tuple[int, int, int]:
        symbol = game.symbols[index]
        plain = symbol.kind is SymbolKind.REGULAR
        rank = symbol_art(symbol.id, game).rank
        top = max(game.paytable.get(symbol.id, {}).values(), default=0)
        return (0 if not plain else 2 if rank else 1, -top, index)

    return [game.symbols[i].id for i in sorted(range(len(game.symbols)), key=order)]


def logo_colours(game: GameDefinition, *, mono: bool = False) -> tuple[str | None, str | None]:
    """The logo's two colours: those of the game's two first showcase symbols (none
    without colour, ``mono``: the text's own, bold)."""
    if mono:
        return None, None
    ids = showcase(game)
    first = symbol_art(ids[0], game).color
    second = symbol_art(ids[1], game).color if len(ids) > 1 else first
    return first, second


def big_words(text: str, width: int) -> list[str]:
    """``text`` in big letters (:func:`block_letters`, whose font has no space), its
    words three columns apart; ``[text]`` when it does not fit ``width``."""
    words = [block_letters(word, width, LOGO_ROWS, largest=1) for word in text.split()]
    if not words or any(len(rows) < LOGO_ROWS for rows in words):
        return [text]
    joined = ["   ".join(rows[y] for rows in words) for y in range(LOGO_ROWS)]
    return joined if len(joined[0]) <= width else [text]


def logo(game: GameDefinition, width: int, *, tall: bool, mono: bool = False) -> Text:
    """The game's name in big letters, as wide as ``width`` allows: on one line, or on
    two (``tall``, when the card has the height) split between its words; the plain name
    spaced out in capitals when even that does not fit.  Its rows alternate between the
    game's two colours (:func:`logo_colours`), a line of words each."""
    name = game.name.upper()
    rows = big_words(name, width)
    if rows == [name] and tall and " " in name:
        words = name.split()
        cut = min(range(1, len(words)), key=lambda k: abs(len(" ".join(words[:k])) * 2 - len(name)))
        halves = [" ".join(words[:cut]), " ".join(words[cut:])]
        big = [big_words(half, width) for half in halves]
        if all(len(part) > 1 for part in big):
            rows = [*big[0], "", *big[1]]  # a row apart, so the lines do not touch
    if len(rows) == 1:
        rows = [" ".join(name)[:width]]
    first, second = logo_colours(game, mono=mono)
    text = Text(justify="center", no_wrap=True)
    for y, row in enumerate(rows):
        if y:
            text.append("\n")
        text.append(row, style=Style(color=first if y < LOGO_ROWS else second, bold=True))
    return text


def marquee_name(
    game: GameDefinition, width: int, phase: int, *, lit: bool, mono: bool = False
) -> Text:
    """The small card's logo on one line: the name spaced out in capitals in the game's
    colour, between two runs of marquee lights (:func:`lights`) filling ``width``."""
    first, _ = logo_colours(game, mono=mono)
    name = " ".join(game.name.upper())[: max(1, width - 4)]
    side = max(0, (width - len(name) - 4) // 2)
    text = lights(side, phase, lit=lit, colour=first)
    text.append(f"  {name}  ", style=Style(color=first, bold=True))
    text.append_text(lights(width - side - len(name) - 4, phase, lit=lit, colour=first))
    return text


def tile_lines(art: SymbolArt, *, mono: bool) -> tuple[Text, ...]:
    """The symbol's whole tile at :data:`BIG_TILE`, as the reels draw it, a line each."""
    lines = []
    for strip in tile_strips(art, BIG_TILE.width, BIG_TILE.height, mono=mono):
        line = Text(no_wrap=True, end="")
        for segment in strip:
            line.append(segment.text, segment.style)
        lines.append(line)
    return tuple(lines)


def symbol_row(
    game: GameDefinition, width: int, phase: int, *, mono: bool = False, big: bool = False
) -> Text:
    """As many of the game's showcase symbols as fit ``width`` (at most
    :data:`MOST_SYMBOLS`), side by side: as thumbnails (``mono``: drawn by shape, without
    colour), or ``big``, as the reels' own tiles; ``phase`` turns the row on by one
    symbol a step (0: the best first)."""
    ids = showcase(game)
    step = BIG_TILE.width + 1 if big else THUMB_WIDTH
    count = max(1, min(MOST_SYMBOLS, len(ids), (width + 1) // step))
    start = phase % len(ids)
    chosen = [symbol_art(ids[(start + k) % len(ids)], game) for k in range(count)]
    if big:
        pictures = [tile_lines(art, mono=mono) for art in chosen]
    else:
        draw = mono_thumbnail if mono else thumbnail
        pictures = [draw(art) for art in chosen]
    text = Text(justify="center", no_wrap=True)
    for y in range(len(pictures[0])):
        if y:
            text.append("\n")
        for k, picture in enumerate(pictures):
            if k:
                text.append(" ")
            text.append_text(picture[y])
    return text


def lights(width: int, phase: int, *, lit: bool, colour: str | None) -> Text:
    """A row of marquee bulbs ``width`` wide: on the highlighted card (``lit``) the lit
    ones, in ``colour``, step along with ``phase``; elsewhere every bulb is dark."""
    if not lit:
        return Text("·" * width, style="dim", no_wrap=True)
    shift = phase % len(LIGHTS)
    row = "".join(LIGHTS[(x - shift) % len(LIGHTS)] for x in range(width))
    return Text(row, style=Style(color=colour, bold=True), no_wrap=True)


def state_text(state: SavedState) -> Text:
    """Credits, the round waiting, and how the game is kept."""
    text = Text()
    shown = "unknown" if state.credits is None else format_cents(state.credits)
    text.append("Credits ")
    text.append(shown, style="bold")
    if state.overdue:
        text.append("  ·  ")
        days = PENDING_LIMIT.days
        text.append(
            f"a round over {days} days old, settled when the game opens", style="bold reverse"
        )
    elif state.waiting:
        text.append("  ·  ")
        text.append("a round is waiting", style="bold reverse")
    text.append(f"  ·  {state.note}", style="dim")
    return text


def card_text(
    shelf: GameShelf,
    entry: LobbyEntry,
    number: int,
    highlighted: bool,
    *,
    width: int = 76,
    tall: bool = True,
    phase: int = 0,
    mono: bool = False,
    big: bool = False,
) -> Group:
    """One card ``width`` columns inside: the title line (:func:`card_title`), the
    lights, the logo and the symbols (:func:`logo`, :func:`symbol_row`), then the game's
    bets, RTP, top award and features, its credits and whether a round waits (a broken
    file: its error); a line too long for the card wraps under its own start.  Not
    ``tall`` (a short window): the name on one line between the lights, and the symbols
    beside the facts.  ``big`` (a window with the room): the symbols as the reels' own
    tiles.  ``mono``: no colour (the logo and lights in bold, the symbols by shape)."""
    title = card_title(entry, number, highlighted)
    if isinstance(entry, BrokenGame):
        body = Text(f"{entry.why}\n", style="italic")
        body.append("Fix the file, then start slotterm again to play it.", style="dim")
        return Group(title, Padding(body, (0, 0, 0, FACTS_INDENT)))
    game = entry.game
    facts = game_facts(game, shelf.limits(entry.id))
    shown = [facts.bets, *([facts.rtp] if facts.rtp else []), facts.top]
    body = Text(f"{' · '.join(shown)}\nFeatures: {facts.features}\n")
    body.append_text(state_text(shelf.state(entry.id)))
    turn = phase if highlighted else 0
    if not tall:  # the small card: its symbols beside its facts
        row = Table.grid(padding=(0, 1))
        room = max(2 * THUMB_WIDTH, min(SMALL_SYMBOLS * THUMB_WIDTH, width - FACTS_WIDTH))
        symbols = symbol_row(game, room, turn, mono=mono)
        row.add_row(symbols, body)
        return Group(title, marquee_name(game, width, turn, lit=highlighted, mono=mono), row)
    parts: list[RenderableType] = [
        title,
        lights(width, turn, lit=highlighted, colour=logo_colours(game, mono=mono)[0]),
        logo(game, width, tall=True, mono=mono),
        Text(""),  # a row between the big letters and the pictures, so they do not touch
        symbol_row(game, width, turn, mono=mono, big=big),
        Padding(body, (0, 0, 0, FACTS_INDENT)),
    ]
    return Group(*parts)
