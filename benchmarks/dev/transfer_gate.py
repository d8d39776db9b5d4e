"""Dev loop of the transfer-gate experiment (issue 16, point 5): warm starts with and without the
prior's gate and probes against the cold runs, per seed, one process (the CPU machine is shared).

usage: python benchmarks/dev/transfer_gate.py OUT.jsonl --space FILE [--space ...] --strategy SPEC [...]
           [--batch-size 1] [--seeds 20] [--seed-start 0] [--budget N] [--stop 0.05]

A strategy "SPEC|policy_only" is SPEC's warm start with the population's prior dropped (its policies
and hyperparameters only); "SPEC|prior_only" is a cold start given the population's prior alone.

Appends one JSON line per (space, strategy, batch) cell: evaluations to 5% and 1% per seed (null: not
within the budget; a run stops at its first genome within ``--stop`` of the optimum, so with 0.05
the 1% counts are those reached by then), and per seed the prior's rank correlation with the run's
first 8 evaluations and with all of them, and whether the prior was in use at the end. A cell
already in OUT is not run again (resumable).
"""
from __future__ import annotations

import argparse
import datetime
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

KT = json.loads((ROOT / "benchmarks/spaces/kernel_tuner_1.5.0.json").read_text())


def one(space: str, spec: str, batch: int, seed: int, budget: int, stop: float) -> dict:
    import numpy as np

    from evo_kernels.bench_search import _space, _strategy_options
    from evo_kernels.fitness import PURE_TIME
    from evo_kernels.search import SearchLoop, evals_to_within
    from evo_kernels.strategies import make_strategy
    from evo_kernels.strategies.prior import rank_correlation
    from evo_kernels.strategies.surrogate import prior_of

    rp = _space(space)
    spec, _, part = spec.partition("|")  # "policy_only": without its prior; "prior_only": the prior alone
    name, opts = _strategy_options(spec)
    saved = opts.pop("init_population", None) if part == "prior_only" else None
    s = make_strategy(name, rp.space, rp.template, rp.problem, seed, **opts)
    if part == "policy_only":
        s.set_prior(None)
    elif part == "prior_only":
        s.set_prior(saved.prior)  # cold members (policies, hyperparameters) with the population's prior
    loop = SearchLoop(s, rp.evaluator(PURE_TIME), budget, batch_size=batch)
    t = time.process_time()
    loop.run(stop=lambda lp: evals_to_within(lp.history, rp.optimum_ms, stop) is not None)
    out = {"to_5pct": evals_to_within(loop.history, rp.optimum_ms, 0.05),
           "to_1pct": evals_to_within(loop.history, rp.optimum_ms, 0.01), "cpu_s": time.process_time() - t}
    table = getattr(s, "_prior_table", None)
    if table is not None:
        rows = np.asarray(s.experience.rows)
        lf = np.asarray(s.experience.log_fitness, dtype=float)
        p = prior_of(table, rows)
        ok = np.isfinite(lf)
        out["rho8"] = rank_correlation(p[:8][ok[:8]], lf[:8][ok[:8]]) if len(p) >= 8 else None
        out["rho_end"] = rank_correlation(p[ok], lf[ok])
        out["prior_in_use_end"] = s.prior_in_use()
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out")
    ap.add_argument("--space", action="append", required=True)
    ap.add_argument("--strategy", action="append", required=True)
    ap.add_argument("--batch-size", type=int, action="append")
    ap.add_argument("--seeds", type=int, default=20)
    ap.add_argument("--seed-start", type=int, default=0)
    ap.add_argument("--budget", type=int)
    ap.add_argument("--stop", type=float, default=0.05)
    args = ap.parse_args()
    done = set()
    if Path(args.out).exists():
        done = {(r["space"], r["strategy"], r["batch"]) for r in map(json.loads, open(args.out))}
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                            text=True).stdout.strip()
    dirty = bool(subprocess.run(["git", "status", "--porcelain", "evo_kernels"], cwd=ROOT, capture_output=True,
                                text=True).stdout.strip())
    for batch in args.batch_size or [1]:
        for space in args.space:
            name = Path(space).name.split(".")[0]
            budget = args.budget or KT["budget"].get(name, KT["budget"]["default"])
            for spec in args.strategy:
                if (name, spec, batch) in done:
                    continue
                t0 = time.time()
                seeds = range(args.seed_start, args.seed_start + args.seeds)
                runs = [one(space, spec, batch, seed, budget, args.stop) for seed in seeds]
                row = {"space": name, "strategy": spec, "batch": batch, "budget": budget,
                       "seeds": [seeds[0], seeds[-1] + 1], "stop_within": args.stop,
                       **{k: [r.get(k) for r in runs] for k in runs[0] if k != "cpu_s"},
                       "cpu_s": round(sum(r["cpu_s"] for r in runs), 1), "wall_s": round(time.time() - t0, 1),
                       "commit": commit + ("+dirty" if dirty else ""),
                       "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")}
                with open(args.out, "a") as f:
                    f.write(json.dumps(row) + "\n")
                med = sorted(budget + 1 if n is None else n for n in row["to_5pct"])
                print(f"{name} {spec} b{batch}: median to 5% {(med[9] + med[10]) / 2 if len(med) == 20 else med}"
                      f" ({row['cpu_s']} CPU s)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
