#!/usr/bin/env bash
# The main job, from nothing: set up .venv, then tune sgemm (on the GPU where there is one,
# otherwise on the H200 recordings shipped with the package). Extra arguments go to `tune`.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
.venv/bin/evo-kernels list
exec .venv/bin/evo-kernels compile sgemm --random 8 --seed 1 "$@"
