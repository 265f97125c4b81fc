"""Rule modifiers as rows of ints (rules/modifiers.py; docs/effects.md, "Modifiers"): the card set
names them, the state reads them by code."""

from __future__ import annotations

import pytest

from volstead.games.scarface1920.rules import modifiers as M


def test_every_modifier_has_its_code_in_order():
    codes = {name: getattr(M, "MOD_" + name.upper()) for name in M.MODIFIERS}
    assert list(codes.values()) == list(range(len(M.MODIFIERS)))


def test_a_row_holds_each_named_modifier_at_its_code():
    row = M.modifier_row({"bribe": -2, "hand_size": 1})
    assert len(row) == len(M.MODIFIERS)
    assert (row[M.MOD_BRIBE], row[M.MOD_HAND_SIZE]) == (-2, 1)
    assert sum(row) == -1
    assert M.modifier_row({}) == M.NO_MODIFIERS == ()


def test_an_unknown_modifier_is_named():
    with pytest.raises(ValueError, match="unknown modifier 'bribes'"):
        M.modifier_row({"bribes": 1})


def test_rows_add_up_and_none_adds_nothing():
    a = M.modifier_row({"bribe": -1, "sale_bonus": 2})
    b = M.modifier_row({"bribe": -1, "lawyers": 1})
    total = M.add_rows(a, b)
    assert (total[M.MOD_BRIBE], total[M.MOD_SALE_BONUS], total[M.MOD_LAWYERS]) == (-2, 2, 1)
    assert M.add_rows(M.NO_MODIFIERS, a) is a and M.add_rows(b, M.NO_MODIFIERS) is b
