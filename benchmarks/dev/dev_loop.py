"""Dev loop: bench-search's run_once, stopped at the first genome within 5% of the optimum.

usage: python benchmarks/dev/dev_loop.py SPACE STRATEGY BATCH SEED0 NSEEDS [key=jsonval ...]
The key=value pairs set strategy config fields (e.g. fantasies=false); prints one JSON line with the
per-seed evaluation counts (null: never within 5% in 500) and their median (never counts as 501).
"""
import json
import statistics
import sys

from joblib import Parallel, delayed

BUDGET = 500


def one(space, strat, batch, seed, over):
    from evo_kernels.bench_search import _space
    from evo_kernels.fitness import PURE_TIME
    from evo_kernels.search import SearchLoop, evals_to_within
    from evo_kernels.strategies import make_strategy

    rp = _space(space)
    s = make_strategy(strat, rp.space, rp.template, rp.problem, seed)
    for k, v in over.items():
        setattr(s.cfg, k, v)
    loop = SearchLoop(s, rp.evaluator(PURE_TIME), BUDGET, batch_size=batch)
    loop.run(stop=lambda lp: evals_to_within(lp.history, rp.optimum_ms, 0.05) is not None)
    return evals_to_within(loop.history, rp.optimum_ms, 0.05)


if __name__ == "__main__":
    space, strat, batch, s0, ns = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
    over = {k: json.loads(v) for k, v in (a.split("=") for a in sys.argv[6:])}
    r = Parallel(n_jobs=2)(delayed(one)(space, strat, batch, s, over) for s in range(s0, s0 + ns))
    med = statistics.median(BUDGET + 1 if x is None else x for x in r)
    print(json.dumps({"space": space.split("/")[-1], "strat": strat, "batch": batch, "over": over,
                      "seeds": [s0, ns], "median": med, "counts": r}))
