"""Which build of Volstead runs: pure Python, or with modules compiled by mypyc (issue 15).

A compiled module is an extension file (`*.so`, `*.pyd`) beside or instead of its `.py` inside the
package; `volstead --version` and the benchmarks print `describe_build()` so that a figure always
says which build made it (docs/performance.md, `benchmarks/compiled_trial.py`).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
EXTENSIONS = (".so", ".pyd")


def compiled_modules(package: Path = PACKAGE) -> list[str]:
    """Dotted names (below the package) of the modules present as compiled extensions, sorted."""
    names = []
    for path in package.rglob("*"):
        if path.suffix in EXTENSIONS and "__mypyc" not in path.name:  # mypyc's shared runtime is no module
            rel = path.relative_to(package).with_name(path.name.split(".", 1)[0])
            names.append(".".join(rel.parts))
    return sorted(names)


def describe_build(package: Path = PACKAGE) -> str:
    """"interpreted (pure Python)", or "compiled by mypyc: N modules (engine 5, games.x 30)"."""
    names = compiled_modules(package)
    if not names:
        return "interpreted (pure Python)"
    parts = Counter(".".join(n.split(".")[:2]) if n.startswith("games.") else n.split(".")[0] for n in names)
    return f"compiled by mypyc: {len(names)} modules ({', '.join(f'{k} {v}' for k, v in sorted(parts.items()))})"
