#!/usr/bin/env bash
# The test suite, from nothing: set up .venv, then run pytest (GPU tests skip without a GPU).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
.venv/bin/ruff check evo_kernels tests templates benchmarks scripts
# one pytest worker per core (pytest-xdist): the nvcc builds and CPU emulations of the template tests
# take most of the time. The default leaves out the tests marked slow (exhaustive walks of the largest
# spaces, where the default walks a sample; long CPU emulations of many
# designs, many builds), which keeps the 2-core CI machine under 10 minutes (7.5-9 of pytest and about 1 of setup
# on 2026-12-07, more when the host is loaded: 8:14-9:38 for the same clean-clone run that day, so 2026-12-07d moved
# about 45 s of tests to --all, 2026-12-07e about 60 s more: 9:01-9:11 that day at host loads of 10-60);
# `scripts/test.sh --all` runs them too. Other arguments go to pytest.
select=(-m "not slow")
if [ "${1:-}" = "--all" ]; then
  select=()
  shift
fi
exec .venv/bin/python -m pytest -q -n auto --durations=15 "${select[@]}" "$@"
