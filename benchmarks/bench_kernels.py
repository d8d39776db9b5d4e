"""Kernel benchmark on a real GPU: baseline, best searched genome and the strongest peers, per template.

For every template at its benchmark problem: the baseline genome; FAST_GENOME (the template
author's guess) and a random sample of valid genomes, each checked for correctness (ragged
shapes, NaN-poisoned outputs, re-check of the timed output) and timed by the GpuRunner; torch
eager and torch.compile of the template's ``reference_torch`` in float32 (cuBLAS / cuDNN / Triton);
and the roofline from the copy bandwidth and the cuBLAS SGEMM rate measured in the same run.

    python benchmarks/bench_kernels.py --out DIR [--sample 50] [--templates sgemm softmax ...]

writes DIR/RESULTS.md (the table) and DIR/results.json (every number). With ``--size
TEMPLATE:K=V,K=V`` (repeatable; ``--size second`` is the SECOND_TABLE below) it measures each
template at each of those sizes instead (the same genomes: baseline, FAST_GENOME, extras, random
sample, hill climb; the peers and the ceilings in the same call) and writes DIR/SHAPES.md. Not a
test: run it on the GPU machine (STAGES=bench scripts/gpu_session.sh does).
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from evo_kernels.build import NvccBuilder, nvcc_version  # noqa: E402
from evo_kernels.records import Candidate  # noqa: E402
from evo_kernels.template import available_templates, load_template  # noqa: E402

FP32_PEAK_TFLOPS = 67.0  # H200 SXM datasheet (the H100's fp32 rate); conv2d's roofline
L2_FLUSH_BYTES = 256 << 20

# Shapes a user meets, per template: ragged odd sides, skinny and wide, rows from 64 to 64k floats,
# small and large filters, sizes just above a power of two. Most move far more than the 60 MiB L2.
SECOND_TABLE = {
    "softmax": ["R=1048576,C=64", "R=65536,C=1000", "R=16384,C=4097", "R=2048,C=32768", "R=1024,C=65536"],
    "transpose": ["R=8191,C=12289", "R=4097,C=4097", "R=64,C=1048576", "R=1048573,C=37"],
    "reduce_sum": ["N=268435457", "N=100000007", "N=1048579"],
    "stencil": ["H=8191,W=8193", "H=4097,W=4097", "H=131072,W=257", "H=257,W=131072"],
    "sgemm": ["M=4096,N=4096,K=4096", "M=4097,N=4097,K=4097", "M=3000,N=5000,K=1999", "M=8192,N=8192,K=64",
              "M=64,N=8192,K=8192"],
    "conv2d": ["H=4096,W=4096,FH=3,FW=3", "H=4096,W=4096,FH=5,FW=5", "H=4096,W=4096,FH=15,FW=15",
               "H=4099,W=4093,FH=5,FW=5"],
}


def _summary(res: dict) -> tuple[list, dict | None, dict | None, dict[str, float]]:
    """A result's genomes that passed, its baseline row, its fastest row, and its peers' medians."""
    ok = [r for r in res["rows"] if r["status"] == "ok"]
    base = next((r for r in res["rows"] if r["label"] == "baseline"), None)
    best = min(ok, key=lambda r: r["median_ms"]) if ok else None
    return ok, base, best, {k: float(np.median(v)) for k, v in res["peers"].items() if isinstance(v, list)}


def parse_sizes(items: list[str]) -> dict[str, list[dict[str, int]]]:
    """``TEMPLATE:K=V,K=V`` items (or ``second``, the SECOND_TABLE) as {template: [problem, ...]}."""
    out: dict[str, list[dict[str, int]]] = {}
    for item in items:
        if item == "second":
            pairs = [(t, s) for t, sizes in SECOND_TABLE.items() for s in sizes]
        else:
            name, _, sizes = item.partition(":")
            pairs = [(name, sizes)]
        for name, size in pairs:
            problem = {k: int(v) for k, v in (kv.split("=") for kv in size.split(","))}
            want = set(load_template(name).problem)
            if set(problem) != want:
                raise SystemExit(f"--size {item}: {name} takes {', '.join(sorted(want))}")
            out.setdefault(name, []).append(problem)
    return out


def torch_time_ms(fn, reps: int = 30, warmup: int = 3) -> list[float]:
    """CUDA-event times of fn() with the L2 flushed before each sample (flush outside the events)."""
    import torch

    flush = torch.empty(L2_FLUSH_BYTES // 4, dtype=torch.float32, device="cuda")
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    out = []
    for _ in range(reps):
        flush.fill_(1.0)
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record()
        fn()
        e.record()
        torch.cuda.synchronize()
        out.append(s.elapsed_time(e))
    return out


def ceilings() -> dict:
    """Copy bandwidth (bytes read + written) and cuBLAS SGEMM rate, measured now."""
    import torch

    torch.backends.cuda.matmul.allow_tf32 = False
    x = torch.randn(1 << 28, device="cuda")
    y = torch.empty_like(x)
    copy_ms = float(np.median(torch_time_ms(lambda: y.copy_(x), reps=20)))
    a, b = torch.randn(8192, 8192, device="cuda"), torch.randn(8192, 8192, device="cuda")
    mm_ms = float(np.median(torch_time_ms(lambda: a @ b, reps=10)))
    return {"copy_TBps": 2 * 4 * (1 << 28) / copy_ms / 1e9, "sgemm_TFLOPs_8192": 2 * 8192**3 / mm_ms / 1e9}


def peers(t, problem, compile_too: bool = True) -> dict:
    """Torch eager and torch.compile of the template's reference_torch, float32, fresh random inputs."""
    import torch

    fn = getattr(t.meta, "reference_torch", None)
    if fn is None:
        return {}
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    gen = torch.Generator(device="cuda").manual_seed(1234)
    inputs = {}
    for a in t.args(problem):
        if a.role in ("in", "inout"):
            shape = a.shape
            inputs[a.name] = (torch.rand(shape, device="cuda", generator=gen) if a.init == "uniform"
                              else torch.randn(shape, device="cuda", generator=gen))
    out = {"eager": torch_time_ms(lambda: fn(inputs, problem))}
    if not compile_too:
        return out
    try:
        torch._dynamo.reset()  # a fresh static compile per size, not a dynamic one or the recompile limit's eager
        compiled = torch.compile(fn, dynamic=False)
        compiled(inputs, problem)
        out["compile"] = torch_time_ms(lambda: compiled(inputs, problem))
    except Exception as exc:  # report, don't abort the benchmark
        out["compile_error"] = " ".join(str(exc).split())[:200]
    return out


