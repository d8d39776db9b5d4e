"""Runners: every backend that measures candidates, behind one interface (``base.Runner``).

``local.GpuPool`` (one pinned GPU worker process per GPU, fed by a build pool), ``replay_runner.ReplayRunner``
(recorded measurements) and ``dask.DaskRunner`` (Dask workers on GPU hosts); ``choose.open_runner``
is the one place that picks among them. pycuda and Dask are imported inside this package only, and
only when a GPU or a cluster is used.
"""
from evo_kernels.runners.base import Measured, Runner
from evo_kernels.runners.replay import (
    ReplayError,
    ReplaySpace,
    load_space,
    read_recording,
    write_recording,
)
from evo_kernels.runners.replay_runner import ReplayRunner

__all__ = ["Measured", "ReplayError", "ReplayRunner", "ReplaySpace", "Runner", "load_space", "read_recording",
           "write_recording"]
