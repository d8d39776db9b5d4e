"""What the search itself costs: strategy time per candidate against run length, on a replayed space.

Nothing is compiled or run: the evaluator answers from a recording (a replay), so every second
measured here is the strategy's own (ask + tell) plus the loop's bookkeeping, the time an
overnight run spends choosing rather than measuring. The run is cut into stretches between the
``--marks`` evaluation counts; each stretch reports its milliseconds per evaluation.

    python benchmarks/strategy_cost.py --space benchmarks/spaces/gemm_RTX_3090.json.gz \
        --strategy pbt --batch-size 8 --evals 10000 --out benchmarks/search/cost-DATE

writes ``cost.jsonl`` (one line per strategy, batch size and stretch), ``cost.md`` (the table: CPU
ms per evaluation, wall ms in brackets) and, with matplotlib present, ``cost.png`` (the strategy's
evaluations per second against evaluations; ``--render`` redraws both from the jsonl).
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

DEFAULT_MARKS = [100, 250, 500, 1000, 1500, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10000]


def run_one(space: str, strategy: str, batch: int, evals: int, marks: list[int], seed: int) -> list[dict]:
    from evo_kernels.bench_search import _space, parse_strategy
    from evo_kernels.fitness import PURE_TIME
    from evo_kernels.search import SearchLoop
    from evo_kernels.strategies import make_strategy

    rp = _space(space)
    name, opts = parse_strategy(strategy)
    strat = make_strategy(name, rp.space, rp.template, rp.problem, seed, **opts)
    ev = rp.evaluator(PURE_TIME)
    marks = [m for m in marks if m <= evals] or [evals]
    rows, last_n, last_t, last_cpu = [], 0, time.perf_counter(), time.process_time()
    loop = SearchLoop(strat, ev, evals, batch_size=batch)
    todo = list(marks)

    def stop(lp: SearchLoop) -> bool:
        nonlocal last_n, last_t, last_cpu
        n = lp.spent
        if todo and n >= todo[0]:
            t, c = time.perf_counter(), time.process_time()
            rows.append({"space": Path(space).name, "strategy": strategy, "batch": batch, "seed": seed,
                         "from": last_n, "to": n, "ms_per_eval": 1000 * (t - last_t) / max(n - last_n, 1),
                         "cpu_ms_per_eval": 1000 * (c - last_cpu) / max(n - last_n, 1)})
            print(json.dumps(rows[-1]), flush=True)
            while todo and n >= todo[0]:
                todo.pop(0)
            last_n, last_t, last_cpu = n, t, c
        return not todo

    loop.run(stop=stop)
    return rows


def plot(rows: list[dict], path: Path, title: str) -> None:
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib missing: no plot", file=sys.stderr)
        return
    fig, ax = plt.subplots(figsize=(7, 4))
    keys = sorted({(r["strategy"], r["batch"]) for r in rows})
    for s, b in keys:
        rs = [r for r in rows if r["strategy"] == s and r["batch"] == b]
        line, = ax.plot([r["to"] for r in rs], [1000 / r["cpu_ms_per_eval"] for r in rs], marker="o",
                        label=f"{s}, batch {b} (CPU time)")
        ax.plot([r["to"] for r in rs], [1000 / r["ms_per_eval"] for r in rs], ls=":", color=line.get_color(),
                label=f"{s}, batch {b} (wall)")
    ax.axhline(50, color="grey", ls="--", lw=0.8, label="20 ms per candidate")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("evaluations")
    ax.set_ylabel("evaluations per second of the strategy")
    ax.set_title(title)
    ax.legend(fontsize=6, ncol=2, loc="lower left")
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def table(rows: list[dict]) -> str:
    """Markdown: one row per strategy and batch size, CPU (and wall) ms per evaluation per stretch."""
    def mark(n: int) -> int:  # a batch overshoots its mark by up to batch - 1 evaluations
        return max([m for m in DEFAULT_MARKS if m <= n] or [n])

    ends = sorted({mark(r["to"]) for r in rows})
    head = "| strategy | batch | " + " | ".join(f"to {e}" for e in ends) + " |"
    out = [head, "|" + "---|" * (2 + len(ends))]
    for s, b in sorted({(r["strategy"], r["batch"]) for r in rows}):
        by_end = {mark(r["to"]): r for r in rows if r["strategy"] == s and r["batch"] == b}
        cells = [f"{by_end[e]['cpu_ms_per_eval']:.1f} ({by_end[e]['ms_per_eval']:.0f})" if e in by_end else ""
                 for e in ends]
        out.append(f"| {s} | {b} | " + " | ".join(cells) + " |")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--space", default="benchmarks/spaces/gemm_RTX_3090.json.gz")
    ap.add_argument("--strategy", action="append", help="repeatable; default random, ga, pbt")
    ap.add_argument("--batch-size", type=int, action="append", help="repeatable; default 1 and 8")
    ap.add_argument("--evals", type=int, default=10000)
    ap.add_argument("--marks", type=lambda s: [int(x) for x in s.split(",")], default=DEFAULT_MARKS)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--render", action="store_true", help="only write cost.md and cost.png from OUT/cost.jsonl")
    a = ap.parse_args(argv)
    a.out.mkdir(parents=True, exist_ok=True)
    if a.render:
        lines = [json.loads(x) for x in (a.out / "cost.jsonl").read_text().splitlines()]
        meta = next(x["meta"] for x in lines if "meta" in x)
        rows = [x for x in lines if "meta" not in x]
        (a.out / "cost.md").write_text(table(rows))
        plot(rows, a.out / "cost.png", f"strategy cost, replay of {Path(a.space).name} (commit {meta['commit']})")
        return 0
    meta = {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "host": platform.node(),
            "cpus": os.cpu_count(), "load": os.getloadavg(), "argv": sys.argv,
            # a copy of the tree without .git (a snapshot, so that edits during the run do not leak in) says so
            "commit": os.environ.get("EVO_COMMIT") or subprocess.run(["git", "rev-parse", "--short", "HEAD"],
                                                                     capture_output=True, text=True).stdout.strip()}
    rows = []
    with open(a.out / "cost.jsonl", "a") as f:
        f.write(json.dumps({"meta": meta}) + "\n")
        for s in a.strategy or ["random", "ga", "pbt"]:
            for b in a.batch_size or [1, 8]:
                for r in run_one(a.space, s, b, a.evals, a.marks, a.seed):
                    f.write(json.dumps(r) + "\n")
                    rows.append(r)
    (a.out / "cost.md").write_text(table(rows))
    plot(rows, a.out / "cost.png", f"strategy cost, replay of {Path(a.space).name} (commit {meta['commit']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
