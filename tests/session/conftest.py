"""Every session test keeps the save folders' high-water marks under its own ``tmp_path``.

platformdirs reads ``XDG_STATE_HOME`` when asked, so an ``open_session`` without an explicit
``state_root`` never writes a mark into the real user state folder.
"""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _state_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
