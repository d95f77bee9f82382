"""The view of the Mystery bonus (:mod:`slotterm.engine.features.mystery_bonus`).

A spin showing the bonus symbol on each of its reels announces the bonus with its intro
over the reels; the player presses Space to stir the cauldron
(:class:`~slotterm.engine.features.mystery_bonus.OpenBonus`, which draws the pick game and
its hidden layout, saved before anything is shown).  The cauldron
(:mod:`slotterm.tui.features.cauldron_overlay`) then bubbles through the games' names and
lands on the one drawn; only then does the banner name it (or at once when the player
skips the stir), the game's name is written in big with its item either side, and the
game's own screen (:mod:`slotterm.tui.features.pick_screens`) opens over the machine.
When it closes, the outro counts what it paid over the reels
(:mod:`slotterm.tui.features.mystery_scenes`).  That screen opens again whenever the
machine comes to rest with a pick game under way (after a restart, say), drawn from the
saved record.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

from textual.binding import Binding
from textual.widget import Widget

from slotterm.engine.actions import Bet, FeatureAction, Limits
from slotterm.engine.events import FeatureEvent
from slotterm.engine.feature import Feature
from slotterm.engine.features.mystery_bonus import (
    NAME,
    BonusGameDrawn,
    MysteryBonus,
    MysteryBonusAwarded,
    OpenBonus,
)
from slotterm.engine.features.pick_game import PickGameEnded
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import Round
from slotterm.money import format_cents
from slotterm.session.game_session import GameSession
from slotterm.tui.celebration import overlay_beside
from slotterm.tui.features.cauldron_overlay import Cauldron
from slotterm.tui.features.feature_intro import FeatureIntro
from slotterm.tui.features.mystery_bonus_help import bonus_help
from slotterm.tui.features.mystery_scenes import brewed_scenes, paid_scenes, won_scenes
from slotterm.tui.features.pick_screens import PICK_HELP, PICK_SCREENS
from slotterm.tui.features.view import FeatureView, HelpSection, ModifierView, Stage
from slotterm.tui.keymap import PRIMARY
from slotterm.tui.presenter import Scene
from slotterm.tui.replay_step import ReplayStep
from slotterm.tui.symbols import symbol_art
from slotterm.tui.widgets.feature_banner import BannerPart, FeatureBanner
from slotterm.tui.widgets.machine_boxes import MachineBoxes


def active_pick_frame(round_: Round | None, games: Iterable[str]) -> int | None:
    """The index in ``round_.frames`` of the pick game being played (one of ``games``)."""
    if round_ is None:
        return None
    names = set(games)
    for i in range(len(round_.frames) - 1, -1, -1):
        frame = round_.frames[i]
        if not frame.done:
            return i if frame.feature in names else None
    return None


class MysteryBonusView(FeatureView):
    """The bonus: announced, opened with a key, then its pick game's screen."""

    feature_name = NAME
    display_name = "Mystery bonus"
    stylesheet = "mystery_bonus.tcss"

    def __init__(
        self, game: GameDefinition, feature: Feature, *, modifier: ModifierView | None = None
    ) -> None:
        super().__init__(game, feature, modifier=modifier)
        self.rule = cast(MysteryBonus, feature)  # the view is found by the feature's name
        self.cauldron = Cauldron()
        self.intro = FeatureIntro(game, id="mystery-intro")
        """The intro over the reels: the bonus won, then the pick game brewed."""
        self.intro.display = False
        self._titles = tuple(g.title for g in self.rule.games)

    def _title(self, name: str) -> str:
        return self.rule.game_by_name(name).title

    def _active(self, round_: Round) -> str | None:
        """The bonus's frame being played: ``mystery_bonus`` or a pick game's name."""
        frame = round_.active
        if frame is None or frame.feature not in (NAME, *(g.name for g in self.rule.games)):
            return None
        return str(frame.feature)

    # --- the machine: widgets and keys --------------------------------------------------

    def overlays(self) -> Iterable[Widget]:
        """The cauldron, then the intro over it."""
        return (self.cauldron, self.intro)

    def close(self) -> None:
        """Hide the cauldron and the intro."""
        self.cauldron.display = False
        self.intro.close()

    def bindings(self) -> list[Binding]:
        """Space (Enter, 0, S) stirs the cauldron."""
        return [Binding(PRIMARY, f"feature('{OpenBonus.name}')", "Open bonus", key_display="Space")]

    def actions(self) -> dict[str, FeatureAction]:
        """:class:`OpenBonus` by its save name."""
        return {OpenBonus.name: OpenBonus()}

    # --- the machine: texts ---------------------------------------------------------------

    def tagline(self) -> str:
        """ "CAULDRON on reels 1, 3 and 5 brews a Mystery bonus"."""
        reels = [str(r) for r in self.rule.reels]
        listed = ", ".join(reels[:-1]) + f" and {reels[-1]}" if len(reels) > 1 else reels[0]
        return f"{self.rule.symbol} on reels {listed} brews a Mystery bonus"

    def banner(self, round_: Round) -> BannerPart | None:
        """While the bonus or its pick game is played.

        The pick game's name is not the bonus's progress but a reveal: it stands before
        the last label, so the banner does not show it the moment the game is drawn
        (:meth:`FeatureBanner.advance`) but when the cauldron has named it.
        """
        active = self._active(round_)
        if active is None:
            return None
        if active == NAME:
            return BannerPart(self.rule.symbol, ("MYSTERY BONUS", "a pick game awaits"))
        return self._game_part(self._title(active))

    def _game_part(self, title: str) -> BannerPart:
        """The banner while the pick game ``title`` is played."""
        return BannerPart(self.rule.symbol, ("MYSTERY BONUS", title, "brewed for you"))

    def _reveal(self, title: str) -> None:
        """The cauldron has named ``title``: the machine's banner names it too."""
        if self.cauldron.is_attached:
            for banner in self.cauldron.screen.query(FeatureBanner):
                banner.show_part(self._game_part(title))

    def prompt(self, round_: Round) -> str | None:
        """Stir the cauldron, or play the pick game on its screen."""
        active = self._active(round_)
        if active is None:
            return None
        if active == NAME:
            return "Press Space to stir the cauldron."
        return f"{self._title(active)} is under way."

    def moving_text(self, round_: Round, *, open_round: bool) -> str | None:
        """While the cauldron is stirred (the game drawn, its screen not yet open): what
        Space does there (no reels turn), without naming the game."""
        frame = round_.active
        if not open_round or frame is None or frame.feature not in PICK_SCREENS:
            return None
        return "The cauldron bubbles… Space skips the stir."

    def note(self, event: FeatureEvent) -> str | None:
        """The bonus won, and a pick game's prize (the game drawn has its scene)."""
        if isinstance(event, MysteryBonusAwarded):
            return "MYSTERY BONUS!"
        if isinstance(event, PickGameEnded) and event.game in PICK_SCREENS:
            return f"{self._title(event.game)} paid {format_cents(event.prize)}."
        return None

    def autoplay_note(self) -> str:
        """Autoplay always stops at the bonus: the player picks."""
        return "Autoplay stopped: the Mystery bonus needs your picks."

    # --- the machine: scenes --------------------------------------------------------------

    def scenes(self, stage: Stage, event: FeatureEvent) -> list[Scene]:
        """The bonus announced; the cauldron brewing the game drawn."""
        if isinstance(event, MysteryBonusAwarded):
            accent = symbol_art(self.rule.symbol, self.game).style
            return won_scenes(stage, self.intro, accent, self._titles)
        if isinstance(event, BonusGameDrawn):
            drawn = (event.game, event.title)
            reveal = lambda: self._reveal(event.title)  # noqa: E731
            return brewed_scenes(stage, self.cauldron, self.intro, self._titles, drawn, reveal)
        return []

    def _paid(self, stage: Stage, session: GameSession, number: int, index: int) -> None:
        """The pick game at ``index`` of round ``number`` closed its screen: its outro over
        the reels, what it paid counted (and the credits, when it closed the round)."""
        self.intro.close()
        open_round = session.state.round
        closed = open_round is None or open_round.number != number
        found = [r for r in session.history if r.number == number] if closed else [open_round]
        overlay = overlay_beside(stage.reels)
        if not found or found[0] is None or overlay is None:
            return
        round_ = found[0]
        frame = round_.frames[index]
        prize = getattr(frame.record, "prize", 0)
        if not prize:
            return
        boxes = stage.reels.screen.query(MachineBoxes)
        credits = session.state.credits
        paid = (credits - round_.paid, credits) if closed else None
        tick = boxes.first().tick_credits if boxes and closed else None
        title = self._title(frame.feature)
        win = (round_.win - prize, round_.win)
        stage.play(paid_scenes(stage, overlay, title, win, round_.bet.total, paid, tick))

    def show_summary(self, round_: Round | None) -> bool:
        """At rest with a pick game under way: open its screen (nothing else goes up)."""
        index = active_pick_frame(round_, PICK_SCREENS)
        if round_ is None or index is None:
            return False
        # The machine the cauldron lies over holds the session (the view is given none).
        machine = self.cauldron.screen if self.cauldron.is_attached else None
        if machine is None or not machine.is_current:
            return False  # a screen over the machine (help...): again when it is back on top
        session = getattr(machine, "session", None)
        open_round = session.state.round if isinstance(session, GameSession) else None
        stage = getattr(machine, "stage", None)
        if (
            isinstance(session, GameSession)
            and open_round is not None
            and (open_round.number == round_.number)
        ):
            number = round_.number
            closed = (
                (lambda: self._paid(stage, session, number, index))
                if isinstance(stage, Stage)
                else lambda: None
            )
            self.cauldron.play(session, index, round_.frames[index].feature, closed)
        return False

    # --- history and rules ------------------------------------------------------------------

    def _played(self, round_: Round) -> list[tuple[str, Any]]:
        """The pick games of ``round_`` and their records, in order."""
        return [(f.feature, f.record) for f in round_.frames if f.feature in PICK_SCREENS]

    def history_label(self, round_: Round) -> str | None:
        """ "Pumpkin 1.50" for each pick game played."""
        played = self._played(round_)
        if not played:
            return "Bonus" if round_.frame(NAME) is not None else None
        return ", ".join(f"{self._title(n)} {format_cents(r.prize)}" for n, r in played)

    def replay_notes(self, round_: Round) -> list[str]:
        """The bonus the base spin awarded."""
        return ["Mystery bonus awarded."] if round_.frame(NAME) is not None else []

    def replay_steps(self, round_: Round, credits: int) -> list[ReplayStep]:
        """One step per pick game: what was picked and what everything held."""
        steps = []
        won = round_.base_win
        for name, record in self._played(round_):
            screen = PICK_SCREENS[name]
            won += record.prize
            details = (
                *screen.replay_lines(record, round_.bet.total),
                f"Prize: {format_cents(record.prize)}.",
            )
            steps.append(
                ReplayStep(
                    title=f"Mystery bonus: {self._title(name)}",
                    window=None,
                    marks=frozenset(),
                    details=details,
                    win=won,
                    credits=credits,
                )
            )
        return steps

    def prize_rules(self, bet: Bet) -> list[str]:
        """Each pick game and its prizes at ``bet``, in its screen's words."""
        games = [g for g in self.rule.games if g.name in PICK_HELP]
        return [PICK_HELP[g.name].paytable_rule(g, bet) for g in games]

    def help_section(self, limits: Limits | None) -> HelpSection:
        """The bonus and its pick games, each in its screen's words (:func:`bonus_help`)."""
        games = [g for g in self.rule.games if g.name in PICK_HELP]
        items = [PICK_HELP[g.name].help_item(g) for g in games]
        conditions = [c for g in games if (c := PICK_HELP[g.name].rtp_condition(g))]
        return bonus_help(self.game, self.rule, items, conditions)

    def paytable_rules(self, bet: Bet) -> tuple[str, str]:
        """The bonus and its four games, in a few words each."""
        cap = self.rule.prize_cap(bet)
        text = (
            f"A {self.rule.symbol} on each of reels {', '.join(map(str, self.rule.reels))} at "
            "once (base game or free spin) starts the Mystery bonus: the cauldron brews one "
            "of four pick games, each as likely.  Magic Potion: open bottles, each amount is "
            "yours; Win All pays every bottle, Stop ends the game with a bonus for every "
            "bottle left closed.  Pumpkin: open a pumpkin, keep it or give it up for another "
            "(up to 3 times).  Spell Book: open one of three books; an imp may add to it.  "
            "Secret Vault: choose three of twelve vaults, the rest show their amounts, open "
            "one of your three.  Every prize is a multiple of the total bet"
            + (f", at most {format_cents(cap)} at this bet." if cap is not None else ".")
        )
        return "Mystery bonus", text
