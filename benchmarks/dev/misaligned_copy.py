"""Probe: does misalignment alone cap the copy bandwidth on this GPU? (issue 17, ragged transposes)

Times torch's device-to-device copy of N fp32 values (random, fresh per run) with source and
destination 16-byte aligned, and with either or both offset by one float (torch then takes its
scalar path), L2 flushed before every sample, CUDA events around the copy alone. Prints one line
per case: median ms and TB/s (bytes read + written). Run on the GPU machine:

    python3 benchmarks/dev/misaligned_copy.py [--n 16785409] [--reps 20]
"""
from __future__ import annotations

import argparse
import statistics

import torch


def time_copy(dst: torch.Tensor, src: torch.Tensor, flush: torch.Tensor, reps: int) -> float:
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    out = []
    for i in range(reps + 2):
        flush.fill_(i)
        start.record()
        dst.copy_(src)
        end.record()
        torch.cuda.synchronize()
        if i >= 2:
            out.append(start.elapsed_time(end))
    return statistics.median(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, action="append", help="floats per copy (default 4097^2 and 8191*12289)")
    ap.add_argument("--reps", type=int, default=20)
    args = ap.parse_args()
    flush = torch.empty(256 * 2**20 // 4, device="cuda")
    for n in args.n or [4097 * 4097, 8191 * 12289]:
        a = torch.randn(n + 4, device="cuda")
        b = torch.empty(n + 4, device="cuda")
        for name, (so, do) in {"aligned": (0, 0), "src+1": (1, 0), "dst+1": (0, 1), "both+1": (1, 1),
                               "src+1 dst+2": (1, 2)}.items():
            ms = time_copy(b[do:do + n], a[so:so + n], flush, args.reps)
            print(f"n={n} {name:12s} {ms:.4f} ms {2 * 4 * n / ms / 1e9:.2f} TB/s", flush=True)


if __name__ == "__main__":
    main()
