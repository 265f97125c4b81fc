"""Which build runs (issue 15: "the install compiles where a C compiler is present and falls back to
pure Python otherwise; `volstead --version` and the benchmark say which ran"): the compiled modules,
or their sources when asked (VOLSTEAD_PURE_PYTHON) or when a source changed since the build."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys

from typer.testing import CliRunner

from volstead import __version__, build_info
from volstead.build_info import compiled_in_use, compiled_modules, describe_build, stale_sources
from volstead.cli import app

SO = "cpython-311-x86_64-linux-gnu.so"


def test_version_names_the_build_that_runs():
    out = CliRunner().invoke(app, ["--version"])
    assert out.exit_code == 0 and out.output == f"volstead {__version__}, {describe_build()}\n"
    assert describe_build().startswith("compiled by mypyc" if compiled_in_use() else "interpreted (pure Python")


def test_compiled_modules_are_the_extension_files_in_the_package(tmp_path):
    for name in (
        f"engine/state.{SO}",
        f"engine/step.{SO}",
        "games/prohibition/rules/attack.cpython-312-x86_64-linux-gnu.so",
        "engine/rng.py",
        f"7ad9cad3283314ce9c20__mypyc.{SO}",
    ):  # mypyc's runtime: no module
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("")
    assert compiled_modules(tmp_path) == ["engine.state", "engine.step", "games.prohibition.rules.attack"]
    assert describe_build(tmp_path) == "compiled by mypyc: 3 modules (engine 2, games.prohibition 1)"


def test_a_source_edited_after_the_build_is_stale(tmp_path):
    (tmp_path / "engine").mkdir()
    for name in ("engine/state.py", "engine/step.py"):
        (tmp_path / name).write_text("x = 1\n")
    built = {name: hashlib.sha256(b"x = 1\n").hexdigest() for name in ("engine/state.py", "engine/step.py")}
    assert stale_sources(tmp_path) == []  # no manifest: no install-time build to check against
    (tmp_path / build_info.MANIFEST).write_text(json.dumps(built))
    assert stale_sources(tmp_path) == []
    (tmp_path / "engine/step.py").write_text("x = 2\n")
    assert stale_sources(tmp_path) == ["engine/step.py"]
    (tmp_path / "engine/state.py").unlink()
    assert stale_sources(tmp_path) == ["engine/state.py", "engine/step.py"]


def test_the_manifest_says_whether_the_build_was_profile_guided(tmp_path):
    """setup.py writes {"profile_guided": ..., "sources": ...} (VOLSTEAD_PGO=1: docs/performance.md); the
    bare sources mapping an earlier build wrote is still read, as not profile-guided."""
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine/state.py").write_text("x = 1\n")
    (tmp_path / f"engine/state.{SO}").write_text("")
    sources = {"engine/state.py": hashlib.sha256(b"x = 1\n").hexdigest()}
    (tmp_path / build_info.MANIFEST).write_text(json.dumps({"profile_guided": True, "sources": sources}))
    assert stale_sources(tmp_path) == []
    assert describe_build(tmp_path) == "compiled by mypyc, profile-guided: 1 modules (engine 1)"
    (tmp_path / "engine/state.py").write_text("x = 2\n")
    assert stale_sources(tmp_path) == ["engine/state.py"]
    (tmp_path / build_info.MANIFEST).write_text(json.dumps(sources))  # the earlier shape
    assert stale_sources(tmp_path) == ["engine/state.py"]
    assert describe_build(tmp_path) == "compiled by mypyc: 1 modules (engine 1)"
    (tmp_path / build_info.MANIFEST).write_text("[1, 2]")  # not a manifest: nothing to check against
    assert stale_sources(tmp_path) == [] and build_info.read_manifest(tmp_path) == {}


STALE_PACKAGE = """
import pathlib, sys, warnings
from volstead import build_info
sys.path.insert(0, sys.argv[1])
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    build_info.choose_build(pathlib.Path(sys.argv[1]) / "fakepkg")
print(*(str(w.message) for w in caught), sep="\\n")
import fakepkg.mod
print(fakepkg.mod.WHERE)
"""


def test_stale_modules_run_from_their_sources_with_a_warning(tmp_path):
    """A package whose compiled module is garbage beside an edited source: the source is imported
    (without SourcesFirst the extension would be tried first, and fail to load)."""
    pkg = tmp_path / "fakepkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "mod.py").write_text("WHERE = 'source'\n")
    (pkg / f"mod.{SO}").write_text("not a shared object")
    (pkg / build_info.MANIFEST).write_text(json.dumps({"mod.py": hashlib.sha256(b"old").hexdigest()}))
    done = subprocess.run(
        [sys.executable, "-c", STALE_PACKAGE, str(tmp_path)],
        capture_output=True,
        text=True,
        env={**os.environ, "VOLSTEAD_PURE_PYTHON": "0"},
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "volstead runs interpreted: 1 compiled module(s) older than the source (mod.py): reinstall to recompile",
        "source",
    ]


def test_volstead_pure_python_runs_the_sources():
    code = (
        "from volstead.build_info import compiled_in_use, describe_build; from volstead.engine import state; "
        "print(compiled_in_use(), state.__file__.endswith('.py')); print(describe_build())"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env={**os.environ, "VOLSTEAD_PURE_PYTHON": "1"}
    )
    assert done.returncode == 0, done.stderr
    n = len(compiled_modules())
    assert done.stdout.splitlines() == [
        "False True",
        f"interpreted (pure Python; {n} compiled modules not used: VOLSTEAD_PURE_PYTHON is set)"
        if n
        else "interpreted (pure Python)",
    ]


def test_the_engine_knows_whether_it_runs_compiled():
    # The games' per-seat copies take the constructor or a bare __new__ on this flag (engine/state.py).
    from volstead.engine import state

    assert state.COMPILED is compiled_in_use()
