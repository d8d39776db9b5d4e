"""The torch half of the GPU worker's protocol: inputs drawn on the device, outputs copied device
to device, float64 references and comparisons computed there, where a template has
``reference_torch``. A mixin of :class:`evo_kernels.runners.worker.Evaluator`, which owns the
context, ``cuda`` (pycuda.driver), ``device``, ``info`` and the stage ``clock``; torch is imported
inside the worker process only, on first use.
"""
from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

import numpy as np

from evo_kernels.runners.buffers import Buffers
from evo_kernels.runners.checks import Check, compare_all, modified_input, torch_output_stats
from evo_kernels.runners.inputs import make_inputs, make_inputs_torch
from evo_kernels.runners.stage_clock import StageClock
from evo_kernels.template import Arg, KernelTemplate


class TorchOnDevice:
    """What the worker does with torch; see the module docstring."""

    cuda: Any
    device: int
    info: dict[str, Any]
    clock: StageClock
    _torch: Any = None  # None: not tried yet; False: unavailable; else the torch module

    def warm_torch(self) -> bool:
        """Import torch and start its CUDA runtime on our primary context; False if unavailable."""
        if self._torch is None:
            try:
                import torch

                torch.zeros(1, device=f"cuda:{self.device}").sum().item()
                self._torch = torch
            except Exception:  # noqa: BLE001 - no torch or no CUDA torch: the numpy reference serves
                self._torch = False
            self.info["torch"] = bool(self._torch)
        return bool(self._torch)

    def _gpu_inputs(self, t: KernelTemplate) -> bool:
        """Whether outputs are judged on the GPU (and a check shape's inputs drawn there): where the
        template has a ``reference_torch`` and torch runs here."""
        return t.torch_reference and self.warm_torch()

    def _timed_inputs(self, args: list[Arg], seed: np.random.SeedSequence) -> dict[str, Any]:
        """A fresh input set at the timed size: drawn on the GPU by torch where torch runs here,
        whatever the template's reference (a set per timed launch costs milliseconds there), else
        on the host."""
        if self.warm_torch():
            inputs = make_inputs_torch(self._torch, args, seed, f"cuda:{self.device}")
            self._torch.cuda.synchronize()
            return inputs
        return make_inputs(args, seed)

    def _host_inputs(self, inputs: Mapping[str, Any]) -> dict[str, np.ndarray]:
        """An input set as host arrays, for a numpy reference: torch tensors copied to the host."""
        return {k: v if isinstance(v, np.ndarray) else v.cpu().numpy() for k, v in inputs.items()}

    def _device_outputs(self, bufs: Buffers) -> dict[str, Any]:
        """Torch copies (device to device) of every "out" and "inout" array: what ``download``
        gives, without leaving the GPU."""
        torch = self._torch
        kinds = {"float32": torch.float32, "int32": torch.int32}
        outs = {}
        for a in bufs.args:
            if a.role in ("out", "inout"):
                outs[a.name] = torch.empty(a.shape, dtype=kinds[a.dtype], device=f"cuda:{self.device}")
                if a.nbytes:
                    self.cuda.memcpy_dtod(outs[a.name].data_ptr(), bufs.dev[a.name], a.nbytes)
        self.cuda.Context.synchronize()
        return outs

    def _input_change_on_gpu(self, bufs: Buffers, inputs: Mapping[str, Any]) -> str | None:
        """:func:`checks.input_change` for inputs the harness holds as torch tensors on the device:
        each "in" array the kernel saw, copied device to device, against the harness's own copy."""
        torch = self._torch
        for a in bufs.args:
            if a.role != "in" or not a.nbytes:
                continue
            given = inputs[a.name].contiguous()
            now = torch.empty_like(given)
            self.cuda.memcpy_dtod(now.data_ptr(), bufs.dev[a.name], a.nbytes)
            self.cuda.Context.synchronize()
            changed = (now.view(torch.int32) != given.view(torch.int32)).reshape(-1)
            n = int(changed.sum())
            if n:
                return modified_input(a.name, n, given.numel(), int(torch.argmax(changed.to(torch.int32))))
            del now, changed
        return None

    def _judge_on_gpu(self, t: KernelTemplate, outs: Mapping[str, Any], inputs: Mapping[str, Any],
                      p: Mapping[str, int], poisoned: set[str], label: str) -> Check:
        """The template's ``reference_torch`` in float64 on the GPU, from the harness's own inputs,
        and the same comparison as :func:`checks.compare_all` makes on the host."""
        torch = self._torch
        dev = f"cuda:{self.device}"
        with torch.no_grad():
            with self.clock.charge("reference"):
                tin = {}
                for k, v in inputs.items():
                    v = v if hasattr(v, "data_ptr") else torch.from_numpy(v)
                    tin[k] = v.to(dev).to(torch.float64 if v.dtype.is_floating_point else torch.int64)
                refs = t.meta.reference_torch(tin, dict(p))
                norms = t.error_norms(tin, p)
                del tin
                torch.cuda.synchronize()  # the reference's own GPU time stays in "reference"
                stats = functools.partial(torch_output_stats, torch)
                c = compare_all(outs, refs, t.tolerance_at(p), poisoned, label, stats=stats, norms=norms)
            del refs
        # torch's cached blocks go back once the build is done (in time()), not after every check
        return c
