"""A faster ``__init__`` for the engine's frozen, slotted dataclasses.

A frozen dataclass's generated ``__init__`` stores each field through
``object.__setattr__``; for a slotted class the same store through the slot's own
descriptor takes about half the time.  :func:`fast_init` swaps in such an ``__init__``
with the very same signature and defaults.  Instances stay frozen: assignment after
construction still raises ``FrozenInstanceError``.
"""

from __future__ import annotations

from dataclasses import MISSING, fields, is_dataclass
from typing import Any, TypeVar

T = TypeVar("T", bound=type)


def fast_init(cls: T) -> T:
    """Give the frozen slotted dataclass ``cls`` a descriptor-based ``__init__``.

    Only for plain classes: every field in ``__init__``, no ``default_factory``, no
    ``__post_init__``.  Anything else is refused with :class:`TypeError`.
    """
    if not is_dataclass(cls) or "__slots__" not in cls.__dict__:
        raise TypeError(f"{cls.__name__} must be a slotted dataclass")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} has __post_init__")
    namespace: dict[str, Any] = {}
    params: list[str] = []
    body: list[str] = []
    for f in fields(cls):
        if not f.init or f.default_factory is not MISSING:
            raise TypeError(f"{cls.__name__}.{f.name} needs the generated __init__")
        namespace[f"_set_{f.name}"] = cls.__dict__[f.name].__set__
        if f.default is MISSING:
            params.append(f.name)
        else:
            namespace[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
        body.append(f"    _set_{f.name}(self, {f.name})")
    source = f"def __init__(self, {', '.join(params)}):\n" + "\n".join(body or ["    pass"])
    exec(source, namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    init.__annotations__ = dict(cls.__init__.__annotations__)
    init.__module__ = cls.__module__
    cls.__init__ = init  # type: ignore[method-assign]
    return cls


def _strict_eq(self: tuple[Any, ...], other: object) -> bool:
    return type(other) is type(self) and tuple.__eq__(self, other)


def _strict_ne(self: tuple[Any, ...], other: object) -> bool:
    return not _strict_eq(self, other)


def strict_tuple(cls: T) -> T:
    """Make the ``NamedTuple`` class ``cls`` equal only to values of its own type.

    The hottest records (the machine state, a spin, a step, the core events) are named
    tuples: immutable, and several times cheaper to build than a frozen dataclass.  A
    plain named tuple equals any tuple with the same items (``Collected(5) ==
    CreditsAdded(5)``); this decorator makes equality compare the type too.
    """
    if not issubclass(cls, tuple) or not hasattr(cls, "_fields"):
        raise TypeError(f"{cls.__name__} must be a NamedTuple")
    cls.__eq__ = _strict_eq  # type: ignore[method-assign]
    cls.__ne__ = _strict_ne  # type: ignore[method-assign,assignment]
    cls.__hash__ = tuple.__hash__  # type: ignore[method-assign]
    return cls
