"""Which report speaks for which feature, by the feature's name (see
:mod:`slotterm.session.feature_report`).

Adding a feature's report: write it (a :class:`~slotterm.session.feature_report.FeatureReport`)
and add its line here; the history and the restart notes then ask it like the others.  A
feature without a line gets the generic report (its name and phase, its title).
"""

from __future__ import annotations

from types import MappingProxyType

from slotterm.engine.features import free_spins_records, mystery_bonus
from slotterm.engine.features.pick_games import magic_potion, pumpkin, secret_vault, spell_book
from slotterm.session.feature_report import FeatureReport
from slotterm.session.free_spins_report import FreeSpinsReport
from slotterm.session.mystery_bonus_report import MysteryBonusReport
from slotterm.session.pick_report import PickReport

REPORTS = MappingProxyType(
    {
        free_spins_records.NAME: FreeSpinsReport(),
        mystery_bonus.NAME: MysteryBonusReport(),
        magic_potion.NAME: PickReport(item=None),
        pumpkin.NAME: PickReport(item="pumpkin"),
        spell_book.NAME: PickReport(item="book"),
        secret_vault.NAME: PickReport(item="vault"),
    }
)
"""The report of each feature, by the feature's name."""

GENERIC = FeatureReport()
"""The report of a feature without one of its own."""


def report_for(name: str) -> FeatureReport:
    """The report of the feature called ``name`` (the generic one if it has none)."""
    return REPORTS.get(name, GENERIC)
