"""The install's one build step (issue 15; docs/performance.md): compile the engine and each game's
hot modules with mypyc where a C compiler is present, and install pure Python otherwise.

Which modules: the engine's and the searching bots' below, and each game's `compile.toml` (a game
stays one folder).
Pure Python is installed, with one line saying why, when `VOLSTEAD_PURE_PYTHON=1` is set, when
there is no C compiler, Python headers or mypyc, and when the compile itself fails. A build writes
`volstead/_compiled.json`: the sha256 of each compiled module's source, against which `volstead`
checks at import (`volstead/build_info.py`) that no source was edited since — an editable install's
compiled modules sit beside their sources, and an edited one runs interpreted until the next
install. `VOLSTEAD_PGO=1` asks for a profile-guided build (gcc): compiled once instrumented, trained
on a few seconds of games (`volstead.build_training`), compiled again with the profile — 5-14 %
faster (random playouts to ISMCTS), twice the build time (docs/performance.md). Compiled modules are
reused: a build keeps them in `build/volstead-compiled/`, under a key that hashes everything they are
made from (`compile_inputs`), and a later build with the same key (the README's test install after
its quick start) puts them in place without running mypyc or the C compiler. Everything else about
the project is in pyproject.toml.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import time
import tomllib
from collections.abc import Callable
from importlib import metadata
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
PACKAGE = ROOT / "src" / "volstead"
ENGINE = ["step.py", "decision.py", "state.py", "lanes.py", "rng.py", "tuples.py", "observation.py"]
BOTS = ["base.py", "random_bot.py", "greedy.py", "ismcts.py"]  # asking a bot, the random one, the searching ones
SIM = ["loop.py"]  # the simulator's decision loop
MANIFEST = "_compiled.json"


def compiled_sources() -> list[Path]:
    """The modules to compile: the engine's, the bots' and the simulator loop's, then each game's `compile.toml`
    globs, in order."""
    paths = (
        [PACKAGE / "engine" / name for name in ENGINE]
        + [PACKAGE / "bots" / name for name in BOTS]
        + [PACKAGE / "sim" / name for name in SIM]
    )
    for listing in sorted(PACKAGE.glob("games/*/compile.toml")):
        for pattern in tomllib.loads(listing.read_text())["modules"]:
            paths += sorted(listing.parent.glob(pattern))
    return paths


def compile_groups(sources: list[str]) -> list[tuple[list[str], str]]:
    """mypyc's groups, each built as one extension: the engine's modules, the bots', the simulator's,
    then each game's."""

    def folder(path: str) -> str:
        parts = Path(path).parts  # src/volstead/engine/x.py, src/volstead/games/<game>/...
        return parts[3] if parts[2] == "games" else parts[2]

    names = list(dict.fromkeys(folder(s) for s in sources))
    return [([s for s in sources if folder(s) == name], f"volstead_{name}") for name in names]


def why_pure_python() -> str | None:
    """Why this install cannot or should not compile (None: it compiles)."""
    if os.environ.get("VOLSTEAD_PURE_PYTHON", "") not in ("", "0"):
        return "VOLSTEAD_PURE_PYTHON is set"
    if sys.implementation.name != "cpython":
        return f"mypyc needs CPython, this is {sys.implementation.name}"
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]  # as build_ext picks it
    if not shutil.which(compiler):
        return f"no C compiler ({compiler})"
    if not Path(sysconfig.get_paths()["include"], "Python.h").is_file():
        return "no Python headers (Python.h)"
    try:
        import mypyc.build  # noqa: F401
    except ImportError:
        return "mypyc is missing"
    return None


