"""The history as plain data: features shown from the frames, today's free-spins keys kept."""

from __future__ import annotations

from collections.abc import Callable

from slotterm.engine.features import free_spins_records
from slotterm.engine.features.expanding_symbol import Expansion
from slotterm.engine.model import GameDefinition
from slotterm.engine.records import Phase
from slotterm.session.game_session import GameSession
from slotterm.session.history_view import money, round_view
from tests.session.helpers import Clock
from tests.session.policy import next_action, play_until


def test_rounds_show_their_features_and_free_spins(
    demo: Callable[..., GameSession], game: GameDefinition
) -> None:
    session = demo(2, clock=Clock())
    play_until(session, 40)
    featured = [r for r in session.history if r.frames]
    plain = [r for r in session.history if not r.frames]
    assert featured and plain
    for round_ in plain:
        view = round_view(round_, None, closed=True, game=game)
        assert view["features"] == []
        assert (view["special"], view["free_spins_awarded"], view["free_spins"]) == (None, 0, [])
        assert view["base"]["expanding_wins"] == []
    expanded = 0
    for round_ in featured:
        record = free_spins_records.record_of(round_)
        assert record is not None
        view = round_view(round_, None, closed=True, game=game)
        assert view["features"] == [
            {"feature": "free_spins", "done": True, "phase": "done", "win": money(record.win)}
        ]
        assert view["special"] == record.modifier
        assert view["free_spins_awarded"] == record.awarded
        assert [fs["number"] for fs in view["free_spins"]] == list(range(1, record.awarded + 1))
        for shown, spin in zip(view["free_spins"], record.spins, strict=True):
            assert shown["win"] == money(spin.win)
            assert shown["feature_total"] == money(spin.feature_total)
            wins = spin.extra.wins if isinstance(spin.extra, Expansion) else ()
            assert len(shown["expanding_wins"]) == len(wins)
            assert all(w["symbol"] == record.modifier for w in shown["expanding_wins"])
            expanded += bool(wins)
        assert view["feature_win"] == money(round_.feature_win)
        assert view["round_win"] == money(round_.round_win)
        # without the game, the frames are still listed (their phase and win need it)
        assert round_view(round_, None, closed=True)["features"] == [
            {"feature": "free_spins", "done": True}
        ]
    assert expanded > 0


def test_an_open_feature_shows_where_it_stands(
    demo: Callable[..., GameSession], game: GameDefinition
) -> None:
    session = demo(2, clock=Clock())
    seen = set()
    while session.state.rounds_played < 10 or session.phase is not Phase.IDLE:
        round_ = session.open_round
        if round_ is not None and round_.active is not None:
            view = round_view(round_, None, closed=False, game=game)
            (entry,) = view["features"]
            assert entry["done"] is False
            seen.add(entry["phase"])
            assert view["open"] and view["paid"] is None and view["credits_after"] is None
        session.act(next_action(session))
    assert seen == {"awarded", "playing"}


def test_pick_games_show_every_pick_and_hide_what_is_not_opened_until_the_end() -> None:
    from slotterm.engine import policy
    from slotterm.engine.actions import Spin
    from slotterm.rng import SeededSource
    from slotterm.session.game_session import demo_session
    from tests.session.helpers import WITCH

    session = demo_session(WITCH, SeededSource(31), clock=Clock())
    session.set_bet(session.coin_bet(coins=2, coin_size=5))
    seen_open = 0
    for label in ("potion", "pumpkin", "spell-book", "vault"):
        session.act(Spin(bet=session.bet, force=f"mystery_bonus:{label}"))
        while session.open_round is not None:
            round_ = session.open_round
            top = round_.frames[-1]
            if top.feature != "mystery_bonus":
                entry = round_view(round_, None, closed=False, game=WITCH)["features"][-1]
                shown = entry["pick_game"]
                layout = getattr(top.record, "layout", None) or top.record.books
                opened = _opened(top.record)
                for item in shown["items"]:  # only what was opened shows, while under way
                    index = item["item"] - 1
                    assert item["holds"] == (layout[index] if index in opened else None)
                seen_open += 1
            action = policy.next_action(WITCH, session.state, "best")
            assert action is not None
            session.act(action)
        closed = session.history[-1]
        view = round_view(closed, None, closed=True, game=WITCH)
        assert view["coin_size"] == "0.05" and view["coins_per_line"] == 2
        bonus, game_entry = view["features"]
        assert bonus["feature"] == "mystery_bonus" and game_entry["pick_game"]["game"] == label
        frame = closed.frames[1]
        layout = getattr(frame.record, "layout", None) or frame.record.books
        shown = game_entry["pick_game"]
        assert [item["holds"] for item in shown["items"]] == list(layout)  # all shown at the end
        opens = [p["item"] - 1 for p in shown["picks"] if p["action"] == "open"]
        assert opens == list(_opened(frame.record))
        assert shown["prize"] == money(frame.record.prize) == game_entry["win"]
        assert shown["multiple"] * closed.bet.total >= frame.record.prize
    assert seen_open >= 8


def _opened(record: object) -> tuple[int, ...]:
    """The items opened (in order): ``opened`` is a tuple, or one index, or ``None``."""
    opened = getattr(record, "opened", None)
    if opened is None:
        return ()
    return tuple(opened) if isinstance(opened, tuple) else (opened,)
