"""Problem sizes nobody chose: a seeded draw of shapes per template, as a user might bring them.

Writes a batch TOML (each template tuned at its drawn sizes as `evo-kernels batch` does for a user: the
template's designs first, then the search) and prints the matching ``--size`` arguments of
``bench_kernels.py``, which then times the batch's best at each size against the peers of the same call:

    python benchmarks/dev/fresh_shapes.py --seed 7 --per-template 2 --toml runs/fresh.toml
    STAGES="batch shapes" BATCH_TOML=runs/fresh.toml SHAPES_SIZES="$(python benchmarks/dev/fresh_shapes.py \
      --seed 7 --per-template 2)" SHAPES_ARGS="--from-db runs/batch_fresh/results.db --rounds 3" \
      scripts/gpu_session.sh OUTDIR

The memory-bound kernels get 128 MiB to 1 GiB of data (past any L2), sides drawn log-uniform with odd and
even values alike; sgemm sides 64-8192 within 2 x 6000^3 flops; conv2d images 1000-6000 a side with odd
filters 3-15, square or not. The draw depends on the seed only.
"""
from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path

import numpy as np

MIB = 1 << 20


def _log_int(rng: np.random.Generator, lo: float, hi: float) -> int:
    return int(round(math.exp(rng.uniform(math.log(lo), math.log(hi)))))


def _two_sides(rng: np.random.Generator, lo_side: int) -> tuple[int, int]:
    """Sides (a, b) of a float32 array of 128 MiB to 1 GiB, the aspect ratio log-uniform, each side >= lo_side."""
    while True:
        floats = _log_int(rng, 128 * MIB / 4, 1024 * MIB / 4)
        a = _log_int(rng, lo_side, floats / lo_side)
        b = floats // a
        if a >= lo_side and b >= lo_side:
            return a, b


def draw(name: str, rng: np.random.Generator) -> dict[str, int]:
    if name == "sgemm":
        while True:
            m, n, k = (_log_int(rng, 64, 8192) for _ in range(3))
            if 2 * m * n * k <= 2 * 6000 ** 3 and m * n * k >= 512 ** 3:
                return {"M": m, "N": n, "K": k}
    if name == "conv2d":
        fh = int(rng.choice([3, 5, 7, 9, 11, 13, 15]))
        fw = fh if rng.random() < 0.7 else int(rng.choice([3, 5, 7, 9, 11, 13, 15]))
        return {"H": _log_int(rng, 1000, 6000), "W": _log_int(rng, 1000, 6000), "FH": fh, "FW": fw}
    if name == "reduce_sum":
        return {"N": _log_int(rng, 128 * MIB / 4, 1024 * MIB / 4)}
    if name == "softmax":
        r, c = _two_sides(rng, 16)
        return {"R": r, "C": c}
    if name == "transpose":
        r, c = _two_sides(rng, 8)
        return {"R": r, "C": c}
    if name == "stencil":
        h, w = _two_sides(rng, 16)
        return {"H": h, "W": w}
    raise SystemExit(f"fresh_shapes.py: no size rule for template {name!r}")


TEMPLATES = ("sgemm", "conv2d", "reduce_sum", "softmax", "transpose", "stencil")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--per-template", type=int, default=2)
    ap.add_argument("--templates", nargs="+", default=list(TEMPLATES))
    ap.add_argument("--toml", default=None, help="also write a batch TOML that tunes each template at its sizes")
    ap.add_argument("--budget", type=int, default=30, help="evaluations per size in the TOML")
    ap.add_argument("--out", default="runs/batch_fresh",
                    help="the TOML's out folder (from here; written relative to the TOML's folder, as batch reads it)")
    args = ap.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    sizes = {t: [draw(t, rng) for _ in range(args.per_template)] for t in args.templates}
    print(" ".join(f"--size {t}:" + ",".join(f"{k}={v}" for k, v in s.items()) for t, ss in sizes.items() for s in ss))
    if args.toml:
        out = Path(os.path.relpath(args.out, Path(args.toml).parent)).as_posix()   # as batch reads it
        lines = [f"# fresh_shapes.py --seed {args.seed} --per-template {args.per_template}: sizes nobody chose, "
                 "tuned as a user would (the designs first, then pbt)",
                 f'out = "{out}"', f"budget = {args.budget}", 'strategy = "pbt"', f"seed = {args.seed}", ""]
        for t, ss in sizes.items():
            inner = ", ".join("{" + ", ".join(f"{k} = {v}" for k, v in s.items()) + "}" for s in ss)
            lines += ["[[job]]", f'template = "{t}"', f"sizes = [{inner}]", ""]
        Path(args.toml).parent.mkdir(parents=True, exist_ok=True)
        Path(args.toml).write_text("\n".join(lines))
        print(f"wrote {args.toml}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