# The compiled-module cache. A build (pip install -e ., pip wheel, build_ext) that compiled keeps its
# extension files in build/volstead-compiled/<key>/; a later build whose inputs hash to the same key puts
# those files where build_ext would have written them, writes the same manifest and runs neither mypyc nor
# the C compiler. The key covers everything that shapes the compiled code (compile_inputs), so an edit, a
# different Python, mypy, setuptools or C compiler, VOLSTEAD_PGO or the compiler's flags all miss.
CACHE_FOLDER = ROOT / "build" / "volstead-compiled"
CACHE_KEEP = 2  # entries kept, the latest used first (a PGO and a plain build, or before and after an edit)
CACHE_FORMAT = 1  # the entry's layout and the key's recipe: bump when either changes
CACHE_LOG = "builds.log"  # the last lines the cache printed (pip shows a build's output only with -v)
# The environment variables that reach the C compile (distutils' customize_compiler, setuptools), mypy's
# search path or mypyc (not MYPY_CONFIG_FILE_DIR: mypy sets it itself, to the folder of pyproject.toml).
COMPILE_ENVIRONMENT = ("CC", "CXX", "CFLAGS", "CPPFLAGS", "LDFLAGS", "LDSHARED", "AR", "ARFLAGS", "ARCHFLAGS", "MYPYPATH")
COMPILE_ENVIRONMENT_PREFIXES = ("MYPYC", "SETUPTOOLS_EXT", "_PYTHON_")
# The interpreter's build settings that name the ABI and the compile's default flags.
INTERPRETER_VARS = ("EXT_SUFFIX", "SOABI", "Py_DEBUG", "Py_GIL_DISABLED", "INCLUDEPY", "CC", "CXX", "CFLAGS", "CCSHARED")
INTERPRETER_VARS += ("LDSHARED", "LDFLAGS", "CPPFLAGS", "OPT", "BLDSHARED", "AR", "ARFLAGS")

compile_cache: CompileCache | None = None  # this build's (mypyc_extensions): a compile fills it, a hit reads it


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def build_distributions() -> list[str]:
    """name==version of every distribution this build can import (in pip's isolated build: setuptools,
    mypy, pydantic and theirs): mypy, its plugin and setuptools' build commands shape the compiled code."""
    found = set()
    for dist in metadata.distributions():
        name = dist.metadata["Name"] or ""
        found.add(f"{re.sub(r'[-_.]+', '-', name).lower()}=={dist.version}")
    return sorted(found)


