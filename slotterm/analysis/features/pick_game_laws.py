"""The exact laws of the Mystery bonus's pick games, in multiples of the total bet.

Every prize of a pick game is a whole multiple of the total bet, so a game's pay is a
discrete law on the integers, held exactly as ``{multiple: Fraction}`` (the probabilities
add up to exactly one).  The functions take plain parameters (the tables of DESIGN §2);
the only thing taken from the engine is Pumpkin's optimal-stopping thresholds
(:func:`pumpkin_thresholds`), so play and maths share one formula.

* Magic Potion -- the bottles are exchangeable, so the order of opening is a uniformly
  random permutation whatever the player picks: which of Win All / Stop comes first is
  50/50, independently of the number ``k`` of amounts opened before it, and
  ``P(k) = (n + 1 - k) / C(n + 2, 2)`` for ``n`` amount bottles.  Win All pays the sum of
  all ``n`` amounts; Stop pays the ``k`` amounts opened plus the bonus for each of the
  ``n + 1 - k`` bottles left unopened (the Win All bottle among them).
* Pumpkin -- the one real decision (keep or open another): optimal stopping with the
  thresholds ``V_1 = E[X]``, ``V_{k+1} = E[max(X, V_k)]`` (``min`` for worst play); the
  law of each policy is an exact enumeration of the amounts opened, merged stage by stage.
* Spell Book -- one book (exchangeable), plus the imp's multiplier with its probability.
* Secret Vault -- the vault opened holds each amount with the same probability.
* Mystery -- the equal-weight mixture of the four games.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

from slotterm.engine.features.pick_games.pumpkin import keep_thresholds

__all__ = [
    "PUMPKINS",
    "PUMPKIN_POLICIES",
    "Law",
    "Weights",
    "convolve",
    "law_mean",
    "law_variance",
    "magic_potion_law",
    "mystery_law",
    "pumpkin_keeps",
    "pumpkin_law",
    "pumpkin_thresholds",
    "secret_vault_law",
    "spell_book_law",
    "weighted",
]

Weights = Mapping[int, int]
"""A value -> integer weight table, e.g. ``{1: 30, 2: 25, 3: 20, 5: 15, 8: 10}``."""

Law = dict[int, Fraction]
"""A law: multiple of the total bet -> probability; the probabilities sum to exactly 1."""

PUMPKINS = 5
"""The number of pumpkins in the Pumpkin game (so at most ``PUMPKINS - 1`` give-ups)."""

PUMPKIN_POLICIES = ("best", "keep-first", "worst", "random")
"""The Pumpkin policies :func:`pumpkin_law` knows."""


def _check_int(name: str, value: object, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if value < minimum:
        raise ValueError(f"{name} must be at least {minimum}, not {value}")
    return value


def _normalised(items: Iterable[tuple[int, Fraction]]) -> Law:
    """Merge equal values, drop zero masses, sort by value."""
    out: dict[int, Fraction] = {}
    for value, p in items:
        out[value] = out.get(value, Fraction(0)) + p
    return {v: out[v] for v in sorted(out) if out[v] != 0}


def weighted(weights: Weights) -> Law:
    """The law of a single draw from an integer weight table (value -> weight).

    Weights must be non-negative ints with a positive total; a zero weight is left out.
    """
    total = 0
    for value, weight in weights.items():
        _check_int("a value", value, -(2**63))
        total += _check_int(f"the weight of {value}", weight, 0)
    if total == 0:
        raise ValueError("the weights must have a positive total")
    return _normalised((v, Fraction(w, total)) for v, w in weights.items())


def law_mean(law: Law) -> Fraction:
    """The mean of a law, exactly."""
    return sum((v * p for v, p in law.items()), Fraction(0))


def law_variance(law: Law) -> Fraction:
    """The variance of a law, exactly: ``E[(X - E[X])^2]``."""
    mean = law_mean(law)
    return sum(((v - mean) ** 2 * p for v, p in law.items()), Fraction(0))


def convolve(a: Law, b: Law) -> Law:
    """The law of ``X + Y`` for independent ``X`` with law ``a`` and ``Y`` with law ``b``."""
    return _normalised((x + y, p * q) for x, p in a.items() for y, q in b.items())


def _shift(law: Law, by: int) -> Law:
    return {v + by: p for v, p in law.items()}


def _mix(parts: Iterable[tuple[Fraction, Law]]) -> Law:
    return _normalised((v, w * p) for w, law in parts for v, p in law.items())


def magic_potion_law(amounts: Weights, amount_bottles: int = 10, stop_bonus: int = 1) -> Law:
    """The law of Magic Potion's pay.

    ``amount_bottles`` bottles hide i.i.d. amounts drawn from ``amounts``, one is Win All and
    one is Stop, all in a uniformly random order; the player opens bottles one at a time
    (the order of opening does not matter: the bottles are exchangeable).  Win All pays
    every one of the amounts (opened or not) and ends the game.  Stop ends it, paying the
    amounts opened plus ``stop_bonus`` for every bottle left unopened, the Stop itself
    excluded (so the Win All bottle and the unopened amounts count).

    With ``n = amount_bottles`` and ``k`` the number of amounts before the first of the two
    marked bottles, ``P(k) = (n + 1 - k) / C(n + 2, 2)`` and which marked bottle comes first
    is 50/50, independently of ``k``.
    """
    n = _check_int("amount_bottles", amount_bottles, 0)
    bonus = _check_int("stop_bonus", stop_bonus, 0)
    draw = weighted(amounts)
    pairs = math.comb(n + 2, 2)
    partial: list[Law] = [{0: Fraction(1)}]  # partial[k]: the law of the sum of k amounts
    for _ in range(n):
        partial.append(convolve(partial[-1], draw))
    half = Fraction(1, 2)
    stop_parts = (
        (half * Fraction(n + 1 - k, pairs), _shift(partial[k], bonus * (n + 1 - k)))
        for k in range(n + 1)
    )
    return _mix([(half, partial[n]), *stop_parts])


def _check_policy(policy: str, allowed: Sequence[str]) -> None:
    if policy not in allowed:
        raise ValueError(f"unknown policy {policy!r}; expected one of {', '.join(allowed)}")


def _check_give_ups(give_ups: int, pumpkins: int = PUMPKINS) -> int:
    _check_int("give_ups", give_ups, 0)
    if give_ups > pumpkins - 1:
        raise ValueError(f"give_ups must be at most {pumpkins - 1} ({pumpkins} pumpkins)")
    return give_ups


def pumpkin_thresholds(
    amounts: Weights, give_ups: int, policy: str, pumpkins: int = PUMPKINS
) -> tuple[Fraction, ...]:
    """The value of going on in Pumpkin, for 1..``give_ups`` more opens possible.

    For ``"best"``: ``V_1 = E[X]`` and ``V_{k+1} = E[max(X, V_k)]``; for ``"worst"`` the
    same with ``min``.  Index ``k - 1`` of the result is the value with ``k`` more opens
    possible (after the current amount is given up), ``k = 1..give_ups``.  These are the
    engine's own :func:`~slotterm.engine.features.pick_games.pumpkin.keep_thresholds`
    (one formula for the play and the maths); the tests derive them apart, by hand and
    by searching every threshold policy.
    """
    _check_policy(policy, ("best", "worst"))
    _check_give_ups(give_ups, pumpkins)
    weighted(amounts)  # the table is checked as every law's is
    return keep_thresholds(amounts, give_ups, policy)


def pumpkin_keeps(
    amount: int, opens_left: int, policy: str, thresholds: tuple[Fraction, ...]
) -> bool:
    """Whether ``policy`` keeps ``amount`` with ``opens_left`` more pumpkins still openable.

    ``opens_left == 0`` must keep.  ``"best"`` keeps iff ``amount >= V_opens_left``,
    ``"worst"`` iff ``amount <= W_opens_left`` (``thresholds[opens_left - 1]``, from
    :func:`pumpkin_thresholds` with the same policy); ``"keep-first"`` always keeps.
    ``"random"`` is not a deterministic rule (see :func:`pumpkin_law`).
    """
    _check_policy(policy, ("best", "keep-first", "worst"))
    _check_int("opens_left", opens_left, 0)
    if opens_left == 0 or policy == "keep-first":
        return True
    if opens_left > len(thresholds):
        raise ValueError(f"no threshold for {opens_left} opens left ({len(thresholds)} given)")
    threshold = thresholds[opens_left - 1]
    return amount >= threshold if policy == "best" else amount <= threshold


def pumpkin_law(
    amounts: Weights, give_ups: int = 3, policy: str = "best", pumpkins: int = PUMPKINS
) -> Law:
    """The law of Pumpkin's pay under ``policy``.

    ``pumpkins`` (5) pumpkins hide i.i.d. amounts drawn from ``amounts``; the player opens
    one, sees it, and keeps it or gives it up to open another, at most ``give_ups`` times
    (so at most ``give_ups + 1`` are opened, the last one opened is kept; a given-up amount
    is lost).
    Policies: ``"best"`` and ``"worst"`` (optimal stopping, :func:`pumpkin_keeps`),
    ``"keep-first"``, and ``"random"`` (keep or give up with probability 1/2 each while a
    give-up is left).

    Exact enumeration of the amounts opened, merged stage by stage from the last pumpkin
    that can be opened backwards: ``L_0`` is one draw, ``L_m`` (``m`` give-ups left) is
    the mixture over the amount ``x`` opened of ``x`` (kept) or ``L_{m-1}`` (given up).
    """
    _check_policy(policy, PUMPKIN_POLICIES)
    _check_give_ups(give_ups, pumpkins)
    draw = weighted(amounts)
    thresholds = (
        pumpkin_thresholds(amounts, give_ups, policy, pumpkins)
        if policy in ("best", "worst")
        else ()
    )
    half = Fraction(1, 2)
    law: Law = draw  # m = 0: the pumpkin opened is kept
    for m in range(1, give_ups + 1):
        parts: list[tuple[Fraction, Law]] = []
        for x, p in draw.items():
            if policy == "random":
                parts += [(p * half, {x: Fraction(1)}), (p * half, law)]
            elif pumpkin_keeps(x, m, policy, thresholds):
                parts.append((p, {x: Fraction(1)}))
            else:
                parts.append((p, law))
        law = _mix(parts)
    return law


def spell_book_law(books: Weights, imp_probability: Fraction, imp: Weights) -> Law:
    """The law of Spell Book's pay: the book opened plus, maybe, the imp's multiplier.

    The books hide i.i.d. multipliers from ``books``; the one opened is a single draw
    (exchangeable).  Then with probability ``imp_probability`` the imp adds one multiplier
    drawn from ``imp``.  Pays book + imp.
    """
    q = Fraction(imp_probability)
    if not 0 <= q <= 1:
        raise ValueError(f"imp_probability must be in [0, 1], not {q}")
    book = weighted(books)
    return _mix([(1 - q, book), (q, convolve(book, weighted(imp)))])


def secret_vault_law(amounts: Sequence[int], chosen: int = 3) -> Law:
    """The law of Secret Vault's pay.

    The vaults hold ``amounts`` in a uniformly random order; the player chooses
    ``chosen`` of them and opens one: the amount won is uniform over ``amounts`` (a
    repeated amount counts once per vault), whatever ``chosen`` is.
    """
    if not amounts:
        raise ValueError("there must be at least one vault")
    _check_int("chosen", chosen, 1)
    if chosen > len(amounts):
        raise ValueError(f"cannot choose {chosen} of {len(amounts)} vaults")
    for amount in amounts:
        _check_int("an amount", amount, -(2**63))
    return _normalised((a, Fraction(1, len(amounts))) for a in amounts)


def mystery_law(games: Sequence[Law]) -> Law:
    """The law of the Mystery bonus: one of ``games`` drawn with equal weights."""
    if not games:
        raise ValueError("the Mystery bonus needs at least one game")
    w = Fraction(1, len(games))
    return _mix((w, game) for game in games)
