"""Hostile Lucky Witch saves: a layout changed, a pick out of range, a prize edited, a coin
size of 0 ... each is one SaveFormatError line (through the real loader: the twin copy is
used, or both bad stop with the files untouched), never a traceback.

The forgeries below carry a correct checksum (a deliberate edit); the byte-level and random
payload campaigns for Lucky Witch copies are in ``test_corruption_campaign.py`` and
``test_hostile_saves.py`` beside Book of Spells'.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from slotterm.engine import policy
from slotterm.engine.actions import Spin
from slotterm.session.codec import decode_payload
from slotterm.session.errors import SaveFormatError, SaveUnreadable
from slotterm.session.fileformat import encode_file
from slotterm.session.game_session import GameSession
from slotterm.session.opening import open_session, session_folder
from slotterm.session.settings import default_settings
from slotterm.session.store import COPY_NAMES, SaveStore
from tests.session.helpers import WITCH, Clock

Doc = dict[str, Any]
SEED = 21


def _witch_session(root: Path) -> tuple[GameSession, Any]:
    opened = open_session(
        WITCH, default_settings(WITCH), root=root, seed=SEED, clock=Clock(), state_root=root / "s"
    )
    return opened.session, opened


def _played(root: Path) -> GameSession:
    """Every pick game played once (history), then a Pumpkin left deciding (open round)."""
    session, opened = _witch_session(root)
    session.set_bet(session.coin_bet(coins=3, coin_size=5))
    for label in ("potion", "pumpkin", "spell-book", "vault"):
        session.act(Spin(bet=session.bet, force=f"mystery_bonus:{label}", limits=session.limits))
        while session.open_round is not None:
            action = policy.next_action(WITCH, session.state, "best")
            assert action is not None
            session.act(action)
    session.act(Spin(bet=session.bet, force="mystery_bonus:pumpkin", limits=session.limits))
    for _ in range(2):  # open the bonus, open a pumpkin
        action = policy.next_action(WITCH, session.state, "best")
        assert action is not None
        session.act(action)
    opened.close()
    return session


def _frame(doc: Doc, feature: str) -> Doc:
    """The first history frame of ``feature``."""
    for round_ in doc["history"]:
        for frame in round_["frames"]:
            if frame["feature"] == feature:
                return frame  # type: ignore[no-any-return]
    raise AssertionError(f"no {feature} frame")


def _round_of(doc: Doc, feature: str) -> Doc:
    for round_ in doc["history"]:
        if any(f["feature"] == feature for f in round_["frames"]):
            return round_  # type: ignore[no-any-return]
    raise AssertionError(f"no {feature} round")


def _open_pumpkin(doc: Doc) -> Doc:
    return doc["state"]["round"]["frames"][-1]["record"]  # type: ignore[no-any-return]


def _other_amount(layout: list[Any], index: int, table: tuple[int, ...]) -> int:
    return next(a for a in table if a != layout[index])


def forgeries(doc: Doc) -> Iterator[tuple[str, Doc]]:
    """Each edit a player (or a damaged disk) could make, on a fresh copy of ``doc``."""

    def forge(name: str, change: Callable[[Doc], object]) -> tuple[str, Doc]:
        copy = json.loads(json.dumps(doc))
        change(copy)
        return name, copy

    def record(d: Doc, feature: str) -> Doc:
        return _frame(d, feature)["record"]  # type: ignore[no-any-return]

    def kept_amount_changed(d: Doc) -> None:  # the kept pumpkin's amount, prize left as it was
        rec = record(d, "pumpkin")
        kept = rec["opened"][-1]
        rec["layout"][kept] = _other_amount(rec["layout"], kept, (2, 4, 6, 10, 20, 50))

    def potion_opened_amount_changed(d: Doc) -> None:
        rec = record(d, "magic_potion")
        first = rec["opened"][0]
        if isinstance(rec["layout"][first], int):
            rec["layout"][first] = _other_amount(rec["layout"], first, (1, 2, 3, 5, 8))
        else:  # the first bottle was the special: move it
            rec["layout"][first] = 1

    def vault_swapped(d: Doc) -> None:
        rec = record(d, "secret_vault")
        opened = rec["opened"]
        other = next(i for i in range(12) if i not in rec["chosen"])
        rec["layout"][opened], rec["layout"][other] = rec["layout"][other], rec["layout"][opened]

    def game_drawn_changed(d: Doc) -> None:
        frame = _frame(d, "mystery_bonus")
        frame["record"]["game"] = (
            "secret_vault" if frame["record"]["game"] != "secret_vault" else "pumpkin"
        )

    def pick_frame_moved(d: Doc) -> None:
        frames = _round_of(d, "spell_book")["frames"]
        frames.reverse()

    def pick_step_out_of_range(d: Doc) -> None:
        steps = _round_of(d, "pumpkin")["steps"]
        pick = next(s for s in steps if s[0]["type"] == "pick")
        pick[0]["index"] = 12

    yield forge(
        "pumpkin amount not in the table",
        lambda d: record(d, "pumpkin")["layout"].__setitem__(0, 7),
    )
    yield forge("kept pumpkin's amount changed", kept_amount_changed)
    yield forge("potion opened amount changed", potion_opened_amount_changed)
    yield forge(
        "potion with two Stop bottles",
        lambda d: record(d, "magic_potion")["layout"].__setitem__(
            record(d, "magic_potion")["layout"].index("win_all"), "stop"
        ),
    )
    yield forge("potion layout cut short", lambda d: record(d, "magic_potion")["layout"].pop())
    yield forge("vault amounts swapped", vault_swapped)
    yield forge(
        "vault layout an amount twice",
        lambda d: record(d, "secret_vault")["layout"].__setitem__(
            0, record(d, "secret_vault")["layout"][1]
        ),
    )
    yield forge("spell book imp not in its table", lambda d: record(d, "spell_book").update(imp=7))
    yield forge("pick out of range", lambda d: record(d, "pumpkin")["opened"].__setitem__(0, 5))
    yield forge("vault opened out of range", lambda d: record(d, "secret_vault").update(opened=12))
    yield forge(
        "pick made twice",
        lambda d: record(d, "secret_vault")["chosen"].__setitem__(
            1, record(d, "secret_vault")["chosen"][0]
        ),
    )
    yield forge(
        "vault opened not chosen",
        lambda d: record(d, "secret_vault").update(
            opened=next(i for i in range(12) if i not in record(d, "secret_vault")["chosen"])
        ),
    )
    yield forge("pick step out of range", pick_step_out_of_range)
    yield forge(
        "prize edited",
        lambda d: record(d, "spell_book").update(prize=record(d, "spell_book")["prize"] + 1),
    )
    yield forge("prize and the sums edited", lambda d: _all_sums_raised(d, "spell_book"))
    yield forge("bonus game drawn changed", game_drawn_changed)
    yield forge(
        "bonus forced an unknown game",
        lambda d: _frame(d, "mystery_bonus")["record"].update(forced="jackpot"),
    )
    yield forge("pick game frame removed", lambda d: _round_of(d, "spell_book")["frames"].pop())
    yield forge("pick game frame before its bonus", pick_frame_moved)
    yield forge("open pumpkin given up too often", lambda d: _open_pumpkin(d).update(given_up=3))
    yield forge("open pumpkin prize before the end", lambda d: _open_pumpkin(d).update(prize=150))
    yield forge(
        "open pumpkin layout changed", lambda d: _open_pumpkin(d)["layout"].__setitem__(4, 51)
    )
    yield forge("coin size 0", lambda d: d["bet"].__setitem__(2, 0))
    yield forge("coin size missing", lambda d: d["bet"].pop())
    yield forge("round coin size 0", lambda d: d["history"][0]["bet"].__setitem__(2, 0))
    yield forge("round coin size changed", lambda d: d["history"][0]["bet"].__setitem__(2, 1))
    yield forge("21 coins a line", lambda d: d["history"][0]["bet"].__setitem__(0, 21 * 5))
    yield forge("coin steps with a 0", lambda d: d.update(bet_steps=[0, 5]))
    yield forge("max win 0", lambda d: d["history"][0]["limits"].__setitem__(2, 0))
    yield forge("max win raised", lambda d: d["history"][0]["limits"].__setitem__(2, 10**16))
    yield forge(
        "spin forcing an unknown pick game",
        lambda d: d["history"][0]["steps"][0][0].update(force="mystery_bonus:jackpot"),
    )
    yield forge("win waiting in a game without gamble", lambda d: _waiting_win(d))


def _all_sums_raised(d: Doc, feature: str) -> None:
    """The prize raised and the round's feature win, win and paid made to fit."""
    round_ = _round_of(d, feature)
    record = next(f for f in round_["frames"] if f["feature"] == feature)["record"]
    record["prize"] += 100
    for key in ("feature_win", "win", "paid"):
        round_[key] += 100


