"""The paytable: every symbol's pays at the current bet, the rules, the lines.

A game bet per line shows its pays in credits; a game bet in coins shows them in coins
and in credits, with its wild, scatter, bonus symbol and pick games explained
(:mod:`slotterm.tui.screens.paytable_coins`).  Every symbol is drawn in the game's own
pictures (:func:`~slotterm.tui.symbols.art_text`: its art files, or generated tiles).
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from slotterm.engine.actions import Bet
from slotterm.engine.features.mystery_bonus import MysteryBonus
from slotterm.engine.model import GameDefinition
from slotterm.engine.symbols import SymbolKind
from slotterm.money import format_cents
from slotterm.tui.art.sizes import ArtSize
from slotterm.tui.bet_views import bet_view
from slotterm.tui.features.registry import FeatureViews
from slotterm.tui.mono import no_colour
from slotterm.tui.screens.covering import SCROLL_BINDINGS, WindowOverMachine
from slotterm.tui.screens.dialog_css import DIALOG, dialog_stylesheets
from slotterm.tui.screens.paytable_coins import (
    PayColumns,
    bonus_rules,
    coin_pays,
    coin_pays_text,
    coin_scatter_pays,
    pay_columns,
    scatter_rules,
    wild_rules,
)
from slotterm.tui.symbols import art_text, symbol_art
from slotterm.tui.widgets.key_bar import KeyBar
from slotterm.tui.widgets.line_diagram import DIAGRAM_WIDTH, Tiles, line_tile, side_by_side

LINE_DIAGRAM_CELL = 12
"""Columns one line diagram takes in the lines grid (its width plus a gap)."""


def line_pays(game: GameDefinition, symbol: str, bet: Bet) -> list[tuple[int, int]]:
    """``(count, cents)`` a line of ``symbol`` pays at ``bet``, most symbols first."""
    pays = game.paytable.get(symbol, {})
    return [(count, mult * bet.bet_per_line) for count, mult in sorted(pays.items(), reverse=True)]


def scatter_pays(game: GameDefinition, bet: Bet) -> list[tuple[int, int]]:
    """``(count, cents)`` the scatter pays anywhere at ``bet`` (× total bet), most first."""
    pays = sorted(game.scatter_pays.items(), reverse=True)
    return [(count, mult * bet.total) for count, mult in pays]


def pays_text(pays: list[tuple[int, int]]) -> Text:
    """Pays as two per line: ``5×  100.00   4×  20.00``."""
    text = Text(no_wrap=True, end="")
    for n, (count, cents) in enumerate(pays):
        if n and n % 2 == 0:
            text.append("\n")
        elif n:
            text.append("  ")
        text.append(f"{count}×", style="bold")
        text.append(f" {format_cents(cents):>9}")
    return text


def line_symbols(game: GameDefinition) -> tuple[str, ...]:
    """The regular symbols with line pays, in the definition's order."""
    return tuple(
        s.id for s in game.symbols if s.kind is SymbolKind.REGULAR and s.id in game.paytable
    )


def wild_scatter_rules(game: GameDefinition, bet: Bet) -> str:
    """The wild/scatter symbol's rules in our own words, with amounts at ``bet``."""
    scatter = next(s for s in game.symbols if s.kind.is_scatter)
    wild = (
        scatter if scatter.kind.is_wild else next((s for s in game.symbols if s.kind.is_wild), None)
    )
    if wild is scatter:
        parts = [f"{wild.name} is wild and scatter at once."]
        parts.append("On a line it stands in for any other symbol to complete a win.")
    else:
        parts = [f"{scatter.name} is the scatter."]
        if wild is not None:
            subs = [
                s.name for s in game.symbols if s is not wild and game.wild_substitutes_for(s.id)
            ]
            parts.append(f"On a line {wild.name} is wild: it stands in for {', '.join(subs)}.")
    if wild is not None and game.wild_only_pays_as is not None:
        top = max(game.paytable[game.wild_only_pays_as])
        pay = game.line_pay(game.wild_only_pays_as, top) * bet.bet_per_line
        parts.append(
            f"A line made of {wild.name} symbols alone pays like the same number of "
            f"{symbol_art(game.wild_only_pays_as, game).name} symbols: {top} of them pay "
            f"{format_cents(pay)}."
        )
    fewest = min(count for count, mult in game.scatter_pays.items() if mult > 0)
    starts = "".join(f", and {rule}" for rule in FeatureViews(game).scatter_rules())
    parts.append(
        f"Anywhere on the reels, {fewest} or more pay a multiple of the total bet "
        f"(above), added to the line wins{starts}."
    )
    return " ".join(parts)


