"""``slotterm serve`` lets in only its own page: the token, the Host and the Origin.

A real server on a free port (``tests/serve_support.py``) is asked by a real socket
client (aiohttp's, and a raw socket for requests no client library would send) without
the token, with a wrong one, from a foreign Origin and with a foreign Host (DNS
rebinding): each is HTTP 403, exactly one line in the server's log, no traceback, and no
game started.  The rules themselves (:mod:`slotterm.commands.serve_guard`) are checked
one by one as well.
"""

from __future__ import annotations

import asyncio
import os
import socket
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest

from slotterm.commands.serve_guard import Guard, host_name, new_token, refusal, split_host
from tests.serve_support import WAIT, PageConnection, ServeProcess, start_serve

TOKEN = "t0ken-of-the-test_0123456789abcdefghijklmno"


def _guard(host: str = "127.0.0.1", port: int = 8000) -> Guard:
    return Guard.serving(host, port, TOKEN)


# --- the rules ---------------------------------------------------------------------------


def test_a_token_is_new_at_every_start_and_long() -> None:
    tokens = {new_token() for _ in range(50)}
    assert len(tokens) == 50
    assert all(len(token) >= 43 and token.isascii() for token in tokens)


@pytest.mark.parametrize(
    ("header", "split"),
    [
        ("127.0.0.1:8000", ("127.0.0.1", 8000)),
        ("LocalHost:8000", ("localhost", 8000)),
        ("[::1]:8000", ("[::1]", 8000)),
        ("[0:0:0:0:0:0:0:1]:8000", ("[::1]", 8000)),
        ("127.0.0.1", ("127.0.0.1", 80)),
        ("evil.example:8000", ("evil.example", 8000)),
        ("127.0.0.1:", None),
        ("127.0.0.1:80a", None),
        ("127.0.0.1:١٢٣", None),  # digits, but not ASCII ones
        ("[::1:8000", None),
        ("", None),
        ("a b:8000", None),
        ("ex\u00e4mple:8000", None),
    ],
)
def test_a_host_header_is_split(header: str, split: tuple[str, int] | None) -> None:
    assert split_host(header) == split


def test_ipv6_and_names_are_spelled_one_way() -> None:
    assert host_name("[0::1]") == "[::1]"
    assert host_name("::1") == "::1"  # no brackets: not an address as a Host names one
    assert host_name("EXAMPLE.org") == "example.org"


def _refusal(
    guard: Guard, host: str, origin: str | None = None, token: str | None = TOKEN
) -> str | None:
    return refusal(guard, [host], [] if origin is None else [origin], token, None)


@pytest.mark.parametrize(
    "host", ["127.0.0.1:8000", "localhost:8000", "[::1]:8000", "LOCALHOST:8000"]
)
def test_this_computer_is_let_in_with_the_token(host: str) -> None:
    guard = _guard()
    assert _refusal(guard, host) is None
    assert _refusal(guard, host, origin=f"http://{host.lower()}") is None


@pytest.mark.parametrize(
    ("host", "origin", "token", "says"),
    [
        ("127.0.0.1:8000", None, None, "no token"),
        ("127.0.0.1:8000", None, "wrong", "wrong token"),
        ("127.0.0.1:8000", None, TOKEN[:-1], "wrong token"),
        ("127.0.0.1:8000", None, "tökén", "wrong token"),  # not ASCII: still no exception
        ("127.0.0.1:8000", None, "\udcff", "wrong token"),
        ("evil.example:8000", None, TOKEN, "Host 'evil.example:8000' is not this server"),
        ("127.0.0.1:8001", None, TOKEN, "is not this server"),  # another port
        ("127.0.0.1", None, TOKEN, "is not this server"),  # port 80
        ("192.168.1.20:8000", None, TOKEN, "is not this server"),
        ("127.0.0.1:8000", "http://evil.example", TOKEN, "Origin 'http://evil.example'"),
        ("127.0.0.1:8000", "http://127.0.0.1:8001", TOKEN, "is not this server's page"),
        ("127.0.0.1:8000", "https://127.0.0.1:8000", TOKEN, "is not this server's page"),
        ("127.0.0.1:8000", "http://localhost:8000", TOKEN, "is not this server's page"),
        ("127.0.0.1:8000", "null", TOKEN, "Origin 'null'"),
        ("127.0.0.1:8000", "http://127.0.0.1:8000/x", TOKEN, "is not this server's page"),
    ],
)
def test_anything_else_is_refused_with_a_reason(
    host: str, origin: str | None, token: str | None, says: str
) -> None:
    reason = _refusal(_guard(), host, origin, token)
    assert reason is not None and says in reason
    assert reason.isprintable() and TOKEN not in reason


