"""A game-file tree as TOML text (``slotterm game-def GAME --toml``), through ``tomli-w``.

``tomli-w`` writes every list one item per line, which makes a reel strip hundreds of
lines long; :func:`toml_text` then packs each list of plain values (numbers, text,
true/false) onto as few lines as fit in :data:`WIDTH` columns.  The packed text is parsed
back and compared with the tree, so packing can never change what the file says.  TOML
has no null: keys whose value is ``None`` are left out (the loader reads a missing key and
a null alike).
"""

from __future__ import annotations

import re
import tomllib
from typing import Any

import tomli_w

from slotterm.games.export import without_nulls

WIDTH = 100
"""The longest line the packed lists are wrapped to."""

_SCALAR = r'(?:-?[0-9][0-9_.eE+-]*|true|false|"(?:[^"\\]|\\.)*")'
_OPEN = re.compile(r"^(?P<head>(?:\s*|.*= ))\[$")
_ITEM = re.compile(rf"^\s*(?P<item>{_SCALAR}),$")
_CLOSE = re.compile(r"^(?P<indent>\s*)\](?P<comma>,?)$")
_LONG_TEXT = re.compile(r'^(?P<head>[A-Za-z0-9_-]+ = )"(?P<body>(?:[^"\\]|\\.)*)"$')


def _packed(lines: list[str]) -> list[str]:
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        opened = _OPEN.match(line)
        if opened is not None:
            items: list[str] = []
            j = i + 1
            while j < len(lines) and (item := _ITEM.match(lines[j])) is not None:
                items.append(item["item"])
                j += 1
            closed = _CLOSE.match(lines[j]) if j < len(lines) and items else None
            if closed is not None:
                out.extend(_wrapped(opened["head"], items, closed["indent"], closed["comma"]))
                i = j + 1
                continue
        out.append(line)
        i += 1
    return out


def _long_texts(lines: list[str]) -> list[str]:
    """A ``key = "text"`` line longer than :data:`WIDTH` (a file's ``help``) as a multi-line
    string, broken after spaces with TOML's line-ending backslash (which drops the line
    break, so the text is the same)."""
    out: list[str] = []
    for line in lines:
        found = _LONG_TEXT.match(line) if len(line) > WIDTH else None
        if found is None:
            out.append(line)
            continue
        out.append(f'{found["head"]}"""')
        current = ""
        for word in re.split(r"(?<= )(?! )", found["body"]):
            if current and len(current) + len(word) + 1 > WIDTH:
                out.append(current + "\\")
                current = ""
            current += word
        if len(current) + 3 > WIDTH and " " in current.rstrip(" "):
            cut = current.rstrip(" ").rindex(" ") + 1
            out.append(current[:cut] + "\\")
            current = current[cut:]
        out.append(current + '"""')
    return out


def _wrapped(head: str, items: list[str], indent: str, comma: str) -> list[str]:
    """``head[a, b, c]`` on one line if it fits, else wrapped under an indent."""
    one = f"{head}[{', '.join(items)}]{comma}"
    if len(one) <= WIDTH:
        return [one]
    inner = indent + "  "
    rows = [f"{head}["]
    current = ""
    for item in items:
        piece = f"{item},"
        candidate = f"{current} {piece}" if current else piece
        if current and len(inner) + len(candidate) > WIDTH:
            rows.append(inner + current)
            candidate = piece
        current = candidate
    rows += [inner + current, f"{indent}]{comma}"]
    return rows


def toml_text(tree: dict[str, Any]) -> str:
    """``tree`` as TOML, lists of plain values packed; the same tree when parsed back."""
    plain = without_nulls(tree)
    text = tomli_w.dumps(plain, indent=2)
    packed = "\n".join(_long_texts(_packed(text.split("\n"))))
    if tomllib.loads(packed) != tomllib.loads(text):  # pragma: no cover - a packing slip
        return text
    return packed


def with_strips(text: str, reel_sets: dict[str, Any]) -> str:
    """A TOML game file's ``text`` with its ``[reels]`` table replaced by ``reel_sets``.

    Everything else stays as it was, comments included (the tuning tools' ``--write``);
    the ``[reels]`` table runs from its header to the next table header, and comments
    written inside it are lost.
    """
    reel_sets = {name: [list(strip) for strip in strips] for name, strips in reel_sets.items()}
    lines = text.split("\n")
    try:
        start = lines.index("[reels]")
    except ValueError:
        raise ValueError("the file has no [reels] table") from None
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("[")), len(lines))
    while end > start + 1 and (not lines[end - 1].strip() or lines[end - 1].startswith("#")):
        end -= 1  # blank lines and the next table's comments stay
    block = toml_text({"reels": reel_sets}).rstrip("\n").split("\n")
    new = "\n".join([*lines[:start], *block, *lines[end:]])
    if tomllib.loads(new)["reels"] != reel_sets:  # pragma: no cover - a slip in the block
        raise ValueError("the new strips did not read back")
    return new
