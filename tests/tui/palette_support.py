"""Helpers for the command palette tests: open it, read what it lists, search, choose."""

from __future__ import annotations

from typing import Any

from textual.command import CommandList, CommandPalette
from textual.pilot import Pilot

from slotterm.tui.app import SlotApp
from tests.tui.shell_support import wait_for


async def open_palette(pilot: Pilot[Any], app: SlotApp) -> CommandPalette:
    """Press Ctrl+P and wait until the palette has listed its commands."""
    await pilot.press("ctrl+p")
    await wait_for(
        pilot, lambda: isinstance(app.screen, CommandPalette) and app.screen.has_class("-ready")
    )
    palette = app.screen
    assert isinstance(palette, CommandPalette)
    return palette


def listed(palette: CommandPalette) -> dict[str, str]:
    """The commands the palette lists now: title -> help line."""
    commands = palette.query_one(CommandList)
    hits = [commands.get_option_at_index(i) for i in range(commands.option_count)]
    return {str(o.hit.text): str(o.hit.help) for o in hits if hasattr(o, "hit")}


async def search(pilot: Pilot[Any], palette: CommandPalette, title: str) -> dict[str, str]:
    """Type ``title`` and wait for it among the hits (the hits are returned)."""
    await pilot.press(*title)
    await wait_for(pilot, lambda: title in listed(palette))
    return listed(palette)


async def choose(pilot: Pilot[Any], app: SlotApp, title: str) -> None:
    """Open the palette, find ``title`` and take it (the best hit for its full title)."""
    palette = await open_palette(pilot, app)
    await search(pilot, palette, title)
    await pilot.press("down", "enter")
    await wait_for(pilot, lambda: not isinstance(app.screen, CommandPalette))
