"""Development runs of ``pbt:sweep=S`` against ``pbt`` on the training-side spaces (batch 1, seeds 0..9,
each run stopped at 1% as benchmarks/search_table.py's ``_seed`` does); one JSON line per seed in
runs.jsonl, resumable (a (space, strategy, seed) already there is not run again).

    nice -n 19 python benchmarks/search/sweep-dev-2026-12-04e/run_dev.py [STRATEGY ...]
"""
import json
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2] / "benchmarks"))
from search_table import KT, SPACES, budget_of  # noqa: E402

from evo_kernels.bench_search import run_once  # noqa: E402

# the slow ones first (where pbt stalls), then the rest of the training side; never a validation space
FIRST = ["pnpoly_RTX_3090", "convolution_milo_A4000", "gemm_RTX_3090", "convolution_RTX_3090"]
TRAINING = FIRST + [s for s, side in KT["side"].items() if side == "training" and s not in FIRST]
strategies = sys.argv[1:] or ["pbt", "pbt:sweep=15", "pbt:sweep=30", "pbt:sweep=60",
                              "pbt:sweep=15,sweep_order=policy", "pbt:sweep=30,sweep_order=policy",
                              "pbt:sweep=15,sweep_order=uniform", "pbt:sweep=30,sweep_order=uniform"]
out = HERE / "runs.jsonl"
done = {(d["space"], d["strategy"], d["seed"]) for d in map(json.loads, out.read_text().splitlines())} \
    if out.exists() else set()
for space in TRAINING:
    for strategy in strategies:
        for seed in range(10):
            if (space, strategy, seed) in done:
                continue
            c = time.process_time()
            r = run_once(SPACES[space], strategy, seed, budget_of(space), batch_size=1, stop_within=0.01)
            row = {"space": space, "strategy": strategy, "batch": 1, "seed": seed, "budget": budget_of(space),
                   **r, "cpu_s": round(time.process_time() - c, 2)}
            with out.open("a") as f:
                f.write(json.dumps(row) + "\n")
