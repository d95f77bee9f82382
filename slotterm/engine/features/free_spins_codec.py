"""Free spins' save codec: the record as JSON and back, every spin re-evaluated and every
total checked (a save is untrusted input).  :class:`~.free_spins.FreeSpins` encodes and
decodes its records here, passing itself as the :class:`FreeSpinsRules` read."""

from __future__ import annotations

from typing import Any, Protocol

from slotterm.engine.feature import FeatureContext, Json, SpinModifier
from slotterm.engine.features.free_spins_records import FreeSpin, FreeSpinsRecord
from slotterm.engine.fields import (
    RecordError,
    as_bool,
    as_dict,
    as_int,
    as_list,
    as_str,
    check,
    need,
)
from slotterm.engine.records import EndReason
from slotterm.engine.spin_codec import decode_spin, encode_spin


class FreeSpinsRules(Protocol):
    """What the codec reads of the feature: its award, multiplier, modifier and retriggers."""

    @property
    def award(self) -> int:
        """The free spins a trigger awards."""

    @property
    def win_multiplier(self) -> int:
        """What every free-spin win is multiplied by."""

    @property
    def modifier(self) -> SpinModifier | None:
        """The spin modifier of the free spins, if any."""

    def awarded_by(self, scatters: int, *, retrigger: bool) -> int:
        """The free spins ``scatters`` scatters award."""


def encode_record(rules: FreeSpinsRules, record: FreeSpinsRecord) -> Json:
    """The record as JSON (each spin's window; evaluations are rebuilt on load).

    A multiplier other than 1 is written as ``win_multiplier`` (none: 1).
    """
    modifier = rules.modifier
    multiplied: Json = {}
    if rules.win_multiplier != 1:
        multiplied["win_multiplier"] = rules.win_multiplier
    return multiplied | {
        "awarded": record.awarded,
        "started": record.started,
        "modifier": (
            None
            if modifier is None or not record.started
            else modifier.encode_state(record.modifier)
        ),
        "spins": [
            {
                "number": fs.number,
                "awarded_so_far": fs.awarded_so_far,
                "spin": encode_spin(fs.result),
                "win": fs.win,
                "feature_total": fs.feature_total,
            }
            for fs in record.spins
        ],
        "win": record.win,
        "ended_by": None if record.ended_by is None else record.ended_by.value,
    }


def decode_record(
    rules: FreeSpinsRules, ctx: FeatureContext, value: Any, where: str
) -> FreeSpinsRecord:
    """The record, every spin re-evaluated and every total checked."""
    doc = as_dict(value, where)
    multiplier = as_int(doc.get("win_multiplier", 1), f"{where}.win_multiplier", 1)
    check(
        multiplier == rules.win_multiplier,
        f"{where}.win_multiplier: the save multiplies free-spin wins by {multiplier}, "
        f"the game by {rules.win_multiplier}",
    )
    started = as_bool(need(doc, "started", where), f"{where}.started")
    raw_state = need(doc, "modifier", where)
    state: Any = None
    if rules.modifier is not None and started:
        state = rules.modifier.decode_state(raw_state, f"{where}.modifier")
    else:
        check(raw_state is None, f"{where}.modifier must be null before the feature starts")
    raw_end = need(doc, "ended_by", where)
    try:
        ended_by = None if raw_end is None else EndReason(as_str(raw_end, f"{where}.ended_by"))
    except ValueError:
        raise RecordError(f"{where}.ended_by is not a reason") from None
    spins: list[FreeSpin] = []
    awarded, total = rules.award, 0
    raw_spins = as_list(need(doc, "spins", where), f"{where}.spins")
    check(started or not raw_spins, f"{where}: free spins played before the start")
    check(ended_by is None or bool(raw_spins), f"{where}.ended_by: no spin ended the feature")
    bet = ctx.bet
    for i, raw in enumerate(raw_spins):
        at = f"{where}.spins[{i}]"
        # only the last spin can have been cut short by a limit or the cap
        cut = ended_by is not None and i == len(raw_spins) - 1
        spin = as_dict(raw, at)
        check(as_int(need(spin, "number", at), f"{at}.number") == i + 1, f"{at}.number is wrong")
        result = decode_spin(
            need(spin, "spin", at), ctx.game, bet.lines, bet.bet_per_line, f"{at}.spin"
        )
        extra, extra_win = (
            rules.modifier.modify(ctx, state, result) if rules.modifier is not None else (None, 0)
        )
        so_far = as_int(need(spin, "awarded_so_far", at), f"{at}.awarded_so_far", 1)
        retrigger = 0 if cut else rules.awarded_by(result.evaluation.scatter_count, retrigger=True)
        check(so_far - awarded == retrigger, f"{at}.awarded_so_far does not match the spin")
        win = as_int(need(spin, "win", at), f"{at}.win")
        pays = (result.evaluation.total_win + extra_win) * multiplier
        check(win <= pays, f"{at}.win is more than the spin pays")
        check(cut or win == pays, f"{at}.win is less than the spin pays")
        feature_total = as_int(need(spin, "feature_total", at), f"{at}.feature_total")
        check(feature_total == total + win, f"{at}.feature_total does not add up")
        spins.append(
            FreeSpin(
                number=i + 1,
                awarded_so_far=so_far,
                result=result,
                extra=extra,
                win=win,
                feature_total=feature_total,
            )
        )
        awarded, total = so_far, feature_total
    check(
        as_int(need(doc, "awarded", where), f"{where}.awarded") == awarded,
        f"{where}.awarded does not match the spins",
    )
    check(len(spins) <= awarded, f"{where}: more free spins played than awarded")
    check(as_int(need(doc, "win", where), f"{where}.win") == total, f"{where}.win does not add up")
    limit = ctx.limits.free_spin_limit
    check(
        ended_by is not EndReason.LIMIT or (limit is not None and total <= limit),
        f"{where}.ended_by: the feature did not reach the free-spin limit",
    )
    return FreeSpinsRecord(
        awarded=awarded,
        started=started,
        modifier=state,
        spins=tuple(spins),
        win=total,
        ended_by=ended_by,
    )
