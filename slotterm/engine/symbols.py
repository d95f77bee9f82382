"""The reel symbols: what a symbol is (:class:`Symbol`) and the role it plays
(:class:`SymbolKind`)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from slotterm.engine.definition_error import DefinitionError


class SymbolKind(StrEnum):
    """The role a symbol plays on the reels."""

    REGULAR = "regular"
    WILD = "wild"
    SCATTER = "scatter"
    WILD_SCATTER = "wild_scatter"
    BONUS = "bonus"
    """No pay of its own; a feature triggers on where it shows."""

    @property
    def is_wild(self) -> bool:
        """True when the symbol substitutes on lines."""
        return self in (SymbolKind.WILD, SymbolKind.WILD_SCATTER)

    @property
    def is_scatter(self) -> bool:
        """True when the symbol pays and triggers anywhere in the window."""
        return self in (SymbolKind.SCATTER, SymbolKind.WILD_SCATTER)


@dataclass(frozen=True)
class Symbol:
    """One reel symbol: a short id used in grids and a display name."""

    id: str
    kind: SymbolKind
    name: str

    def __post_init__(self) -> None:
        if not self.id or not self.id.isalnum() or self.id.upper() != self.id:
            raise DefinitionError(f"symbol id {self.id!r} must be upper-case letters/digits")
