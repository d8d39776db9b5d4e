"""Probe: can any copy beat torch's device-to-device copy on this GPU? (issue 17: the two ties at the copy limit)

softmax 1048576 x 64 and transpose 64 x 1048576 run at 98-99% of torch's same-size copy, as does torch.compile;
which of them is ahead moves by ~0.5% from round to round. If no way of moving the bytes beats torch's copy, those
are ties at the limit, and no gene of the templates can break them; if one does (cache hints, more bytes in flight
per thread, a persistent grid), it is the gene to add. This times, in alternating rounds, with fresh random inputs
and the L2 flushed before every sample (CUDA events around the copy alone):

- torch: ``y.copy_(x)``, torch.compile's softmax of the 1048576 x 64 view, and its transposes of the 2-, 8-, 16- and
  64-row views (the same bytes read and written);
- hand copies of float4s, built here with nvcc for this GPU: the load as plain, ``__ldg``, ``__ldcs`` (evict-first),
  ``__ldcg`` (L2 only), ``ld.global.nc.L1::no_allocate.L2::256B`` (a 256-byte L2 prefetch), the store as plain or
  ``__stcs``; 1, 2, 4 or 8 float4 per thread in flight; a grid of one thread per float4 set or a persistent grid.

Prints one line per case, fastest first: median ms, TB/s (bytes read + written), and the ratio to torch's copy.
Run on the GPU machine: ``python3 benchmarks/dev/copy_hints.py [--mib 256] [--rounds 3] [--reps 20]``. Measured on an
H100 at 64, 256 and 1024 MiB: benchmarks/h100-2026-12-07e/ (calls 3 and 4).
"""
from __future__ import annotations

import argparse
import statistics

import numpy as np
import torch

LOADS = {  # p: the float4's address
    "plain": "*(p)",
    "ldg": "__ldg(p)",
    "ldcs": "__ldcs(p)",
    "ldcg": "__ldcg(p)",
    "nc256": "ld_nc256(p)",
}
STORES = {"plain": "*(p) = v", "stcs": "__stcs(p, v)"}  # v: the float4

PRELUDE = r"""
__device__ __forceinline__ float4 ld_nc256(const float4* p) {
    float4 v;
    asm volatile("ld.global.nc.L1::no_allocate.L2::256B.v4.f32 {%0,%1,%2,%3}, [%4];"
                 : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w) : "l"(p));
    return v;
}
"""


def kernel_source(name: str, load: str, store: str, per_thread: int, persistent: bool) -> str:
    """One copy kernel of float4s: each thread moves ``per_thread`` of them, all loads issued before any store,
    blockDim apart (coalesced); a persistent grid strides over the whole array."""
    at = "i + k * blockDim.x"
    ld = LOADS[load].replace("p", f"src + {at}")
    st = STORES[store].replace("p", f"dst + {at}").replace("v", "v[k]")
    stride = "(long)gridDim.x * blockDim.x * U" if persistent else "n4"
    return f"""
extern "C" __global__ void __launch_bounds__(256) {name}(const float4* __restrict__ src, float4* __restrict__ dst,
                                                        long n4) {{
    constexpr int U = {per_thread};
    for (long i = (long)blockIdx.x * blockDim.x * U + threadIdx.x; i < n4; i += {stride}) {{
        float4 v[U];
        #pragma unroll
        for (int k = 0; k < U; ++k) if (i + k * blockDim.x < n4) v[k] = {ld};
        #pragma unroll
        for (int k = 0; k < U; ++k) if (i + k * blockDim.x < n4) {st};
    }}
}}
"""


