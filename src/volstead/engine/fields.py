"""The fields a class declares, interpreted or compiled by mypyc (which keeps no `__slots__` on a
class it compiles: its own fields are in `__mypyc_attrs__`). For tests, debugging and `repr`."""

from __future__ import annotations


def declared_fields(cls: type) -> tuple[str, ...]:
    """The fields `cls` itself declares (not its bases')."""
    own = cls.__dict__
    if "__slots__" in own:
        slots = own["__slots__"]
        return (slots,) if isinstance(slots, str) else tuple(slots)
    return tuple(own.get("__mypyc_attrs__", ()))


def all_fields(cls: type) -> tuple[str, ...]:
    """Every field of `cls`, its bases' first."""
    return tuple(name for k in reversed(cls.__mro__) for name in declared_fields(k))
