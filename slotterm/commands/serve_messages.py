"""What a page may say on its websocket to ``slotterm serve``, checked before any of it
reaches the game.

textual-serve's page sends JSON text messages: ``["stdin", TEXT]`` (keys typed),
``["resize", {"width": W, "height": H}]``, ``["ping", TEXT]`` (answered ``["pong",
TEXT]``), ``["focus"]`` and ``["blur"]``.  :func:`parse_message` accepts exactly those,
with values of the right kind (whole numbers for a size, text that can be sent on as
UTF-8); anything else (not JSON, not such a list, an unknown type, a number of thousands
of digits, a lone surrogate) raises :class:`Refused`, and :func:`relay` logs one line
for it and goes on reading.  A binary message is refused the same way.  A message over
:data:`MAX_MESSAGE` bytes, or text that is not UTF-8, is refused by aiohttp itself,
which closes the connection (codes 1009 and 1007); :func:`relay` logs that in one line
too and ends, and the page's game ends with its page.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NoReturn

from aiohttp import WSMsgType, web

from slotterm.commands.serve_session import GameService

MAX_MESSAGE = 64 * 1024
"""The largest websocket message taken, in bytes (keys pasted at once fit easily)."""
MAX_PING = 64
"""The longest ping text answered (the page sends a time in milliseconds)."""


class Refused(ValueError):
    """A message from the page that is not one of those the game takes; the message
    says why in a few words."""


@dataclass(frozen=True)
class Keys:
    """Keys typed in the page, as the terminal's bytes."""

    data: bytes


@dataclass(frozen=True)
class Resize:
    """The page's terminal has a new size (clamped later, by the game's service)."""

    width: int
    height: int


@dataclass(frozen=True)
class Ping:
    """The page asks for a pong carrying ``text``."""

    text: str


@dataclass(frozen=True)
class Focus:
    """The page gained (``True``) or lost (``False``) the keyboard focus."""

    gained: bool


PageMessage = Keys | Resize | Ping | Focus
"""A message the page may send."""


def _refuse(reason: str) -> NoReturn:
    raise Refused(reason)


def _no_constant(name: str) -> NoReturn:
    _refuse(f"not plain JSON ({name})")


def parse_message(text: str) -> PageMessage:
    """The page's message ``text``, checked; :class:`Refused` if it is not one."""
    try:
        envelope: Any = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:  # JSONDecodeError, 5,000-digit integers
        if isinstance(exc, Refused):
            raise
        _refuse("not JSON")
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        _refuse("not a list beginning with the message's type")
    kind, args = envelope[0], envelope[1:]
    if kind in ("focus", "blur"):
        if args:
            _refuse(f"{kind} takes nothing more")
        return Focus(gained=kind == "focus")
    if kind not in ("stdin", "resize", "ping"):
        _refuse(f"unknown message type {_shown(kind)}")
    if len(args) != 1:
        _refuse(f"{kind} takes one value")
    (value,) = args
    if kind == "resize":
        return _resize(value)
    if not isinstance(value, str):
        _refuse(f"{kind} takes text")
    if kind == "ping":
        if len(value) > MAX_PING:
            _refuse(f"a ping of {len(value)} characters (at most {MAX_PING})")
        return Ping(value)
    try:
        return Keys(value.encode("utf-8"))
    except UnicodeEncodeError:  # a lone surrogate ("\\ud800"): no terminal sends one
        _refuse("keys that are not text (a lone surrogate)")


def _resize(value: Any) -> Resize:
    if not isinstance(value, dict) or set(value) != {"width", "height"}:
        _refuse("resize takes {width, height}")
    width, height = value["width"], value["height"]
    if type(width) is not int or type(height) is not int:  # not True, not 1.5, not "80"
        _refuse("resize takes whole numbers")
    return Resize(width, height)


def _shown(value: str) -> str:
    return ascii(value[:24]) + ("…" if len(value) > 24 else "")


async def deliver(
    message: PageMessage, service: GameService, websocket: web.WebSocketResponse
) -> None:
    """Hand ``message`` to the game (or answer a ping on ``websocket``)."""
    if isinstance(message, Keys):
        await service.send_bytes(message.data)
    elif isinstance(message, Resize):
        await service.set_terminal_size(message.width, message.height)
    elif isinstance(message, Ping):
        await websocket.send_json(["pong", message.text])
    elif message.gained:
        await service.focus()
    else:
        await service.blur()


async def relay(
    websocket: web.WebSocketResponse, service: GameService, refuse: Callable[[str, str], None]
) -> None:
    """Pass the page's messages to the game until the page goes; each message refused
    (see the module's docstring) is told to ``refuse(what, why)`` in a few words."""
    async for message in websocket:
        if message.type is WSMsgType.TEXT:
            try:
                parsed = parse_message(message.data)
            except Refused as why:
                refuse("a message", str(why))
                continue
            await deliver(parsed, service, websocket)
        elif message.type is WSMsgType.BINARY:
            refuse("a message", f"binary ({len(message.data)} bytes), not text")
        elif message.type is WSMsgType.ERROR:  # aiohttp has closed the connection
            refuse("a message", f"{_error(message.data)}; the connection is closed")
            return


def _error(error: object) -> str:
    """What aiohttp says about a broken message, in one short line."""
    words = " ".join(str(error).split())
    return words[:120] if words else type(error).__name__
