"""The peer's bot figures, for `bench_bot_games.py` and `bench_ismcts.py` to print beside ours.

Catanatron 3.2.1 (the peer of `bench_playouts.py`, in its own environment) ships one searching
player: `VictoryPointPlayer`, a one-ply greedy — for each legal action it copies the game,
executes the action and reads the victory points. Two figures of it, each in one subprocess of the
peer's interpreter, timed in CPU seconds as ours are:

- `peer_greedy_games(n)`: n 4-player games of four VictoryPointPlayers (seeds 0..n-1, its random
  tie-breaks seeded per game): games a CPU second, decisions (actions) a CPU second, and
  lookaheads (copy + execute + read, one per option of a decision with more than one) a CPU second;
- `peer_lookaheads(seconds)`: the same lookahead, for every option of every decision with more
  than one along random games (seeds 1, 2, ...; only the lookaheads timed, until `seconds` of
  them): the peer's unit of search work, beside one ISMCTS iteration of ours (which does more:
  a determinization every few iterations, a clone, the tree's path of moves, an evaluation). The
  peer has no tree search in 3.2.1, so this is the nearest figure it gives.

Each returns totals (CPU seconds, games or positions, decisions, lookaheads), or {"error": ...} when
the peer's environment is missing (`../shared/bench/peer-catanatron` creates it on its first run).
The benchmarks call them in small parts between their own runs (ours, the peer's, ours, ...) and
add the parts up (`summed`), so that a host whose speed moves slows both sides alike and the ratio
holds. Not a pytest module.
"""

from __future__ import annotations

import json
import os
import subprocess

from bench_playouts import PEER_PYTHON, PEER_SCRIPT

_COMMON = r"""
import json, random, sys, time
from catanatron import Color, Game, RandomPlayer
from catanatron.players.search import VictoryPointPlayer
from catanatron.state_functions import player_key
COLORS = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE]
"""

GREEDY_GAMES = (
    _COMMON
    + r"""
first, n = int(sys.argv[1]), int(sys.argv[2])
lookaheads = 0

class Counted(VictoryPointPlayer):
    def decide(self, game, playable_actions):
        global lookaheads
        if len(playable_actions) > 1:
            lookaheads += len(playable_actions)
        return super().decide(game, playable_actions)

decisions = 0
cpu = time.process_time()
for seed in range(first, first + n):
    random.seed(seed)  # VictoryPointPlayer breaks ties with the random module
    game = Game([Counted(c) for c in COLORS], seed=seed)
    game.play()
    decisions += len(game.state.actions)
cpu = time.process_time() - cpu
print(json.dumps({"games": n, "cpu_s": cpu, "decisions": decisions, "lookaheads": lookaheads}))
"""
)

LOOKAHEADS = (
    _COMMON
    + r"""
seconds, seed = float(sys.argv[1]), int(sys.argv[2])
game = Game([RandomPlayer(c) for c in COLORS], seed=seed)
done = positions = 0
spent = 0.0
while spent < seconds:
    if game.winning_color() is not None:
        seed += 1
        game = Game([RandomPlayer(c) for c in COLORS], seed=seed)
        continue
    actions = list(game.state.playable_actions)
    if len(actions) > 1:  # each option looked at, as VictoryPointPlayer does; only this is timed
        color = game.state.current_color()
        start = time.process_time()
        for action in actions:
            copy = game.copy()
            copy.execute(action)
            copy.state.player_state[f"{player_key(copy.state, color)}_ACTUAL_VICTORY_POINTS"]
        spent += time.process_time() - start
        done += len(actions)
        positions += 1
    game.play_tick()
print(json.dumps({"positions": positions, "lookaheads": done, "cpu_s": spent}))
"""
)


def _run_peer(script: str, args: list[str], timeout: int) -> dict:
    if not PEER_PYTHON.exists():
        return {"error": f"{PEER_PYTHON} not found (run {PEER_SCRIPT} once to create it)"}
    try:
        # A fixed hash seed: the peer's legal actions come out of sets, so their order (and so the
        # random game, and the position timed) would change from run to run.
        out = subprocess.run(
            [str(PEER_PYTHON), "-c", script, *args],
            capture_output=True,
            text=True,
            timeout=timeout,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": "0"},
        )
        return json.loads(out.stdout.strip().splitlines()[-1])
    except (subprocess.SubprocessError, OSError, ValueError, IndexError) as e:
        return {"error": f"peer run failed: {e}"}


def peer_greedy_games(games: int, first: int = 0) -> dict:
    """Games `first`..`first + games - 1` of four VictoryPointPlayers: their CPU seconds, decisions
    and lookaheads (totals; `rates` turns summed parts into figures)."""
    return _run_peer(GREEDY_GAMES, [str(first), str(games)], timeout=1800)


def peer_lookaheads(seconds: float, first_seed: int = 1) -> dict:
    """`seconds` of lookaheads along random games from `first_seed` on: positions, lookaheads and
    the CPU seconds they took (totals)."""
    return _run_peer(LOOKAHEADS, [str(seconds), str(first_seed)], timeout=600)


def summed(parts: list[dict]) -> dict:
    """The peer's parts added up (an error if any part failed), with its rates a CPU second."""
    for part in parts:
        if "error" in part:
            return part
    total: dict = {"peer": "catanatron 3.2.1", "parts": len(parts)}
    for key in ("games", "positions", "decisions", "lookaheads", "cpu_s"):
        if all(key in part for part in parts):
            total[key] = sum(part[key] for part in parts)
    cpu = total["cpu_s"]
    for key in ("games", "decisions", "lookaheads"):
        if key in total:
            total[f"{key}_per_s"] = total[key] / cpu
    return total
