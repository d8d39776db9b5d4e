// Minimal CPU emulation of the CUDA features the templates use, for tests/cuda_emu.py: one std::thread
// per CUDA thread, the blocks of a grid one after another, __shared__ = static (shared by the block),
// __syncthreads and warp shuffles through std::barrier (an exited thread drops out of its barriers).
#pragma once
#include <algorithm>
#include <atomic>
#include <barrier>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <thread>
#include <vector>
using std::max;
using std::min;
struct uint3 { unsigned x, y, z; };
struct dim3 { unsigned x = 1, y = 1, z = 1; };
struct alignas(8) float2 { float x, y; };
struct alignas(16) float4 { float x, y, z, w; };
inline float2 make_float2(float a, float b) { return {a, b}; }
inline float4 make_float4(float a, float b, float c, float d) { return {a, b, c, d}; }
inline thread_local uint3 threadIdx;
inline thread_local int emu_lin;
inline uint3 blockIdx;
inline dim3 blockDim, gridDim;
inline std::unique_ptr<std::barrier<>> emu_block_bar;
inline std::vector<std::unique_ptr<std::barrier<>>> emu_warp_bars;
inline float emu_shfl[1024];
// __shared__ arrays register themselves (cuda_emu.py adds the calls); each block starts with them
// filled with 0xff bytes (NaN as float), so a read of shared memory that was never staged shows.
#include <mutex>
#include <set>
#include <utility>
inline std::mutex emu_shared_mu;
inline std::set<std::pair<void*, size_t>> emu_shared;
inline void emu_register(void* p, size_t n) { std::lock_guard<std::mutex> g(emu_shared_mu); emu_shared.insert({p, n}); }
#define __global__
#define __device__
#define __forceinline__ inline
#define __shared__ static
#define __launch_bounds__(...)
#define __align__(n) __attribute__((aligned(n)))
template <class T> inline T __ldg(const T* p) { return *p; }
template <class T> inline T __ldcg(const T* p) { return *p; }
template <class T> inline void __stwb(T* p, T v) { *p = v; }
inline void __syncthreads() { emu_block_bar->arrive_and_wait(); }
inline void __threadfence() { std::atomic_thread_fence(std::memory_order_seq_cst); }
inline int atomicAdd(int* p, int v) { return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST); }
inline int atomicExch(int* p, int v) { return __atomic_exchange_n(p, v, __ATOMIC_SEQ_CST); }
inline void emu_warp_sync() { emu_warp_bars[emu_lin / 32]->arrive_and_wait(); }
inline float __shfl_xor_sync(unsigned, float v, int m) {
    emu_shfl[emu_lin] = v; emu_warp_sync();
    int src = (emu_lin & ~31) | ((emu_lin & 31) ^ m);
    float r = emu_shfl[src]; emu_warp_sync(); return r;
}
inline float __shfl_down_sync(unsigned, float v, int d) {
    emu_shfl[emu_lin] = v; emu_warp_sync();
    int l = (emu_lin & 31) + d;
    float r = l < 32 ? emu_shfl[(emu_lin & ~31) | l] : v; emu_warp_sync(); return r;
}
// The blocks run one after another, in launch order or (reverse) the other way round: a write that two
// blocks race for then ends differently in the two orders.
template <class F> void emu_launch(dim3 g, dim3 b, F kernel, bool reverse = false) {
    gridDim = g; blockDim = b;
    int nt = b.x * b.y * b.z;
    const long nb = (long)g.x * g.y * g.z;
    for (long i = 0; i < nb; ++i) {
        const long q = reverse ? nb - 1 - i : i;
        const unsigned bx = q % g.x, by = (q / g.x) % g.y, bz = q / ((long)g.x * g.y);
        blockIdx = {bx, by, bz};
        for (auto& [p, n] : emu_shared) std::memset(p, 0xff, n);
        emu_block_bar = std::make_unique<std::barrier<>>(nt);
        emu_warp_bars.clear();
        for (int w = 0; w * 32 < nt; ++w) emu_warp_bars.push_back(std::make_unique<std::barrier<>>(std::min(32, nt - w * 32)));
        std::vector<std::thread> ts;
        ts.reserve(nt);
        for (int t = 0; t < nt; ++t) ts.emplace_back([=] {
            threadIdx = {t % b.x, (t / b.x) % b.y, t / (b.x * b.y)};
            emu_lin = t;
            kernel();
            emu_warp_bars[t / 32]->arrive_and_drop();
            emu_block_bar->arrive_and_drop();
        });
        for (auto& th : ts) th.join();
    }
}