def _waiting_win(d: Doc) -> None:
    """The open round's pumpkin kept, its win offered for collect as in Book of Spells."""
    round_ = d["state"]["round"]
    per_line, lines, _size = round_["bet"]
    rec = round_["frames"][-1]["record"]
    rec.update(kept=True, prize=rec["layout"][rec["opened"][-1]] * per_line * lines)
    round_["frames"][-1]["done"] = True
    round_.update(feature_win=rec["prize"], win=rec["prize"] + round_["base_win"])
    d["state"]["phase"] = "win_offered"


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, bytes]:
    root = tmp_path_factory.mktemp("witch")
    _played(root)
    copy = session_folder(root, WITCH.id, SEED) / COPY_NAMES[1]
    return root, copy.read_bytes()


def _reseal(data: bytes, doc: Doc) -> bytes:
    sequence = int(data.split(b" ", 3)[2])
    return encode_file(sequence, json.dumps(doc, separators=(",", ":")).encode())


def _doc(data: bytes) -> Doc:
    return json.loads(data[data.index(b"\n") + 1 :])  # type: ignore[no-any-return]


def test_the_played_save_reads_back_whole(played: tuple[Path, bytes]) -> None:
    record = decode_payload(_doc(played[1]), WITCH)
    games = {f.feature for r in record.history for f in r.frames}
    assert {"magic_potion", "pumpkin", "spell_book", "secret_vault"} <= games
    assert record.state.round is not None and record.state.round.frames[-1].feature == "pumpkin"