def _measure(t, labels: list[str], genomes: dict, runner, builder, p) -> list[dict]:
    cands = [Candidate(t.name, genomes[k], p, t.space.key(genomes[k])) for k in labels]
    builds = builder.build(t, cands)
    runs = runner.run(t, builds, p)
    return [{"label": k, "genome": b.candidate.genome, "status": r.status, "error": r.error[:300],
             "median_ms": r.median_ms, "cv": r.cv, "registers": b.registers, "spill_bytes": b.spill_bytes,
             "smem_bytes": b.smem_bytes, "max_rel_error": r.max_rel_error, "n_samples": len(r.times_ms)}
            for k, b, r in zip(labels, builds, runs)]


def _best(rows: list[dict]) -> dict | None:
    ok = [r for r in rows if r["status"] == "ok"]
    return min(ok, key=lambda r: r["median_ms"]) if ok else None


def bench_template(name: str, runner, builder, sample: int, seed: int, climb: int = 0,
                   extra: list[tuple[str, dict]] | None = None, rounds: int = 0, problem: dict | None = None) -> dict:
    """Baseline, FAST_GENOME, ``extra`` (label, genome) pairs (e.g. a search's best) and ``sample`` random valid
    genomes; then up to ``climb`` steps of hill climbing: all unseen valid one-gene neighbours of
    the best genome so far are measured, and the climb stops when none is faster. ``problem``:
    the timed size (default: the template's benchmark problem)."""
    t = load_template(name)
    p = dict(problem or t.problem)
    rng = np.random.default_rng(seed)
    genomes = {"baseline": t.space.baseline()}
    if getattr(t.meta, "FAST_GENOME", None):
        genomes["fast"] = t.space.check(t.space.coerce(t.meta.FAST_GENOME))
    seen = {t.space.key(g) for g in genomes.values()}
    for label, g in extra or []:
        g = t.space.check(t.space.coerce(g))
        if t.space.key(g) not in seen:
            seen.add(t.space.key(g))
            genomes[label] = g
    tries = 0
    while sum(1 for k in genomes if k.startswith("random")) < sample and tries < 50 * sample:
        tries += 1
        g = t.space.sample(rng)
        if t.space.key(g) not in seen:
            seen.add(t.space.key(g))
            genomes[f"random{len(seen)}"] = g
    t0 = time.time()
    rows = _measure(t, list(genomes), genomes, runner, builder, p)
    for step in range(1, climb + 1):
        best = _best(rows)
        if best is None:
            break
        step_genomes = {}
        for n in t.space.neighbors(best["genome"]):
            if t.space.key(n) not in seen:
                seen.add(t.space.key(n))
                changed = next(k for k in n if n[k] != best["genome"][k])
                step_genomes[f"climb{step}:{changed}={n[changed]}"] = n
        if not step_genomes:
            break
        rows += _measure(t, list(step_genomes), step_genomes, runner, builder, p)
        if _best(rows) is best:
            break
    print(f"{name} {p}: {len(rows)} genomes built, checked and timed in {time.time() - t0:.1f} s", flush=True)
    nbytes, flops = t.cost(p)
    res = {"template": name, "problem": p, "bytes": nbytes, "flops": flops, "rows": rows, "peers": peers(t, p)}
    if rounds:
        res["rounds"] = repeat_rounds(t, rows, runner, builder, p, rounds)
    return res


