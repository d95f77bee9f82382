"""Help: the rules in our own words, the keyboard table and the RTP (from ``help.md``)."""

from __future__ import annotations

from functools import cache
from importlib import resources
from string import Template
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll

from slotterm.engine.features.mystery_bonus import MysteryBonus
from slotterm.engine.model import GameDefinition
from slotterm.money import format_cents
from slotterm.tui.features.registry import FeatureViews
from slotterm.tui.screens.covering import SCROLL_BINDINGS, WindowOverMachine
from slotterm.tui.screens.dialog_css import DIALOG, dialog_stylesheets
from slotterm.tui.widgets.help_text import MarkdownText
from slotterm.tui.widgets.key_bar import KeyBar


def format_rtp(rtp: float) -> str:
    """``0.9613`` -> ``"96.13 %"``."""
    return f"{rtp * 100:.2f} %"


HELP_FILES = {"lucky-witch": "help_lucky_witch.md"}
"""The help text of each game that has its own (the others: ``help.md``)."""


@cache
def help_markdown(game: GameDefinition) -> str:
    """The help text with the game's own figures (and its features') filled in."""
    name = HELP_FILES.get(game.id, "help.md")
    source = resources.files("slotterm.tui").joinpath(name).read_text(encoding="utf-8")
    scatter = ", ".join(str(m) for _, m in sorted(game.scatter_pays.items()))
    return Template(source).substitute(
        FeatureViews(game).help_values(),
        **coin_values(game),
        name=game.name,
        lines=len(game.lines),
        scatter=scatter,
        max_win=max_win_text(game),
        rtp=format_rtp(game.published_rtp),
    )


def max_win_text(game: GameDefinition) -> str:
    """The round cap: ``"5,000"`` (× the total bet) or ``"250,000.00 in credits"``."""
    if game.max_win_x_total_bet is not None:
        return f"{game.max_win_x_total_bet:,}"
    return f"{format_cents(game.max_win(0))} in credits"


def coin_values(game: GameDefinition) -> dict[str, str]:
    """A coin game's figures: most coins per line and in all, the bonus cap in coins."""
    if game.coins is None:
        return {}
    high = game.coins.coins_per_line[1]
    caps = [f.cap_coins for f in game.features if isinstance(f, MysteryBonus)]
    return {
        "coins_max": str(high),
        "most_coins": f"{high * len(game.lines):,}",
        "bonus_cap": f"{caps[0]:,}" if caps else "",
    }


HELP_WIDTH = 110
"""The help window's widest (it fills narrower terminals)."""


class HelpScreen(WindowOverMachine):
    """The rules, the keys and the RTP, scrollable with the arrow keys."""

    DEFAULT_CLASSES = DIALOG
    CSS_PATH = dialog_stylesheets(__file__)  # its max-width is HELP_WIDTH
    MAX_WIDTH = HELP_WIDTH
    SCROLLER = "#help-scroll"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,h,H,9,q,Q", "close", "Close", key_display="Esc/H"),
        *SCROLL_BINDINGS,
    ]

    def __init__(self, game: GameDefinition) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        """The Markdown help in a scrolling frame."""
        self.cover()
        with Vertical(id="help-dialog") as dialog:
            dialog.border_title = f"{self.game.name}: help"
            dialog.border_subtitle = f"RTP {format_rtp(self.game.published_rtp)}"
            with VerticalScroll(id="help-scroll"):
                yield MarkdownText(help_markdown(self.game), id="help-text")
        yield KeyBar()

    def on_mount(self) -> None:
        """Scroll with the arrow keys straight away."""
        self.query_one("#help-scroll").focus()

    def action_close(self) -> None:
        """Back to the game."""
        self.dismiss(None)
