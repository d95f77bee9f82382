"""Secret Vault: choose three vaults of twelve, open one of them (DESIGN.md §2)."""

from __future__ import annotations

from slotterm.engine.features.pick_game import PickGame
from slotterm.engine.model import DefinitionError

NAME = "secret_vault"


class SecretVault(PickGame):
    """The ``amounts`` lie in the vaults in a random order; the player chooses ``chosen``.

    The others show their amounts and vanish; the player opens one of the chosen.
    """

    name = NAME
    label = "vault"
    title = "Secret Vault"

    def __init__(self, *, amounts: tuple[int, ...], chosen: int = 3) -> None:
        if not amounts or any(not isinstance(a, int) or a < 1 for a in amounts):
            raise DefinitionError(f"{self.title}: amounts must be positive integers")
        if not 1 <= chosen <= len(amounts):
            raise DefinitionError(f"{self.title}: chosen must be 1..{len(amounts)}")
        self.amounts = tuple(amounts)
        self.chosen = chosen

    @property
    def vaults(self) -> int:
        """How many vaults there are."""
        return len(self.amounts)

    def max_prize(self) -> int:
        """The top amount."""
        return max(self.amounts)
