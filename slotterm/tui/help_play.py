"""The help's general play: the gamble, autoplay, interrupted games, the keys and the RTP.

What differs from game to game is asked, never named: the bet model's kind picks the bet
keys (:data:`BET_KEYS`), the definition says whether there is a gamble, the autoplay key's
kind (:func:`~slotterm.tui.autoplay_control.asks_first`) how autoplay starts, and the
features' help sections (:class:`~slotterm.tui.features.view.HelpSection`) add what Space
does in them, why autoplay stops, what a restart keeps and how the return is reached.
"""

from __future__ import annotations

from collections.abc import Sequence

from slotterm.engine.actions import Limits
from slotterm.engine.bet_model import CoinsPerLine
from slotterm.engine.model import GameDefinition
from slotterm.tui.autoplay_control import asks_first
from slotterm.tui.features.view import HelpSection
from slotterm.tui.help_rules import bet_kind, listed
from slotterm.tui.limit_words import gamble_limit_help

Row = tuple[str, str]
"""A row of the keys table: the keys, what they do."""


def _per_line_keys(game: GameDefinition) -> list[Row]:
    return [
        ("+ −", "stake per line up / down"),
        ("← → 1 2", f"fewer / more lines (after {len(game.lines)} it goes back to 1)"),
        ("B", "bet max: the highest stake you can afford on all lines; B again spins"),
    ]


def _coin_keys(game: GameDefinition) -> list[Row]:
    model = game.bet_model
    assert isinstance(model, CoinsPerLine)
    low, high = model.coins_per_line
    return [
        ("← → 1 2", f"fewer / more lines (after {len(game.lines)} it goes back to 1)"),
        ("↑ ↓", f"one coin per line more / fewer ({low} to {high})"),
        ("+ −", "next larger / smaller coin size"),
        (
            "B",
            f"bet max: {high} coins per line (or as many as your credits cover) on all lines "
            "at the current coin size, and spin at once",
        ),
        ("C", "show the bet, credits and win in coins or in credits"),
    ]


BET_KEYS = {"per_line": _per_line_keys, "coins": _coin_keys}
"""The bet keys' rows, by the bet model's kind."""
BET_OPTIONS = {"per_line": "", "coins": "coins or credits, "}
"""What the options add for the bet model's kind."""

GAMBLE_KEYS: list[Row] = [
    ("Space Enter 7", "collect the win"),
    ("0 S", "with a win waiting: collect it and spin again at once"),
    ("5", "gamble the win"),
    ("5 6", "in the gamble: red / black"),
]
"""The keys of a game with the gamble."""

AUTOPLAY_SETTINGS = (
    "how many spins (or until you stop it), the seconds between spins, and when to stop "
    "(any win, a single win of at least an amount, credits up or down by an amount, a "
    "feature)"
)


def _autoplay_keys(game: GameDefinition) -> list[Row]:
    if asks_first(game):
        return [
            (
                "A G",
                f'autoplay settings, then start: {AUTOPLAY_SETTINGS}; with "start without '
                'showing this dialog" A starts at once. A again stops it',
            )
        ]
    return [
        ("A", "autoplay on / off (collects every win, never gambles, stops when a feature starts)"),
        ("G", "autoplay settings: how many spins, the pause between them, when to stop"),
    ]


SHELL_KEYS: list[Row] = [
    ("F", "quick spin on / off"),
    ("U", "top up the demo credits when they run out"),
    ("P 8", "paytable"),
    ("H 9", "help: the rules, the features and these keys"),
    ("Y", "history: the last rounds, replayed step by step"),
    (
        "T",
        "session statistics: spins, time played, top wins, your RTP so far beside the range "
        "most players see, a credits chart",
    ),
]
"""The keys every game has, before the options."""
LAST_KEYS: list[Row] = [
    ("L", "back to the lobby (between rounds), to choose another game"),
    (
        "Q Ctrl+Q Ctrl+C",
        "quit (a saved game keeps its open round and resumes it next time; `--demo` keeps "
        "nothing, so with a round open it asks first); Ctrl+Q and Ctrl+C work over any window "
        "too, and with text selected Ctrl+C copies it instead",
    ),
    (
        "Escape",
        "close a window (help, paytable, history...); at rest on the reels, back to the lobby",
    ),
    ("Ctrl+P", "the command palette: type to find any of the game's commands, or a colour theme"),
]
"""The keys every game has, after the options."""


