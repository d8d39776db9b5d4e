"""The shipped-against-cold A/B of device call 2 (2026-12-05, NVIDIA H100 80GB HBM3, commit f71caa0): for each
kernel x size, each arm's best time and the evaluation (counted from 1, the baseline first) at which it first came
within 5% of the better arm's best. Reads the two arms' results databases as the session wrote them (not kept in
the repository: run outputs); its printout is README.md's table.

    python3 ab_summary.py SESSION_DIR      # the folder session.tar.gz was unpacked into
"""
import collections
import json
import sqlite3
import sys
from pathlib import Path

ARMS = ("start_shipped", "start_cold")


def main(root: Path) -> None:
    runs = {}
    for arm in ARMS:
        with sqlite3.connect(root / arm / "results.db") as c:
            by = collections.defaultdict(list)
            query = "SELECT template, problem_json, status, median_ms FROM evaluations ORDER BY id"
            for t, p, st, ms in c.execute(query):
                by[(t, p)].append(ms if st == "ok" else None)
            runs[arm] = by
    print("| kernel | size | shipped: best ms | to 5% | cold: best ms | to 5% |")
    print("|---|---|---|---|---|---|")
    for key in sorted(set(runs[ARMS[0]]) | set(runs[ARMS[1]])):
        target = min(min((m for m in runs[a][key] if m is not None), default=float("inf")) for a in ARMS)
        cells = []
        for a in ARMS:
            ev = runs[a][key]
            hit = next((i + 1 for i, m in enumerate(ev) if m is not None and m <= 1.05 * target), None)
            cells += [f"{min(m for m in ev if m is not None):.4f}", f"{hit} of {len(ev)}"]
        size = ", ".join(f"{k}={v}" for k, v in json.loads(key[1]).items())
        print(f"| {key[0]} | {size} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
