"""How soon a session that starts from a template's designs measures the best of them at a size: the designs in
file order against ``KernelTemplate.designs_for(problem)`` (nearest measured size first), read from
``bench_kernels.py --designs`` results that timed every design at sizes no design was chosen at (a replay of real
measurements; sizes in any design's ``at`` are left out, where the nearest-first order would be right by
construction).

    python benchmarks/dev/design_order.py benchmarks/h100-2026-12-06d/call5/shapes/shapes.json ...

Per size: the position (1 = measured first) of the fastest design, and of the first design within 2% of it, in
each order; then the mean over sizes. A session with a budget shorter than the designs list measures only the
first ones.
"""
from __future__ import annotations

import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]
from bench_tables import read_results  # noqa: E402
from evo_kernels.template import load_template  # noqa: E402


def positions(order: list[int], times: dict[int, float]) -> tuple[int, int]:
    """1-based positions in ``order`` (design indices) of the fastest timed design and of the first within 2%."""
    timed = [i for i in order if i in times]
    best = min(times.values())
    first_near = next(k for k, i in enumerate(timed, 1) if times[i] <= 1.02 * best)
    return timed.index(min(times, key=times.get)) + 1, first_near


def main(paths: list[str]) -> int:
    rows = []
    for path in paths:
        doc = read_results(Path(path))
        for res in doc["results"]:
            t = load_template(res["template"])
            p = res["problem"]
            if any(p == a for sizes in t.design_sizes for a in sizes):
                continue
            times = {}
            for r in res["rows"]:
                lab = r["label"]
                idx = 0 if lab == "fast" else int(lab[6:]) - 1 if lab.startswith("design") else None
                if idx is not None and r["status"] == "ok" and idx < len(t.designs):
                    times[idx] = r["median_ms"]
            if len(times) < 2:
                continue
            nearest = [t.designs.index(d) for d in t.designs_for(p)]
            f_best, f_two = positions(list(range(len(t.designs))), times)
            n_best, n_two = positions(nearest, times)
            rows.append((res["template"], p, len(times), f_best, f_two, n_best, n_two))
    print("| template | size | designs timed | file order: best at / within 2% at "
          "| nearest first: best at / within 2% at |")
    print("|---|---|---|---|---|")
    for name, p, n, fb, ft, nb, nt in rows:
        print(f"| {name} | {' x '.join(str(v) for v in p.values())} | {n} | {fb} / {ft} | {nb} / {nt} |")
    if rows:
        print(f"\nmean over {len(rows)} sizes: file order {statistics.mean(r[3] for r in rows):.1f} / "
              f"{statistics.mean(r[4] for r in rows):.1f}, nearest first {statistics.mean(r[5] for r in rows):.1f} / "
              f"{statistics.mean(r[6] for r in rows):.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
