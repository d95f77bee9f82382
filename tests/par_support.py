"""What tests of the ``par`` command's output forms share: the command's output as text,
with each sheet computed once per test module (:func:`cached_par`)."""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator
from typing import Any

import pytest

from slotterm.analysis import par as par_module
from slotterm.cli import main


@contextlib.contextmanager
def cached_par() -> Iterator[None]:
    """Inside: ``compute_par`` remembers each sheet it computed (by game, lines, policy)."""
    computed: dict[tuple[str, int | None, str], Any] = {}
    real = par_module.compute_par

    def cached(game: Any, lines: int | None = None, policy: str = "best") -> Any:
        key = (game.id, lines, policy)
        if key not in computed:
            computed[key] = real(game, lines, policy)
        return computed[key]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(par_module, "compute_par", cached)
        yield


def run(argv: list[str]) -> str:
    """What ``slotterm ARGV`` writes on stdout (it must succeed)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(argv) == 0
    return out.getvalue()
