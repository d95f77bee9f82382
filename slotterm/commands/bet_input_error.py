"""The one error of a bet given on the command line or in a request (``eval``, ``simulate``)."""

from __future__ import annotations


class BetInputError(ValueError):
    """A bet the game does not take; the message says why, in one line.

    ``option`` is the command-line option at fault (``--bet``, ``--coins``, ``--coin-size``).
    """

    def __init__(self, message: str, option: str) -> None:
        super().__init__(message)
        self.option = option
