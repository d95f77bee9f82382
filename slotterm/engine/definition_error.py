"""The error of a game definition that does not make sense.

Every part of a definition (the model, the symbols, a game file's tables) raises it at
construction, naming the problem; it sits below them all so that each may raise it.
"""

from __future__ import annotations


class DefinitionError(ValueError):
    """A game definition is inconsistent; the message names the problem."""
