#!/usr/bin/env bash
# The test suite, from nothing: set up .venv, then run pytest (GPU tests skip without a GPU).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
.venv/bin/ruff check evo_kernels tests templates
# one pytest worker per core (pytest-xdist): the nvcc builds and CPU emulations of the template
# tests take most of the time, and on the 2-core CI machine this keeps the whole suite near 6 min
exec .venv/bin/python -m pytest -q -n auto --durations=15 "$@"
