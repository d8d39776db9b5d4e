"""The GPU worker: the child process that owns the CUDA context and evaluates one build per job.

It runs in a process of its own (started by :class:`~evo_kernels.runners.gpu.GpuRunner` with the
'spawn' method) because a kernel that makes an illegal access or traps destroys its CUDA
context for good, and one that hangs blocks its host thread: only a process can be thrown away
and replaced. pycuda is imported here, inside the child, never at module level, so CPU machines
can import this module. The timing protocol (warm-up, repetitions, the final launch and the checks
among them) is in ``timing.py``; this module sets up what it runs on.

Messages on the pipe, parent to child: ``("eval", job)``, ``("warm_torch", None)``, ``("stop", None)``;
child to parent: ``("ready", device_info)`` once the context is up, ``("fatal", text)`` if it
cannot be, ``("stage", text)`` before each step of a job (named by the watchdog when it fires)
and ``("result", dict)`` per job. After a result with ``fatal`` set, the child exits at once.
"""
from __future__ import annotations

import contextlib
import functools
import os
import traceback
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import numpy as np

from evo_kernels.runners.buffers import DEAD_CONTEXT_OBJECTS, Buffers
from evo_kernels.runners.checks import (Failed, agree, agree_torch, compare_all, input_change, rel_error,
                                        rel_error_torch, require_ok)
from evo_kernels.runners.inputs import as_float64, make_inputs, make_inputs_torch
from evo_kernels.runners.launch import (LaunchLimits, check_launch, classify_error, driver_version, flush_bytes,
                                        opt_in, summarize)
from evo_kernels.runners.stage_clock import StageClock
from evo_kernels.runners.timing import Sampler, Timed
from evo_kernels.runners.torch_side import TorchOnDevice
from evo_kernels.template import KernelTemplate, Launch, load_template, size_text

_FORMAT = {"int32": "i", "float32": "f"}


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__


