"""Kill campaign: a real process killed in every kind of state and inside every save step.

A reference run plays a seeded session by the deterministic policy and records the
fingerprint of every saved state (by save sequence number).  The campaign then plays the
same session in a fresh folder as a chain of processes, each one killed:

* with SIGKILL while it waits after save #s, for every s where the state changes kind
  and every third s between (every kind of state the round machine passes: collect
  offered, Magic Book waiting, free spins under way, each gamble step, autoplay; a state
  inside a feature is told apart by the feature's own phase, ``awarded`` or ``playing``;
  a run of free spins or of pick steps is sampled, each kill being two process starts);
* with ``SLOTTERM_CRASH_POINT`` inside the next save, rotating through every point between
  the write, fsync, replace and folder-fsync steps of *both* copies' writes (the n-th
  arrival at a point: 1 is the first copy, 2 its twin);
* with SIGKILL while it plays flat out, after a random number (0 to 3) of its saves: the
  kill lands while the next one is being written, and every run gets as far as it was
  let, however slow the machine.

Each restart must load exactly the state the reference had at that sequence number (the
one being written if the crash came after the first copy's replace, the previous one
before it), and
the chain must end with the reference's final state and credits: nothing lost, nothing
paid twice.

The second test drives the real game (``python -m slotterm`` in a pseudo-terminal) with
its keys and SIGKILLs it at states of the round — mid-animation right after an outcome
was saved, or settled waiting for a key — then restarts it.  Each run gets one key, sent
once the screen that takes it is drawn (read back through ``pyte``), and the test waits
for the step it saves: no key is sent again on a timer, so a slow machine cannot make
one run play two steps.  The state it resumes from must be the one saved before the kill
(a save that only records what the player saw shown, :mod:`slotterm.session.left_round`,
changes no state), and the next step it writes must be exactly what the engine computes
from that save (read before the key was pressed) with the recorded action (same outcome,
money conserved).  Run with ``-s`` to see the figures.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pyte
import pytest

from slotterm.engine.actions import Action, Collect
from slotterm.engine.records import Phase, gamble_allowed
from slotterm.games import get_game
from slotterm.session.crashpoints import CRASH_EXIT_STATUS, ENV_VAR, POINTS
from slotterm.session.game_session import HISTORY_LENGTH, GameSession
from slotterm.session.left_round import seen_mark
from slotterm.session.log_check import read_log
from slotterm.session.opening import session_folder
from slotterm.session.session_record import SessionRecord
from slotterm.session.store import SaveStore
from tests.kill_support import (
    BOOK,
    REPO,
    SEED,
    WITCH,
    Spec,
    output_lines,
    reference_run,
    run_driver,
)
from tests.session.kill_driver import digest, phase_label

GAME = get_game("book-of-spells")
AFTER_REPLACE = ("after-replace", "after-dir-fsync")
CUTS = tuple((point, copy) for copy in (1, 2) for point in POINTS)
"""Every crash point of both copies' writes: (point, 1) in the first copy, (point, 2) its twin."""
KILL_STRIDE = 3
"""Between two changes of state, the chain is killed after every third save."""


def new_state_recorded(point: str, copy: int) -> bool:
    """True when the crash came after the first copy's replace: the new state is on disk."""
    return copy == 2 or point in AFTER_REPLACE


@dataclass
class Campaign:
    """Tallies of the campaign."""

    reference: dict[int, str]
    tried: int = 0
    exact: int = 0
    phases_killed: set[str] = field(default_factory=set)
    points_hit: dict[str, int] = field(default_factory=dict)
    racing_loads: list[int] = field(default_factory=list)
    credits_lost: int = 0
    last: int = 0

    def check_load(self, line: str, allowed: tuple[int, ...]) -> int:
        """The restart loaded the reference state of one of the ``allowed`` sequences."""
        word, seq_text, fingerprint = line.split()
        assert word == "LOADED", line
        seq = int(seq_text)
        self.tried += 1
        if seq in allowed and self.reference[seq] == fingerprint:
            self.exact += 1
        return seq


def kill_targets(phases: dict[int, str], last: int) -> list[int]:
    """The saves the chain is killed after (then crashed inside the next): every save
    where the state changes kind (a new phase, a feature's own phase), and every
    :data:`KILL_STRIDE`-th save between them (a run of free spins or pick steps is
    sampled, not killed at each of its steps: each kill is two process starts)."""
    return [
        target
        for target in range(1, last)
        if target % KILL_STRIDE == 1 or phases[target] != phases.get(target - 1)
    ]


