"""Which build of Volstead runs: pure Python, or with modules compiled by mypyc (issue 15).

The install compiles the engine's and the games' hot modules where it can (setup.py): each is an
extension file (`*.so`, `*.pyd`) beside its `.py` inside the package, and the build writes
`_compiled.json`: the sha256 of each compiled module's source, and whether the build was profile-guided
(`VOLSTEAD_PGO=1`). `choose_build()` runs when
`volstead` is imported, before any compiled module is: it keeps the compiled modules unless

- `VOLSTEAD_PURE_PYTHON` is set (not "" or "0"): to compare builds, or to debug in Python;
- a source changed since the build (an editable install, edited): the edit must be what runs,
  so every module runs interpreted (a warning says so) until the next install recompiles.

Interpreted, volstead's modules are loaded from their `.py` files, never from the extensions beside
them (all or none: an interpreted class cannot inherit from a compiled one). `volstead --version`
and the benchmarks print `describe_build()`, so that a figure always says which build made it.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.util
import json
import os
import sys
import warnings
from collections import Counter
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

PACKAGE = Path(__file__).resolve().parent
EXTENSIONS = (".so", ".pyd")
MANIFEST = "_compiled.json"
PURE_ENV = "VOLSTEAD_PURE_PYTHON"

# Why this process runs interpreted although compiled modules are installed (None: it does not).
pure_reason: str | None = None


def compiled_modules(package: Path = PACKAGE) -> list[str]:
    """Dotted names (below the package) of the modules present as compiled extensions, sorted."""
    names = []
    for path in package.rglob("*"):
        if path.suffix in EXTENSIONS and "__mypyc" not in path.name:  # mypyc's shared runtime is no module
            rel = path.relative_to(package).with_name(path.name.split(".", 1)[0])
            names.append(".".join(rel.parts))
    return sorted(names)


def read_manifest(package: Path = PACKAGE) -> dict:
    """The build's manifest: {"profile_guided": bool, "sources": {path: sha256}}; {} without one (no
    install-time build). A manifest written before the flag was kept is the bare sources mapping."""
    try:
        built = json.loads((package / MANIFEST).read_text())
    except (OSError, ValueError):
        return {}
    if not isinstance(built, dict):
        return {}
    return built if "sources" in built else {"profile_guided": False, "sources": built}


def stale_sources(package: Path = PACKAGE) -> list[str]:
    """The compiled modules (paths below the package) whose source is not the one compiled, per the
    build's manifest; [] without a manifest (no install-time build: nothing to check)."""
    built = read_manifest(package).get("sources", {})
    stale = []
    for rel, digest in built.items():
        try:
            if hashlib.sha256((package / rel).read_bytes()).hexdigest() != digest:
                stale.append(rel)
        except OSError:
            stale.append(rel)
    return stale


def choose_build(package: Path = PACKAGE) -> str | None:
    """Run interpreted when asked to or when the compiled modules are stale (see the module's
    docstring); returns the reason, or None when the compiled modules (if any) are used."""
    global pure_reason
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        pure_reason = f"{PURE_ENV} is set"
    elif stale := stale_sources(package):
        pure_reason = (
            f"{len(stale)} compiled module(s) older than the source ({', '.join(stale[:3])}"
            f"{', …' if len(stale) > 3 else ''}): reinstall to recompile"
        )
        warnings.warn(f"volstead runs interpreted: {pure_reason}", RuntimeWarning, stacklevel=2)
    if pure_reason is not None and not any(isinstance(f, SourcesFirst) for f in sys.meta_path):
        sys.meta_path.insert(0, SourcesFirst(package.name))
    return pure_reason


class SourcesFirst(importlib.abc.MetaPathFinder):
    """Finds the package's modules in their `.py` files, passing over compiled extensions."""

    def __init__(self, package: str):
        self.prefix = package + "."

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None) -> ModuleSpec | None:
        if not fullname.startswith(self.prefix) or not path:
            return None
        leaf = fullname.rpartition(".")[2]
        for entry in path:
            init = os.path.join(entry, leaf, "__init__.py")
            if os.path.isfile(init):
                return importlib.util.spec_from_file_location(fullname, init, submodule_search_locations=[os.path.dirname(init)])
            module = os.path.join(entry, leaf + ".py")
            if os.path.isfile(module):
                return importlib.util.spec_from_file_location(fullname, module)
        return None


def describe_build(package: Path = PACKAGE) -> str:
    """ "interpreted (pure Python)", "compiled by mypyc: N modules (engine 5, games.x 30)" (", profile-
    guided" after "mypyc" for a `VOLSTEAD_PGO` build), or "interpreted (pure Python; N compiled modules
    not used: why)"."""
    names = compiled_modules(package)
    if not names:
        return "interpreted (pure Python)"
    if pure_reason is not None:
        return f"interpreted (pure Python; {len(names)} compiled modules not used: {pure_reason})"
    parts = Counter(".".join(n.split(".")[:2]) if n.startswith("games.") else n.split(".")[0] for n in names)
    guided = ", profile-guided" if read_manifest(package).get("profile_guided") else ""
    return f"compiled by mypyc{guided}: {len(names)} modules ({', '.join(f'{k} {v}' for k, v in sorted(parts.items()))})"


def compiled_in_use() -> bool:
    """True when this process runs the compiled modules (the engine's state is an extension)."""
    from volstead.engine import state

    return Path(state.__file__ or "").suffix in EXTENSIONS