def key_rows(game: GameDefinition, parts: Sequence[HelpSection]) -> list[Row]:
    """The keys of ``game`` with what each does: the spin key (and what it does in the
    features, ``parts``), the bet keys, the gamble's, autoplay's and the keys every game
    has.  The help's table (:func:`keys_section`) and ``slotterm GAME --help`` show them."""
    space = ["spin", "stop the reels", *(p.keys for p in parts if p.keys)]
    gamble = game.gamble
    options = (
        "options: quick spin, reel stopping order, animations, "
        + ("gamble on / off, " if gamble else "")
        + BET_OPTIONS[bet_kind(game)]
        + "odds hints"
    )
    return [
        ("Space Enter 0 S", "; ".join(space)),
        *(GAMBLE_KEYS[:2] if gamble else []),
        *BET_KEYS[bet_kind(game)](game),
        *(GAMBLE_KEYS[2:] if gamble else []),
        *_autoplay_keys(game),
        *SHELL_KEYS,
        ("O", options),
        *LAST_KEYS,
    ]


def keys_section(game: GameDefinition, parts: Sequence[HelpSection]) -> str:
    """The keys table (:func:`key_rows`), with how the keypad and letters work."""
    table = "\n".join(f"| {keys} | {does} |" for keys, does in key_rows(game, parts))
    return (
        "## Keys\n\n"
        "The keypad works like the keys above it: its digits, **+**, **−** and **Enter** do "
        "the same, with NumLock on or in terminals that report the keypad separately. "
        "Letters work in upper and lower case.\n\n"
        f"| Key | What it does |\n|---|---|\n{table}\n\n"
        "A key that makes no sense at the moment does nothing; the footer shows the keys "
        "that work right now. Options, autoplay settings and the lobby open only between "
        "rounds, never with a win or a feature waiting."
    )


def gamble_section(game: GameDefinition, limits: Limits | None) -> str:
    """The red/black gamble ("" for a game without)."""
    if not game.gamble:
        return ""
    return (
        "## Gamble\n\n"
        "After a win you may press **5** to gamble it. Guess the colour of the next card from "
        "a shuffled 52-card deck: **5** for red, **6** for black. A right guess doubles the "
        "win and you may go again; a wrong one loses it. Collect at any step. "
        f"{gamble_limit_help(limits)} There is no gamble on a win autoplay collects, nor after "
        "a feature cut short by a limit or the round cap; a feature that stops autoplay is "
        "yours to play, and its win may be gambled. The last five cards drawn are shown."
    )


def autoplay_section(game: GameDefinition, parts: Sequence[HelpSection]) -> str:
    """How autoplay starts and what always stops it."""
    if asks_first(game):  # the settings choose whether a feature stops it
        start = (
            f'**A** (or **G**) opens the autoplay settings: {AUTOPLAY_SETTINGS}. With "start '
            'without showing this dialog" A starts at once, and **A** again stops it.'
        )
        features = [p.autoplay for p in parts if p.autoplay]
    else:
        start = (
            "**A** starts spinning with the current bet and lines and **A** stops it; **G** "
            "sets how many spins, the pause between them and when to stop."
        )
        won = listed([p.won for p in parts if p.won], "or")
        features = [f"when {won}"] if won else []
    gamble = " Autoplay collects every win itself and never gambles." if game.gamble else ""
    stops = listed([*features, "when your credits no longer cover the bet", "when you press A"])
    return (
        f"## Autoplay\n\n{start}{gamble} It always stops {stops}; the spins left are shown "
        "while it runs."
    )


def interrupted_section(game: GameDefinition, parts: Sequence[HelpSection]) -> str:
    """What a restart brings back, and what happens to a round left for 90 days."""
    waiting = (
        " A win that was waiting for Collect is credited as the game starts again, and the "
        "message line says so."
        if game.gamble
        else ""
    )
    settled = (
        "a waiting win is collected, a feature is played to its end (no gamble) and its win "
        "credited"
        if game.gamble
        else "its feature is played to the end and its win credited"
    )
    resumes = "".join(f" {p.resume}" for p in parts if p.resume)
    return (
        "## Interrupted games\n\n"
        "Every step is saved before it is shown. If the game stops half-way (a crash, a closed "
        "terminal), the same round comes back at the same step with the same outcome."
        f"{waiting} A spin left before its show ended is told on the message line when the "
        "game starts again: what it paid, or the feature it won. A round left unfinished for "
        f"more than 90 days is settled when the game opens: {settled}.{resumes} A malfunction "
        "voids all pays and plays."
    )


def rtp_section(rtp: str, parts: Sequence[HelpSection]) -> str:
    """The published return, and how it is reached."""
    conditions = [p.rtp for p in parts if p.rtp]
    how = f", {' and '.join(conditions)}" if conditions else ""
    swing = ", because much of the return comes from rare, large feature wins" if parts else ""
    return (
        "## Return to player\n\n"
        f"Over a very long run the game pays back **{rtp}** of what is staked, the same for "
        f"every number of lines{how}. That is an average: single sessions swing widely{swing}."
    )
