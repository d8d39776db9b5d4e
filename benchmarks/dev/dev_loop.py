"""Dev loop: like bench-search's run_once but stops at 5%. usage: dev.py SPACE STRATEGY BATCH SEED0 NSEEDS [key=val ...]"""
import sys, json, statistics
from joblib import Parallel, delayed

def one(space, strat, batch, seed, over):
    from evo_kernels.bench_search import _space
    from evo_kernels.fitness import PURE_TIME
    from evo_kernels.search import SearchLoop
    from evo_kernels.strategies import make_strategy
    rp = _space(space)
    s = make_strategy(strat, rp.space, rp.template, rp.problem, seed)
    for k, v in over.items():
        setattr(s.cfg, k, v)
    loop = SearchLoop(s, rp.evaluator(PURE_TIME), 500, batch_size=batch)
    thr = rp.optimum_ms * 1.05
    while loop.spent < 500:
        n0 = loop.spent
        loop.step()
        for i, e in enumerate(loop.history[n0:], n0 + 1):
            if e.status == "ok" and e.run.median_ms <= thr:
                return i
    return None

if __name__ == "__main__":
    space, strat, batch, s0, ns = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
    over = {k: json.loads(v) for k, v in (a.split("=") for a in sys.argv[6:])}
    r = Parallel(n_jobs=2)(delayed(one)(space, strat, batch, s, over) for s in range(s0, s0 + ns))
    med = statistics.median(501 if x is None else x for x in r)
    print(json.dumps({"space": space.split("/")[-1], "strat": strat, "batch": batch, "over": over, "seeds": [s0, ns], "median": med, "counts": r}))
