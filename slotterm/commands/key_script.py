"""A key script for ``slotterm script``: the lines a tester writes (or ``--record`` writes),
read into steps.

One line is one of:

* a key, by its Textual name (``space``, ``enter``, ``a``, ``5``, ``up``), or ``KEY*N``
  for the key pressed ``N`` times;
* ``@seed N``, ``@demo``, ``@game GAME`` -- the session (before the first key);
* ``@size WxH`` -- the terminal's size (before the first key: at start, after: a resize);
* ``@stops 3,17,22,5,9`` or ``@stops free:...`` -- the next spin's stops, as ``--stops``;
* ``@force EVENT`` -- the next spin's feature, read as ``--force`` reads it;
* ``@shot NAME`` -- a picture of the screen, ``NAME.svg`` in the output folder;
* ``@expect NAME=VALUE`` or ``@expect NAME~=TEXT`` -- a check of the state
  (:mod:`slotterm.commands.script_state`).

``#`` starts a comment (a whole line, or after a space); blank lines are skipped.  A line
that is none of these is a :class:`ScriptError` naming its number.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from textual.keys import KEY_TO_UNICODE_NAME, REPLACED_KEYS, Keys

SEED_DEFAULT = 1
"""The seed of a script without ``@seed``."""
SIZE_DEFAULT = (100, 32)
"""The terminal of a script without ``@size`` (and without ``--size``)."""
MOST_REPEATS = 1000
"""The most times ``KEY*N`` may press a key."""

_KEY = re.compile(r"[a-z0-9_+]+|[A-Z]")
_MODIFIERS = ("ctrl+", "shift+", "alt+", "meta+", "super+", "hyper+")
_NAMED = frozenset(key.value for key in Keys)
_REPEAT = re.compile(r"(.+)\*([0-9]+)")
_SIZE = re.compile(r"([0-9]{2,4})x([0-9]{2,4})")
_NAME = re.compile(r"[A-Za-z0-9_-]{1,64}")
_EXPECT = re.compile(r"([a-z_.]+)\s*(~=|=)\s*(.*)")
_SETUP = frozenset({"seed", "demo", "game"})
"""Directives that only the script's start may hold."""


class ScriptError(Exception):
    """A line of a key script that cannot be read: its number and why."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line


@dataclass(frozen=True, slots=True)
class Step:
    """One thing the script does, in order: ``kind`` is ``key``, ``size``, ``stops``,
    ``force``, ``shot`` or ``expect``; ``text`` its argument (a key's name, a size ``WxH``,
    the stops, the event, a picture's name, ``NAME=VALUE``); ``line`` its line number."""

    line: int
    kind: str
    text: str


@dataclass(slots=True)
class KeyScript:
    """A whole script: the session it plays (``seed``, ``demo``, ``game``, ``size``: ``None``
    when the script does not say) and its steps."""

    seed: int = SEED_DEFAULT
    demo: bool = False
    game: str | None = None
    size: tuple[int, int] | None = None
    steps: list[Step] = field(default_factory=list)

    @property
    def keys(self) -> int:
        """How many key presses the script makes."""
        return sum(1 for step in self.steps if step.kind == "key")


def parse_script(text: str) -> KeyScript:
    """``text`` read into a :class:`KeyScript`; the first bad line raises :class:`ScriptError`."""
    script = KeyScript()
    for number, raw in enumerate(text.splitlines(), 1):
        line = _without_comment(raw)
        if not line:
            continue
        if line.startswith("@"):
            _directive(script, number, line[1:])
        else:
            _keys(script, number, line)
    return script


def _without_comment(raw: str) -> str:
    line = raw.strip()
    if line.startswith("#"):
        return ""
    at = line.find(" #")
    return (line[:at] if at >= 0 else line).strip()


def _keys(script: KeyScript, number: int, line: str) -> None:
    key, times = line, 1
    repeat = _REPEAT.fullmatch(line)
    if repeat is not None:
        key, times = repeat.group(1).strip(), int(repeat.group(2))
        if not 1 <= times <= MOST_REPEATS:
            raise ScriptError(number, f"{line}: repeat a key 1 to {MOST_REPEATS} times")
    if not is_key_name(key):
        raise ScriptError(number, f"{_shown(key)} is not a key name (e.g. space, enter, a, 5)")
    script.steps.extend(Step(number, "key", key) for _ in range(times))


def is_key_name(name: str) -> bool:
    """True when ``name`` is a key as Textual names it: a letter or digit, a named key
    (``space``, ``enter``, ``up``, ``f1``), a character's name (``plus``, ``full_stop``),
    each with modifiers before it or not (``ctrl+c``)."""
    if not _KEY.fullmatch(name):
        return False
    base = name
    while base.startswith(_MODIFIERS) and base not in _NAMED:
        base = base.partition("+")[2]
    if len(base) == 1 or base in _NAMED:
        return True
    base = REPLACED_KEYS.get(base, base)  # plus -> plus_sign, minus -> hyphen_minus
    try:
        return len(unicodedata.lookup(KEY_TO_UNICODE_NAME.get(base, base.replace("_", " ")))) == 1
    except KeyError:
        return False


def _directive(script: KeyScript, number: int, body: str) -> None:
    word, _, rest = body.partition(" ")
    rest = rest.strip()
    if word in _SETUP and script.keys:
        raise ScriptError(number, f"@{word} must come before the first key")
    if word == "seed":
        if not re.fullmatch(r"[0-9]{1,30}", rest):
            raise ScriptError(number, f"@seed needs a whole number, got {_shown(rest)}")
        script.seed = int(rest)
    elif word == "demo":
        if rest:
            raise ScriptError(number, "@demo takes nothing after it")
        script.demo = True
    elif word == "game":
        if not rest:
            raise ScriptError(number, "@game needs a game id")
        script.game = rest
    elif word == "size":
        size = _SIZE.fullmatch(rest)
        if size is None:
            raise ScriptError(number, f"@size needs WIDTHxHEIGHT (e.g. 100x32), got {_shown(rest)}")
        if script.keys:
            script.steps.append(Step(number, "size", rest))
        else:
            script.size = (int(size.group(1)), int(size.group(2)))
    elif word in ("stops", "force"):
        if not rest:
            raise ScriptError(number, f"@{word} needs a value, as --{word} takes")
        script.steps.append(Step(number, word, rest))
    elif word == "shot":
        if not _NAME.fullmatch(rest):
            raise ScriptError(
                number, f"@shot needs a name of letters, digits, - or _, got {_shown(rest)}"
            )
        script.steps.append(Step(number, "shot", rest))
    elif word == "expect":
        if _EXPECT.fullmatch(rest) is None:
            raise ScriptError(number, f"@expect needs NAME=VALUE or NAME~=TEXT, got {_shown(rest)}")
        script.steps.append(Step(number, "expect", rest))
    else:
        known = "@seed, @demo, @game, @size, @stops, @force, @shot, @expect"
        raise ScriptError(number, f"unknown @{_shown(word)} (known: {known})")


def parse_expect(text: str) -> tuple[str, str, str]:
    """An ``@expect`` line's (name, ``=`` or ``~=``, value)."""
    found = _EXPECT.fullmatch(text)
    assert found is not None, "checked when the script was read"
    return found.group(1), found.group(2), found.group(3).strip()


def _shown(text: str) -> str:
    return repr(text if len(text) <= 30 else text[:28] + "…")