def repeat_rounds(t, rows: list[dict], runner, builder, p, rounds: int, top: int = 4) -> list[dict]:
    """The ``top`` fastest genomes and torch eager measured again, alternately, ``rounds`` times: a ratio
    to the peer that holds in every round is not an artefact of the peer's (or the GPU's) state in one."""
    ok = sorted((r for r in rows if r["status"] == "ok"), key=lambda r: r["median_ms"])
    ok = ok[:top] + [r for r in ok[top:] if r["label"] == "fast"]   # the author's design as the fixed point
    fn = getattr(t.meta, "reference_torch", None)
    if not ok or fn is None:
        return []
    genomes = {r["label"]: r["genome"] for r in ok}
    out = []
    for i in range(rounds):
        again = _measure(t, list(genomes), genomes, runner, builder, p)
        eager = float(np.median(peers(t, p, compile_too=False)["eager"]))
        out.append({"round": i + 1, "eager_ms": eager,
                    "kernels": {r["label"]: {"status": r["status"], "median_ms": r["median_ms"], "cv": r["cv"]}
                                for r in again}})
        print(f"{t.name} round {i + 1}: eager {eager:.4f} ms; " + ", ".join(
            f"{r['label']} {r['median_ms']:.4f} ms ({eager / r['median_ms']:.3f}x)" for r in again
            if r["status"] == "ok"), flush=True)
    return out


def searched_genomes(db: str, template: str, top: int = 3, problem: dict | None = None) -> list[dict]:
    """The ``top`` fastest correct genomes of ``template`` at ``problem`` (default: its benchmark
    problem) in a results database (a search's best), one per genome."""
    from evo_kernels.store import ResultStore

    with ResultStore(db, readonly=True) as store:
        rows = store.top(top, template=template, problem=problem or load_template(template).problem,
                         by="median_ms")
    return [r["genome"] for r in rows]


def fmt_rate(ms: float, nbytes: int, flops: int) -> str:
    if not ms or not np.isfinite(ms):
        return "-"
    return f"{flops / ms / 1e9:.1f} TFLOP/s" if flops and flops > 4 * nbytes else f"{nbytes / ms / 1e9:.2f} TB/s"


