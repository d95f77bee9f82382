"""The ``script`` command: play a key script (:mod:`slotterm.commands.key_script`) headless.

The game runs in Textual's headless mode (``App.run_test``), on a tester's session: seeded
(the script's ``@seed``, else 1), saved in a fresh temporary folder (``--save-dir DIR``:
that folder, as ``play --seed`` keeps it) or, with ``@demo``, not saved at all.  The options
and autoplay settings start from their defaults (in the save folder).  Animations are off,
as with ``TEXTUAL_ANIMATIONS=none``: every show jumps to its final picture, so a script
runs as fast as the game can answer, and the same way every time.

Before and after each key the runner waits until the game is settled
(:func:`~slotterm.tui.settled.settled`: no show playing, no autoplay), asking again after
each round of Textual's message handling -- never a fixed delay -- up to ``--deadline``
seconds.  Each key adds a line to ``OUT/transcript.jsonl`` (step 0 is the start): the
step, the script's line, the key, the state (:func:`~slotterm.commands.script_state.state_of`)
and the screen as plain text.

Exit status: 0 the script held; 1 an ``@expect`` failed, the game was not settled by the
deadline, a key came after the game quit, or the game failed (its traceback is in
``OUT/traceback.txt``); 2 bad input (the script, a ``@stops``/``@force`` value, an option),
one line naming the script's line.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import json
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import IO, Any

from slotterm.cli import UsageError
from slotterm.commands.key_script import (
    SIZE_DEFAULT,
    KeyScript,
    ScriptError,
    Step,
    parse_expect,
    parse_script,
)
from slotterm.commands.play import apply_force
from slotterm.commands.script_inputs import StepInputs, step_inputs
from slotterm.commands.script_state import expect_failure, state_of
from slotterm.engine.model import GameDefinition
from slotterm.games import GameFileError, UnknownGame, get_game

EXIT_FAILED = 1
"""The script did not hold, or the game failed."""
TRANSCRIPT = "transcript.jsonl"
"""The transcript's name in the output folder."""


class ScriptFailed(Exception):
    """The script ran but did not hold: one line saying where and why."""


def run_script(args: argparse.Namespace) -> int:
    """Play ``args.keys`` on ``args.game``; the exit status (see the module's docstring)."""
    path = Path(args.keys)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"--keys {path.name}: cannot read it ({exc.__class__.__name__})") from None
    try:
        script = parse_script(text)
    except ScriptError as exc:
        raise UsageError(f"{path.name} {exc}") from None
    game = get_game(args.game)
    if script.game is not None and _game_id(script.game, path.name) != game.id:
        raise UsageError(f"{path.name}: the script is for {script.game}, not {game.id}")
    inputs = step_inputs(game, script, path.name)
    out = Path(args.out)
    try:
        out.mkdir(parents=True, exist_ok=True)
        transcript = (out / TRANSCRIPT).open("w", encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"--out {args.out}: cannot write there ({exc.strerror or exc})") from None
    with transcript, tempfile.TemporaryDirectory(prefix="slotterm-script-") as scratch:
        save_dir = args.save_dir or scratch
        try:
            return _play(args, game, script, inputs, Path(save_dir), out, transcript, path.name)
        except ScriptFailed as exc:
            print(f"slotterm: script failed: {exc}", file=sys.stderr)
            return EXIT_FAILED


def _game_id(name: str, where: str) -> str:
    """The id of the game ``@game name`` names, or a :class:`UsageError`."""
    try:
        return get_game(name).id
    except (UnknownGame, GameFileError) as exc:
        raise UsageError(f"{where} @game: {exc}") from None


def _play(
    args: argparse.Namespace,
    game: GameDefinition,
    script: KeyScript,
    inputs: StepInputs,
    save_dir: Path,
    out: Path,
    transcript: IO[str],
    name: str,
) -> int:
    from slotterm.commands.play import build_app, open_from_args, settings_from_args

    play_args = argparse.Namespace(
        game=args.game,
        seed=script.seed,
        demo=script.demo,
        save_dir=str(save_dir),
        config=args.config,
        games=str(save_dir / "games"),
        reset_save=False,
        stops=None,
        force=None,
    )
    settings = settings_from_args(play_args, game)
    opened = open_from_args(play_args, settings)
    app, shelf = build_app(play_args, opened, None, settings)
    app.animation_level = "none"
    size = args.size or script.size or SIZE_DEFAULT
    driver = _Driver(app, script, inputs, out, transcript, name, args.deadline)
    said = io.StringIO()  # what Textual prints of a failing app goes to traceback.txt
    try:
        with contextlib.redirect_stderr(said):
            asyncio.run(driver.run(size))
    except ScriptFailed:
        raise
    except Exception as exc:  # the game failed: said in one line, the traceback kept
        kept = traceback.format_exc() + "\n" + said.getvalue()
        (out / "traceback.txt").write_text(kept, encoding="utf-8")
        where = f" at line {driver.key_line}" if driver.key_line else " as it started"
        raise ScriptFailed(
            f"{name}: the game failed{where}: {type(exc).__name__}: {exc}"
            f" (traceback in {out / 'traceback.txt'})"
        ) from None
    finally:
        shelf.close()
    return 0


