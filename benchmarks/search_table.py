"""The search-efficiency table of SEARCH.md (issue 16): every space, both sides of the split, every
strategy and ablation, batch 1 and 8, evaluations to 5% and to 1%, Kernel Tuner's best beside each.

Each cell is ``evo_kernels.bench_search.run_once`` over seeds 0..19 (a replay: nothing is compiled or
run), stopped at the first evaluation within 1% of the space's optimum (the counts to 5% and 1% are
those of a run to the budget). All seeds of all cells share one pool of processes; a cell is appended
to OUT/table.jsonl when its last seed is in, and a cell already there is not run again: a run cut
short (a device call's time limit) resumes where it was.

    python benchmarks/search_table.py --out benchmarks/search/table-DATE --jobs 16      # run (resumable)
    python benchmarks/search_table.py --out benchmarks/search/table-DATE --render       # table.md only

``--space``/``--strategy``/``--batch-size`` narrow the run (repeatable). The split (by GPU, see
benchmarks/spaces/README.md) and Kernel Tuner 1.5.0's figures (20 seeds, to 5% only) are in
benchmarks/spaces/kernel_tuner_1.5.0.json.
"""
from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

KT = json.loads((ROOT / "benchmarks/spaces/kernel_tuner_1.5.0.json").read_text())
SPACES = {name: str(ROOT / path) for name, path in KT["files"].items()}
WARM = "pbt:init_population=populations/pretrained-training-side"  # pretrained on the training side only
# a names prior from the training side's recorded spaces (scripts/prior_from_spaces.py): a space reads the
# source with exactly its parameter names, i.e. the same kernel on another GPU
NAMES = "pbt:init_population=populations/names-training-side"
# what pbt starts from by default (evo_kernels.checkpoint.warm_start): every recorded space's names prior, each space
# read leave one out (its own source left out), so a space is a new GPU's cache of a kernel the corpus knows
SHIPPED = "pbt:init_population=populations/names-whole-corpus"
TRANSFER = (WARM, NAMES)  # measured where they were not trained: the validation side only
STRATEGIES = ["random", "ga", "pbt", "pbt:edits=uniform", "pbt:proposals=1", WARM, NAMES]
LABELS = {"pbt:edits=uniform": "pbt, uniform edits", "pbt:proposals=1": "pbt, no screen",
          "pbt:proposals=1,edits=uniform": "pbt, no screen, uniform edits",
          WARM: "pbt, warm (training side)", NAMES: "pbt, warm (names prior, training side)",
          SHIPPED: "pbt as shipped (names prior of all 17 spaces, leave one out)"}
SEEDS = 20


def budget_of(space: str) -> int:
    return KT["budget"].get(space, KT["budget"]["default"])


def as_run(strategy: str) -> str:
    """The strategy as bench-search runs it: this table's pbt rows without an ``init_population`` are cold starts
    (they were before bench-search's pbt started from the shipped population by default, and the table keeps
    their names), so they run as ``init_population=none``."""
    if strategy.partition(":")[0] != "pbt" or "init_population=" in strategy:
        return strategy
    return strategy + ("," if ":" in strategy else ":") + "init_population=none"


def _seed(space: str, strategy: str, batch: int, seed: int) -> tuple[tuple[str, str, int], int, dict]:
    """One seed of one cell: the run to 1% (or the budget), its counts and its CPU seconds."""
    from evo_kernels.bench_search import run_once

    c = time.process_time()
    r = run_once(SPACES[space], as_run(strategy), seed, budget_of(space), batch_size=batch, stop_within=0.01)
    r["cpu_s"] = time.process_time() - c
    return (space, strategy, batch), seed, r


def run_cells(todo: list[tuple[str, str, int]], jobs: int, write) -> None:
    """Every seed of every cell over one pool of ``jobs`` processes, in the cells' order; ``write``
    gets each cell's row as soon as its last seed is in."""
    from joblib import Parallel, delayed

    t0 = time.time()
    got: dict[tuple[str, str, int], dict[int, dict]] = {cell: {} for cell in todo}
    tasks = (delayed(_seed)(*cell, seed) for cell in todo for seed in range(SEEDS))
    for cell, seed, r in Parallel(n_jobs=jobs, return_as="generator_unordered")(tasks):
        got[cell][seed] = r
        if len(got[cell]) == SEEDS:
            runs = [got[cell][i] for i in range(SEEDS)]
            space, strategy, batch = cell
            write({"space": space, "strategy": strategy, "batch": batch, "budget": budget_of(space),
                   "seeds": [0, SEEDS], "to_5pct": [r["evals_to_5pct"] for r in runs],
                   "to_1pct": [r["evals_to_1pct"] for r in runs], "cpu_s": round(sum(r["cpu_s"] for r in runs), 1),
                   "wall_s_since_start": round(time.time() - t0, 1), "commit": _commit(), "host": platform.node(),
                   "python": platform.python_version(),
                   "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")})


def _commit() -> str:
    env = os.environ.get("EVO_COMMIT")  # a copy of the tree without .git (the device machine) says so
    if env:
        return env
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def median(ns: list, budget: int) -> float:
    """A miss counts as budget + 1 (as Kernel Tuner's figures count it)."""
    return statistics.median(budget + 1 if n is None else n for n in ns)