def report(results: list[dict], ceil: dict, meta: dict) -> str:
    lines = [f"# Kernel benchmark on {meta['gpu']}", "",
             f"- date: {meta['date']}; commit: {meta['commit']}; driver: {meta['driver']}; nvcc: {meta['nvcc']}",
             f"- command: `{meta['command']}`",
             f"- ceilings measured in this run: copy {ceil['copy_TBps']:.2f} TB/s (read + write), "
             f"cuBLAS SGEMM {ceil['sgemm_TFLOPs_8192']:.1f} TFLOP/s at 8192^3 (no TF32); fp32 peak "
             f"{FP32_PEAK_TFLOPS} TFLOP/s (datasheet)",
             "- every genome: correctness on the check shapes (NaN-poisoned outputs, float64 reference, two runs "
             "agree) before timing; the last timed output re-checked; L2 flushed between samples", "",
             "| kernel | problem | baseline | best genome | torch eager | torch.compile | best vs strongest peer "
             "| best % of roofline | passed / sampled |", "|---|---|---|---|---|---|---|---|---|"]
    for res in results:
        nb, fl = res["bytes"], res["flops"]
        ok, base, best, pe = _summary(res)
        strongest = min(pe.values()) if pe else float("nan")
        if res["template"] == "sgemm":
            roof_ms = fl / (ceil["sgemm_TFLOPs_8192"] * 1e9)
        elif res["template"] == "conv2d":
            roof_ms = fl / (FP32_PEAK_TFLOPS * 1e9)
        else:
            roof_ms = nb / (ceil["copy_TBps"] * 1e9)
        cell = lambda ms: f"{ms:.3f} ms ({fmt_rate(ms, nb, fl)})" if ms and np.isfinite(ms) else "-"  # noqa: E731
        n_rand = [r for r in res["rows"] if r["label"].startswith("random")]
        lines.append("| {} | {} | {} | {} | {} | {} | {} | {} | {} |".format(
            res["template"], "x".join(str(v) for v in res["problem"].values()),
            cell(base["median_ms"]) if base and base["status"] == "ok" else (base or {}).get("status", "-"),
            cell(best["median_ms"]) + f" [{best['label']}, {best['registers']} regs]" if best else "-",
            cell(pe.get("eager")), cell(pe.get("compile")),
            f"{strongest / best['median_ms']:.2f}x" if best and pe else "-",
            f"{100 * roof_ms / best['median_ms']:.0f}%" if best else "-",
            f"{sum(r['status'] == 'ok' for r in n_rand)}/{len(n_rand)}"))
    for res in results:
        if res.get("rounds"):
            lines += ["", f"{res['template']}: the fastest genomes and torch eager re-measured alternately, "
                      f"{len(res['rounds'])} rounds (ratio = eager / kernel):", "",
                      "| genome | " + " | ".join(f"round {r['round']}" for r in res["rounds"]) + " | median ratio |",
                      "|---|" + "---|" * (len(res["rounds"]) + 1)]
            lines.append("| torch eager ms | " + " | ".join(f"{r['eager_ms']:.4f}" for r in res["rounds"]) + " | |")
            for label in res["rounds"][0]["kernels"]:
                ratios, cells = [], []
                for r in res["rounds"]:
                    k = r["kernels"].get(label, {})
                    if k.get("status") == "ok":
                        ratios.append(r["eager_ms"] / k["median_ms"])
                        cells.append(f"{k['median_ms']:.4f} ms ({ratios[-1]:.3f}x)")
                    else:
                        cells.append(k.get("status", "-"))
                lines.append(f"| {label} | " + " | ".join(cells) + f" | {np.median(ratios):.3f}x |" if ratios
                             else f"| {label} | " + " | ".join(cells) + " | - |")
    lines += ["", "Failures among the sampled genomes (status: count):", ""]
    for res in results:
        counts: dict[str, int] = {}
        for r in res["rows"]:
            counts[r["status"]] = counts.get(r["status"], 0) + 1
        lines.append(f"- {res['template']}: " + ", ".join(f"{k}: {v}" for k, v in sorted(counts.items())))
    lines += ["", "Best genomes:", ""]
    for res in results:
        ok = [r for r in res["rows"] if r["status"] == "ok"]
        if ok:
            b = min(ok, key=lambda r: r["median_ms"])
            lines.append(f"- {res['template']}: `{json.dumps(b['genome'])}` ({b['registers']} regs, "
                         f"{b['spill_bytes']} B spill, {b['smem_bytes']} B smem, CV {b['cv']:.3f})")
    return "\n".join(lines) + "\n"


