"""Turn the events of one transition into the scenes that show them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from slotterm.engine.round import (
    FreeSpinsAwarded,
    ReelsStopped,
    RoundClosed,
    SpecialChosen,
    Transition,
)
from slotterm.session.game_session import GameSession
from slotterm.tui.narration import latest_window
from slotterm.tui.presenter import Scene
from slotterm.tui.scenes import (
    AnnounceScene,
    ExpansionScene,
    MagicBookScene,
    SpinScene,
    WinShowScene,
    expansion_item,
    regular_items,
)
from slotterm.tui.widgets.magic_book import MagicBook
from slotterm.tui.widgets.reels import ReelsWindow

if TYPE_CHECKING:
    from slotterm.tui.screens.main_screen import MainScreen


def scenes_for(screen: MainScreen, win_before: int, transition: Transition) -> list[Scene]:
    """Scenes for ``transition``; ``win_before`` is the round's win before it (count-up start)."""
    game = screen.session.game
    reels = screen.reels
    scenes: list[Scene] = []
    for event in transition.events:
        if isinstance(event, ReelsStopped):
            result = event.result
            free = event.free_spin is not None
            strips = game.free_reels if free else game.base_reels
            scenes.append(SpinScene(reels, strips, result.stops, result.window))
            start = win_before if free else 0
            final = start + event.win
            items = regular_items(game, result.window, result.evaluation)
            middle = min(start + sum(item.amount for item in items), final)
            if items:
                scenes.append(WinShowScene(reels, items, screen.show_win, start, middle))
            expanded = expansion_item(game, result.evaluation)
            special = _special(transition)
            if expanded is not None and special is not None:
                scenes.append(
                    ExpansionScene(reels, special, result.evaluation.expanded_reels, game.rows)
                )
                scenes.append(WinShowScene(reels, [expanded], screen.show_win, middle, final))
        elif isinstance(event, FreeSpinsAwarded):
            text = (
                f"+{event.count} FREE SPINS! The feature goes on."
                if event.retrigger
                else f"{event.count} FREE SPINS WON!"
            )
            scenes.append(AnnounceScene(screen.message, text))
        elif isinstance(event, SpecialChosen):
            book = screen.query_one("#book", MagicBook)
            scenes.append(MagicBookScene(book, game.paying_symbols, event.symbol))
    return scenes


def _special(transition: Transition) -> str | None:
    """The feature's special symbol, from the new state or the round just closed."""
    if transition.state.round is not None:
        return transition.state.round.special
    for event in transition.events:
        if isinstance(event, RoundClosed):
            return event.round.special
    return None


def show_recorded_spin(reels: ReelsWindow, session: GameSession) -> None:
    """Draw the latest recorded spin (of the open round, with its wins marked) at rest."""
    window, round_ = latest_window(session)
    reels.show_window(window)
    if round_ is None or round_ is not session.state.round:
        return
    game = session.game
    result = round_.free_spins[-1].result if round_.free_spins else round_.base
    items = regular_items(game, window, result.evaluation)
    expanded = expansion_item(game, result.evaluation)
    if expanded is not None and round_.special is not None:
        reels.set_fill(round_.special, {r: game.rows for r in result.evaluation.expanded_reels})
        items.append(expanded)
    cells = frozenset(c for item in items for c in item.cells)
    if cells:
        reels.mark(cells, dim_others=False, label=" recorded spin ")
