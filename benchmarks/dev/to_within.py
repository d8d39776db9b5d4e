"""Dev loop for both thresholds: bench-search's search per seed, stopped at the first genome within 1%
of the optimum, reporting the evaluations to 5% and to 1% (null: not within the budget).

usage: python benchmarks/dev/to_within.py SPACE STRATEGY BATCH SEED0 NSEEDS BUDGET [JOBS] [key=jsonval ...]
Prints one JSON line: the per-seed counts and the medians (a miss counts as budget + 1), and the
code's commit (run it from another tree with PYTHONPATH to compare commits).
"""
import json
import statistics
import sys
import time

from joblib import Parallel, delayed


def one(space, strat, batch, seed, budget, over):
    from evo_kernels.bench_search import _space
    from evo_kernels.fitness import PURE_TIME
    from evo_kernels.search import SearchLoop, evals_to_within
    from evo_kernels.strategies import make_strategy

    rp = _space(space)
    s = make_strategy(strat, rp.space, rp.template, rp.problem, seed)
    for k, v in over.items():
        setattr(s.cfg, k, v)
    loop = SearchLoop(s, rp.evaluator(PURE_TIME), budget, batch_size=batch)
    t = time.process_time()
    loop.run(stop=lambda lp: evals_to_within(lp.history, rp.optimum_ms, 0.01) is not None)
    return (evals_to_within(loop.history, rp.optimum_ms, 0.05), evals_to_within(loop.history, rp.optimum_ms, 0.01),
            time.process_time() - t)


if __name__ == "__main__":
    space, strat = sys.argv[1], sys.argv[2]
    batch, s0, ns, budget = (int(a) for a in sys.argv[3:7])
    rest = sys.argv[7:]
    jobs = int(rest.pop(0)) if rest and "=" not in rest[0] else 2
    over = {k: json.loads(v) for k, v in (a.split("=", 1) for a in rest)}
    r = Parallel(n_jobs=jobs)(delayed(one)(space, strat, batch, s, budget, over) for s in range(s0, s0 + ns))
    import evo_kernels
    med = [statistics.median(budget + 1 if x[i] is None else x[i] for x in r) for i in (0, 1)]
    print(json.dumps({"space": space.split("/")[-1], "strat": strat, "batch": batch, "over": over, "budget": budget,
                      "seeds": [s0, ns], "median_5pct": med[0], "median_1pct": med[1],
                      "success_5pct": sum(x[0] is not None for x in r) / len(r),
                      "success_1pct": sum(x[1] is not None for x in r) / len(r),
                      "to_5pct": [x[0] for x in r], "to_1pct": [x[1] for x in r],
                      "cpu_s": round(sum(x[2] for x in r), 1), "code": evo_kernels.__file__}))
