"""The GPU runner against a real GPU: every faulty and cheating kernel of tests/faulty/ gets its
status, in one batch with correct kernels, and the batch finishes with every correct kernel
measured after the crashes and the timeout. The first three tests need no GPU."""
import dataclasses
import math
import os
import shutil
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest

from evo_kernels.build import NvccBuilder
from evo_kernels.records import BuildResult, Candidate
from evo_kernels.runners.gpu import GpuRunner
from evo_kernels.template import KernelTemplate, load_template

FAULTY = Path(__file__).resolve().parent / "faulty"
# Correct kernels first, in the middle and last: each one after a crash or the timeout proves
# that the batch went on with a fresh worker.
BATCH = ["correct_simple", "illegal_address", "correct_vec4", "infinite_loop", "trap", "correct_inplace",
         "misaligned", "smem_overflow", "register_hog", "wrong_result", "partial_write", "race", "writes_nothing",
         "zero_only", "cached", "cached_large", "skip_large", "memoize_large", "skip_alternate_large", "drift_large",
         "half_large",
         "softmax_nomax", "sum_subsample",
         "accumulate",
         "first_rows", "nan_output", "writes_past_end", "correct_simple", "writes_before_start", "modifies_input",
         "syntax_error"]
# Where in the error text each rejection must come from (the stage that caught it).
ERROR_SAYS = {"illegal_address": "illegal memory access", "misaligned": "misaligned", "infinite_loop": "watchdog",
              # cached_large has a numpy reference only: since its timed launches get inputs of their own too,
              # the first of them (checked) is caught, not the last
              "race": "two launches", "cached": "check N=", "cached_large": "timed launch 1 (the first",
              "skip_large": "timed launch 1 (the first", "half_large": "timed launch 1 (the first",
              "skip_alternate_large": "quicker than every one checked before it)",
              # drift_large: on an H100 (2026-12-05, two calls) no timed launch got 5% quicker than the first, even
              # with 18% of the blocks skipped (likely: this problem's 65536 small blocks cost their scheduling more
              # than their bytes), so the drift gained nothing and the last launch's check caught it
              "drift_large": "on fresh inputs: y:",
              # the first timed launch, checked, is the first to skip (on reduce_sum's zero-mean inputs)
              "sum_subsample": "timed launch 1 (the first",
              "partial_write": "1 of 1000 elements never written",
              "smem_overflow": "shared memory", "writes_nothing": "never written",
              # the guard zones around every array, and the harness's own copy of every input
              "writes_past_end": "bytes past the end of y", "writes_before_start": "4 bytes before the start of y",
              "modifies_input": "input x was modified"}


def load(name: str) -> KernelTemplate:
    return load_template(str(FAULTY / f"{name}.cu.mako"))


def candidate(t: KernelTemplate, genome: dict | None = None) -> Candidate:
    g = t.space.check(genome or t.space.baseline())
    return Candidate(t.name, g, t.problem, t.space.key(g))


def expected(t: KernelTemplate) -> tuple[str, ...]:
    e = t.meta.EXPECTED
    return (e,) if isinstance(e, str) else tuple(e)


@pytest.fixture(scope="module")
def runner():
    # A short watchdog keeps the infinite loop cheap; the correct kernels need about a second each.
    with GpuRunner(timeout_s=6.0, time_cap_s=0.5, min_reps=10, max_reps=100, seed=2026) as r:
        yield r


def test_the_batch_holds_every_kernel_of_the_suite_and_each_says_what_it_expects():
    kernels = {f.name.removesuffix(".cu.mako") for f in FAULTY.glob("*.cu.mako")}
    assert kernels == set(BATCH), f"tests/faulty and BATCH differ: {sorted(kernels ^ set(BATCH))}"
    assert set(ERROR_SAYS) <= set(BATCH)
    for name in kernels:
        assert expected(load(name)), name


