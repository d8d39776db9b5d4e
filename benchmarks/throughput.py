"""Throughput of the measurement pipeline: measured candidates per second and GPU workers' busy share.

Two modes, written to OUT/throughput-<mode>.json and printed as Markdown tables:

``--gpu`` (on the GPU machine): ``evo-kernels tune`` of each CASE, run as a user runs it (a fresh
process, a fresh cubin cache and database each, seed 1), by
  - today's loop: the code of commit 3f7e032 (``--old-tree``, a ``git archive`` of it), sequential;
  - the pipeline: this code, the local GPU pool, at ``--ahead 0`` (the default: builds overlap
    measurements within a batch) and ``--ahead 1`` (the next batch builds while this one is measured);
  - the pipeline through Dask: ``--dask-local 1 --ahead 1`` (a LocalCluster worker with the GPU).
Rates: evaluations over the search's wall time (first to last stored evaluation, the start-up of
the GPU worker and the baseline excluded) and over the whole command; busy share: the seconds the
GPU worker spent on candidates (the stored per-stage timings: load, checks, references, timing,
final check) over the search's wall time.

``--simulate`` (any machine, nothing measured): replay workers that take what the H200 took: each
build its recorded compile time on one of 16 x W compile threads (the H200 machine has 16 cores
per GPU), then, on one of W simulated GPU workers, the sum of its recorded samples plus
``--overhead-ms`` of protocol per candidate (the per-candidate protocol cost measured by --gpu).
The random strategy (its cost is nothing) at batch 8 x W, ahead 1: the runner's scaling alone.

    python3 benchmarks/throughput.py --gpu --old-tree .old-3f7e032 [--loops today ahead0 ahead1 dask] --out OUT
    python3 benchmarks/throughput.py --simulate --overhead-ms 60 --out OUT
"""
from __future__ import annotations

import argparse
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CASES = {  # template -> (size flags, budget of the pipeline, budget of today's loop)
    "transpose": (["R=16384", "C=16384"], 200, 48),
    "sgemm": (["M=4096", "N=4096", "K=4096"], 96, 24),
}
STAGES = ("load", "check", "reference", "timing", "final_check")


def _rows(db: Path) -> list[dict]:
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    con.row_factory = sqlite3.Row
    cols = {r[1] for r in con.execute("PRAGMA table_info(evaluations)")}
    rows = [dict(r) for r in con.execute("SELECT * FROM evaluations ORDER BY id")]
    con.close()
    for r in rows:
        r["timings"] = json.loads(r["timings_json"]) if "timings_json" in cols and r["timings_json"] else {}
    return rows


def _tune(label: str, template: str, size: list[str], budget: int, extra: list[str], env: dict, work: Path,
          timeout: int) -> dict:
    db, pop, cache = work / f"{label}.db", work / f"{label}-pop", work / f"{label}-cubins"
    cmd = [sys.executable, "-m", "evo_kernels.cli", "tune", template, "--size", *size, "--budget", str(budget),
           "--seed", "1", "--db", str(db), "--population", str(pop), "--json", *extra]
    env = {**env, "EVO_KERNELS_CACHE": str(cache)}
    t0 = time.monotonic()
    # run from the scratch folder: `python -m` puts the working directory first on sys.path, and
    # today's loop must import the old tree, not this checkout
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout, cwd=work)
    except subprocess.TimeoutExpired:
        return {"label": label, "template": template, "budget": budget, "rc": "timeout", "wall_s": timeout}
    wall = time.monotonic() - t0
    out = {"label": label, "template": template, "budget": budget, "command": " ".join(cmd[1:]), "rc": p.returncode,
           "wall_s": wall}
    if p.returncode != 0:
        out["error"] = p.stderr[-2000:]
        return out
    result = json.loads(p.stdout)
    rows = [r for r in _rows(db) if r.get("generation") is not None or "timings" not in r]
    searched = [r for r in rows if r["status"] != "invalid"]
    stamps = sorted(r["timestamp"] for r in searched)
    window = stamps[-1] - stamps[0] if len(stamps) > 1 else float("nan")
    gpu_s = sum(sum(r["timings"].get(k, 0.0) for k in STAGES) for r in searched)
    per_stage = {k: sum(r["timings"].get(k, 0.0) for r in searched) / max(1, len(searched)) for k in
                 ("queued", *STAGES)}
    best = min((r["median_ms"] for r in rows if r["status"] == "ok" and r["median_ms"]), default=None)
    out.update(evaluations=len(searched), search_s=window,
               rate=(len(searched) - 1) / window if window == window and window > 0 else None,
               rate_end_to_end=len(searched) / wall, busy_share=gpu_s / window if window and gpu_s else None,
               per_candidate_ms={k: 1e3 * v for k, v in per_stage.items()}, best_ms=best,
               best_genome=result.get("best_genome"), workers=result.get("workers"), runner_busy=result.get("busy"),
               devices=sorted({r.get("device_json", "") for r in rows})[:4])
    return out


