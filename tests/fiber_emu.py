"""Run a rendered template kernel on the CPU with fibers: a fast desk check of index math and bounds.

(A sibling of tests/cuda_emu.py, which runs one std::thread per CUDA thread under ASan; this one is
fast enough for 256-thread sgemm / conv2d blocks on the ~1000^3 check shapes.)

The rendered CUDA source is compiled as C++ (g++) against a small shim: every thread of a block is
a ucontext fiber, ``__syncthreads()`` switches back to a scheduler that releases the barrier once
all fibers reach it, blocks run one after another. Device arrays live between PROT_NONE guard
pages, so a read or write outside an array kills the process; outputs are poisoned with NaN and
shared arrays are refilled with NaN at the start of every block, so an unwritten output or a read
of unstaged shared memory shows as NaN; a float4 access that is not 16-byte aligned aborts. Threads
between two barriers run one after another, so a missing barrier (a race) is not detected. Only
the subset of CUDA that the templates here use is shimmed (threadIdx/blockIdx/blockDim, float4,
make_float4, fmaf, min, __int_as_float, static ``__shared__`` arrays declared one per line).

    run_kernel(template, genome, problem, inputs, placement="start") -> {name: array}

``placement``: "start" puts each array at a page start (16-byte aligned: the float4 paths run;
reads before the start fault), "end" puts it flush against the following guard page (any read or
write past the end faults; pointers are then only 4-byte aligned unless the size is a multiple of
16 bytes, so the kernels' alignment checks take their scalar paths).
"""
from __future__ import annotations

import hashlib
import re
import shutil
import struct
import subprocess
import tempfile
from pathlib import Path

import numpy as np

