"""The round module's split keeps every import path working.

``slotterm.engine.round`` re-exports the values that now live in ``actions``, ``records``
and ``events``; the session, the interface and saved files import them from there.
"""

from __future__ import annotations

import slotterm.engine.actions as actions
import slotterm.engine.events as events
import slotterm.engine.records as records
import slotterm.engine.round as round_module

NAMES_USED_ELSEWHERE = {
    "Action", "ActionRefused", "Bet", "CardDrawn", "Collect", "Collected", "CreditsAdded",
    "EndReason", "Event", "FeatureEnded", "FreeSpin", "FreeSpinsAwarded", "GambleStep",
    "GameState", "Guess", "Limits", "Phase", "PlayFreeSpin", "RECENT_CARDS", "ReelsStopped",
    "Round", "RoundClosed", "SpecialChosen", "Spin", "SpinResult", "StartFeature",
    "StartGamble", "Step", "TopUp", "Transition", "WinOffered", "apply", "draw_spin",
    "gamble_allowed", "is_allowed", "refusal",
}  # fmt: skip


def test_every_name_other_code_imports_from_round_is_still_there() -> None:
    missing = {name for name in NAMES_USED_ELSEWHERE if not hasattr(round_module, name)}
    assert not missing
    assert set(round_module.__all__) == NAMES_USED_ELSEWHERE


def test_the_re_exports_are_the_very_same_objects() -> None:
    for module in (actions, records, events):
        public = [n for n in vars(module) if not n.startswith("_") and n[0].isupper()]
        for name in public:
            if name in NAMES_USED_ELSEWHERE:
                assert getattr(round_module, name) is getattr(module, name), name
    assert round_module.Round is records.Round
    assert round_module.Spin is actions.Spin
    assert round_module.Transition is events.Transition


def test_evaluate_still_offers_every_name_it_offered_before_its_split() -> None:
    import slotterm.engine.evaluate as evaluate
    import slotterm.engine.line_reading as line_reading
    import slotterm.engine.outcome as outcome

    before = {
        "NO_WIN", "Evaluation", "GridError", "LineReading", "LineWin", "ScatterWin",
        "StripTable", "Window", "check_window", "count_scatters", "evaluate",
        "evaluate_stops", "expansion_reels", "read_line", "strip_table", "window_at",
        "window_from_rows",
    }  # fmt: skip
    assert set(evaluate.__all__) == before
    assert all(hasattr(evaluate, name) for name in before)
    assert evaluate.Evaluation is outcome.Evaluation
    assert evaluate.read_line is line_reading.read_line
