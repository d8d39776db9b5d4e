// Minimal CPU emulation of the CUDA features the templates use, for tests/cuda_emu.py: one std::thread
// per CUDA thread, the blocks of a grid one after another (a thread-block cluster's blocks together),
// __shared__ = static with one instance per block of a cluster, __syncthreads and warp shuffles through
// std::barrier (an exited thread drops out of its barriers).
#pragma once
#include <algorithm>
#include <atomic>
#include <barrier>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <mutex>
#include <thread>
#include <tuple>
#include <vector>
using std::max;
using std::min;
// The cluster's shape (__cluster_dims__ of the kernel; cuda_emu.py defines it from the source).
#ifndef EMU_CLUSTER
#define EMU_CX 1
#define EMU_CY 1
#define EMU_CZ 1
#define EMU_CLUSTER 1
#endif
struct uint3 { unsigned x, y, z; };
struct dim3 { unsigned x = 1, y = 1, z = 1; };
struct alignas(8) float2 { float x, y; };
struct alignas(16) float4 { float x, y, z, w; };
inline float2 make_float2(float a, float b) { return {a, b}; }
inline float4 make_float4(float a, float b, float c, float d) { return {a, b, c, d}; }
inline thread_local uint3 threadIdx;
inline thread_local uint3 blockIdx;
inline thread_local int emu_lin;
inline thread_local int emu_rank;   // the block's rank in its cluster
inline dim3 blockDim, gridDim;
// what the threads of one block share: its barrier, its warps' barriers, the shuffle exchange
struct emu_block {
    std::unique_ptr<std::barrier<>> bar;
    std::vector<std::unique_ptr<std::barrier<>>> warps;
    float shfl[1024];
    std::atomic<int> running{0};
};
inline emu_block emu_blocks[EMU_CLUSTER];
inline std::unique_ptr<std::barrier<>> emu_cluster_bar;
inline thread_local std::optional<std::barrier<>::arrival_token> emu_cluster_token;   // the thread's pending arrival
// __shared__ arrays register themselves (cuda_emu.py rewrites each declaration: one instance per block of
// the cluster, the running block's bound to the name); each cluster starts with them filled with 0xff bytes
// (NaN as float), so a read of shared memory that was never staged shows, and a block's instance is
// refilled when its last thread exits, so a read of an exited block's shared memory shows too.
inline std::mutex emu_shared_mu;
inline std::vector<std::tuple<char*, size_t>> emu_shared;   // all instances, the size of one
inline void emu_register(void* p, size_t all) {
    std::lock_guard<std::mutex> g(emu_shared_mu);
    for (auto& [q, n] : emu_shared) if (q == (char*)p) return;
    emu_shared.push_back({(char*)p, all / EMU_CLUSTER});
}
inline void* emu_map(void* p, int r) {
    if (r < 0 || r >= EMU_CLUSTER) { fprintf(stderr, "map_shared_rank: rank %d of %d\n", r, EMU_CLUSTER); abort(); }
    std::lock_guard<std::mutex> g(emu_shared_mu);
    for (auto& [q, n] : emu_shared)
        if ((char*)p >= q && (char*)p < q + n * EMU_CLUSTER)
            return (char*)p + ((long)r - (long)(((char*)p - q) / n)) * (long)n;
    fprintf(stderr, "map_shared_rank: %p is not in a shared array\n", p); abort();
}
namespace cooperative_groups {
struct cluster_group {
    void sync() const { emu_cluster_bar->arrive_and_wait(); }
    // the split barrier: a thread's arrival, then (before its next arrival) its wait for the phase to complete
    void barrier_arrive() const { emu_cluster_token.emplace(emu_cluster_bar->arrive()); }
    void barrier_wait() const {
        if (!emu_cluster_token) { fprintf(stderr, "cluster barrier_wait without an arrival\n"); abort(); }
        emu_cluster_bar->wait(std::move(*emu_cluster_token));
        emu_cluster_token.reset();
    }
    unsigned block_rank() const { return (unsigned)emu_rank; }
    template <class T> T* map_shared_rank(T* p, int r) const { return (T*)emu_map((void*)p, r); }
};
inline cluster_group this_cluster() { return cluster_group{}; }
}
#define __global__
#define __device__
#define __forceinline__ inline
#define __shared__ static
#define __launch_bounds__(...)
#define __cluster_dims__(...)
#define __align__(n) __attribute__((aligned(n)))
template <class T> inline T __ldg(const T* p) { return *p; }
inline float __fmul_rn(float a, float b) { volatile float r = a * b; return r; }   // rounded, never contracted
inline float __fadd_rn(float a, float b) { volatile float r = a + b; return r; }
template <class T> inline T __ldcg(const T* p) { return *p; }
template <class T> inline void __stwb(T* p, T v) { *p = v; }
template <class T> inline void __stcs(T* p, T v) { *p = v; }
inline void __syncthreads() { emu_blocks[emu_rank].bar->arrive_and_wait(); }
inline void __threadfence() { std::atomic_thread_fence(std::memory_order_seq_cst); }
inline int atomicAdd(int* p, int v) { return __atomic_fetch_add(p, v, __ATOMIC_SEQ_CST); }
inline int atomicExch(int* p, int v) { return __atomic_exchange_n(p, v, __ATOMIC_SEQ_CST); }
inline void emu_warp_sync() { emu_blocks[emu_rank].warps[emu_lin / 32]->arrive_and_wait(); }
inline float __shfl_xor_sync(unsigned, float v, int m) {
    float* x = emu_blocks[emu_rank].shfl;
    x[emu_lin] = v; emu_warp_sync();
    int src = (emu_lin & ~31) | ((emu_lin & 31) ^ m);
    float r = x[src]; emu_warp_sync(); return r;
}
inline float __shfl_down_sync(unsigned, float v, int d) {
    float* x = emu_blocks[emu_rank].shfl;
    x[emu_lin] = v; emu_warp_sync();
    int l = (emu_lin & 31) + d;
    float r = l < 32 ? x[(emu_lin & ~31) | l] : v; emu_warp_sync(); return r;
}
// The blocks run one after another (a cluster's blocks together), in launch order or (reverse) the other
// way round: a write that two blocks race for then ends differently in the two orders.
template <class F> void emu_launch(dim3 g, dim3 b, F kernel, bool reverse = false) {
    gridDim = g; blockDim = b;
    const int nt = b.x * b.y * b.z, cx = EMU_CX, cy = EMU_CY, cz = EMU_CZ;
    if (g.x % cx || g.y % cy || g.z % cz) { fprintf(stderr, "grid not a multiple of the cluster\n"); abort(); }
    const long ncl = (long)(g.x / cx) * (g.y / cy) * (g.z / cz);
    for (long i = 0; i < ncl; ++i) {
        const long q = reverse ? ncl - 1 - i : i;
        const long gx = g.x / cx, gy = g.y / cy;
        const unsigned x0 = q % gx * cx, y0 = (q / gx) % gy * cy, z0 = q / (gx * gy) * cz;
        for (auto& [p, n] : emu_shared) std::memset(p, 0xff, n * EMU_CLUSTER);
        for (int r = 0; r < EMU_CLUSTER; ++r) {
            emu_block& blk = emu_blocks[r];
            blk.bar = std::make_unique<std::barrier<>>(nt);
            blk.warps.clear();
            for (int w = 0; w * 32 < nt; ++w) blk.warps.push_back(std::make_unique<std::barrier<>>(std::min(32, nt - w * 32)));
            blk.running = nt;
        }
        emu_cluster_bar = std::make_unique<std::barrier<>>(nt * EMU_CLUSTER);
        std::vector<std::thread> ts;
        ts.reserve((size_t)nt * EMU_CLUSTER);
        for (int r = 0; r < EMU_CLUSTER; ++r)
            for (int t = 0; t < nt; ++t) ts.emplace_back([=] {
                emu_rank = r;
                blockIdx = {x0 + r % cx, y0 + r / cx % cy, z0 + r / (cx * cy)};
                threadIdx = {t % b.x, (t / b.x) % b.y, t / (b.x * b.y)};
                emu_lin = t;
                kernel();
                emu_block& blk = emu_blocks[r];
                blk.warps[t / 32]->arrive_and_drop();
                blk.bar->arrive_and_drop();
                emu_cluster_bar->arrive_and_drop();
                if (EMU_CLUSTER > 1 && --blk.running == 0) {   // the block's shared memory is gone
                    std::lock_guard<std::mutex> lk(emu_shared_mu);
                    for (auto& [p, n] : emu_shared) std::memset(p + (size_t)r * n, 0xff, n);
                }
            });
        for (auto& th : ts) th.join();
    }
}