SHIM = r"""
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include <sys/mman.h>
#include <ucontext.h>
using std::min;
using std::max;
struct emu_dim3 { unsigned x, y, z; };
static emu_dim3 threadIdx, blockIdx, blockDim, gridDim;
struct alignas(16) float4 { float x, y, z, w; };
struct alignas(8) float2 { float x, y; };
static inline float4 make_float4(float a, float b, float c, float d) { return float4{a, b, c, d}; }
static inline float2 make_float2(float a, float b) { return float2{a, b}; }
static inline float __int_as_float(int i) { float f; std::memcpy(&f, &i, 4); return f; }
// one OS thread runs every fiber, and a fiber switches only at a barrier: plain memory is coherent
static inline void __threadfence() {}
static inline int atomicAdd(int* p, int v) { const int o = *p; *p += v; return o; }
template <class T> static inline T __ldcg(const T* p) { return *p; }
#define __global__
#define __device__
#define __forceinline__ inline
#define __launch_bounds__(...)
#define __align__(n) __attribute__((aligned(n)))
#define __shared__ static
static void __syncthreads();
static inline void emu_aligned(const void* p) {     // a float4 access must be 16-byte aligned, as on the GPU
    if ((uintptr_t)p & 15) { fprintf(stderr, "misaligned float4 access at %p\n", p); exit(6); }
}
static inline float4* emu_f4(float* p) { emu_aligned(p); return (float4*)p; }
static inline float2* emu_f2(float* p) {            // a float2 access must be 8-byte aligned
    if ((uintptr_t)p & 7) { fprintf(stderr, "misaligned float2 access at %p\n", p); exit(6); }
    return (float2*)p;
}
static inline const float4* emu_f4c(const float* p) { emu_aligned(p); return (const float4*)p; }
static unsigned long emu_block_serial = 0;
static void emu_smem(void* p, size_t n) {   // NaN-fill a shared array once per block
    static std::vector<std::pair<void*, unsigned long>> seen;
    for (auto& s : seen) if (s.first == p) { if (s.second != emu_block_serial) { s.second = emu_block_serial;
        for (size_t i = 0; i < n / 4; ++i) ((uint32_t*)p)[i] = 0x7fc00000u; } return; }
    seen.push_back({p, emu_block_serial});
    for (size_t i = 0; i < n / 4; ++i) ((uint32_t*)p)[i] = 0x7fc00000u;
}
// S 8-k steps of a warp's tensor-core tile, 3xTF32 (sgemm's ThreadCoarsening_TensorCore): every thread's
// fragments are exchanged at a barrier (the tile is block-uniform code, so a block barrier serves as the warp's),
// and each computes its own accumulators from its warp's by the fragment layout of mma.sync.m16n8k8 (tf32,
// row.col): lane l holds a[l/4][l%4] (a0), a[l/4+8][l%4] (a1), a[l/4][l%4+4] (a2), a[l/4+8][l%4+4] (a3),
// b[l%4][l/4] (b0), b[l%4+4][l/4] (b1), and accumulates d[l/4][2(l%4)+c] (d0, d1), d[l/4+8][2(l%4)+c] (d2, d3).
// acc is the thread's acc[2 mt][2 nt]; ah / al hold [step][tile][4], bh / bl [step][tile][2]; each step's passes in
// the kernel's order (small.big, big.small, big.big), the S steps summed from zero, then added to acc
// (ReorderInstructions_TensorSteps).
#define EMU_MMA 1
static const int EMU_MMA_MAX = 192;   // fragments a thread holds: 2 x S x (8 x 4 + 8 x 2), S <= 2
static std::vector<unsigned> emu_mma_x;
static int emu_cur_thread();
static inline float emu_bits(unsigned u) { float f; std::memcpy(&f, &u, 4); return f; }
static void emu_mma_tf32_tile(float* acc, int mt, int nt, int steps, const unsigned* ah, const unsigned* al,
                              const unsigned* bh, const unsigned* bl) {
    const int me = emu_cur_thread(), na = 4 * mt * steps, nb = 2 * nt * steps;
    if (emu_mma_x.size() < (size_t)(me + 1) * EMU_MMA_MAX) emu_mma_x.resize((size_t)(me + 1) * EMU_MMA_MAX * 2);
    unsigned* mine = emu_mma_x.data() + (size_t)me * EMU_MMA_MAX;
    for (int q = 0; q < na; ++q) { mine[q] = ah[q]; mine[na + q] = al[q]; }
    for (int q = 0; q < nb; ++q) { mine[2 * na + q] = bh[q]; mine[2 * na + nb + q] = bl[q]; }
    __syncthreads();
    const unsigned* w = emu_mma_x.data() + (size_t)(me & ~31) * EMU_MMA_MAX;   // lane 0 of this warp
    const int lane = me & 31, g = lane / 4, t = lane % 4;
    auto a = [&](int s, int i, int r, int k, bool lo) {   // step s, mma tile i's a[r][k]
        const int reg = (r >= 8) + 2 * (k >= 4);
        return emu_bits(w[(size_t)(4 * (r % 8) + k % 4) * EMU_MMA_MAX + (lo ? na : 0) + 4 * (s * mt + i) + reg]);
    };
    auto b = [&](int s, int j, int k, int n, bool lo) {   // step s, mma tile j's b[k][n]
        const int reg = 2 * (s * nt + j) + (k >= 4);
        return emu_bits(w[(size_t)(4 * n + k % 4) * EMU_MMA_MAX + 2 * na + (lo ? nb : 0) + reg]);
    };
    for (int i = 0; i < mt; ++i)
        for (int j = 0; j < nt; ++j)
            for (int r = 0; r < 2; ++r)
                for (int c = 0; c < 2; ++c) {
                    float d = 0.f;   // the steps' three passes from zero, then one add to the accumulator
                    for (int s = 0; s < steps; ++s)
                        for (int pass = 0; pass < 3; ++pass)
                            for (int k = 0; k < 8; ++k)
                                d += a(s, i, g + 8 * r, k, pass == 0) * b(s, j, k, 2 * t + c, pass == 1);
                    acc[(2 * i + r) * 2 * nt + 2 * j + c] += d;
                }
    __syncthreads();
}
"""