def test_failed_builds_come_back_without_touching_the_gpu():
    t = load("correct_simple")
    c = candidate(t)
    builds = [BuildResult(candidate=c, status="compile_error", error="kernel.cu(3): error: expected a ;"),
              BuildResult(candidate=c, status="invalid", error="AdjustBlockSize out of domain")]
    r = GpuRunner()
    res = r.run(t, builds)
    assert [(x.status, x.error) for x in res] == [(b.status, b.error) for b in builds]
    assert r.starts == 0  # no worker process was needed
    with pytest.raises(ValueError, match="templates for"):
        r.run([t], builds)
    r.close()


@pytest.mark.skipif(shutil.which("nvcc") is None, reason="nvcc not found")
def test_a_kernel_launched_with_arguments_unlike_its_parameters_is_refused_before_the_gpu(tmp_path):
    # the last newcomer audit: `compile` checked args() against the cubin, but a tune on the GPU launched every genome
    # with the wrong arguments (garbage reads or a fault, genome by genome); now the runner refuses the build in one
    # line naming both files, before a worker starts (the baseline goes first, so the tune stops at it)
    shutil.copy(FAULTY / "_faulty_problem.py", tmp_path)
    shutil.copy(FAULTY / "correct_simple.cu.mako", tmp_path / "saxpy.cu.mako")
    text = (FAULTY / "_faulty_problem.py").read_text() + '\nKERNEL = "correct_simple"\n'
    old = 'Arg("n", "scalar", "int32", value=p["N"])]'
    assert old in text
    (tmp_path / "saxpy.py").write_text(text.replace(old, old[:-1] + ', Arg("extra", "scalar", "int32", value=1)]'))
    t = load_template(str(tmp_path / "saxpy.py"))
    build = NvccBuilder(cache_dir=tmp_path / "cache", n_jobs=1).build(t, [candidate(t)])[0]
    assert build.status == "ok", build.error
    r = GpuRunner()
    res = r.one(t, build, None)
    assert res.status == "launch_error" and "\n" not in res.error, res
    assert res.error == (f"{tmp_path / 'saxpy.py'}: args() gives 4 arguments (y, x, n, extra), the kernel "
                         f"correct_simple in {tmp_path / 'saxpy.cu.mako'} takes 3 parameters")
    assert r.starts == 0  # no worker process was started
    r.close()


def test_worker_that_cannot_start_is_an_error_not_a_hang():
    try:
        import pycuda.driver  # noqa: F401
        pytest.skip("pycuda is installed here: the worker would start")
    except ImportError:
        pass
    r = GpuRunner(startup_timeout_s=60)
    with pytest.raises(RuntimeError, match="failed to start"):
        r.device_info()
    assert not r._alive()


