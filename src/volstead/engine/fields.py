"""The fields a class declares, interpreted or compiled by mypyc (which keeps no `__slots__` on a
class it compiles: its own fields are in `__mypyc_attrs__`). For tests, debugging and `repr`."""

from __future__ import annotations


def declared_fields(cls: type) -> tuple[str, ...]:
    """The fields `cls` itself declares (not its bases')."""
    own = cls.__dict__
    if "__slots__" in own:
        slots = own["__slots__"]
        return (slots,) if isinstance(slots, str) else tuple(slots)
    # mypyc lists "__dict__" too for a class that interpreted subclasses may extend: not a field
    return tuple(name for name in own.get("__mypyc_attrs__", ()) if not name.startswith("__"))


def all_fields(cls: type) -> tuple[str, ...]:
    """Every field of `cls`, its bases' first."""
    return tuple(name for k in reversed(cls.__mro__) for name in declared_fields(k))


def declares_its_fields(cls: type) -> bool:
    """Whether `cls` and each of its bases declare their fields (instances without a `__dict__`)."""
    return all("__slots__" in k.__dict__ or "__mypyc_attrs__" in k.__dict__ for k in cls.__mro__[:-1] if k.__module__ != "typing")
