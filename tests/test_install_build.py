"""The install's build step (setup.py; issue 15: "the install compiles where a C compiler is present
and falls back to pure Python otherwise"): which modules it compiles, and when it does not."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def setup_py():
    spec = importlib.util.spec_from_file_location("volstead_setup", ROOT / "setup.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # not __main__: nothing is built
    return module


def test_it_compiles_the_engine_and_what_each_game_lists(setup_py):
    sources = [p.relative_to(ROOT / "src/volstead").as_posix() for p in setup_py.compiled_sources()]
    assert sources[:11] == [
        "engine/step.py",
        "engine/decision.py",
        "engine/state.py",
        "engine/lanes.py",
        "engine/rng.py",
        "engine/tuples.py",
        "bots/base.py",
        "bots/random_bot.py",
        "bots/greedy.py",
        "bots/ismcts.py",
        "sim/loop.py",
    ]
    games = sorted(p.parent.name for p in (ROOT / "src/volstead/games").glob("*/compile.toml"))
    assert games == ["mafia_chronicles", "prohibition", "scarface1920"]
    for game in games:
        listed = tomllib.loads((ROOT / f"src/volstead/games/{game}/compile.toml").read_text())["modules"]
        mine = [s for s in sources if s.startswith(f"games/{game}/")]
        assert f"games/{game}/state.py" in mine and any(s.startswith(f"games/{game}/rules/") for s in mine)
        assert len(mine) >= len(listed) and all((ROOT / "src/volstead" / s).is_file() for s in mine)
    assert len(sources) == len(set(sources))


def test_the_engine_the_bots_the_sim_loop_and_each_game_are_one_extension_each(setup_py):
    sources = [str(p.relative_to(ROOT)) for p in setup_py.compiled_sources()]
    groups = setup_py.compile_groups(sources)
    assert [name for _, name in groups] == [
        "volstead_engine",
        "volstead_bots",
        "volstead_sim",
        "volstead_mafia_chronicles",
        "volstead_prohibition",
        "volstead_scarface1920",
    ]
    assert [s for paths, name in groups if name == "volstead_sim" for s in paths] == ["src/volstead/sim/loop.py"]
    assert sorted(s for paths, _ in groups for s in paths) == sorted(sources)
    by_name = {name: paths for paths, name in groups}
    assert all(s.startswith("src/volstead/games/prohibition/") for s in by_name["volstead_prohibition"])


def test_pure_python_when_asked_or_without_a_compiler(setup_py, monkeypatch):
    monkeypatch.setenv("VOLSTEAD_PURE_PYTHON", "1")
    assert setup_py.why_pure_python() == "VOLSTEAD_PURE_PYTHON is set"
    monkeypatch.setenv("VOLSTEAD_PURE_PYTHON", "0")
    monkeypatch.delenv("CC", raising=False)
    monkeypatch.setattr(setup_py.sysconfig, "get_config_var", lambda name: "no-such-cc -pthread" if name == "CC" else None)
    assert setup_py.why_pure_python() == "no C compiler (no-such-cc)"
    monkeypatch.setenv("CC", "/nowhere/gcc")  # the compiler build_ext would use
    assert setup_py.why_pure_python() == "no C compiler (/nowhere/gcc)"


def test_a_metadata_request_compiles_nothing(setup_py, monkeypatch):
    """pip asks for metadata (egg_info, dist_info) before it builds: mypyc runs for a build only."""
    monkeypatch.setattr(sys, "argv", ["setup.py", "egg_info"])
    assert setup_py.mypyc_extensions() == []


def test_a_failed_c_compile_leaves_pure_python(setup_py, tmp_path, capsys):
    """All or none: an extension that does not compile leaves no built file and no manifest."""
    from setuptools import Distribution, Extension

    (tmp_path / "bad.c").write_text("this is not C\n")
    dist = Distribution({"name": "fake", "ext_modules": [Extension("volstead.fake", [str(tmp_path / "bad.c")])]})
    cmd = setup_py.CompiledBuildExt(dist)
    cmd.build_lib, cmd.build_temp = str(tmp_path / "lib"), str(tmp_path / "tmp")
    cmd.ensure_finalized()
    cmd.run()
    assert cmd.extensions == []
    assert "volstead: installing pure Python: the C compile failed" in capsys.readouterr().err
    assert [p for p in tmp_path.rglob("*") if p.suffix in (".so", ".json")] == []


def _build_command(setup_py, tmp_path, source: str, name: str = "volstead.fake_ok"):
    """The install's build command for one extension `name` made of the C `source`, built under tmp_path."""
    from setuptools import Distribution, Extension

    tmp_path.mkdir(exist_ok=True)
    (tmp_path / "ok.c").write_text(source)
    dist = Distribution({"name": "fake", "ext_modules": [Extension(name, [str(tmp_path / "ok.c")])]})
    cmd = setup_py.CompiledBuildExt(dist)
    cmd.build_lib, cmd.build_temp = str(tmp_path / "lib"), str(tmp_path / "tmp")
    cmd.ensure_finalized()
    return cmd


