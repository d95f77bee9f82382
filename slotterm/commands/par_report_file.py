"""Where ``par GAME --html FILE`` writes its report: the file checked before the sheet is
counted (a folder, a missing folder, a folder that is a file), the page written after;
any failure is one line (a :class:`~slotterm.cli.UsageError`), never a traceback."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from slotterm.cli import UsageError

if TYPE_CHECKING:
    from slotterm.analysis.sheet import ParSheet


def check_target(text: str) -> Path:
    """The path ``--html`` names, or a :class:`~slotterm.cli.UsageError` saying why no page
    can be written there."""
    if not text.strip():
        raise UsageError("--html needs a file name, e.g. --html par.html")
    path = Path(text)
    if path.is_dir():
        raise UsageError(f"--html {text}: that is a folder; give a file name inside it")
    folder = path.parent
    if not folder.is_dir():
        what = "is a file, not a folder" if folder.exists() else "does not exist"
        raise UsageError(f"--html {text}: the folder {folder} {what}")
    if not os.access(path if path.exists() else folder, os.W_OK):
        raise UsageError(f"--html {text}: no permission to write there")
    return path


def write_report(sheet: ParSheet, text: str) -> None:
    """Write the report page of ``sheet`` to the file ``text`` names (UTF-8)."""
    from slotterm.commands.par_html import report_html

    path = check_target(text)
    page = report_html(sheet)
    try:
        path.write_text(page, encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"--html {text}: cannot write: {exc.strerror or exc}") from None
