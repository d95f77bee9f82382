"""Whether this process runs under Textual's web driver (a page of ``slotterm serve``).

``play`` asks it (stdin and stdout are pipes then, not a terminal, and the game may still
start); the web session (:mod:`slotterm.commands.web_session`) asks it before it plays.
"""

from __future__ import annotations

import os

WEB_DRIVER = "textual.drivers.web_driver:WebDriver"
"""The ``TEXTUAL_DRIVER`` value ``textual-serve`` gives the apps it runs."""


def web_driver_active() -> bool:
    """Whether this process runs under Textual's web driver (started by ``textual-serve``).

    Then stdin and stdout are pipes to the server, not a terminal, and the game may start.
    """
    return os.environ.get("TEXTUAL_DRIVER") == WEB_DRIVER
