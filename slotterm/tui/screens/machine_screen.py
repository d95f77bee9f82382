"""The machine screen: the reels, the boxes, the message line and the round's keys.

Game-neutral: each key asks the session to act (the session draws and saves the outcome
first), then the returned events are played as scenes.  At rest everything shown is
re-read from the session, so an animation or a mashed key can never change an amount.
What the game's features show comes from their views (:mod:`slotterm.tui.features`),
which draw on the screen's :class:`~slotterm.tui.features.view.Stage`.  The pictures are
the game's own (:func:`~slotterm.tui.symbols.art_set`) and the boxes its bet model's
(:func:`~slotterm.tui.bet_views.bet_view`).  The bet keys and the screens over the machine
are added by :class:`~slotterm.tui.screens.main_screen.MainScreen`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Container

from slotterm.engine.actions import Action, ActionRefused, Collect, Limits, Spin, StartGamble
from slotterm.engine.events import Transition
from slotterm.engine.records import Phase
from slotterm.session.errors import SaveError
from slotterm.session.game_session import GameSession
from slotterm.tui.autoplay import Autoplay, feature_waits
from slotterm.tui.autoplay_control import autoplay_badge, autoplay_plays_features
from slotterm.tui.bell import with_bell
from slotterm.tui.bet_views import bet_view
from slotterm.tui.celebration import celebrating, close_celebration
from slotterm.tui.features.registry import FeatureViews
from slotterm.tui.features.view import Stage
from slotterm.tui.keymap import GAME_BINDINGS, KeyState, KeySwitch, key_enabled, with_feature_keys
from slotterm.tui.narration import (
    banner_round,
    credits_while_shown,
    event_note,
    idle_banner,
    latest_window,
    line_room,
    moving_text,
    needs_top_up,
    open_round_number,
    opening_note,
    rest_line,
    rest_prompt,
    short_of_credits,
    shown_round,
    spin_refused_note,
    top_up_helps,
    win_on_display,
)
from slotterm.tui.presenter import Presenter
from slotterm.tui.round_scenes import scenes_for, show_recorded_spin
from slotterm.tui.scenes import AnnounceScene, HoldScene, WinShowScene, skip_to_hold
from slotterm.tui.screens.machine_autoplay import AutoplayKeys
from slotterm.tui.screens.quit_confirm import quit_game
from slotterm.tui.screens.save_note import show_save_note
from slotterm.tui.shell_hooks import new_machine, preferences_of
from slotterm.tui.symbols import art_set
from slotterm.tui.textual_compat import bindings_of, set_bindings
from slotterm.tui.widgets.feature_banner import FeatureBanner
from slotterm.tui.widgets.key_bar import KeyBar
from slotterm.tui.widgets.message_line import MessageLine
from slotterm.tui.widgets.reels import ReelsWindow

QUICK_SPEED = 3.0
"""How much faster everything moves with quick spin on."""


class MachineScreen(AutoplayKeys):
    """The slot machine itself; ``force`` names a feature the next spin must start (its
    autoplay keys and steps are :class:`~slotterm.tui.screens.machine_autoplay.AutoplayKeys`)."""

    BINDINGS: ClassVar[list[BindingType]] = GAME_BINDINGS

    def __init__(self, session: GameSession, *, force: str | None = None) -> None:
        super().__init__()
        self.session = session
        self.force = force
        self.views = FeatureViews(session.game)
        feature_keys = self.views.bindings()
        set_bindings(self, with_feature_keys(bindings_of(self), feature_keys))
        self._keys = KeySwitch([*GAME_BINDINGS, *feature_keys])
        window, _ = latest_window(session, self.views)
        self.reels = ReelsWindow(window, art=art_set(session.game), id="reels")
        """The reel window widget."""
        self.message = MessageLine(id="message")
        """The message line widget."""
        self.bet_view = bet_view(session.game)
        """What the game's bet model shows (its boxes, its keys)."""
        self.boxes = self.bet_view.boxes()
        """The Bet, Lines, Credits and Win boxes (and Coins, Coin size in a coin game)."""
        self.stage = Stage(
            game=session.game,
            reels=self.reels,
            message=self.message,
            show_win=self._show_win,
            stop_together=lambda: preferences_of(self.app).stop_order == "all-together",
            advance_banner=self._advance_banner,
            play=lambda scenes: self.presenter.play(scenes),
        )
        """What the features' views draw on."""
        self.presenter = Presenter(self, self._rest, self._scene_changed)
        self._autoplay = Autoplay(self, self._autoplay_step)
        self.quick = False
        self.summary_visible = False
        self._note = session.rules_note or session.resume_note or opening_note(session)
        session.rules_note = None  # said here, once
        self._resumed = open_round_number(session)  # the round a welcome back speaks of
        self._save_warning_shown: str | None = None

    # --- layout -----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        """Banner, reels (with the features' overlays), boxes, message, footer."""
        game = self.session.game
        yield FeatureBanner(idle_banner(game, self.views), art=art_set(game), id="banner")
        with Container(id="stage"):
            yield self.reels
            yield from self.views.overlays()
        yield self.boxes
        yield self.message
        yield KeyBar(compact=True)

    def on_mount(self) -> None:
        """Show the session as it stands (resuming an open round at its step)."""
        self.reels.border_title = self.session.game.name
        self.views.close()
        show_recorded_spin(self.stage, self.views, self.session)
        self._rest()
        self.call_after_refresh(self._resume_gamble)
        if self.session.load_notice and self._note != self.session.load_notice:
            # Too long for the message line: a window the player closes, over all the rest.
            self.call_after_refresh(show_save_note, self.app, self.session)

    def on_screen_resume(self) -> None:
        """Back on top (from a modal or the size notice): re-read the session, carry on."""
        if not self.presenter.busy:
            self._rest()
            self._resume_gamble()

    def _resume_gamble(self) -> None:
        """A round saved mid-gamble goes back to the gamble (the screen that has one)."""

    def _before_spin(self) -> None:
        """Called as a spin key is handled, before the spin (the bet keys forget Bet Max)."""

    # --- at rest ----------------------------------------------------------------------

    def _rest(self) -> None:
        """Everything stopped: show the session's state and what to press."""
        if self.presenter.busy:
            return
        if self.views.show_summary(shown_round(self.session)):
            self.summary_visible = True
        if not self.summary_visible and self._rebuilt():
            return
        self._sync()
        self.session.mark_seen()  # shown to its end: a restart need not tell it again
        self._schedule_autoplay()

    def _rebuilt(self) -> bool:
        """The session plays by other rules than this machine was built for (its game file
        changed while a round was open, which has now closed: DESIGN.md §7): a machine
        for the game now takes its place (:func:`~slotterm.tui.shell_hooks.new_machine`).  True
        when it did; only on top, between rounds."""
        if self.session.game is self.views.game or not self.is_current:
            return False
        self._stop_autoplay()
        return new_machine(self.app, self)

    def _sync(self) -> None:
        session = self.session
        state = session.state
        self.boxes.show_bet(session.bet, len(session.game.lines))
        self.boxes.show_credits(state.credits, session.currency)
        shown = banner_round(session, summary=self.summary_visible)
        self.query_one("#banner", FeatureBanner).show_part(self.views.banner(shown))
        self._show_win(win_on_display(session))
        prompt = rest_prompt(
            session, self.views, summary=self.summary_visible, autoplay=self.autoplay
        )
        self._badges()
        welcomed = self._resumed is not None and open_round_number(session) == self._resumed
        room = line_room(self.message.badges)
        self.message.say(rest_line(self._note, prompt, welcomed=welcomed, room=room))
        self.refresh_keys()

    def _scene_changed(self) -> None:
        """A new scene started: once the reels rest, say what the keys do now (while a
        win show the player may skip runs, that Space skips it, or the feature's line)."""
        scene = self.presenter.current
        if (
            scene is not None
            and not scene.stoppable
            and not isinstance(scene, (AnnounceScene, HoldScene))
        ):
            prompt = rest_prompt(
                self.session, self.views, summary=False, autoplay=self.autoplay, counting=True
            )
            self.message.say(prompt)
        elif isinstance(scene, WinShowScene):  # a feature spin's wins, which Space skips
            self.message.say(
                moving_text(self.session, self.views, autoplay=self.autoplay, stopped=True)
            )
        self.refresh_keys()

    def refresh_keys(self) -> None:
        """Redraw the footer only when the set of working keys changed (it is costly)."""
        if self._keys.changed(self._key_state_now()):
            self.refresh_bindings()

    def _badges(self) -> None:
        badges = (autoplay_badge(self.app, self.session),) if self.autoplay else ()
        self.message.set_badges(badges + (("QUICK",) if self.quick else ()))
        name = self.session.game.name
        self.reels.border_title = f"{name}  ·  AUTOPLAY ON (A stops)" if self.autoplay else name

    # --- acting -----------------------------------------------------------------------

    def _begin_action(self) -> None:
        """A new key action: finish any show in progress and close the overlays."""
        self.presenter.finish_all()
        self.views.close()
        close_celebration(self.reels)
        self.summary_visible = False
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
        if preferences_of(self.app).quick_free_spins:  # the option: quick in features
            in_feature = before.round is not None and bool(before.round.frames)
            self.presenter.speed = QUICK_SPEED if self.quick or in_feature else 1.0
        self._present(before.round.win if before.round else 0, transition)
        self._warn_about_save()
        return True

    def _warn_about_save(self) -> None:
        """Tell the player once when a save reached only one of its two copies."""
        warning = self.session.save_warning
        if warning and warning != self._save_warning_shown:
            self.app.notify(warning, title="Save", severity="warning", timeout=15)
        self._save_warning_shown = warning

    def _show_win(self, amount: int) -> None:
        """The Win box shows ``amount`` (a feature win in the banner follows it)."""
        self.boxes.show_win(amount)
        self.query_one("#banner", FeatureBanner).show_win(amount)

    def _advance_banner(self) -> None:
        """The banner names the step now played (the last free spin too, which closed the
        round) as far as the show has told it; its feature win follows the Win box."""
        played = shown_round(self.session)
        self.query_one("#banner", FeatureBanner).advance(self.views.banner(played))

    def _present(self, win_before: int, transition: Transition) -> None:
        # What the show is still to announce (more free spins won) is not counted yet.
        self.views.remember(transition.events)
        self._advance_banner()
        self._badges()  # a spin counts as played once begun: the spins left say so now
        self._note = event_note(transition.events, self.views) or self._note
        scenes = scenes_for(self.stage, self.views, win_before, transition)
        scenes = with_bell(scenes, self.app.bell if preferences_of(self.app).bell else None)
        if scenes:
            self.boxes.show_credits(credits_while_shown(self.session, transition.events))
            self.message.say(moving_text(self.session, self.views, autoplay=self.autoplay))
        self.presenter.play(scenes)

    def _round_limits(self) -> Limits:
        """The limits of the next round: the session's, with the gamble off when the
        player switched it off in the options (as an operator's gamble limit of 0)."""
        limits = self.session.limits
        return limits if preferences_of(self.app).gamble else replace(limits, gamble_limit=0)

    def _spin(self) -> None:
        if self._rebuilt():  # the new machine says why; the next spin is the player's
            return
        self._begin_action()
        self._before_spin()
        session = self.session
        action = Spin(
            session.bet, autoplay=self.autoplay, force=self.force, limits=self._round_limits()
        )
        refusal = session.refusal(action)
        if refusal is not None:
            self._stop_autoplay()
            self._note = spin_refused_note(session, refusal)
            self._rest()
            return
        self.boxes.show_win(0)
        if self._act(action):
            self.force = None
            plays_on = autoplay_plays_features(self.app, session)
            if self.autoplay and feature_waits(session) and not plays_on:
                self._stop_autoplay()
                self._note = self.views.autoplay_note(session.state) or "Autoplay stopped."
                self._rest()  # shown already without animations: say it again, stopped

    # --- key actions ------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enable exactly the keys that make sense now; the others are hidden."""
        return key_enabled(action, self._key_state_now(), parameters)

    def _key_state_now(self) -> KeyState:
        session = self.session
        scene = self.presenter.current
        return KeyState(
            phase=session.phase,
            stoppable=self.presenter.stoppable,
            autoplay=self.autoplay,
            summary=self.summary_visible,
            can_gamble=session.can(StartGamble()),
            needs_top_up=needs_top_up(session),
            short=short_of_credits(session),
            top_up_helps=top_up_helps(session),
            skippable=scene is not None and scene.skippable,
            holding=isinstance(scene, HoldScene),
            feature_actions=self.views.allowed(session.can),
            bet_keys=self.bet_view.bet_actions,
        )

    def on_key(self, event: events.Key) -> None:
        """Any key while a celebration plays skips the rest of the show and does nothing
        else, even one that comes before the overlay has taken the focus."""
        if celebrating(self):
            event.stop()
            event.prevent_default()
            self.action_skip()

    def action_stop(self) -> None:
        """Stop the reels at once."""
        self.presenter.stop_current()

    def action_skip(self) -> None:
        """Skip the whole rest of the show to the picture it lands on, then rest (a show
        ending on a hold lands on it: :func:`skip_to_hold`)."""
        if not skip_to_hold(self.presenter):
            self.presenter.skip_show()

    def action_hide_summary(self) -> None:
        """Hide the feature summary."""
        self._begin_action()
        self._rest()

    def action_feature(self, name: str) -> None:
        """Take the feature step the key names (start the free spins, play one...)."""
        self._begin_action()
        self._act(self.views.actions()[name])

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

    def action_quick(self) -> None:
        """Switch quick spin on or off."""
        self.quick = not self.quick
        self.presenter.speed = QUICK_SPEED if self.quick else 1.0
        self._badges()

    def action_quit(self) -> None:
        """Leave the game (an open round stays saved and resumes next time; in a demo,
        whose round would be lost, ask first: :func:`quit_game`)."""
        quit_game(self.app, self.session)