@pytest.mark.gpu
def test_faulty_and_cheating_kernels_in_one_batch(runner, tmp_path):
    builder = NvccBuilder(cache_dir=tmp_path, n_jobs=1)
    templates = [load(n) for n in BATCH]
    with ThreadPoolExecutor(max(1, min(8, os.cpu_count() or 1))) as pool:
        builds = list(pool.map(lambda t: builder.build(t, [candidate(t)])[0], templates))
    names = list(BATCH)
    # The builder refuses the register hog from ptxas's count; a copy marked "ok" shows that the
    # runner refuses it too, from the driver's own limit, before launching.
    hog = builds[names.index("register_hog")]
    assert hog.status == "resources" and Path(hog.cubin_path).exists(), hog
    names.append("register_hog (past the builder)")
    templates.append(templates[names.index("register_hog")])
    builds.append(dataclasses.replace(hog, status="ok", error=""))
    # The last candidate: the first template again with another genome, after every fault.
    t0 = templates[0]
    names.append("correct_simple (block 128)")
    templates.append(t0)
    builds.append(builder.build(t0, [candidate(t0, {"AdjustBlockSize": 128})])[0])

    results = runner.run(templates, builds)

    assert len(results) == len(builds)
    print(f"\n{'kernel':34s} {'status':16s} {'median_ms':>10s} {'n':>4s} {'cv':>7s} {'rel_err':>9s}  error")
    for n, r in zip(names, results):
        print(f"{n:34s} {r.status:16s} {r.median_ms:10.4f} {len(r.times_ms):4d} {r.cv:7.3f} {r.max_rel_error:9.2e}  "
              f"{r.error[:150]}")
    print(f"worker starts: {runner.starts}; device: {runner.device_info()}")
    wrong = []
    for n, t, b, r in zip(names, templates, builds, results):
        if r.status not in expected(t):
            wrong.append(f"{n}: {r.status}, expected {' or '.join(expected(t))}: {r.error[:300]}")
        elif n in ERROR_SAYS and ERROR_SAYS[n] not in r.error:
            wrong.append(f"{n}: error text lacks {ERROR_SAYS[n]!r}: {r.error[:300]}")
        if r.status == "ok":
            nbytes, _ = t.cost(t.problem)
            bw = nbytes / (r.median_ms * 1e-3) / 1e12
            if not (math.isfinite(r.median_ms) and r.median_ms > 0 and len(r.times_ms) >= 2 and math.isfinite(r.cv)
                    and r.max_rel_error <= t.tolerance and r.p95_ms >= r.median_ms):
                wrong.append(f"{n}: ok but not properly measured: {r}")
            elif not 0.05 < bw < 6.0:  # the H200 moves at most ~4.8 TB/s: faster means cache or skipped work
                wrong.append(f"{n}: {bw:.2f} TB/s is not a plausible rate for {nbytes} bytes")
        if r.device.get("gpu_name", "") == "" and b.status == "ok":
            wrong.append(f"{n}: result carries no device")
    assert not wrong, "\n".join(wrong)
    assert runner.restarts >= 4  # illegal address, timeout, trap, misaligned: each took its worker down


def numpy_reference_copy(name: str, folder: Path) -> KernelTemplate:
    """The faulty template NAME as a user would write it without a ``reference_torch``: its kernel
    as it is, its metadata less that line, in ``folder`` (the worker loads a template from its files)."""
    meta = (FAULTY / f"{name}.py").read_text()
    kept = [line for line in meta.splitlines() if "reference_torch" not in line]
    assert len(kept) == len(meta.splitlines()) - 1, f"{name}.py: expected one reference_torch line"
    kept.insert(0, f"import sys; sys.path.insert(0, {str(FAULTY)!r})")
    (folder / f"{name}.py").write_text("\n".join(kept) + "\n")
    (folder / f"{name}.cu.mako").write_text((FAULTY / f"{name}.cu.mako").read_text())
    t = load_template(str(folder / f"{name}.cu.mako"))
    assert getattr(t.meta, "reference_torch", None) is None
    return t


@pytest.mark.gpu
def test_a_template_without_reference_torch_gets_fresh_inputs_on_every_timed_launch(runner, tmp_path):
    """Without reference_torch the timed launches used to share one input set, with only the last
    launch checked: a kernel that memoized was timed skipping, one that skipped every other launch
    passed. Now torch draws every launch's inputs on the GPU and the numpy reference judges the first
    and the quicker launches on the host."""
    folder = tmp_path / "numpy_reference"
    folder.mkdir()
    builder = NvccBuilder(cache_dir=tmp_path / "cubins", n_jobs=1)
    templates = [numpy_reference_copy(n, folder) for n in ("memoize_large", "skip_alternate_large")]
    builds = [builder.build(t, [candidate(t)])[0] for t in templates]
    memo, skip = runner.run(templates, builds)
    assert runner.device_info()["torch"], "these checks need a CUDA torch in the worker"
    nbytes, _ = templates[0].cost(templates[0].problem)
    assert memo.status == "ok", memo.error
    assert nbytes / (memo.median_ms * 1e-3) / 1e12 < 6.0, f"memoize_large timed skipping: {memo.median_ms} ms"
    assert skip.status == "wrong_result" and "quicker than every one checked before it)" in skip.error, skip.error


