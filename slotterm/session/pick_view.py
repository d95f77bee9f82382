"""A pick game of the saved history as plain data: every pick, and what every item held.

:func:`pick_view` turns a pick game's frame (Magic Potion, Pumpkin, Spell Book, Secret
Vault) into::

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
from slotterm.engine.features.pick_game import Content, PickGame
from slotterm.engine.features.pick_games.magic_potion import MagicPotion
from slotterm.engine.features.pick_games.pumpkin import Pumpkin
from slotterm.engine.features.pick_games.secret_vault import SecretVault
from slotterm.engine.features.pick_games.spell_book import SpellBook
from slotterm.engine.records import FeatureFrame
from slotterm.money import format_cents

View = dict[str, Any]

_Pick = tuple[int, str]
"""An item index (0-based) and what the player did with it."""


def _picks(game: PickGame, record: Any) -> tuple[tuple[Content, ...], list[_Pick], int | None]:
    """The layout, the picks in order and the imp's multiple, for each kind of pick game."""
    if isinstance(game, MagicPotion):
        return record.layout, [(i, "open") for i in record.opened], None
    if isinstance(game, Pumpkin):
        picks: list[_Pick] = []
        for n, index in enumerate(record.opened):
            picks.append((index, "open"))
            if n < record.given_up:
                picks.append((index, "give_up"))
            elif record.kept:
                picks.append((index, "keep"))
        return record.layout, picks, None
    if isinstance(game, SpellBook):
        opened = [] if record.opened is None else [(record.opened, "open")]
        return record.books, opened, record.imp if record.opened is not None else None
    if isinstance(game, SecretVault):
        chosen = [(i, "choose") for i in record.chosen]
        opened = [] if record.opened is None else [(record.opened, "open")]
        return record.layout, chosen + opened, None
    raise TypeError(f"no history view for the pick game {game.name}")  # pragma: no cover


_TAKEN = {"open": "opened", "choose": "chosen", "give_up": "given_up", "keep": "kept"}


def pick_view(game: PickGame, frame: FeatureFrame, total_bet: int) -> View:
    """The pick game of ``frame`` (a frame of ``game``) with every pick and item."""
    record = frame.record
    layout, picks, imp = _picks(game, record)
    seen = {index for index, action in picks if action == "open"}
    if isinstance(game, SecretVault) and record.opened is not None:
        seen = set(range(len(layout)))  # the vaults not chosen show their amounts
    taken: dict[int, str] = {}
    for index, action in picks:
        taken[index] = _TAKEN[action]
    shown_all = frame.done
    multiple = _multiple(game, record) if frame.done else None
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
        "imp": imp,
        "multiple": multiple,
        "prize": format_cents(game.pay(record), grouping=False),
        "total_bet": format_cents(total_bet, grouping=False),
    }


def _multiple(game: PickGame, record: Any) -> int | None:
    """What the finished game's picks are worth in total bets (before any cap)."""
    if isinstance(game, MagicPotion):
        return game.multiple(record.layout, record.opened)
    if isinstance(game, Pumpkin):
        return record.layout[record.opened[-1]] if record.kept else None
    if record.opened is None:  # Spell Book and Secret Vault before their one opening
        return None
    if isinstance(game, SpellBook):
        return record.books[record.opened] + (record.imp or 0)  # type: ignore[no-any-return]
    if isinstance(game, SecretVault):
        return record.layout[record.opened]  # type: ignore[no-any-return]
    return None  # pragma: no cover


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
