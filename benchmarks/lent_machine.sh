#!/bin/bash
# Issue 15's timed targets on a lent 16-core machine (the `device` tool of this workplace; Python 3.12
# there, no network). What the ninth session ran there (docs/performance.md, docs/sim.md).
#
# Here, once: the project's dependencies that machine lacks, as cp312 wheels, into an ignored folder:
#   echo /.whl/ >> .git/info/exclude
#   P="--only-binary=:all: --python-version 3.12 --implementation cp --platform manylinux_2_28_x86_64 \
#      --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64 --platform manylinux1_x86_64 --platform any"
#   for p in mypy==<this venv's> librt ast-serialize pathspec pydantic pydantic-core annotated-types \
#            typing-inspection typing-extensions orjson platformdirs sqlalchemy greenlet fastapi starlette \
#            opentelemetry-api uvicorn websockets; do .venv/bin/python -m pip download -q --no-deps $P -d .whl "$p"; done
# Then run it there with `.whl` carried:   bash benchmarks/lent_machine.sh
# It builds the compiled core in place (`setup.py build_ext --inplace -j 16`, 2.5–3 minutes) and prints
# the simulator's scaling beside the machine's own ceiling, with and without records, ISMCTS and greedy.
export PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
export PYTHONPATH=$PWD/src:/tmp/site
OUT=${OUT:-/tmp/lent-machine}; mkdir -p "$OUT"
echo "== machine"; nproc; lscpu | grep -E 'Model name|^CPU\(s\)|Thread|Core|Socket|L3'
echo "== build"; s=$(date +%s)
timeout 300 python3 setup.py -q build_ext --inplace -j 16 > "$OUT/build.log" 2>&1; echo "build rc $? in $(( $(date +%s) - s )) s"
python3 -c "from volstead.build_info import describe_build; print(describe_build())"
B=benchmarks
echo "== sim scarface, records"; python3 $B/bench_sim_scaling.py --per-worker 800 --workers 1,2,4,8,16 --repeat 2 | tee "$OUT/sim_scarface.txt"
echo "== sim scarface, no records"; python3 $B/bench_sim_scaling.py --per-worker 800 --workers 1,2,8,16 --repeat 2 --no-records | tee "$OUT/sim_scarface_norec.txt"
echo "== ismcts"; python3 $B/bench_ismcts.py --repeat 5 --peer-seconds 0 | tee "$OUT/ismcts.txt"
echo "== greedy"; python3 $B/bench_bot_games.py --games 16 --peer-games 0 | tee "$OUT/greedy.txt"
for g in mafia_chronicles prohibition; do
  echo "== sim $g"; python3 $B/bench_sim_scaling.py --game $g --per-worker 500 --workers 1,2,16 --repeat 2 | tee "$OUT/sim_$g.txt"
done
echo "== ismcts again"; python3 $B/bench_ismcts.py --repeat 5 --peer-seconds 0 | tee -a "$OUT/ismcts.txt"
echo "== greedy again"; python3 $B/bench_bot_games.py --games 16 --peer-games 0 | tee -a "$OUT/greedy.txt"
