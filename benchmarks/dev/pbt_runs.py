"""Dev loop for variants of pbt that bench-search's strategy strings cannot spell: a saved population with its
prior dropped, the policies' cold-start heuristic or learning-rate range changed, a module constant set. Each
run is a replay stopped at its first genome within 1% of the optimum; one JSON line per space and batch size
with every seed's evaluations to 5% and 1% (a miss counts as the budget + 1) and their medians.

    python benchmarks/dev/pbt_runs.py --space pnpoly_RTX_3090 [--space ...] [--batch 1 --batch 8] [--seeds 20]
        [--population DIR [--no-prior]] [--set KEY=JSON ...] [--policy-prior FEATURE=WEIGHT ...]
        [--lr-factor F] [--module MODULE.NAME=JSON ...] [--jobs 2]

--space takes a name of benchmarks/spaces/ (or a path); --set passes PBTSearch settings (as pbt:KEY=VALUE does);
--policy-prior replaces weights of the policies' cold-start heuristic (policy.PRIOR); --lr-factor scales the
range PBT draws the policies' learning rates from; --module sets a constant of an evo_kernels.strategies module
(e.g. surrogate.PRIOR_PSEUDO=32) in every worker. Budgets: 1000 on the gemm spaces, 500 elsewhere (SEARCH.md).
"""
from __future__ import annotations

import argparse
import importlib
import json
import statistics
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from joblib import Parallel, delayed

ROOT = Path(__file__).resolve().parents[2]


def _pairs(items: list[str]) -> dict[str, Any]:
    out = {}
    for item in items:
        key, _, value = item.partition("=")
        out[key] = json.loads(value)
    return out


def run(space: str, seed: int, batch: int, population: str | None = None, no_prior: bool = False,
        settings: dict[str, Any] | None = None, policy_prior: dict[str, float] | None = None,
        lr_factor: float = 1.0, module: dict[str, Any] | None = None) -> tuple[int, int]:
    """One run's evaluations to 5% and to 1% (budget + 1 where it never got there)."""
    sys.path.insert(0, str(ROOT))
    from evo_kernels.bench_search import _space
    from evo_kernels.checkpoint import load_pretrained
    from evo_kernels.fitness import PURE_TIME
    from evo_kernels.search import SearchLoop, evals_to_within
    from evo_kernels.strategies import members
    from evo_kernels.strategies.pbt import PBTSearch
    from evo_kernels.strategies.policy import PRIOR

    for name, value in (module or {}).items():
        mod, _, attr = name.rpartition(".")
        setattr(importlib.import_module(f"evo_kernels.strategies.{mod}"), attr, value)
    members.HP_RANGES["lr"] = (1e-3 * lr_factor, 1e-2 * lr_factor)
    members.HP_BOUNDS["lr"] = (1e-4 * lr_factor, 3e-2 * lr_factor)
    path = space if space.endswith((".gz", ".json")) else str(ROOT / "benchmarks/spaces" / f"{space}.json.gz")
    rp = _space(path)
    kw: dict[str, Any] = dict(settings or {})
    if population:
        saved = load_pretrained(population)
        kw["init_population"] = replace(saved, prior=None) if no_prior else saved
    if policy_prior:
        kw["policy"] = {"prior": {**PRIOR, **policy_prior}}
    search = PBTSearch(rp.space, rp.template, rp.problem, seed=seed, **kw)
    budget = 1000 if Path(path).name.startswith("gemm") else 500
    loop = SearchLoop(search, rp.evaluator(PURE_TIME), budget, batch_size=batch)
    loop.run(stop=lambda lp: evals_to_within(lp.history, rp.optimum_ms, 0.01) is not None)
    a, b = (evals_to_within(loop.history, rp.optimum_ms, x) for x in (0.05, 0.01))
    return (budget + 1 if a is None else a), (budget + 1 if b is None else b)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--space", action="append", required=True)
    ap.add_argument("--batch", action="append", type=int)
    ap.add_argument("--seeds", type=int, default=20)
    ap.add_argument("--population")
    ap.add_argument("--no-prior", action="store_true", help="the population's policies and settings, not its prior")
    ap.add_argument("--set", action="append", default=[], metavar="KEY=JSON")
    ap.add_argument("--policy-prior", action="append", default=[], metavar="FEATURE=WEIGHT")
    ap.add_argument("--lr-factor", type=float, default=1.0)
    ap.add_argument("--module", action="append", default=[], metavar="MODULE.NAME=JSON")
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args(argv)
    batches = a.batch or [1]
    opts = {"population": a.population, "no_prior": a.no_prior, "settings": _pairs(a.set),
            "policy_prior": _pairs(a.policy_prior), "lr_factor": a.lr_factor, "module": _pairs(a.module)}
    tasks = [(sp, b, s) for sp in a.space for b in batches for s in range(a.seeds)]
    results = Parallel(n_jobs=a.jobs)(delayed(run)(sp, s, b, **opts) for sp, b, s in tasks)
    for sp in a.space:
        for b in batches:
            got = [r for (s2, b2, _), r in zip(tasks, results) if s2 == sp and b2 == b]
            five, one = [r[0] for r in got], [r[1] for r in got]
            print(json.dumps({"space": sp, "batch": b, **{k: v for k, v in opts.items() if v}, "to_5pct": five,
                              "to_1pct": one, "median_5pct": statistics.median(five),
                              "median_1pct": statistics.median(one)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