@pytest.mark.gpu
def test_check_only_uses_fresh_inputs_and_device_info(runner, tmp_path):
    t = load("correct_simple")
    b = NvccBuilder(cache_dir=tmp_path, n_jobs=1).build(t, [candidate(t)])[0]
    r1, r2 = runner.run(t, [b, b], check_only=True)
    assert r1.status == r2.status == "ok", (r1.error, r2.error)
    assert r1.times_ms == () and math.isnan(r1.median_ms)
    # fp32 rounding against the float64 reference is never exactly zero, and differs between
    # evaluations only because each one draws new inputs
    assert 0 < r1.max_rel_error <= t.tolerance and r1.max_rel_error != r2.max_rel_error
    info = runner.device_info()
    assert info["gpu_name"] and info["sm_count"] > 0 and info["driver_version"] and info["cc"].count(".") == 1
    assert info["l2_bytes"] > 0 and r1.device["gpu_name"] == info["gpu_name"]


@pytest.mark.gpu
def test_gpu_pool_pins_its_worker_times_every_stage_and_survives_a_hang(tmp_path):
    """The local pool: one pinned worker per GPU, fed by the build pool; a hung kernel costs its
    worker a restart and the next candidates are measured."""
    from evo_kernels.runners.local import GpuPool
    from evo_kernels.runners.gpu import gpu_count

    with GpuPool(list(range(gpu_count())), builder=NvccBuilder(cache_dir=tmp_path), timeout_s=6.0, time_cap_s=0.2,
                 seed=7) as pool:
        names = ["correct_simple", "infinite_loop", "correct_vec4", "correct_inplace"]
        futures = [pool.submit(load(n), [candidate(load(n))])[0] for n in names]
        got = {n: f.result(timeout=120) for n, f in zip(names, futures)}
        assert got["infinite_loop"].run.status == "timeout"
        for n in ("correct_simple", "correct_vec4", "correct_inplace"):
            m = got[n]
            assert m.run.status == "ok", (n, m.run.error)
            assert {"queued", "compile", "load", "check", "reference", "timing", "final_check"} <= set(m.run.timings)
            assert m.run.device.get("visible_device") is not None and m.run.device.get("gpu_name")
        busy = pool.busy()
        assert sum(busy["measured"]) == 4 and 0 < sum(busy["busy_s"]) <= busy["wall_s"] * pool.workers


@pytest.mark.gpu
def test_a_batch_names_the_gpu_and_driver_its_workers_record():
    # a batch's done.json (gpu_identity, no context) and the rows a worker writes (device_info) must name the
    # same GPU and driver, or a batch would re-tune on one notion and be served old rows on the other
    from evo_kernels.runners.gpu import gpu_identity

    with GpuRunner(timeout_s=30.0) as r:
        info = r.device_info()
    here = gpu_identity(info["device"])
    assert here == {"gpu": info["gpu_name"], "driver": info["driver_version"]}
    assert here["driver"] and here["gpu"]


def test_the_workers_error_norms_from_either_sides_inputs():
    """The worker's error norms: from torch tensors on the GPU (CPU tensors here: Evaluator._gpu_error_norms), and
    with the reference from one float64 host copy of an input set from either side (Evaluator._host_judgement, the
    timed stage's host judgement); {} for a template without one."""
    torch = pytest.importorskip("torch")
    from evo_kernels.runners.worker import Evaluator

    ev = object.__new__(Evaluator)  # only the pure methods: no CUDA context
    ev._torch = torch
    t, x = load_template("reduce_sum"), np.array([3.0, -4.0], dtype=np.float32)
    assert ev._gpu_error_norms(t, {"inp": torch.from_numpy(x)}, {"N": 2}) == {"out": 5.0}
    for inputs in ({"inp": torch.from_numpy(x)}, {"inp": x}):
        refs, norms = ev._host_judgement(t, inputs, {"N": 2})
        assert norms == {"out": 5.0} and float(refs["out"].ravel()[0]) == -1.0
    assert ev._gpu_error_norms(load("correct_simple"), {"x": torch.from_numpy(x)}, {"N": 2}) == {}
    assert ev._host_judgement(load("correct_simple"), {"x": x}, {"N": 2})[1] == {}
