#!/bin/bash
# Build the compiled core for CPython 3.12 into `.lent/NAME/src` (and the dependencies a lent machine
# lacks into `.lent/site`), to carry to a lent machine: benchmarks/lent_machine.sh says how.
#   bash benchmarks/prepare_lent_machine.sh NAME [COMMIT]     # COMMIT defaults to HEAD
# Needs a Python 3.12 with headers (PY312, default this host's pyenv one) and pip's index; ~4
# minutes on 2 cores. The builds run in a clone, so the checkout stays interpreted.
set -euo pipefail
NAME=${1:?a name for the build}; COMMIT=${2:-HEAD}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PY312=${PY312:-/root/.pyenv/versions/3.12.1/bin/python3.12}
VENV=${TMPDIR:-/tmp}/volstead-py312
[ -x "$VENV/bin/python" ] || { "$PY312" -m venv "$VENV"
  "$VENV/bin/pip" install -q "mypy==$("$ROOT/.venv/bin/python" -c 'import mypy.version; print(mypy.version.__version__)')" \
    setuptools wheel pydantic typer rich fastapi uvicorn websockets sqlalchemy platformdirs orjson; }
CLONE=${TMPDIR:-/tmp}/volstead-lent-$NAME
rm -rf "$CLONE"; git clone -q "$ROOT" "$CLONE"; git -C "$CLONE" checkout -q "$COMMIT"
(cd "$CLONE" && "$VENV/bin/python" setup.py -q build_ext --inplace -j 2 > build.log 2>&1)
if grep -q "installing pure Python" "$CLONE/build.log"; then grep "installing pure Python" "$CLONE/build.log"; exit 1; fi
mkdir -p "$ROOT/.lent"; rm -rf "$ROOT/.lent/$NAME"; mkdir "$ROOT/.lent/$NAME"
cp -r "$CLONE/src" "$ROOT/.lent/$NAME/src"; find "$ROOT/.lent/$NAME" -name __pycache__ -prune -exec rm -rf {} +
if [ ! -d "$ROOT/.lent/site" ]; then  # what the machine's image lacks (its package list: the device tool's KINDS.md)
  SITE="$VENV/lib/python3.12/site-packages"
  mkdir "$ROOT/.lent/site"
  for p in pydantic pydantic_core annotated_types typing_inspection orjson platformdirs mypy_extensions librt \
           typing_extensions; do cp -r "$SITE"/$p* "$ROOT/.lent/site/"; done
  find "$ROOT/.lent/site" -name __pycache__ -prune -exec rm -rf {} +
fi
PYTHONPATH="$ROOT/.lent/$NAME/src:$ROOT/.lent/site" "$PY312" -c \
  'from volstead.build_info import describe_build; print(describe_build())'
du -sh "$ROOT/.lent"
