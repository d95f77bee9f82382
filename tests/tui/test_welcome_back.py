"""The welcome back to a resumed round (qa2 findings 20 and the message line's overflow).

* "Welcome back: your round goes on." is said only while the round it speaks of is open:
  once a resumed pick game, or a resumed gamble, closes the round, the machine never says
  it again (it used to, until the closing note came a moment later, and for good when
  none came).
* Beside a long prompt (a waiting win whose gamble is not offered, with the reason) the
  welcome shortens to "Welcome back." or goes, so the line fits 80 columns and the prompt
  is whole.
"""

from __future__ import annotations

import pytest

from slotterm.engine.actions import Limits, Spin, StartGamble
from slotterm.engine.records import Phase
from slotterm.money import format_cents
from slotterm.session.game_session import GameSession
from slotterm.tui.features.pick_cell import ITEM_KEYS
from slotterm.tui.narration import (
    LINE_ROOM,
    SHORT_WELCOME,
    WELCOME_BACK,
    line_room,
    opening_note,
    rest_line,
)
from slotterm.tui.screens.gamble_screen import GambleScreen
from slotterm.tui.widgets.message_line import MessageLine
from tests.tui.main_support import find_seed, main, make_app, message, session_for, settle
from tests.tui.main_support import winning_seed as bos_winning_seed
from tests.tui.modal_support import wait_for
from tests.tui.pick_support import (
    SIZE,
    at_rest,
    bonus_session,
    machine_at_rest,
    make_witch_app,
    pick_screen,
    press_all,
)

NARROW = (80, 24)
LONG_PROMPTS = (
    "Press Space to spin.",
    "Win 4.00! Space collects (over the gamble limit)",
    "Win 12,345.67! Space collects (no gamble after the free-spin limit)",
    "Win 250,000.00! Space collects (no gamble after the free-spin limit)",
)


def test_the_welcome_goes_once_its_round_has_closed() -> None:
    prompt = "Press Space to spin."
    assert rest_line(WELCOME_BACK, prompt, welcomed=True) == f"{WELCOME_BACK}  {prompt}"
    assert rest_line(WELCOME_BACK, prompt, welcomed=False) == prompt


def test_other_notes_are_said_as_before() -> None:
    note = "Autoplay stopped."
    assert rest_line(note, "Press Space to spin.", welcomed=False) == (
        "Autoplay stopped.  Press Space to spin."
    )


@pytest.mark.parametrize("prompt", LONG_PROMPTS)
def test_the_welcome_never_pushes_the_prompt_off_the_line(prompt: str) -> None:
    line = rest_line(WELCOME_BACK, prompt, welcomed=True)
    assert len(line) <= LINE_ROOM, line
    assert line.endswith(prompt), line  # the prompt and its reason, whole
    whole, short = f"{WELCOME_BACK}  {prompt}", f"{SHORT_WELCOME}  {prompt}"
    if len(whole) <= LINE_ROOM:
        assert line == whole
    elif len(short) <= LINE_ROOM:
        assert line == short
    else:
        assert line == prompt


def test_the_badges_take_their_room() -> None:
    # each badge is drawn " NAME " and a space: the QUICK badge takes 8 columns
    assert line_room(("QUICK",)) == LINE_ROOM - 8
    prompt = LONG_PROMPTS[1]
    line = rest_line(WELCOME_BACK, prompt, welcomed=True, room=line_room(("QUICK",)))
    assert len(line) <= LINE_ROOM - 8 and line.endswith(prompt)


def _said_while_closed(monkeypatch: pytest.MonkeyPatch, session: GameSession) -> list[str]:
    """Every text the message line is given from now on while no round is open."""
    said: list[str] = []
    original = MessageLine.say

    def say(self: MessageLine, text: str) -> None:
        if session.state.round is None:
            said.append(text)
        original(self, text)

    monkeypatch.setattr(MessageLine, "say", say)
    return said


async def test_a_resumed_pick_game_closing_its_round_ends_the_welcome(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session = bonus_session("pumpkin")  # as after a restart: the round is in its pick game
    assert opening_note(session) == WELCOME_BACK
    said = _said_while_closed(monkeypatch, session)
    app = make_witch_app(session)
    async with app.run_test(size=SIZE) as pilot:
        await at_rest(pilot, app)
        for _ in range(30):
            screen = pick_screen(app)
            if screen.finished:
                break
            choices = screen.selectable(screen.record)
            await press_all(pilot, app, ITEM_KEYS[choices[0]] if choices else "y")
        assert pick_screen(app).finished
        await pilot.press("enter")
        machine = await machine_at_rest(pilot, app)
        assert session.state.round is None
        assert "Pumpkin paid" in machine.message.text
    assert said, "the machine spoke after the round closed"
    assert not [text for text in said if "Welcome back" in text], said


async def test_a_resumed_gamble_closing_its_round_ends_the_welcome(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session = session_for(bos_winning_seed(gamble=True))
    session.act(Spin(session.bet, limits=session.limits))
    session.act(StartGamble())  # as after a restart: the round is in its gamble
    said = _said_while_closed(monkeypatch, session)
    app = make_app(session=session)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GambleScreen))
        await pilot.press("7")  # collect
        await wait_for(pilot, lambda: session.phase is Phase.IDLE and app.screen is main(app))
        await settle(pilot, app)
        assert "Collected" in message(app)
    assert said and not [text for text in said if "Welcome back" in text], said


async def test_a_waiting_win_without_gamble_fits_80_columns_after_a_restart() -> None:
    limits = Limits(gamble_limit=1)  # 0.01: every win is over it
    session = session_for(find_seed(lambda s, t: s.phase is Phase.WIN_OFFERED), limits=limits)
    session.act(Spin(session.bet, limits=limits))
    assert session.phase is Phase.WIN_OFFERED
    win = session.state.round.win  # type: ignore[union-attr]
    app = make_app(session=session)  # a new program on the open round: a restart
    async with app.run_test(size=NARROW) as pilot:
        await settle(pilot, app)
        line = main(app).message
        await wait_for(pilot, lambda: "over the gamble limit" in line.text)
        assert line.text.startswith("Welcome back"), line.text
        assert line.text.endswith("Space collects (over the gamble limit)"), line.text
        assert f"Win {format_cents(win)}! " in line.text
        assert len(line.text) <= line.content_size.width == LINE_ROOM, line.text
