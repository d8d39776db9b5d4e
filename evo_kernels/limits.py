"""The limits of one thread block and one cluster on sm_90 (H100, H200), and the two launch decisions that follow
from them: whether a launch's dynamic shared memory needs the kernel's opt-in, whether its cluster does. One place:
the builder and the templates check genomes against the limits, and the runner (runners/launch.py) and the exported
header (export.py) both take the two decisions from here.
"""
from __future__ import annotations

# Generic limits of one thread block on sm_90; a template may tighten them.
MAX_THREADS_PER_BLOCK = 1024
MAX_STATIC_SMEM_BYTES = 48 * 1024
MAX_SMEM_PER_BLOCK = 227 * 1024  # static + opt-in dynamic shared memory
DEFAULT_DYNAMIC_SMEM = 48 * 1024  # dynamic shared memory past this needs the kernel's opt-in attribute
PORTABLE_CLUSTER = 8   # blocks a thread-block cluster may have without opting in
MAX_CLUSTER = 16       # with the NON_PORTABLE_CLUSTER_SIZE_ALLOWED attribute (H100, H200)


def default_dynamic_smem(static_smem: int) -> int:
    """The dynamic shared memory a kernel with ``static_smem`` static bytes may launch with before it opts in (its
    MAX_DYNAMIC_SHARED_SIZE_BYTES default): a block gets 48 KB, static and dynamic together. The runner
    (runners/launch.py: needs_opt_in) and the exported header both compare a launch's dynamic size with it."""
    return DEFAULT_DYNAMIC_SMEM - static_smem


def needs_cluster_opt_in(cluster: int) -> bool:
    """Whether a kernel with clusters of ``cluster`` blocks must first allow non-portable cluster sizes (its
    NON_PORTABLE_CLUSTER_SIZE_ALLOWED attribute): past the portable 8, as a cluster of 16 on an H100 or H200. The
    runner (runners/launch.py: opt_in) and the exported header both decide it here."""
    return cluster > PORTABLE_CLUSTER
