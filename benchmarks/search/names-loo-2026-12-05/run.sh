#!/usr/bin/env bash
# The shipped names population, leave one space out: for each Kernel Tuner space of benchmarks/spaces/, a
# population like populations/names-whole-corpus fitted on the 16 other recorded spaces (so the space is a
# new GPU's cache of a kernel the corpus knows), then warm pbt on it, seeds 0..19, batch 1 and 8.
# usage: bash benchmarks/search/names-loo-2026-12-05/run.sh [SPACE ...]   (from the repository root)
set -euo pipefail
OUT=benchmarks/search/names-loo-2026-12-05
POP=${POP_DIR:-/tmp/names-loo}
all=(gemm_RTX_3090 convolution_RTX_3090 pnpoly_RTX_3090 convolution_milo_A4000 dedispersion_milo_A4000
     gemm_RTX_2080_Ti convolution_RTX_2080_Ti pnpoly_RTX_2080_Ti convolution_milo_W6600 dedispersion_milo_W6600
     pnpoly_RTX_3060_laptop)
h200=(evo_kernels/recordings/sgemm.json.gz evo_kernels/recordings/transpose.json.gz
      evo_kernels/recordings/stencil.json.gz benchmarks/spaces/sgemm_subspace_H200.json.gz
      benchmarks/spaces/stencil_subspace_H200.json.gz benchmarks/spaces/transpose_subspace_H200.json.gz)
for target in "${@:-${all[@]}}"; do
  args=()
  for s in "${all[@]}"; do [ "$s" = "$target" ] || args+=(--space "benchmarks/spaces/$s.json.gz"); done
  for f in "${h200[@]}"; do args+=(--space "$f"); done
  rm -rf "$POP/$target"
  .venv/bin/python scripts/prior_from_spaces.py --out "$POP/$target" "${args[@]}"
  .venv/bin/python benchmarks/search_table.py --out "$OUT" --space "$target" \
      --strategy "pbt:init_population=$POP/$target" --jobs 2
done
