"""The core scenes of a round: reels spinning, wins shown line by line, announcements.

Every scene gets the outcome the session already recorded and only draws it.  Amounts
shown while a scene runs (the Win box counting up) move between two values the caller
took from the session, and the scene ends on the exact final value.  A feature's own
scenes live with its view (:mod:`slotterm.tui.features`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from slotterm.engine.model import GameDefinition
from slotterm.engine.outcome import Evaluation, LineWin, Window
from slotterm.money import format_cents
from slotterm.tui.anticipation import reel_timing
from slotterm.tui.presenter import Presenter, Scene
from slotterm.tui.symbols import symbol_art
from slotterm.tui.widgets.message_line import MessageLine
from slotterm.tui.widgets.reels import Cell, ReelsWindow

SPIN_SECONDS = 1.5
"""From the spin key to the last reel stopping, at normal speed."""
TOGETHER_AT = 0.7
"""When reels stopping all together stop, as a share of :data:`SPIN_SECONDS`."""
REEL_SPEED = 14.0
"""Symbols per second passing on a spinning reel."""
WIN_ITEM_SECONDS = 0.9
"""How long each winning line is shown on its own."""
ANNOUNCE_SECONDS = 1.2
"""How long an announcement holds the screen."""
SKIP_HOLD_SECONDS = 0.4
"""How long the picture a skip jumped to holds before a key acts again."""
RESULT_HOLD_SECONDS = 1.0
"""How long a result (a pick game's prize, a feature's draw before it starts) holds
before a key takes the next step."""


@dataclass(frozen=True)
class WinItem:
    """One thing to show in turn: the cells, the line path (if a line) and a label."""

    cells: frozenset[Cell]
    label: str
    amount: int
    path: tuple[int, ...] | None = None
    number: int | None = None


def line_items(game: GameDefinition, wins: Sequence[LineWin]) -> list[WinItem]:
    """One item per paid line: the counted cells along the line."""
    items = []
    wilds = sorted(game.wild_ids)
    wild = symbol_art(wilds[0], game).name if wilds else "wild"
    for win in wins:
        rows = game.lines[win.line - 1]
        cells = frozenset((r, rows[r]) for r in range(win.count))
        name = symbol_art(win.symbol, game).name.upper()
        doubled = f", doubled by the {wild}" if win.doubled else ""
        label = f" Line {win.line}: {win.count} × {name} pays {format_cents(win.win)}{doubled} "
        items.append(WinItem(cells=cells, label=label, amount=win.win, path=rows, number=win.line))
    return items


def trigger_items(game: GameDefinition, window: Window) -> list[WinItem]:
    """A feature's trigger symbol landed on every reel its hint names (a Mystery-bonus
    kind of trigger, paying nothing itself): those symbols marked, so they pulse."""
    items = []
    for feature in game.features:
        hint = feature.trigger_hint()
        if hint is None or hint.symbol is None or not hint.reels:
            continue
        symbol = hint.symbol
        if all(symbol in window[reel] for reel in hint.reels):
            cells = frozenset(
                (reel, row)
                for reel in hint.reels
                for row, s in enumerate(window[reel])
                if s == symbol
            )
            name = symbol_art(symbol, game).name.upper()
            items.append(WinItem(cells=cells, label=f" {len(hint.reels)} × {name}! ", amount=0))
    return items


def regular_items(game: GameDefinition, window: Window, evaluation: Evaluation) -> list[WinItem]:
    """Line wins, then the scatter (its symbols marked wherever they are), then a trigger's
    symbols (:func:`trigger_items`)."""
    items = line_items(game, evaluation.line_wins)
    if evaluation.scatter_win is not None:
        cells = frozenset(
            (r, row)
            for r, column in enumerate(window)
            for row, symbol in enumerate(column)
            if symbol in game.scatter_ids
        )
        pay = evaluation.scatter_win.win
        name = "/".join(sorted(game.scatter_ids))
        label = f" {evaluation.scatter_count} × {name} scatter pays {format_cents(pay)} "
        items.append(WinItem(cells=cells, label=label, amount=pay))
    return items + trigger_items(game, window)


class SpinScene(Scene):
    """The reels spin and stop left to right on the recorded stops.

    Once two of ``scatters`` have landed (or a trigger's symbol waits only for its last
    reel: ``triggers``), the reels still spinning slow down and stop one by one
    (:mod:`slotterm.tui.anticipation`), their frames lit, with ``hint`` under the reels
    meanwhile (a text, or the text for the symbols awaited and how many are in sight).
    """

    stoppable = True

    def __init__(
        self,
        reels: ReelsWindow,
        strips: Sequence[Sequence[str]],
        stops: Sequence[int],
        window: Window,
        seconds: float = SPIN_SECONDS,
        *,
        scatters: Collection[str] = (),
        triggers: Sequence[tuple[str, tuple[int, ...]]] = (),
        hint: str | Callable[[frozenset[str], int], str] = "",
        together: bool = False,
    ) -> None:
        self.reels, self.strips, self.stops, self.window = reels, strips, stops, window
        count = len(stops)
        if together:  # the player's option: every reel stops at the same moment
            usual = [seconds * TOGETHER_AT] * count
        else:
            usual = [seconds * (0.45 + 0.55 * r / max(1, count - 1)) for r in range(count)]
        self.timing = reel_timing(window, scatters, usual, triggers)
        """When each reel stops, and which reels keep the player waiting."""
        self.stop_times = list(self.timing.stop_times)
        self.duration = self.timing.duration
        timing = self.timing
        self.hint = hint if isinstance(hint, str) else hint(timing.waiting_for, timing.in_sight)
        self._hinted = False

    def begin(self) -> None:
        """Clear the old marks; every reel starts moving."""
        self.reels.show_window(self.window)
        self._hinted = False
        self.update(0.0)

    def update(self, elapsed: float) -> None:
        """Each reel runs down its strip until its stop time, then rests on its stop."""
        timing = self.timing
        positions = [
            timing.position(reel, stop, elapsed, REEL_SPEED) for reel, stop in enumerate(self.stops)
        ]
        hinted = timing.anticipating(elapsed)
        waiting = timing.slowed if hinted else frozenset()
        self.reels.set_waiting(frozenset(r for r in waiting if positions[r] is not None))
        self.reels.set_positions(self.strips, positions)
        if hinted != self._hinted:
            self._hinted = hinted
            self.reels.border_subtitle = self.hint if hinted else ""

    def finish(self) -> None:
        """All reels rest on the recorded window."""
        self.reels.set_waiting(frozenset())
        self.reels.show_window(self.window)


class WinShowScene(Scene):
    """Each winning item drawn over the window in turn; the Win box counts up."""

    def __init__(
        self,
        reels: ReelsWindow,
        items: Sequence[WinItem],
        show_win: Callable[[int], None],
        win_from: int,
        win_to: int,
        seconds_per_item: float = WIN_ITEM_SECONDS,
    ) -> None:
        self.reels, self.items, self.show_win = reels, list(items), show_win
        self.win_from, self.win_to = win_from, win_to
        self.per_item = seconds_per_item
        self.duration = seconds_per_item * len(self.items)

    def begin(self) -> None:
        """Show the first item."""
        self.update(0.0)

    def update(self, elapsed: float) -> None:
        """Show the item due at ``elapsed`` and the counted-up win."""
        if not self.items:
            return
        index = min(int(elapsed / self.per_item), len(self.items) - 1)
        item = self.items[index]
        self.reels.mark(
            item.cells, dim_others=True, path=item.path, number=item.number, label=item.label
        )
        share = min(1.0, elapsed / self.duration) if self.duration else 1.0
        self.show_win(self.win_from + int((self.win_to - self.win_from) * share))

    def finish(self) -> None:
        """Every winning cell marked at once; the Win box on its final amount."""
        cells = frozenset(c for item in self.items for c in item.cells)
        if len(self.items) == 1:
            only = self.items[0]
            self.reels.mark(
                cells, dim_others=False, path=only.path, number=only.number, label=only.label
            )
        elif self.items:
            paid = [item for item in self.items if item.amount]
            total = sum(item.amount for item in paid)
            label = f" {len(paid)} wins: {format_cents(total)} "
            if len(paid) == 1:
                label = paid[0].label
            self.reels.mark(cells, dim_others=False, label=label)
        self.show_win(self.win_to)


class AnnounceScene(Scene):
    """A message held on screen for a moment (a feature won, say)."""

    def __init__(self, message: MessageLine, text: str, seconds: float = ANNOUNCE_SECONDS) -> None:
        self.message, self.text = message, text
        self.duration = seconds

    def begin(self) -> None:
        """Show the announcement."""
        self.message.say(self.text)
        self.shown()

    def finish(self) -> None:
        """Leave the announcement up until the screen says what to do next."""
        self.message.say(self.text)

    def shown(self) -> None:
        """The announcement is on screen (or its fanfare is): what it tells may now show
        elsewhere too (free spins won again, in the banner).  Nothing by default."""


class HoldScene(Scene):
    """The picture just shown holds still for a moment: after a skip (so keys mashed to
    hurry a show start nothing) and on a result (a feature's draw before it starts, a feature won,
    a pick game's prize).  No key takes the next step while it runs (the key rules ask
    whether one does); nothing moves, and it ends by itself.

    It runs on the presenter's clock like any scene (tests move that clock), and with
    animations off it ends at once, as every scene does.  ``say`` and ``text``: what the
    message line says meanwhile (nothing new without them)."""

    stoppable = False
    skippable = False

    def __init__(
        self, seconds: float, *, say: Callable[[str], None] | None = None, text: str = ""
    ) -> None:
        self.duration = seconds
        self.say, self.text = say, text

    def begin(self) -> None:
        """Say what holds (if anything)."""
        if self.say is not None and self.text:
            self.say(self.text)


class AnnounceHold(AnnounceScene, HoldScene):
    """An announcement that holds (a feature won): no key takes the feature's first step
    until the player has seen it."""

    def __init__(self, message: MessageLine, text: str, seconds: float = ANNOUNCE_SECONDS) -> None:
        AnnounceScene.__init__(self, message, text, seconds)


def skip_to_hold(presenter: Presenter) -> bool:
    """Skip the show that runs to the hold it ends on: every scene before it on its final
    picture, then the hold from its start, so the key that skipped (and keys mashed after
    it) take no step while it lasts.  False, and nothing done, when the show does not end
    on a hold (the caller skips it as usual)."""
    queued = presenter.queued
    if not presenter.busy or not queued or not isinstance(queued[-1], HoldScene):
        return False
    hold = queued[-1]
    presenter.finish_all()
    presenter.play([hold])
    return True
