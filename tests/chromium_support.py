"""The system's headless Chromium, driven by Playwright, for the tests that need a browser
(``tests/test_browser.py``, ``tests/test_par_html_browser.py``).

The browser is the system's Chromium (Debian's ``chromium`` package), never Playwright's
own download.  Without it (or without ``playwright``) :func:`chromium` skips the test with
the install hint as the reason, unless ``SLOTTERM_REQUIRE_BROWSER=1`` (``.ci/run`` sets
it): then a missing browser fails it.  ``SLOTTERM_CHROMIUM=PATH`` names another Chromium.
"""

from __future__ import annotations

import contextlib
import os
import shutil
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

INSTALL_HINT = (
    "no Chromium to drive: install Debian's browser with `apt-get install -y chromium` "
    "(and playwright with `pip install -e '.[test]'`)"
)
REQUIRED = os.environ.get("SLOTTERM_REQUIRE_BROWSER") == "1"
CHROMIUM = os.environ.get("SLOTTERM_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def browser_problem() -> str | None:
    """Why no browser can be driven here, or ``None``."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed: " + INSTALL_HINT
    if not Path(CHROMIUM).is_file():
        return INSTALL_HINT
    return None


@contextlib.contextmanager
def chromium(profile: Path, viewport: Mapping[str, int]) -> Iterator[Any]:
    """A headless Chromium context with a fresh profile in ``profile`` (skips the test, or
    fails it under ``SLOTTERM_REQUIRE_BROWSER=1``, when there is no browser)."""
    problem = browser_problem()
    if problem is not None:
        if REQUIRED:
            pytest.fail(f"{problem} (SLOTTERM_REQUIRE_BROWSER=1: the browser test must run)")
        pytest.skip(problem)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(profile),
            executable_path=CHROMIUM,
            headless=True,
            args=CHROMIUM_ARGS,
            viewport=dict(viewport),
        )
        try:
            yield context
        finally:
            context.close()
