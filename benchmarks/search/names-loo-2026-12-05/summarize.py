"""The leave-one-out reading of the shipped names population: each Kernel Tuner space warm-started from the 16
other recorded spaces (run.sh), against cold pbt of the search table and Kernel Tuner's best, as Markdown.

    python benchmarks/search/names-loo-2026-12-05/summarize.py > benchmarks/search/names-loo-2026-12-05/summary.md
"""
import json
import math
import statistics
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
KT = json.loads((ROOT / "benchmarks/spaces/kernel_tuner_1.5.0.json").read_text())
TABLE = ROOT / "benchmarks/search/table-2026-12-05/table.jsonl"


def rows(path, keep):
    return {(r["space"], r["batch"]): r for r in map(json.loads, path.open()) if keep(r["strategy"])}


def med(r, k="to_5pct"):
    return statistics.median([x if x is not None else r["budget"] + 1 for x in r[k]])


def main():
    loo = rows(Path(__file__).with_name("table.jsonl"), lambda s: "names-loo" in s)
    cold = rows(TABLE, lambda s: s == "pbt")
    names = rows(TABLE, lambda s: s.endswith("names-training-side"))
    print("| side | space | batch | LOO warm: 5% | LOO warm: 1% | names-training-side: 5% | cold pbt: 5% "
          "| KT best (5%) | LOO / cold | LOO / KT best |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    summary = []
    for b in (1, 8):
        to_cold, to_kt = [], []
        for space in [s for s in KT["side"] if (s, b) in loo]:
            r, c, kt = loo[(space, b)], cold[(space, b)], KT["best_5pct"][space]
            ok = sum(x is not None for x in r["to_5pct"]) / len(r["to_5pct"])
            n = names.get((space, b))
            to_cold.append(med(r) / med(c))
            to_kt.append(med(r) / kt[1])
            print(f"| {KT['side'][space]} | {space} | {b} | {med(r):g}{'' if ok == 1 else f' ({ok:.0%})'} | "
                  f"{med(r, 'to_1pct'):g} | {med(n):g} | {med(c):g} | {kt[0]} {kt[1]:g} | {to_cold[-1]:.2f} | "
                  f"{to_kt[-1]:.2f} |" if n else
                  f"| {KT['side'][space]} | {space} | {b} | {med(r):g}{'' if ok == 1 else f' ({ok:.0%})'} | "
                  f"{med(r, 'to_1pct'):g} | - | {med(c):g} | {kt[0]} {kt[1]:g} | {to_cold[-1]:.2f} | {to_kt[-1]:.2f} |")
        summary.append(f"- batch {b}: LOO warm / cold pbt, median over {len(to_cold)} spaces "
                       f"**{statistics.median(to_cold):.2f}**, worst {max(to_cold):.2f}; LOO warm / KT best, "
                       f"geometric mean **{math.exp(sum(map(math.log, to_kt)) / len(to_kt)):.2f}**, "
                       f"behind KT best on {sum(x > 1 for x in to_kt)} spaces")
    print()
    print("\n".join(summary))


if __name__ == "__main__":
    main()
