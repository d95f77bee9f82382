"""The screen of one pick game of the Mystery bonus: a board of items played by keys.

Every pick goes through the session (it is saved before it is shown); the board is then
drawn from the pick game's *record* (the layout drawn at the start and the picks made),
never from the events, so a game resumed after a kill shows the same layout and picks,
and a key mashed during a reveal can never change what is shown.  The events only choose
the short reveal scenes (:class:`OpenScene`, :class:`EndScene`), which mask the items
they are about to show and leave the record's picture when they finish or are skipped.

Keys: the arrows move a highlight, Enter / Space open the highlighted item, the item's
number or letter (``1``-``9``, ``A``, ``B``, ``C``) opens it directly, Q quits (the game
stays saved).  Once the game is over, Enter / Space go back to the machine.  The footer
offers only the keys that work now (:meth:`PickScreen.check_action`).

A key pressed while a reveal runs never picks: Enter, Space or an item's key only skips
the reveal to its final picture, which then holds for a moment (:class:`HoldScene`) while
the keys that pick or go back wait, so keys mashed to hurry a reveal open nothing the
player did not see asked for.  The game's result always holds so (skipped or not): only
a key pressed after it goes back to the reels.  Each game subclasses :class:`PickScreen`
(``potion_view``, ``pumpkin_view``, ``spell_book_view``, ``vault_view``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, ClassVar, cast

from textual import events
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Grid
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from slotterm.engine.actions import ActionRefused, FeatureAction
from slotterm.engine.events import Event
from slotterm.engine.features.pick_game import Pick, PickGame, PickGameEnded
from slotterm.engine.records import Round
from slotterm.session.errors import SaveError
from slotterm.session.game_session import GameSession
from slotterm.tui.art.model import ArtSet
from slotterm.tui.art.pick_items import CLOSED, PICK_ITEMS
from slotterm.tui.features.pick_backdrop import PickBackdrop
from slotterm.tui.features.pick_board import BoardFit, fit_board
from slotterm.tui.features.pick_cell import ItemLook, PickCell, amount_look, prize_text
from slotterm.tui.features.pick_keys import (
    PICK_BINDINGS,
    following,
    key_works,
    moved,
    paid_note,
)
from slotterm.tui.features.pick_money import PickMoney, money_lines
from slotterm.tui.features.pick_plate import Plate
from slotterm.tui.features.pick_room import arrange_room
from slotterm.tui.features.pick_scenes import HoldScene, reveal_scenes
from slotterm.tui.features.pick_texts import status_and_prompt
from slotterm.tui.presenter import Presenter, Scene
from slotterm.tui.scenes import RESULT_HOLD_SECONDS, SKIP_HOLD_SECONDS
from slotterm.tui.widgets.key_bar import KeyBar


class PickScreen(Screen[str | None]):
    """A pick game (``game_name`` in the engine) on a board of ``columns`` columns; it
    closes with what the game paid in the player's words (:meth:`paid_note`)."""

    CSS_PATH = "pick_screen.tcss"
    game_name: ClassVar[str] = ""
    columns: ClassVar[int] = 6
    story: ClassVar[str] = ""
    """One or two sentences of rules shown above the board."""
    extra_lines: ClassVar[int] = 0
    """Lines a game's own widgets and hints take besides the board (kept free by the fit)."""
    extra_rows: ClassVar[int] = 0
    """Rows of item-sized tiles a game shows under the board (the Spell Book's imp): the fit
    keeps room for them as for rows of items."""

    BINDINGS: ClassVar[list[BindingType]] = PICK_BINDINGS

    def __init__(self, session: GameSession, frame_index: int) -> None:
        super().__init__()
        round_ = session.state.round
        assert round_ is not None
        self.session = session
        self.frame_index = frame_index
        self.round_number = round_.number
        game = cast(PickGame, session.game.feature(self.game_name))  # found by its name
        self.game: PickGame = game
        self.cells = [PickCell(i, self.pictures) for i in range(game.item_count)]
        self.masked: set[int] = set()
        """Items a scene is opening (drawn closed until it finishes)."""
        self.holding_end = False
        """The final reveal is waiting for its scene."""
        self.holding = False
        """A :class:`HoldScene` runs: the keys that pick or go back wait."""
        self.ended: PickGameEnded | None = None
        """How the game ended (once it has, on this screen)."""
        self.presenter = Presenter(self, self._rest, self.refresh_bindings)
        self.note = ""
        self.highlight = next(iter(self.selectable(self.record)), 0)

    @property
    def pictures(self) -> ArtSet:
        """The game's item pictures (:mod:`slotterm.tui.art.pick_items`)."""
        return PICK_ITEMS[self.game_name]

    # --- the record ---------------------------------------------------------------------

    def round(self) -> Round:
        """The round being played (or, once it closed, as it closed)."""
        open_round: Round | None = self.session.state.round
        if open_round is not None and open_round.number == self.round_number:
            return open_round
        closed: Round = next(
            r for r in reversed(self.session.history) if r.number == self.round_number
        )
        return closed

    @property
    def record(self) -> Any:
        """The pick game's record as saved now."""
        return self.round().frames[self.frame_index].record

    @property
    def finished(self) -> bool:
        """True once the game has paid."""
        return self.game.finished(self.record)

    @property
    def total_bet(self) -> int:
        """The round's total bet, in cents (every amount is a multiple of it)."""
        return self.round().bet.total

    def money(self, multiple: int) -> str:
        """``multiple`` total bets in credits (and coins)."""
        return prize_text(multiple * self.total_bet, self.round().bet.coin_size)

    def amount_look(self, picture: str, state: str, multiple: int, sign: str = "") -> ItemLook:
        """An item holding ``multiple`` total bets, in coins if the player chose coins."""
        return amount_look(self, self.round().bet, picture, state, multiple, sign=sign)

    # --- what a game shows (subclasses) ---------------------------------------------------

    def looks(self, record: Any, *, reveal: bool) -> list[ItemLook]:
        """Every item's look; ``reveal``: the game is over and its reveal is shown."""
        raise NotImplementedError

    def selectable(self, record: Any) -> list[int]:
        """The items a pick may take now (the highlight moves among them)."""
        raise NotImplementedError

    def status(self, record: Any) -> str:
        """The line under the board while the game is played."""
        raise NotImplementedError

    def instructions(self, record: Any) -> str:
        """What to press now."""
        return "Arrows move, Enter or Space opens; or press an item's key."

    def hint(self, record: Any) -> str:
        """The odds hint for the decision now ("" for none)."""
        return ""

    def pick_action(self, index: int) -> FeatureAction:
        """The action that takes item ``index``."""
        return Pick(index)

    def end_text(self, record: Any) -> str:
        """How the game ended (before the prize)."""
        return "The game is over."

    @classmethod
    def replay_lines(cls, record: Any, total_bet: int) -> tuple[str, ...]:
        """What was picked and what the items held, for a replayed round."""
        return ()

    def extra_widgets(self) -> list[Widget]:
        """Widgets under the board a game adds (the imp of the Spell Book)."""
        return []

    def draw_extra(self, record: Any, *, reveal: bool) -> None:
        """Draw the game's extra widgets from ``record``."""

    # --- layout -------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        """The backdrop; title, rules, board, status, hint, message; money and footer."""
        yield PickBackdrop(self.game_name)
        yield Plate(self.game.title.upper(), id="pick-title", least=40)
        yield Plate(self.story, id="pick-story")
        board = Grid(*self.cells, id="pick-board")
        board.styles.grid_size_columns = self.columns
        yield board
        yield from self.extra_widgets()
        yield Plate(id="pick-status")
        yield Plate(id="pick-hint")
        yield Plate(id="pick-message")
        yield PickMoney()
        yield KeyBar(compact=True)

    def on_mount(self) -> None:
        """Fit the board; draw the game as the record holds it; play :meth:`opening_scenes`."""
        self.fit(self.app.size.width, self.app.size.height)
        self.draw()
        if opening := self.opening_scenes():
            self.presenter.play(opening)

    def opening_scenes(self) -> list[Scene]:
        """Scenes shown as the screen opens (the Secret Vault's shuffle); none here."""
        return []

    def on_resize(self, event: events.Resize) -> None:
        """Fit the board to the new size."""
        self.fit(event.size.width, event.size.height)

    def board_fit(self, width: int, height: int) -> BoardFit:
        """The board for a ``width`` × ``height`` terminal (:func:`.pick_board.fit_board`;
        the :attr:`extra_rows` under it fitted as rows of the board, then left out of it)."""
        fitted = fit_board(
            width,
            height,
            items=len(self.cells) + self.extra_rows * self.columns,
            columns=self.columns,
            story=self.story,
            extra_lines=self.extra_lines + money_lines(height),
        )
        return replace(fitted, rows=fitted.rows - self.extra_rows)

    def fit(self, width: int, height: int) -> None:
        """Items as large as the terminal allows (:meth:`board_fit`), the parts placed and
        the backdrop given the room left (:func:`.pick_layout.plan_room`; kept still when
        a hint or the imp comes and goes); the title in block letters on a tall terminal."""
        fitted = self.board_fit(width, height)
        for item in self.cells:
            item.resize_tile(fitted.width, fitted.height)
        arrange_room(self, self.game.title.upper(), fitted, self.columns, width, height)

    def draw(self) -> None:
        """Draw the board and the texts from the record (masking what scenes still open)."""
        record = self.record
        over = self.game.finished(record)
        reveal = over and not self.holding_end
        looks = self.looks(record, reveal=reveal)
        choices = self.selectable(record)
        for i, cell in enumerate(self.cells):
            look = ItemLook(picture=CLOSED, state="closed") if i in self.masked else looks[i]
            cell.show(look, highlighted=i == self.highlight and i in choices)
        self.draw_extra(record, reveal=reveal)
        opening = bool(self.masked)  # nothing the items being opened hold shows yet
        hint = self.hint(record) if not over and not opening else ""
        self.query_one("#pick-hint", Static).update(hint)
        self.query_one("#pick-hint", Static).display = bool(hint)
        status, prompt = status_and_prompt(self, record, over=over, reveal=reveal, opening=opening)
        if self.holding:  # the keys wait: no prompt names them yet
            prompt = ""
        self.query_one("#pick-status", Static).update(status)
        self.query_one("#pick-message", Static).update(f"{self.note}  {prompt}".strip())
        unpaid = self.game.pay(record) if over and not reveal else 0
        self.query_one(PickMoney).show(self.session, self.round(), unpaid)

    def _rest(self) -> None:
        self.masked.clear()
        self.holding_end = False
        self.draw()
        self.refresh_bindings()
        self.session.mark_seen()  # shown to its end: a restart need not tell it again

    # --- the keys -------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The keys that work now, as :func:`.pick_keys.key_works` says (the others leave
        the footer); a game's own keys as :meth:`game_key_works` says."""
        works = key_works(
            action,
            busy=self.presenter.busy,
            holding=self.holding,
            over=self.finished,
            can_take=bool(self.selectable(self.record)),
        )
        return self.game_key_works(action) if works is None else works

    def game_key_works(self, action: str) -> bool:
        """True when a key a game adds (its own ``BINDINGS``) works now."""
        return True

    # --- acting -------------------------------------------------------------------------

    def take(self, action: FeatureAction) -> None:
        """Ask the session to take ``action`` (saved first), then show what happened.

        Only at rest: while a scene runs (a reveal or a hold) nothing is taken, a reveal
        is at most skipped (:meth:`skip`)."""
        if self.presenter.busy:
            self.skip()
            return
        self.note = ""
        if self.finished:
            self._rest()
            return
        try:
            transition = self.session.act(action)
        except ActionRefused as refused:
            self.note = f"{str(refused).capitalize()}."
            self._rest()
            return
        except SaveError as error:
            self.note = f"Could not save, nothing was played: {error}."
            self._rest()
            return
        self._follow()
        for event in transition.events:
            if isinstance(event, PickGameEnded) and event.game == self.game.name:
                self.ended = event
        self.presenter.play(self.scenes(transition.events))
        self.refresh_bindings()

    def _follow(self) -> None:
        """The highlight on to the next item that may be taken (when it is on none)."""
        self.highlight = following(self.highlight, self.selectable(self.record))

    def skip(self) -> None:
        """Skip the reveal that runs to the record's picture, which then holds for a moment
        (the result longer); nothing during a hold.  The key that skipped picks nothing."""
        if not self.presenter.busy or self.holding:
            return
        self.presenter.finish_all()
        self.masked.clear()
        self.holding_end = False
        seconds = RESULT_HOLD_SECONDS if self.finished else SKIP_HOLD_SECONDS
        self.presenter.play([HoldScene(self, seconds)])
        self.refresh_bindings()

    def scenes(self, events: Sequence[Event]) -> list[Scene]:
        """The reveal scenes of a step's events (:func:`.pick_scenes.reveal_scenes`)."""
        return reveal_scenes(self, events)

    def action_move(self, step: int) -> None:
        """Move the highlight to the previous / next item that may be taken."""
        self._move(lambda i: (i + step) % len(self.cells), forward=step > 0)

    def action_move_row(self, step: int) -> None:
        """Move the highlight a row up / down (to the nearest item that may be taken)."""
        self._move(lambda i: (i + step * self.columns) % len(self.cells), forward=step > 0)

    def _move(self, nxt: Callable[[int], int], *, forward: bool) -> None:
        """Move the highlight (a reveal or a hold running goes on: moving picks nothing)."""
        choices = self.selectable(self.record)
        if not self.finished and choices:
            self.highlight = moved(self.highlight, choices, len(self.cells), nxt, forward=forward)
            self.draw()

    def action_open_highlighted(self) -> None:
        """Open the highlighted item (while a reveal runs: skip it, and only that)."""
        self.take(self.pick_action(self.highlight))

    def action_skip(self) -> None:
        """Skip the reveal that runs (:meth:`skip`)."""
        self.skip()

    def action_back(self) -> None:
        """Once the game is over and its result has held: go back to the reels (a reveal
        still running is only skipped)."""
        if self.presenter.busy:
            self.skip()
        elif self.finished:
            self.dismiss(self.paid_note())

    def paid_note(self) -> str:
        """What the game paid, for the machine's message line (:func:`.pick_keys.paid_note`)."""
        multiple = None if self.ended is None else self.ended.multiple
        return paid_note(self.game.title, self.game.pay(self.record), multiple, self.total_bet)

    def action_pick(self, index: int) -> None:
        """Open item ``index`` directly (its key; while a reveal runs: skip it, and only
        that).  The highlight goes with the pick, then on to the next item."""
        if self.presenter.busy:
            self.skip()
            return
        if index >= len(self.cells):
            return
        if index in self.selectable(self.record):
            self.highlight = index
        self.take(self.pick_action(index))

    def action_quit(self) -> None:
        """Leave the program; the game is saved and resumes at this pick (a demo asks
        first, :func:`~slotterm.tui.screens.quit_confirm.quit_game`)."""
        from slotterm.tui.screens.quit_confirm import quit_game

        quit_game(self.app, self.session)
