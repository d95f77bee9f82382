"""A faster ``__init__`` for the engine's frozen, slotted dataclasses.

A frozen dataclass's generated ``__init__`` stores each field through
``object.__setattr__``; for a slotted class the same store through the slot's own
descriptor takes about half the time.  :func:`fast_init` swaps in such an ``__init__``
with the very same signature and defaults.  Instances stay frozen: assignment after
construction still raises ``FrozenInstanceError``.

The engine's ``NamedTuple`` records get :func:`strict_tuple` (equal only to their own
type) and, where a hot path builds them, a :func:`keyword_builder`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, fields, is_dataclass
from typing import Any, TypeVar

T = TypeVar("T", bound=type)
N = TypeVar("N", bound=tuple[Any, ...])


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


def keyword_builder(cls: type[N]) -> Callable[..., N]:
    """A keyword-only function building the ``NamedTuple`` ``cls``, cheaper than ``cls(...)``.

    ``build(field=value, ...)`` takes exactly the class's fields by name (its defaults
    too) and returns ``cls(...)`` of them.  Calling the class itself goes through the
    type's generic ``__new__`` slot, about twice the cost: the hottest records of a
    feature step use a builder.  The function is written from ``cls._fields``, so the
    order of the values can never differ from the class's.
    """
    if not issubclass(cls, tuple) or not hasattr(cls, "_fields"):
        raise TypeError(f"{cls.__name__} must be a NamedTuple")
    fields: tuple[str, ...] = getattr(cls, "_fields")  # noqa: B009 - a NamedTuple's
    defaults: dict[str, Any] = getattr(cls, "_field_defaults")  # noqa: B009
    namespace: dict[str, Any] = {"_new": tuple.__new__, "_cls": cls}
    params = []
    for name in fields:
        if name in defaults:
            namespace[f"_default_{name}"] = defaults[name]
            params.append(f"{name}=_default_{name}")
        else:
            params.append(name)
    values = "".join(f"{name}, " for name in fields)
    source = f"def build(*, {', '.join(params)}):\n    return _new(_cls, ({values}))\n"
    exec(source, namespace)
    build: Callable[..., N] = namespace["build"]
    build.__qualname__ = build.__name__ = f"build_{cls.__name__}"
    build.__module__ = cls.__module__
    build.__doc__ = f"A {cls.__name__} of the given fields (see keyword_builder)."
    return build