def test_the_compile_binds_its_own_calls_directly_where_the_compiler_can(setup_py, tmp_path, monkeypatch):
    """-fno-semantic-interposition where the compiler takes it (docs/performance-log.md, fourteenth session);
    a compiler that refuses it builds without it rather than falling back to pure Python."""
    from setuptools._distutils.ccompiler import new_compiler
    from setuptools._distutils.sysconfig import customize_compiler

    compiler = new_compiler()
    customize_compiler(compiler)
    if compiler.compiler_type != "unix" or not shutil.which(compiler.compiler[0]):
        pytest.skip("no unix C compiler here")
    assert setup_py.accepts_flag(compiler, setup_py.NO_INTERPOSITION)
    assert not setup_py.accepts_flag(compiler, "-fno-such-volstead-flag")
    module = (
        '#include <Python.h>\nstatic struct PyModuleDef m = {PyModuleDef_HEAD_INIT, "fake_ok"};\n'
        "PyMODINIT_FUNC PyInit_fake_ok(void) { return PyModule_Create(&m); }\n"
    )
    cmd = _build_command(setup_py, tmp_path, module)
    cmd.run()
    assert cmd.extensions[0].extra_compile_args == [setup_py.NO_INTERPOSITION]
    monkeypatch.setattr(setup_py, "NO_INTERPOSITION", "-fno-such-volstead-flag")
    cmd = _build_command(setup_py, tmp_path / "refused", module)
    cmd.run()
    assert cmd.extensions[0].extra_compile_args == [] and list((tmp_path / "refused" / "lib").rglob("fake_ok*.so"))


PGO_MODULE = """#include <Python.h>
static PyObject *work(PyObject *self, PyObject *args) {
    long total = 0;
    for (long i = 0; i < 100000; i++) total += (i % 3 == 0) ? i : -1;
    return PyLong_FromLong(total);
}
static PyMethodDef methods[] = {{"work", work, METH_NOARGS, NULL}, {NULL, NULL, 0, NULL}};
static struct PyModuleDef m = {PyModuleDef_HEAD_INIT, "fake_pgo", NULL, -1, methods};
PyMODINIT_FUNC PyInit_fake_pgo(void) { return PyModule_Create(&m); }
"""
TRAIN = "import fake_pgo; print('trained', fake_pgo.work())"


def _pgo_command(setup_py, tmp_path):
    from setuptools._distutils.ccompiler import new_compiler
    from setuptools._distutils.sysconfig import customize_compiler

    compiler = new_compiler()
    customize_compiler(compiler)
    if (
        compiler.compiler_type != "unix"
        or not shutil.which(compiler.compiler[0])
        or not setup_py.accepts_flag(compiler, setup_py.PGO_TRAINED_ONLY)
    ):
        pytest.skip("no C compiler with gcc's profile flags here")
    return _build_command(setup_py, tmp_path, PGO_MODULE, name="fake_pgo")  # top-level: imported from lib/


def _profiles_written_by_running(cmd) -> list[Path]:
    """Import the built module and call it in a fresh process; the profile files it writes (an
    instrumented build writes them at exit, a final one none)."""
    profiles = Path(cmd.build_temp).resolve() / "volstead-profile"
    shutil.rmtree(profiles, ignore_errors=True)
    done = subprocess.run([sys.executable, "-c", TRAIN], cwd=cmd.build_lib, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return sorted(profiles.rglob("*.gcda"))


def test_a_profile_guided_build_trains_between_its_two_compiles(setup_py, tmp_path, monkeypatch, capsys):
    """VOLSTEAD_PGO=1 (docs/performance.md): compiled instrumented, the training run on that build writes
    its profile, compiled again with it; the manifest says so (`volstead --version` prints it)."""
    monkeypatch.setenv("VOLSTEAD_PGO", "1")
    monkeypatch.setattr(setup_py, "training_command", lambda: [sys.executable, "-c", TRAIN])
    cmd = _pgo_command(setup_py, tmp_path)
    cmd.run()
    profiles = Path(cmd.build_temp).resolve() / "volstead-profile"
    assert len(list(profiles.rglob("*.gcda"))) == 1  # the training's
    args = cmd.extensions[0].extra_compile_args
    assert f"-fprofile-use={profiles}" in args and setup_py.PGO_TRAINED_ONLY in args
    assert not any(a.startswith("-fprofile-generate") for a in args + cmd.extensions[0].extra_link_args)
    assert args.count(setup_py.NO_INTERPOSITION) <= 1  # set, not appended, at each compile
    assert cmd.profile_guided
    assert "volstead: profile-guided build: trained 1666616667" in capsys.readouterr().err
    manifest = json.loads((tmp_path / "lib/volstead" / setup_py.MANIFEST).read_text())
    assert manifest["profile_guided"] is True and "engine/state.py" in manifest["sources"]
    assert _profiles_written_by_running(cmd) == []  # the final build is not instrumented


def test_a_failed_training_compiles_again_without_a_profile(setup_py, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("VOLSTEAD_PGO", "1")
    monkeypatch.setattr(
        setup_py, "training_command", lambda: [sys.executable, "-c", "import sys; sys.exit('the games would not play')"]
    )
    cmd = _pgo_command(setup_py, tmp_path)
    cmd.run()
    assert "VOLSTEAD_PGO: the training failed (the games would not play): compiling without a profile" in capsys.readouterr().err
    assert not cmd.profile_guided and cmd.extensions
    assert not any(a.startswith("-fprofile") for a in cmd.extensions[0].extra_compile_args)
    assert json.loads((tmp_path / "lib/volstead" / setup_py.MANIFEST).read_text())["profile_guided"] is False
    assert _profiles_written_by_running(cmd) == []


def test_a_compiler_without_gcc_profile_flags_compiles_once_without_a_profile(setup_py, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("VOLSTEAD_PGO", "1")
    cmd = _pgo_command(setup_py, tmp_path)
    monkeypatch.setattr(setup_py, "PGO_TRAINED_ONLY", "-fno-such-volstead-flag")

    def no_training():
        raise AssertionError("no training without profile flags")

    monkeypatch.setattr(setup_py, "training_command", no_training)
    cmd.run()
    assert "VOLSTEAD_PGO needs gcc's profile flags, which this compiler refuses" in capsys.readouterr().err
    assert not cmd.profile_guided and list((tmp_path / "lib").glob("fake_pgo*.so"))
