"""What the ``eval`` command takes to evaluate a window as one of a feature's spins.

A feature (and a spin modifier) lists its inputs through ``eval_inputs``
(:mod:`slotterm.engine.feature`); the command builds its options from them.
"""

from __future__ import annotations

from typing import NamedTuple

from slotterm.engine.fast_init import strict_tuple

__all__ = ["EvalInput"]


@strict_tuple
class EvalInput(NamedTuple):
    """One input the ``eval`` command takes to evaluate a window as a feature's spin.

    ``key`` names it in a ``--jsonl`` request; the command line spells it ``--KEY`` with
    ``_`` written ``-`` (``free_spin`` -> ``--free-spin``); ``help`` is the option's help.
    With ``choices`` the value is one of those symbol ids (any case); without, the input is
    a switch (``true``/``false``, a flag on the command line).  Giving any input of a
    feature evaluates the window as one of that feature's own spins (a free spin: its
    scatters retrigger); a symbol input is also the state of its modifier for the spin
    (the symbol it drew for the feature).  No argparse here: the command builds its options.
    """

    key: str
    help: str
    choices: tuple[str, ...] = ()
