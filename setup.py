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
faster (random playouts to ISMCTS), twice the build time (docs/performance.md). Everything else about the project
is in pyproject.toml.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import sysconfig
import tomllib
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
PACKAGE = ROOT / "src" / "volstead"
ENGINE = ["step.py", "decision.py", "state.py", "lanes.py", "rng.py", "tuples.py"]
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


BUILD_COMMANDS = {"build", "build_ext", "bdist_wheel", "editable_wheel", "install", "develop"}


def mypyc_extensions() -> list:
    """The extensions mypyc generates (C code written now, compiled by build_ext), or [] with a line
    saying why the install is pure Python. Only for a build: pip asking for metadata compiles nothing."""
    if not BUILD_COMMANDS & set(sys.argv[1:]):
        return []
    reason = why_pure_python()
    if reason is None:
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
    Writes the manifest of the compiled sources beside them (volstead/build_info.py reads it)."""

    def initialize_options(self) -> None:
        super().initialize_options()
        self._mypyc_args: dict[str, tuple[list[str], list[str]]] = {}  # each extension's flags as mypyc set them
        self.profile_flags: tuple[list[str], list[str]] = ([], [])  # this compile's (compile, link) profile flags
        self.profile_guided = False  # the extensions were compiled with a training profile

    def finalize_options(self) -> None:
        super().finalize_options()
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1

    def build_extensions(self) -> None:
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
        try:
            self._build_with_profile() if wants_pgo() else super().run()
        except Exception as e:
            for path in self.get_outputs():
                Path(path).unlink(missing_ok=True)
            self.extensions = []
            print(f"volstead: installing pure Python: the C compile failed ({type(e).__name__}: {e})", file=sys.stderr)
            return
        self._write_manifest()

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
