"""What the Mystery bonus shows of itself: its rows of the printed PAR sheet, its keys and
rows of a simulation's report.

:class:`MysteryBonusReport` is the part of
:class:`~slotterm.analysis.features.mystery_bonus_law.MysteryBonusLaw` that lays out
figures already computed (the law's :meth:`figures`, a simulation's counts); the maths is
the law's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from slotterm.analysis.sheet_text import Row, SheetText, TextTable, one_in, pct
from slotterm.engine.features.mystery_bonus import MysteryBonus

if TYPE_CHECKING:
    from slotterm.analysis.sheet import ParSheet
    from slotterm.analysis.sim_tally import SimulationResult


@dataclass(frozen=True)
class PickGameFigures:
    """One pick game of a bonus: its exact mean and sd (× total bet) under the sheet's
    policy, its mean under each reported policy, and its top prize."""

    name: str
    label: str
    title: str
    mean: float
    sd: float
    mean_best: float
    mean_keep_first: float
    mean_worst: float
    top: int


class MysteryBonusReport:
    """The Mystery bonus's rows and reports (a part of its law; ``feature`` is the bonus)."""

    feature: MysteryBonus

    def sheet_text(self, sheet: ParSheet) -> SheetText:
        """Its summary rows, its part of the base spin's RTP, the table of its pick games."""
        f = sheet.figure
        summary = (
            ("Mystery bonus (base spins)", one_in(f("bonus_one_in"))),
            ("  per free spin", pct(f("free_spins_bonus_frequency") or 0.0, 4)),
            ("  bonuses per base round, free spins included", f"{f('bonuses_per_round'):.6f}"),
            (
                "  mean / sd of a bonus (× total bet)",
                f"{f('bonus_mean'):.3f} / {f('bonus_sd'):.3f}",
            ),
            ("  RTP of all bonuses (game's own)", pct(f("rtp_bonus_in_all_uncapped") or 0.0)),
            (
                "RTP best / keep first / worst play (game's own)",
                f"{pct(f('rtp_best_uncapped') or 0.0)} / "
                f"{pct(f('rtp_keep_first_uncapped') or 0.0)} / "
                f"{pct(f('rtp_worst_uncapped') or 0.0)}",
            ),
        )
        games = TextTable(
            title=f"Mystery bonus pick games (× total bet, {f('policy')} play)",
            headers=("game", "mean", "sd", "top", "best", "keep first", "worst"),
            rows=tuple(
                (
                    g.title,
                    f"{g.mean:.4f}",
                    f"{g.sd:.4f}",
                    f"{g.top:,}",
                    f"{g.mean_best:.4f}",
                    f"{g.mean_keep_first:.4f}",
                    f"{g.mean_worst:.4f}",
                )
                for g in f("pick_games") or ()
            ),
        )
        return SheetText(
            summary=summary,
            base_split=(("base game Mystery bonus", "rtp_bonus"),),
            tables=(games,),
            descriptions={"pick_games": "Mystery bonus pick games in total bets"},
        )

    def simulation_report(self, result: SimulationResult) -> Mapping[str, Any]:
        """``bonus_frequency``: base spins that started the bonus, per round;
        ``bonuses_per_round``: every bonus played (base game and free spins), per round;
        ``rtp_bonus``: what the bonuses the base spins started paid, per amount staked (the
        source beside ``rtp_free_spins``, whose bonuses count there); ``rtp_bonus_in_all``:
        what every pick game paid, per amount staked; ``pick_games``: per label, how many
        were played, their share of the bonuses and their mean prize in total bets."""
        bonus = self.feature
        rounds = result.tally.rounds or 1
        played = result.frames_of(bonus.name)
        picks = {}
        for pick in bonus.games:
            count = result.frames_of(pick.name)
            paid = result.paid_of(pick.name)
            picks[pick.label] = {
                "count": count,
                "share": count / played if played else 0.0,
                "mean_x_total_bet": paid / count / result.total_bet if count else None,
            }
        return {
            "bonus_frequency": result.started_by_base_spin(bonus.name) / rounds,
            "bonuses_per_round": played / rounds,
            "bonuses": played,
            "rtp_bonus": result.rtp_by_source()["bonus"],
            "rtp_bonus_in_all": result.rtp_of([g.name for g in bonus.games]),
            "pick_games": picks,
        }

    def simulation_rows(self, report: Mapping[str, Any]) -> list[Row]:
        """The bonus's frequency, bonuses per round, its RTP, and each pick game's count."""
        frequency = report["bonus_frequency"]
        times = f" (1 in {1 / frequency:,.1f})" if frequency else ""
        rows = [
            ("bonus frequency (base spins)", pct(frequency) + times),
            ("bonuses per round (with free spins)", f"{report['bonuses_per_round']:.6f}"),
            ("RTP of the bonus (all)", pct(report["rtp_bonus_in_all"])),
        ]
        for label, pick in report["pick_games"].items():
            mean = pick["mean_x_total_bet"]
            shown = "-" if mean is None else f"{mean:.2f}× total bet"
            rows.append((f"  {label}", f"{pick['count']:,} ({pct(pick['share'])}), mean {shown}"))
        return rows
