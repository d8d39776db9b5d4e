#!/usr/bin/env bash
# The device calls that wait, by name, so that a device command stays one short line:
#   python3 -m pip install -q --no-index --no-deps --target /tmp/site .whl/*.whl 2>/dev/null;
#   export PYTHONPATH=/tmp/site:$PWD EVO_COMMIT=<commit>; bash benchmarks/calls/pending.sh auto $OUT
# NAME is one of the calls below, or "auto": second-table on an H200 (the reading of issue 17 has to be one call on the
# H200; the shapes stage writes benchmarks/dev/targets.py's reading of it to shapes/TARGETS.txt), AUTO_ELSE (default:
# the waiting measurement, tiny-rows-heldout, about 150 s: chain conv2d-mid after it with T_SHAPES=300 in
# the same call) on any other card, where the table has been read three times already.
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
  else NAME=${AUTO_ELSE:-tiny-rows-heldout}; fi
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
  tiny-rows-heldout)
    # the rest of tiny-rows: 2026-12-07h call 1 (H100) ran out of its 300 s after the two training sizes (7322126 x 29:
    # the staged design, 100% of the same-size copy, 1.10x torch.compile; 3521185 x 26: 99%, 1.0x); two designs chosen
    # there. The four sizes drawn before that call and held out of the choice, the designs alone
    STAGES=${STAGES:-shapes} T_SHAPES=${T_SHAPES:-240} SHAPES_TEMPLATES="softmax" \
    SHAPES_SIZES="$(sizes softmax R,C 5498465,15 1013071,38 114050,1137 141235,1138)" \
    SHAPES_ARGS="--designs --rounds 3" \
      session ;;
  conv2d-mid)
    # conv2d with mid-size filters on images of 1-5k pixels a side: with the shipped designs alone (2026-12-07f call 3,
    # H100) 1031 x 2114 9x9 ran at 22.5% of the fp32 peak and 57% of the same-size copy (issue 17 asks 40% or 60%),
    # 1483 x 1530 15x15 at 38.2% (the 4096^2 15x15 of the second table reaches 58.6%), 7x7 at 27-31% of the peak: the
    # eight designs were all chosen at 4096^2 images. A search from them there (24 random genomes, a climbing step,
    # the 20 width-copy candidates of 2026-12-06h and 48 drawn in the designs' region, candidates/
    # conv2d_mid_candidates.make.py.txt, beside them), with three sizes held out (numpy
    # default_rng(20261279): square odd filters of 7-13, sides 900-5000, drawn before the call); then
    # benchmarks/dev/choose_designs.py with those three as --holdout
    STAGES=${STAGES:-shapes} T_SHAPES=${T_SHAPES:-300} SHAPES_SAMPLE=24 SHAPES_CLIMB=1 SHAPES_TEMPLATES="conv2d" \
    SHAPES_SIZES="$(sizes conv2d H,W,FH,FW 1031,2114,9,9 1483,1530,15,15 1530,4604,7,7 3483,5072,7,7 \
      1257,4116,11,11 3462,3948,7,7 1466,4155,13,13)" \
    SHAPES_ARGS="--designs --extra benchmarks/candidates/conv2d_widths_candidates.json \
      --extra benchmarks/candidates/conv2d_mid_candidates.json --rounds 3" \
      session ;;
  *)
    echo "benchmarks/calls/pending.sh: unknown call '$NAME' (second-table, tiny-rows-heldout, conv2d-mid, auto)" >&2
    exit 2 ;;
esac
