"""Help: the rules in our own words, the keyboard table and the RTP, built from the game's
definition (:mod:`slotterm.tui.help_rules`), each feature's own help section
(:meth:`~slotterm.tui.features.view.FeatureView.help_section`), the general play
(:mod:`slotterm.tui.help_play`) and the game file's own ``help`` text."""

from __future__ import annotations

from functools import cache
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll

from slotterm.engine.actions import Limits
from slotterm.engine.model import GameDefinition
from slotterm.tui.art.game_art import game_art
from slotterm.tui.features.registry import FeatureViews
from slotterm.tui.help_play import (
    autoplay_section,
    gamble_section,
    interrupted_section,
    keys_section,
    rtp_section,
)
from slotterm.tui.help_rules import lines_section, short_section, symbol_sections
from slotterm.tui.limit_words import round_cap_help
from slotterm.tui.screens.covering import SCROLL_BINDINGS, WindowOverMachine
from slotterm.tui.screens.dialog_css import DIALOG, HEIGHTS, WIDTHS, dialog_stylesheets
from slotterm.tui.widgets.help_text import MarkdownText
from slotterm.tui.widgets.key_bar import KeyBar


def format_rtp(rtp: float) -> str:
    """``0.9613`` -> ``"96.13 %"``."""
    return f"{rtp * 100:.2f} %"


@cache
def help_markdown(game: GameDefinition, limits: Limits | None = None) -> str:
    """The help of ``game`` as our small Markdown, with the operator's limits in force (the
    session's ``limits``; ``None``: the game's own cap and the general words)."""
    parts = FeatureViews(game).help_sections(limits)
    features = [f"## {part.heading}\n\n{part.text}" for part in parts]
    intro = [game.help_text.strip()] if game.help_text.strip() else []
    sections = [
        f"# How to play {game.name}",
        *intro,
        short_section(game),
        lines_section(game, round_cap_help(game, limits)),
        symbol_sections(game, game_art(game).stacked),
        *features,
        gamble_section(game, limits),
        interrupted_section(game, parts),
        keys_section(game, parts),
        autoplay_section(game, parts),
        rtp_section(format_rtp(game.published_rtp), parts),
    ]
    return "\n\n".join(section for section in sections if section) + "\n"


HELP_WIDTH = 110
"""The help window's narrowest: it fills a terminal this wide or narrower (then it covers
the machine); a wider one gives it 60 % of its width, never less than this."""


class HelpScreen(WindowOverMachine):
    """The rules, the keys and the RTP, scrollable with the arrow keys."""

    DEFAULT_CLASSES = DIALOG
    CSS_PATH = dialog_stylesheets(__file__)  # its min-width is HELP_WIDTH
    HORIZONTAL_BREAKPOINTS = WIDTHS
    VERTICAL_BREAKPOINTS = HEIGHTS
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
        """Scroll with the arrow keys straight away (nothing to focus when the app closes
        before the screen's parts are mounted, as a help built ahead at rest can be)."""
        for scroll in self.query("#help-scroll"):
            scroll.focus()

    def action_close(self) -> None:
        """Back to the game."""
        self.dismiss(None)
