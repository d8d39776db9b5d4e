"""Issue 17's Done-when, read from one device call's second table (a ``bench_kernels.py --size second`` result).

    python benchmarks/dev/targets.py benchmarks/h100-2026-12-07d/call2/shapes/shapes.json.gz

One line per second-table shape with the figure each target reads and its verdict, then the shapes that miss. The
targets (issue 17):
- sgemm: at 4096^3 at least 1.0x cuBLAS in the median of the alternating rounds; at least 0.95x at every other shape;
- softmax, transpose, reduce_sum, stencil, at every shape whose data exceeds the L2: at least 90% of the same-size copy
  (a device copy of the kernel's bytes timed in the same call) and at least 1.0x torch.compile, the median of the
  alternating rounds;
- conv2d: at 15x15 at least 40% of the fp32 peak; at 3x3 and 5x5 at least 60% of the same-size copy or 40% of the
  fp32 peak, whichever binds.
A ratio is a peer's time over the fastest kernel's, per round (each round times the peers and the four fastest genomes
alternately); without rounds, each peer's fastest median over the fastest genome's. cuBLAS is the torch eager peer (an
fp32 matmul with TF32 off). Exit status 0 when every shape of the table is in the result and meets its targets, 1
otherwise, 2 on a file that is not such a result.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from bench_kernels import parse_sizes  # noqa: E402
from bench_tables import FP32_PEAK_TFLOPS, _summary, read_results  # noqa: E402

MEMORY_BOUND = ("softmax", "transpose", "reduce_sum", "stencil")
SGEMM_LARGE = {"M": 4096, "N": 4096, "K": 4096}


def round_ratios(res: dict, peer: str) -> list[float]:
    """Per alternating round: the peer's time over the fastest kernel's that passed in that round."""
    out = []
    for r in res.get("rounds", []):
        ks = [v["median_ms"] for v in r["kernels"].values() if v.get("status") == "ok"]
        if f"{peer}_ms" in r and ks:
            out.append(r[f"{peer}_ms"] / min(ks))
    return out


def peer_ratio(res: dict, peer: str) -> float | None:
    """The median over the rounds of peer / kernel, or without rounds the fastest peer over the fastest kernel."""
    rs = round_ratios(res, peer)
    if rs:
        return float(np.median(rs))
    _, _, best, pe = _summary(res)
    return pe[peer] / best["median_ms"] if best and peer in pe else None


def verdict(res: dict, l2_bytes: int) -> tuple[str, bool | None]:
    """(what the targets read at this shape, whether they hold; None where no target applies)."""
    t, p = res["template"], res["problem"]
    _, _, best, pe = _summary(res)
    if best is None:
        return "no genome passed", False
    copy_pct = 100 * pe["copy"] / best["median_ms"] if "copy" in pe else None
    if t == "sgemm":
        r = peer_ratio(res, "eager")
        need = 1.0 if p == SGEMM_LARGE else 0.95
        return f"{_x(r)} cuBLAS (need {need})", r is not None and r >= need
    if t == "conv2d":
        peak = 100 * res["flops"] / (FP32_PEAK_TFLOPS * 1e9) / best["median_ms"]
        if p.get("FH", 0) >= 15:
            return f"{peak:.1f}% of fp32 peak (need 40)", peak >= 40
        ok = peak >= 40 or (copy_pct is not None and copy_pct >= 60)
        return f"{_pct(copy_pct)} of same-size copy, {peak:.1f}% of fp32 peak (need 60 or 40)", ok
    if t in MEMORY_BOUND:
        if res["bytes"] <= l2_bytes:
            return f"{res['bytes'] / 2**20:.0f} MiB fits the L2: no target", None
        r = peer_ratio(res, "compile")
        rounds = ", ".join(f"{x:.4f}" for x in round_ratios(res, "compile"))
        text = f"{_pct(copy_pct)} of same-size copy (need 90), {_x(r)} torch.compile (need 1.0; rounds {rounds or '-'})"
        return text, copy_pct is not None and copy_pct >= 90 and r is not None and r >= 1.0
    return "no target for this template", None


def _key(template: str, problem: dict) -> tuple:
    """A shape as the table and a result both name it (the order of a problem's sides aside)."""
    return template, tuple(sorted(problem.items()))


def _size(problem: dict) -> str:
    return "x".join(f"{k}={v}" for k, v in problem.items())


def _pct(v: float | None) -> str:
    return "-" if v is None else f"{v:.0f}%"


def _x(v: float | None) -> str:
    return "-" if v is None else f"{v:.4f}x"


def read(path: str) -> tuple[list[str], list[str]]:
    """Lines of the reading, and the shapes that miss (a second-table shape absent from the result misses; a result
    with none of them is not a reading, and says so in one miss)."""
    data = read_results(path)
    l2 = int(data.get("device", {}).get("l2_bytes", 50 << 20))
    lines = [f"{path}: {data.get('device', {}).get('gpu_name', '?')}, L2 {l2 / 2**20:.0f} MiB"]
    table = {_key(t, p): f"{t} {_size(p)}" for t, ps in parse_sizes(["second"]).items() for p in ps}
    misses, seen = [], set()
    for res in data["results"]:
        key = _key(res["template"], res["problem"])
        seen.add(key)
        text, ok = verdict(res, l2)
        name = f"{res['template']} {_size(res['problem'])}"
        mark = "-" if ok is None else ("met" if ok else "MISSED")
        lines.append(f"{'  ' if key in table else '  (not in the second table) '}{name}: {text}: {mark}")
        if key in table and ok is False:
            misses.append(name)
    if seen & set(table):
        misses += [f"{name} (not measured)" for key, name in table.items() if key not in seen]
    else:   # a call of other sizes (a search, a band of shapes): one line, not every shape of the table
        misses.append(f"none of the {len(table)} second-table shapes was measured: not a reading of the targets")
    lines.append("every second-table shape meets its targets" if not misses else f"missed: {'; '.join(misses)}")
    return lines, misses


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("result", help="a bench_kernels.py --size result (shapes.json or shapes.json.gz)")
    a = ap.parse_args(argv)
    try:
        lines, misses = read(a.result)
    except (OSError, ValueError, KeyError, TypeError) as e:
        print(f"targets.py: {a.result}: not a bench_kernels.py result ({type(e).__name__}: {e})", file=sys.stderr)
        return 2
    print("\n".join(lines))
    return 1 if misses else 0


if __name__ == "__main__":
    sys.exit(main())