def _run_campaign(spec: Spec, tmp_path: Path) -> Campaign:
    """Kill the chain after each save :func:`kill_targets` picks and inside the save that
    follows it (the crash points in turn), then race it; the tallies."""
    reference, phases, final_digest, final_credits = reference_run(spec, tmp_path)
    last = max(reference)
    campaign = Campaign(reference, last=last)
    save_dir = tmp_path / "campaign"
    first = run_driver(spec, save_dir, "--pause-at-seq", "1")
    assert first.stdout is not None
    assert first.stdout.readline().startswith("LOADED 1 ")
    first.kill()
    first.wait()
    seq = 1
    for turn, target in enumerate(kill_targets(phases, last)):
        # 1. SIGKILL while waiting after save #target.
        proc = run_driver(spec, save_dir, "--pause-at-seq", str(target))
        assert proc.stdout is not None
        campaign.check_load(proc.stdout.readline(), (seq,))
        while (line := proc.stdout.readline()) and line.strip() != "PAUSED":
            pass
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        campaign.phases_killed.add(phases[target])
        seq = target
        # 2. Crash inside the next save, at one of the points between its steps.
        point, copy = CUTS[turn % len(CUTS)]
        proc = run_driver(spec, save_dir, env={ENV_VAR: f"{point}:{copy}"})
        lines = output_lines(proc)
        assert proc.returncode == CRASH_EXIT_STATUS, (point, copy, lines)
        campaign.check_load(lines[0], (seq,))
        cut = f"{point}:{copy}"
        campaign.points_hit[cut] = campaign.points_hit.get(cut, 0) + 1
        seq = target + 1 if new_state_recorded(point, copy) else target
    final = output_lines(run_driver(spec, save_dir))
    campaign.check_load(final[0], (seq,))
    assert final[-1].split()[2] == final_digest
    # 3. Kills while playing flat out (racing the writes), new folder: each run is killed
    # once it reported a random number of saves, so it lands in the middle of the next one
    # (a count of saves, not a delay: a loaded machine still moves the chain on).
    rng = random.Random(spec.seed)
    racing = tmp_path / "racing"
    for _ in range(spec.racing):
        proc = run_driver(spec, racing)
        assert proc.stdout is not None
        campaign.racing_loads.append(campaign.check_load(proc.stdout.readline(), tuple(reference)))
        for _save in range(rng.randint(0, 3)):
            if not proc.stdout.readline().startswith("STEP "):
                break  # the run reached its end
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    final = output_lines(run_driver(spec, racing))
    campaign.check_load(final[0], tuple(reference))
    done = final[-1].split()
    campaign.credits_lost = final_credits - int(done[3])
    for root in (save_dir, racing):  # forced spins were logged as the kills landed
        report = read_log(session_folder(root, spec.game, spec.seed))
        assert report.entries and not report.broken, report.problems
    print(
        f"\nkill campaign ({spec.game}): {campaign.tried} kill points tried, "
        f"{campaign.exact} recovered exactly, credits lost {campaign.credits_lost}, "
        f"phases killed in {sorted(campaign.phases_killed)}, crash points "
        f"{campaign.points_hit}, racing kills resumed at saves {campaign.racing_loads}"
    )
    assert done[2] == final_digest
    return campaign


def _report(campaign: Campaign, spec: Spec, campaign_report: Callable[..., str]) -> None:
    campaign_report(
        f"kill campaign ({spec.game})",
        tried=campaign.tried,
        handled=campaign.exact,
        lost=campaign.tried - campaign.exact,
        credits_lost=campaign.credits_lost,
    )


def _assert_the_bar(campaign: Campaign) -> None:
    """Every restart exact, no credit lost or paid twice, every crash point, racing moved on."""
    assert campaign.exact == campaign.tried
    assert campaign.credits_lost == 0
    assert set(campaign.points_hit) == {f"{point}:{copy}" for point, copy in CUTS}
    racing = campaign.racing_loads
    assert any(1 < n < campaign.last for n in racing), "no racing kill landed mid-play"
    assert racing == sorted(racing), "a restart went back in time"


