#!/usr/bin/env bash
# The device calls that wait, by name, so that a device command stays one short line:
#   python3 -m pip install -q --no-index --no-deps --target /tmp/site .whl/*.whl 2>/dev/null;
#   export PYTHONPATH=/tmp/site:$PWD EVO_COMMIT=<commit>; bash benchmarks/calls/pending.sh auto $OUT
# NAME is one of the calls below, or "auto": second-table on an H200, sgemm-tc-small on any other card (the H200
# reading of issue 17 has to be one call on the H200; the others serve on either card). Each is one
# scripts/gpu_session.sh run of at most about 560 s; T_SHAPES etc. given by the caller override the defaults below.
# When a call has run, move it out of this file; benchmarks/dev/file_call.py files what it returned in
# benchmarks/<gpu>-<date>/callN/ with its command.
set -uo pipefail
NAME=${1:?usage: benchmarks/calls/pending.sh NAME OUTDIR}
OUTDIR=${2:?usage: benchmarks/calls/pending.sh NAME OUTDIR}
cd "$(dirname "$0")/../.."
if [ "$NAME" = auto ]; then
  if nvidia-smi -L | grep -q H200; then NAME=second-table; else NAME=sgemm-tc-small; fi
fi
echo "pending.sh: $NAME" >&2
export SHAPES_SAMPLE=0 SHAPES_CLIMB=0
session() {   # PENDING_DRY_RUN=1: print what the call would run (the tests read it) instead of running it
  if [ -n "${PENDING_DRY_RUN:-}" ]; then
    for v in STAGES SHAPES_TEMPLATES SHAPES_SIZES SHAPES_ARGS PROFILE_CASES TESTS_FILES TESTS_K; do
      echo "$v=$(echo ${!v:-})"
    done
  else
    bash scripts/gpu_session.sh "$OUTDIR"
  fi
}
sizes() {   # sizes TEMPLATE K1,K2,.. V1,V2,.. ...: "--size TEMPLATE:K1=V1,K2=V2 ..." as bench_kernels.py takes them
  local t=$1 v kv i out=""
  local -a k x
  IFS=, read -ra k <<< "$2"
  shift 2
  for v in "$@"; do
    IFS=, read -ra x <<< "$v"
    kv=""
    for i in "${!k[@]}"; do kv="$kv${kv:+,}${k[$i]}=${x[$i]}"; done
    out="$out --size $t:$kv"
  done
  echo "$out"
}
# few-row transposes: seven that missed on the H100 (2026-12-06h) to choose on, four held out (the last four)
FEW_ROWS=$(sizes transpose R,C 2,15491379 10,6131105 17,3296897 6,8600457 38,443407 16,3533593 29,1824767 \
           9,4400517 9,7433509 17,4267723 12,2948206)
case $NAME in
  second-table)
    # issue 17's Done-when reading on the H200: the second table of every template with its peers in one call, the
    # few-row transpose genes (TileLoops_GatherOnly, TileLoops_GatherStage) and stencil's float4 flat layouts
    STAGES=${STAGES:-shapes tests} TESTS_FILES=${TESTS_FILES:-tests/test_gpu_templates.py tests/test_export_launch.py} \
    TESTS_K=${TESTS_K:-transpose} T_TESTS=${T_TESTS:-100} T_SHAPES=${T_SHAPES:-420} \
    SHAPES_TEMPLATES="sgemm stencil softmax transpose reduce_sum conv2d" \
    SHAPES_SIZES="--size second $FEW_ROWS" \
    SHAPES_ARGS="--designs --extra benchmarks/candidates/transpose_gather_only_candidates.json
      --extra benchmarks/candidates/stencil_narrow_flat_candidates.json --rounds 3" \
      session ;;
  sgemm-tc-small)
    # small sgemm on tensor-core tiles of 16 x 64 to 128 x 32 (143 candidates); held out (seed 20261252):
    # 2526x1115x109, 73x7546x2544, 132x6372x535, 1773x2342x118, 6630x150x1076, 392x1041x331
    STAGES=${STAGES:-shapes profile} T_SHAPES=${T_SHAPES:-420} T_PROFILE=${T_PROFILE:-110} SHAPES_TEMPLATES=sgemm \
    SHAPES_SIZES=$(sizes sgemm M,N,K 379,362,2618 2526,1115,109 4020,131,438 73,7546,2544 963,3731,170 132,6372,535 \
                   6487,429,441 1773,2342,118 4262,614,637 6630,150,1076 1231,183,1509 392,1041,331 5130,211,567) \
    SHAPES_ARGS="--designs --extra benchmarks/candidates/sgemm_tc_small_candidates.json --rounds 3" \
    PROFILE_CASES=benchmarks/profile_cases/profile_cases_sgemm_tc_small.json \
      session ;;
  few-rows)
    # the few-row transposes alone (a short call: what the second table's call measures of them)
    STAGES=${STAGES:-shapes} T_SHAPES=${T_SHAPES:-300} SHAPES_TEMPLATES=transpose SHAPES_SIZES="$FEW_ROWS" \
    SHAPES_ARGS="--designs --extra benchmarks/candidates/transpose_gather_only_candidates.json --rounds 3" \
      session ;;
  softmax-long)
    # softmax's long rows in clusters of 16 (non-portable; the runner opts in): the GPU tests of the softmax genes and
    # the cluster-16 header first, then the 62 cluster-16 candidates beside the designs (the cluster-8 overflow genomes
    # among them) at the overflow sizes of 2026-12-07 with alternating rounds (the last four held out, seed
    # 20261253), then ncu on where the 52-68% of the copy goes
    STAGES=${STAGES:-tests shapes profile} TESTS_FILES=${TESTS_FILES:-tests/test_gpu_templates.py tests/test_export_launch.py} \
    TESTS_K=${TESTS_K:-softmax} T_TESTS=${T_TESTS:-90} T_SHAPES=${T_SHAPES:-340} T_PROFILE=${T_PROFILE:-110} \
    SHAPES_TEMPLATES=softmax \
    SHAPES_SIZES=$(sizes softmax R,C 297,415745 246,405987 96,1048573 40,1448136 32,1978687 29,5336020 178,603147 \
                   23,1569230 21,4856118 26,6514641) \
    SHAPES_ARGS="--designs --extra benchmarks/candidates/softmax_cluster16_candidates.json --rounds 3" \
    PROFILE_CASES=benchmarks/profile_cases/profile_cases_softmax_long.json \
      session ;;
  *)
    echo "benchmarks/calls/pending.sh: unknown call '$NAME' (second-table, sgemm-tc-small, few-rows, softmax-long, auto)" >&2
    exit 2 ;;
esac