def run_gpu(args: argparse.Namespace) -> dict:
    work = Path(tempfile.mkdtemp(prefix="evo-throughput-"))
    env = dict(os.environ)
    here = str(Path(__file__).resolve().parent.parent)
    site = [p for p in env.get("PYTHONPATH", "").split(":") if p and Path(p).resolve() != Path(here)]
    new_env = {**env, "PYTHONPATH": ":".join(site + [here])}
    old_env = {**env, "PYTHONPATH": ":".join(site + [str(Path(args.old_tree).resolve())])} if args.old_tree else None
    results = []
    for template in args.cases:
        size, budget, old_budget = CASES[template]
        runs = {"today": (old_budget, [], old_env), "ahead0": (budget, ["--ahead", "0"], new_env),
                "ahead1": (budget, ["--ahead", "1"], new_env),
                "dask": (budget, ["--ahead", "1", "--dask-local", "1"], new_env)}
        for label in args.loops:
            b, extra, env_ = runs[label]
            if env_ is None:
                print(f"{template} {label}: skipped (no --old-tree)", file=sys.stderr, flush=True)
                continue
            print(f"{template} {label}: budget {b}", file=sys.stderr, flush=True)
            r = _tune(f"{template}-{label}", template, size, b, extra, env_, work, args.timeout)
            print(json.dumps({k: v for k, v in r.items() if k not in ("devices",)}, default=str), file=sys.stderr,
                  flush=True)
            results.append(r)
    return {"mode": "gpu", "results": results}


def run_simulation(args: argparse.Namespace) -> dict:
    from evo_kernels.evaluate import Evaluator
    from evo_kernels.fitness import PURE_TIME
    from evo_kernels.runners.choose import RECORDINGS
    from evo_kernels.runners.replay import load_space
    from evo_kernels.runners.replay_runner import ReplayRunner
    from evo_kernels.search import SearchLoop
    from evo_kernels.strategies import make_strategy

    results = []
    for name in args.recordings:
        rp = load_space(RECORDINGS / f"{name}.json.gz")
        for w in args.workers:
            runner = ReplayRunner(rp, workers=w, simulate=True, build_jobs=16 * w, overhead_s=args.overhead_ms / 1e3)
            with runner:
                ev = Evaluator(runner, None, rp.problem, PURE_TIME)
                budget = args.budget_per_worker * w
                loop = SearchLoop(make_strategy("random", rp.space, rp.template, rp.problem, 0), ev, budget,
                                  batch_size=8 * w, ahead=1)
                runner._clock.started = time.monotonic()  # noqa: SLF001 - the busy share of the search alone
                t0 = time.monotonic()
                hist = loop.run()
                wall = time.monotonic() - t0
                busy = runner.busy()
            r = {"recording": name, "workers": w, "evaluations": len(hist), "wall_s": wall, "rate": len(hist) / wall,
                 "busy_share": [b / wall for b in busy["busy_s"]]}
            print(json.dumps(r), file=sys.stderr, flush=True)
            results.append(r)
    return {"mode": "simulate", "overhead_ms": args.overhead_ms, "results": results}


def markdown(doc: dict) -> str:
    if doc["mode"] == "simulate":
        lines = ["| recording | workers | evaluations | candidates/s | x vs 1 worker | worker busy (mean) |",
                 "|---|---|---|---|---|---|"]
        base = {}
        for r in doc["results"]:
            base.setdefault(r["recording"], r["rate"])
            share = sum(r["busy_share"]) / len(r["busy_share"])
            lines.append(f"| {r['recording']} | {r['workers']} | {r['evaluations']} | {r['rate']:.1f} | "
                         f"{r['rate'] / base[r['recording']]:.2f} | {100 * share:.0f}% |")
        return "\n".join(lines)
    lines = ["| kernel | loop | evaluations | candidates/s (search) | end to end | GPU busy | best (us) | "
             "ms per candidate: queued / load / check / reference / timing / final check |",
             "|---|---|---|---|---|---|---|---|"]
    for r in doc["results"]:
        if r.get("rc") != 0:
            lines.append(f"| {r['template']} | {r['label']} | failed (rc {r.get('rc')}) | | | | | |")
            continue
        pc = r.get("per_candidate_ms") or {}
        stages = " / ".join(f"{pc.get(k, 0):.0f}" for k in ("queued", *STAGES)) if any(pc.values()) else "n/a"
        busy = f"{100 * r['busy_share']:.0f}%" if r.get("busy_share") else "n/a"
        best = f"{1e3 * r['best_ms']:.0f}" if r.get("best_ms") else "-"
        lines.append(f"| {r['template']} | {r['label']} | {r['evaluations']} | {r['rate']:.2f} | "
                     f"{r['rate_end_to_end']:.2f} | {busy} | {best} | {stages} |")
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--gpu", action="store_true")
    mode.add_argument("--simulate", action="store_true")
    ap.add_argument("--out", required=True)
    ap.add_argument("--cases", nargs="*", default=list(CASES))
    ap.add_argument("--old-tree", help="a checkout of commit 3f7e032 (today's loop)")
    ap.add_argument("--loops", nargs="*", default=["today", "ahead0", "ahead1", "dask"],
                    choices=["today", "ahead0", "ahead1", "dask"],
                    help="today's loop (--old-tree), the pipeline at --ahead 0 and 1, and the pipeline through a "
                         "Dask LocalCluster with one GPU worker (--ahead 1)")
    ap.add_argument("--timeout", type=int, default=300, help="seconds per tune command")
    ap.add_argument("--recordings", nargs="*", default=["transpose", "sgemm"])
    ap.add_argument("--workers", nargs="*", type=int, default=[1, 2, 4, 8])
    ap.add_argument("--overhead-ms", type=float, default=60.0)
    ap.add_argument("--budget-per-worker", type=int, default=96)
    args = ap.parse_args()
    doc = run_gpu(args) if args.gpu else run_simulation(args)
    doc.update(date=time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), argv=sys.argv[1:])
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / f"throughput-{doc['mode']}.json").write_text(json.dumps(doc, indent=1, default=str))
    table = markdown(doc)
    (out / f"throughput-{doc['mode']}.md").write_text(table + "\n")
    print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
