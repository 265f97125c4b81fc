"""Every part of a game's state that copies itself slot by slot copies every slot it declares.

A clone copies each mutable part of a state (Scarface's `Player`, Prohibition's `Gang`, The Mafia
Chronicles' `Syndicate`) with the part's own `copy()`, which assigns each slot by name: a loop over
the slots cost ~7 % of a greedy game, compiled (mypyc). A slot added to the class but not to its
`copy()` would be lost by a clone (interpreted) or reset to its default (compiled, where `copy()`
starts from a new instance). This one check covers every registered game: it finds the parts in a
new game's state, sets every declared slot to a value of its own, copies and compares."""

from __future__ import annotations

import pytest

from volstead.engine.fields import all_fields, declares_its_fields
from volstead.engine.rng import Lcg
from volstead.games import game_names, get_game

# The parts each built-in game's state copies slot by slot (a game may have more; none may go unfound).
KNOWN_PARTS = {"scarface1920": {"Player"}, "prohibition": {"Gang"}, "mafia_chronicles": {"Syndicate"}}


class Mark:
    """A value no game sets: what a copy holds where it copied this slot."""

    def __init__(self, slot: str) -> None:
        self.slot = slot

    def __repr__(self) -> str:
        return f"Mark({self.slot!r})"


def distinctive(value: object, slot: str, i: int) -> object:
    """A value of `value`'s type (a compiled class checks it) that neither the part nor a new
    instance has in this slot, and that no other slot has."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1000 + i
    if isinstance(value, float):
        return value + 1000.5 + i
    if isinstance(value, str):
        return f"{value}~{slot}"
    if type(value) is tuple:
        return (*value, Mark(slot))
    if type(value) is list:
        return [*value, Mark(slot)]
    if type(value) is dict:
        return {**value, Mark(slot): Mark(slot)}
    if type(value) is set:
        return {*value, Mark(slot)}
    return Mark(slot)


def copy_faults(part: object) -> list[str]:
    """The slots of `part` that its `copy()` does not copy (missing or another value), or whose
    list, dict or set the copy shares with the original; [] when the copy is right. Changes `part`."""
    slots = tuple(dict.fromkeys(all_fields(type(part))))  # compiled, a subclass lists its bases' fields again
    assert slots, f"{type(part).__name__} declares no slots"
    for i, name in enumerate(slots):
        try:
            setattr(part, name, distinctive(getattr(part, name), name, i))
        except TypeError as e:  # a compiled slot of a type `distinctive` does not make
            raise AssertionError(f"{type(part).__name__}.{name}: no distinctive value of its type ({e})") from None
    expected = {name: getattr(part, name) for name in slots}
    copy = part.copy()
    assert type(copy) is type(part) and copy is not part
    faults = []
    for name in slots:
        if not hasattr(copy, name) or getattr(copy, name) != expected[name]:
            faults.append(name)
        elif isinstance(expected[name], (list, dict, set)) and getattr(copy, name) is getattr(part, name):
            faults.append(f"{name} (shared)")
    return faults


def parts_with_copy(state: object) -> dict[str, object]:
    """One instance of each class with a `copy()` that the state holds in a field, directly or in
    a tuple or list: the parts a clone copies."""
    found: dict[str, object] = {}
    for name in all_fields(type(state)):
        value = getattr(state, name, None)
        for item in value if type(value) in (tuple, list) else (value,):
            cls = type(item)
            if callable(getattr(cls, "copy", None)) and cls.__module__.startswith("volstead.") and declares_its_fields(cls):
                found.setdefault(cls.__name__, item)
    return found


@pytest.mark.parametrize("name", game_names())
def test_each_part_of_a_games_state_copies_every_slot(name):
    game = get_game(name)
    parts = parts_with_copy(game.new_game(1, game.max_seats))
    assert KNOWN_PARTS.get(name, set()) <= set(parts)
    for cls_name, part in parts.items():
        assert copy_faults(part) == [], f"{name}: {cls_name}.copy()"


def test_the_engines_generator_copies_every_slot():
    assert copy_faults(Lcg(0x1234_5678_9ABC)) == []


class Forgetful:
    """A part whose copy forgets `robbed` and shares `notes`."""

    __slots__ = ("gs", "robbed", "hand", "notes", "name")
    FROM_NEW = False  # as compiled: the copy starts from a new instance, not a bare one

    def __init__(self) -> None:
        self.gs, self.robbed, self.hand, self.notes, self.name = 0, False, (), [], "gang"

    def copy(self) -> Forgetful:
        cls = type(self)
        c = cls() if self.FROM_NEW else cls.__new__(cls)
        c.gs, c.hand, c.notes, c.name = self.gs, self.hand, self.notes, self.name
        return c


class ForgetfulFromNew(Forgetful):
    __slots__ = ()
    FROM_NEW = True


@pytest.mark.parametrize("cls", [Forgetful, ForgetfulFromNew])
def test_the_check_finds_a_forgotten_slot_and_a_shared_list(cls):
    """Interpreted, the forgotten slot is missing from the copy; compiled, it keeps its default."""
    assert copy_faults(cls()) == ["robbed", "notes (shared)"]
