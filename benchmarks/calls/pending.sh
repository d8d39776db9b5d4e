#!/usr/bin/env bash
# The device calls that wait, by name, so that a device command stays one short line:
#   python3 -m pip install -q --no-index --no-deps --target /tmp/site .whl/*.whl 2>/dev/null;
#   export PYTHONPATH=/tmp/site:$PWD EVO_COMMIT=<commit>; bash benchmarks/calls/pending.sh auto $OUT
# NAME is one of the calls below, or "auto": second-table on an H200 (the reading of issue 17 has to be one call on the
# H200; the shapes stage writes benchmarks/dev/targets.py's reading of it to shapes/TARGETS.txt), AUTO_ELSE (default:
# the waiting measurement, pitch) on any other card, where the table has been read twice already. Each is one
# scripts/gpu_session.sh run of at most about 560 s; T_SHAPES etc. given by the caller override the defaults below.
# When a call has run, move it out of this file; benchmarks/dev/file_call.py files what it returned in
# benchmarks/<gpu>-<date>/callN/ with its command.
set -uo pipefail
NAME=${1:?usage: benchmarks/calls/pending.sh NAME OUTDIR}
OUTDIR=${2:?usage: benchmarks/calls/pending.sh NAME OUTDIR}
cd "$(dirname "$0")/../.."
if [ "$NAME" = auto ]; then
  if nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | grep -q H200; then NAME=second-table
  else NAME=${AUTO_ELSE:-pitch}; fi
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
  long-rows)
    # the two weakest of 2026-12-07d call 4's fresh sizes, searched: softmax 242 x 223690 (82% of the copy) and the
    # ragged transpose 8796 x 20175 (80%, every tile design at 79-80%), 24 random genomes and a climbing step beside
    # the designs, with two sizes of each held out (numpy default_rng(20261271), drawn before the call): is it the
    # designs or the space that stops there?
    STAGES=${STAGES:-shapes} T_SHAPES=${T_SHAPES:-230} SHAPES_SAMPLE=24 SHAPES_CLIMB=1 \
    SHAPES_TEMPLATES="softmax transpose" \
    SHAPES_SIZES="$(sizes softmax R,C 242,223690 168,277059 312,293166) $(sizes transpose R,C 8796,20175 \
                  10455,24491 8203,25797)" \
    SHAPES_ARGS="--designs --rounds 3" \
      session ;;
  pitch)
    # the transposes whose output rows are 16 but not 32 bytes apart (R % 8 == 4: 8796 x 20175 at 79% of the copy with
    # every genome, 8797 rows 91%; 2026-12-07e calls 5 and 6): the 12 TileLoops_SkewSectors candidates (the skewed tile
    # for float4 outputs off sectors, with and without TileLoops_Diagonal) and the 12 TileLoops_Diagonal ones beside the
    # designs, at 8796 x 20175, 8797 x 20175 as a control, and four held out (numpy default_rng(20261272), drawn before
    # the call: two with R % 8 == 4, two not); then the transpose GPU tests (both genes through the protocol)
    STAGES=${STAGES:-shapes tests} T_SHAPES=${T_SHAPES:-200} T_TESTS=${T_TESTS:-200} \
    TESTS_FILES=${TESTS_FILES:-tests/test_gpu_templates.py} TESTS_K=${TESTS_K:-transpose} SHAPES_TEMPLATES="transpose" \
    SHAPES_SIZES="$(sizes transpose R,C 8796,20175 8797,20175 8884,13756 7268,28113 10607,10373 9360,5759)" \
    SHAPES_ARGS="--designs --extra benchmarks/candidates/transpose_skew_sectors_candidates.json --extra \
                 benchmarks/candidates/transpose_diagonal_candidates.json --rounds 2" \
      session ;;
  *)
    echo "benchmarks/calls/pending.sh: unknown call '$NAME' (second-table, long-rows, pitch, auto)" >&2
    exit 2 ;;
esac
