#!/bin/bash
# Two compiled builds side by side on a lent machine (issue 33: a restructuring must not change the
# games or slow them): the fingerprints of both (random 300 games and greedy 12 games a game: the same
# games, decision for decision), then benchmarks/bench_playouts.py alternately on each, ROUNDS times,
# on one core each run (paired, alternating: the lent machines' speed moved within a lease before).
# Builds as for lent_machine.sh (`.lent/<name>/src`, prepared here with prepare_lent_machine.sh);
# with `.lent` carried:   bash benchmarks/lent_compare.sh base new [ROUNDS]
export PYTHONUNBUFFERED=1
OUT=${OUT:-/tmp/lent-compare}; mkdir -p "$OUT"
A=${1:?the first build}; B=${2:?the second build}; ROUNDS=${3:-3}
on() {  # on BUILD COMMAND...: run the command with that build's compiled package
  local build=$1; shift
  PYTHONPATH=$PWD/.lent/$build/src:$PWD/.lent/site python3 "$@"
}
echo "== machine"; nproc; lscpu | grep -E 'Model name'; python3 --version
for b in "$A" "$B"; do echo "$b: $(on "$b" -c 'from volstead.build_info import describe_build; print(describe_build())')"; done
echo "== fingerprints (in parallel, one process a game, bot and build)"
for b in "$A" "$B"; do
  for game in scarface1920 prohibition mafia_chronicles; do
    on "$b" -m volstead.sim.fingerprint --game $game --games 300 > "$OUT/fp_${b}_${game}_random.txt" 2>&1 &
    on "$b" -m volstead.sim.fingerprint --game $game --games 12 --bot greedy > "$OUT/fp_${b}_${game}_greedy.txt" 2>&1 &
  done
done
wait
for f in "$OUT"/fp_*; do echo "$(basename "$f" .txt): $(tail -n 1 "$f")"; done
echo "== bench_playouts, alternately, $ROUNDS rounds (taskset: one core)"
for r in $(seq "$ROUNDS"); do
  for b in "$A" "$B"; do
    taskset -c 2 env PYTHONPATH="$PWD/.lent/$b/src:$PWD/.lent/site" \
      python3 benchmarks/bench_playouts.py --games 300 --no-peer --json > "$OUT/playouts_${b}_$r.json"
    python3 - "$OUT/playouts_${b}_$r.json" "$r" "$b" <<'PY'
import json, sys
games = json.load(open(sys.argv[1]))["games"]
print(f"round {sys.argv[2]} {sys.argv[3]}:", "  ".join(
    f"{name} {g['ours']['decisions_per_s']:,} dec/s, clone {g['ours']['clone_us']:.2f} us" for name, g in games.items()))
PY
  done
done
