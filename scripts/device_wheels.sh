#!/usr/bin/env bash
# Once per checkout, on the CPU machine: put into .whl/ the wheels the H200 machine's Python 3.12
# lacks (it has torch, numpy, matplotlib): the ones shipped in ../shared/device/wheels/ (pycuda,
# mako, deap, ...), plus moocore and its cffi/pycparser, which deap 1.4's tools import and which
# the shipped set misses. scripts/_gpu_env.sh installs them on the device.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .whl
grep -qx '/.whl/' .git/info/exclude 2>/dev/null || echo /.whl/ >> .git/info/exclude
cp ../shared/device/wheels/*.whl .whl/
python3 -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 --implementation cp \
  --platform manylinux_2_28_x86_64 --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64 \
  -d .whl moocore==0.3.2 cffi==2.1.1 pycparser==3.12
# Dask for the cluster runner (the [dask] extra): dask, distributed and what they need that the
# image lacks (its torch brings jinja2, markupsafe, fsspec and packaging).
python3 -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 --implementation cp \
  --platform manylinux_2_28_x86_64 --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64 \
  -d .whl dask==2026.8.0 distributed==2026.8.0 click cloudpickle locket msgpack partd psutil pyyaml \
  sortedcontainers tblib toolz tornado zict importlib_metadata zipp
ls .whl
