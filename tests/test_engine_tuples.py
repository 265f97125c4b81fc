"""`engine.tuples.replaced` gives what `NamedTuple._replace` gives, without its Python code
(issue 15; the games' small records are NamedTuples)."""

from __future__ import annotations

from typing import NamedTuple

import pytest

from volstead.engine.tuples import replaced


class Spot(NamedTuple):
    tile: int
    night: bool = False
    owner: int = -1
    goods: tuple[int, ...] = ()


def test_replaced_equals_replace_and_keeps_the_class():
    spot = Spot(3, goods=(1, 2))
    for changes in ({}, {"owner": 2}, {"night": True, "goods": ()}, {"tile": 0, "night": True, "owner": 1, "goods": (5,)}):
        new = replaced(spot, **changes)
        assert new == spot._replace(**changes) and type(new) is Spot
        assert new.owner == changes.get("owner", -1)
    assert spot == Spot(3, goods=(1, 2))  # the original is unchanged


def test_replaced_names_an_unknown_field():
    with pytest.raises(ValueError, match="Spot has no field 'color'"):
        replaced(Spot(1), owner=0, color=2)
