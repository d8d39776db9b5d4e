"""No-screen pbt (proposals=1) with a policy variant on Kernel Tuner spaces, batch 1: per seed and median, the
evaluations to 5% and 1% (a miss counts as the budget + 1), one JSON line per space.

    [LR_FACTOR=F] python policy_prior_lr.py SPACE,SPACE VARIANT_JSON SEED0 SEED1

VARIANT_JSON: PBTSearch overrides; its "prior" (if any) replaces those weights of the policies' cold-start
heuristic (policy.PRIOR). LR_FACTOR scales the range PBT draws the policies' learning rates from
(members.HP_RANGES and HP_BOUNDS), inside each worker.
"""
import json
import os
import statistics
import sys
from pathlib import Path

from joblib import Parallel, delayed

ROOT = Path(__file__).resolve().parents[3]


def one(space, seed, variant):
    sys.path.insert(0, str(ROOT))
    from evo_kernels.bench_search import _space
    from evo_kernels.fitness import PURE_TIME
    from evo_kernels.search import SearchLoop, evals_to_within
    from evo_kernels.strategies import members
    from evo_kernels.strategies.pbt import PBTSearch
    from evo_kernels.strategies.policy import PRIOR

    f = float(os.environ.get("LR_FACTOR", "1"))
    members.HP_RANGES["lr"] = (1e-3 * f, 1e-2 * f)
    members.HP_BOUNDS["lr"] = (1e-4 * f, 3e-2 * f)
    rp = _space(str(ROOT / "benchmarks/spaces" / f"{space}.json.gz"))
    v = dict(variant)
    prior = v.pop("prior", None)
    kw = {"policy": {"prior": {**PRIOR, **prior}}} if prior is not None else {}
    s = PBTSearch(rp.space, rp.template, rp.problem, seed=seed, **v, **kw)
    budget = 1000 if space.startswith("gemm") else 500
    loop = SearchLoop(s, rp.evaluator(PURE_TIME), budget, batch_size=1)
    loop.run(stop=lambda lp: evals_to_within(lp.history, rp.optimum_ms, 0.01) is not None)
    a, b = (evals_to_within(loop.history, rp.optimum_ms, x) for x in (0.05, 0.01))
    return space, seed, a if a is not None else budget + 1, b if b is not None else budget + 1


if __name__ == "__main__":
    spaces, variant = sys.argv[1].split(","), json.loads(sys.argv[2])
    seeds = range(int(sys.argv[3]), int(sys.argv[4]))
    r = Parallel(n_jobs=2)(delayed(one)(sp, s, variant) for sp in spaces for s in seeds)
    for sp in spaces:
        a, b = [x[2] for x in r if x[0] == sp], [x[3] for x in r if x[0] == sp]
        print(json.dumps({"space": sp, "variant": variant, "lr_factor": float(os.environ.get("LR_FACTOR", "1")),
                          "to_5pct": a, "to_1pct": b, "median_5pct": statistics.median(a),
                          "median_1pct": statistics.median(b)}))
