"""The main screen: the reels, the four boxes, the message line and every game key.

Each key asks the session to act (the session draws and saves the outcome first), then
the returned events are played as scenes.  At rest everything shown is re-read from the
session, so an animation or a mashed key can never change an amount.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Horizontal
from textual.screen import Screen
from textual.widgets import Footer

from slotterm.engine.round import (
    Action,
    ActionRefused,
    Collect,
    FeatureEnded,
    Phase,
    PlayFreeSpin,
    Spin,
    StartFeature,
    StartGamble,
    Transition,
)
from slotterm.money import format_cents
from slotterm.session.errors import SaveError
from slotterm.session.game_session import GameSession
from slotterm.tui.autoplay import Autoplay
from slotterm.tui.keymap import GAME_BINDINGS, KeyState, key_enabled, parse_action
from slotterm.tui.narration import (
    event_note,
    feature_progress,
    latest_window,
    moving_text,
    needs_top_up,
    opening_note,
    rest_prompt,
    win_on_display,
)
from slotterm.tui.presenter import Presenter
from slotterm.tui.round_scenes import scenes_for, show_recorded_spin
from slotterm.tui.scenes import AnnounceScene, MagicBookScene
from slotterm.tui.screens.bet_keys import BetKeys
from slotterm.tui.screens.side_screens import SideScreens
from slotterm.tui.widgets.feature_summary import FeatureSummary
from slotterm.tui.widgets.info_box import InfoBox
from slotterm.tui.widgets.magic_book import MagicBook
from slotterm.tui.widgets.message_line import MessageLine
from slotterm.tui.widgets.reels import ReelsWindow
from slotterm.tui.widgets.special_banner import SpecialBanner

QUICK_SPEED = 3.0
"""How much faster everything moves with quick spin on."""
AUTOPLAY_PAUSE = 0.6
"""Seconds between autoplay rounds at normal speed."""


class MainScreen(BetKeys, SideScreens, Screen[None]):
    """The slot machine itself."""

    BINDINGS: ClassVar[list[BindingType]] = GAME_BINDINGS

    def __init__(self, session: GameSession, *, force_feature: bool = False) -> None:
        super().__init__()
        self._bindings_list = [b for b in GAME_BINDINGS if isinstance(b, Binding)]
        self.session = session
        self.force_feature = force_feature
        self.presenter = Presenter(self, self._rest, self._scene_changed)
        self._autoplay = Autoplay(self, self._autoplay_step)
        self.quick = False
        self.summary_visible = False
        self._summary: FeatureEnded | None = None
        self._bet_max_armed = False
        self._note = opening_note(session)
        self._save_warning_shown: str | None = None
        self._key_state: tuple[bool, ...] = ()

    # --- layout -----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        """Banner, reels (with the book and summary over them), boxes, message, footer."""
        window, _ = latest_window(self.session)
        yield SpecialBanner(id="banner")
        with Container(id="stage"):
            yield ReelsWindow(window, id="reels")
            yield MagicBook(id="book")
            yield FeatureSummary(id="summary")
        with Horizontal(id="boxes"):
            yield InfoBox("Bet", id="bet")
            yield InfoBox("Lines", id="lines")
            yield InfoBox("Credits", id="credits")
            yield InfoBox("Win", id="win")
        yield MessageLine(id="message")
        yield Footer(compact=True)

    @property
    def reels(self) -> ReelsWindow:
        """The reel window widget."""
        return self.query_one("#reels", ReelsWindow)

    @property
    def message(self) -> MessageLine:
        """The message line widget."""
        return self.query_one("#message", MessageLine)

    def box(self, name: str) -> InfoBox:
        """One of the boxes: ``bet``, ``lines``, ``credits``, ``win``."""
        return self.query_one(f"#{name}", InfoBox)

    def on_mount(self) -> None:
        """Show the session as it stands (resuming an open round at its step)."""
        self.reels.border_title = self.session.game.name
        self.query_one("#book", MagicBook).display = False
        self.query_one("#summary", FeatureSummary).display = False
        show_recorded_spin(self.reels, self.session)
        if self.session.load_notice and self._note != self.session.load_notice:
            # Too long for the message line: a note that wraps, up long enough to read.
            self.app.notify(
                self.session.load_notice, title="Your save", severity="warning", timeout=30
            )
        self._rest()
        self.call_after_refresh(self._resume_gamble)

    def on_screen_resume(self) -> None:
        """Back on top (from a modal or the size notice): re-read the session, carry on."""
        if not self.presenter.busy:
            self._rest()
            self._resume_gamble()

    def _resume_gamble(self) -> None:
        """A round saved mid-gamble goes straight back to the card table."""
        if self.session.phase is Phase.GAMBLE and self.is_current:
            self._open_gamble()

    # --- at rest ----------------------------------------------------------------------

    def _rest(self) -> None:
        """Everything stopped: show the session's state and what to press."""
        if self.presenter.busy:
            return
        if self._summary is not None:
            ended, self._summary = self._summary, None
            round_ = self.session.state.round or (
                self.session.history[-1] if self.session.history else None
            )
            self.query_one("#summary", FeatureSummary).show_summary(
                spins=ended.spins_played,
                special=round_.special if round_ else None,
                total=ended.total,
                reason=ended.reason,
            )
            self.summary_visible = True
        self.query_one("#summary", FeatureSummary).display = self.summary_visible
        self._sync()
        self._schedule_autoplay()

    def _sync(self) -> None:
        session = self.session
        state = session.state
        bet = session.bet
        self.box("bet").show(format_cents(bet.total), f"{format_cents(bet.bet_per_line)} per line")
        self.box("lines").show(str(bet.lines), f"of {len(session.game.lines)}")
        self.box("credits").show(format_cents(state.credits), session.currency)
        self.show_win(win_on_display(session))
        round_ = state.round
        banner = self.query_one("#banner", SpecialBanner)
        if round_ is not None and round_.special is not None:
            banner.show_feature(round_.special, feature_progress(round_))
        else:
            banner.show_feature(None, "")
        prompt = rest_prompt(session, summary=self.summary_visible, autoplay=self.autoplay)
        self.message.say(f"{self._note}  {prompt}".strip())
        self._badges()
        self.refresh_keys()

    def _scene_changed(self) -> None:
        """A new scene started: once the reels rest, say what the keys do now."""
        scene = self.presenter.current
        if scene is not None and not scene.stoppable and not isinstance(scene, AnnounceScene):
            prompt = rest_prompt(self.session, summary=False, autoplay=self.autoplay)
            self.message.say(prompt)
        self.refresh_keys()

    def refresh_keys(self) -> None:
        """Redraw the footer only when the set of working keys changed (it is costly)."""
        now = self._key_state_now()
        state = tuple(key_enabled(parse_action(b.action)[0], now) for b in self._bindings_list)
        if state != self._key_state:
            self._key_state = state
            self.refresh_bindings()

    def _badges(self) -> None:
        badges = ("AUTOPLAY",) if self.autoplay else ()
        self.message.set_badges(badges + (("QUICK",) if self.quick else ()))
        name = self.session.game.name
        self.reels.border_title = f"{name}  ·  AUTOPLAY ON (A stops)" if self.autoplay else name

    def show_win(self, amount: int) -> None:
        """Put ``amount`` in the Win box."""
        self.box("win").show(format_cents(amount))

    # --- acting -----------------------------------------------------------------------

    def _begin_action(self) -> None:
        """A new key action: finish any show in progress and close the overlays."""
        self.presenter.finish_all()
        self.query_one("#book", MagicBook).display = False
        self.summary_visible = False
        self.query_one("#summary", FeatureSummary).display = False
        self._note = ""

    def _act(self, action: Action) -> bool:
        """Ask the session to act and play what happened; False if nothing happened."""
        before = self.session.state
        try:
            transition = self.session.act(action)
        except ActionRefused as refused:
            self._note = f"{str(refused).capitalize()}."
            self._rest()
            return False
        except SaveError as error:
            self._stop_autoplay()
            self._note = f"Could not save, nothing was played: {error}."
            self._rest()
            return False
        self._present(before.round.win if before.round else 0, transition)
        self._warn_about_save()
        return True

    def _warn_about_save(self) -> None:
        """Tell the player once when a save reached only one of its two copies."""
        warning = self.session.save_warning
        if warning and warning != self._save_warning_shown:
            self.app.notify(warning, title="Save", severity="warning", timeout=15)
        self._save_warning_shown = warning

    def _present(self, win_before: int, transition: Transition) -> None:
        self._note = event_note(transition.events) or self._note
        self._summary = next(
            (e for e in transition.events if isinstance(e, FeatureEnded)), self._summary
        )
        scenes = scenes_for(self, win_before, transition)
        if scenes:
            self.box("credits").show(format_cents(self.session.state.credits))
            self.message.say(moving_text(self.session, autoplay=self.autoplay))
        self.presenter.play(scenes)

    def _spin(self) -> None:
        self._begin_action()
        self._bet_max_armed = False
        session = self.session
        action = Spin(
            session.bet,
            autoplay=self.autoplay,
            force_feature=self.force_feature,
            limits=session.limits,
        )
        refusal = session.refusal(action)
        if refusal is not None:
            self._stop_autoplay()
            self._note = f"{refusal.capitalize()}."
            self._rest()
            return
        self.show_win(0)
        if self._act(action):
            self.force_feature = False
            if session.phase is Phase.FEATURE_AWARDED and self.autoplay:
                self._stop_autoplay()
                self._note = "Autoplay stopped: free spins won."

    # --- key actions ------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enable exactly the keys that make sense now; the others are hidden."""
        return key_enabled(action, self._key_state_now())

    def _key_state_now(self) -> KeyState:
        return KeyState(
            phase=self.session.phase,
            stoppable=self.presenter.stoppable,
            autoplay=self.autoplay,
            summary=self.summary_visible,
            can_gamble=self.session.can(StartGamble()),
            needs_top_up=needs_top_up(self.session),
            book=isinstance(self.presenter.current, MagicBookScene),
        )

    def action_stop(self) -> None:
        """Stop the reels at once."""
        self.presenter.stop_current()

    def action_skip(self) -> None:
        """Skip the Magic Book to the special symbol it lands on."""
        self.presenter.stop_current()

    def action_hide_summary(self) -> None:
        """Hide the feature summary."""
        self._begin_action()
        self._rest()

    def action_start_feature(self) -> None:
        """Open the Magic Book: the special symbol is drawn, then shown."""
        self._begin_action()
        self._act(StartFeature())

    def action_free_spin(self) -> None:
        """Play the next free spin."""
        self._begin_action()
        self._act(PlayFreeSpin())

    def action_collect(self) -> None:
        """Take the win into credits."""
        self._begin_action()
        self._act(Collect())

    def action_collect_and_spin(self) -> None:
        """Take the win, then spin again."""
        self.action_collect()
        if self.session.phase is Phase.IDLE:
            self._spin()

    def action_spin(self) -> None:
        """Spin with the current bet."""
        self._spin()

    def action_autoplay(self) -> None:
        """Start or stop autoplay."""
        if self.autoplay:
            self._stop_autoplay()
            self._note = "Autoplay stopped."
            if not self.presenter.busy:
                self._rest()
            return
        self._autoplay.on = True
        self._note = ""
        self._badges()
        self.refresh_keys()
        self._autoplay_step()

    @property
    def autoplay(self) -> bool:
        """True while autoplay is on."""
        return self._autoplay.on

    def _stop_autoplay(self) -> None:
        self._autoplay.stop()
        self._badges()
        self.refresh_keys()

    def _schedule_autoplay(self) -> None:
        if self.is_current:
            animate = self.presenter.animate
            self._autoplay.schedule(AUTOPLAY_PAUSE / self.presenter.speed if animate else 0.02)

    def _autoplay_step(self) -> None:
        if not self.autoplay or self.presenter.busy or not self.is_current:
            return
        phase = self.session.phase
        if phase is Phase.WIN_OFFERED:
            self.action_collect()
        elif phase is Phase.IDLE and self.session.bet.total <= self.session.state.credits:
            self._spin()
        else:
            self._stop_autoplay()
            if phase is Phase.IDLE:
                self._note = "Autoplay stopped."
            self._rest()

    def action_quick(self) -> None:
        """Switch quick spin on or off."""
        self.quick = not self.quick
        self.presenter.speed = QUICK_SPEED if self.quick else 1.0
        self._badges()

    def action_quit(self) -> None:
        """Leave the game (an open round stays saved and resumes next time)."""
        self.app.exit()