@pytest.mark.slow
@pytest.mark.usefixtures("user_dirs")  # the drivers read no real operator config
def test_kill_campaign(tmp_path: Path, campaign_report: Callable[..., str]) -> None:
    campaign = _run_campaign(BOOK, tmp_path)
    _report(campaign, BOOK, campaign_report)
    _assert_the_bar(campaign)
    assert set(campaign.phases_killed) == {
        "idle",
        "win_offered",
        "gamble",
        "feature:free_spins:awarded",  # free spins awarded, the Magic Book not drawn yet
        "feature:free_spins:playing",  # the free spins under way
    }


@pytest.mark.slow
@pytest.mark.usefixtures("user_dirs")
def test_kill_campaign_lucky_witch(tmp_path: Path, campaign_report: Callable[..., str]) -> None:
    """Lucky Witch: killed at every pick step of each pick game (and inside each save)."""
    campaign = _run_campaign(WITCH, tmp_path)
    _report(campaign, WITCH, campaign_report)
    _assert_the_bar(campaign)
    assert set(campaign.phases_killed) == {
        "idle",  # no gamble: a round's win is paid as it ends, nothing waits for collect
        "feature:mystery_bonus:awarded",  # the bonus awarded, its game not drawn yet
        "feature:magic_potion:picking",  # at its start and after each bottle
        "feature:pumpkin:picking",  # at its start and after each give-up
        "feature:pumpkin:deciding",  # a pumpkin open: keep it or give it up
        "feature:spell_book:picking",  # books and imp drawn, no book opened
        "feature:secret_vault:choosing",  # at its start and after each vault chosen
        "feature:secret_vault:opening",  # three chosen, one to open
    }


# --- the real game in a pseudo-terminal ------------------------------------------------------

TUI_KILLS = 8
TUI_FORCE_AT = 4
WAIT = 30.0
"""Seconds the game may take for a step before the test gives up (a deadline, never a wait)."""


