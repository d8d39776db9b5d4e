"""Build, on the CPU machine, the exported header's self-test program of one genome at some sizes, with random
inputs beside it, for `compute-sanitizer --tool memcheck` on the GPU machine: an access past an array's end shows
there as an error, whatever the harness's guard zones absorbed. ``--commit`` builds the same from the template
as it was at a commit, so a fix can be shown before and after.

    python benchmarks/dev/sanitize_selftest.py --template stencil --genome GENOME.json \\
        --size H=1,W=26 --size H=3,W=30 --out .san/new [--commit f71caa0^]
    # on the GPU machine, for each folder: (cd .san/new/H1_W26 && compute-sanitizer --tool memcheck ./run)
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from evo_kernels.cli_args import parse_genome, problem_size  # noqa: E402
from evo_kernels.export import render_header, selftest_program  # noqa: E402
from evo_kernels.runners.inputs import draw  # noqa: E402
from evo_kernels.template import load_template  # noqa: E402
from rehash_recording import template_of_commit  # noqa: E402  (beside this script)


def template_at(name: str, commit: str | None, tmp: Path):
    """The template ``name`` of today's tree, or as it was at ``commit``."""
    return load_template(name) if commit is None else template_of_commit(ROOT, name, commit, tmp)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--template", required=True)
    ap.add_argument("--genome", required=True, help="JSON text or a JSON file")
    ap.add_argument("--size", action="append", required=True, help="NAME=N,NAME=N (repeatable)")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--commit", help="build the template as it was at this commit")
    ap.add_argument("--arch", default="sm_90")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        t = template_at(args.template, args.commit, Path(tmp))
        g = t.space.check(t.space.coerce(parse_genome(args.genome)))
        rng = np.random.default_rng(0)
        for text in args.size:
            p = problem_size([text])
            d = args.out / "_".join(f"{k}{v}" for k, v in p.items())
            d.mkdir(parents=True, exist_ok=True)
            row = {"genome": g, "problem": p, "median_ms": 1.0, "speedup": 1.0, "fitness": 1.0, "cv": 0.0,
                   "registers": 0, "spill_bytes": 0, "gpu_name": "", "driver_version": "", "nvcc_version": "",
                   "timestamp": ""}
            (d / "tuned.cuh").write_text(render_header(t, [row]))
            (d / "main.cu").write_text(selftest_program(t, "tuned.cuh", p))
            for a in t.args(p):
                if a.role in ("in", "inout"):
                    draw(a, rng).tofile(d / f"{a.name}.bin")
            r = subprocess.run(["nvcc", f"-arch={args.arch}", "-o", str(d / "run"), str(d / "main.cu")],
                               capture_output=True, text=True)
            if r.returncode != 0:
                print(r.stderr[-2000:], file=sys.stderr)
                return 1
            print(f"{d}: {t.name} at {json.dumps(p)}, template hash {t.hash}, launch {t.launch(g, p)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
