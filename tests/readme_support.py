"""The README's links, and the repository files its absolute links name.

The README is also the package's page on a package index, where a link relative to the
repository leads nowhere: its pictures and documents are linked by absolute addresses into
the repository (:data:`RAW` for a picture, :data:`BLOB` for a page), and the tests map
each such address back to the file of this checkout it names.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
REPOSITORY = "https://github.com/slotterm/slotterm"
"""The repository's address (pyproject's ``[project.urls]``)."""
RAW = "https://raw.githubusercontent.com/slotterm/slotterm/main/"
"""Where a file of the main branch is served as it is (what an ``<img>`` needs)."""
BLOB = f"{REPOSITORY}/blob/main/"
"""Where a file of the main branch is shown as a page."""

_LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def readme_text() -> str:
    """The README."""
    return README.read_text(encoding="utf-8")


def links(text: str) -> list[str]:
    """Every Markdown link's and picture's target in ``text``, in order."""
    return _LINK.findall(text)


def pictures(text: str) -> list[str]:
    """The targets of the pictures (``![alt](target)``) in ``text``."""
    return re.findall(r"!\[[^\]]*\]\(([^)\s]+)\)", text)


def repository_file(link: str) -> str | None:
    """The path in the repository that an absolute link into it names (``docs/x.svg``),
    or ``None`` for a link elsewhere."""
    for base in (RAW, BLOB):
        if link.startswith(base):
            return link.removeprefix(base)
    return None


def shell_commands(text: str) -> list[str]:
    """Every command of the ``sh`` blocks in ``text``, its comment left off."""
    commands = []
    for block in re.findall(r"```sh\n(.*?)```", text, re.DOTALL):
        for line in block.splitlines():
            command = re.sub(r"\s+#.*$", "", line).strip()
            if command:
                commands.append(command)
    return commands
