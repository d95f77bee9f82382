"""A pick game of the saved history as plain data: every pick, and what every item held.

:func:`pick_view` turns the frame of any pick game (Magic Potion, Pumpkin, Spell Book,
Secret Vault, ...: each tells its record as a ``PickStory``) into::

    {"game": label, "title", "picks": [{"item", "action", "holds"}, ...],
     "items": [{"item", "holds", "taken"}, ...], "imp": multiple | null,
     "multiple": total bets won | null, "prize": "1.50"}

Items are numbered from 1 as the player sees them.  ``holds`` is what an item hides: a
multiple of the total bet, or a Magic Potion special (``"win_all"``, ``"stop"``).  A
pick's ``action`` is ``open``, ``choose`` (Secret Vault), ``give_up`` or ``keep``
(Pumpkin).  ``taken`` says what became of an item (``opened``, ``chosen``, ``given_up``,
``kept``, or ``null`` if never touched).

While the game is under way (the open round) an item nobody opened shows ``holds``
``null``: the history must never tell the player where the prizes are.  Once the game is
over every item's content is shown, picked or not (the whole layout was drawn when the
game started and is recorded).  :func:`pick_text` is the one-line summary for the table.
"""

from __future__ import annotations

from typing import Any

from slotterm.bet_words import times_bet
from slotterm.engine.features.pick_game import PickGame
from slotterm.engine.records import FeatureFrame
from slotterm.money import format_cents

View = dict[str, Any]

_TAKEN = {"open": "opened", "choose": "chosen", "give_up": "given_up", "keep": "kept"}


def pick_view(game: PickGame, frame: FeatureFrame, total_bet: int) -> View:
    """The pick game of ``frame`` (a frame of ``game``) with every pick and item, from the
    game's own account of its record (``story``, a ``PickStory``)."""
    record = frame.record
    story = game.story(record)
    layout, picks, seen = story.layout, story.picks, story.seen
    taken: dict[int, str] = {}
    for index, action in picks:
        taken[index] = _TAKEN[action]
    shown_all = frame.done
    return {
        "game": game.label,
        "title": game.title,
        "picks": [
            {"item": index + 1, "action": action, "holds": layout[index] if index in seen else None}
            for index, action in picks
        ],
        "items": [
            {
                "item": i + 1,
                "holds": content if shown_all or i in seen else None,
                "taken": taken.get(i),
            }
            for i, content in enumerate(layout)
        ],
        "imp": story.added,
        "multiple": story.multiple if frame.done else None,
        "prize": format_cents(game.pay(record), grouping=False),
        "total_bet": format_cents(total_bet, grouping=False),
    }


def _holds(content: object) -> str:
    """What an item held, as the game writes it ("10× bet", "win all"; "?" if unseen)."""
    if isinstance(content, int):
        return times_bet(content)
    return "?" if content is None else str(content).replace("_", " ")


_DONE_WORDS = {"give_up": "given up", "keep": "kept"}


def pick_text(view: View) -> str:
    """One line for the history table.

    ``"Pumpkin: 1 4× bet given up, 2 10× bet kept; others held 4× bet, 6× bet = 1.50"``
    (what the untouched items held only once the game is over; amounts written as the
    game writes them, :func:`~slotterm.bet_words.times_bet`).
    """
    words: list[str] = []
    for pick in view["picks"]:
        if pick["action"] == "open":
            words.append(f"{pick['item']} {_holds(pick['holds'])}")
        elif pick["action"] == "choose":
            words.append(f"chose {pick['item']}")
        elif words:
            words[-1] = f"{words[-1]} {_DONE_WORDS[pick['action']]}"
    if view["imp"]:
        words.append(f"imp +{times_bet(view['imp'])}")
    text = f"{view['title']}: {', '.join(words) or 'no pick yet'}"
    if view["multiple"] is None:
        return f"{text} (under way)"
    opened = {p["item"] for p in view["picks"] if p["action"] == "open"}
    others = [_holds(i["holds"]) for i in view["items"] if i["item"] not in opened]
    if others:
        text += f"; others held {', '.join(others)}"
    return f"{text} = {view['prize']}"
