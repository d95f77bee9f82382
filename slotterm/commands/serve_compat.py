"""Every private member of textual-serve that ``slotterm serve`` relies on, in one place.

textual-serve (1.1) offers no public way to do three things slotterm needs, so they are
done here, and only here; ``tests/test_serve_compat.py`` fails loudly, naming the member,
as soon as an upgrade of textual-serve takes one away:

* ``Server._make_app``: the only place where the aiohttp application exists before it
  starts (and is frozen), so the only place to add a middleware that sees *every*
  request (the page, the websocket, the downloads, the static files).  :class:`AppHook`
  overrides it to add the server's own middlewares (:meth:`AppHook.middlewares`), and
  notes that it did (:attr:`AppHook.hooked`): a server whose hook was never called (the
  member renamed) refuses every request instead of serving without its guard.
* ``AppService._process``: the game's process, for its pid and exit status (to signal a
  game deaf to quitting).
* ``AppService._task``: the task that relays the game's output, which ``stop`` waits for
  (textual-serve's own ``stop`` waits for it without a deadline).
"""

from __future__ import annotations

import asyncio
from asyncio.subprocess import Process

from aiohttp import web
from aiohttp.typedefs import Middleware
from textual_serve.app_service import AppService
from textual_serve.server import Server


class AppHook(Server):
    """textual-serve's server, its application given :meth:`middlewares` before it starts."""

    hooked = False
    """Whether the application was built through this hook (its middlewares in place)."""

    def middlewares(self) -> list[Middleware]:
        """The middlewares to put in front of textual-serve's routes (none here)."""
        return []

    async def _make_app(self) -> web.Application:
        """textual-serve's application, with :meth:`middlewares` first in line."""
        app = await super()._make_app()
        for place, middleware in enumerate(self.middlewares()):
            app.middlewares.insert(place, middleware)
        self.hooked = True
        return app


def service_process(service: AppService) -> Process | None:
    """The game process of ``service`` (``None`` before it has started)."""
    return service._process


def take_service_task(service: AppService) -> asyncio.Task[None] | None:
    """The task relaying ``service``'s game output, which ``service`` then forgets (so its
    own ``stop`` does nothing more); ``None`` if it has none (not started, or stopped)."""
    task = service._task
    service._task = None
    return task
