"""Compile the engine and one game with mypyc in a scratch copy, then compare it with the checkout.

Issue 15's trial of a compiled core (docs/performance.md), made repeatable: copies `src/` to a
scratch folder, compiles the engine's hot modules and the game's state and rules there (mypyc
reads the project's mypy settings from a `mypy.ini` written beside them: without the pydantic
plugin it exits 1 without saying why), then runs on each build, interpreted (this checkout) and
compiled (the scratch copy), in alternating order:

- random playouts: 4-player games on the fast path (`apply_index`), decisions/s of process time;
- the fingerprint of `--fingerprint-games` seeded games with random bots and of a few with
  greedy bots (`benchmarks/fingerprint.py`): the two builds must print the same hashes.

    .venv/bin/python benchmarks/compiled_trial.py [--game scarface1920] [--games 60] [--keep DIR]

Needs a C compiler and mypy (the dev extra). The build takes minutes (about 4.5 for Scarface on a
loaded 2-core machine, 700 MB). Not a pytest module, and nothing here changes the checkout.
"""

from __future__ import annotations

import argparse
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

ENGINE = ["volstead/engine/step.py", "volstead/engine/decision.py", "volstead/engine/state.py",
          "volstead/engine/lanes.py", "volstead/engine/rng.py"]
# What each game compiles with the engine: its state, rules and everything that subclasses them
# (an interpreted class cannot inherit from a compiled one).
GAME_MODULES = {
    "scarface1920": ["state.py", "rules/*.py", "effects/*.py", "solo/state.py", "solo/setup.py", "solo/turn.py",
                     "solo/enforcer.py", "solo/actions.py", "solo/ties.py"],
    "prohibition": ["state.py", "rules/*.py", "evaluation.py"],
    "mafia_chronicles": ["state.py", "rules/*.py", "evaluation.py"],
}
MYPY_INI = """[mypy]
python_version = 3.11
plugins = pydantic.mypy
no_implicit_optional = True
check_untyped_defs = True

[mypy-volstead.bots.*,volstead.server.*,volstead.sim.*,volstead.cli,volstead.cli.*,volstead.cards_cli]
follow_imports = silent
"""
PLAYOUTS = """
import random, sys, time
from volstead.build_info import describe_build
from volstead.games import get_game
game, n = sys.argv[1], int(sys.argv[2])
g = get_game(game)
start, decisions = time.process_time(), 0
for i in range(n):
    s, rng = g.new_game(i, 4), random.Random(i)
    while not s.is_over():
        s.apply_index(rng.randrange(len(s.decision().codes)))
        decisions += 1
print(f"{describe_build()}: {decisions / (time.process_time() - start):,.0f} decisions/s ({n} random games)")
"""


def unlimited_stack() -> None:
    resource.setrlimit(resource.RLIMIT_STACK, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))


def build(game: str, scratch: Path) -> None:
    src = scratch / "src"
    shutil.copytree(ROOT / "src", src, ignore=shutil.ignore_patterns("__pycache__", "*.so", "build"))
    shutil.copytree(ROOT / "benchmarks", scratch / "benchmarks")  # fingerprint.py finds ROOT/src from there
    (src / "mypy.ini").write_text(MYPY_INI)
    modules = list(ENGINE)
    for pattern in GAME_MODULES[game]:
        modules += sorted(str(p.relative_to(src)) for p in (src / "volstead/games" / game).glob(pattern))
    print(f"compiling {len(modules)} modules in {scratch} ...", flush=True)
    # mypyc recurses deeply on the engine's types: the default 8 MB stack crashes it
    done = subprocess.run([sys.executable, "-m", "mypyc", *modules], cwd=src, capture_output=True, text=True,
                          preexec_fn=unlimited_stack)
    if done.returncode:
        errors = [line for line in done.stdout.splitlines() if ": error:" in line or ": note:" in line]
        sys.exit("mypyc failed:\n" + "\n".join(errors[-20:] or done.stderr.splitlines()[-20:]))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="scarface1920", choices=sorted(GAME_MODULES))
    ap.add_argument("--games", type=int, default=60, help="random playouts per build and round")
    ap.add_argument("--fingerprint-games", type=int, default=300)
    ap.add_argument("--greedy-games", type=int, default=12)
    ap.add_argument("--keep", help="build here and keep it (default: a temporary folder, removed)")
    args = ap.parse_args(argv)

    scratch = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="volstead-mypyc-"))
    try:
        build(args.game, scratch)
        roots = {"interpreted": ROOT, "compiled": scratch}
        for _ in range(2):  # alternating: a drift of the machine's speed hits both builds
            for root in roots.values():
                subprocess.run([sys.executable, "-c", PLAYOUTS, args.game, str(args.games)], check=True,
                               env={"PYTHONPATH": str(root / "src"), "PATH": "/usr/bin:/bin"})
        for name, root in roots.items():
            for bot, n in (("random", args.fingerprint_games), ("greedy", args.greedy_games)):
                out = subprocess.run([sys.executable, str(root / "benchmarks/fingerprint.py"), "--game", args.game,
                                      "--games", str(n), "--bot", bot], check=True, capture_output=True, text=True)
                print(f"{name}: {out.stdout.strip().splitlines()[-1]}")
    finally:
        if not args.keep:
            shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
