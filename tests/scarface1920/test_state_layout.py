"""The state is declared data: every field in __slots__, clone copies each one, and the base
rules know nothing of the solo automa (it plugs in through the state's hooks)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from volstead.engine.fields import all_fields, declared_fields, declares_its_fields
from volstead.engine.step import SeatStep, Step
from volstead.games.scarface1920 import GAME
from volstead.games.scarface1920.options import Options
from volstead.games.scarface1920.solo.state import SoloState
from volstead.games.scarface1920.state import Player, ScarfaceState

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "volstead" / "games" / "scarface1920"


def slot_names(cls: type) -> list[str]:
    return list(all_fields(cls))


def played(state, decisions: int):
    for _ in range(decisions):
        if state.is_over():
            break
        state.apply_index(0)
    return state


@pytest.mark.parametrize("options, seats, cls", [(Options(), 3, ScarfaceState), (Options(solo=True), 1, SoloState)])
def test_states_have_no_undeclared_fields_and_clone_copies_each(options, seats, cls):
    s = played(GAME.new_game(5, seats, options), 60)
    assert type(s) is cls and not hasattr(s, "__dict__")
    assert all(not hasattr(p, "__dict__") for p in s.players)
    c = s.clone()
    for name in slot_names(cls):
        if name in ("_decision", "_pending", "stack", "players"):
            continue
        value = getattr(s, name)  # shared, not copied (an int compiled by mypyc is boxed anew: equal)
        assert getattr(c, name) == value and (type(value) is int or getattr(c, name) is value), name
    assert c.stack == s.stack and c.stack is not s.stack
    for p, q in zip(s.players, c.players):
        assert p is not q and p.fields() == q.fields()
    assert set(declared_fields(Player)) == set(s.players[0].fields())
    # the copy is independent: a move on it leaves the original as it was
    before = [p.fields() for p in s.players], s.decision_ids()
    c.apply_index(0)
    assert ([p.fields() for p in s.players], s.decision_ids()) == before


def test_every_scarface_step_declares_its_fields():
    import volstead.games.scarface1920.effects  # noqa: F401  (register every step class)
    import volstead.games.scarface1920.rules.setup  # noqa: F401
    import volstead.games.scarface1920.solo.setup  # noqa: F401
    import volstead.games.scarface1920.solo.turn  # noqa: F401

    def subclasses(c):
        for k in c.__subclasses__():
            yield k
            yield from subclasses(k)

    steps = [k for k in subclasses(Step) if k.__module__.startswith("volstead.games.scarface1920")]
    assert len(steps) > 50
    undeclared = [k.__name__ for k in steps if not declares_its_fields(k)]
    assert undeclared == []
    seat_steps = [k for k in steps if issubclass(k, SeatStep)]
    assert len(seat_steps) >= 30
    assert all("seat" not in k.__dict__ for k in seat_steps)  # seat() is SeatStep's


def imported_modules(path: Path) -> list[str]:
    """Every module a file imports (relative ones spelled with their dots), at any depth."""
    out = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            out += [base] + [f"{base}.{a.name}" if node.module else base + a.name for a in node.names]
    return out


@pytest.mark.parametrize("folder", ["rules", "effects"])
def test_base_rules_do_not_import_solo(folder):
    files = sorted((PACKAGE / folder).glob("*.py"))
    assert files
    offending = {f.name: m for f in files for m in imported_modules(f) if "solo" in m.split(".")}
    assert offending == {}
