"""The environments serve every game: volstead.rl imports no game's package and names no game (the
layer rule of the bots, the simulator and the server; tests/test_layers.py)."""

from __future__ import annotations

import ast
from pathlib import Path

import volstead.rl
from volstead.games import _BUILT_IN

RL = Path(volstead.rl.__file__).resolve().parent


def test_the_environments_import_no_game_and_name_none():
    for path in sorted(RL.rglob("*.py")):
        source = path.read_text()
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert not node.module.startswith("volstead.games."), f"{path.name} imports {node.module}"
            if isinstance(node, ast.Import):
                assert not any(a.name.startswith("volstead.games.") for a in node.names), path.name
        for name in _BUILT_IN:
            assert name not in source, f"{path.name} names {name}"
