"""The private members of textual-serve that ``slotterm/commands/serve_compat.py`` uses
are still there and still work as it expects: an upgrade that takes one away fails here,
by name, instead of silently leaving the server without its guard.

No other module of slotterm touches a private member of textual-serve (checked here by
reading their source).
"""

from __future__ import annotations

import asyncio
import inspect
import re
from pathlib import Path

from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager
from textual_serve.server import Server

import slotterm.commands
from slotterm.commands import serve
from slotterm.commands.serve_compat import service_process, take_service_task
from slotterm.commands.serve_guard import Guard, new_token

COMMANDS = Path(slotterm.commands.__file__).parent


def _service(command: str) -> AppService:
    async def nothing(*_: object) -> None:
        return None

    return AppService(
        command,
        write_bytes=nothing,
        write_str=nothing,
        close=nothing,
        download_manager=DownloadManager(),
    )


def test_server_builds_its_application_in_make_app() -> None:
    assert inspect.iscoroutinefunction(getattr(Server, "_make_app", None)), (
        "textual_serve.server.Server._make_app is gone: serve_compat.AppHook cannot add "
        "the request guard"
    )
    assert "self._make_app()" in inspect.getsource(Server.serve), (
        "Server.serve no longer builds its application with self._make_app()"
    )


def test_the_hook_puts_the_guard_first_and_says_so() -> None:
    server = serve.GameServer(
        "true",
        guard=Guard.serving("127.0.0.1", 8000, new_token()),
        templates_path=serve.PAGE_FOLDER,
    )
    assert not server.hooked
    app = asyncio.run(server._make_app())
    assert isinstance(app, web.Application)
    assert server.hooked
    first = app.middlewares[0]
    assert getattr(first, "__middleware_version__", None) == 1
    assert first.__qualname__.endswith("middlewares.<locals>.guard")
    routes = {resource.canonical for resource in app.router.resources()}
    assert {"/", "/ws", "/static"} <= routes  # the guard stands in front of these


def test_a_server_not_built_through_the_hook_serves_nothing() -> None:
    """If textual-serve stopped calling ``_make_app``, every handler refuses."""
    server = serve.GameServer(
        "true",
        guard=Guard.serving("127.0.0.1", 8000, new_token()),
        templates_path=serve.PAGE_FOLDER,
    )
    request = web.BaseRequest.__new__(web.Request)  # never looked at beyond its refusal

    class Refused(Exception):
        pass

    def refuse(_request: web.Request, reason: str) -> web.Response:
        raise Refused(reason)

    server.refuse = refuse  # type: ignore[method-assign]
    for handler in (server.handle_index, server.handle_websocket, server.handle_download):
        try:
            asyncio.run(handler(request))
        except Refused as refused:
            assert "guard is not in place" in str(refused)
        else:
            raise AssertionError(f"{handler.__name__} served without the guard")


def test_app_service_keeps_its_process_and_task() -> None:
    service = _service("exec sleep 60")
    assert hasattr(service, "_process"), "AppService._process is gone"
    assert hasattr(service, "_task"), "AppService._task is gone"
    assert service_process(service) is None
    assert take_service_task(service) is None

    async def run() -> int:
        await service.start(80, 24)
        process = service_process(service)
        task = take_service_task(service)
        assert isinstance(process, asyncio.subprocess.Process)
        assert isinstance(task, asyncio.Task) and not task.done()
        assert take_service_task(service) is None  # taken: textual-serve's stop does nothing
        process.kill()
        status = await asyncio.wait_for(process.wait(), 30)
        done, _ = await asyncio.wait([task], timeout=30)
        assert done == {task}  # the task ends with the process
        return status

    assert asyncio.run(run()) == -9


def test_no_other_module_uses_a_private_member_of_textual_serve() -> None:
    private = re.compile(
        r"\b(?:self|service|server|super\(\))\._(?:process|task|make_app|process_messages|download_manager|stdin|open_app_process|build_environment)\b"
    )
    for module in sorted(COMMANDS.glob("*.py")):
        if module.name == "serve_compat.py":
            continue
        found = private.findall(module.read_text())
        assert not found, f"{module.name} uses textual-serve's {found}: move it to serve_compat"
