#!/usr/bin/env bash
# The device calls that wait, by name, so that a device command stays one short line:
#   python3 -m pip install -q --no-index --no-deps --target /tmp/site .whl/*.whl 2>/dev/null;
#   export PYTHONPATH=/tmp/site:$PWD EVO_COMMIT=<commit>; bash benchmarks/calls/pending.sh auto $OUT
# NAME is one of the calls below, or "auto": second-table on an H200 (the reading of issue 17 has to be one call on the
# H200; the shapes stage writes benchmarks/dev/targets.py's reading of it to shapes/TARGETS.txt), AUTO_ELSE (default:
# the waiting measurement, short-rows-64-heldout, about 150 s) on any other card, where the table has been read three
# times already.
# Each is one scripts/gpu_session.sh run of at most about 560 s; T_SHAPES etc. given by the caller override the
# defaults below.
# When a call has run, move it out of this file; benchmarks/dev/file_call.py files what it returned in
# benchmarks/<gpu>-<date>/callN/ with its command.
set -uo pipefail
NAME=${1:?usage: benchmarks/calls/pending.sh NAME OUTDIR}
OUTDIR=${2:?usage: benchmarks/calls/pending.sh NAME OUTDIR}
cd "$(dirname "$0")/../.."
if [ "$NAME" = auto ]; then
  if nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | grep -q H200; then NAME=second-table
  else NAME=${AUTO_ELSE:-short-rows-64-heldout}; fi
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
# few-row transposes: seven that missed on the H100 (2026-12-06h), on which 2026-12-07c chose a design; four held out
FEW_ROWS=$(sizes transpose R,C 2,15491379 10,6131105 17,3296897 6,8600457 38,443407 16,3533593 29,1824767 \
           9,4400517 9,7433509 17,4267723 12,2948206)
case $NAME in
  second-table)
    # issue 17's Done-when reading on the H200: the second table of every template with its peers in one call (the
    # few-row transposes beside it, with the staged gather-only design of 2026-12-07c), stencil's float4 flat layouts,
    # then every GPU test (each gene through the protocol on the H200). On a fresh H100 (2026-12-07d) the table took
    # 161 s and the tests ran past 150 s (128 s on a warm one): 240 + 300 s, with the install, fit one 600 s call
    STAGES=${STAGES:-shapes tests} TESTS_FILES=${TESTS_FILES:-} TESTS_K=${TESTS_K:-} T_TESTS=${T_TESTS:-300} \
    T_SHAPES=${T_SHAPES:-240} SHAPES_TEMPLATES="sgemm stencil softmax transpose reduce_sum conv2d" \
    SHAPES_SIZES="--size second $FEW_ROWS" \
    SHAPES_ARGS="--designs --extra benchmarks/candidates/stencil_narrow_flat_candidates.json --rounds 3" \
      session ;;
  short-rows-64-heldout)
    # softmax rows of 33-64 floats: 2026-12-07i call 2 (H100) searched at 38, 50, 36 and 33 floats; three designs were
    # chosen on all four (two with UseSharedMemory_Stage 64). This reads the designs alone at three sizes drawn after
    # that choice (numpy default_rng(20261292), C in 33-64, 256 MiB-1.5 GiB: 4932016 x 40, 4696621 x 42, 4696356 x 41)
    STAGES=${STAGES:-shapes} T_SHAPES=${T_SHAPES:-170} SHAPES_TEMPLATES="softmax" \
    SHAPES_SIZES="$(sizes softmax R,C 4932016,40 4696621,42 4696356,41)" \
    SHAPES_ARGS="--designs --rounds 3" \
      session ;;
  *)
    echo "benchmarks/calls/pending.sh: unknown call '$NAME' (second-table, short-rows-64-heldout, auto)" >&2
    exit 2 ;;
esac
