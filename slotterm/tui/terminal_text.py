"""A strip of styled cells as terminal text, with each colour change written once.

Textual writes every styled piece of a line as ``ESC[<its whole style>m text ESC[0m``:
the style in full before each piece and a reset after it, even where the next piece
changes only its background.  A reel's pictures are drawn in half blocks, nearly every
cell its own pair of colours, so most of what a spinning reel sends is those codes.
:func:`strip_text` writes the same cells with the same colours and attributes, but
changes only what changes: between two pieces with colours alone (no bold, no link...)
only the colour that differs (``ESC[48;5;69m``), otherwise a reset and the new style in
one sequence (``ESC[0;1;38;5;62m``); one reset at the end, so the terminal is left as
Textual leaves it.  The cells a terminal shows are the same
(``tests/tui/test_terminal_text.py`` compares them cell by cell).
"""

from __future__ import annotations

from rich.color import ColorSystem
from rich.style import Style
from textual.strip import Strip

Colours = tuple[str, str]
"""A style of colours alone, as its foreground and background codes ("" for none)."""


FOREGROUNDS = frozenset(str(n) for n in (*range(30, 38), *range(90, 98)))
"""The SGR codes of the 16 foreground colours."""
BACKGROUNDS = frozenset(str(n) for n in (*range(40, 48), *range(100, 108)))
"""The SGR codes of the 16 background colours."""


def colours_only(ansi: str) -> Colours | None:
    """The foreground and background codes of ``ansi`` (an SGR's parameters, as
    :meth:`Strip.render_ansi` writes them) when it sets colours and nothing else."""
    codes = ansi.split(";") if ansi else []
    fg = bg = ""
    i = 0
    while i < len(codes):
        code = codes[i]
        if code in ("38", "48"):
            size = 3 if codes[i + 1 : i + 2] == ["5"] else 5  # 256 colours, or r;g;b
            part, i = ";".join(codes[i : i + size]), i + size
            is_fg = code == "38"
        elif code in FOREGROUNDS or code in BACKGROUNDS:
            part, i = code, i + 1
            is_fg = code in FOREGROUNDS
        else:
            return None  # an attribute (bold, reverse...) or a code not known here
        if is_fg:
            fg = part
        else:
            bg = part
    return (fg, bg)


def _change(old: Colours, new: Colours) -> str:
    codes = []
    if new[0] != old[0]:
        codes.append(new[0] or "39")
    if new[1] != old[1]:
        codes.append(new[1] or "49")
    return f"\x1b[{';'.join(codes)}m"


_KNOWN: dict[ColorSystem, dict[Style, tuple[str, Colours | None]]] = {}
"""Each style's SGR parameters and colours, per colour system (styles repeat frame after
frame: the same tiles)."""
KNOWN_MOST = 4096
"""Styles remembered per colour system before the memory starts over."""


def _known(color_system: ColorSystem) -> dict[Style, tuple[str, Colours | None]]:
    known = _KNOWN.setdefault(color_system, {})
    if len(known) > KNOWN_MOST:
        known.clear()
    return known


def strip_text(strip: Strip, color_system: ColorSystem) -> str:
    """``strip`` as terminal text: the cells :meth:`Strip.render` writes, each style
    change written once (see the module docstring).  Starts and ends in the reset state."""
    out: list[str] = []
    append = out.append
    shown = ""  # the SGR parameters in force ("": reset)
    shown_colours: Colours | None = ("", "")
    known = _known(color_system)
    plain: tuple[str, Colours | None] = ("", ("", ""))
    ansi: str
    colours: Colours | None
    for text, style, _ in strip:
        if style is None:
            ansi, colours = plain
        else:
            found = known.get(style)
            if found is None:
                if style.link:
                    if shown:
                        append("\x1b[0m")
                    append(Strip.render_style(style, text, color_system))  # ends reset
                    shown, shown_colours = "", ("", "")
                    continue
                ansi = Strip.render_ansi(style, color_system)
                found = known[style] = (ansi, colours_only(ansi))
            ansi, colours = found
        if ansi != shown:
            if colours is not None and shown_colours is not None:
                append(_change(shown_colours, colours))
            else:
                append(f"\x1b[0;{ansi}m" if ansi else "\x1b[0m")
            shown, shown_colours = ansi, colours
        append(text)
    if shown:
        append("\x1b[0m")
    return "".join(out)