def _cell(ns: list, budget: int) -> str:
    m = median(ns, budget)
    ok = sum(n is not None for n in ns) / len(ns)
    return f"{m:g}" + ("" if ok == 1 else f" ({ok:.0%})")


def render(rows: list[dict]) -> str:
    """table.md: one row per space, strategy and batch; the geometric means of pbt / KT best per side."""
    by = {(r["space"], r["strategy"], r["batch"]): r for r in rows}
    batches = sorted({r["batch"] for r in rows})
    strategies = [s for s in STRATEGIES if any(r["strategy"] == s for r in rows)]
    strategies += sorted({r["strategy"] for r in rows} - set(strategies))
    out = ["Median unique evaluations over seeds 0..19 until within 5% and 1% of the optimum (a miss counts as",
           "the budget + 1; the share of runs that got there in brackets where not all did). KT best: Kernel",
           "Tuner 1.5.0's best strategy on that space (median to 5%, 20 seeds, batch 1; no 1% figure published).", ""]
    head = "| side | space | budget | KT best (5%) | strategy | " + " | ".join(
        f"batch {b}: 5% | batch {b}: 1%" for b in batches) + " | / KT best (5%) |"
    out += [head, "|" + "---|" * (head.count("|") - 1)]
    warm = [s for s in strategies if "init_population=" in s]
    ratios: dict[tuple[str, str, int], list[float]] = {}  # (strategy, side, batch): its median / KT best's
    for side in ("training", "validation"):
        for space in [s for s in KT["side"] if KT["side"][s] == side]:
            budget = budget_of(space)
            kt = KT["best_5pct"].get(space)
            for s in strategies:
                if not any((space, s, b) in by for b in batches):
                    continue
                cells, ratio = [], []
                for b in batches:
                    r = by.get((space, s, b))
                    cells += [_cell(r["to_5pct"], budget), _cell(r["to_1pct"], budget)] if r else ["", ""]
                    if r and kt and (s == "pbt" or s in warm):
                        x = median(r["to_5pct"], budget) / kt[1]
                        ratio.append(f"b{b} {x:.2f}")
                        ratios.setdefault((s, side, b), []).append(x)
                ktc = f"{kt[0]} {kt[1]:g}" if kt else "-"
                out.append(f"| {side} | {space} | {budget} | {ktc} | {LABELS.get(s, s)} | " + " | ".join(cells)
                           + f" | {', '.join(ratio)} |")
    out.append("")
    for w in warm:  # issue 16's transfer: warm / cold (pbt) at 5% on each space of each side
        for side in ("training", "validation"):
            for b in batches:
                xs = {sp: median(by[(sp, w, b)]["to_5pct"], budget_of(sp)) / median(by[(sp, "pbt", b)]["to_5pct"],
                                                                                     budget_of(sp))
                      for sp in KT["side"] if KT["side"][sp] == side and (sp, w, b) in by and (sp, "pbt", b) in by}
                if xs:
                    worst = max(xs, key=xs.get)
                    out.append(f"- {LABELS.get(w, w)} / cold pbt at 5%, {side}, batch {b}: median over {len(xs)} "
                               f"spaces **{statistics.median(xs.values()):.2f}**, worst {xs[worst]:.2f} ({worst})")
    for (s, side, b), xs in sorted(ratios.items(), key=lambda kv: (kv[0][0] != "pbt", kv[0])):
        g = math.exp(sum(map(math.log, xs)) / len(xs))
        out.append(f"- {side}, batch {b}: geometric mean of {LABELS.get(s, s)} / KT best at 5% over {len(xs)} "
                   f"spaces: **{g:.2f}**")
    commits = sorted({r["commit"] for r in rows})
    hosts = sorted({r["host"] for r in rows})
    out.append(f"- commit(s) {', '.join(commits)}; run on {', '.join(hosts)}; "
               f"{sum(r['cpu_s'] for r in rows):.0f} CPU s in all")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", required=True, type=Path)
    ap.add_argument("--space", action="append", help=f"default: all of {', '.join(SPACES)}")
    ap.add_argument("--strategy", action="append", help=f"default: {' '.join(STRATEGIES)}")
    ap.add_argument("--batch-size", action="append", type=int, help="default 1 and 8")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--render", action="store_true", help="only write table.md from table.jsonl")
    args = ap.parse_args(argv)
    unknown = sorted(set(args.space or []) - set(SPACES))
    if unknown:
        print(f"search_table: unknown space(s) {', '.join(unknown)}; known: {', '.join(SPACES)}", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "table.jsonl"
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()] if path.exists() else []
    if not args.render:
        done = {(r["space"], r["strategy"], r["batch"]) for r in rows}
        todo = [(sp, s, b) for s in (args.strategy or STRATEGIES) for b in (args.batch_size or [1, 8])
                for sp in (args.space or SPACES) if (sp, s, b) not in done
                and not (s in TRANSFER and KT["side"][sp] == "training")]  # transfer: where it was not trained

        def write(row: dict) -> None:
            rows.append(row)
            with path.open("a") as f:
                f.write(json.dumps(row) + "\n")
            print(f"[{len(rows)}] {row['space']} {row['strategy']} batch {row['batch']}: "
                  f"5% {median(row['to_5pct'], row['budget']):g}, 1% {median(row['to_1pct'], row['budget']):g} "
                  f"({row['cpu_s']} CPU s)", flush=True)
        run_cells(todo, args.jobs, write)
    (args.out / "table.md").write_text(render(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