def test_headers_given_twice_or_not_at_all_are_refused() -> None:
    guard = _guard()
    assert refusal(guard, [], [], TOKEN, None) == "no Host header"
    assert refusal(guard, ["127.0.0.1:8000"] * 2, [], TOKEN, None) == "more than one Host header"
    origins = ["http://127.0.0.1:8000"] * 2
    assert refusal(guard, ["127.0.0.1:8000"], origins, TOKEN, None) == "more than one Origin header"


def test_the_cookie_carries_the_token_too() -> None:
    guard = _guard()
    assert refusal(guard, ["127.0.0.1:8000"], [], None, TOKEN) is None
    assert refusal(guard, ["127.0.0.1:8000"], [], None, "stale") is not None
    assert guard.cookie_name == "slotterm-serve-token-8000"  # one per port


def test_a_server_on_every_address_answers_to_any_ip_but_no_foreign_name() -> None:
    guard = _guard("0.0.0.0")
    for host in ("192.168.1.20:8000", "[fe80::1]:8000", "127.0.0.1:8000", "localhost:8000"):
        assert _refusal(guard, host) is None, host
        assert _refusal(guard, host, token=None) is not None  # the token all the same
    assert _refusal(guard, f"{socket.gethostname()}:8000") is None  # this computer's name
    assert _refusal(guard, "evil.example:8000") is not None
    assert _refusal(_guard("::"), "[2001:db8::1]:8000") is None


def test_a_named_address_answers_to_its_name() -> None:
    guard = _guard("192.168.1.20")
    assert _refusal(guard, "192.168.1.20:8000") is None
    assert _refusal(guard, "192.168.1.21:8000") is not None
    assert _refusal(_guard("::1"), "[::1]:8000") is None


# --- a real server, a real client --------------------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServeProcess]:
    """One ``slotterm serve book-of-spells`` (demos) for the module's tests."""
    folder = tmp_path_factory.mktemp("serve-guard")
    env = dict(os.environ)
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        env[name] = str(folder / name.lower())
    env["HOME"] = str(folder)
    started = start_serve(["book-of-spells"], env, folder)
    yield started
    started.stop()


def _log(server: ServeProcess) -> list[str]:
    return server.stderr.splitlines()


async def _get(url: str, **options: object) -> tuple[int, aiohttp.ClientResponse]:
    async with aiohttp.ClientSession() as client, client.get(url, **options) as answer:  # type: ignore[arg-type]
        await answer.read()
        return answer.status, answer


async def _open_ws(url: str, **options: object) -> int:
    """The status the server answers a websocket opening with (101: opened)."""
    async with aiohttp.ClientSession() as client:
        try:
            async with client.ws_connect(url, **options) as ws:  # type: ignore[arg-type]
                await ws.close()
                return 101
        except aiohttp.WSServerHandshakeError as refused:
            return refused.status


def _refused_once(server: ServeProcess, before: list[str], says: str) -> None:
    """The log has exactly one line more than ``before``: a refusal saying ``says``."""
    after = _log(server)
    new = after[len(before) :]
    assert after[: len(before)] == before
    assert len(new) == 1, new
    assert new[0].startswith("slotterm: warning: refused "), new
    assert says in new[0], new
    assert server.token not in new[0]
    assert "Traceback" not in server.stdout + server.stderr


def _base(server: ServeProcess) -> str:
    return f"127.0.0.1:{server.port}"


@pytest.mark.parametrize(
    ("case", "says"),
    [
        ("no token", "no token"),
        ("wrong token", "wrong token"),
        ("foreign origin", "Origin 'http://evil.example'"),
        ("foreign host", "Host 'evil.example:"),
        ("origin of another port", "is not this server's page"),
    ],
)
@pytest.mark.parametrize("path", ["/", "/ws", "/static/js/textual.js"])
def test_a_stranger_is_refused_with_403_and_one_line(
    server: ServeProcess, case: str, says: str, path: str
) -> None:
    token = {"no token": None, "wrong token": "x" * 43}.get(case, server.token)
    headers: dict[str, str] = {}
    if case == "foreign origin":
        headers["Origin"] = "http://evil.example"
    if case == "origin of another port":
        headers["Origin"] = f"http://127.0.0.1:{server.port + 1}"
    if case == "foreign host":
        headers["Host"] = f"evil.example:{server.port}"  # a rebound name, same address
    query = "" if token is None else f"?token={token}"
    before = _log(server)
    if path == "/ws":
        status = asyncio.run(_open_ws(f"ws://{_base(server)}/ws{query}", headers=headers))
    else:
        status, _ = asyncio.run(_get(f"http://{_base(server)}{path}{query}", headers=headers))
    assert status == 403
    _refused_once(server, before, says)
    assert server.games() == []  # no game was started for it


