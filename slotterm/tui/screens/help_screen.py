"""Help: the rules in our own words, the keyboard table and the RTP (from ``help.md``)."""

from __future__ import annotations

from functools import cache
from importlib import resources
from string import Template
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll

from slotterm.engine.actions import Limits
from slotterm.engine.features.mystery_bonus import MysteryBonus
from slotterm.engine.model import GameDefinition
from slotterm.tui.bet_views import bet_view
from slotterm.tui.features.registry import FeatureViews
from slotterm.tui.limit_words import free_spin_limit_help, gamble_limit_help, round_cap_help
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
def help_markdown(game: GameDefinition, limits: Limits | None = None) -> str:
    """The help text with the game's own figures (and its features') filled in, and the
    operator's limits in force (the session's ``limits``; ``None``: the game's own cap
    and the general words)."""
    name = HELP_FILES.get(game.id, "help.md")
    source = resources.files("slotterm.tui").joinpath(name).read_text(encoding="utf-8")
    scatter = ", ".join(str(m) for _, m in sorted(game.scatter_pays.items()))
    return Template(source).substitute(
        FeatureViews(game).help_values(),
        **coin_values(game),
        name=game.name,
        lines=len(game.lines),
        scatter=scatter,
        max_win=max_win_text(game, limits),
        free_spin_limit=free_spin_limit_help(limits),
        gamble_limit=gamble_limit_help(limits),
        rtp=format_rtp(game.published_rtp),
    )


def max_win_text(game: GameDefinition, limits: Limits | None = None) -> str:
    """The round cap in force: ``"5,000 times the total bet"`` (and the operator's
    ``max_win`` when set) or ``"250,000.00 in credits"``."""
    return round_cap_help(game, limits)


def coin_values(game: GameDefinition) -> dict[str, str]:
    """The bet model's own figures (:meth:`~slotterm.tui.bets.view.BetView.help_values`: in
    coins, most coins per line and in all) and the bonus cap in coins."""
    caps = [f.cap_coins for f in game.features if isinstance(f, MysteryBonus)]
    return {**bet_view(game).help_values(), "bonus_cap": f"{caps[0]:,}" if caps else ""}


HELP_WIDTH = 110
"""The help window's widest (it fills narrower terminals)."""


class HelpScreen(WindowOverMachine):
    """The rules, the keys and the RTP, scrollable with the arrow keys."""

    DEFAULT_CLASSES = DIALOG
    CSS_PATH = dialog_stylesheets(__file__)  # its max-width is HELP_WIDTH
    MAX_WIDTH = HELP_WIDTH
    SCROLLER = "#help-scroll"

    BINDINGS: ClassVar[list[BindingType]] = [
        *SCROLL_BINDINGS,  # first: see SCROLL_BINDINGS
        Binding("escape,h,H,9,q,Q", "close", "Close", key_display="Esc/H"),
    ]

    def __init__(self, game: GameDefinition, limits: Limits | None = None) -> None:
        super().__init__()
        self.game = game
        self.limits = limits
        """The session's operator limits the help states (``None``: the general words)."""

    def compose(self) -> ComposeResult:
        """The Markdown help in a scrolling frame."""
        self.cover()
        with Vertical(id="help-dialog") as dialog:
            dialog.border_title = f"{self.game.name}: help"
            dialog.border_subtitle = f"RTP {format_rtp(self.game.published_rtp)}"
            with VerticalScroll(id="help-scroll"):
                yield MarkdownText(help_markdown(self.game, self.limits), id="help-text")
        yield KeyBar()

    def on_mount(self) -> None:
        """Scroll with the arrow keys straight away."""
        self.query_one("#help-scroll").focus()

    def action_close(self) -> None:
        """Back to the game."""
        self.dismiss(None)
