"""`volstead --version` says which build runs: pure Python, or modules compiled by mypyc (issue 15:
"`volstead --version` and the benchmark say which ran")."""

from __future__ import annotations

from typer.testing import CliRunner

from volstead import __version__
from volstead.build_info import compiled_modules, describe_build
from volstead.cli import app


def test_the_checkout_runs_interpreted_and_says_so():
    assert compiled_modules() == []
    out = CliRunner().invoke(app, ["--version"])
    assert out.exit_code == 0 and out.output == f"volstead {__version__}, interpreted (pure Python)\n"


def test_compiled_modules_are_the_extension_files_in_the_package(tmp_path):
    for name in ("engine/state.cpython-311-x86_64-linux-gnu.so", "engine/step.cpython-311-x86_64-linux-gnu.so",
                 "games/prohibition/rules/attack.cpython-312-x86_64-linux-gnu.so", "engine/rng.py",
                 "7ad9cad3283314ce9c20__mypyc.cpython-311-x86_64-linux-gnu.so"):  # mypyc's runtime: no module
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("")
    assert compiled_modules(tmp_path) == ["engine.state", "engine.step", "games.prohibition.rules.attack"]
    assert describe_build(tmp_path) == "compiled by mypyc: 3 modules (engine 2, games.prohibition 1)"
