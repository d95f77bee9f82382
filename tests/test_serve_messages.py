"""What a page sends on its websocket is checked before it reaches the game: malformed,
binary or huge messages are refused with one log line each, the connection goes on (or,
for a message aiohttp itself refuses, is closed cleanly), and no traceback is logged.

The rules are checked on :func:`~slotterm.commands.serve_messages.parse_message` and on
:func:`~slotterm.commands.serve_messages.relay` with a stand-in game; then a real server
is sent every kind of bad message by a real websocket client.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Iterator
from typing import Any

import aiohttp
import pytest
from aiohttp import WSMsgType

from slotterm.commands.serve_messages import (
    MAX_MESSAGE,
    Focus,
    Keys,
    Ping,
    Refused,
    Resize,
    parse_message,
    relay,
)
from tests.serve_support import WAIT, ServeProcess, start_serve, wait_until

GOOD = {
    '["stdin", "a"]': Keys(b"a"),
    '["stdin", "\\u00e9\\u001b[A"]': Keys("é\x1b[A".encode()),
    '["resize", {"width": 120, "height": 40}]': Resize(120, 40),
    '["resize", {"width": 99999, "height": -3}]': Resize(99999, -3),  # clamped by the service
    '["ping", "1733000000000"]': Ping("1733000000000"),
    '["focus"]': Focus(gained=True),
    '["blur"]': Focus(gained=False),
}
"""What the page sends, and what it is taken as."""

BAD = {
    "not json{": "not JSON",
    "": "not JSON",
    '{"type": "stdin"}': "not a list",
    "[]": "not a list",
    "[5]": "not a list",
    '["launch"]': "unknown message type 'launch'",
    '["stdin"]': "stdin takes one value",
    '["stdin", "a", "b"]': "stdin takes one value",
    '["stdin", 5]': "stdin takes text",
    '["stdin", "\\ud800"]': "a lone surrogate",  # JSON can say it; UTF-8 cannot
    '["resize", 5]': "resize takes {width, height}",
    '["resize", {"width": 80}]': "resize takes {width, height}",
    '["resize", {"width": "80", "height": 24}]': "whole numbers",  # a TypeError in clamp_size
    '["resize", {"width": 80.5, "height": 24}]': "whole numbers",
    '["resize", {"width": true, "height": 24}]': "whole numbers",
    '["resize", {"width": null, "height": 24}]': "whole numbers",
    '["resize", {"width": NaN, "height": 24}]': "not plain JSON (NaN)",
    '["resize", {"width": Infinity, "height": 24}]': "not plain JSON (Infinity)",
    '["resize", {"width": 1' + "0" * 5000 + ', "height": 24}]': "not JSON",  # 5,000 digits
    '["ping", 5]': "ping takes text",
    '["ping", "' + "9" * 65 + '"]': "a ping of 65 characters",
    '["focus", 1]': "focus takes nothing more",
    "[" * 60000: "not JSON",  # nested deeper than Python's recursion limit
}
"""Malformed messages, and a few words of why each is refused."""


@pytest.mark.parametrize(("text", "taken"), list(GOOD.items()))
def test_the_pages_own_messages_are_taken(text: str, taken: object) -> None:
    assert parse_message(text) == taken


@pytest.mark.parametrize(("text", "says"), list(BAD.items()), ids=lambda v: str(v)[:30])
def test_a_malformed_message_is_refused_with_a_reason(text: str, says: str) -> None:
    with pytest.raises(Refused) as refused:
        parse_message(text)
    reason = str(refused.value)
    assert says in reason
    assert reason.isprintable() and len(reason) < 80


class _Message:
    def __init__(self, kind: WSMsgType, data: Any) -> None:
        self.type, self.data = kind, data


class _Page:
    """A stand-in for the page's websocket: its messages, then its end."""

    def __init__(self, messages: list[_Message]) -> None:
        self.messages = messages
        self.sent: list[object] = []

    def __aiter__(self) -> _Page:
        return self

    async def __anext__(self) -> _Message:
        if not self.messages:
            raise StopAsyncIteration
        return self.messages.pop(0)

    async def send_json(self, data: object) -> None:
        self.sent.append(data)


class _Game:
    """A stand-in for the game's service, noting what reaches it."""

    def __init__(self) -> None:
        self.got: list[object] = []

    async def send_bytes(self, data: bytes) -> bool:
        self.got.append(data)
        return True

    async def set_terminal_size(self, width: int, height: int) -> None:
        self.got.append((width, height))

    async def focus(self) -> None:
        self.got.append("focus")

    async def blur(self) -> None:
        self.got.append("blur")


