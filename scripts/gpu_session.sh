#!/usr/bin/env bash
# One device session in one call (under the 10-minute limit): GPU tests, recordings of three
# kernels, then the kernel benchmark in the time left; each stage has its own time budget and
# writes into OUTDIR as it goes, so a stage cut short keeps what it finished.
#   scripts/gpu_session.sh OUTDIR
set -uo pipefail
OUTDIR=${1:?usage: scripts/gpu_session.sh OUTDIR}
cd "$(dirname "$0")/.."
mkdir -p "$OUTDIR"
source scripts/_gpu_env.sh
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUTDIR/gpu.txt"
timeout "${T_TESTS:-150}" python3 -m pytest -q -m gpu -p no:cacheprovider tests/test_gpu_runner.py \
  tests/test_gpu_templates.py tests/test_export.py > "$OUTDIR/gpu_tests.log" 2>&1
echo "tests rc=$?" >> "$OUTDIR/gpu_tests.log"
RECORD_TEMPLATES="${RECORD_TEMPLATES:-transpose stencil sgemm}" SKIP_BATCH=1 timeout "${T_RECORD:-220}" \
  bash scripts/gpu_record.sh "$OUTDIR" "${SAMPLE:-200}"
echo "record rc=$?" >> "$OUTDIR/record.log"
timeout "${T_BENCH:-200}" python3 benchmarks/bench_kernels.py --out "$OUTDIR" --sample 50 --time-cap 0.1 \
  > "$OUTDIR/bench.log" 2>&1
echo "bench rc=$?" >> "$OUTDIR/bench.log"
tail -3 "$OUTDIR/gpu_tests.log"; cat "$OUTDIR/record.log"; tail -25 "$OUTDIR/bench.log"
