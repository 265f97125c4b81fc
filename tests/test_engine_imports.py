"""The engine's imports (issue 33; ../shared/architecture/layers.json): the engine imports nothing of
Volstead outside `volstead.engine` — it is handed a game, it never looks one up, and it knows no
player, network or command — and its modules import each other without a circle, counting every
import (at the top, inside a function, or for type checking only)."""

from __future__ import annotations

import ast
from pathlib import Path

import volstead.engine

ENGINE = Path(volstead.engine.__file__).parent


def engine_imports() -> dict[str, set[str]]:
    """Each engine module (by file stem) and the dotted modules it imports, relative ones resolved."""
    out: dict[str, set[str]] = {}
    for path in sorted(ENGINE.glob("*.py")):
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level == 1:
                    base = f"volstead.engine.{base}" if base else "volstead.engine"
                elif node.level > 1:
                    base = "volstead" + (f".{base}" if base else "")
                if base == "volstead.engine":  # `from . import x`: module x
                    found.update(f"volstead.engine.{alias.name}" for alias in node.names)
                else:
                    found.add(base)
        out[path.stem] = found
    return out


def test_the_engine_imports_nothing_of_volstead_outside_the_engine():
    outside = {
        f"engine/{name}.py imports {module}"
        for name, modules in engine_imports().items()
        for module in modules
        if (module == "volstead" or module.startswith("volstead.")) and not module.startswith("volstead.engine")
    }
    assert not outside, sorted(outside)


def test_the_engine_has_no_import_circle():
    graph = {
        name: {m.removeprefix("volstead.engine.") for m in modules if m.startswith("volstead.engine.")} - {name}
        for name, modules in engine_imports().items()
        if name != "__init__"  # the package's face: it only hands names on
    }
    assert set().union(*graph.values()) <= set(graph), "an engine import names no engine module"
    # Kahn's algorithm: whatever cannot be ordered lies on (or under) a circle.
    remaining = {name: set(deps) for name, deps in graph.items()}
    while True:
        leaves = [name for name, deps in remaining.items() if not deps]
        if not leaves:
            break
        for name in leaves:
            del remaining[name]
        for deps in remaining.values():
            deps.difference_update(leaves)
    assert not remaining, f"engine modules in an import circle: {sorted(remaining)} ({remaining})"