def cases() -> list[tuple[str, str, str, int, bool]]:
    out = []
    for load in LOADS:
        for store in STORES:
            for u in (1, 4):
                out.append((f"k_{load}_{store}_u{u}", load, store, u, False))
    for u in (2, 8):
        out.append((f"k_plain_plain_u{u}", "plain", "plain", u, False))
        out.append((f"k_ldcs_stcs_u{u}", "ldcs", "stcs", u, False))
    for load, store in (("plain", "plain"), ("ldcs", "stcs"), ("nc256", "plain")):
        out.append((f"k_{load}_{store}_u4_persistent", load, store, 4, True))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mib", type=int, default=256, help="MiB read (and as many written); 256 = 1048576 x 64 floats")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--reps", type=int, default=20)
    args = ap.parse_args()
    torch.backends.cuda.matmul.allow_tf32 = False
    n = args.mib * 2**20 // 4
    x = torch.randn(n, device="cuda")
    y = torch.empty_like(x)
    flush = torch.empty(256 * 2**20 // 4, device="cuda")

    import pycuda.driver as drv
    from pycuda.compiler import SourceModule

    drv.init()
    dev = drv.Device(torch.cuda.current_device())
    ctx = dev.retain_primary_context()
    ctx.push()
    try:
        sms = dev.get_attribute(drv.device_attribute.MULTIPROCESSOR_COUNT)
        cs = cases()
        src = PRELUDE + "".join(kernel_source(*c) for c in cs)
        major, minor = dev.compute_capability()
        mod = SourceModule(src, no_extern_c=True, arch=f"sm_{major}{minor}", options=["-O3"])
        n4 = n // 4
        runs: dict[str, object] = {"torch copy_": lambda: y.copy_(x)}
        for name, _load, _store, u, persistent in cs:
            fn = mod.get_function(name)
            blocks = sms * 8 if persistent else -(-n4 // (256 * u))
            runs[name] = (lambda fn=fn, blocks=blocks:
                          fn(np.uintp(x.data_ptr()), np.uintp(y.data_ptr()), np.int64(n4),
                             block=(256, 1, 1), grid=(blocks, 1, 1)))
        rows, cols = 1048576 * args.mib // 256, 64
        sm = torch.compile(lambda a: torch.softmax(a, dim=-1))
        tr = torch.compile(lambda a: a.t().contiguous(), dynamic=False)
        runs[f"torch.compile softmax {rows}x{cols}"] = lambda xs=x.view(rows, cols): sm(xs)
        for r in (2, 8, 16, 64):   # few-row transposes: torch.compile was ahead of torch's copy there (2026-12-07d/e)
            runs[f"torch.compile transpose {r}x{n // r}"] = lambda xt=x.view(r, n // r): tr(xt)
        # correctness of the hand copies on fresh random data, before any timing
        for name, fn in runs.items():
            if name.startswith("k_"):
                x.normal_()
                y.zero_()
                fn()
                torch.cuda.synchronize()
                if not torch.equal(x, y):
                    raise SystemExit(f"copy_hints.py: {name} copied wrong")
        times: dict[str, list[float]] = {k: [] for k in runs}
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        for r in range(args.rounds):
            x.normal_()
            order = list(runs) if r % 2 == 0 else list(reversed(runs))
            for name in order:
                fn = runs[name]
                fn()
                fn()
                for i in range(args.reps):
                    flush.fill_(float(i))
                    start.record()
                    fn()
                    end.record()
                    torch.cuda.synchronize()
                    times[name].append(start.elapsed_time(end))
        torch.cuda.synchronize()
    finally:
        ctx.pop()
    med = {k: statistics.median(v) for k, v in times.items()}
    ref = med["torch copy_"]
    print(f"{torch.cuda.get_device_name()}: {args.mib} MiB read + written, {args.rounds} alternating rounds x "
          f"{args.reps} samples, L2 flushed before each")
    for k in sorted(med, key=med.get):
        print(f"{k:34s} {med[k]:.4f} ms {2 * 4 * n / med[k] / 1e9:6.3f} TB/s {ref / med[k]:.4f}x torch copy_",
              flush=True)


if __name__ == "__main__":
    main()
