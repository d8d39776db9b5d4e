"""Default pbt traces (every key, in order, hashed) on four replays at fixed budgets: run with
PYTHONPATH=<tree> for two trees and compare the printed JSON (needle-2026-12-04/README.md)."""
import hashlib
import json

import evo_kernels
from pathlib import Path
from evo_kernels.bench_search import _space
from evo_kernels.evaluate import Evaluator
from evo_kernels.fitness import PURE_TIME
from evo_kernels.runners.choose import Backend, open_runner
from evo_kernels.search import SearchLoop
from evo_kernels.strategies import make_strategy
out = {}
RUNS = [("benchmarks/spaces/pnpoly_RTX_3060_laptop.json.gz", 0, 300),
        ("benchmarks/spaces/pnpoly_RTX_3060_laptop.json.gz", 1, 300),
        ("benchmarks/spaces/gemm_RTX_3090.json.gz", 0, 150),
        ("benchmarks/spaces/convolution_milo_A4000.json.gz", 2, 150)]
for space, seed, budget in RUNS:
    p = str(Path(evo_kernels.__file__).resolve().parents[1] / space)
    rp = _space(p)
    with open_runner(Backend(replay=p), Path(p), rp) as runner:
        ev = Evaluator(runner, None, rp.problem, PURE_TIME)
        loop = SearchLoop(make_strategy("pbt", rp.space, rp.template, rp.problem, seed), ev, budget, batch_size=1)
        h = loop.run()
    keys = [e.candidate.key for e in h]
    out[f"{rp.name} seed {seed}"] = (len(keys), hashlib.sha256("\n".join(keys).encode()).hexdigest()[:16])
print(json.dumps(out))
