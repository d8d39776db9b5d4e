#!/usr/bin/env bash
# The main job, from nothing: set up .venv, then tune sgemm. On a machine with an NVIDIA GPU it
# measures there; without one it runs the same search on the H200 recording shipped with the
# package (it says so). Then it exports the winner as a header and compiles that header.
# Extra arguments go to `evo-kernels tune` (e.g. --budget 500 --strategy ga).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
EK=.venv/bin/evo-kernels
$EK tune sgemm --budget 200 --db runs/main.db --population runs/main-population "$@"
$EK export --db runs/main.db --template sgemm --out runs/sgemm_tuned.cuh
echo '#include "sgemm_tuned.cuh"' > runs/use_sgemm_tuned.cu
nvcc -arch=sm_90 -c runs/use_sgemm_tuned.cu -o runs/use_sgemm_tuned.o && echo "runs/sgemm_tuned.cuh compiles in a .cu file"
