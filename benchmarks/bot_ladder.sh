#!/bin/bash
# Each game's Elo ladder of the bots the lobby offers (issue 34, item 7; docs/bots.md "Ratings"):
# random, greedy and ISMCTS at 50 ms, 200 ms and 1 s a decision, at tables of all but one of them
# (each table leaves one bot out; `volstead sim` rotates the seats), GAMES games a table,
# and the learned bot at two more tables; then `volstead ladder --save` writes the game's data/bot_ratings.toml, which the lobby shows.
#   bash benchmarks/bot_ladder.sh [GAME ...]          # GAMES=40 WORKERS=$(nproc) by default
# The ISMCTS seats think for their budget in wall-clock time, so give every worker a core of its own
# (WORKERS <= cores) and nothing else to do: a table with the 1 s seat takes about 2 minutes a game of
# Scarface 1920 (a seat decides about 125 times). On a lent machine (`.lent` carried, a build for its
# Python: prepare_lent_machine.sh) set VOLSTEAD="PYTHONPATH=.lent/new/src:.lent/site python3 -m volstead.cli".
set -euo pipefail
GAMES=${GAMES:-40}
WORKERS=${WORKERS:-$(nproc)}
OUT=${OUT:-results/ladder}
VOLSTEAD=${VOLSTEAD:-.venv/bin/volstead}
read -ra BOTS <<< "${BOTS:-random greedy ismcts:50ms ismcts:200ms ismcts:1000ms}"  # BOTS="..." to try the script cheaply
read -ra LEARNED_TABLES <<< "${LEARNED_TABLES-learned,random,greedy,ismcts:50ms learned,greedy,ismcts:200ms,ismcts:1000ms}"  # LEARNED_TABLES="": none
GAMES_LIST=("$@"); [ ${#GAMES_LIST[@]} -gt 0 ] || GAMES_LIST=(scarface1920 prohibition mafia_chronicles)
for game in "${GAMES_LIST[@]}"; do
  runs=()
  for left_out in "${!BOTS[@]}"; do
    seats=$(for i in "${!BOTS[@]}"; do [ "$i" = "$left_out" ] || echo "${BOTS[$i]}"; done | paste -sd,)
    run="$OUT/$game/without-${BOTS[$left_out]//:/-}"
    echo "== $game: $seats, $GAMES games"
    env $VOLSTEAD sim "$game" --seats "$seats" --games "$GAMES" --workers "$WORKERS" --seed 34 --no-report --out "$run"
    runs+=("$run")
  done
  # the learned bot (the policy the game ships, for four seats: issue 37) at two tables of its own,
  # one with the weaker bots and one with the stronger, which tie it into the ladder
  for seats in "${LEARNED_TABLES[@]}"; do
    run="$OUT/$game/learned-with-${seats//[:,]/-}"
    echo "== $game: $seats, $GAMES games"
    env $VOLSTEAD sim "$game" --seats "$seats" --games "$GAMES" --workers "$WORKERS" --seed 34 --no-report --out "$run"
    runs+=("$run")
  done
  env $VOLSTEAD ladder "${runs[@]}" --save "$OUT/$game/bot_ratings.toml"
done
