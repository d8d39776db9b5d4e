#!/usr/bin/env bash
# The test suite, from nothing: set up .venv, then run pytest (GPU tests skip without a GPU).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
.venv/bin/ruff check evo_kernels tests templates
exec .venv/bin/python -m pytest -q "$@"
