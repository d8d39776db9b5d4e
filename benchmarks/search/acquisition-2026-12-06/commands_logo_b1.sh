set -x
cd $ROOT
export PYTHONPATH=$PWD
PY=/work/main/.venv/bin/python
$PY benchmarks/search_table.py --out benchmarks/search/acquisition-2026-12-06/logo_training --batch-size 1 --jobs 1 --strategy pbt:acquisition=benchmarks/search/acquisition-2026-12-06/scorer_without_RTX3090.pt --space gemm_RTX_3090 --space convolution_RTX_3090 --space pnpoly_RTX_3090
$PY benchmarks/search_table.py --out benchmarks/search/acquisition-2026-12-06/logo_training --batch-size 1 --jobs 1 --strategy pbt:acquisition=benchmarks/search/acquisition-2026-12-06/scorer_without_A4000.pt --space convolution_milo_A4000 --space dedispersion_milo_A4000
$PY benchmarks/search_table.py --out benchmarks/search/acquisition-2026-12-06/logo_training --batch-size 1 --jobs 1 --strategy pbt:acquisition=benchmarks/search/acquisition-2026-12-06/scorer_without_H200.pt --space sgemm_H200 --space transpose_H200 --space stencil_H200 --space sgemm_subspace_H200 --space stencil_subspace_H200 --space transpose_subspace_H200
$PY benchmarks/search_table.py --out benchmarks/search/acquisition-2026-12-06/baseline --batch-size 1 --jobs 1 --strategy pbt --space gemm_RTX_3090 --space convolution_RTX_3090 --space pnpoly_RTX_3090 --space convolution_milo_A4000 --space dedispersion_milo_A4000 --space sgemm_H200 --space transpose_H200 --space stencil_H200 --space sgemm_subspace_H200 --space stencil_subspace_H200 --space transpose_subspace_H200
