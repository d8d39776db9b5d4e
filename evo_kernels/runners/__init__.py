"""Runners: the GPU runner (pycuda worker processes; pycuda is imported only inside the worker) and
runners that answer evaluations without the GPU pipeline (replays of recorded measurements)."""
from evo_kernels.runners.gpu import GpuRunner
from evo_kernels.runners.replay import (
    ReplayError,
    ReplayEvaluator,
    ReplaySpace,
    load_space,
    read_recording,
    write_recording,
)

__all__ = ["GpuRunner", "ReplayError", "ReplayEvaluator", "ReplaySpace", "load_space", "read_recording",
           "write_recording"]
