#!/usr/bin/env bash
# One command for the GPU machine: install what its Python lacks from .whl/, run the GPU tests,
# run the kernel benchmark, and write logs and tables into OUTDIR.
#   scripts/gpu_check.sh OUTDIR [--sample N] [--templates ...]
# Set EVO_COMMIT to the commit being measured where the tree travels without .git.
set -uo pipefail
OUTDIR=${1:?usage: scripts/gpu_check.sh OUTDIR [benchmark args]}
shift
cd "$(dirname "$0")/.."
mkdir -p "$OUTDIR"
source scripts/_gpu_env.sh
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv | tee "$OUTDIR/gpu.txt"
status=0
python3 -m pytest -q -m gpu -p no:cacheprovider tests 2>&1 | tee "$OUTDIR/gpu_tests.log" || status=1
python3 benchmarks/bench_kernels.py --out "$OUTDIR" "$@" 2>&1 | tee "$OUTDIR/bench.log" || status=1
exit $status
