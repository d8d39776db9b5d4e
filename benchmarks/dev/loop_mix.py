"""The instruction mix of a genome's hottest loop, from the SASS of its cubin, on the CPU machine: the backward
branch whose body holds the most FFMA (sgemm, conv2d) or, for kernels without FFMA, the most instructions; how
many instructions it issues and what share of them are FFMA. A loop at 77% FFMA against one at 89% says, before any
GPU time, that the first spends its issue slots on addresses and predicates.

    python benchmarks/dev/loop_mix.py --template sgemm --genome GENOME.json --size M=64,N=8192,K=8192 \\
        [--nvdisasm PATH]

nvdisasm comes with the CUDA toolkit (or the pip wheel nvidia-cuda-nvdisasm); --nvdisasm names it where it is not
on the PATH.
"""
from __future__ import annotations

import argparse
import collections
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from evo_kernels.build import NvccBuilder  # noqa: E402
from evo_kernels.cli_args import parse_genome, problem_size  # noqa: E402
from evo_kernels.records import Candidate  # noqa: E402
from evo_kernels.template import load_template  # noqa: E402

_INS = re.compile(r"\s*(?:/\*[0-9a-f]+\*/)?\s*(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_]*)(?:\.[A-Z0-9_.]*)?\b.*;")
_LABEL = re.compile(r"^\.?(L_x_\d+):")
_TARGET = re.compile(r"`\(\.?(L_x_\d+)\)")


def loops(sass: str) -> list[tuple[int, collections.Counter]]:
    """(instructions, opcode counts) of every loop body (a backward branch to a label), in SASS order."""
    ins: list[tuple[str, str]] = []
    labels: dict[str, int] = {}
    for line in sass.splitlines():
        m = _LABEL.match(line.strip())
        if m:
            labels[m.group(1)] = len(ins)
            continue
        m = _INS.match(line)
        if m:
            ins.append((m.group(1), line))
    out = []
    for j, (op, line) in enumerate(ins):
        m = _TARGET.search(line) if op == "BRA" else None
        start = labels.get(m.group(1)) if m else None
        if start is not None and start <= j:
            out.append((j + 1 - start, collections.Counter(o for o, _ in ins[start:j + 1])))
    return out


def hottest_loop(sass: str) -> tuple[int, collections.Counter] | None:
    """(instructions, opcode counts) of the loop body with the most FFMA (or instructions), or None."""
    found = loops(sass)
    return max(found, key=lambda lp: (lp[1]["FFMA"], lp[0])) if found else None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--template", required=True)
    ap.add_argument("--genome", required=True, help="JSON text or a JSON file")
    ap.add_argument("--size", required=True, help="NAME=N,NAME=N")
    ap.add_argument("--nvdisasm", default=shutil.which("nvdisasm"))
    ap.add_argument("--all", action="store_true", help="every loop with FFMA, not only the hottest (e.g. the guarded "
                    "copy of a k loop that edge blocks run)")
    args = ap.parse_args()
    if not args.nvdisasm:
        raise SystemExit("nvdisasm not found: give --nvdisasm PATH (CUDA toolkit, or pip install nvidia-cuda-nvdisasm)")
    t = load_template(args.template)
    g = t.space.check(t.space.coerce(parse_genome(args.genome)))
    p = problem_size([args.size])
    b = NvccBuilder().build(t, [Candidate(t.name, g, p, t.space.key(g))])[0]
    if b.status != "ok":
        raise SystemExit(f"{args.template}: build {b.status}: {b.error[-300:]}")
    sass = subprocess.run([args.nvdisasm, "-c", b.cubin_path], capture_output=True, text=True, check=True).stdout
    if args.all:
        for n, ops in loops(sass):
            if ops["FFMA"]:
                others = ", ".join(f"{k} {v}" for k, v in ops.most_common(12) if k != "FFMA")
                print(f"loop of {n} instructions, {ops['FFMA']} FFMA ({ops['FFMA'] / n:.0%}); {others}")
        return 0
    loop = hottest_loop(sass)
    if loop is None:
        print(f"{args.template} at {p}: no loop in the SASS ({b.registers} registers)")
        return 0
    n, ops = loop
    others = ", ".join(f"{k} {v}" for k, v in ops.most_common() if k != "FFMA")
    print(f"{args.template} at {p}, {b.registers} registers, {b.spill_bytes} B spill: hottest loop {n} instructions, "
          f"{ops['FFMA']} FFMA ({ops['FFMA'] / n:.0%}); {others}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
