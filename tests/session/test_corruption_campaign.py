"""Corruption campaign: every kind of damage to a save copy is detected, never trusted.

Byte level (every copy verified in memory): truncation at every byte offset, a bit flipped
at every offset, eight zero bytes at every offset, random garbage, a wrong version number,
the credits edited under the old checksum, and outcome fields forged *with* a recomputed
checksum (caught by validation).  Disk level (a sample of the same damage, through the
real loader): one bad copy of a mirrored pair -> the game resumes at the *same* state from
its twin and says so; the newest copy bad after a crash between the two writes (the twin
one step behind) -> the game resumes from the twin; both bad -> SaveUnreadable naming the
files, nothing on disk changed.  A copy sealed by a newer format (checksum intact) is no
damage: the whole save is refused, nothing changed.  The event log is damaged the same
ways: its reader never fails, and reports every change but one to its last line (a hash
chain has nothing after the last line to check it by).  Each test reports its tried /
handled / lost line (``campaign_report``: listed at the end of the run).
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path

from slotterm.engine import policy
from slotterm.engine.actions import Spin
from slotterm.session.errors import NewerFormat, SaveFormatError, SaveFromNewer, SaveUnreadable
from slotterm.session.event_log import LOG_NAME, EventLog
from slotterm.session.fileformat import FORMAT_VERSION, decode_file, encode_file
from slotterm.session.log_check import read_log
from slotterm.session.opening import open_session
from slotterm.session.settings import default_settings
from slotterm.session.store import COPY_NAMES, SaveStore
from tests.session.helpers import GAME, WITCH, Clock, folder, open_seeded
from tests.session.kill_driver import digest
from tests.session.policy import next_action

Mutation = tuple[str, bytes]
CampaignReport = Callable[..., str]
"""The ``campaign_report`` fixture (tests/conftest.py)."""


def _pair(root: Path) -> tuple[bytes, bytes, str, str]:
    """A played session's copy before and after its last save, and both states' fingerprints."""
    opened = open_seeded(root)
    session, store = opened.session, opened.store
    assert store is not None
    for _ in range(24):
        session.act(next_action(session))
    previous = digest(session)
    before = {p.read_bytes() for p in store.copies}
    session.act(next_action(session))
    newest = digest(session)
    after = {p.read_bytes() for p in store.copies}
    opened.close()
    assert len(before) == len(after) == 1  # mirrored copies
    return before.pop(), after.pop(), previous, newest


def _reseal(data: bytes, payload: bytes) -> bytes:
    """A copy with a new payload and a correct checksum (a deliberate forgery)."""
    sequence = int(data.split(b" ", 3)[2])
    return encode_file(sequence, payload)


def _body(data: bytes) -> bytes:
    return data[data.index(b"\n") + 1 :]


def mutations(data: bytes, *, forged: bool = True) -> Iterator[Mutation]:
    """Every damaged variant of ``data`` the campaign tries.

    ``forged``: also the Book of Spells forgeries with a valid checksum (Lucky Witch's own
    are in ``test_hostile_witch_saves.py``).
    """
    n = len(data)
    for k in range(n):
        yield "truncated", data[:k]
    for i in range(n):
        yield "bit flip", data[:i] + bytes([data[i] ^ (1 << (i % 8))]) + data[i + 1 :]
    for i in range(n):
        zeroed = data[:i] + b"\x00" * 8 + data[i + 8 :]
        if zeroed != data:
            yield "zeros", zeroed
    rng = random.Random(5)
    for _ in range(2000):
        i = rng.randrange(n)
        junk = rng.randbytes(rng.randint(1, 64))
        garbage = data[:i] + junk + data[i + len(junk) :]
        if garbage != data:
            yield "garbage", garbage
    yield "garbage", rng.randbytes(n)
    header, _, rest = data.partition(b"\n")
    fields = header.split(b" ")
    assert fields[1] == str(FORMAT_VERSION).encode()
    for version in (b"0", b"1", b"2", b"4", b"9", b"99", b"3 "):
        yield "wrong version", b" ".join([fields[0], version, *fields[2:]]) + b"\n" + rest
    body = _body(data)
    newer = body.decode()
    yield "wrong version", _with_version(data, FORMAT_VERSION + 1)
    yield "wrong version", _with_version(data, 2)  # a format-3 payload is no format-2 one
    yield "wrong version", _with_version(data, 1)
    credits = re.search(r'"credits":(\d+)', newer)
    assert credits is not None
    for edited in (int(credits.group(1)) + 1, int(credits.group(1)) * 10, 99_999_999):
        text = newer[: credits.start(1)] + str(edited) + newer[credits.end(1) :]
        yield "credits edited, old checksum", header + b"\n" + text.encode()
    if not forged:
        return
    for name, forgery in _forgeries(json.loads(body)):
        yield f"forged ({name}), valid checksum", _reseal(data, forgery)


def _with_version(data: bytes, version: int) -> bytes:
    header, _, body = data.partition(b"\n")
    fields = header.split(b" ")
    head = b" ".join([fields[0], str(version).encode(), fields[2], fields[3]])
    checksum = hashlib.sha256(head + b"\n" + body).hexdigest().encode()
    return head + b" " + checksum + b"\n" + body


def _forgeries(doc: dict[str, object]) -> Iterator[tuple[str, bytes]]:
    def forge(name: str, change: Callable[[dict], None]) -> tuple[str, bytes]:  # type: ignore[type-arg]
        copy = json.loads(json.dumps(doc))
        change(copy)
        return name, json.dumps(copy, separators=(",", ":")).encode()

    def history(d: dict) -> list:  # type: ignore[type-arg]
        return d["history"]  # type: ignore[no-any-return]

    yield forge("base win raised", lambda d: history(d)[0].update(base_win=10**6))
    yield forge("paid raised", lambda d: history(d)[0].update(paid=10**6, win=10**6))
    yield forge(
        "window symbol unknown", lambda d: history(d)[0]["base"]["window"][0].__setitem__(0, "GOLD")
    )
    yield forge("negative credits", lambda d: d["state"].update(credits=-5))
    yield forge("phase without round", lambda d: d["state"].update(phase="gamble", round=None))
    yield forge("unknown phase", lambda d: d["state"].update(phase="jackpot"))
    yield forge("steps removed", lambda d: history(d)[0].update(steps=[]))
    yield forge("game changed", lambda d: d.update(game="lucky-witch"))
    yield forge("rng swapped", lambda d: d.update(rng={"kind": "secure"}))
    yield forge("history duplicated", lambda d: d.update(history=[*history(d), history(d)[-1]]))
    gambled = [r for r in history(doc) if r["gamble"]]
    if gambled:
        index = history(doc).index(gambled[0])

        def flip_card(d: dict) -> None:  # type: ignore[type-arg]
            card = history(d)[index]["gamble"][0]
            card[3] = not card[3]

        yield forge("gamble outcome flipped", flip_card)
    featured = [r for r in history(doc) if r["frames"]]
    assert featured, "the session played no feature"
    at = history(doc).index(featured[0])

    def frame(d: dict) -> dict:  # type: ignore[type-arg]
        return history(d)[at]["frames"][0]  # type: ignore[no-any-return]

    def record(d: dict) -> dict:  # type: ignore[type-arg]
        return frame(d)["record"]  # type: ignore[no-any-return]

    def free_spin(d: dict) -> dict:  # type: ignore[type-arg]
        return record(d)["spins"][0]  # type: ignore[no-any-return]

    yield forge("feature win raised", lambda d: history(d)[at].update(feature_win=10**5))
    yield forge("frame not done", lambda d: frame(d).update(done=False))
    yield forge("frames removed", lambda d: history(d)[at].update(frames=[]))
    yield forge("frame doubled", lambda d: history(d)[at]["frames"].append(frame(d)))
    yield forge("frame added", lambda d: history(d)[0]["frames"].append(frame(d)))
    plain = [r for r in history(doc) if not r["frames"] and not r["gamble"]]
    if plain:
        other = history(doc).index(plain[0])

        def smuggle_feature(d: dict) -> None:  # type: ignore[type-arg]
            """Free spins added to a round whose spin started none, every sum made to fit."""
            target = history(d)[other]
            won = record(d)["win"]
            target["frames"] = [frame(d)]
            target.update(feature_win=won, win=target["win"] + won, paid=target["paid"] + won)

        yield forge("feature smuggled in, sums fixed", smuggle_feature)
    yield forge("unknown feature", lambda d: frame(d).update(feature="mystery_bonus"))
    yield forge("special not a symbol", lambda d: record(d).update(modifier="GOLD"))
    yield forge("free spin win raised", lambda d: free_spin(d).update(win=10**5))
    yield forge("free spin dropped", lambda d: record(d)["spins"].pop())
    yield forge(
        "free spin symbol unknown",
        lambda d: free_spin(d)["spin"]["window"][0].__setitem__(0, "GOLD"),
    )
    yield forge(
        "spin forces nothing known", lambda d: history(d)[at]["steps"][0][0].update(force="jackpot")
    )
    yield forge(
        "feature action unknown",
        lambda d: history(d)[at]["steps"][1][0].update(type="play_bonus"),
    )


def test_byte_level_corruption_is_always_detected(
    tmp_path: Path, campaign_report: CampaignReport
) -> None:
    _older, newest, _p, _n = _pair(tmp_path)
    store = SaveStore(folder(tmp_path), GAME, seed=11)
    store.verify(newest)  # the undamaged copy passes
    tried: dict[str, int] = {}
    detected: dict[str, int] = {}
    crashes = 0
    for kind, damaged in mutations(newest):
        tried[kind] = tried.get(kind, 0) + 1
        try:
            store.verify(damaged)
        except SaveFormatError:
            detected[kind] = detected.get(kind, 0) + 1
        except Exception:
            crashes += 1
    summary = ", ".join(f"{k} {detected.get(k, 0)}/{v}" for k, v in tried.items())
    total, handled = sum(tried.values()), sum(detected.values())
    line = campaign_report(
        f"corruption campaign (byte level, {len(newest)}-byte copy)",
        tried=total,
        handled=handled,
        lost=total - handled,
        crashes=crashes,
    )
    print(f"by kind: {summary}")
    assert detected == tried, line
    assert crashes == 0


def _witch_copy(root: Path) -> tuple[SaveStore, bytes]:
    """A Lucky Witch copy: a Magic Potion and a Secret Vault played, a Pumpkin left deciding."""
    opened = open_session(
        WITCH, default_settings(WITCH), root=root, seed=13, clock=Clock(), state_root=root / "s"
    )
    session, store = opened.session, opened.store
    assert store is not None
    session.set_bet(session.coin_bet(coins=2, coin_size=10))
    for label in ("potion", "vault", "pumpkin"):
        session.act(Spin(bet=session.bet, force=f"mystery_bonus:{label}", limits=session.limits))
        while session.open_round is not None and not (
            label == "pumpkin"
            and session.open_round.frames[-1].feature == "pumpkin"
            and session.open_round.frames[-1].record.opened
        ):
            action = policy.next_action(WITCH, session.state, "best")
            assert action is not None
            session.act(action)
    data = store.copies[0].read_bytes()
    opened.close()
    return SaveStore(store.folder, WITCH, seed=13), data


def test_byte_level_corruption_of_a_lucky_witch_copy_is_always_detected(
    tmp_path: Path, campaign_report: CampaignReport
) -> None:
    store, data = _witch_copy(tmp_path)
    record = store.verify(data)[1]  # the undamaged copy passes, mid pick game
    assert record.state.round is not None and record.state.round.frames[-1].feature == "pumpkin"
    tried = detected = crashes = 0
    for _kind, damaged in mutations(data, forged=False):
        tried += 1
        try:
            store.verify(damaged)
        except SaveFormatError:
            detected += 1
        except Exception:
            crashes += 1
    line = campaign_report(
        f"corruption campaign (Lucky Witch, {len(data)}-byte copy)",
        tried=tried,
        handled=detected,
        lost=tried - detected,
        crashes=crashes,
    )
    assert detected == tried, line
    assert crashes == 0


def _is_newer(data: bytes) -> bool:
    """True when the copy is intact but sealed by a newer format (no damage)."""
    try:
        decode_file(data)
    except NewerFormat:
        return True
    except SaveFormatError:
        return False
    return False


def test_disk_level_one_bad_recovers_both_bad_stops(
    tmp_path: Path, campaign_report: CampaignReport
) -> None:
    older, newest, previous_state, newest_state = _pair(tmp_path / "source")
    sample = [m for i, m in enumerate(mutations(newest)) if i % 97 == 0 or "version" in m[0]]
    sample += [m for m in mutations(newest) if "forged" in m[0] or "credits" in m[0]]
    tried = detected = crashes = 0
    cases = {  # (copy a, copy b, the state that must load, the copy named as damaged)
        "mirror, a bad": (None, newest, newest_state, COPY_NAMES[0]),
        "mirror, b bad": (newest, None, newest_state, COPY_NAMES[1]),
        "torn, newest bad": (None, older, previous_state, COPY_NAMES[0]),
    }
    for n, (_kind, damaged) in enumerate(sample):
        for case in (*cases, "both bad"):
            root = tmp_path / f"{n}-{case.replace(' ', '-').replace(',', '')}"
            where = folder(root)
            where.mkdir(parents=True)
            if case == "both bad":
                a, b = damaged, damaged[: len(damaged) // 2]
                expected, bad_name = "", ""
            else:
                first, second, expected, bad_name = cases[case]
                a, b = first or damaged, second or damaged
            (where / COPY_NAMES[0]).write_bytes(a)
            (where / COPY_NAMES[1]).write_bytes(b)
            before = {p.name: p.read_bytes() for p in where.iterdir()}
            tried += 1
            newer = _is_newer(damaged)  # the save refused whole, whatever the other copy
            try:
                opened = open_seeded(root, clock=Clock())
            except SaveUnreadable as exc:
                if newer:
                    ok = isinstance(exc, SaveFromNewer) and "newer slotterm" in str(exc)
                else:
                    ok = case == "both bad" and all(name in str(exc) for name in COPY_NAMES)
                after = {p.name: p.read_bytes() for p in where.iterdir()}
                detected += ok and after == before
                continue
            except Exception:
                crashes += 1
                continue
            session = opened.session
            notice = session.load_notice or ""
            recovered = digest(session) == expected and bad_name in notice
            detected += not newer and recovered and "damaged" in notice
            opened.close()
    line = campaign_report(
        "corruption campaign (disk level)",
        tried=tried,
        handled=detected,
        lost=tried - detected,
        crashes=crashes,
    )
    assert detected == tried, line
    assert crashes == 0


def _log_mutations(data: bytes) -> Iterator[bytes]:
    for k in range(len(data)):
        yield data[:k]
    for i in range(len(data)):
        yield data[:i] + bytes([data[i] ^ (1 << (i % 8))]) + data[i + 1 :]
        yield data[:i] + b"\x00" * 8 + data[i + 8 :]
    rng = random.Random(7)
    for _ in range(500):
        i = rng.randrange(len(data))
        junk = rng.randbytes(rng.randint(1, 64))
        yield data[:i] + junk + data[i + len(junk) :]


def test_a_damaged_event_log_is_always_read_and_reported(
    tmp_path: Path, campaign_report: CampaignReport
) -> None:
    """Every change to the log is reported (which line), or is one the chain cannot see: a
    cut at a line's end (the lines before it whole) or a change inside the last line that
    leaves it an event.  Reading never fails; the next append never fails either."""
    where = tmp_path / "log"
    where.mkdir()
    log = EventLog(where, Clock())
    for n in range(6):
        log.append("credited", round=n + 1, paid=100 * n)
    original = (where / LOG_NAME).read_bytes()
    entries = read_log(where).entries
    last_start = original.rstrip(b"\n").rfind(b"\n") + 1
    tried = handled = unseen = crashes = 0
    for damaged in _log_mutations(original):
        if damaged == original:
            continue
        tried += 1
        (where / LOG_NAME).write_bytes(damaged)
        try:
            report = read_log(where)
            assert EventLog(where, Clock()).append("credited", round=99, paid=1) in (True, False)
        except Exception:
            crashes += 1
            continue
        first_diff = next(
            (i for i, (a, b) in enumerate(zip(damaged, original, strict=False)) if a != b),
            min(len(damaged), len(original)),
        )
        cut_whole = original.startswith(damaged) and damaged[-1:] in (b"", b"\n")
        if report.problems:
            handled += 1
        elif (cut_whole and report.entries == entries[: len(report.entries)]) or (
            first_diff >= last_start
        ):
            handled += 1
            unseen += 1
    line = campaign_report(
        f"corruption campaign (event log, {len(original)} bytes)",
        tried=tried,
        handled=handled,
        lost=tried - handled,
        crashes=crashes,
        unseen_by_the_chain=unseen,
    )
    assert handled == tried and crashes == 0, line