class _Driver:
    """Plays the steps into the running app and writes the transcript."""

    def __init__(
        self,
        app: Any,
        script: KeyScript,
        inputs: StepInputs,
        out: Path,
        transcript: IO[str],
        name: str,
        deadline: float,
    ) -> None:
        self.app = app
        self.script = script
        self.inputs = inputs
        self.out = out
        self.transcript = transcript
        self.name = name
        self.deadline = deadline
        self.line = 0
        self.key_line = 0
        """The line of the last key pressed (where a failing game failed)."""
        self.steps = 0
        self.screen_text = ""
        self.text_fresh = False
        """True while :attr:`screen_text` is the screen now (no key or resize since)."""

    @property
    def quit(self) -> bool:
        """True once the game has been asked to end (a quit key)."""
        return self.app.return_code is not None or not self.app.is_running

    async def run(self, size: tuple[int, int]) -> None:
        """Start the app at ``size``, play every step, end the app."""
        async with self.app.run_test(size=size) as pilot:
            await self.settle(pilot, "the game to start")
            self.write(None)
            for step in self.script.steps:
                self.line = step.line
                await self.do(pilot, step)
            if not self.quit:
                await pilot.pause()

    async def do(self, pilot: Any, step: Step) -> None:
        """One step of the script."""
        where = f"{self.name} line {step.line}"
        if self.quit and step.kind not in ("expect",):
            raise ScriptFailed(f"{where}: the game has quit, nothing more can be done")
        if step.kind == "key":
            from slotterm.tui.settled import settled

            if not settled(self.app):  # settled after the step before, as a rule
                await self.settle(pilot, f"the game to be ready for {step.text!r}")
            self.key_line = step.line
            self.text_fresh = False
            await pilot.press(step.text)
            await self.settle(pilot, f"the game to answer {step.text!r}")
            self.write(step)
        elif step.kind == "size":
            width, _, height = step.text.partition("x")
            self.text_fresh = False
            await pilot.resize_terminal(int(width), int(height))
            await self.settle(pilot, "the game to fit the new size")
        elif step.kind == "stops":
            self.session.forced_stops.append(self.inputs.stops[step.line])
        elif step.kind == "force":
            apply_force(self.session, self.inputs.forces[step.line])
        elif step.kind == "shot":
            self.app.save_screenshot(filename=f"{step.text}.svg", path=str(self.out))
        elif step.kind == "expect":
            name, how, wanted = parse_expect(step.text)
            if name == "screen" and how == "~=" and self.quit:
                text = self.screen_text  # the last screen the game showed
            else:
                text = self.text()
            failure = expect_failure(name, how, wanted, self.state(), text)
            if failure is not None:
                raise ScriptFailed(f"{where}: @expect {step.text}: {failure}")

    @property
    def session(self) -> Any:
        """The session being played (the game on screen)."""
        main = self.app.main_screen
        return main.session if main is not None else self.app.session

    def state(self) -> dict[str, Any]:
        """The state now (the screen's name is the last one seen once the game quit)."""
        screen = "quit" if self.quit else type(self.app.screen).__name__
        return state_of(self.session, screen)

    def text(self) -> str:
        """The screen as plain text now (the last one seen once the game quit)."""
        from slotterm.tui.textual_compat import screen_text

        if not self.quit and not self.text_fresh:
            self.screen_text = screen_text(self.app)
            self.text_fresh = True
        return self.screen_text

    async def settle(self, pilot: Any, what: str) -> None:
        """Wait until the game is settled twice running (or has quit), up to the deadline."""
        from slotterm.tui.settled import busy_screens, settled

        end = time.monotonic() + self.deadline
        calm = 0
        while calm < 2:
            if self.quit:
                return
            await pilot.pause()
            calm = calm + 1 if settled(self.app) else 0
            if time.monotonic() > end:
                busy = ", ".join(busy_screens(self.app)) or "the app"
                raise ScriptFailed(
                    f"{self.name} line {self.line}: timed out after {self.deadline:g} s "
                    f"waiting for {what} ({busy} still busy)"
                )

    def write(self, step: Step | None) -> None:
        """The transcript's line for the step just played (``None``: the start)."""
        record = {
            "step": self.steps,
            "line": None if step is None else step.line,
            "key": None if step is None else step.text,
            "state": self.state(),
            "screen": None if self.quit else self.text(),
        }
        self.transcript.write(json.dumps(record, ensure_ascii=False) + "\n")
        self.transcript.flush()
        self.steps += 1
