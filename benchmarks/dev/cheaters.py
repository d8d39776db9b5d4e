"""The cheaters of tests/faulty/ that the timing loop must defeat, run through the GPU runner of
whichever evo_kernels is on PYTHONPATH (e.g. a `git archive` of an older commit against today's),
several seeds each: status, median time and rate per run. For the before/after note of the
protocol change (every timed launch on inputs of its own; the fastest launches checked).

    PYTHONPATH=OLD_TREE:. python3 benchmarks/dev/cheaters.py --seeds 4
"""
from __future__ import annotations

import argparse
from pathlib import Path

import evo_kernels
from evo_kernels.build import NvccBuilder
from evo_kernels.records import Candidate
from evo_kernels.runners.gpu import GpuRunner
from evo_kernels.template import load_template

FAULTY = Path(__file__).resolve().parents[2] / "tests" / "faulty"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=4)
    ap.add_argument("--names", nargs="+", default=["correct_simple", "memoize_large", "skip_alternate_large"])
    a = ap.parse_args()
    print(f"evo_kernels from {Path(evo_kernels.__file__).parent}")
    builder = NvccBuilder(n_jobs=1)
    for name in a.names:
        t = load_template(str(FAULTY / f"{name}.cu.mako"))
        g = t.space.baseline()
        b = builder.build(t, [Candidate(t.name, g, t.problem, t.space.key(g))])[0]
        nbytes, _ = t.cost(t.problem)
        for seed in range(a.seeds):
            with GpuRunner(timeout_s=6.0, time_cap_s=0.5, min_reps=10, max_reps=100, seed=seed) as r:
                res = r.run(t, [b])[0]
            rate = nbytes / (res.median_ms * 1e-3) / 1e12 if res.status == "ok" else float("nan")
            print(f"{name:22s} seed {seed}: {res.status:13s} median {res.median_ms:8.4f} ms  {rate:7.2f} TB/s  "
                  f"{len(res.times_ms):3d} samples  {res.error[:110]}")


if __name__ == "__main__":
    main()