def compiler_identity() -> list[str]:
    """The C compiler build_ext would run (as why_pure_python picks it): its real path and version."""
    named = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    found = shutil.which(named)
    if found is None:
        return [named]
    try:
        version = subprocess.run([found, "--version"], capture_output=True, text=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        version = ""
    return [os.path.realpath(found), version]


def compile_inputs(root: Path = ROOT) -> dict:
    """Everything the compiled modules are made from, as the cache key hashes it: every .py and .pyi under
    src/ (what mypy may read, by content: a new, edited, moved or deleted module changes it) and each game's
    compile.toml; setup.py (the module lists, the flags); pyproject's [tool.mypy] and any other mypy
    configuration file; the interpreter (version, ABI, build settings); the build's distributions (mypy,
    pydantic, setuptools); the C compiler; the environment the compile reads; VOLSTEAD_PGO."""
    src = root / "src"
    sources = {
        p.relative_to(root).as_posix(): _sha256(p)
        for p in sorted(src.rglob("*"))
        if (p.suffix in (".py", ".pyi") or p.name == "compile.toml") and p.is_file()
    }
    pyproject = tomllib.loads((root / "pyproject.toml").read_text())
    mypy_files = {name: _sha256(root / name) for name in ("mypy.ini", ".mypy.ini", "setup.cfg") if (root / name).is_file()}
    return {
        "format": CACHE_FORMAT,
        "sources": sources,
        "setup.py": _sha256(root / "setup.py"),
        "mypy configuration": [pyproject.get("tool", {}).get("mypy"), mypy_files],
        "python": {
            "version": sys.version,
            "implementation": sys.implementation.cache_tag,
            "platform": sysconfig.get_platform(),
            "base": os.path.realpath(getattr(sys, "_base_executable", sys.executable)),
            **{name: str(sysconfig.get_config_var(name)) for name in INTERPRETER_VARS},
        },
        "distributions": build_distributions(),
        "compiler": compiler_identity(),
        "environment": {
            name: value
            for name, value in sorted(os.environ.items())
            if name in COMPILE_ENVIRONMENT or name.startswith(COMPILE_ENVIRONMENT_PREFIXES)
        },
        "profile-guided": wants_pgo(),
    }


def compile_key(inputs: dict) -> str:
    return hashlib.sha256(json.dumps(inputs, sort_keys=True).encode()).hexdigest()


def what_changed(before: dict, now: dict) -> str:
    """The inputs that differ, in words: "sources (3 files), distributions"."""
    changed = []
    for name in sorted(set(before) | set(now)):
        if before.get(name) != now.get(name):
            if name == "sources" and isinstance(before.get(name), dict) and isinstance(now.get(name), dict):
                old, new = before[name], now[name]
                files = sum(old.get(path) != new.get(path) for path in set(old) | set(new))
                changed.append(f"sources ({files} file{'s' * (files != 1)})")
            else:
                changed.append(name)
    return ", ".join(changed)


class CachedExtension(Extension):
    """An extension already built: its file in the cache, put in place instead of compiled."""

    def __init__(self, name: str, cached: Path, profile_guided: bool):
        super().__init__(name, sources=[])
        self.cached = cached
        self.profile_guided = profile_guided


class CompileCache:
    """The compiled modules of earlier builds, one folder a key (see CACHE_FOLDER): `load` the entry for
    this build's key, `store` this build's; an entry that is incomplete or whose files are not the ones
    stored is deleted, never used."""

    def __init__(self, folder: Path, inputs_of: Callable[[], dict]):
        self.folder = folder
        self.inputs_of = inputs_of  # read again before storing: a source edited during the build is not cached
        self.inputs = inputs_of()
        self.key = compile_key(self.inputs)

    def say(self, line: str) -> None:
        print(f"volstead: {line}", file=sys.stderr)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            log = self.folder / CACHE_LOG
            kept = log.read_text().splitlines()[-19:] if log.is_file() else []
            log.write_text("\n".join([*kept, f"{time.strftime('%Y-%m-%d %H:%M:%S')} {line}"]) + "\n")
        except OSError:
            pass

    def _where(self) -> str:
        try:
            return str((self.folder / self.key[:16]).relative_to(ROOT))
        except ValueError:
            return str(self.folder / self.key[:16])

    def load(self) -> list[CachedExtension] | None:
        """The cached extensions for this key, each file checked against its stored sha256; None on a miss."""
        entry = self.folder / self.key[:16]
        if not entry.is_dir():
            self.say(f"compiling: no compiled modules cached for this build's inputs (key {self.key[:16]}){self._since_latest()}")
            return None
        try:
            described = json.loads((entry / "entry.json").read_text())
            if described["key"] != self.key:
                raise ValueError("another key's entry")
            extensions = []
            for item in described["extensions"]:
                cached = (entry / "files" / item["file"]).resolve()
                if not cached.is_relative_to(entry.resolve()) or _sha256(cached) != item["sha256"]:
                    raise ValueError(f"{item['file']} is not the file stored")
                extensions.append(CachedExtension(item["name"], cached, bool(described["profile_guided"])))
            if not extensions:
                raise ValueError("no extensions")
        except (OSError, ValueError, KeyError, TypeError) as e:
            self.say(f"compiling: the cached entry {self._where()} is incomplete or damaged ({type(e).__name__}: {e}): deleted")
            shutil.rmtree(entry, ignore_errors=True)
            return None
        os.utime(entry / "entry.json")  # the latest used: pruned last
        self.say(f"reusing the compiled modules of an earlier build with the same inputs ({self._where()}): nothing compiled")
        return extensions

    def _since_latest(self) -> str:
        """What differs from the latest cached build's inputs, if there is one."""
        entries = [p / "entry.json" for p in self.folder.glob("*") if (p / "entry.json").is_file() and not p.name.startswith(".")]
        try:
            latest = json.loads(max(entries, key=lambda p: p.stat().st_mtime).read_text())["inputs"]
            return f"; changed since the latest cached build: {what_changed(latest, self.inputs) or 'nothing?'}"
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return ""

    def discard(self) -> None:
        shutil.rmtree(self.folder / self.key[:16], ignore_errors=True)

    def store(self, cmd: build_ext, profile_guided: bool) -> None:
        """Keep the extension files `cmd` built (from its build folder, where build_ext writes them before
        an in-place build copies them beside the sources), then delete all but the CACHE_KEEP latest entries."""
        entry = self.folder / self.key[:16]
        partial = self.folder / f".{self.key[:16]}.{os.getpid()}.partial"  # renamed to `entry` once complete
        try:
            inputs_now = self.inputs_of()
            if compile_key(inputs_now) != self.key:
                self.say(f"not caching the compiled modules: changed during the build: {what_changed(self.inputs, inputs_now)}")
                return
            self.folder.mkdir(parents=True, exist_ok=True)
            shutil.rmtree(partial, ignore_errors=True)
            listed = []
            for ext in cmd.extensions:
                file = cmd.get_ext_filename(cmd.get_ext_fullname(ext.name))
                built = Path(cmd.build_lib, file)
                (partial / "files" / file).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(built, partial / "files" / file)
                listed.append({"name": ext.name, "file": Path(file).as_posix(), "sha256": _sha256(built)})
            described = {"key": self.key, "profile_guided": profile_guided, "extensions": listed, "inputs": self.inputs}
            (partial / "entry.json").write_text(json.dumps(described, indent=1))  # last: its presence says complete
            shutil.rmtree(entry, ignore_errors=True)
            os.replace(partial, entry)
            self.say(f"kept the compiled modules for a later build with the same inputs ({self._where()})")
            self.prune()
        except OSError as e:
            self.say(f"could not cache the compiled modules ({type(e).__name__}: {e})")
            shutil.rmtree(partial, ignore_errors=True)

    def prune(self) -> None:
        """Delete all but the CACHE_KEEP latest used entries, and what a build stopped mid-store left."""
        complete, rest = [], []
        for path in self.folder.iterdir():
            if path.is_dir():
                (complete if (path / "entry.json").is_file() and not path.name.startswith(".") else rest).append(path)
        complete.sort(key=lambda path: (path / "entry.json").stat().st_mtime, reverse=True)
        for path in complete[CACHE_KEEP:] + rest:
            shutil.rmtree(path, ignore_errors=True)


BUILD_COMMANDS = {"build", "build_ext", "bdist_wheel", "editable_wheel", "install", "develop"}


def builds_in_place(argv: list[str]) -> bool:
    """Whether this build puts its extensions beside the sources in src/ (an editable install)."""
    return bool({"editable_wheel", "develop"} & set(argv)) or ("build_ext" in argv and bool({"--inplace", "-i"} & set(argv)))


def remove_inplace_outputs(src: Path) -> list[Path]:
    """Delete what an earlier in-place build left in `src`: the compiled modules beside their sources,
    mypyc's group libraries and the manifest (all build outputs: .gitignore'd). Python imports an
    extension before the `.py` beside it, so a pure-Python install must not leave them; a compiled one
    puts its own in place after this. Returns what it deleted."""
    package = src / PACKAGE.name
    stale = [p for p in package.rglob("*") if p.suffix in (".so", ".pyd") and p.is_file()]
    stale += [p for p in src.glob("*__mypyc*") if p.suffix in (".so", ".pyd") and p.is_file()]
    stale += [package / MANIFEST] if (package / MANIFEST).is_file() else []
    for path in stale:
        path.unlink(missing_ok=True)
    return stale


def mypyc_extensions() -> list:
    """The extensions mypyc generates (C code written now, compiled by build_ext), the compiled modules
    of an earlier build with the same inputs (`CompileCache`), or [] with a line saying why the install is
    pure Python. Only for a build: pip asking for metadata compiles nothing."""
    global compile_cache
    if not BUILD_COMMANDS & set(sys.argv[1:]):
        return []
    if builds_in_place(sys.argv[1:]):
        remove_inplace_outputs(PACKAGE.parent)
    reason = why_pure_python()
    if reason is None:
        try:
            compile_cache = CompileCache(CACHE_FOLDER, compile_inputs)
            reused = compile_cache.load()
        except Exception as e:  # the cache only saves time: a build without it is a build
            print(f"volstead: compiling without the cache of compiled modules ({type(e).__name__}: {e})", file=sys.stderr)
            compile_cache, reused = None, None
        if reused is not None:
            return reused
        try:
            from mypyc.build import mypycify

            _raise_stack_limit()  # mypyc recurses deeply on the engine's types, past the default stack
            # mypy reads pyproject.toml's [tool.mypy] (the pydantic plugin: without it mypyc exits 1
            # without a message). One extension for the engine and one a game: build_ext compiles
            # them in parallel, no C file is the whole program (one 60 MB file took gcc 8 minutes),
            # and a game's calls among its own modules stay direct (6-8 % faster than one
            # extension a module: docs/performance-log.md).
            sources = [str(p.relative_to(ROOT)) for p in compiled_sources()]
            return mypycify(sources, separate=compile_groups(sources))
        except (Exception, SystemExit) as e:  # mypyc exits on a type error
            reason = f"mypyc failed ({type(e).__name__}: {e})"
    print(f"volstead: installing pure Python: {reason}", file=sys.stderr)
    return []


# mypyc's functions are global symbols of a position-independent library: without this flag gcc calls
# each through the PLT (in case another library interposes it) and inlines none across functions — 2,084
# of the 2,224 calls between Scarface's own compiled functions. With it the calls are direct: random playouts
# 3-5 % faster (1-2 % fewer instructions, 7-9 % fewer I-cache misses a decision; docs/performance-log.md).
NO_INTERPOSITION = "-fno-semantic-interposition"


# A profile-guided build (opt-in): gcc's own profile flags. Training writes one .gcda file an object into
# the profile folder; the final compile reads them. Partial training: a function the training never ran
# is optimized as without a profile, not for size (the default treats it as never run).
PGO_ENV = "VOLSTEAD_PGO"
PGO_TRAINED_ONLY = "-fprofile-partial-training"


def wants_pgo() -> bool:
    return os.environ.get(PGO_ENV, "") not in ("", "0")


def training_command() -> list[str]:
    """The training run of a profile-guided build (the built package first on its path)."""
    return [sys.executable, "-m", "volstead.build_training"]


def accepts_flag(compiler, flag: str) -> bool:
    """Whether the C compiler builds a file with `flag` and no warning (an old clang refuses flags it
    does not know, or warns that it ignores them, and mypyc builds with -Werror: a flag it refuses must
    not turn the whole build into pure Python)."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp, "flag.c")
        source.write_text("int volstead_flag_check(void) { return 0; }\n")
        try:
            compiler.compile([str(source)], output_dir=tmp, extra_postargs=["-Werror", flag])
        except Exception:
            return False
    return True


class CompiledBuildExt(build_ext):
    """Builds mypyc's extensions all or none: a compile that fails leaves the pure-Python install.
    Writes the manifest of the compiled sources beside them (volstead/build_info.py reads it). Extensions
    from the cache (CachedExtension) are put where a compile would have written them, not compiled; what
    it compiled goes into the cache (`compile_cache`)."""

    def initialize_options(self) -> None:
        super().initialize_options()
        self._mypyc_args: dict[str, tuple[list[str], list[str]]] = {}  # each extension's flags as mypyc set them
        self.profile_flags: tuple[list[str], list[str]] = ([], [])  # this compile's (compile, link) profile flags
        self.profile_guided = False  # the extensions were compiled with a training profile

    def finalize_options(self) -> None:
        super().finalize_options()
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1

    def reuses_cached(self) -> bool:
        return bool(self.extensions) and all(isinstance(ext, CachedExtension) for ext in self.extensions)

    def build_extensions(self) -> None:
        if self.reuses_cached():  # where build_ext writes them: an in-place build then copies them to src/
            for ext in self.extensions:
                target = Path(self.get_ext_fullpath(ext.name))
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(ext.cached, target)
            return
        interposition = self.compiler.compiler_type == "unix" and accepts_flag(self.compiler, NO_INTERPOSITION)
        compile_flags, link_flags = self.profile_flags
        for ext in self.extensions:  # set from mypyc's own, not appended: a profile-guided build compiles twice
            base_compile, base_link = self._mypyc_args.setdefault(
                ext.name, (list(ext.extra_compile_args), list(ext.extra_link_args))
            )
            ext.extra_compile_args = base_compile + [NO_INTERPOSITION] * interposition + compile_flags
            ext.extra_link_args = base_link + link_flags
        super().build_extensions()

    def run(self) -> None:
        if not self.extensions:
            return
        reused = self.reuses_cached()
        try:
            self._build_with_profile() if wants_pgo() and not reused else super().run()
        except Exception as e:
            for path in self.get_outputs():
                Path(path).unlink(missing_ok=True)
            self.extensions = []
            if reused and compile_cache is not None:
                compile_cache.discard()
            what = "putting the cached compiled modules in place" if reused else "the C compile"
            print(f"volstead: installing pure Python: {what} failed ({type(e).__name__}: {e})", file=sys.stderr)
            return
        if reused:
            self.profile_guided = self.extensions[0].profile_guided
        self._write_manifest()
        # A VOLSTEAD_PGO build whose profile failed is not kept: the next build tries the profile again.
        if not reused and compile_cache is not None and self.profile_guided == wants_pgo():
            compile_cache.store(self, self.profile_guided)

    def _write_manifest(self) -> None:
        manifest = Path(self.get_ext_fullpath("volstead._compiled")).parent / MANIFEST
        manifest.parent.mkdir(parents=True, exist_ok=True)
        sources = {str(p.relative_to(PACKAGE)): hashlib.sha256(p.read_bytes()).hexdigest() for p in compiled_sources()}
        manifest.write_text(json.dumps({"profile_guided": self.profile_guided, "sources": sources}, indent=1))

    def _build_with_profile(self) -> None:
        """Compile instrumented, run the training, compile again with its profile; without a compiler
        that takes gcc's profile flags, or when the training fails, the second compile has no profile
        (said in one line: the install is then as without VOLSTEAD_PGO)."""
        from setuptools._distutils.ccompiler import new_compiler
        from setuptools._distutils.sysconfig import customize_compiler

        named = self.compiler
        probe = new_compiler(compiler=named)  # build_ext makes its own when it runs
        customize_compiler(probe)
        if probe.compiler_type != "unix" or not accepts_flag(probe, PGO_TRAINED_ONLY):
            print(
                f"volstead: {PGO_ENV} needs gcc's profile flags, which this compiler refuses: compiling without a profile",
                file=sys.stderr,
            )
            super().run()
            return
        profiles = Path(self.build_temp).resolve() / "volstead-profile"
        shutil.rmtree(profiles, ignore_errors=True)
        self.profile_flags = ([f"-fprofile-generate={profiles}", "-fprofile-update=single"], [f"-fprofile-generate={profiles}"])
        super().run()
        self._write_manifest()  # the training imports the package: its check must find these sources built
        failure = self._train()
        if failure is None:
            self.profile_flags = ([f"-fprofile-use={profiles}", PGO_TRAINED_ONLY, "-Wno-missing-profile"], [])
            self.profile_guided = True
        else:
            print(f"volstead: {PGO_ENV}: the training failed ({failure}): compiling without a profile", file=sys.stderr)
            self.profile_flags = ([], [])
        self.force = True  # the same C files: compile them again
        self.compiler = named  # build_ext makes its compiler from the name (or None) at each run
        super().run()

    def _train(self) -> str | None:
        """Run the training on the instrumented build; None, or why it failed."""
        import subprocess

        first = self.extensions[0].name  # its folder, up as many levels as its name has dots: the import root
        root = Path(self.get_ext_fullpath(first)).parents[first.count(".")]
        env = {k: v for k, v in os.environ.items() if k != "VOLSTEAD_PURE_PYTHON"}
        env["PYTHONPATH"] = os.pathsep.join([str(root)] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
        try:
            done = subprocess.run(training_command(), env=env, capture_output=True, text=True, timeout=1800)
        except (OSError, subprocess.TimeoutExpired) as e:
            return f"{type(e).__name__}: {e}"
        if done.returncode != 0:
            lines = (done.stderr or done.stdout).strip().splitlines()
            return lines[-1] if lines else f"exit status {done.returncode}"
        print(f"volstead: profile-guided build: {done.stdout.strip()}", file=sys.stderr)
        return None

    def get_outputs(self) -> list[str]:
        outputs = super().get_outputs()
        if self.extensions:
            outputs.append(str(Path(self.get_ext_fullpath("volstead._compiled")).parent / MANIFEST))
        return outputs


def _raise_stack_limit() -> None:
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_STACK)
        resource.setrlimit(resource.RLIMIT_STACK, (hard, hard))
    except (ImportError, ValueError, OSError):
        pass


if __name__ == "__main__":  # setuptools runs it so; tests/test_install_build.py imports it
    setup(ext_modules=mypyc_extensions(), cmdclass={"build_ext": CompiledBuildExt})