def test_the_page_sets_a_cookie_that_lets_the_rest_in(server: ServeProcess) -> None:
    async def visit() -> tuple[int, str, int, int]:
        jar = aiohttp.CookieJar(unsafe=True)  # an IP address: keep its cookies all the same
        async with aiohttp.ClientSession(cookie_jar=jar) as client:
            async with client.get(server.page_url) as page:
                await page.read()
                cookie = page.headers.get("Set-Cookie", "")
                status = page.status
            async with client.get(f"http://{_base(server)}/static/js/textual.js") as script:
                await script.read()
            async with client.get(f"http://{_base(server)}/") as again:  # no ?token= now
                await again.read()
            return status, cookie, script.status, again.status

    status, cookie, script, again = asyncio.run(visit())
    assert status == 200
    assert cookie.startswith(f"slotterm-serve-token-{server.port}={server.token};")
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/" in cookie
    assert (script, again) == (200, 200)


def test_the_page_is_never_cached_and_sends_no_referrer(server: ServeProcess) -> None:
    status, answer = asyncio.run(_get(server.page_url))
    assert status == 200
    assert answer.headers["Cache-Control"] == "no-store"
    assert answer.headers["Referrer-Policy"] == "no-referrer"


def _raw(server: ServeProcess, request: bytes) -> bytes:
    """What the server answers ``request`` sent on a plain socket (to its end)."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=WAIT) as raw:
        raw.sendall(request)
        answer = b""
        while chunk := raw.recv(65536):
            answer += chunk
    return answer


@pytest.mark.parametrize(
    ("version", "headers", "says"),
    [
        (b"1.0", b"", "no Host header"),  # HTTP/1.0 may leave it out; HTTP/1.1 is a 400
        (b"1.1", b"Host: 127.0.0.1:{port}\r\nOrigin: null\r\n", "Origin 'null'"),
        (b"1.1", b"Host: \xff\xfe:{port}\r\n", "is not this server"),
        (b"1.1", b"Host: 127.0.0.1:{port}\r\nOrigin: http://[::1\r\n", "is not this server's page"),
    ],
)
def test_requests_no_browser_sends_are_refused_too(
    server: ServeProcess, version: bytes, headers: bytes, says: str
) -> None:
    before = _log(server)
    lines = headers.replace(b"{port}", str(server.port).encode())
    request = b"GET /?token=" + server.token.encode() + b" HTTP/" + version + b"\r\n" + lines
    answer = _raw(server, request + b"Connection: close\r\n\r\n")
    assert answer.split(b"\r\n", 1)[0].endswith(b" 403 Forbidden"), answer[:200]
    _refused_once(server, before, says)


def test_a_request_aiohttp_cannot_parse_is_one_line(server: ServeProcess) -> None:
    before = _log(server)
    host = f"Host: 127.0.0.1:{server.port}\r\n".encode()
    request = b"GET /?token=" + server.token.encode() + b" HTTP/1.1\r\n" + host * 2
    answer = _raw(server, request + b"Connection: close\r\n\r\n")
    assert answer.split(b"\r\n", 1)[0].endswith(b" 400 Bad Request"), answer[:200]
    (line,) = _log(server)[len(before) :]
    assert line == (
        "slotterm: warning: refused a malformed request from 127.0.0.1: "
        "Duplicate 'Host' header found."
    )
    assert "Traceback" not in server.stdout + server.stderr


def test_the_page_with_its_token_still_plays(server: ServeProcess) -> None:
    with PageConnection(server):
        game = server.wait_game()
        assert game in server.games()
    assert "Traceback" not in server.stdout + server.stderr


def test_every_address_keeps_the_warning_and_the_token(
    user_dirs: dict[str, str], tmp_path: Path
) -> None:
    wide = start_serve(["--host", "0.0.0.0"], user_dirs, tmp_path)
    try:
        assert wide.stderr.startswith("slotterm: warning: serving on 0.0.0.0")
        url = f"http://127.0.0.1:{wide.port}/"
        lan = {"Host": f"192.0.2.7:{wide.port}"}  # as a player on the network reaches it
        assert asyncio.run(_get(url, params={"token": wide.token}, headers=lan))[0] == 200
        before = _log(wide)
        assert asyncio.run(_get(url, headers=lan))[0] == 403  # no token: refused
        _refused_once(wide, before, "no token")
        before = _log(wide)
        rebound = {"Host": f"evil.example:{wide.port}"}
        assert asyncio.run(_get(url, params={"token": wide.token}, headers=rebound))[0] == 403
        _refused_once(wide, before, "Host 'evil.example:")
    finally:
        wide.stop()