def report_shapes(results: list[dict], ceil: dict, meta: dict, l2_bytes: int) -> str:
    """The second table: each kernel at each asked size, against its peers and both ceilings."""
    lines = [f"# Kernels at a user's shapes on {meta['gpu']}", "",
             f"- date: {meta['date']}; commit: {meta['commit']}; driver: {meta['driver']}; nvcc: {meta['nvcc']}",
             f"- command: `{meta['command']}`",
             f"- ceilings measured in this call: copy {ceil['copy_TBps']:.2f} TB/s (read + write), cuBLAS SGEMM "
             f"{ceil['sgemm_TFLOPs_8192']:.1f} TFLOP/s at 8192^3 (no TF32); fp32 peak {FP32_PEAK_TFLOPS} TFLOP/s "
             f"(datasheet); L2 {l2_bytes / 2**20:.0f} MiB",
             "- best: the fastest of baseline, FAST_GENOME, extras, the random sample and the hill climb at that size, "
             "each through the correctness protocol (check shapes, then the timed size re-checked)", "",
             "| kernel | problem | data MiB | baseline | best | torch eager | torch.compile | vs compile | vs eager "
             "| % copy bw | % fp32 peak | passed |", "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for res in results:
        nb, fl = res["bytes"], res["flops"]
        ok, base, best, pe = _summary(res)
        ms = lambda v: f"{v:.4f} ms" if v and np.isfinite(v) else "-"  # noqa: E731
        ratio = lambda k: f"{pe[k] / best['median_ms']:.2f}x" if best and k in pe else "-"  # noqa: E731
        lines.append("| {} | {} | {:.0f}{} | {} | {} | {} | {} | {} | {} | {} | {} | {}/{} |".format(
            res["template"], "x".join(f"{k}={v}" for k, v in res["problem"].items()), nb / 2**20,
            " (> L2)" if nb > l2_bytes else "",
            ms(base["median_ms"]) if base and base["status"] == "ok" else (base or {}).get("status", "-"),
            f"{ms(best['median_ms'])} [{best['label']}]" if best else "-",
            ms(pe.get("eager")), ms(pe.get("compile")), ratio("compile"), ratio("eager"),
            f"{100 * nb / (ceil['copy_TBps'] * 1e9) / best['median_ms']:.0f}%" if best else "-",
            f"{100 * fl / (FP32_PEAK_TFLOPS * 1e9) / best['median_ms']:.1f}%" if best and fl else "-",
            len(ok), len(res["rows"])))
    lines += ["", "Best genome per shape:", ""]
    for res in results:
        ok = [r for r in res["rows"] if r["status"] == "ok"]
        if ok:
            b = min(ok, key=lambda r: r["median_ms"])
            lines.append(f"- {res['template']} {res['problem']}: `{json.dumps(b['genome'])}` ({b['registers']} regs, "
                         f"{b['spill_bytes']} B spill, CV {b['cv']:.3f})")
        bad = {}
        for r in res["rows"]:
            if r["status"] != "ok":
                bad[r["status"]] = bad.get(r["status"], 0) + 1
        if bad:
            lines.append(f"  - not ok: {bad}")
    for res in results:
        if res.get("rounds"):
            lines += ["", f"{res['template']} {res['problem']}, alternating rounds (eager / kernel): " + "; ".join(
                f"round {r['round']}: eager {r['eager_ms']:.4f} ms, " + ", ".join(
                    f"{k} {v['median_ms']:.4f} ms ({r['eager_ms'] / v['median_ms']:.3f}x)"
                    for k, v in r["kernels"].items() if v["status"] == "ok") for r in res["rounds"])]
    return "\n".join(lines) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--sample", type=int, default=50)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--time-cap", type=float, default=0.5, help="seconds of timing per candidate")
    ap.add_argument("--templates", nargs="*", default=None)
    ap.add_argument("--climb", type=int, default=0,
                    help="hill-climbing steps from the best genome (all its valid one-gene neighbours per step)")
    ap.add_argument("--extra", default=None, help="JSON file {template: [genome, ...]}: more genomes to measure "
                    "(e.g. designs the template author wants compared)")
    ap.add_argument("--rounds", type=int, default=0, help="re-measure the 4 fastest genomes of each template and "
                    "torch eager alternately this many times, and report the ratio per round")
    ap.add_argument("--from-db", default=None, help="also measure the 3 fastest genomes of each template in this "
                    "results database (a search's best)")
    ap.add_argument("--size", action="append", default=[], metavar="TEMPLATE:K=V,..",
                    help="measure at this size instead of the benchmark problem (repeatable; 'second': the "
                    "SECOND_TABLE of shapes); writes SHAPES.md")
    args = ap.parse_args()
    if args.size:
        return main_shapes(args)
    from evo_kernels.runners.gpu import GpuRunner

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    names = args.templates or available_templates()
    extra_genomes = json.loads(Path(args.extra).read_text()) if args.extra else {}
    builder = NvccBuilder()
    with GpuRunner(time_cap_s=args.time_cap, seed=args.seed) as runner:
        info = runner.device_info()
        ceil = ceilings()
        print(f"ceilings: {ceil}", flush=True)
        results = []
        for name in names:
            extra = [(f"searched{i + 1}", g) for i, g in
                     enumerate(searched_genomes(args.from_db, name) if args.from_db else [])]
            extra += [(f"extra{i + 1}", g) for i, g in enumerate(extra_genomes.get(name, []))]
            results.append(bench_template(name, runner, builder, args.sample, args.seed, args.climb, extra,
                                          args.rounds))
            (out / "results.json").write_text(json.dumps({"ceilings": ceil, "device": info, "results": results},
                                                         indent=1, default=str))
            # the table so far, so that a run cut short still leaves what it measured
            (out / "RESULTS.md").write_text(report(results, ceil, _meta(info, args)))
    text = report(results, ceil, _meta(info, args))
    (out / "RESULTS.md").write_text(text)
    print(text)
    return 0


