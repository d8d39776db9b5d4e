"""A saved population's policies without its prior (replace(saved, prior=None)), against uniform edits from the
same population, on the validation side, 20 seeds, batch 1 and 8; PBTSearch overrides as JSON.

    python pretrained_no_prior.py SPACES populations/pretrained-training-side '{"proposals": 1}' 1,8
    python pretrained_no_prior.py SPACES populations/pretrained-training-side '{"proposals": 1, "edits": "uniform"}' 1,8
"""
import json
import statistics
import sys
from dataclasses import replace
from pathlib import Path

from joblib import Parallel, delayed

ROOT = str(Path(__file__).resolve().parents[3])


def one(space, seed, batch, pop, over):
    sys.path.insert(0, ROOT)
    from evo_kernels.bench_search import _space
    from evo_kernels.checkpoint import load_pretrained
    from evo_kernels.fitness import PURE_TIME
    from evo_kernels.search import SearchLoop, evals_to_within
    from evo_kernels.strategies.pbt import PBTSearch
    rp = _space(f"{ROOT}/benchmarks/spaces/{space}.json.gz")
    kw = {"init_population": replace(load_pretrained(pop), prior=None)} if pop != "cold" else {}
    s = PBTSearch(rp.space, rp.template, rp.problem, seed=seed, **kw, **over)
    budget = 1000 if space.startswith("gemm") else 500
    loop = SearchLoop(s, rp.evaluator(PURE_TIME), budget, batch_size=batch)
    loop.run(stop=lambda lp: evals_to_within(lp.history, rp.optimum_ms, 0.01) is not None)
    a, b = (evals_to_within(loop.history, rp.optimum_ms, x) for x in (0.05, 0.01))
    return space, batch, seed, a if a is not None else budget + 1, b if b is not None else budget + 1


if __name__ == "__main__":
    spaces, pop, over = sys.argv[1].split(","), sys.argv[2], json.loads(sys.argv[3])
    batches = [int(b) for b in sys.argv[4].split(",")]
    r = Parallel(n_jobs=2)(delayed(one)(sp, s, b, pop, over) for sp in spaces for b in batches for s in range(20))
    for sp in spaces:
        for b in batches:
            x = [t for t in r if t[0] == sp and t[1] == b]
            print(json.dumps({"space": sp, "batch": b, "pop": pop, "over": over,
                              "to_5pct": [t[3] for t in x], "to_1pct": [t[4] for t in x],
                              "med5": statistics.median(t[3] for t in x), "med1": statistics.median(t[4] for t in x)}))
