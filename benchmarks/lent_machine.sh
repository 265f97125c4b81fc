#!/bin/bash
# Issue 15's timed targets on a lent 16-core machine (the `device` tool of this workplace: Python 3.12
# there, no network, a device call limited to minutes). docs/performance.md keeps what it printed.
#
# Built here, carried there (a build there took 2.5–3 of those minutes): `.lent/` (ignored) holds
# one or more builds compiled for CPython 3.12, each `.lent/<name>/src`, and `.lent/site`, the
# dependencies that machine lacks. Here, once a session, with this host's pyenv Python 3.12:
#   bash benchmarks/prepare_lent_machine.sh new            # the checkout's HEAD
#   bash benchmarks/prepare_lent_machine.sh base <commit>  # a build to pair it with (optional)
# Then, with `.lent` carried:   bash benchmarks/lent_machine.sh new [base]
# Mafia's scaling runs on each build in turn (pairs on one machine minutes apart: the lent machines'
# speed moved by half within a lease before), the rest on the first build; about 2 minutes in all.
export PYTHONUNBUFFERED=1
OUT=${OUT:-/tmp/lent-machine}; mkdir -p "$OUT"
BUILDS=("$@"); [ ${#BUILDS[@]} -gt 0 ] || BUILDS=(new)
B=benchmarks
on() {  # on BUILD COMMAND...: run the command with that build's compiled package
  local build=$1; shift
  PYTHONPATH=$PWD/.lent/$build/src:$PWD/.lent/site python3 "$@"
}
echo "== machine"; nproc; lscpu | grep -E 'Model name|^CPU\(s\)|Thread|Core|Socket|L3'; python3 --version
for b in "${BUILDS[@]}"; do echo "$b: $(on "$b" -c 'from volstead.build_info import describe_build; print(describe_build())')"; done
for b in "${BUILDS[@]}"; do  # Mafia's games are the shortest: the parent's share is the largest
  echo "== sim mafia_chronicles, $b"
  on "$b" $B/bench_sim_scaling.py --game mafia_chronicles --per-worker 1500 --workers 1,2,4,8,16 --repeat 2 \
    | tee "$OUT/sim_mafia_chronicles_$b.txt"
done
new=${BUILDS[0]}
for game in scarface1920 prohibition; do
  echo "== sim $game, $new"
  on "$new" $B/bench_sim_scaling.py --game $game --per-worker 400 --workers 1,2,16 --repeat 2 | tee "$OUT/sim_${game}_$new.txt"
done
echo "== ismcts, $new"; on "$new" $B/bench_ismcts.py --repeat 3 --peer-seconds 0 | tee "$OUT/ismcts.txt"
echo "== greedy, $new"; on "$new" $B/bench_bot_games.py --games 8 --peer-games 0 | tee "$OUT/greedy.txt"
