"""The view of the free spins (:mod:`slotterm.engine.features.free_spins`).

"Free spin N of M" in the banner and the prompts (and "ALL WINS ×N" beside it when the
feature multiplies its wins; M counts more free spins won only once the show has announced
them, :class:`RetriggerScene`), the announcement of free spins won (and won again), the
summary panel once they are over, the keys that start and play them, their steps in a
replayed round, their rules and their section of the help
(:meth:`FreeSpinsView.help_section`).  The free spins' modifier (the Magic Book's
expanding symbol) has a view of its own, which this one asks for its part.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import cast

from rich.text import Text
from textual.binding import Binding
from textual.widget import Widget

from slotterm.engine.actions import Bet, FeatureAction, Limits
from slotterm.engine.events import FeatureEvent, ReelsStopped
from slotterm.engine.feature import Feature
from slotterm.engine.features.free_spins import REEL_SET, FreeSpins
from slotterm.engine.features.free_spins_records import (
    FeatureEnded,
    FreeSpinsAwarded,
    FreeSpinsRecord,
    PlayFreeSpin,
    StartFeature,
    record_of,
)
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import EndReason, Round, SpinResult
from slotterm.money import format_cents
from slotterm.tui.celebration import win_level
from slotterm.tui.features.feature_intro import FeatureIntro
from slotterm.tui.features.feature_summary import FeatureSummary
from slotterm.tui.features.view import FeatureView, HelpSection, ModifierView, Stage
from slotterm.tui.keymap import PRIMARY
from slotterm.tui.limit_words import free_spin_limit_help, round_cap_help
from slotterm.tui.presenter import Scene
from slotterm.tui.replay_step import ReplayStep, spin_step
from slotterm.tui.scenes import WinItem
from slotterm.tui.widgets.feature_banner import BannerPart

_END_REASONS = {
    EndReason.CAP: "The round reached the maximum win, which ended the feature.",
    EndReason.LIMIT: "The feature's wins reached the operator limit, which ended it.",
    None: "",
}


class FreeSpinsView(FeatureView):
    """Free spins: awarded by scatters, started with a key, played one key at a time."""

    feature_name = FreeSpins.name
    display_name = "free spins"
    stylesheet = "free_spins.tcss"

    def __init__(
        self, game: GameDefinition, feature: Feature, *, modifier: ModifierView | None = None
    ) -> None:
        super().__init__(game, feature, modifier=modifier)
        self.rule = cast(FreeSpins, feature)  # the view is found by the feature's name
        self._summary: FeatureSummary | None = None
        self._ended: FeatureEnded | None = None
        self._unannounced = 0
        """Free spins won again in the show now running, not yet announced by it."""
        self._stage: Stage | None = None
        self._intro: FeatureIntro | None = None
        self._modifier_state: object = None  # the modifier's, in the feature shown (outro)

    # --- the machine: widgets and keys --------------------------------------------------

    @property
    def summary(self) -> FeatureSummary:
        """The summary panel over the reels (made, hidden, on first use)."""
        if self._summary is None:
            self._summary = FeatureSummary(id="summary")
            self._summary.display = False
        return self._summary

    @property
    def intro(self) -> FeatureIntro:
        """The intro over the reels when free spins are won (made, hidden, on first use)."""
        if self._intro is None:
            self._intro = FeatureIntro(self.game, id="free-spins-intro")
            self._intro.display = False
        return self._intro

    def overlays(self) -> Iterable[Widget]:
        """The intro, the modifier's overlays, then the summary panel."""
        return (self.intro, *(self.modifier.overlays() if self.modifier else ()), self.summary)

    def close(self) -> None:
        """Hide the intro and the summary (and the modifier's overlays)."""
        if self.modifier is not None:
            self.modifier.close()
        self.intro.close()
        self.summary.display = False

    def bindings(self) -> list[Binding]:
        """Space (Enter, 0, S) starts the feature, then plays each free spin."""
        start = (self.modifier.start_label() if self.modifier else None) or "Start"
        return [
            Binding(PRIMARY, f"feature('{StartFeature.name}')", start, key_display="Space"),
            Binding(PRIMARY, f"feature('{PlayFreeSpin.name}')", "Free spin", key_display="Space"),
        ]

    def actions(self) -> dict[str, FeatureAction]:
        """:class:`StartFeature` and :class:`PlayFreeSpin`, by their save names."""
        return {StartFeature.name: StartFeature(), PlayFreeSpin.name: PlayFreeSpin()}

    # --- the machine: texts ---------------------------------------------------------------

    def tagline(self) -> str:
        """ "3 or more books award 10 free spins" (and what the modifier adds); "with every
        win ×3" when the free spins multiply their wins."""
        scatter = "/".join(sorted(s.lower() for s in self.game.scatter_ids))
        line = f"{self.rule.trigger_count} or more {scatter}s award {self.rule.award} free spins"
        times = self.rule.win_multiplier
        if times > 1:
            line += f" with every win ×{times}"
        return line + (self.modifier.tagline() if self.modifier else "")

    def awarded(self, record: FreeSpinsRecord) -> int:
        """The free spins awarded as far as the show has told (more won in the spin now
        shown count once announced)."""
        return record.awarded - self._unannounced

    def _told(self, count: int) -> None:
        self._unannounced = max(0, self._unannounced - count)
        if self._stage is not None:
            self._stage.advance_banner()

    def banner(self, round_: Round) -> BannerPart | None:
        """Once started: the modifier's picture and labels, "ALL WINS ×N" when the free
        spins multiply their wins, then "Free spin N of M"."""
        record = record_of(round_)
        if record is None or not record.started:
            return None
        played = len(record.spins)
        awarded = self.awarded(record)
        head = f"Free spin {played} of {awarded}" if played else f"{awarded} free spins"
        self._modifier_state = record.modifier
        part = self.modifier.banner(record.modifier) if self.modifier else None
        symbol, labels = (None, ()) if part is None else (part.symbol, part.labels)
        times = self.rule.win_multiplier
        if times > 1:
            labels = (*labels, f"ALL WINS ×{times}")
        return BannerPart(symbol, (*labels, head), feature_win_from=round_.base_win)

    def prompt(self, round_: Round) -> str | None:
        """Start the free spins won, or play the next one."""
        record = record_of(round_)
        if record is None:
            return None
        if not record.started:
            phrase = (self.modifier.start_phrase() if self.modifier else None) or "start them"
            return f"{record.awarded} FREE SPINS! Press Space to {phrase}."
        return f"Press Space for free spin {len(record.spins) + 1} of {self.awarded(record)}."

    def moving_text(self, round_: Round, *, open_round: bool) -> str | None:
        """ "Free spin N of M…" while one spins; the modifier's text while it starts."""
        record = record_of(round_)
        if record is None or not record.started:
            return None
        if record.spins:
            return f"Free spin {len(record.spins)} of {self.awarded(record)}…"
        if open_round and self.modifier is not None:
            return self.modifier.moving_text(record.modifier)
        return None

    def note(self, event: FeatureEvent) -> str | None:
        """More free spins won, or the feature's total once it is over."""
        if isinstance(event, FreeSpinsAwarded) and event.retrigger:
            return f"+{event.count} free spins!"
        if isinstance(event, FeatureEnded):
            return f"Free spins over: they won {format_cents(event.total)}."
        return None

    def autoplay_note(self) -> str:
        """Autoplay stops when free spins are won (DESIGN.md §1)."""
        return "Autoplay stopped: free spins won."

    # --- the machine: scenes and pictures --------------------------------------------------

    def latest_spin(self, round_: Round) -> SpinResult | None:
        """The last free spin played."""
        record = record_of(round_)
        return record.spins[-1].result if record is not None and record.spins else None

    def recorded_items(self, stage: Stage, round_: Round) -> list[WinItem]:
        """What the modifier added to the last free spin."""
        record = record_of(round_)
        if record is None or not record.spins or self.modifier is None:
            return []
        return self.modifier.recorded_items(stage, record.spins[-1].extra)

    def scenes(self, stage: Stage, event: FeatureEvent) -> list[Scene]:
        """Free spins won (or won again) are announced; the modifier shows its events.
        The first announcement holds (:class:`AnnounceHold`): a key mashed into the
        intro before it skips to it, and no key opens the feature while it is up."""
        from slotterm.tui.features import free_spins_scenes as scenes  # not needed at launch

        if isinstance(event, FreeSpinsAwarded):
            if event.retrigger:
                self._stage = stage
                return [scenes.RetriggerScene(stage, event.count, self._told)]
            what = self.tagline().split(" free spins", 1)[1]
            phrase = (self.modifier.start_phrase() if self.modifier else None) or "start them"
            return scenes.won_scenes(stage, self.intro, event.count, what, phrase)
        if isinstance(event, FeatureEnded):
            extra = self._extra(self._modifier_state)
            return [scenes.OutroScene(self.summary, event.spins_played, extra, event.total)]
        return self.modifier.scenes(stage, event) if self.modifier is not None else []

    def _extra(self, state: object) -> Text | None:
        """The summary's line on the modifier (or on the wins multiplied)."""
        if self.modifier is not None:
            return self.modifier.summary_line(state)
        times = self.rule.win_multiplier
        return Text(f"Every win ×{times}", "bold", end="") if times > 1 else None

    def spin_scenes(
        self, stage: Stage, event: ReelsStopped, win_from: int, win_to: int
    ) -> list[Scene]:
        """After a free spin's regular wins: what the modifier added to it."""
        if event.reel_set != REEL_SET or self.modifier is None:
            return []
        return self.modifier.spin_scenes(stage, event.extra, win_from, win_to)

    def remember(self, event: FeatureEvent) -> None:
        """The summary goes up once the last free spin has been shown; free spins won
        again count once the show announces them."""
        if isinstance(event, FeatureEnded):
            self._ended = event
        if isinstance(event, FreeSpinsAwarded) and event.retrigger:
            self._unannounced += event.count

    def show_summary(self, round_: Round | None) -> bool:
        """Put up the summary of the free spins just ended (if they just did); a round
        whose win reaches a big-win level (:func:`win_level`) is named one there: the
        feature is paid as one win, so its total is celebrated like a spin's.  Asked at
        rest, when the show has announced every free spin won."""
        self._unannounced = 0
        ended, self._ended = self._ended, None
        if ended is None:
            return False
        record = record_of(round_)
        extra = self._extra(record.modifier if record is not None else None)
        bet = round_.bet.total if round_ is not None else 0
        won = round_.win if round_ is not None else ended.total
        level = win_level(won, bet)
        self.summary.show_summary(
            spins=ended.spins_played,
            extra=extra,
            total=ended.total,
            reason=ended.reason,
            spin_win=round_.base_win if round_ is not None else 0,
            round_win=won if round_ is not None else None,
            level=level.title if level is not None else None,
            times=won // bet if bet else 0,
        )
        self.summary.display = True
        return True

    # --- history and rules ------------------------------------------------------------------

    def history_label(self, round_: Round) -> str | None:
        """ "10 free spins" (and what the modifier adds) once free spins were played."""
        record = record_of(round_)
        if record is None or not record.spins:
            return None
        extra = self.modifier.history_label(record.modifier) if self.modifier else ""
        played = len(record.spins)
        return f"{played} free spin{'' if played == 1 else 's'}{extra}"

    def replay_notes(self, round_: Round) -> list[str]:
        """The free spins the base spin awarded."""
        return [f"{self.rule.award} free spins awarded."] if record_of(round_) else []

    def replay_steps(self, round_: Round, credits: int) -> list[ReplayStep]:
        """The modifier's steps, each free spin, then the feature's summary."""
        record = record_of(round_)
        if record is None:
            return []
        steps: list[ReplayStep] = []
        if self.modifier is not None and record.started:
            steps += self.modifier.replay_steps(record.modifier, round_.base_win, credits)
        steps += self._spin_steps(round_, record, credits)
        if record.spins:
            text = (
                f"Free spins over: {len(record.spins)} played, "
                f"won {format_cents(round_.feature_win)}."
            )
            details = tuple(t for t in (text, _END_REASONS[round_.ended_by]) if t)
            steps.append(
                ReplayStep(
                    title="Feature summary",
                    window=None,
                    marks=frozenset(),
                    details=details,
                    win=round_.round_win,
                    credits=credits,
                )
            )
        return steps

    def _spin_steps(self, round_: Round, record: FreeSpinsRecord, credits: int) -> list[ReplayStep]:
        steps = []
        awarded = self.rule.award
        for spin in record.spins:
            notes = [
                f"This spin won {format_cents(spin.win)}; the feature stands at "
                f"{format_cents(spin.feature_total)}."
            ]
            if spin.awarded_so_far > awarded:
                notes.append(f"Retrigger: {spin.awarded_so_far - awarded} more free spins.")
            awarded = spin.awarded_so_far
            before, addition = (
                self.modifier.replay_spin(record.modifier, spin.extra, spin.result.window)
                if self.modifier is not None
                else ([], None)
            )
            steps.append(
                spin_step(
                    self.game,
                    f"Free spin {spin.number} of {spin.awarded_so_far}",
                    spin.result,
                    (before, notes),
                    round_.base_win + spin.feature_total,
                    credits,
                    addition,
                )
            )
        return steps

    def scatter_rule(self) -> str:
        """What the scatters start."""
        return f"start {self.rule.award} free spins"

    def paytable_rules(self, bet: Bet) -> tuple[str, str]:
        """How free spins are played (and what the modifier does in them)."""
        rule = self.rule
        heading = "Free spins" + (self.modifier.heading() if self.modifier else "")
        text = (
            "Free spins are played at the bet and lines of the spin that started them; "
            f"{rule.trigger_count} or more scatters during them add {rule.retrigger} more."
        )
        if rule.win_multiplier > 1:
            text += " " + self._multiplier_sentences()
        if self.modifier is not None:
            text += " " + self.modifier.rules(bet)
        return heading, text

    def _multiplier_sentences(self) -> str:
        """What the win multiplier does, for the rules and the help."""
        times = self.rule.win_multiplier
        added = ", and what the special symbol adds," if self.modifier is not None else ""
        return (
            f"Every win of a free spin is multiplied by {times}: its line wins, its scatter "
            f"win{added} all count {times} times. A bonus a free spin starts pays its own "
            "prize, not multiplied."
        )

    def help_section(self, limits: Limits | None) -> HelpSection:
        """How free spins are won and played, what they pay and what ends them (and the
        modifier's part: how its symbol is chosen and what it does)."""
        rule, game = self.rule, self.game
        names = " or ".join(sorted(game.symbol_index[s].name for s in game.scatter_ids))
        again = (
            f"{rule.trigger_count} or more {names} symbols in a free spin add "
            f"{rule.retrigger} more."
            if rule.retrigger
            else "Free spins do not win more free spins."
        )
        items = [
            f"{rule.trigger_count} or more {names} symbols anywhere in the window start "
            f"**{rule.award} free spins**.",
            *(self.modifier.help_items() if self.modifier else []),
            "Free spins cost nothing and are played at the bet and lines of the spin that "
            f"won them. {again}",
            'Everything the free spins win is added up, shown as you go ("Free spin N of M" '
            "with the total so far) and paid when they end. A round never pays more than "
            f"{round_cap_help(game, limits)}; reaching that ends the feature. An operator may "
            "also limit what the features of a round win together (the free spins and "
            f"every bonus won in them).{free_spin_limit_help(limits)}",
        ]
        if rule.win_multiplier > 1:
            items.insert(2, self._multiplier_sentences())
        heading = "Free spins" + (self.modifier.help_heading() if self.modifier else "")
        start = (self.modifier.start_phrase() if self.modifier else None) or "start"
        return HelpSection(
            heading=heading,
            text="\n".join(f"- {item}" for item in items),
            keys=f"{start} or play a free spin; close the summary",
            won="free spins are won",
        )
