#!/usr/bin/env bash
# Set up everything on a fresh machine: a virtual environment in .venv with the package and its
# test tools. On a CPU machine torch comes from the CPU build of torch 2.13.0 that pip finds on
# this disk; asking for it first keeps pip from pulling a multi-GB CUDA build.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v nvcc >/dev/null || { echo "setup: nvcc not found on PATH (CUDA 12+ toolkit needed to build kernels)" >&2; exit 1; }
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
if ! .venv/bin/python -c "import torch" 2>/dev/null; then
  .venv/bin/pip install -q torch==2.13.0
fi
.venv/bin/pip install -q -e ".[test]"
