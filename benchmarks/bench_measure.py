"""The measuring half of benchmarks/bench_kernels.py, on the GPU: the genomes of one template at
one size (baseline, FAST_GENOME, extras, a random sample, a hill climb) built and timed by the
GpuRunner; torch eager and torch.compile of its ``reference_torch`` as peers; alternating rounds
of the fastest genomes against torch eager; the copy and cuBLAS SGEMM ceilings; and the best
genomes of a search's results database. bench_kernels.py puts the repository on ``sys.path``
before importing this.
"""
from __future__ import annotations

import time

import numpy as np

from evo_kernels.records import Candidate
from evo_kernels.runners.inputs import WIDE
from evo_kernels.template import load_template

L2_FLUSH_BYTES = 256 << 20


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

    fp32_only()
    x = torch.randn(1 << 28, device="cuda")
    y = torch.empty_like(x)
    copy_ms = float(np.median(torch_time_ms(lambda: y.copy_(x), reps=20)))
    a, b = torch.randn(8192, 8192, device="cuda"), torch.randn(8192, 8192, device="cuda")
    mm_ms = float(np.median(torch_time_ms(lambda: a @ b, reps=10)))
    return {"copy_TBps": 2 * 4 * (1 << 28) / copy_ms / 1e9, "sgemm_TFLOPs_8192": 2 * 8192**3 / mm_ms / 1e9}


def peer_inputs(t, problem, device: str = "cuda", seed: int = 1234) -> dict:
    """The float32 inputs of the template's reference_torch at ``problem``, drawn as the harness draws
    them (uniform, normal, or wide normal), on ``device``."""
    import torch

    gen = torch.Generator(device=device).manual_seed(seed)
    inputs = {}
    for a in t.args(problem):
        if a.role in ("in", "inout"):
            scale = WIDE if a.init == "wide" else 1.0
            inputs[a.name] = (torch.rand(a.shape, device=device, generator=gen) if a.init == "uniform"
                              else torch.randn(a.shape, device=device, generator=gen) * scale)
    return inputs


def fp32_only() -> None:
    """cuBLAS and cuDNN in fp32, as the kernels are (no TF32), for the peers timed after it."""
    import torch

    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False


def peer_setup(t, problem):
    """What the peers need at this size, made once for the table and the alternating rounds: fresh random inputs
    and torch.compile of the template's reference_torch, as (inputs, compiled, error); None without a
    reference_torch."""
    if getattr(t.meta, "reference_torch", None) is None:
        return None
    fp32_only()
    inputs = peer_inputs(t, problem)
    compiled, error = compiled_reference(t, inputs, problem)
    return inputs, compiled, error


def peers(t, problem, setup=None) -> dict:
    """Torch eager and torch.compile of the template's reference_torch, float32, on ``setup``'s inputs (made here
    where not given); and a device copy of the bytes the kernel moves."""
    import torch

    setup = setup or peer_setup(t, problem)
    if setup is None:
        return {}
    inputs, compiled, error = setup
    fn = t.meta.reference_torch
    gen = torch.Generator(device="cuda").manual_seed(1234)
    out = {"eager": torch_time_ms(lambda: fn(inputs, problem))}
    # A device copy of as many bytes as the kernel must move (read + written): the roofline at this size.
    # Near the L2's size a copy itself stays well under the large-copy ceiling (launch and ramp-up).
    n = max(1, t.cost(problem)[0] // 8)
    src = torch.randn(n, device="cuda", generator=gen)
    dst = torch.empty_like(src)
    out["copy"] = torch_time_ms(lambda: dst.copy_(src))
    if compiled is None:
        out["compile_error"] = error
    else:
        out["compile"] = torch_time_ms(lambda: compiled(inputs, problem))
    return out


def compiled_reference(t, inputs: dict, problem: dict):
    """(torch.compile of the template's reference_torch for this size, already run once, None) or (None, why not).
    After fp32_only (peer_setup's first step)."""
    import torch

    try:
        torch._dynamo.reset()  # a fresh static compile per size, not a dynamic one or the recompile limit's eager
        compiled = torch.compile(t.meta.reference_torch, dynamic=False)
        compiled(inputs, problem)
        return compiled, None
    except Exception as exc:  # report, don't abort the benchmark
        return None, " ".join(str(exc).split())[:200]


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
    first = len(seen)   # random genomes are labelled by the count of distinct genomes so far, as before
    for i, g in enumerate(t.space.sample_new(rng, sample, seen, draws=50 * sample)):
        genomes[f"random{first + i + 1}"] = g
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
    setup = peer_setup(t, p)   # one torch.compile per size, for the table and the rounds
    res = {"template": name, "problem": p, "bytes": nbytes, "flops": flops, "rows": rows,
           "peers": peers(t, p, setup)}
    if rounds:
        res["rounds"] = repeat_rounds(t, rows, runner, builder, p, rounds, setup)
    return res


def repeat_rounds(t, rows: list[dict], runner, builder, p, rounds: int, setup, top: int = 4) -> list[dict]:
    """The ``top`` fastest genomes, torch eager and torch.compile measured again, alternately, ``rounds`` times: a
    ratio to the peers that holds in every round is not an artefact of a peer's (or the GPU's) state in one, and a
    peer measured slow once does not flatter the kernels (the tables take each peer's fastest median of the call).
    ``setup``: peer_setup's inputs and compiled reference at this size (None: no reference_torch, no rounds)."""
    ok = sorted((r for r in rows if r["status"] == "ok"), key=lambda r: r["median_ms"])
    ok = ok[:top] + [r for r in ok[top:] if r["label"] == "fast"]   # the author's design as the fixed point
    if not ok or setup is None:
        return []
    fn = t.meta.reference_torch
    genomes = {r["label"]: r["genome"] for r in ok}
    inputs, compiled, _ = setup
    out = []
    for i in range(rounds):
        again = _measure(t, list(genomes), genomes, runner, builder, p)
        eager = float(np.median(torch_time_ms(lambda: fn(inputs, p))))
        row = {"round": i + 1, "eager_ms": eager,
               "kernels": {r["label"]: {"status": r["status"], "median_ms": r["median_ms"], "cv": r["cv"]}
                           for r in again}}
        if compiled is not None:
            row["compile_ms"] = float(np.median(torch_time_ms(lambda: compiled(inputs, p))))
        out.append(row)
        print(f"{t.name} round {i + 1}: eager {eager:.4f} ms"
              + (f", compile {row['compile_ms']:.4f} ms" if "compile_ms" in row else "") + "; " + ", ".join(
                  f"{r['label']} {r['median_ms']:.4f} ms ({eager / r['median_ms']:.3f}x eager)" for r in again
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