MAIN = r"""
static std::vector<ucontext_t> emu_ctx;
static std::vector<int> emu_state;   // 0 runnable, 1 at a barrier, 2 finished
static ucontext_t emu_sched;
static int emu_cur;
static void* emu_args[64];
static void __syncthreads() { emu_state[emu_cur] = 1; swapcontext(&emu_ctx[emu_cur], &emu_sched); }
static int emu_cur_thread() { return emu_cur; }
static void emu_entry() { EMU_CALL; emu_state[emu_cur] = 2; }

static void* guarded(size_t n, int at_end) {
    const size_t pg = 4096, body = (std::max<size_t>(n, 1) + pg - 1) / pg * pg;
    char* base = (char*)mmap(nullptr, body + 2 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (base == MAP_FAILED) { perror("mmap"); exit(3); }
    mprotect(base, pg, PROT_NONE);
    mprotect(base + pg + body, pg, PROT_NONE);
    return at_end ? base + pg + body - n : base + pg;
}

int main(int argc, char** argv) {
    FILE* f = fopen(argv[1], "rb");
    int32_t hdr[8];
    if (fread(hdr, 4, 8, f) != 8) return 4;
    const int gx = hdr[0], gy = hdr[1], gz = hdr[2], bx = hdr[3], by = hdr[4], bz = hdr[5], nargs = hdr[6];
    const int at_end = hdr[7];
    std::vector<int> kind(nargs); std::vector<int64_t> nbytes(nargs);
    for (int a = 0; a < nargs; ++a) {
        int32_t k; int64_t n;
        if (fread(&k, 4, 1, f) != 1 || fread(&n, 8, 1, f) != 1) return 4;
        kind[a] = k; nbytes[a] = n;
        if (k == 0) {          // scalar: 8 bytes of payload
            emu_args[a] = malloc(8);
            if (fread(emu_args[a], 8, 1, f) != 1) return 4;
        } else {               // 1: input array (payload follows), 2: output array (NaN), 3: scratch (zero)
            void* p = guarded((size_t)n, at_end);
            emu_args[a] = p;
            if (k == 1) { if (fread(p, 1, (size_t)n, f) != (size_t)n) return 4; }
            else if (k == 3) { std::memset(p, 0, (size_t)n); }
            else { for (int64_t i = 0; i < n / 4; ++i) ((uint32_t*)p)[i] = 0x7fc00000u; }
        }
    }
    fclose(f);
    const int nthr = bx * by * bz;
    const size_t stack = 256 * 1024;
    std::vector<char> stacks((size_t)nthr * stack);
    emu_ctx.resize(nthr); emu_state.resize(nthr);
    blockDim = {(unsigned)bx, (unsigned)by, (unsigned)bz};
    gridDim = {(unsigned)gx, (unsigned)gy, (unsigned)gz};
    for (int z = 0; z < gz; ++z) for (int y = 0; y < gy; ++y) for (int x = 0; x < gx; ++x) {
        blockIdx = {(unsigned)x, (unsigned)y, (unsigned)z};
        ++emu_block_serial;
        for (int t = 0; t < nthr; ++t) {
            getcontext(&emu_ctx[t]);
            emu_ctx[t].uc_stack.ss_sp = &stacks[(size_t)t * stack];
            emu_ctx[t].uc_stack.ss_size = stack;
            emu_ctx[t].uc_link = &emu_sched;
            makecontext(&emu_ctx[t], emu_entry, 0);
            emu_state[t] = 0;
        }
        for (;;) {
            for (int t = 0; t < nthr; ++t) {
                if (emu_state[t] != 0) continue;
                emu_cur = t;
                threadIdx = {(unsigned)(t % bx), (unsigned)(t / bx % by), (unsigned)(t / (bx * by))};
                swapcontext(&emu_sched, &emu_ctx[t]);
            }
            int waiting = 0, done = 0;
            for (int t = 0; t < nthr; ++t) { waiting += emu_state[t] == 1; done += emu_state[t] == 2; }
            if (done == nthr) break;
            if (done) { fprintf(stderr, "barrier divergence in block (%d,%d,%d): %d threads exited, %d wait\n",
                                x, y, z, done, waiting); return 5; }
            for (int t = 0; t < nthr; ++t) emu_state[t] = 0;
        }
    }
    FILE* o = fopen(argv[2], "wb");
    for (int a = 0; a < nargs; ++a) if (kind[a] == 2) fwrite(emu_args[a], 1, (size_t)nbytes[a], o);
    fclose(o);
    return 0;
}
"""

_SHARED = re.compile(r"^(\s*)__shared__\s+(?:__align__\(\d+\)\s+)?\w+\s+(\w+)\s*\[[^;]*;\s*(//.*)?$", re.MULTILINE)
_DYNAMIC = re.compile(r"^(\s*)extern\s+__shared__\s+(?:__align__\(\d+\)\s+)?(\w+)\s+(\w+)\s*\[\s*\]\s*;\s*(//.*)?$",
                      re.MULTILINE)


