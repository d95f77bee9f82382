"""The feature modules a game file may use, found without a list naming them.

Every module of :mod:`slotterm.engine.features` and of its :mod:`.pick_games` package is
imported (``pkgutil``), and every :class:`~slotterm.engine.feature.Feature` and
:class:`~slotterm.engine.feature.SpinModifier` class defined there is found: a feature
with a :attr:`~slotterm.engine.feature.Feature.file_key` reads its own top-level table
of a game file, a modifier attaches to the feature it names as its ``host``, and a part
(a pick game) is found by its ``name`` inside its host's table.  A new feature module
placed in either package is found the same way: nothing here names one.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType, ModuleType

from slotterm.engine import features as features_package
from slotterm.engine.feature import Feature, SpinModifier


@dataclass(frozen=True)
class FoundFeatures:
    """The feature classes found: by file key (features, modifiers) and by name (all)."""

    features: Mapping[str, type[Feature]]
    modifiers: Mapping[str, type[SpinModifier]]
    by_name: Mapping[str, type]

    @property
    def file_keys(self) -> tuple[str, ...]:
        """Every top-level key a feature or a modifier reads."""
        return (*self.features, *self.modifiers)


def _modules(package: ModuleType) -> Iterator[ModuleType]:
    yield package
    for info in pkgutil.iter_modules(package.__path__, package.__name__ + "."):
        module = importlib.import_module(info.name)
        if info.ispkg:
            yield from _modules(module)
        else:
            yield module


def _classes(module: ModuleType) -> Iterator[type[Feature] | type[SpinModifier]]:
    for value in vars(module).values():
        if (
            isinstance(value, type)
            and value.__module__ == module.__name__
            and issubclass(value, Feature | SpinModifier)
            and value.name
        ):
            yield value


@functools.cache
def found_features() -> FoundFeatures:
    """Every feature class of the feature packages (imported once, then remembered)."""
    features: dict[str, type[Feature]] = {}
    modifiers: dict[str, type[SpinModifier]] = {}
    by_name: dict[str, type] = {}
    for module in _modules(features_package):
        for cls in _classes(module):
            by_name[cls.name] = cls
            key = cls.file_key
            if key is None:
                continue
            if key in features or key in modifiers:
                raise RuntimeError(f"two feature classes read the game-file key {key!r}")
            if issubclass(cls, Feature):
                features[key] = cls
            elif issubclass(cls, SpinModifier):
                modifiers[key] = cls
    return FoundFeatures(
        features=MappingProxyType(dict(sorted(features.items()))),
        modifiers=MappingProxyType(dict(sorted(modifiers.items()))),
        by_name=MappingProxyType(by_name),
    )
