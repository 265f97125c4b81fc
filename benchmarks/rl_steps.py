"""Environment steps a second of the learning environments (volstead.rl), beside the bare engine's.

For each game (every registered game with an observation encoder, or each --game), one process,
one core, timed loops of --seconds of the process's CPU time each (a core's second, so a loaded
machine's waits are not counted):

1. engine: random games on the fast path — `state.apply_index(random index)` of the first pending
   decision, no observation, no mask: the engine's decisions a second;
2. AEC: `raw_env(game)` played by every seat — `last()` (the observation and the mask), an action
   drawn among the mask's legal ones, `step(action)` — reset when the game ends: env steps a second
   (a step is one seat's decision, so the ratio to (1) is what the environment costs);
3. vector: `make_vector(game, --envs)` with random opponents, the learner's actions drawn from the
   batch's masks: the learner's env steps a second (each also plays the bots' decisions between);
4. the game's `encode_observation` alone, µs a call over mid-game states, and what the rest of an
   AEC step costs beyond the engine's decision and the encoder (µs: 1/AEC − 1/engine − encode).

    .venv/bin/python benchmarks/rl_steps.py [--game NAME ...] [--test-game] [--seconds 3] [--json]

`--test-game` adds Prize Bids (tests/platform_game), the platform's test game. The target is
≥ 20,000 AEC env steps a second on one core in every game, on the compiled build. Not a pytest module.
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import json
import random
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if importlib.util.find_spec("volstead") is None:  # run from a checkout even without an install
    sys.path.insert(0, str(ROOT / "src"))

TARGET = 20_000  # AEC env steps a second, one core


def engine_decisions(game, seats: int, seconds: float) -> float:
    rng = random.Random(1)
    decisions, seed = 0, 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        seed += 1
        state = game.new_game(seed, seats)
        while state.stack:
            d = state.decision()
            state.apply_index(rng.randrange(len(d.codes)), d.seat)
        decisions += state.decisions_made
    return decisions / (time.process_time() - start)


def encoder_us(game, seats: int, states: int = 2000) -> float:
    """Mean µs of one `encode_observation` (every seat, mid-game states of random games)."""
    rng = random.Random(4)
    sample, seed = [], 0
    while len(sample) < states:
        seed += 1
        state = game.new_game(seed, seats)
        while state.stack and len(sample) < states:
            if rng.random() < 0.1:
                sample.append(state.clone())
            d = state.decision()
            state.apply_index(rng.randrange(len(d.codes)), d.seat)
    encode = game.encode_observation
    gc.collect()  # the sample's clones are not collected inside the timed loop
    gc.disable()
    try:
        start = time.process_time()
        for state in sample:
            for seat in range(seats):
                encode(state, seat)
        return (time.process_time() - start) / (len(sample) * seats) * 1e6
    finally:
        gc.enable()


def aec_steps(game, seats: int, seconds: float) -> float:
    from volstead.rl import raw_env  # imported (and its games registered) before the clock starts

    env = raw_env(game, seats)
    rng = random.Random(2)
    env.reset(seed=1)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(1000):
            if not env.agents:
                env.reset()
                continue
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
    return steps / (time.process_time() - start)


def vector_steps(game, seats: int, seconds: float, n: int) -> float:
    from volstead.rl import make_vector

    vec = make_vector(game, n, seats=seats, seed=1)
    obs, _ = vec.reset(seed=1)
    rng = random.Random(3)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(100):
            actions = []
            for mask in obs["action_mask"]:
                legal = np.flatnonzero(mask)
                actions.append(int(legal[rng.randrange(len(legal))]) if len(legal) else 0)
            obs, _, _, _, _ = vec.step(np.array(actions))
            steps += n
    vec.close()
    return steps / (time.process_time() - start)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", action="append", help="a game (repeatable); default: every game with an encoder")
    p.add_argument("--test-game", action="store_true", help="add the test game Prize Bids (tests/platform_game)")
    p.add_argument("--seconds", type=float, default=3.0, help="seconds of each timed loop (default 3)")
    p.add_argument("--envs", type=int, default=8, help="environments of the vector form (default 8)")
    p.add_argument("--json", action="store_true", help="one JSON object instead of the table")
    p.add_argument(
        "--numpy-reading",
        action="store_true",
        help="read each observation with numpy.array, not the compiled packer (what the packer buys)",
    )
    args = p.parse_args()

    import volstead.games
    from volstead.build_info import describe_build
    from volstead.games import game_names, get_game

    if args.test_game:
        sys.path.insert(0, str(ROOT / "tests"))
        volstead.games.register("prize_bids", "platform_game")
    import volstead.rl as rl
    import volstead.rl.encoding

    if args.numpy_reading:
        volstead.rl.encoding.PACKED = False

    names = args.game or [n for n in game_names() if rl.has_encoder(get_game(n))]
    if args.test_game and "prize_bids" not in names:
        names.append("prize_bids")
    rows = []
    for name in names:
        game = get_game(name)
        if not rl.has_encoder(game):
            rows.append({"game": name, "skipped": "no observation encoder"})
            continue
        seats = game.seat_range()[-1]
        engine = engine_decisions(game, seats, args.seconds)
        aec = aec_steps(game, seats, args.seconds)
        vec = vector_steps(game, seats, args.seconds, args.envs)
        enc = encoder_us(game, seats)
        rows.append(
            {
                "game": name,
                "seats": seats,
                "engine_decisions_per_s": round(engine),
                "aec_steps_per_s": round(aec),
                "aec_over_engine": round(aec / engine, 3),
                "vector_steps_per_s": round(vec),
                "vector_envs": args.envs,
                "encode_us": round(enc, 2),
                "env_overhead_us": round(1e6 / aec - 1e6 / engine - enc, 2),
                "target_met": aec >= TARGET,
            }
        )
    out = {
        "build": describe_build(),
        "packed": volstead.rl.encoding.PACKED,
        "seconds": args.seconds,
        "target_aec_steps_per_s": TARGET,
        "games": rows,
    }
    if args.json:
        print(json.dumps(out))
        return
    reading = "the compiled packer" if out["packed"] else "numpy.array"
    print(f"{out['build']}; observations read by {reading}; {args.seconds:g} s a loop; target ≥ {TARGET:,} AEC steps/s a core")
    print(
        f"{'game':<18}{'engine dec/s':>14}{'AEC steps/s':>14}{'ratio':>8}{'vector/s':>12}{'encode µs':>11}{'rest µs':>9}  target"
    )
    for r in rows:
        if "skipped" in r:
            print(f"{r['game']:<18}  skipped: {r['skipped']}")
            continue
        print(
            f"{r['game']:<18}{r['engine_decisions_per_s']:>14,}{r['aec_steps_per_s']:>14,}{r['aec_over_engine']:>8.2f}"
            f"{r['vector_steps_per_s']:>12,}{r['encode_us']:>11.1f}{r['env_overhead_us']:>9.1f}"
            f"  {'yes' if r['target_met'] else 'NO'}"
        )


if __name__ == "__main__":
    main()
