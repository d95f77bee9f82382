"""The random source as JSON, and back, validating everything (a save is untrusted
input): what :mod:`slotterm.session.codec` writes under ``rng`` and reads back -- the
secure source, or a seeded source with its seed and full generator state."""

from __future__ import annotations

from typing import Any

from slotterm.engine.feature import Json
from slotterm.engine.fields import as_dict, as_int, as_ints, as_list, as_str, check, need
from slotterm.rng import RandomSource, SecureSource, SeededSource
from slotterm.session.errors import SaveFormatError
from slotterm.session.save_fields import shown

MT_WORDS = 625
"""Length of the Mersenne Twister state: 624 words and the position."""
SEED_MAX = 10**30
"""The largest seed a save holds: every seed ``--seed`` accepts (``slotterm.cli``'s bound)."""


def encode_rng(rng: RandomSource) -> Json:
    """The secure source needs nothing; a seeded source stores its seed and full state."""
    if isinstance(rng, SeededSource):
        version, words, gauss = rng.get_state()
        return {"kind": "seeded", "seed": rng.seed, "state": [version, list(words), gauss]}  # type: ignore[call-overload]
    if isinstance(rng, SecureSource):
        return {"kind": "secure"}
    raise TypeError(f"cannot save a {type(rng).__name__}")


def decode_rng(value: Any) -> RandomSource:
    """A secure source, or a seeded source resumed at its saved state."""
    where = "save.rng"
    doc = as_dict(value, where)
    kind = as_str(need(doc, "kind", where), f"{where}.kind")
    if kind == "secure":
        return SecureSource()
    check(kind == "seeded", f"{where}.kind {shown(kind)} is unknown")
    seed = as_int(need(doc, "seed", where), f"{where}.seed", 0, SEED_MAX)
    version, words, gauss = as_list(need(doc, "state", where), f"{where}.state", 3)
    check(version == 3, f"{where}.state has an unknown version")
    check(gauss is None, f"{where}.state is not a saved generator")
    state = as_ints(words, f"{where}.state[1]", 0, 2**32 - 1, MT_WORDS)
    check(state[-1] <= MT_WORDS - 1, f"{where}.state position is out of range")
    source = SeededSource(seed)
    try:
        source.set_state((3, state, None))
    except (ValueError, TypeError, OverflowError):
        raise SaveFormatError(f"{where}.state is not a valid generator state") from None
    return source
