#!/bin/bash
# Issue 34 on a lent 16-core machine (the `device` tool of this workplace; see lent_machine.sh):
#   scaling          the simulator's efficiency at 16 workers against one, with bot seats (where the work
#                    is): Prohibition with four greedy seats, then four ISMCTS seats; about 2 minutes
#   pieces LIST SECS `volstead sim` pieces, 16 at a time, each one worker: LIST holds one piece a line,
#                    "NAME GAME BOT SEED FIRST COUNT CARDS" (four BOT seats, games FIRST..FIRST+COUNT-1,
#                    CARDS a card-set folder or -; greedy pieces without records). Pieces still running
#                    after SECS seconds are stopped; every piece's folder comes back in $OUT/pieces.tar.gz
#                    (charts left out), to pool here with `volstead balance DIR...` / `volstead strengths`.
# Here, once a session:  bash benchmarks/prepare_lent_machine.sh new
# There, with `.lent` carried (and the LIST file and card-set folders inside the checkout):
#   bash benchmarks/lent_bot_sims.sh scaling
#   bash benchmarks/lent_bot_sims.sh pieces .lent/pieces.txt 380
# docs/performance.md and docs/prohibition-balance.md keep what it printed (thirtieth session).
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/.."
export PYTHONPATH=$PWD/.lent/new/src:$PWD/.lent/site
OUT=${OUT:-/tmp/lent-bot-sims}; mkdir -p "$OUT"
python3 -c 'from volstead.build_info import describe_build; print(describe_build())'
case $1 in
scaling)
  nproc; lscpu | grep -E 'Model name|^CPU\(s\)|Thread|Core|Socket|L3'
  python3 benchmarks/bench_sim_scaling.py --game prohibition --seats greedy,greedy,greedy,greedy --per-worker 100 \
    --workers 1,16 --repeat 1 --peer-per-worker 0 | tee "$OUT/scaling_greedy.txt"
  python3 benchmarks/bench_sim_scaling.py --game prohibition --seats ismcts,ismcts,ismcts,ismcts --per-worker 8 \
    --workers 1,16 --repeat 1 --peer-per-worker 0 | tee "$OUT/scaling_ismcts.txt"
  ;;
pieces)
  R=/tmp/pieces; mkdir -p $R
  piece() {  # NAME GAME BOT SEED FIRST COUNT CARDS
    local out=$R/$1-$3-$5 cards=() records=()
    [ "$7" != - ] && cards=(-o "cards=$7")
    [ "$3" = greedy ] && records=(--no-records)
    python3 -m volstead.cli sim "$2" --games $(($5 + $6)) --first-game "$5" --seats "$3,$3,$3,$3" --workers 1 \
      --seed "$4" "${cards[@]}" "${records[@]}" --out "$out" > "$out.log" 2>&1
    local status=$?
    echo "$(date +%s) $1 $3 games $5+$6: exit $status"
  }
  export -f piece; export R
  timeout "$3" xargs -P 16 -L 1 bash -c 'piece "$@"' _ < "$2" | tee "$OUT/pieces.log"
  tar czf "$OUT/pieces.tar.gz" --exclude='*.png' -C $R .
  ;;
*) echo "usage: lent_bot_sims.sh scaling | pieces LIST SECONDS" >&2; exit 2 ;;
esac