def feature_rules(game: GameDefinition, bet: Bet) -> tuple[str, str]:
    """The rules section: its heading (the features') and text, in our own words."""
    sections = FeatureViews(game).paytable_rules(bet)
    heading = " / ".join(h for h, _ in sections) or "Rules"
    cap = format_cents(game.max_win(bet.total))
    most = (
        f"{game.max_win_x_total_bet:,}× the total bet ({cap} now)"
        if game.max_win_x_total_bet is not None
        else cap
    )
    core = (
        f"Wins are counted on active lines from the leftmost reel, symbols next to each other; "
        f"only the best win of each line is paid. One round pays at most {most}."
    )
    if not game.gamble:
        core += " There is no gamble: a round's win goes into the credits when it ends."
    return heading, "\n".join([*(text for _, text in sections), core])


def line_columns(count: int, width: int) -> int:
    """Line diagrams per row: all in one row if they fit, else balanced rows (5 + 4)."""
    fits = max(1, (width + 1) // LINE_DIAGRAM_CELL)
    rows = -(-count // fits)
    return -(-count // rows)


PAYS_WIDTH = 124
"""The paytable window's widest (``paytable_screen.tcss``; it fills narrower terminals)."""
SYMBOL_COLUMNS = 3
"""Symbols side by side at most."""
ART_WIDTH = 11
"""Columns a symbol's picture takes beside its pays (the tile and a space)."""


def symbol_columns(count: int, width: int, tile_width: int) -> int:
    """Symbols in a row: as many as fit two columns apart, at most :data:`SYMBOL_COLUMNS`."""
    return max(1, min(SYMBOL_COLUMNS, count, (width + 2) // (tile_width + 2)))


class PaytableScreen(WindowOverMachine):
    """What every symbol pays at the current bet, the rules and the lines."""

    DEFAULT_CLASSES = DIALOG
    CSS_PATH = dialog_stylesheets(__file__)
    MAX_WIDTH = PAYS_WIDTH
    SCROLLER = "#pays-scroll"

    BINDINGS: ClassVar[list[BindingType]] = [
        *SCROLL_BINDINGS,  # first: see SCROLL_BINDINGS
        Binding("escape,p,P,8,q,Q", "close", "Close", key_display="Esc/P"),
    ]

    def __init__(self, game: GameDefinition, bet: Bet) -> None:
        super().__init__()
        self.game = game
        self.bet = bet
        self.in_coins = bet_view(game).pays_in_coins
        """The pays in coins and in credits (the bet model's view says), else in credits."""

    def compose(self) -> ComposeResult:
        """Bet line, the wild and scatter (and bonus), every symbol's pays, the rules, the lines."""
        game, bet = self.game, self.bet
        self.cover()
        with Vertical(id="pays-dialog") as dialog:
            dialog.border_title = f"{game.name}: paytable"
            with VerticalScroll(id="pays-scroll"):
                yield Static(bet_view(game).pays_line(bet), id="pays-bet")
                if self.in_coins:
                    yield from self._coin_sections()
                else:
                    yield from self._cent_sections()
                yield Static("Line pays", classes="pays-heading")
                yield self._symbol_tiles()
                heading, rules = feature_rules(game, bet)
                yield Static(heading, classes="pays-heading")
                yield Static(rules, id="pays-rules")
                yield Static(f"The {len(game.lines)} lines", classes="pays-heading")
                diagrams = [line_tile(n, line, game.rows) for n, line in enumerate(game.lines, 1)]
                yield Tiles(
                    diagrams, tile_width=DIAGRAM_WIDTH, columns=line_columns, id="pays-lines"
                )
        yield KeyBar()

    def _cent_sections(self) -> ComposeResult:
        """A game bet in cents: the bet, its wild-and-scatter symbol and its pays."""
        game, bet = self.game, self.bet
        wild = next(s for s in game.symbols if s.kind.is_scatter)
        detail = Text(f"{wild.name}: scatter pays\n", style="bold", end="")
        detail.append_text(pays_text(scatter_pays(game, bet)))
        art = art_text(wild.id, ArtSize.COMPACT, game, mono=no_colour(self))
        yield Static(side_by_side(art, detail, ART_WIDTH), id="pays-wild", classes="pays-cell")
        yield Static(wild_scatter_rules(game, bet), id="pays-wild-text")

    def _coin_sections(self) -> ComposeResult:
        """A game bet in coins: the bet, the wild, the scatter and the bonus symbol."""
        game, bet = self.game, self.bet
        wild = next(s for s in game.symbols if s.kind is SymbolKind.WILD)
        yield Static(f"{symbol_art(wild.id, game).name}: the wild", classes="pays-heading")
        # the wild's and the scatter's pays line up with each other, the line pays apart
        wild_pays, scatter_pays = coin_pays(game, wild.id, bet), coin_scatter_pays(game, bet)
        columns = pay_columns([wild_pays, scatter_pays])
        yield self._symbol_with_pays(wild.id, coin_pays_text(wild_pays, columns))
        yield Static(wild_rules(game), classes="pays-text")
        scatter = next(s for s in game.symbols if s.kind.is_scatter)
        name = symbol_art(scatter.id, game).name
        yield Static(f"{name}: the scatter", classes="pays-heading")
        yield self._symbol_with_pays(scatter.id, coin_pays_text(scatter_pays, columns))
        yield Static(scatter_rules(game), classes="pays-text")
        # The bonus's view tells how the bonus starts (in the rules below): here, the prizes.
        told = any(
            view.feature.name == MysteryBonus.name and view.paytable_rules(bet) is not None
            for view in FeatureViews(game).views
        )
        prizes = [line for view in FeatureViews(game).views for line in view.prize_rules(bet)]
        bonus = bonus_rules(game, bet, prizes, intro=not told)
        symbol = next((s for s in game.symbols if s.kind is SymbolKind.BONUS), None)
        if bonus is not None and symbol is not None:
            name = symbol_art(symbol.id, game).name
            title = "the pick games' prizes" if told else "the Mystery bonus"
            yield Static(f"{name}: {title}", classes="pays-heading")
            yield self._symbol_with_pays(symbol.id, Text(""))
            yield Static(bonus, classes="pays-text")

    def _symbol_with_pays(self, symbol: str, pays: Text) -> Static:
        """A symbol's picture beside its pays (the wild, the scatter, the bonus symbol)."""
        art = art_text(symbol, ArtSize.COMPACT, self.game, mono=no_colour(self))
        return Static(side_by_side(art, pays, ART_WIDTH), classes="pays-cell")

    def _symbol_tiles(self) -> Tiles:
        """Every line symbol's picture beside its name and pays, as many in a row as fit."""
        game, bet = self.game, self.bet
        symbols = line_symbols(game)
        columns = pay_columns(coin_pays(game, s, bet) for s in symbols) if self.in_coins else None
        tiles = [self._symbol_tile(symbol, columns) for symbol in symbols]
        width = max(part.cell_len for tile in tiles for part in tile.split("\n"))
        return Tiles(
            tiles,
            tile_width=width,
            gap=2,
            columns=lambda count, room: symbol_columns(count, room, width),
            id="pays-symbols",
        )

    def _symbol_tile(self, symbol: str, columns: PayColumns | None) -> Text:
        """A line symbol's picture beside its name and pays at the bet (coin pays in
        ``columns``, the same for every line symbol)."""
        game = self.game
        # in coins the name is bold and, as beside the wild, only the counts of the pays
        detail = Text(end="", style="" if self.in_coins else "bold")
        detail.append(symbol_art(symbol, game).name + "\n", style="bold")
        if self.in_coins:
            detail.append_text(coin_pays_text(coin_pays(game, symbol, self.bet), columns))
        else:
            detail.append_text(pays_text(line_pays(game, symbol, self.bet)))
        return side_by_side(art_text(symbol, ArtSize.COMPACT, game), detail, ART_WIDTH)

    def on_mount(self) -> None:
        """Scroll with the arrow keys straight away."""
        self.query_one("#pays-scroll").focus()

    def action_close(self) -> None:
        """Back to the game."""
        self.dismiss(None)