def test_nothing_refused_reaches_the_game() -> None:
    text = WSMsgType.TEXT
    page = _Page(
        [_Message(text, bad) for bad in BAD]
        + [_Message(WSMsgType.BINARY, b"\x00\x01")]
        + [_Message(text, good) for good in GOOD]
        + [_Message(WSMsgType.ERROR, ValueError("Message size 70000 exceeds limit 65536"))]
        + [_Message(text, '["stdin", "after the end"]')]
    )
    game = _Game()
    refused: list[tuple[str, str]] = []
    asyncio.run(relay(page, game, lambda what, why: refused.append((what, why))))  # type: ignore[arg-type]
    assert game.got == [b"a", "é\x1b[A".encode(), (120, 40), (99999, -3), "focus", "blur"]
    assert page.sent == [["pong", "1733000000000"]]
    assert len(refused) == len(BAD) + 2  # each bad one, the binary one, the broken one
    assert refused[len(BAD)] == ("a message", "binary (2 bytes), not text")
    assert refused[-1][1].endswith("; the connection is closed")
    assert len(page.messages) == 1  # nothing is read after the connection broke


# --- a real server -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServeProcess]:
    """One ``slotterm serve book-of-spells`` (demos) for the module's tests."""
    folder = tmp_path_factory.mktemp("serve-messages")
    env = dict(os.environ)
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        env[name] = str(folder / name.lower())
    env["HOME"] = str(folder)
    started = start_serve(["book-of-spells"], env, folder)
    yield started
    started.stop()


def _ws_url(server: ServeProcess) -> str:
    return f"ws://127.0.0.1:{server.port}/ws?width=100&height=32&token={server.token}"


async def _pong(ws: aiohttp.ClientWebSocketResponse, text: str) -> None:
    """Send a ping and read until its pong (the game's screen meanwhile is skipped)."""
    await ws.send_str(json.dumps(["ping", text]))
    async with asyncio.timeout(WAIT):
        async for message in ws:
            if message.type is WSMsgType.TEXT and json.loads(message.data) == ["pong", text]:
                return
    raise AssertionError("the connection ended before the pong")


def _refusals(server: ServeProcess) -> list[str]:
    return [line for line in server.stderr.splitlines() if " refused " in line]


def test_bad_messages_are_refused_one_line_each_and_the_game_plays_on(
    server: ServeProcess,
) -> None:
    before = _refusals(server)

    async def talk() -> None:
        async with aiohttp.ClientSession() as client, client.ws_connect(_ws_url(server)) as ws:
            await _pong(ws, "1")  # the game's service is there
            for text in BAD:
                await ws.send_str(text)
            await ws.send_bytes(b"\x00\xffbinary")
            await _pong(ws, "2")  # every message before it has been dealt with
            assert not ws.closed
            await ws.send_str('["stdin", "q"]')  # and the game still takes its keys

    asyncio.run(talk())
    new = _refusals(server)[len(before) :]
    assert len(new) == len(BAD) + 1, new
    for line, says in zip(new, [*BAD.values(), "binary (8 bytes), not text"], strict=True):
        assert line.startswith("slotterm: warning: refused a message from 127.0.0.1: "), line
        assert says in line, line
    assert "Traceback" not in server.stdout + server.stderr


@pytest.mark.parametrize(
    ("frame", "code", "says"),
    [
        (b"[" + b" " * MAX_MESSAGE + b"]", 1009, "exceeds limit"),  # too big
        (b'["stdin", "\xff\xfe"]', 1007, "the connection is closed"),  # not UTF-8
    ],
    ids=["huge", "not-utf-8"],
)
def test_a_message_aiohttp_refuses_closes_the_connection_cleanly(
    server: ServeProcess, frame: bytes, code: int, says: str
) -> None:
    before = _refusals(server)

    async def talk() -> int | None:
        async with aiohttp.ClientSession() as client, client.ws_connect(_ws_url(server)) as ws:
            await _pong(ws, "1")
            await ws.send_frame(frame, WSMsgType.TEXT)
            async with asyncio.timeout(WAIT):
                async for _message in ws:  # the game's screen, until the server closes
                    pass
            return ws.close_code

    assert asyncio.run(talk()) == code
    # the server logs the refusal as it closes: wait for the line, not a fixed time
    wait_until(lambda: len(_refusals(server)) > len(before), "the refusal's log line")
    (line,) = _refusals(server)[len(before) :]
    assert line.startswith("slotterm: warning: refused a message from 127.0.0.1: ")
    assert says in line
    wait_until(lambda: not server.games(), "the page's game to end with its connection")
    assert server.process.poll() is None  # the server goes on
    assert "Traceback" not in server.stdout + server.stderr
