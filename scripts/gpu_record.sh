#!/usr/bin/env bash
# On the GPU machine: record spaces of three kernels (shipped in evo_kernels/recordings/ so that
# CPU machines can tune on real H200 measurements), then run a short overnight-style batch of
# three kernels with headers, report and leaderboard.
#   scripts/gpu_record.sh OUTDIR [SAMPLE]
set -uo pipefail
OUTDIR=${1:?usage: scripts/gpu_record.sh OUTDIR [SAMPLE]}
SAMPLE=${2:-300}
cd "$(dirname "$0")/.."
mkdir -p "$OUTDIR"
source scripts/_gpu_env.sh
EK="python3 -m evo_kernels.cli"
status=0
for t in ${RECORD_TEMPLATES:-sgemm transpose stencil}; do
  $EK record "$t" --sample "$SAMPLE" --db "$OUTDIR/record.db" --out "$OUTDIR/$t.json.gz" --time-cap 0.2 \
    2>&1 | tail -n 3 | tee -a "$OUTDIR/record.log" || status=1
done
if [ -z "${SKIP_BATCH:-}" ]; then
  $EK batch benchmarks/batch_h200.toml 2>&1 | tee "$OUTDIR/batch.log" || status=1
  $EK leaderboard --db runs/batch_h200/results.db --top 15 > "$OUTDIR/leaderboard.txt" 2>&1 || status=1
  tar czf "$OUTDIR/batch_h200.tar.gz" -C runs batch_h200/headers batch_h200/report 2>/dev/null || status=1
fi
exit $status
