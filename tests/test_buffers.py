"""The device-array layout of runners/buffers.py on the CPU: guard zones around every array a
kernel sees, checked after a (simulated) kernel writes past an end. The "device" here is a bytes
heap with the handful of pycuda.driver calls Buffers makes; the kernels' own behaviour on a GPU
is tested in tests/test_gpu_runner.py (tests/faulty/writes_past_end and friends)."""
from __future__ import annotations

import numpy as np

from evo_kernels.runners import checks
from evo_kernels.runners.buffers import Buffers
from evo_kernels.runners.inputs import make_inputs
from evo_kernels.template import Arg


class _Alloc(int):
    """A device pointer that can be freed, as pycuda's DeviceAllocation."""

    def free(self) -> None:
        self.driver.freed.append(int(self))


class HeapDriver:
    """Device memory as one numpy byte heap; pointers are offsets into it (never 0)."""

    def __init__(self, size: int = 4 << 20) -> None:
        self.heap = np.zeros(size, dtype=np.uint8)
        self.top = 4096
        self.freed: list[int] = []

    def mem_alloc(self, n: int) -> int:
        ptr, self.top = self.top, self.top + (n + 511) // 512 * 512  # the allocator rounds up: room to stray
        block = _Alloc(ptr)
        block.driver = self
        return block

    def memcpy_htod(self, dst: int, src: np.ndarray) -> None:
        b = np.ascontiguousarray(src).view(np.uint8).ravel()
        self.heap[int(dst):int(dst) + b.size] = b

    def memcpy_dtoh(self, dst: np.ndarray, src: int) -> None:
        dst.view(np.uint8).ravel()[:] = self.heap[int(src):int(src) + dst.nbytes]

    def memcpy_dtod(self, dst: int, src: int, n: int) -> None:
        self.heap[int(dst):int(dst) + n] = self.heap[int(src):int(src) + n].copy()

    memcpy_dtod_async = memcpy_dtod

    def memset_d32(self, dst: int, value: int, count: int) -> None:
        self.heap[int(dst):int(dst) + 4 * count].view(np.uint32)[:] = value

    memset_d32_async = memset_d32

    def write(self, ptr: int, values: np.ndarray) -> None:
        """What a kernel's stores do."""
        self.memcpy_htod(ptr, values.astype(np.float32))


ARGS = [Arg("y", "out", "float32", (1000,)), Arg("x", "in", "float32", (1000,)), Arg("z", "inout", "float32", (10,)),
        Arg("n", "scalar", "int32", value=1000)]


def fresh(drv: HeapDriver) -> tuple[Buffers, dict[str, np.ndarray]]:
    inputs = make_inputs(ARGS, np.random.SeedSequence(1))
    return Buffers(drv, ARGS, inputs), inputs


def test_every_array_sits_between_guard_zones_and_a_correct_kernel_leaves_them():
    drv = HeapDriver()
    bufs, inputs = fresh(drv)
    g = checks.GUARD_BYTES
    for a in ARGS[:3]:
        ptr = bufs.dev[a.name]
        assert ptr % 256 == 0  # the allocator's alignment kept: float4 loads stay legal
        assert np.array_equal(drv.heap[ptr - g:ptr], checks.guard_pattern(a.name, "before"))
        assert np.array_equal(drv.heap[ptr + a.nbytes:ptr + a.nbytes + g], checks.guard_pattern(a.name, "after"))
    bufs.prepare()
    drv.write(bufs.dev["y"], 2 * inputs["x"] + 1)  # y = 2x + 1, within bounds
    drv.write(bufs.dev["z"], np.ones(10))
    assert bufs.breach() is None
    assert np.array_equal(bufs.download(("in",))["x"], inputs["x"])
    assert np.array_equal(bufs.download()["y"], (2 * inputs["x"] + 1).astype(np.float32))
    bufs.free()
    assert len(drv.freed) == 4  # three guarded arrays and the pristine copy of z


def test_a_write_past_the_end_or_before_the_start_is_a_breach_naming_the_array():
    drv = HeapDriver()
    bufs, inputs = fresh(drv)
    bufs.prepare()
    # the last block of 256 threads over n = 1000: y[1000..1023] written too
    drv.write(bufs.dev["y"], 2 * np.concatenate([inputs["x"], np.zeros(24, np.float32)]) + 1)
    assert bufs.breach() == "wrote 96 bytes past the end of y (bytes 0..95 after its last element changed)"

    bufs, inputs = fresh(HeapDriver())
    bufs.cuda.write(bufs.dev["z"] - 8, np.array([5.0]))  # z[-2]
    assert bufs.breach() == "wrote 4 bytes before the start of z (bytes 4..7 before its first element changed)"


def test_a_modified_input_is_found_against_the_harness_copy():
    drv = HeapDriver()
    bufs, inputs = fresh(drv)
    drv.write(bufs.dev["x"] + 4 * 10, np.zeros(5))  # x[10..14] = 0
    now = bufs.download(("in",))
    assert checks.input_change("x", now["x"], inputs["x"]) == (
        "input x was modified: 5 of 1000 elements changed, first at flat index 10")
    # the next launch's prepare restores inout arrays, never a modified "in" array
    bufs.prepare()
    assert checks.input_change("x", bufs.download(("in",))["x"], inputs["x"]) is not None
