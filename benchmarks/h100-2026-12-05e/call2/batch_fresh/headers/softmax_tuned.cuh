// softmax_tuned.cuh: softmax kernels tuned by evo-kernels (namespace evo_tuned_softmax); generated 2026-12-05T16:10:40+00:00.
// Template softmax.cu.mako (hash 07d7e21fdd524485); tuned for sm_90.
// Self-contained: include it in any .cu file; call launch(...) with the kernel's arguments.
#pragma once
#include <cuda_runtime.h>
#include <cmath>
#include <cstdint>

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ != 900
#warning "evo_tuned_softmax: tuned on sm_90; this architecture runs it correctly but untuned"
#endif

#include <stdint.h>
#include <cooperative_groups.h>

namespace evo_tuned_softmax {

inline long long evo_floordiv(long long a, long long b) {
    long long q = a / b; return (q * b != a && ((a < 0) != (b < 0))) ? q - 1 : q;
}
inline long long evo_min(long long a, long long b) { return a < b ? a : b; }
inline long long evo_max(long long a, long long b) { return a > b ? a : b; }
inline double evo_pos(long long a) { return a > 1 ? (double)a : 1.0; }
inline bool evo_fits(long long x, long long y, long long z) {
    return x >= 1 && x <= 2147483647LL && y >= 1 && y <= 65535 && z >= 1 && z <= 65535;
}

// ---- specialization 0: tuned for {"C": 1969, "R": 62316}
// genome: {"AdjustBlockSize": 128, "ThreadCoarsening": 2, "UseSharedMemory": "registers", "UnrollLoop": 4, "VectorizeLoads": 4, "CoalesceMemoryAccess": true, "VectorizeLoads_Align": true, "TileLoops_Cluster": 1, "TileLoops_Rows": 1}
// measured: gpu_name=NVIDIA H100 80GB HBM3, driver_version=580.159.04, nvcc_version=cuda_13.0.r13.0/compiler.36424714_0, measured_at=2026-12-05T16:09:38+00:00, median_ms=0.336, speedup=14.26, fitness=14.23, cv=0.001549, registers=40, spill_bytes=0
// fitness = speedup * exp(-w_cv * cv) / (1 + w_spill * spill_KiB) (see evo_kernels/fitness.py)
[[maybe_unused]] constexpr int ADJUSTBLOCKSIZE_0 = 128;
[[maybe_unused]] constexpr int THREADCOARSENING_0 = 2;
[[maybe_unused]] constexpr int UNROLLLOOP_0 = 4;
[[maybe_unused]] constexpr int VECTORIZELOADS_0 = 4;
[[maybe_unused]] constexpr int COALESCEMEMORYACCESS_0 = 1;
[[maybe_unused]] constexpr int VECTORIZELOADS_ALIGN_0 = 1;
[[maybe_unused]] constexpr int TILELOOPS_CLUSTER_0 = 1;
[[maybe_unused]] constexpr int TILELOOPS_ROWS_0 = 1;
namespace spec_0 {  // device helpers of one specialization stay apart from the others'
// softmax_0: row-wise softmax of an R x C fp32 row-major matrix, out = exp(x - max) / sum.
// A group of T threads owns one row (with CL > 1: one CL-th of it, the other parts in the other
// blocks of its cluster); a block holds RPB groups. Mode: registers.


#define NEG_BIG (-3.402823466e+38f)   // -FLT_MAX: a finite "minus infinity" (exp(NEG_BIG - m) == 0, no NaN)

template <int W> __device__ __forceinline__ void ldg_v(const float* p, float (&v)[W]);
template <> __device__ __forceinline__ void ldg_v<1>(const float* p, float (&v)[1]) { v[0] = __ldg(p); }
template <> __device__ __forceinline__ void ldg_v<2>(const float* p, float (&v)[2])
{ const float2 t = __ldg(reinterpret_cast<const float2*>(p)); v[0] = t.x; v[1] = t.y; }
template <> __device__ __forceinline__ void ldg_v<4>(const float* p, float (&v)[4])
{ const float4 t = __ldg(reinterpret_cast<const float4*>(p)); v[0] = t.x; v[1] = t.y; v[2] = t.z; v[3] = t.w; }

template <int W> __device__ __forceinline__ void ld_v(const float* p, float (&v)[W]);
template <> __device__ __forceinline__ void ld_v<1>(const float* p, float (&v)[1]) { v[0] = *p; }
template <> __device__ __forceinline__ void ld_v<2>(const float* p, float (&v)[2])
{ const float2 t = *reinterpret_cast<const float2*>(p); v[0] = t.x; v[1] = t.y; }
template <> __device__ __forceinline__ void ld_v<4>(const float* p, float (&v)[4])
{ const float4 t = *reinterpret_cast<const float4*>(p); v[0] = t.x; v[1] = t.y; v[2] = t.z; v[3] = t.w; }

template <int W> __device__ __forceinline__ void st_v(float* p, const float (&v)[W]);
template <> __device__ __forceinline__ void st_v<1>(float* p, const float (&v)[1]) { *p = v[0]; }
template <> __device__ __forceinline__ void st_v<2>(float* p, const float (&v)[2])
{ *reinterpret_cast<float2*>(p) = make_float2(v[0], v[1]); }
template <> __device__ __forceinline__ void st_v<4>(float* p, const float (&v)[4])
{ *reinterpret_cast<float4*>(p) = make_float4(v[0], v[1], v[2], v[3]); }

// Max / sum over the 128 threads of a row group; every thread of the group gets the same value
// (xor butterflies combine the same two operands in every lane, then one fixed-order pass over
// the warps' slots). red: this group's 4 slots. Called by every thread of the block.
__device__ __forceinline__ float group_max(float v, float* red, float* xch, int lane)
{
    #pragma unroll
    for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
    if ((lane & 31) == 0) red[lane >> 5] = v;
    __syncthreads();
    v = red[0];
    #pragma unroll
    for (int w = 1; w < 4; ++w) v = fmaxf(v, red[w]);
    return v;
}

__device__ __forceinline__ float group_sum(float v, float* red, float* xch, int lane)
{
    #pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    if ((lane & 31) == 0) red[lane >> 5] = v;
    __syncthreads();
    v = red[0];
    #pragma unroll
    for (int w = 1; w < 4; ++w) v += red[w];
    return v;
}

// One row, or this block's part of one (rin, rout: its first element; nv: its length in W-float
// vectors), KK vectors cached per thread.
// The thread's vectors are base + s*step for s < cnt; cnt == 0 for the groups past the last row.
// The streaming passes take KS vectors per step: KK, or KK/2 as the fallback of a cached mode (rows
// longer than the cache), which keeps the registers of the fast path from growing for it.
// XTRA: the row also has up to 2W - 2 loose floats outside the vectors (the scalar head before the
// first 16-byte boundary, [0, x0n) of xin, and the tail, [x1, x1 + x1n)): re-read from global memory
// (L1) in each pass, a few floats per row.
template <int W, int KK, bool XTRA>
__device__ __forceinline__ void softmax_row(float* __restrict__ rout, const float* __restrict__ rin, int nv,
                                            bool valid, int lane, float* cache, float* red_max, float* red_sum,
                                            float* xch_max, float* xch_sum,
                                            const float* __restrict__ xin, float* __restrict__ xout,
                                            int x0n, int x1, int x1n)
{
    const int nx = XTRA && valid ? x0n + x1n : 0;
#define EXTRAS(body) for (int j = lane; j < nx; j += 128) { const int xi = j < x0n ? j : x1 + (j - x0n); body }
    constexpr int KS = KK > 1 ? KK / 2 : 1;
    const int base = lane, step = 128;
    const int cnt = (valid && lane < nv) ? (nv - lane + 127) / 128 : 0;
    if ((nv + 127) / 128 <= KK) {   // the row fits the cache: read once, write once
        float x[KK][W];
        float m = NEG_BIG;
        EXTRAS(m = fmaxf(m, __ldg(xin + xi));)
        #pragma unroll
        for (int s = 0; s < KK; ++s) {
            if (s < cnt) {
                ldg_v<W>(rin + (size_t)(base + s * step) * W, x[s]);
                #pragma unroll
                for (int k = 0; k < W; ++k) m = fmaxf(m, x[s][k]);
            }
        }
        m = group_max(m, red_max, xch_max, lane);
        float sum = 0.f;
        EXTRAS(sum += expf(__ldg(xin + xi) - m);)
        #pragma unroll
        for (int s = 0; s < KK; ++s) {
            if (s < cnt) {
                #pragma unroll
                for (int k = 0; k < W; ++k) { x[s][k] = expf(x[s][k] - m); sum += x[s][k]; }
            }
        }
        const float inv = 1.f / group_sum(sum, red_sum, xch_sum, lane);
        EXTRAS(xout[xi] = expf(__ldg(xin + xi) - m) * inv;)
        #pragma unroll
        for (int s = 0; s < KK; ++s) {
            if (s < cnt) {
                float y[W];
                #pragma unroll
                for (int k = 0; k < W; ++k) y[k] = x[s][k] * inv;
                st_v<W>(rout + (size_t)(base + s * step) * W, y);
            }
        }
        return;
    }
    // pass 1, online: running max m and sum of exp(x - m), rescaled whenever m grows
    float m = NEG_BIG, sum = 0.f;
    EXTRAS(m = fmaxf(m, __ldg(xin + xi));)
    EXTRAS(sum += expf(__ldg(xin + xi) - m);)
    #pragma unroll 1
    for (int s0 = 0; s0 < cnt; s0 += KS) {
        float x[KS][W];
        #pragma unroll
        for (int j = 0; j < KS; ++j) if (s0 + j < cnt) ldg_v<W>(rin + (size_t)(base + (s0 + j) * step) * W, x[j]);
        float mn = m;
        #pragma unroll
        for (int j = 0; j < KS; ++j) if (s0 + j < cnt) {
            #pragma unroll
            for (int k = 0; k < W; ++k) mn = fmaxf(mn, x[j][k]);
        }
        sum *= expf(m - mn);
        #pragma unroll
        for (int j = 0; j < KS; ++j) if (s0 + j < cnt) {
            #pragma unroll
            for (int k = 0; k < W; ++k) sum += expf(x[j][k] - mn);
        }
        m = mn;
    }
    {
        const float gm = group_max(m, red_max, xch_max, lane);
        sum *= expf(m - gm);
        m = gm;
    }
    const float inv = 1.f / group_sum(sum, red_sum, xch_sum, lane);
    EXTRAS(xout[xi] = expf(__ldg(xin + xi) - m) * inv;)
    // last pass: write
    #pragma unroll 1
    for (int s0 = 0; s0 < cnt; s0 += KS) {
        float x[KS][W];
        #pragma unroll
        for (int j = 0; j < KS; ++j) if (s0 + j < cnt) ldg_v<W>(rin + (size_t)(base + (s0 + j) * step) * W, x[j]);
        #pragma unroll
        for (int j = 0; j < KS; ++j) if (s0 + j < cnt) {
            #pragma unroll
            for (int k = 0; k < W; ++k) x[j][k] = expf(x[j][k] - m) * inv;
            st_v<W>(rout + (size_t)(base + (s0 + j) * step) * W, x[j]);
        }
    }
#undef EXTRAS
}

static __global__ void __launch_bounds__(256)
softmax_0(float* __restrict__ out, const float* __restrict__ inp, int R, int C)
{
    const int grp = threadIdx.x / 128;
    const int lane = threadIdx.x % 128;
    const int row = blockIdx.x * 2 + grp;
    float* xmax = nullptr;
    float* xsum = nullptr;
    const bool valid = row < R;                 // no early exit: every thread reaches every barrier
    const size_t off = (size_t)(valid ? row : 0) * (size_t)C;
    __shared__ float red_max[8], red_sum[8];
    float* rmax = red_max + grp * 4;
    float* rsum = red_sum + grp * 4;
    float* cache = nullptr;

    const bool vec = (C % 4 == 0) && ((reinterpret_cast<uintptr_t>(inp) | reinterpret_cast<uintptr_t>(out)) % 16 == 0);
    if (vec) {  // uniform over the grid
    {
        const int h = 0, nvt = C / 4, tl = 0;
        const int p0 = 0, np = nvt;
        const bool first = true;
        softmax_row<4, 4, false>(out + off + h + (size_t)p0 * 4, inp + off + h + (size_t)p0 * 4,
            np, valid, lane, cache, rmax, rsum, xmax, xsum, inp + off, out + off, first ? h : 0, h + nvt * 4,
            first ? tl : 0);
    }
    } else if ((reinterpret_cast<uintptr_t>(inp) - reinterpret_cast<uintptr_t>(out)) % 16 == 0 &&
               reinterpret_cast<uintptr_t>(inp) % 4 == 0) {   // rows at any float offset, inp and out alike
    {
        // a 16-byte boundary inside the row: a scalar head up to it, vectors, a scalar tail
        const int h = min(C, (int)((16 - reinterpret_cast<uintptr_t>(inp + off) % 16) % 16 / 4));
        const int nvt = (C - h) / 4, tl = C - h - nvt * 4;
        const int p0 = 0, np = nvt;
        const bool first = true;
        softmax_row<4, 4, true>(out + off + h + (size_t)p0 * 4, inp + off + h + (size_t)p0 * 4,
            np, valid, lane, cache, rmax, rsum, xmax, xsum, inp + off, out + off, first ? h : 0, h + nvt * 4,
            first ? tl : 0);
    }
    } else {
    {
        const int h = 0, nvt = C / 1, tl = 0;
        const int p0 = 0, np = nvt;
        const bool first = true;
        softmax_row<1, 4, false>(out + off + h + (size_t)p0 * 1, inp + off + h + (size_t)p0 * 1,
            np, valid, lane, cache, rmax, rsum, xmax, xsum, inp + off, out + off, first ? h : 0, h + nvt * 1,
            first ? tl : 0);
    }
    }
}
}  // namespace spec_0

inline cudaError_t launch_0(float* out, const float* inp, int R, int C, cudaStream_t stream = 0) {
    dim3 grid((unsigned)(evo_max(1, (-evo_floordiv((-R), 2))) * 1), (unsigned)1, (unsigned)1);
    dim3 block((unsigned)256, (unsigned)1, (unsigned)1);
    spec_0::softmax_0<<<grid, block, 0, stream>>>(out, inp, R, C);
    return cudaGetLastError();
}

// ---- specialization 1: tuned for {"C": 415745, "R": 297}
// genome: {"AdjustBlockSize": 512, "ThreadCoarsening": 1, "UseSharedMemory": "online", "UnrollLoop": 16, "VectorizeLoads": 4, "CoalesceMemoryAccess": true, "VectorizeLoads_Align": true, "TileLoops_Cluster": 8, "TileLoops_Rows": 1}
// measured: gpu_name=NVIDIA H100 80GB HBM3, driver_version=580.159.04, nvcc_version=cuda_13.0.r13.0/compiler.36424714_0, measured_at=2026-12-05T16:09:27+00:00, median_ms=0.4977, speedup=1066, fitness=1063, cv=0.003114, registers=99, spill_bytes=0
// fitness = speedup * exp(-w_cv * cv) / (1 + w_spill * spill_KiB) (see evo_kernels/fitness.py)
[[maybe_unused]] constexpr int ADJUSTBLOCKSIZE_1 = 512;
[[maybe_unused]] constexpr int THREADCOARSENING_1 = 1;
[[maybe_unused]] constexpr int UNROLLLOOP_1 = 16;
[[maybe_unused]] constexpr int VECTORIZELOADS_1 = 4;
[[maybe_unused]] constexpr int COALESCEMEMORYACCESS_1 = 1;
[[maybe_unused]] constexpr int VECTORIZELOADS_ALIGN_1 = 1;
[[maybe_unused]] constexpr int TILELOOPS_CLUSTER_1 = 8;
[[maybe_unused]] constexpr int TILELOOPS_ROWS_1 = 1;
namespace spec_1 {  // device helpers of one specialization stay apart from the others'
// softmax_1: row-wise softmax of an R x C fp32 row-major matrix, out = exp(x - max) / sum.
// A group of T threads owns one row (with CL > 1: one CL-th of it, the other parts in the other
// blocks of its cluster); a block holds RPB groups. Mode: online.

namespace cg = cooperative_groups;

#define NEG_BIG (-3.402823466e+38f)   // -FLT_MAX: a finite "minus infinity" (exp(NEG_BIG - m) == 0, no NaN)

template <int W> __device__ __forceinline__ void ldg_v(const float* p, float (&v)[W]);
template <> __device__ __forceinline__ void ldg_v<1>(const float* p, float (&v)[1]) { v[0] = __ldg(p); }
template <> __device__ __forceinline__ void ldg_v<2>(const float* p, float (&v)[2])
{ const float2 t = __ldg(reinterpret_cast<const float2*>(p)); v[0] = t.x; v[1] = t.y; }
template <> __device__ __forceinline__ void ldg_v<4>(const float* p, float (&v)[4])
{ const float4 t = __ldg(reinterpret_cast<const float4*>(p)); v[0] = t.x; v[1] = t.y; v[2] = t.z; v[3] = t.w; }

template <int W> __device__ __forceinline__ void ld_v(const float* p, float (&v)[W]);
template <> __device__ __forceinline__ void ld_v<1>(const float* p, float (&v)[1]) { v[0] = *p; }
template <> __device__ __forceinline__ void ld_v<2>(const float* p, float (&v)[2])
{ const float2 t = *reinterpret_cast<const float2*>(p); v[0] = t.x; v[1] = t.y; }
template <> __device__ __forceinline__ void ld_v<4>(const float* p, float (&v)[4])
{ const float4 t = *reinterpret_cast<const float4*>(p); v[0] = t.x; v[1] = t.y; v[2] = t.z; v[3] = t.w; }

template <int W> __device__ __forceinline__ void st_v(float* p, const float (&v)[W]);
template <> __device__ __forceinline__ void st_v<1>(float* p, const float (&v)[1]) { *p = v[0]; }
template <> __device__ __forceinline__ void st_v<2>(float* p, const float (&v)[2])
{ *reinterpret_cast<float2*>(p) = make_float2(v[0], v[1]); }
template <> __device__ __forceinline__ void st_v<4>(float* p, const float (&v)[4])
{ *reinterpret_cast<float4*>(p) = make_float4(v[0], v[1], v[2], v[3]); }

// Max / sum over the 512 threads of a row group; every thread of the group gets the same value
// (xor butterflies combine the same two operands in every lane, then one fixed-order pass over
// the warps' slots). red: this group's 16 slots. Called by every thread of the block.
__device__ __forceinline__ float group_max(float v, float* red, float* xch, int lane)
{
    #pragma unroll
    for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
    if ((lane & 31) == 0) red[lane >> 5] = v;
    __syncthreads();
    v = red[0];
    #pragma unroll
    for (int w = 1; w < 16; ++w) v = fmaxf(v, red[w]);
    // the 8 parts of the row: each block publishes its part's value in its shared memory, then
    // every block reads all of them in rank order (distributed shared memory), so all agree exactly
    cg::cluster_group cluster = cg::this_cluster();
    if (lane == 0) *xch = v;
    cluster.sync();
    v = *cluster.map_shared_rank(xch, 0);
    #pragma unroll
    for (int r = 1; r < 8; ++r) v = fmaxf(v, *cluster.map_shared_rank(xch, r));
    return v;
}

__device__ __forceinline__ float group_sum(float v, float* red, float* xch, int lane)
{
    #pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    if ((lane & 31) == 0) red[lane >> 5] = v;
    __syncthreads();
    v = red[0];
    #pragma unroll
    for (int w = 1; w < 16; ++w) v += red[w];
    cg::cluster_group cluster = cg::this_cluster();
    if (lane == 0) *xch = v;
    cluster.sync();
    v = *cluster.map_shared_rank(xch, 0);
    #pragma unroll
    for (int r = 1; r < 8; ++r) v += *cluster.map_shared_rank(xch, r);
    cluster.sync();   // every block has read the others' values: each may now run ahead and exit
    return v;
}

// One row, or this block's part of one (rin, rout: its first element; nv: its length in W-float
// vectors), KK vectors cached per thread.
// The thread's vectors are base + s*step for s < cnt; cnt == 0 for the groups past the last row.
// The streaming passes take KS vectors per step: KK, or KK/2 as the fallback of a cached mode (rows
// longer than the cache), which keeps the registers of the fast path from growing for it.
// XTRA: the row also has up to 2W - 2 loose floats outside the vectors (the scalar head before the
// first 16-byte boundary, [0, x0n) of xin, and the tail, [x1, x1 + x1n)): re-read from global memory
// (L1) in each pass, a few floats per row.
template <int W, int KK, bool XTRA>
__device__ __forceinline__ void softmax_row(float* __restrict__ rout, const float* __restrict__ rin, int nv,
                                            bool valid, int lane, float* cache, float* red_max, float* red_sum,
                                            float* xch_max, float* xch_sum,
                                            const float* __restrict__ xin, float* __restrict__ xout,
                                            int x0n, int x1, int x1n)
{
    const int nx = XTRA && valid ? x0n + x1n : 0;
#define EXTRAS(body) for (int j = lane; j < nx; j += 512) { const int xi = j < x0n ? j : x1 + (j - x0n); body }
    constexpr int KS = KK;
    const int base = lane, step = 512;
    const int cnt = (valid && lane < nv) ? (nv - lane + 511) / 512 : 0;
    // pass 1, online: running max m and sum of exp(x - m), rescaled whenever m grows
    float m = NEG_BIG, sum = 0.f;
    EXTRAS(m = fmaxf(m, __ldg(xin + xi));)
    EXTRAS(sum += expf(__ldg(xin + xi) - m);)
    #pragma unroll 1
    for (int s0 = 0; s0 < cnt; s0 += KS) {
        float x[KS][W];
        #pragma unroll
        for (int j = 0; j < KS; ++j) if (s0 + j < cnt) ldg_v<W>(rin + (size_t)(base + (s0 + j) * step) * W, x[j]);
        float mn = m;
        #pragma unroll
        for (int j = 0; j < KS; ++j) if (s0 + j < cnt) {
            #pragma unroll
            for (int k = 0; k < W; ++k) mn = fmaxf(mn, x[j][k]);
        }
        sum *= expf(m - mn);
        #pragma unroll
        for (int j = 0; j < KS; ++j) if (s0 + j < cnt) {
            #pragma unroll
            for (int k = 0; k < W; ++k) sum += expf(x[j][k] - mn);
        }
        m = mn;
    }
    {
        const float gm = group_max(m, red_max, xch_max, lane);
        sum *= expf(m - gm);
        m = gm;
    }
    const float inv = 1.f / group_sum(sum, red_sum, xch_sum, lane);
    EXTRAS(xout[xi] = expf(__ldg(xin + xi) - m) * inv;)
    // last pass: write
    #pragma unroll 1
    for (int s0 = 0; s0 < cnt; s0 += KS) {
        float x[KS][W];
        #pragma unroll
        for (int j = 0; j < KS; ++j) if (s0 + j < cnt) ldg_v<W>(rin + (size_t)(base + (s0 + j) * step) * W, x[j]);
        #pragma unroll
        for (int j = 0; j < KS; ++j) if (s0 + j < cnt) {
            #pragma unroll
            for (int k = 0; k < W; ++k) x[j][k] = expf(x[j][k] - m) * inv;
            st_v<W>(rout + (size_t)(base + (s0 + j) * step) * W, x[j]);
        }
    }
#undef EXTRAS
}

static __global__ void __launch_bounds__(512) __cluster_dims__(8, 1, 1)
softmax_1(float* __restrict__ out, const float* __restrict__ inp, int R, int C)
{
    const int grp = threadIdx.x / 512;
    const int lane = threadIdx.x % 512;
    const int row = (blockIdx.x / 8) * 1 + grp;
    const int part = blockIdx.x % 8;        // the block's rank in its cluster of 8 along x
    __shared__ __align__(16) float xch_all[4];   // max, then sum, per group
    float* xmax = xch_all + grp;
    float* xsum = xch_all + 1 + grp;
    const bool valid = row < R;                 // no early exit: every thread reaches every barrier
    const size_t off = (size_t)(valid ? row : 0) * (size_t)C;
    __shared__ float red_max[16], red_sum[16];
    float* rmax = red_max + grp * 16;
    float* rsum = red_sum + grp * 16;
    float* cache = nullptr;

    const bool vec = (C % 4 == 0) && ((reinterpret_cast<uintptr_t>(inp) | reinterpret_cast<uintptr_t>(out)) % 16 == 0);
    if (vec) {  // uniform over the grid
    {
        const int h = 0, nvt = C / 4, tl = 0;
        const int chunk = (nvt + 7) / 8;
        const int p0 = min(nvt, part * chunk), np = min(nvt, p0 + chunk) - p0;
        const bool first = part == 0;   // the loose floats belong to the first part
        softmax_row<4, 16, false>(out + off + h + (size_t)p0 * 4, inp + off + h + (size_t)p0 * 4,
            np, valid, lane, cache, rmax, rsum, xmax, xsum, inp + off, out + off, first ? h : 0, h + nvt * 4,
            first ? tl : 0);
    }
    } else if ((reinterpret_cast<uintptr_t>(inp) - reinterpret_cast<uintptr_t>(out)) % 16 == 0 &&
               reinterpret_cast<uintptr_t>(inp) % 4 == 0) {   // rows at any float offset, inp and out alike
    {
        // a 16-byte boundary inside the row: a scalar head up to it, vectors, a scalar tail
        const int h = min(C, (int)((16 - reinterpret_cast<uintptr_t>(inp + off) % 16) % 16 / 4));
        const int nvt = (C - h) / 4, tl = C - h - nvt * 4;
        const int chunk = (nvt + 7) / 8;
        const int p0 = min(nvt, part * chunk), np = min(nvt, p0 + chunk) - p0;
        const bool first = part == 0;   // the loose floats belong to the first part
        softmax_row<4, 16, true>(out + off + h + (size_t)p0 * 4, inp + off + h + (size_t)p0 * 4,
            np, valid, lane, cache, rmax, rsum, xmax, xsum, inp + off, out + off, first ? h : 0, h + nvt * 4,
            first ? tl : 0);
    }
    } else {
    {
        const int h = 0, nvt = C / 1, tl = 0;
        const int chunk = (nvt + 7) / 8;
        const int p0 = min(nvt, part * chunk), np = min(nvt, p0 + chunk) - p0;
        const bool first = part == 0;   // the loose floats belong to the first part
        softmax_row<1, 16, false>(out + off + h + (size_t)p0 * 1, inp + off + h + (size_t)p0 * 1,
            np, valid, lane, cache, rmax, rsum, xmax, xsum, inp + off, out + off, first ? h : 0, h + nvt * 1,
            first ? tl : 0);
    }
    }
}
}  // namespace spec_1

inline cudaError_t launch_1(float* out, const float* inp, int R, int C, cudaStream_t stream = 0) {
    dim3 grid((unsigned)(evo_max(1, (-evo_floordiv((-R), 1))) * 8), (unsigned)1, (unsigned)1);
    dim3 block((unsigned)512, (unsigned)1, (unsigned)1);
    spec_1::softmax_1<<<grid, block, 0, stream>>>(out, inp, R, C);
    return cudaGetLastError();
}

// ---- specialization 2: the untuned default (the template's baseline genome)
// genome: {"AdjustBlockSize": 1, "ThreadCoarsening": 128, "UseSharedMemory": "none", "UnrollLoop": 1, "VectorizeLoads": 1, "CoalesceMemoryAccess": false, "VectorizeLoads_Align": false, "TileLoops_Cluster": 1, "TileLoops_Rows": 1}
// measured: 
// fitness = speedup * exp(-w_cv * cv) / (1 + w_spill * spill_KiB) (see evo_kernels/fitness.py)
[[maybe_unused]] constexpr int ADJUSTBLOCKSIZE_2 = 1;
[[maybe_unused]] constexpr int THREADCOARSENING_2 = 128;
[[maybe_unused]] constexpr int UNROLLLOOP_2 = 1;
[[maybe_unused]] constexpr int VECTORIZELOADS_2 = 1;
[[maybe_unused]] constexpr int COALESCEMEMORYACCESS_2 = 0;
[[maybe_unused]] constexpr int VECTORIZELOADS_ALIGN_2 = 0;
[[maybe_unused]] constexpr int TILELOOPS_CLUSTER_2 = 1;
[[maybe_unused]] constexpr int TILELOOPS_ROWS_2 = 1;
namespace spec_2 {  // device helpers of one specialization stay apart from the others'
// softmax_2: row-wise softmax of an R x C fp32 row-major matrix, out = exp(x - max) / sum.
// A group of T threads owns one row (with CL > 1: one CL-th of it, the other parts in the other
// blocks of its cluster); a block holds RPB groups. Mode: none.


#define NEG_BIG (-3.402823466e+38f)   // -FLT_MAX: a finite "minus infinity" (exp(NEG_BIG - m) == 0, no NaN)

template <int W> __device__ __forceinline__ void ldg_v(const float* p, float (&v)[W]);
template <> __device__ __forceinline__ void ldg_v<1>(const float* p, float (&v)[1]) { v[0] = __ldg(p); }
template <> __device__ __forceinline__ void ldg_v<2>(const float* p, float (&v)[2])
{ const float2 t = __ldg(reinterpret_cast<const float2*>(p)); v[0] = t.x; v[1] = t.y; }
template <> __device__ __forceinline__ void ldg_v<4>(const float* p, float (&v)[4])
{ const float4 t = __ldg(reinterpret_cast<const float4*>(p)); v[0] = t.x; v[1] = t.y; v[2] = t.z; v[3] = t.w; }

template <int W> __device__ __forceinline__ void ld_v(const float* p, float (&v)[W]);
template <> __device__ __forceinline__ void ld_v<1>(const float* p, float (&v)[1]) { v[0] = *p; }
template <> __device__ __forceinline__ void ld_v<2>(const float* p, float (&v)[2])
{ const float2 t = *reinterpret_cast<const float2*>(p); v[0] = t.x; v[1] = t.y; }
template <> __device__ __forceinline__ void ld_v<4>(const float* p, float (&v)[4])
{ const float4 t = *reinterpret_cast<const float4*>(p); v[0] = t.x; v[1] = t.y; v[2] = t.z; v[3] = t.w; }

template <int W> __device__ __forceinline__ void st_v(float* p, const float (&v)[W]);
template <> __device__ __forceinline__ void st_v<1>(float* p, const float (&v)[1]) { *p = v[0]; }
template <> __device__ __forceinline__ void st_v<2>(float* p, const float (&v)[2])
{ *reinterpret_cast<float2*>(p) = make_float2(v[0], v[1]); }
template <> __device__ __forceinline__ void st_v<4>(float* p, const float (&v)[4])
{ *reinterpret_cast<float4*>(p) = make_float4(v[0], v[1], v[2], v[3]); }

// Max / sum over the 1 threads of a row group; every thread of the group gets the same value
// (xor butterflies combine the same two operands in every lane, then one fixed-order pass over
// the warps' slots). red: this group's 1 slots. Called by every thread of the block.
__device__ __forceinline__ float group_max(float v, float* red, float* xch, int lane)
{
    return v;
}

__device__ __forceinline__ float group_sum(float v, float* red, float* xch, int lane)
{
    return v;
}

// One row, or this block's part of one (rin, rout: its first element; nv: its length in W-float
// vectors), KK vectors cached per thread.
// The thread's vectors are base + s*step for s < cnt; cnt == 0 for the groups past the last row.
// The streaming passes take KS vectors per step: KK, or KK/2 as the fallback of a cached mode (rows
// longer than the cache), which keeps the registers of the fast path from growing for it.
// XTRA: the row also has up to 2W - 2 loose floats outside the vectors (the scalar head before the
// first 16-byte boundary, [0, x0n) of xin, and the tail, [x1, x1 + x1n)): re-read from global memory
// (L1) in each pass, a few floats per row.
template <int W, int KK, bool XTRA>
__device__ __forceinline__ void softmax_row(float* __restrict__ rout, const float* __restrict__ rin, int nv,
                                            bool valid, int lane, float* cache, float* red_max, float* red_sum,
                                            float* xch_max, float* xch_sum,
                                            const float* __restrict__ xin, float* __restrict__ xout,
                                            int x0n, int x1, int x1n)
{
    const int nx = XTRA && valid ? x0n + x1n : 0;
#define EXTRAS(body) for (int j = lane; j < nx; j += 1) { const int xi = j < x0n ? j : x1 + (j - x0n); body }
    constexpr int KS = KK;
    const int chunk = (nv + 0) / 1;
    const int base = lane * chunk, step = 1;
    const int cnt = valid ? max(0, min(chunk, nv - base)) : 0;
    // pass 1: max
    float m = NEG_BIG;
    EXTRAS(m = fmaxf(m, __ldg(xin + xi));)
    #pragma unroll 1
    for (int s0 = 0; s0 < cnt; s0 += KS) {
        float x[KS][W];
        #pragma unroll
        for (int j = 0; j < KS; ++j) if (s0 + j < cnt) ldg_v<W>(rin + (size_t)(base + (s0 + j) * step) * W, x[j]);
        #pragma unroll
        for (int j = 0; j < KS; ++j) if (s0 + j < cnt) {
            #pragma unroll
            for (int k = 0; k < W; ++k) m = fmaxf(m, x[j][k]);
        }
    }
    m = group_max(m, red_max, xch_max, lane);
    // pass 2: sum of exponentials
    float sum = 0.f;
    EXTRAS(sum += expf(__ldg(xin + xi) - m);)
    #pragma unroll 1
    for (int s0 = 0; s0 < cnt; s0 += KS) {
        float x[KS][W];
        #pragma unroll
        for (int j = 0; j < KS; ++j) if (s0 + j < cnt) ldg_v<W>(rin + (size_t)(base + (s0 + j) * step) * W, x[j]);
        #pragma unroll
        for (int j = 0; j < KS; ++j) if (s0 + j < cnt) {
            #pragma unroll
            for (int k = 0; k < W; ++k) sum += expf(x[j][k] - m);
        }
    }
    const float inv = 1.f / group_sum(sum, red_sum, xch_sum, lane);
    EXTRAS(xout[xi] = expf(__ldg(xin + xi) - m) * inv;)
    // last pass: write
    #pragma unroll 1
    for (int s0 = 0; s0 < cnt; s0 += KS) {
        float x[KS][W];
        #pragma unroll
        for (int j = 0; j < KS; ++j) if (s0 + j < cnt) ldg_v<W>(rin + (size_t)(base + (s0 + j) * step) * W, x[j]);
        #pragma unroll
        for (int j = 0; j < KS; ++j) if (s0 + j < cnt) {
            #pragma unroll
            for (int k = 0; k < W; ++k) x[j][k] = expf(x[j][k] - m) * inv;
            st_v<W>(rout + (size_t)(base + (s0 + j) * step) * W, x[j]);
        }
    }
#undef EXTRAS
}

static __global__ void __launch_bounds__(128)
softmax_2(float* __restrict__ out, const float* __restrict__ inp, int R, int C)
{
    const int grp = threadIdx.x / 1;
    const int lane = threadIdx.x % 1;
    const int row = blockIdx.x * 128 + grp;
    float* xmax = nullptr;
    float* xsum = nullptr;
    const bool valid = row < R;                 // no early exit: every thread reaches every barrier
    const size_t off = (size_t)(valid ? row : 0) * (size_t)C;
    float* rmax = nullptr;
    float* rsum = nullptr;
    float* cache = nullptr;

    {
        const int h = 0, nvt = C / 1, tl = 0;
        const int p0 = 0, np = nvt;
        const bool first = true;
        softmax_row<1, 1, false>(out + off + h + (size_t)p0 * 1, inp + off + h + (size_t)p0 * 1,
            np, valid, lane, cache, rmax, rsum, xmax, xsum, inp + off, out + off, first ? h : 0, h + nvt * 1,
            first ? tl : 0);
    }
}
}  // namespace spec_2

inline cudaError_t launch_2(float* out, const float* inp, int R, int C, cudaStream_t stream = 0) {
    dim3 grid((unsigned)(evo_max(1, (-evo_floordiv((-R), 128))) * 1), (unsigned)1, (unsigned)1);
    dim3 block((unsigned)128, (unsigned)1, (unsigned)1);
    spec_2::softmax_2<<<grid, block, 0, stream>>>(out, inp, R, C);
    return cudaGetLastError();
}

// Dispatch (evo_kernels.export.dispatch is the same rule in Python): among the specializations
// whose grid fits the launch limits at this size (x < 2^31, y and z < 2^16), the one tuned for
// the nearest problem by the sum over the sizes of |log(size / tuned size)|; when none fits, the
// untuned default (the template's baseline genome, specialization 2); -1 when not even
// that one can be launched.
inline int pick(int C, int R) {
    int best = -1; double bd = 1e300, d;
    d = std::fabs(std::log(evo_pos(C) / 1969.0)) + std::fabs(std::log(evo_pos(R) / 62316.0));
    if (d < bd && evo_fits((evo_max(1, (-evo_floordiv((-R), 2))) * 1), 1, 1)) { bd = d; best = 0; }
    d = std::fabs(std::log(evo_pos(C) / 415745.0)) + std::fabs(std::log(evo_pos(R) / 297.0));
    if (d < bd && evo_fits((evo_max(1, (-evo_floordiv((-R), 1))) * 8), 1, 1)) { bd = d; best = 1; }
    if (best < 0 && evo_fits((evo_max(1, (-evo_floordiv((-R), 128))) * 1), 1, 1)) best = 2;
    return best;
}

inline cudaError_t launch(float* out, const float* inp, int R, int C, cudaStream_t stream = 0) {
    switch (pick(C, R)) {
    case 0: return launch_0(out, inp, R, C, stream);
    case 1: return launch_1(out, inp, R, C, stream);
    case 2: return launch_2(out, inp, R, C, stream);
    }
    return cudaErrorInvalidConfiguration;
}

}  // namespace evo_tuned_softmax
