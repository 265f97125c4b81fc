"""The install's build step (setup.py; issue 15: "the install compiles where a C compiler is present
and falls back to pure Python otherwise"): which modules it compiles, and when it does not."""

from __future__ import annotations

import importlib
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
    assert sources[:12] == [
        "engine/step.py",
        "engine/decision.py",
        "engine/state.py",
        "engine/lanes.py",
        "engine/rng.py",
        "engine/tuples.py",
        "engine/observation.py",
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


def test_a_profile_guided_build_trains_between_its_two_compiles(setup_py, tmp_path, monkeypatch, capsys, compiles):
    """VOLSTEAD_PGO=1 (docs/performance.md): compiled instrumented, the training run on that build writes
    its profile, compiled again with it; the manifest says so (`volstead --version` prints it). The cache
    keeps the profile-guided build, and a build that reuses it says so too, without training."""
    monkeypatch.setenv("VOLSTEAD_PGO", "1")
    cache = setup_py.CompileCache(tmp_path / "cache", Inputs())
    monkeypatch.setattr(setup_py, "compile_cache", cache)
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

    monkeypatch.setattr(setup_py, "training_command", lambda: [sys.executable, "-c", "raise SystemExit('no training')"])
    compiles.clear()
    reused = _cached_build(setup_py, tmp_path / "again", cache.load())
    assert compiles == [] and reused.profile_guided
    assert json.loads((tmp_path / "again/lib/volstead" / setup_py.MANIFEST).read_text()) == manifest


def test_a_failed_training_compiles_again_without_a_profile(setup_py, tmp_path, monkeypatch, capsys):
    """... and that build is not cached: the next install tries the profile again."""
    monkeypatch.setenv("VOLSTEAD_PGO", "1")
    cache = setup_py.CompileCache(tmp_path / "cache", Inputs())
    monkeypatch.setattr(setup_py, "compile_cache", cache)
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
    assert not list(cache.folder.glob("*/entry.json"))


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


# The compiled-module cache (setup.py's CompileCache; issue 33: the README's quick start, then its test
# command, compile once).

OK_MODULE = (
    '#include <Python.h>\nstatic struct PyModuleDef m = {PyModuleDef_HEAD_INIT, "fake_ok"};\n'
    "PyMODINIT_FUNC PyInit_fake_ok(void) { return PyModule_Create(&m); }\n"
)


def _tiny_project(root: Path) -> Path:
    """The files compile_inputs reads, in a project of two modules and one game."""
    (root / "src/volstead/engine").mkdir(parents=True)
    (root / "src/volstead/games/g").mkdir(parents=True)
    (root / "src/volstead/engine/state.py").write_text("X = 1\n")
    (root / "src/volstead/games/g/compile.toml").write_text('modules = ["state.py"]\n')
    (root / "src/volstead/games/g/state.py").write_text("Y = 2\n")
    (root / "setup.py").write_text("setup()\n")
    (root / "pyproject.toml").write_text('[project]\nname = "v"\ndescription = "one"\n\n[tool.mypy]\nstrict = false\n')
    return root


def test_the_cache_key_changes_with_every_input_of_the_compile(setup_py, tmp_path, monkeypatch):
    for name in ("VOLSTEAD_PGO", "CFLAGS", "CC", "MYPYC_OPT_LEVEL", "MYPYPATH"):
        monkeypatch.delenv(name, raising=False)
    root = _tiny_project(tmp_path)
    distributions = setup_py.build_distributions()  # what this process can import (pip's build: setuptools, mypy, ...)
    assert any(d.startswith("mypy==") for d in distributions) and any(d.startswith("setuptools==") for d in distributions)
    monkeypatch.setattr(setup_py, "build_distributions", lambda: distributions)  # read once: a fifth of a second

    def key() -> str:
        return setup_py.compile_key(setup_py.compile_inputs(root))

    first = key()
    assert key() == first and len(first) == 64

    def changes_key(path: str, text: str) -> bool:
        """Whether writing `text` to `path` changes the key; the file is put back (or removed) after."""
        file = root / path
        before = file.read_text() if file.exists() else None
        file.write_text(text)
        changed = key() != first
        file.write_text(before) if before is not None else file.unlink()
        assert key() == first
        return changed

    assert changes_key("src/volstead/engine/state.py", "X = 2\n")  # an edited module
    assert changes_key("src/volstead/engine/new.py", "")  # a new one (any .py: mypy may read it)
    assert changes_key("src/volstead/games/g/compile.toml", 'modules = ["*.py"]\n')
    assert changes_key("setup.py", "setup(ext_modules=[])\n")
    assert changes_key("pyproject.toml", '[project]\nname = "v"\ndescription = "one"\n\n[tool.mypy]\nstrict = true\n')
    assert changes_key("mypy.ini", "[mypy]\n")  # mypy reads it before pyproject.toml
    assert not changes_key("pyproject.toml", '[project]\nname = "v"\ndescription = "two"\n\n[tool.mypy]\nstrict = false\n')
    assert not changes_key("src/volstead/games/g/data.toml", "cards = 1\n")  # content, not code: mypy does not read it
    (root / "src/volstead/engine/state.py").rename(root / "src/volstead/engine/moved.py")
    assert key() != first
    (root / "src/volstead/engine/moved.py").rename(root / "src/volstead/engine/state.py")

    monkeypatch.setenv("VOLSTEAD_PGO", "1")  # a profile-guided build
    assert key() != first
    monkeypatch.setenv("VOLSTEAD_PGO", "0")  # as unset
    assert key() == first
    for name, value in {"CFLAGS": "-O0", "CC": "clang", "MYPYC_OPT_LEVEL": "0", "MYPYPATH": "stubs"}.items():  # the compile's
        monkeypatch.setenv(name, value)
        assert key() != first, name
        monkeypatch.delenv(name)
    monkeypatch.setenv("MYPY_CONFIG_FILE_DIR", str(root))  # mypy sets it while it runs: the key read after must match
    assert key() == first

    mypy = next(d for d in distributions if d.startswith("mypy=="))
    monkeypatch.setattr(setup_py, "build_distributions", lambda: [d if d != mypy else "mypy==0.0.1" for d in distributions])
    assert key() != first  # another mypy
    monkeypatch.setattr(setup_py, "build_distributions", lambda: distributions)
    real = setup_py.sysconfig.get_config_var
    with monkeypatch.context() as patch:
        patch.setattr(
            setup_py.sysconfig, "get_config_var", lambda name: ".cpython-399.so" if name == "EXT_SUFFIX" else real(name)
        )
        assert key() != first  # another Python ABI
    with monkeypatch.context() as patch:
        patch.setattr(sys, "version", sys.version + " (another build)")
        assert key() != first  # another interpreter of the same ABI
    with monkeypatch.context() as patch:
        patch.setattr(setup_py, "compiler_identity", lambda: ["/usr/bin/gcc-99", "gcc 99"])
        assert key() != first  # another C compiler
    assert key() == first


def test_a_pure_python_editable_install_removes_what_a_compiled_one_left(setup_py, tmp_path, monkeypatch):
    """Python imports an extension before the .py beside it: VOLSTEAD_PURE_PYTHON must not leave the
    compiled modules of an earlier editable install in src/, nor look at the cache."""
    src = tmp_path / "src"
    (src / "volstead/engine").mkdir(parents=True)
    kept = [src / "volstead/engine/state.py", src / "volstead/__init__.py", src / "volstead/web/app.js"]
    stale = [
        src / "volstead/engine/state.cpython-311-x86_64-linux-gnu.so",
        src / "volstead/games/g/rules/turn.cpython-311-x86_64-linux-gnu.so",
        src / "volstead_engine__mypyc.cpython-311-x86_64-linux-gnu.so",
        src / "volstead/_compiled.json",
    ]
    for path in kept + stale:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("")
    assert sorted(setup_py.remove_inplace_outputs(src)) == sorted(stale)
    assert sorted(p for p in src.rglob("*") if p.is_file()) == sorted(kept)

    removed = []
    monkeypatch.setattr(setup_py, "remove_inplace_outputs", removed.append)
    monkeypatch.setattr(setup_py, "CompileCache", None)  # never reached
    monkeypatch.setenv("VOLSTEAD_PURE_PYTHON", "1")
    monkeypatch.setattr(sys, "argv", ["setup.py", "editable_wheel", "--dist-dir", "x"])
    assert setup_py.mypyc_extensions() == [] and removed == [setup_py.PACKAGE.parent]
    monkeypatch.setattr(sys, "argv", ["setup.py", "bdist_wheel"])  # a wheel's build folder is not src/
    assert setup_py.mypyc_extensions() == [] and removed == [setup_py.PACKAGE.parent]
    assert setup_py.builds_in_place(["build_ext", "--inplace"]) and not setup_py.builds_in_place(["build_ext"])


class Inputs:
    """A cache's inputs that a test changes (compile_inputs reads the real project)."""

    def __init__(self):
        self.sources = {"ok.c": "1"}

    def __call__(self) -> dict:
        return {"sources": dict(self.sources)}


@pytest.fixture
def compiles(monkeypatch, setup_py):
    """The C compiler's and the linker's runs in the build command's builds.

    Counted on the compiler instance each build makes, not on a class: setuptools' own distutils is
    loaded under several module names, each with classes of its own, and which one build_ext makes
    depends on the setuptools version. So does the method that runs a command: `spawn`, or `call`
    (setuptools 80 and later, where `spawn` is deprecated): both are counted where the compiler has them."""
    runs = []
    build_extensions = setup_py.CompiledBuildExt.build_extensions

    def counting(self):
        for method in ("spawn", "call"):
            run = getattr(self.compiler, method, None)
            if run is not None:
                setattr(self.compiler, method, lambda cmd, run=run, **kw: (runs.append(cmd[0]), run(cmd, **kw))[1])
        return build_extensions(self)

    monkeypatch.setattr(setup_py.CompiledBuildExt, "build_extensions", counting)
    return runs


def _needs_compiler():
    from setuptools._distutils.ccompiler import new_compiler
    from setuptools._distutils.sysconfig import customize_compiler

    compiler = new_compiler()
    customize_compiler(compiler)
    if compiler.compiler_type != "unix" or not shutil.which(compiler.compiler[0]):
        pytest.skip("no unix C compiler here")


def _cached_build(setup_py, folder: Path, extensions: list, inplace: bool = False):
    """The build command over `extensions` (built or cached), in `folder`; run."""
    from setuptools import Distribution

    dist = Distribution({"name": "fake", "ext_modules": extensions, "package_dir": {"": str(folder / "src")}})
    cmd = setup_py.CompiledBuildExt(dist)
    cmd.build_lib, cmd.build_temp, cmd.inplace = str(folder / "lib"), str(folder / "tmp"), inplace
    cmd.ensure_finalized()
    (folder / "src").mkdir(parents=True, exist_ok=True)
    cmd.run()
    return cmd


def _compiled(setup_py, folder: Path):
    from setuptools import Extension

    folder.mkdir(parents=True, exist_ok=True)
    (folder / "ok.c").write_text(OK_MODULE)
    return _cached_build(setup_py, folder, [Extension("fake_ok", [str(folder / "ok.c")])])


def test_a_second_build_with_the_same_inputs_reuses_the_first_without_compiling(
    setup_py, tmp_path, monkeypatch, capsys, compiles
):
    _needs_compiler()
    cache = setup_py.CompileCache(tmp_path / "cache", Inputs())
    monkeypatch.setattr(setup_py, "compile_cache", cache)
    assert cache.load() is None  # nothing cached yet
    first = _compiled(setup_py, tmp_path / "first")
    assert compiles and "kept the compiled modules for a later build" in capsys.readouterr().err
    built = next((tmp_path / "first/lib").glob("fake_ok*.so"))

    compiles.clear()
    reused = cache.load()
    assert [(type(ext).__name__, ext.name) for ext in reused] == [("CachedExtension", "fake_ok")]
    second = _cached_build(setup_py, tmp_path / "second", reused, inplace=True)  # as an editable install
    assert compiles == []  # neither the compiler nor the linker ran
    err = capsys.readouterr().err
    assert f"reusing the compiled modules of an earlier build with the same inputs ({cache.folder / cache.key[:16]})" in err
    in_place = tmp_path / "second/src" / built.name  # beside the sources, where build_ext --inplace copies it
    assert in_place.read_bytes() == built.read_bytes()
    manifest = tmp_path / "second/src/volstead" / setup_py.MANIFEST
    assert manifest.read_text() == (tmp_path / "first/lib/volstead" / setup_py.MANIFEST).read_text()
    assert json.loads(manifest.read_text())["profile_guided"] is False and not second.profile_guided
    done = subprocess.run(
        [sys.executable, "-c", "import fake_ok; print(fake_ok.__file__)"], cwd=in_place.parent, capture_output=True, text=True
    )
    assert done.returncode == 0 and done.stdout.strip().endswith(built.name), done.stderr
    assert [ext.name for ext in first.extensions] == ["fake_ok"] and len(list(cache.folder.glob("*/entry.json"))) == 1


def test_a_changed_input_compiles_again_and_the_cache_keeps_the_latest_two(setup_py, tmp_path, monkeypatch, capsys, compiles):
    _needs_compiler()
    inputs = Inputs()
    keys = []
    for version in ("1", "2", "3"):
        inputs.sources["ok.c"] = version
        cache = setup_py.CompileCache(tmp_path / "cache", inputs)
        monkeypatch.setattr(setup_py, "compile_cache", cache)
        assert cache.load() is None  # a miss: another input than every cached build's
        compiles.clear()
        _compiled(setup_py, tmp_path / version)
        assert compiles, version
        keys.append(cache.key[:16])
    assert "changed since the latest cached build: sources (1 file)" in capsys.readouterr().err
    assert sorted(p.name for p in (tmp_path / "cache").iterdir() if p.is_dir()) == sorted(keys[1:])  # the oldest pruned
    inputs.sources["ok.c"] = "2"
    assert setup_py.CompileCache(tmp_path / "cache", inputs).load() is not None


def test_a_damaged_or_partial_entry_is_deleted_and_the_build_compiles(setup_py, tmp_path, monkeypatch, capsys, compiles):
    _needs_compiler()
    cache = setup_py.CompileCache(tmp_path / "cache", Inputs())
    monkeypatch.setattr(setup_py, "compile_cache", cache)
    entry = cache.folder / cache.key[:16]
    builds = iter(range(100))
    _compiled(setup_py, tmp_path / "build")

    def damaged_by(how) -> None:
        how()
        assert cache.load() is None and not entry.exists()  # deleted, not used
        assert "is incomplete or damaged" in capsys.readouterr().err
        compiles.clear()
        _compiled(setup_py, tmp_path / f"build{next(builds)}")  # the build compiles and caches again
        assert compiles and [ext.name for ext in cache.load()] == ["fake_ok"]

    cached_file = lambda: next((entry / "files").glob("fake_ok*.so"))  # noqa: E731
    damaged_by(lambda: cached_file().write_bytes(cached_file().read_bytes()[:100]))  # cut short
    damaged_by(lambda: cached_file().unlink())
    damaged_by(lambda: (entry / "entry.json").unlink())  # a build stopped before it finished storing
    damaged_by(lambda: (entry / "entry.json").write_text('{"key": "'))
    damaged_by(lambda: (entry / "entry.json").write_text(json.dumps({"key": cache.key, "extensions": [{"file": "../x"}]})))


def test_a_build_whose_inputs_changed_while_it_ran_is_not_cached(setup_py, tmp_path, monkeypatch, capsys):
    _needs_compiler()
    inputs = Inputs()
    cache = setup_py.CompileCache(tmp_path / "cache", inputs)
    monkeypatch.setattr(setup_py, "compile_cache", cache)
    inputs.sources["ok.c"] = "edited during the build"
    _compiled(setup_py, tmp_path / "build")
    assert "not caching the compiled modules: changed during the build: sources (1 file)" in capsys.readouterr().err
    assert list((tmp_path / "build/lib").glob("fake_ok*.so")) and not list(cache.folder.glob("*/entry.json"))
