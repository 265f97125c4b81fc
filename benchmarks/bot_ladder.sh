#!/bin/bash
# Each game's Elo ladder of the bots the lobby offers (issue 34, item 7; docs/bots.md "Ratings"):
# random, greedy, the learned bot and ISMCTS at 50 ms and 200 ms a decision at tables of all but one
# of them (each table leaves one bot out; `volstead sim` rotates the seats), GAMES games a table; then
# ISMCTS at 1 s at a table of its own with greedy and the two shorter searches (TOP_GAMES games: a
# seat thinking a second a decision makes these the dearest games by far); then
# `volstead ladder --save` fits them all into the game's bot_ratings.toml, which the lobby shows.
#   bash benchmarks/bot_ladder.sh [GAME ...]          # GAMES=24 TOP_GAMES=12 WORKERS=$(nproc) by default
# The ISMCTS seats think for their budget in wall-clock time, so give every worker a core of its own
# (WORKERS <= cores) and nothing else to do. On this 2-core machine the three games took about
# 67 minutes at 2 workers for the five-bot tables and 39 more for the 1 s tables (docs/bots.md).
# On a lent machine (`.lent` carried, a build for its Python: prepare_lent_machine.sh) set
# VOLSTEAD="PYTHONPATH=.lent/new/src:.lent/site python3 -m volstead.cli".
set -euo pipefail
GAMES=${GAMES:-24}
TOP_GAMES=${TOP_GAMES:-12}
WORKERS=${WORKERS:-$(nproc)}
OUT=${OUT:-results/ladder}
VOLSTEAD=${VOLSTEAD:-.venv/bin/volstead}
read -ra BOTS <<< "${BOTS:-random greedy learned ismcts:50ms ismcts:200ms}"  # BOTS="..." to try the script cheaply
read -ra TOP_TABLES <<< "${TOP_TABLES-greedy,ismcts:50ms,ismcts:200ms,ismcts:1000ms}"  # TOP_TABLES="": none
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
  for seats in "${TOP_TABLES[@]}"; do
    run="$OUT/$game/top-${seats//[:,]/-}"
    echo "== $game: $seats, $TOP_GAMES games"
    env $VOLSTEAD sim "$game" --seats "$seats" --games "$TOP_GAMES" --workers "$WORKERS" --seed 34 --no-report --out "$run"
    runs+=("$run")
  done
  env $VOLSTEAD ladder "${runs[@]}" --save "$OUT/$game/bot_ratings.toml"
done
