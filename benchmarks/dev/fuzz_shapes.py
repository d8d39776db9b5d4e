"""Every template's known designs, its FAST_GENOME and random valid genomes, run on the CPU emulators
at random odd problem sizes nobody chose, against the template's reference: a desk check of the sizes
a user brings (tails, 1-wide sides, primes, sizes just past a tile), which the tests' fixed shapes
may miss.

The memory-bound templates run through tests/cuda_emu.py (one thread per CUDA thread, AddressSanitizer,
buffers 16-byte aligned and one float off, blocks in both orders); sgemm and conv2d through
tests/fiber_emu.py (guard pages, NaN-poisoned shared memory and outputs); both run thread-block clusters.
Seeded: the same command gives the same genomes and sizes.

    python benchmarks/dev/fuzz_shapes.py --genomes 6 --sizes 6 --seed 0 [--templates transpose stencil] \
        [--extra benchmarks/candidates/shapes_candidates.json] [--pin GENE=VALUE] [--limit TEMPLATE:DIM=N] [--only-new]
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from evo_kernels.template import load_template  # noqa: E402
from evo_kernels.tune_config import TuneError  # noqa: E402
from evo_kernels.tune_plan import restrict  # noqa: E402


def _load(name: str, folder: str = "tests"):
    spec = importlib.util.spec_from_file_location(name, ROOT / folder / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(ROOT / folder))
    spec.loader.exec_module(mod)
    return mod


# the largest side drawn per dimension: the emulators run a thread (or a fiber) per CUDA thread
LIMITS = {"transpose": {"R": 700, "C": 700}, "stencil": {"H": 400, "W": 700}, "softmax": {"R": 40, "C": 5000},
          "reduce_sum": {"N": 300000}, "sgemm": {"M": 300, "N": 300, "K": 300},
          "conv2d": {"H": 200, "W": 300, "FH": 15, "FW": 15}}
PRIMES = [2, 3, 5, 7, 11, 13, 17, 31, 37, 61, 67, 127, 131, 257, 263, 509, 521, 1021]


def draw_side(rng: np.random.Generator, hi: int) -> int:
    """A side a user might bring: 1, a small prime, a power of two plus or minus one, or any size."""
    kind = rng.integers(5)
    if kind == 0:
        return 1
    if kind == 1:
        return int(rng.choice([p for p in PRIMES if p <= hi] or [1]))
    if kind == 2:
        p = 1 << int(rng.integers(1, max(2, int(np.log2(hi)))))
        return int(min(hi, max(1, p + int(rng.choice([-1, 1])))))
    return int(rng.integers(1, hi + 1))


def draw_size(t, rng: np.random.Generator) -> dict[str, int]:
    lim = LIMITS[t.name]
    while True:
        p = {k: draw_side(rng, lim[k]) for k in t.problem}
        if t.name == "conv2d":   # the filter fits the image, at most 15 x 15 for the emulator's time
            p["FH"], p["FW"] = min(p["FH"], p["H"]), min(p["FW"], p["W"])
            p["H"], p["W"] = max(p["H"], p["FH"]), max(p["W"], p["FW"])
        try:
            t.args(p)
            return p
        except Exception:  # noqa: BLE001 - a size the template refuses: draw another
            continue


def genomes(t, rng: np.random.Generator, n_random: int, extra: list[dict] = (), pin: dict | None = None,
            only_new: bool = False) -> list[dict]:
    """The template's designs, FAST_GENOME, ``extra`` (candidate genomes, e.g. a GPU call's) and ``n_random``
    random valid genomes; with ``pin`` ({gene: value}) the random genomes carry those values (redrawn until valid),
    and with ``only_new`` the designs and FAST_GENOME are left out."""
    out = [] if only_new else list(t.designs)   # already checked genomes
    fast = getattr(t.meta, "FAST_GENOME", None)
    if fast and not only_new:
        out.append(t.space.check(t.space.coerce(fast)))
    for g in extra:
        try:
            out.append(t.space.check(t.space.coerce(g)))
        except ValueError as exc:
            raise SystemExit(f"--extra: a {t.name} genome is not in today's space: {exc}") from None
    pin = {k: v for k, v in (pin or {}).items() if k in t.space.names}   # a pin of another fuzzed template's gene
    try:   # the values as tune's --pin reads them
        pinned = restrict(t.space, pin, {}, f"--pin ({t.name})")
    except TuneError as exc:
        raise SystemExit(str(exc)) from None
    pin = {k: pinned.gene(k).values[0] for k in pin}
    while n_random > 0:   # drawn from the whole space, so that without pins the draws are those of before
        g = {**t.space.sample(rng), **pin}
        if t.space.is_valid(g):
            out.append(t.space.check(g))
            n_random -= 1
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--templates", nargs="*", default=list(LIMITS))
    ap.add_argument("--genomes", type=int, default=6, help="random valid genomes per template")
    ap.add_argument("--sizes", type=int, default=6, help="random sizes per genome")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", type=Path, help="JSON lines of every run")
    ap.add_argument("--extra", action="append", default=[],
                    help="candidate genomes to fuzz as well, {template: [genome, ...]} as bench_kernels.py --extra "
                         "reads them (repeatable)")
    ap.add_argument("--pin", action="append", default=[], metavar="GENE=VALUE",
                    help="the random genomes carry this value, as tune --pin takes it (e.g. TileLoops_Reverse=true; "
                         "repeatable)")
    ap.add_argument("--limit", action="append", default=[], metavar="TEMPLATE:DIM=N",
                    help="the largest side drawn, instead of LIMITS (e.g. softmax:R=6 for wide blocks)")
    ap.add_argument("--only-new", action="store_true", help="leave out the designs and FAST_GENOME")
    args = ap.parse_args()
    pin = dict(x.partition("=")[::2] for x in args.pin)
    genes = {n for name in args.templates for n in load_template(name).space.names}
    if set(pin) - genes:
        ap.error(f"--pin {', '.join(sorted(set(pin) - genes))}: a gene of none of {', '.join(args.templates)}")
    for item in args.limit:
        name, _, dim = item.partition(":")
        key, _, n = dim.partition("=")
        if key not in LIMITS.get(name, {}) or not n.isdigit() or int(n) < 1:
            ap.error(f"--limit {item!r}: expected TEMPLATE:DIM=N with N >= 1 and DIM a dimension of TEMPLATE")
        LIMITS[name][key] = int(n)
    extras = _load("bench_kernels", "benchmarks").read_extras(args.extra)
    cuda_emu, helpers = _load("cuda_emu"), _load("_sgemm_conv_helpers")
    rng = np.random.default_rng(args.seed)
    failures, runs = [], 0
    out = args.out.open("w") if args.out else None
    with tempfile.TemporaryDirectory(prefix="fuzz-") as tmp:
        for name in args.templates:
            t = load_template(name)
            t0 = time.time()
            for g in genomes(t, rng, args.genomes, extras.get(name, []), pin, args.only_new):
                for _ in range(args.sizes):
                    p = draw_size(t, rng)
                    if name in ("sgemm", "conv2d"):
                        placement = str(rng.choice(["start", "end"]))
                        try:
                            helpers._emulate_and_compare(t, g, p, placement, tmp)
                            res = {"status": "ok"}
                        except AssertionError as exc:
                            res = {"status": "wrong_result", "error": str(exc)[:300]}
                        except RuntimeError as exc:
                            res = {"status": "crash", "error": str(exc)[-300:]}
                        res["placement"] = placement
                    else:
                        offset = int(rng.integers(2))
                        res = cuda_emu.run_on_cpu(t, g, p, Path(tmp), offset=offset, reverse=True,
                                                  seed=int(rng.integers(1 << 30)))
                        res["offset"] = offset
                    runs += 1
                    row = {"template": name, "genome": g, "problem": p, **res}
                    if out:
                        out.write(json.dumps(row) + "\n")
                    if res["status"] != "ok":
                        failures.append(row)
                        print(f"FAIL {name} {p} {res['status']} {json.dumps(g)} {res.get('error', '')[:200]}",
                              flush=True)
            print(f"{name}: done in {time.time() - t0:.0f} s", flush=True)
    print(f"{runs} runs, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
