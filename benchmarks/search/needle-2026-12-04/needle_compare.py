"""Paired comparison of pbt variants with the default on recorded spaces (batch 1, stopped at 1%, as
benchmarks/search_table.py runs a cell), one process, seeds in order; appends one JSON line per run to
OUT (resumable: a (space, strategy, seed) already there is skipped) and prints the summary.

    PYTHONPATH=. python benchmarks/dev/needle_compare.py --out F.jsonl --space NAME [...] \\
        --strategy pbt --strategy pbt:categorical=codes --seeds 0-19
    PYTHONPATH=. python benchmarks/dev/needle_compare.py --out F.jsonl --summary [--table T.jsonl]

``--table``: take the default's counts ("pbt", batch 1) from a search_table.py table.jsonl instead of
running them (the replays are deterministic; seeds run here are checked against it).
"""
from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

KT = json.loads((ROOT / "benchmarks/spaces/kernel_tuner_1.5.0.json").read_text())


def budget_of(space: str) -> int:
    return KT["budget"].get(space, KT["budget"]["default"])


def load(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()] if path.exists() else []


def summary(rows: list[dict], table: Path | None, base: str = "pbt") -> str:
    got: dict[tuple[str, str], dict[int, dict]] = {}
    for r in rows:
        got.setdefault((r["space"], r["strategy"]), {})[r["seed"]] = r
    if table is not None:
        for t in load(table):
            if t["strategy"] == base and t["batch"] == 1:
                d = got.setdefault((t["space"], base + " (table)"), {})
                for i, (a, b) in enumerate(zip(t["to_5pct"], t["to_1pct"])):
                    d[t["seed"] if "seed" in t else t["seeds"][0] + i] = {"to_5pct": a, "to_1pct": b}
    out = ["| side | space | strategy | seeds | 5%: median (success) | 1%: median (success) "
           "| vs default: mean log ratio 5% / 1% (wins-ties-losses at 5%) |", "|---|---|---|---|---|---|---|"]
    spaces = [s for s in KT["side"] if any(k[0] == s for k in got)]
    for side in ("training", "validation"):
        for sp in [s for s in spaces if KT["side"][s] == side]:
            B = budget_of(sp)
            ref = got.get((sp, base)) or got.get((sp, base + " (table)")) or {}
            for (s2, strat), runs in sorted(got.items()):
                if s2 != sp:
                    continue
                seeds = sorted(runs)
                f = {k: [B + 1 if runs[i][k] is None else runs[i][k] for i in seeds] for k in ("to_5pct", "to_1pct")}
                ok = {k: sum(runs[i][k] is not None for i in seeds) / len(seeds) for k in f}
                cmp = ""
                paired = [i for i in seeds if i in ref]
                if not strat.startswith(base + " (") and strat != base and paired:
                    lr = {}
                    for k in f:
                        lr[k] = statistics.mean(math.log((B + 1 if runs[i][k] is None else runs[i][k])
                                                         / (B + 1 if ref[i][k] is None else ref[i][k])) for i in paired)
                    a = [(B + 1 if runs[i]["to_5pct"] is None else runs[i]["to_5pct"],
                          B + 1 if ref[i]["to_5pct"] is None else ref[i]["to_5pct"]) for i in paired]
                    w, t_, lo = sum(x < y for x, y in a), sum(x == y for x, y in a), sum(x > y for x, y in a)
                    cmp = f"{lr['to_5pct']:+.2f} / {lr['to_1pct']:+.2f} ({w}-{t_}-{lo}, {len(paired)} seeds)"
                cells = [f"{statistics.median(f[k]):g}" + ("" if ok[k] == 1 else f" ({ok[k]:.0%})")
                         for k in ("to_5pct", "to_1pct")]
                out.append(f"| {side} | {sp} | {strat} | {seeds[0]}..{seeds[-1]} | {cells[0]} | {cells[1]} | {cmp} |")
    return "\n".join(out)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--space", action="append", default=[])
    ap.add_argument("--side", choices=["training", "validation"], help="every space of that side")
    ap.add_argument("--strategy", action="append", default=[])
    ap.add_argument("--seeds", default="0-19")
    ap.add_argument("--table", type=Path)
    ap.add_argument("--summary", action="store_true")
    args = ap.parse_args(argv)
    rows = load(args.out)
    if not args.summary:
        from evo_kernels.bench_search import run_once

        sys.path.insert(0, str(ROOT / "benchmarks"))
        from search_table import as_run  # its pbt rows are cold starts, as when they were run

        a, _, b = args.seeds.partition("-")
        spaces = args.space + ([s for s in KT["side"] if KT["side"][s] == args.side] if args.side else [])
        done = {(r["space"], r["strategy"], r["seed"]) for r in rows}
        for sp in spaces:
            for strat in args.strategy:
                for seed in range(int(a), int(b or a) + 1):
                    if (sp, strat, seed) in done:
                        continue
                    t0 = time.time()
                    r = run_once(str(ROOT / KT["files"][sp]), as_run(strat), seed, budget_of(sp), stop_within=0.01)
                    row = {"space": sp, "strategy": strat, "seed": seed, "to_5pct": r["evals_to_5pct"],
                           "to_1pct": r["evals_to_1pct"], "wall_s": round(time.time() - t0, 1)}
                    rows.append(row)
                    with args.out.open("a") as fh:
                        fh.write(json.dumps(row) + "\n")
                    print(json.dumps(row), flush=True)
    print(summary(rows, args.table))
    return 0


if __name__ == "__main__":
    sys.exit(main())