class Evaluator(TorchOnDevice):
    """One CUDA context on one device, and the protocol run against it for each job."""

    def __init__(self, device: int = 0) -> None:
        import pycuda.driver as cuda

        cuda.init()
        self.cuda = cuda
        self.device = device
        self.dev = cuda.Device(device)
        # The primary context, so that torch (reference_torch) shares it instead of making its own.
        self.ctx = self.dev.retain_primary_context()
        self.ctx.push()
        attr = cuda.device_attribute
        get = self.dev.get_attribute
        major, minor = self.dev.compute_capability()
        self.l2_bytes = int(get(attr.L2_CACHE_SIZE))
        self.max_smem = int(get(attr.MAX_SHARED_MEMORY_PER_BLOCK_OPTIN))
        self.max_block = (get(attr.MAX_BLOCK_DIM_X), get(attr.MAX_BLOCK_DIM_Y), get(attr.MAX_BLOCK_DIM_Z))
        self.max_grid = (get(attr.MAX_GRID_DIM_X), get(attr.MAX_GRID_DIM_Y), get(attr.MAX_GRID_DIM_Z))
        cuda_version = cuda.get_driver_version()
        self.info: dict[str, Any] = {
            "gpu_name": self.dev.name(), "sm_count": int(get(attr.MULTIPROCESSOR_COUNT)), "cc": f"{major}.{minor}",
            "driver_version": driver_version(cuda_version), "cuda_driver_version": cuda_version,
            "l2_bytes": self.l2_bytes, "memory_bytes": int(self.dev.total_memory()), "device": device,
            "pci_bus_id": self.dev.pci_bus_id(), "torch": False}
        self.flush = cuda.mem_alloc(flush_bytes(self.l2_bytes))
        self.sampler = Sampler(cuda, self.flush, flush_bytes(self.l2_bytes) // 4)
        self._templates: dict[str, KernelTemplate] = {}
        self._torch: Any = None
        self._prepared: tuple[Any, str] | None = None  # (function, argument format) last prepared
        self.clock = StageClock("load")  # replaced at the start of every evaluation
        self.dead = False  # set once a fault has destroyed the context

    # --- helpers ----------------------------------------------------------------------------

    def _template(self, path: str, digest: str) -> KernelTemplate:
        t = self._templates.get(path)
        if t is None or t.hash != digest:
            t = self._templates[path] = load_template(path)
        if t.hash != digest:
            raise Failed("launch_error", f"{path}: template changed on disk since the runner loaded it")
        return t

    def alive(self) -> bool:
        """Whether the context still works after an error (a sticky fault kills it)."""
        try:
            self.cuda.Context.synchronize()
            self.cuda.memset_d32(int(self.flush), 0, 1)
            self.cuda.Context.synchronize()
            return True
        except Exception:  # noqa: BLE001 - any failure here means the context is unusable
            return False

    def _cuda_failure(self, exc: BaseException, where: str) -> Failed:
        text = _one_line(exc)
        status = classify_error(text)
        if status not in ("crash", "timeout") and not self.alive():
            status = "crash"
        self.dead = self.dead or status in ("crash", "timeout")
        return Failed(status, f"{where}: {text}")

    def _fit(self, func: Any, launch: Launch) -> None:
        """Refuse a launch that cannot fit before the driver is asked, and opt in to large dynamic
        shared memory and to a non-portable cluster size where the kernel asks for them."""
        fa = self.cuda.function_attribute
        limits = LaunchLimits(max_threads=func.get_attribute(fa.MAX_THREADS_PER_BLOCK), max_smem=self.max_smem,
                              static_smem=func.get_attribute(fa.SHARED_SIZE_BYTES),
                              registers=func.get_attribute(fa.NUM_REGS), max_block=self.max_block,
                              max_grid=self.max_grid)
        bad = check_launch(launch, limits)
        if bad:
            raise Failed(*bad)
        try:
            opt_in(self.cuda, func, launch, limits.static_smem)
        except (self.cuda.Error, TypeError) as exc:  # TypeError: a pycuda whose enum takes no unnamed value
            raise Failed("launch_error", f"opting in to {launch.dynamic_smem} B of dynamic shared memory or a "
                         f"cluster of {launch.cluster} blocks: {_one_line(exc)}") from exc

    def _launch(self, func: Any, launch: Launch, bufs: Buffers, where: str) -> None:
        """Queue one launch; an error the driver reports at launch time becomes a status."""
        fmt = "".join("P" if a.role != "scalar" else _FORMAT[a.dtype] for a in bufs.args)
        if self._prepared is None or self._prepared[0] is not func or self._prepared[1] != fmt:
            func.prepare(fmt)  # once per function and format, not per launch (evaluate forgets it after each build)
            self._prepared = (func, fmt)
        try:
            func.prepared_async_call(launch.grid, launch.block, None, *bufs.values(), shared_size=launch.dynamic_smem)
        except self.cuda.Error as exc:
            raise self._cuda_failure(exc, where) from exc

    def _sync(self, where: str) -> None:
        try:
            self.cuda.Context.synchronize()
        except self.cuda.Error as exc:
            raise self._cuda_failure(exc, where) from exc

    def _intact(self, bufs: Buffers, inputs: Mapping[str, Any], where: str, on_gpu: bool) -> None:
        """After a synchronized checked launch: every guard zone as laid, every "in" array as the
        harness gave it (host arrays, or with ``on_gpu`` torch tensors on the device); else
        wrong_result, naming the array and where it was written."""
        bad = bufs.breach()
        if bad is None:
            if on_gpu:
                bad = self._input_change_on_gpu(bufs, inputs)
            else:
                now = bufs.download(("in",))
                bad = next((m for k, v in now.items() if (m := input_change(k, v, inputs[k]))), None)
        if bad:
            raise Failed("wrong_result", f"{where}: {bad}")

    def _gpu_error_norms(self, t: KernelTemplate, inputs: Mapping[str, Any], p: Mapping[str, int]) -> dict[str, float]:
        """The template's error norms (KernelTemplate.error_norms) of an input set of torch tensors, from float64
        copies on the GPU; {} without copying anything where the template gives none."""
        if not t.has_error_norm:
            return {}
        return t.error_norms({k: v.to(self._torch.float64) if v.dtype.is_floating_point else v
                              for k, v in inputs.items()}, p)

    def _reference(self, t: KernelTemplate, inputs64: Mapping[str, np.ndarray], p: Mapping[str, int]) -> dict:
        """The template's numpy float64 reference of host float64 inputs (``as_float64``), on the CPU."""
        return {k: np.asarray(v) for k, v in t.reference(inputs64, p).items()}

    def _host_judgement(self, t: KernelTemplate, inputs: Mapping[str, Any],
                        p: Mapping[str, int]) -> tuple[dict, dict[str, float]]:
        """The numpy float64 reference of an input set from either side and the template's error norms of it, from
        one float64 host copy (torch tensors copied to the host once): what the timed stage judges on the host."""
        inputs64 = as_float64(self._host_inputs(inputs))
        return self._reference(t, inputs64, p), t.error_norms(inputs64, p)

    # --- the protocol -------------------------------------------------------------------------

    def check(self, t: KernelTemplate, func: Any, genome: dict, p: Mapping[str, int],
              seed: np.random.SeedSequence, stage: Callable[[str], None]) -> float:
        """Correctness at one check shape: two poisoned launches on fresh inputs must agree with
        each other and with the reference. Returns the worst relative error.

        Where the template has a ``reference_torch`` (and torch runs here) the same steps run on
        the GPU: inputs drawn by torch, outputs compared device to device, the float64 reference
        computed there; a 4093 x 4091 check shape then costs milliseconds instead of the
        hundreds that numpy on one host core takes. Nothing is checked less."""
        where = f"check {size_text(p)}"
        args, launch = t.args(p), t.launch(genome, p)
        self._fit(func, launch)
        on_gpu = self._gpu_inputs(t)
        if on_gpu:
            inputs = make_inputs_torch(self._torch, args, seed, f"cuda:{self.device}")
            self._torch.cuda.synchronize()
        else:
            inputs = make_inputs(args, seed)
        bufs = Buffers(self.cuda, args, inputs)
        try:
            outs = []
            for k in (1, 2):
                stage(f"{where} launch {k}")
                bufs.prepare()
                self._launch(func, launch, bufs, f"{where} launch {k}")
                self._sync(f"{where} launch {k}")
                self._intact(bufs, inputs, f"{where} launch {k}", on_gpu)
                outs.append(self._device_outputs(bufs) if on_gpu else bufs.download())
            # the scale two launches are compared at too; on the host from the float64 copy the reference reads
            inputs64 = None if on_gpu else as_float64(inputs)
            norms = self._gpu_error_norms(t, inputs, p) if on_gpu else t.error_norms(inputs64, p)
            for name in outs[0]:
                a, b, norm = outs[0][name], outs[1][name], norms.get(name)
                same = agree_torch(self._torch, a, b, norm=norm) if on_gpu else agree(a, b, norm=norm)
                if not same:
                    diff = (rel_error_torch(self._torch, self._torch.nan_to_num(b), self._torch.nan_to_num(a), norm)
                            if on_gpu else rel_error(np.nan_to_num(b), np.nan_to_num(a), norm))
                    raise Failed("nondeterministic", f"{where}: {name}: two launches on the same inputs differ "
                                                     f"(relative difference {diff:.3g})")
            stage(f"{where} reference")
            if on_gpu:
                c = self._judge_on_gpu(t, outs[0], inputs, p, bufs.poisoned, f"{where}: ")
            else:
                with self.clock.charge("reference"):
                    c = compare_all(outs[0], self._reference(t, inputs64, p), t.tolerance_at(p), bufs.poisoned,
                                    f"{where}: ", norms=norms)
            return require_ok(c)
        finally:
            del outs
            bufs.free(self.dead)

    def time(self, t: KernelTemplate, func: Any, genome: dict, p: Mapping[str, int], seeds: list,
             job: Mapping[str, Any], stage: Callable[[str], None]) -> tuple[list[float], float]:
        """The timed stage at the problem shape (the protocol: :meth:`timing.Timed.run`), on device
        arrays set up here on the first input set (from ``seeds[0]``) and freed here, whatever happens."""
        where = f"timed {size_text(p)}"
        args, launch = t.args(p), t.launch(genome, p)
        self._fit(func, launch)
        stage(f"{where} inputs")
        first = self._timed_inputs(args, seeds[0])
        bufs = Buffers(self.cuda, args, first)
        del first  # the device buffers hold it now
        fresh = self.warm_torch()  # inputs drawn on the GPU: a set per timed launch, for every template
        try:
            timed = Timed(bufs=bufs, where=where, fresh_inputs=fresh, on_gpu=self._gpu_inputs(t),
                          sampler=self.sampler,
                          launch=functools.partial(self._launch, func, launch), sync=self._sync,
                          draw=functools.partial(self._timed_inputs, args),
                          intact=functools.partial(self._intact, on_gpu=fresh),
                          reference=lambda inputs: self._host_judgement(t, inputs, p),
                          device_outputs=self._device_outputs,
                          judge_on_gpu=lambda outs, inputs, poisoned, label: self._judge_on_gpu(
                              t, outs, inputs, p, poisoned, label),
                          tolerance=t.tolerance_at(p), clock=self.clock, stage=stage)
            return timed.run(seeds, job["min_reps"], job["max_reps"], job["time_cap_s"])
        finally:
            self.clock.to("timing")  # freeing what the timed stage allocated
            bufs.free(self.dead)
            if self._torch and not self.dead:
                self._torch.cuda.empty_cache()  # give torch's cached input sets back before the next build

    def evaluate(self, job: Mapping[str, Any], stage: Callable[[str], None]) -> dict[str, Any]:
        """Run the whole protocol for one build; every outcome is a dict of RunResult fields plus
        ``fatal`` (the context is dead and this process must go). ``timings`` says where the
        evaluation's wall time went (see :class:`StageClock`), a failed one's included."""
        result: dict[str, Any] = {"status": "ok", "error": "", "fatal": False}
        module = func = None
        self.clock = StageClock("load")
        self._prepared = None
        try:
            stage("load")
            t = self._template(job["template_path"], job["template_hash"])
            try:
                module = self.cuda.module_from_buffer(Path(job["cubin_path"]).read_bytes())
                func = module.get_function(job["entry"])
            except self.cuda.Error as exc:
                raise self._cuda_failure(exc, "module load") from exc
            checks = job["check_problems"]
            seeds = job["seed"].spawn(len(checks) + 2)
            worst = 0.0
            self.clock.to("check")
            for p, seed in zip(checks, seeds):
                worst = max(worst, self.check(t, func, job["genome"], p, seed, stage))
            result["max_rel_error"] = worst
            if not job["check_only"]:
                self.clock.to("timing")
                samples, err = self.time(t, func, job["genome"], job["problem"], seeds[-2:], job, stage)
                med, p95, cv = summarize(samples)
                result.update(times_ms=tuple(samples), median_ms=med, p95_ms=p95, cv=cv,
                              max_rel_error=max(worst, err))
        except Failed as f:
            result.update(status=f.status, error=str(f))
            if f.rel_error == f.rel_error:  # not NaN: the failing comparison's error norm
                result["max_rel_error"] = f.rel_error
        except self.cuda.Error as exc:
            f = self._cuda_failure(exc, "harness")
            result.update(status=f.status, error=str(f))
        except Exception as exc:  # noqa: BLE001 - a template or harness bug: a value, not the end of the batch
            tb = traceback.extract_tb(exc.__traceback__)[-1]
            result.update(status="launch_error",
                          error=f"{type(exc).__name__} in {Path(tb.filename).name}:{tb.lineno}: {_one_line(exc)}")
        if result["status"] in ("crash", "timeout"):
            result["fatal"] = True
        elif result["status"] != "ok" and not self.alive():
            result.update(fatal=True, status="crash")
        if result["fatal"]:
            self.dead = True
            DEAD_CONTEXT_OBJECTS.extend((func, module))
        self._prepared = None  # holds the function: let it go with its module
        del func, module  # unloads a live module (and any __device__ buffers it holds)
        result["timings"] = self.clock.done()
        return result

    def close(self) -> None:
        with contextlib.suppress(Exception):  # leaving anyway
            self.flush.free()
            self.ctx.pop()
            self.ctx.detach()


def main(conn: Any, device: int = 0, visible: str | None = None) -> None:
    """The worker's entry point: set up the context, then answer jobs until told to stop.

    ``visible`` (a physical GPU id, as CUDA_VISIBLE_DEVICES takes it) pins this process to that
    one GPU: it becomes the only device CUDA sees here, index 0, and ``device`` is ignored."""
    if visible is not None:
        visible = str(visible)
        os.environ["CUDA_VISIBLE_DEVICES"] = visible  # before pycuda or torch initializes CUDA
        device = 0
    try:
        ev = Evaluator(device)
    except BaseException as exc:  # noqa: BLE001 - reported to the parent, which raises it
        pinned = f" (CUDA_VISIBLE_DEVICES={visible})" if visible is not None else ""
        conn.send(("fatal", f"GPU worker for device {device}{pinned} failed to start: {_one_line(exc)}"))
        conn.close()
        return
    ev.info["visible_device"] = visible
    conn.send(("ready", dict(ev.info)))
    while True:
        try:
            kind, payload = conn.recv()
        except (EOFError, OSError):  # the parent went away
            break
        if kind == "stop":
            break
        if kind == "warm_torch":
            ev.warm_torch()
            conn.send(("ready", dict(ev.info)))
        elif kind == "eval":
            result = ev.evaluate(payload, lambda s: conn.send(("stage", s)))
            conn.send(("result", result))
            if result["fatal"]:
                # The context is dead; pycuda's exit handlers would only fail on it.
                conn.close()
                os._exit(3)
    ev.close()
    conn.close()