class Terminal:
    """``python -m slotterm`` running in a pseudo-terminal (120x40), keys in, output read
    into a ``pyte`` screen."""

    def __init__(self, save_dir: Path, *extra: str) -> None:
        import fcntl
        import pty
        import struct
        import termios

        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "120", "LINES": "40"}
        env.pop(ENV_VAR, None)
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "slotterm",
                GAME.id,  # the game itself, not the lobby
                "--seed",
                str(SEED),
                "--save-dir",
                str(save_dir),
                *extra,
            ],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=REPO,
            env=env,
            start_new_session=True,
        )
        os.close(slave)
        self.master = master
        self.output = b""
        self.screen = pyte.Screen(120, 40)
        self.stream = pyte.ByteStream(self.screen)

    def pump(self, seconds: float) -> None:
        """Read output for ``seconds``."""
        import select

        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            ready, _, _ = select.select([self.master], [], [], min(left, 0.05))
            if ready:
                try:
                    data = os.read(self.master, 65536)
                except OSError:
                    return
                self.output += data
                self.stream.feed(data)

    def text(self) -> str:
        """The screen as the player sees it."""
        return "\n".join(self.screen.display)

    def wait_ready(self, phase: Phase, *, credited: bool = False) -> None:
        """Until the screen that takes the next key in ``phase`` is drawn: the card table
        in a gamble (it opens over the machine), else the machine with its footer
        (``credited``: with the note that a waiting win was credited, over the boxes)."""
        if phase is Phase.GAMBLE:
            marks = ["Gamble: double or nothing"]
        elif credited:
            marks = ["credited", "Q Quit"]
        else:
            marks = ["─ Credits ─", "Q Quit"]
        deadline = time.monotonic() + WAIT
        while not all(mark in self.text() for mark in marks):
            if time.monotonic() > deadline:
                raise AssertionError(f"the game did not start; screen:\n{self.text()}")
            self.pump(0.05)

    def wait_quiet(self, quiet: float = 0.5) -> None:
        """Until the screen stops changing (no frame drawn for ``quiet`` seconds): the
        scenes are over and the game waits for a key."""
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            before = len(self.output)
            self.pump(quiet)
            if len(self.output) == before:
                return
        raise AssertionError(f"the screen never came to rest:\n{self.text()}")

    def press(self, key: bytes) -> None:
        """Type a key."""
        os.write(self.master, key)

    def kill(self) -> None:
        """SIGKILL, as a power cut would."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()
        os.close(self.master)


def _copies(folder: Path) -> list[tuple[int, SessionRecord]]:
    store = SaveStore(folder, GAME, seed=SEED)
    found = [store.verify(p.read_bytes()) for p in store.copies if p.exists()]
    return sorted(found, key=lambda f: f[0])


def _session_from(record: SessionRecord) -> GameSession:
    return GameSession(
        game=GAME,
        state=record.state,
        rng=record.rng,
        bet=record.bet,
        limits=record.limits,
        history=deque(record.history, maxlen=HISTORY_LENGTH),
        stats=record.stats,
        start_credits=record.start_credits,
    )


def _one_step_on(new: SessionRecord, old: SessionRecord) -> bool:
    """True when ``new`` holds exactly one step more than ``old``: the next step of the
    same round, or the spin of the next one (by the latest round and its steps)."""
    number, steps = seen_mark(old.state, old.history)
    return seen_mark(new.state, new.history) in ((number, steps + 1), (number + 1, 1))


def _last_action(record: SessionRecord) -> Action:
    round_ = record.state.round or record.history[-1]
    return round_.steps[-1].action


def _key_for(record: SessionRecord) -> bytes:
    """Space plays on; a win that may be gambled is gambled ("5"), guessing red ("5")."""
    state = record.state
    if state.phase is Phase.GAMBLE:
        return b"5"
    if state.phase is Phase.WIN_OFFERED and state.round and gamble_allowed(state.round):
        return b"5"
    return b" "


@pytest.mark.slow
@pytest.mark.usefixtures("user_dirs")  # the game reads no real operator config
def test_kill_campaign_in_the_real_game(
    tmp_path: Path, campaign_report: Callable[..., str]
) -> None:
    folder = tmp_path / "seeded" / "book-of-spells" / f"seed-{SEED}"
    tried = exact = 0
    phases: list[str] = []
    left: GameSession | None = None  # the state saved when the last run was killed
    for kill in range(TUI_KILLS):
        saved = _copies(folder) if folder.exists() else []
        term = Terminal(tmp_path, *(("--force", "free-spins") if kill >= TUI_FORCE_AT else ()))
        # A win left waiting for Collect is credited as the game starts (DESIGN.md §5):
        # the start itself writes that one step, and the machine is back between rounds.
        waiting = bool(saved) and saved[-1][1].state.phase is Phase.WIN_OFFERED
        phase = Phase.IDLE if waiting or not saved else saved[-1][1].state.phase
        term.wait_ready(phase, credited=waiting)
        _, record = _copies(folder)[-1]
        credited = waiting and record.state.phase is Phase.IDLE
        if left is not None and credited:
            left.act(Collect())
        resumed_where_killed = left is None or digest(left) == digest(_session_from(record))
        key = _key_for(record)
        before = digest(_session_from(record))
        term.press(key)  # once: the screen that takes it is up
        deadline = time.monotonic() + WAIT
        # A save that only records what the player saw (slotterm.session.left_round: the
        # start's note told, a show come to rest) changes no state: wait for the key's step.
        while digest(_session_from(_copies(folder)[-1][1])) == before:
            assert time.monotonic() < deadline, f"{key!r} saved nothing; screen:\n{term.text()}"
            term.pump(0.05)
        if kill % 2 == 0:
            term.wait_quiet()  # let the scenes settle: killed while waiting for a key
        term.kill()  # otherwise killed mid-animation, right after the outcome was saved
        _, new_record = _copies(folder)[-1]
        tried += 1
        replay = _session_from(record)
        replay.act(_last_action(new_record))
        after = _session_from(new_record)
        money = after.money_in_play() == (
            after.start_credits
            + after.ledger.topped_up
            + after.ledger.total_won
            - after.ledger.total_bet
        )
        one_step = _one_step_on(new_record, record)
        if resumed_where_killed and one_step and digest(replay) == digest(after):
            exact += money
        phases.append(phase_label(GAME, after.state))
        left = after
    campaign_report(
        "kill campaign (real game in a pty)",
        tried=tried,
        handled=exact,
        lost=tried - exact,
        phases_at_the_kills=phases,
    )
    assert exact == tried
    assert {"feature:free_spins:awarded", "feature:free_spins:playing"} <= set(phases)
    assert len(set(phases)) >= 3