def emulator_source(template, genome) -> str:
    """C++ source of the CPU emulator of one genome of a template."""
    src = template.render(genome)
    # dynamic shared memory: a static array of the launch's size (at the template's problem: the genome decides it)
    dyn = template.launch(genome, template.problem).dynamic_smem
    src = _DYNAMIC.sub(lambda m: f"{m.group(1)}__shared__ __align__(16) {m.group(2)} {m.group(3)}[{max(1, dyn // 4)}];",
                       src)
    src = _SHARED.sub(lambda m: f"{m.group(0)}\n{m.group(1)}emu_smem({m.group(2)}, sizeof({m.group(2)}));", src)
    src = src.replace("reinterpret_cast<const float4*>(", "emu_f4c(").replace("reinterpret_cast<float4*>(", "emu_f4(")
    src = src.replace("reinterpret_cast<float2*>(", "emu_f2(")
    call = []
    for i, a in enumerate(template.args(template.problem)):
        ctype = "int" if a.dtype == "int32" else "float"
        call.append(f"*({ctype}*)emu_args[{i}]" if a.role == "scalar" else f"({ctype}*)emu_args[{i}]")
    main = MAIN.replace("EMU_CALL", f"{template.kernel}({', '.join(call)})")
    return SHIM + "\n" + src + "\n" + main


def have_compiler() -> bool:
    return shutil.which("g++") is not None


def build(template, genome, cache_dir: str | Path) -> Path:
    """Compile the emulator of a genome (cached by source) and return the executable's path."""
    source = emulator_source(template, genome)
    exe = Path(cache_dir) / f"emu-{hashlib.sha1(source.encode()).hexdigest()[:16]}"
    if not exe.exists():
        cpp = exe.with_suffix(".cpp")
        cpp.write_text(source)
        proc = subprocess.run(["g++", "-std=c++17", "-O2", "-march=native", "-fno-strict-aliasing",
                               "-Wno-unknown-pragmas", "-o", str(exe), str(cpp)],
                              capture_output=True, text=True, check=False)
        if proc.returncode != 0:
            raise RuntimeError(f"emulator build failed for {genome}:\n{proc.stderr[-3000:]}")
    return exe


def run_kernel(template, genome, problem, inputs, placement: str = "start", cache_dir: str | Path | None = None,
               timeout_s: float = 600.0) -> dict[str, np.ndarray]:
    """Outputs of the kernel of ``genome`` at ``problem`` on ``inputs`` (name -> array), run on the CPU."""
    with tempfile.TemporaryDirectory(prefix="evo-emu-") as tmp:
        exe = build(template, genome, cache_dir or tmp)
        launch = template.launch(genome, problem)
        args = template.args(problem)
        blob = [struct.pack("<8i", *launch.grid, *launch.block, len(args), int(placement == "end"))]
        outs = []
        for a in args:
            if a.role == "scalar":
                payload = struct.pack("<i4x", int(a.value)) if a.dtype == "int32" else struct.pack("<f4x", a.value)
                blob.append(struct.pack("<iq", 0, 8) + payload)
            elif a.role == "in":
                arr = np.ascontiguousarray(inputs[a.name], dtype=np.float32 if a.dtype == "float32" else np.int32)
                blob.append(struct.pack("<iq", 1, arr.nbytes) + arr.tobytes())
            elif a.role == "out":
                blob.append(struct.pack("<iq", 2, a.nbytes))
                outs.append(a)
            elif a.role == "scratch":
                blob.append(struct.pack("<iq", 3, a.nbytes))
            else:
                raise ValueError(f"emulator: arg role {a.role} not supported")
        inp, outp = Path(tmp) / "in.bin", Path(tmp) / "out.bin"
        inp.write_bytes(b"".join(blob))
        proc = subprocess.run([str(exe), str(inp), str(outp)], capture_output=True, text=True, timeout=timeout_s,
                              check=False)
        if proc.returncode != 0:
            raise RuntimeError(f"emulated kernel failed (exit {proc.returncode}) for {genome} at {problem}: "
                               f"{proc.stderr.strip()[-500:]}")
        data = outp.read_bytes()
        result, off = {}, 0
        for a in outs:
            dt = np.float32 if a.dtype == "float32" else np.int32
            result[a.name] = np.frombuffer(data, dtype=dt, count=int(np.prod(a.shape)), offset=off).reshape(a.shape)
            off += a.nbytes
        return result