def main_shapes(args: argparse.Namespace) -> int:
    """``--size``: every template at every asked size, the peers and ceilings in the same call."""
    from evo_kernels.runners.gpu import GpuRunner

    sizes = parse_sizes(args.size)
    if args.templates:
        sizes = {k: v for k, v in sizes.items() if k in args.templates}
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    extra_genomes = json.loads(Path(args.extra).read_text()) if args.extra else {}
    builder = NvccBuilder()
    results: list[dict] = []
    with GpuRunner(time_cap_s=args.time_cap, seed=args.seed) as runner:
        info = runner.device_info()
        ceil = ceilings()
        print(f"ceilings: {ceil}", flush=True)
        meta = _meta(info, args)
        meta["command"] += " " + " ".join(f"--size {s}" for s in args.size)
        for name, problems in sizes.items():
            for p in problems:
                extra = [(f"searched{i + 1}", g) for i, g in
                         enumerate(searched_genomes(args.from_db, name, problem=p) if args.from_db else [])]
                extra += [(f"extra{i + 1}", g) for i, g in enumerate(extra_genomes.get(name, []))]
                try:
                    results.append(bench_template(name, runner, builder, args.sample, args.seed, args.climb, extra,
                                                  args.rounds, problem=p))
                except Exception as exc:  # one size's failure (e.g. out of memory) leaves the others measured
                    print(f"{name} {p}: {type(exc).__name__}: {' '.join(str(exc).split())[:300]}", flush=True)
                    continue
                (out / "shapes.json").write_text(json.dumps({"ceilings": ceil, "device": info, "results": results},
                                                            indent=1, default=str))
                (out / "SHAPES.md").write_text(report_shapes(results, ceil, meta, info.get("l2_bytes", 60 << 20)))
    text = report_shapes(results, ceil, meta, info.get("l2_bytes", 60 << 20))
    print(text)
    return 0


def _meta(info: dict, args: argparse.Namespace) -> dict:
    commit = os.environ.get("EVO_COMMIT") or subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=ROOT).stdout.strip() or "unknown"
    return {"gpu": info.get("gpu_name", "?"), "driver": info.get("driver_version", "?"), "nvcc": nvcc_version(),
            "date": datetime.date.today().isoformat(), "commit": commit,
            "command": f"python3 benchmarks/bench_kernels.py --out DIR --sample {args.sample} "
                       f"--time-cap {args.time_cap} --climb {args.climb} --rounds {args.rounds}"
                       + (f" --from-db {args.from_db}" if args.from_db else "")
                       + (f" --extra {args.extra}" if args.extra else "")}


if __name__ == "__main__":
    sys.exit(main())
