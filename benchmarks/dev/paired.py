"""Paired (by seed) comparison of search strategies against a reference, from ``search_table.py`` output.

    python benchmarks/dev/paired.py RUNS.jsonl [MORE.jsonl ...] [--ref pbt] [--per-space]

Reads every line of the files (later files win for the same space, strategy and batch), and for each
strategy other than ``--ref`` prints, per side of the split (``spaces/README.md``) and batch size, the
mean over spaces and seeds of log(evaluations / the reference's evaluations) to 5% and to 1% (a miss
counts as budget + 1), with its standard error over the pooled pairs, and the number of spaces and
pairs: negative is fewer evaluations than the reference. ``--per-space`` adds one line per space
(medians, the reference's medians and the space's mean log ratio).
"""
from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from search_table import KT  # noqa: E402  (the split is read in one place)

SIDE = KT["side"]


def load(paths: list[str]) -> dict[tuple[str, str, int], dict]:
    cells: dict[tuple[str, str, int], dict] = {}
    for p in paths:
        for line in open(p):
            if line.strip():
                r = json.loads(line)
                cells[(r["space"], r["strategy"], r["batch"])] = r
    return cells


def ratios(cell: dict, ref: dict, key: str) -> list[float]:
    b1, b2 = cell["budget"] + 1, ref["budget"] + 1
    s0, n = cell["seeds"]
    r0, rn = ref["seeds"]
    out = []
    for i in range(n):
        j = s0 + i - r0
        if 0 <= j < rn:
            out.append(math.log((cell[key][i] or b1) / (ref[key][j] or b2)))
    return out


def mean_se(xs: list[float]) -> str:
    if not xs:
        return "-"
    se = statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else 0.0
    return f"{statistics.mean(xs):+.3f} ± {se:.3f}"


def med(cell: dict, key: str) -> float:
    b = cell["budget"] + 1
    return statistics.median(v or b for v in cell[key])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--ref", default="pbt")
    ap.add_argument("--per-space", action="store_true")
    a = ap.parse_args(argv)
    cells = load(a.files)
    pooled: dict[tuple[str, str, int], tuple[list, list, set]] = defaultdict(lambda: ([], [], set()))
    for (space, strat, batch), cell in sorted(cells.items()):
        ref = cells.get((space, a.ref, batch))
        if strat == a.ref or ref is None:
            continue
        r5, r1 = ratios(cell, ref, "to_5pct"), ratios(cell, ref, "to_1pct")
        p = pooled[(strat, SIDE.get(space, "?"), batch)]
        p[0].extend(r5)
        p[1].extend(r1)
        p[2].add(space)
        if a.per_space:
            print(f"{strat:40s} b{batch} {space:28s} 5%: {med(cell, 'to_5pct'):6.1f} vs {med(ref, 'to_5pct'):6.1f} "
                  f"({mean_se(r5)})  1%: {med(cell, 'to_1pct'):6.1f} vs {med(ref, 'to_1pct'):6.1f} ({mean_se(r1)})")
    print(f"| strategy | side | batch | mean log ratio vs {a.ref}, 5% | 1% | spaces | pairs |")
    print("|---|---|---|---|---|---|---|")
    for (strat, side, batch), (r5, r1, spaces) in sorted(pooled.items()):
        print(f"| {strat} | {side} | {batch} | {mean_se(r5)} | {mean_se(r1)} | {len(spaces)} | {len(r5)} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