def test_every_forgery_is_one_short_line(played: tuple[Path, bytes]) -> None:
    root, data = played
    store = SaveStore(session_folder(root, WITCH.id, SEED), WITCH, seed=SEED)
    results: dict[str, str] = {}
    for name, doc in forgeries(_doc(data)):
        with pytest.raises(SaveFormatError) as caught:
            store.verify(_reseal(data, doc))
        message = str(caught.value)
        assert "\n" not in message and message.isprintable() and len(message) < 300, message
        results[name] = message
    print("\n" + "\n".join(f"{name}: {message}" for name, message in results.items()))
    assert len(results) >= 30  # every forgery has its own name: none was lost


@pytest.mark.parametrize("both", [False, True])
def test_the_loader_uses_the_twin_or_stops_untouched(
    played: tuple[Path, bytes], tmp_path: Path, both: bool
) -> None:
    _, data = played
    good = data
    for n, (name, doc) in enumerate(forgeries(_doc(data))):
        if n % 4:  # a sample through the real loader: every 4th forgery
            continue
        root = tmp_path / f"case-{n}"
        where = session_folder(root, WITCH.id, SEED)
        where.mkdir(parents=True)
        bad = _reseal(data, doc)
        (where / COPY_NAMES[0]).write_bytes(bad)
        (where / COPY_NAMES[1]).write_bytes(bad[: len(bad) // 2] if both else good)
        before = {p.name: p.read_bytes() for p in where.iterdir()}
        settings = default_settings(WITCH)
        if both:
            with pytest.raises(SaveUnreadable) as caught:
                open_session(
                    WITCH, settings, root=root, seed=SEED, clock=Clock(), state_root=root / "s"
                )
            assert all(copy in str(caught.value) for copy in COPY_NAMES), name
            assert {p.name: p.read_bytes() for p in where.iterdir()} == before, name
            continue
        opened = open_session(
            WITCH, settings, root=root, seed=SEED, clock=Clock(), state_root=root / "s"
        )
        assert "damaged" in (opened.session.load_notice or ""), name
        assert decode_payload(_doc(good), WITCH).state == opened.session.state, name
        opened.close()
