"""The layers hold (docs/architecture.md; ../shared/architecture/layers.json): a game knows only the
engine, the simulator sits below the command, and only the CLI imports the CLI. Every module's
imports are read from its source (AST), those inside functions included."""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

import volstead

SRC = Path(volstead.__file__).resolve().parent  # the volstead package under test
ABOVE_THE_ENGINE = ("volstead.sim", "volstead.bots", "volstead.server", "volstead.cli")


def module_name(path: Path, package: Path = SRC) -> str:
    parts = path.relative_to(package.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path, package: Path = SRC) -> list[tuple[int, str]]:
    """(line, module) of every import in the file, relative ones resolved against its package;
    `from A import b` counts as importing A and A.b (b may be a module)."""
    here = module_name(path, package).split(".")
    if path.name != "__init__.py":
        here = here[:-1]
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = here[: len(here) - node.level + 1] if node.level else []
            module = ".".join([*base, *(node.module.split(".") if node.module else [])])
            found += [(node.lineno, module)] + [(node.lineno, f"{module}.{alias.name}") for alias in node.names]
    return found


def breaking(files: Iterable[Path], forbidden: tuple[str, ...], package: Path = SRC) -> list[str]:
    """ "MODULE (line N) imports NAME" for each import of a forbidden package (or a module in it)."""
    out = set()
    for path in files:
        for line, name in imported(path, package):
            if any(name == f or name.startswith(f + ".") for f in forbidden):
                out.add(f"{module_name(path, package)} (line {line}) imports {name}")
    return sorted(out)


def test_the_import_reader_sees_imports_in_functions_and_relative_ones(tmp_path):
    package = tmp_path / "volstead"
    game = package / "games" / "fake"
    game.mkdir(parents=True)
    (game / "__init__.py").write_text("from volstead.engine.contract import Game\n")
    (game / "x.py").write_text(
        "from volstead.engine import replay\n"
        "def f():\n    import volstead.bots.greedy\n"
        "def g():\n    from ... import sim\n"
        "from ...cli.common import fail\n"
    )
    assert breaking(sorted(game.rglob("*.py")), ABOVE_THE_ENGINE, package) == [
        "volstead.games.fake.x (line 3) imports volstead.bots.greedy",
        "volstead.games.fake.x (line 5) imports volstead.sim",
        "volstead.games.fake.x (line 6) imports volstead.cli.common",
        "volstead.games.fake.x (line 6) imports volstead.cli.common.fail",
    ]


def test_no_game_imports_a_part_above_the_engine():
    assert breaking(sorted((SRC / "games").rglob("*.py")), ABOVE_THE_ENGINE) == []


def test_the_simulator_imports_nothing_of_the_command():
    assert breaking(sorted((SRC / "sim").rglob("*.py")), ("volstead.cli",)) == []


def test_only_the_cli_imports_the_cli():
    outside = [p for p in sorted(SRC.rglob("*.py")) if (SRC / "cli") not in p.parents]
    assert breaking(outside, ("volstead.cli",)) == []
