#!/usr/bin/env bash
# Set up everything on a fresh machine: a virtual environment in .venv with the package and its
# test tools, and, where nvidia-smi lists a GPU, the [gpu] extra (pycuda) too: without it tune and
# record cannot measure and replay instead (they say so). A machine without a GPU (CI) never builds pycuda.
#
# torch is asked for first, pinned to 2.13.0, from wherever this pip is configured to look. On the
# machines this project was set up on, pip's find-links hold the CPU wheel of torch 2.13.0, so that
# is what comes (small). Elsewhere pip takes PyPI's Linux wheel, which is the CUDA build with its
# nvidia-* dependencies (several GB); for the CPU build there, install it first yourself with
#   .venv/bin/pip install torch==2.13.0 --index-url https://download.pytorch.org/whl/cpu
set -euo pipefail
cd "$(dirname "$0")/.."
command -v nvcc >/dev/null || { echo "setup: nvcc not found on PATH (CUDA 12+ toolkit needed to build kernels)" >&2; exit 1; }
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
if ! .venv/bin/python -c "import torch" 2>/dev/null; then
  .venv/bin/pip install -q torch==2.13.0
fi
extras="test"
if command -v nvidia-smi >/dev/null && nvidia-smi -L 2>/dev/null | grep -q '^GPU '; then
  extras="test,gpu"
fi
.venv/bin/pip install -q -e ".[$extras]"
