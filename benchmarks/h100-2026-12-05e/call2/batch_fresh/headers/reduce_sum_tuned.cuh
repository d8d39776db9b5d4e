// reduce_sum_tuned.cuh: reduce_sum kernels tuned by evo-kernels (namespace evo_tuned_reduce_sum); generated 2026-12-05T16:10:40+00:00.
// Template reduce_sum.cu.mako (hash 504f159cfaef64cd); tuned for sm_90.
// Self-contained: include it in any .cu file; call launch(...) with the kernel's arguments.
#pragma once
#include <cuda_runtime.h>
#include <cmath>
#include <cstdint>

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ != 900
#warning "evo_tuned_reduce_sum: tuned on sm_90; this architecture runs it correctly but untuned"
#endif

#include <stdint.h>

namespace evo_tuned_reduce_sum {

inline long long evo_floordiv(long long a, long long b) {
    long long q = a / b; return (q * b != a && ((a < 0) != (b < 0))) ? q - 1 : q;
}
inline long long evo_min(long long a, long long b) { return a < b ? a : b; }
inline long long evo_max(long long a, long long b) { return a > b ? a : b; }
inline double evo_pos(long long a) { return a > 1 ? (double)a : 1.0; }
inline bool evo_fits(long long x, long long y, long long z) {
    return x >= 1 && x <= 2147483647LL && y >= 1 && y <= 65535 && z >= 1 && z <= 65535;
}

// ---- specialization 0: tuned for {"N": 262471060}
// genome: {"AdjustBlockSize": 1024, "ThreadCoarsening": 2, "VectorizeLoads": 4, "UnrollLoop": 4, "UseSharedMemory": false, "ReorderInstructions": 1}
// measured: gpu_name=NVIDIA H100 80GB HBM3, driver_version=580.159.04, nvcc_version=cuda_13.0.r13.0/compiler.36424714_0, measured_at=2026-12-05T16:09:04+00:00, median_ms=0.3482, speedup=8.446, fitness=8.425, cv=0.002506, registers=26, spill_bytes=0
// fitness = speedup * exp(-w_cv * cv) / (1 + w_spill * spill_KiB) (see evo_kernels/fitness.py)
[[maybe_unused]] constexpr int ADJUSTBLOCKSIZE_0 = 1024;
[[maybe_unused]] constexpr int THREADCOARSENING_0 = 2;
[[maybe_unused]] constexpr int VECTORIZELOADS_0 = 4;
[[maybe_unused]] constexpr int UNROLLLOOP_0 = 4;
[[maybe_unused]] constexpr int USESHAREDMEMORY_0 = 0;
[[maybe_unused]] constexpr int REORDERINSTRUCTIONS_0 = 1;
namespace spec_0 {  // device helpers of one specialization stay apart from the others'
// reduce_sum_0: out[0] = sum(inp[0..N)), fp32, in one launch ("last block finishes").
// Each block reduces a grid-stride share into partials[blockIdx.x]; the block that takes the last
// ticket of *counter sums the partials in a fixed order, writes out[0] and resets *counter to 0.
// The result is deterministic: every sum runs in an order fixed by (N, grid, block), no float atomics.


__device__ __forceinline__ float vsum(float v) { return v; }
__device__ __forceinline__ float vsum(float2 v) { return v.x + v.y; }
__device__ __forceinline__ float vsum(float4 v) { return (v.x + v.y) + (v.z + v.w); }

// Sum of v over the block, valid in thread 0. Starts with a barrier so that red can be reused.
__device__ __forceinline__ float block_sum(float v, float* red)
{
    __syncthreads();
    #pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
    if ((threadIdx.x & 31) == 0) red[threadIdx.x >> 5] = v;
    __syncthreads();
    if (threadIdx.x < 32) {
        v = threadIdx.x < 32 ? red[threadIdx.x] : 0.f;
        #pragma unroll
        for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
    }
    return v;
}

static __global__ void __launch_bounds__(1024)
reduce_sum_0(float* __restrict__ out, const float* __restrict__ inp, float* partials, int* counter, int N)
{
    __shared__ float red[32];
    __shared__ int is_last;
    const unsigned int n = N > 0 ? (unsigned int)N : 0u;
    const unsigned int gid = blockIdx.x * 1024u + threadIdx.x;
    const unsigned int S = gridDim.x * 1024u;   // threads in the grid: the grid stride
    float acc[1];
    #pragma unroll
    for (int a = 0; a < 1; ++a) acc[a] = 0.f;
    // Scalar head up to 16-byte alignment, float4 body, scalar tail (head + tail < 8 elements).
    const unsigned int mis = (unsigned int)((reinterpret_cast<uintptr_t>(inp) >> 2) % 4u);
    const unsigned int head = min(mis ? 4u - mis : 0u, n);
    const unsigned int nvec = (n - head) / 4u;
    const unsigned int tail0 = head + nvec * 4u;
    if (gid < head) acc[0] += inp[gid];
    if (gid < n - tail0) acc[0] += inp[tail0 + gid];
    const float4* __restrict__ vin = reinterpret_cast<const float4*>(inp + head);
    unsigned int i = gid;
    // i + 4*S < n + 4*S < 2^32: no unsigned wrap for any int N and grid.
    #pragma unroll 1
    for (; i + 3u * S < nvec; i += 4u * S) {
        float4 v[4];
        #pragma unroll
        for (int j = 0; j < 4; ++j) v[j] = __ldg(vin + i + j * S);
        #pragma unroll
        for (int j = 0; j < 4; ++j) acc[j % 1] += vsum(v[j]);
    }
    #pragma unroll 1
    for (; i < nvec; i += S) acc[0] += vsum(__ldg(vin + i));

    const float total = block_sum(acc[0], red);
    if (threadIdx.x == 0) {
        partials[blockIdx.x] = total;
        __threadfence();                                   // publish the partial before the ticket
        is_last = atomicAdd(counter, 1) == (int)gridDim.x - 1;
    }
    __syncthreads();
    if (is_last) {                                         // uniform over the block
        __threadfence();                                   // acquire: see every block's partial
        float s = 0.f;
        #pragma unroll 4
        for (unsigned int b = threadIdx.x; b < gridDim.x; b += 1024u) s += __ldcg(partials + b);
        s = block_sum(s, red);
        if (threadIdx.x == 0) {
            out[0] = s;
            atomicExch(counter, 0);                        // ready for the next launch
        }
    }
}
}  // namespace spec_0

inline cudaError_t launch_0(float* out, const float* inp, float* partials, int* counter, int N, cudaStream_t stream = 0) {
    dim3 grid((unsigned)evo_max(1, evo_min(264, (-evo_floordiv((-N), 16384)))), (unsigned)1, (unsigned)1);
    dim3 block((unsigned)1024, (unsigned)1, (unsigned)1);
    spec_0::reduce_sum_0<<<grid, block, 0, stream>>>(out, inp, partials, counter, N);
    return cudaGetLastError();
}

// ---- specialization 1: tuned for {"N": 86888866}
// genome: {"AdjustBlockSize": 1024, "ThreadCoarsening": 2, "VectorizeLoads": 4, "UnrollLoop": 4, "UseSharedMemory": false, "ReorderInstructions": 2}
// measured: gpu_name=NVIDIA H100 80GB HBM3, driver_version=580.159.04, nvcc_version=cuda_13.0.r13.0/compiler.36424714_0, measured_at=2026-12-05T16:08:54+00:00, median_ms=0.1254, speedup=7.871, fitness=7.854, cv=0.002217, registers=28, spill_bytes=0
// fitness = speedup * exp(-w_cv * cv) / (1 + w_spill * spill_KiB) (see evo_kernels/fitness.py)
[[maybe_unused]] constexpr int ADJUSTBLOCKSIZE_1 = 1024;
[[maybe_unused]] constexpr int THREADCOARSENING_1 = 2;
[[maybe_unused]] constexpr int VECTORIZELOADS_1 = 4;
[[maybe_unused]] constexpr int UNROLLLOOP_1 = 4;
[[maybe_unused]] constexpr int USESHAREDMEMORY_1 = 0;
[[maybe_unused]] constexpr int REORDERINSTRUCTIONS_1 = 2;
namespace spec_1 {  // device helpers of one specialization stay apart from the others'
// reduce_sum_1: out[0] = sum(inp[0..N)), fp32, in one launch ("last block finishes").
// Each block reduces a grid-stride share into partials[blockIdx.x]; the block that takes the last
// ticket of *counter sums the partials in a fixed order, writes out[0] and resets *counter to 0.
// The result is deterministic: every sum runs in an order fixed by (N, grid, block), no float atomics.


__device__ __forceinline__ float vsum(float v) { return v; }
__device__ __forceinline__ float vsum(float2 v) { return v.x + v.y; }
__device__ __forceinline__ float vsum(float4 v) { return (v.x + v.y) + (v.z + v.w); }

// Sum of v over the block, valid in thread 0. Starts with a barrier so that red can be reused.
__device__ __forceinline__ float block_sum(float v, float* red)
{
    __syncthreads();
    #pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
    if ((threadIdx.x & 31) == 0) red[threadIdx.x >> 5] = v;
    __syncthreads();
    if (threadIdx.x < 32) {
        v = threadIdx.x < 32 ? red[threadIdx.x] : 0.f;
        #pragma unroll
        for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
    }
    return v;
}

static __global__ void __launch_bounds__(1024)
reduce_sum_1(float* __restrict__ out, const float* __restrict__ inp, float* partials, int* counter, int N)
{
    __shared__ float red[32];
    __shared__ int is_last;
    const unsigned int n = N > 0 ? (unsigned int)N : 0u;
    const unsigned int gid = blockIdx.x * 1024u + threadIdx.x;
    const unsigned int S = gridDim.x * 1024u;   // threads in the grid: the grid stride
    float acc[2];
    #pragma unroll
    for (int a = 0; a < 2; ++a) acc[a] = 0.f;
    // Scalar head up to 16-byte alignment, float4 body, scalar tail (head + tail < 8 elements).
    const unsigned int mis = (unsigned int)((reinterpret_cast<uintptr_t>(inp) >> 2) % 4u);
    const unsigned int head = min(mis ? 4u - mis : 0u, n);
    const unsigned int nvec = (n - head) / 4u;
    const unsigned int tail0 = head + nvec * 4u;
    if (gid < head) acc[0] += inp[gid];
    if (gid < n - tail0) acc[0] += inp[tail0 + gid];
    const float4* __restrict__ vin = reinterpret_cast<const float4*>(inp + head);
    unsigned int i = gid;
    // i + 4*S < n + 4*S < 2^32: no unsigned wrap for any int N and grid.
    #pragma unroll 1
    for (; i + 3u * S < nvec; i += 4u * S) {
        float4 v[4];
        #pragma unroll
        for (int j = 0; j < 4; ++j) v[j] = __ldg(vin + i + j * S);
        #pragma unroll
        for (int j = 0; j < 4; ++j) acc[j % 2] += vsum(v[j]);
    }
    #pragma unroll 1
    for (; i < nvec; i += S) acc[0] += vsum(__ldg(vin + i));

    const float total = block_sum((acc[0] + acc[1]), red);
    if (threadIdx.x == 0) {
        partials[blockIdx.x] = total;
        __threadfence();                                   // publish the partial before the ticket
        is_last = atomicAdd(counter, 1) == (int)gridDim.x - 1;
    }
    __syncthreads();
    if (is_last) {                                         // uniform over the block
        __threadfence();                                   // acquire: see every block's partial
        float s = 0.f;
        #pragma unroll 4
        for (unsigned int b = threadIdx.x; b < gridDim.x; b += 1024u) s += __ldcg(partials + b);
        s = block_sum(s, red);
        if (threadIdx.x == 0) {
            out[0] = s;
            atomicExch(counter, 0);                        // ready for the next launch
        }
    }
}
}  // namespace spec_1

inline cudaError_t launch_1(float* out, const float* inp, float* partials, int* counter, int N, cudaStream_t stream = 0) {
    dim3 grid((unsigned)evo_max(1, evo_min(264, (-evo_floordiv((-N), 16384)))), (unsigned)1, (unsigned)1);
    dim3 block((unsigned)1024, (unsigned)1, (unsigned)1);
    spec_1::reduce_sum_1<<<grid, block, 0, stream>>>(out, inp, partials, counter, N);
    return cudaGetLastError();
}

// ---- specialization 2: the untuned default (the template's baseline genome)
// genome: {"AdjustBlockSize": 256, "ThreadCoarsening": 1, "VectorizeLoads": 1, "UnrollLoop": 1, "UseSharedMemory": true, "ReorderInstructions": 1}
// measured: 
// fitness = speedup * exp(-w_cv * cv) / (1 + w_spill * spill_KiB) (see evo_kernels/fitness.py)
[[maybe_unused]] constexpr int ADJUSTBLOCKSIZE_2 = 256;
[[maybe_unused]] constexpr int THREADCOARSENING_2 = 1;
[[maybe_unused]] constexpr int VECTORIZELOADS_2 = 1;
[[maybe_unused]] constexpr int UNROLLLOOP_2 = 1;
[[maybe_unused]] constexpr int USESHAREDMEMORY_2 = 1;
[[maybe_unused]] constexpr int REORDERINSTRUCTIONS_2 = 1;
namespace spec_2 {  // device helpers of one specialization stay apart from the others'
// reduce_sum_2: out[0] = sum(inp[0..N)), fp32, in one launch ("last block finishes").
// Each block reduces a grid-stride share into partials[blockIdx.x]; the block that takes the last
// ticket of *counter sums the partials in a fixed order, writes out[0] and resets *counter to 0.
// The result is deterministic: every sum runs in an order fixed by (N, grid, block), no float atomics.


__device__ __forceinline__ float vsum(float v) { return v; }
__device__ __forceinline__ float vsum(float2 v) { return v.x + v.y; }
__device__ __forceinline__ float vsum(float4 v) { return (v.x + v.y) + (v.z + v.w); }

// Sum of v over the block, valid in thread 0. Starts with a barrier so that red can be reused.
__device__ __forceinline__ float block_sum(float v, float* red)
{
    __syncthreads();
    red[threadIdx.x] = v;
    __syncthreads();
    if (threadIdx.x < 128) red[threadIdx.x] += red[threadIdx.x + 128];
    __syncthreads();
    if (threadIdx.x < 64) red[threadIdx.x] += red[threadIdx.x + 64];
    __syncthreads();
    if (threadIdx.x < 32) red[threadIdx.x] += red[threadIdx.x + 32];
    __syncthreads();
    if (threadIdx.x < 16) red[threadIdx.x] += red[threadIdx.x + 16];
    __syncthreads();
    if (threadIdx.x < 8) red[threadIdx.x] += red[threadIdx.x + 8];
    __syncthreads();
    if (threadIdx.x < 4) red[threadIdx.x] += red[threadIdx.x + 4];
    __syncthreads();
    if (threadIdx.x < 2) red[threadIdx.x] += red[threadIdx.x + 2];
    __syncthreads();
    if (threadIdx.x < 1) red[threadIdx.x] += red[threadIdx.x + 1];
    __syncthreads();
    return red[0];
}

static __global__ void __launch_bounds__(256)
reduce_sum_2(float* __restrict__ out, const float* __restrict__ inp, float* partials, int* counter, int N)
{
    __shared__ float red[256];
    __shared__ int is_last;
    const unsigned int n = N > 0 ? (unsigned int)N : 0u;
    const unsigned int gid = blockIdx.x * 256u + threadIdx.x;
    const unsigned int S = gridDim.x * 256u;   // threads in the grid: the grid stride
    float acc[1];
    #pragma unroll
    for (int a = 0; a < 1; ++a) acc[a] = 0.f;
    const unsigned int nvec = n;
    const float* __restrict__ vin = inp;
    unsigned int i = gid;
    #pragma unroll 1
    for (; i < nvec; i += S) acc[0] += vsum(__ldg(vin + i));

    const float total = block_sum(acc[0], red);
    if (threadIdx.x == 0) {
        partials[blockIdx.x] = total;
        __threadfence();                                   // publish the partial before the ticket
        is_last = atomicAdd(counter, 1) == (int)gridDim.x - 1;
    }
    __syncthreads();
    if (is_last) {                                         // uniform over the block
        __threadfence();                                   // acquire: see every block's partial
        float s = 0.f;
        #pragma unroll 4
        for (unsigned int b = threadIdx.x; b < gridDim.x; b += 256u) s += __ldcg(partials + b);
        s = block_sum(s, red);
        if (threadIdx.x == 0) {
            out[0] = s;
            atomicExch(counter, 0);                        // ready for the next launch
        }
    }
}
}  // namespace spec_2

inline cudaError_t launch_2(float* out, const float* inp, float* partials, int* counter, int N, cudaStream_t stream = 0) {
    dim3 grid((unsigned)evo_max(1, evo_min(132, (-evo_floordiv((-N), 256)))), (unsigned)1, (unsigned)1);
    dim3 block((unsigned)256, (unsigned)1, (unsigned)1);
    spec_2::reduce_sum_2<<<grid, block, 0, stream>>>(out, inp, partials, counter, N);
    return cudaGetLastError();
}

// Dispatch (evo_kernels.export.dispatch is the same rule in Python): among the specializations
// whose grid fits the launch limits at this size (x < 2^31, y and z < 2^16), the one tuned for
// the nearest problem by the sum over the sizes of |log(size / tuned size)|; when none fits, the
// untuned default (the template's baseline genome, specialization 2); -1 when not even
// that one can be launched.
inline int pick(int N) {
    int best = -1; double bd = 1e300, d;
    d = std::fabs(std::log(evo_pos(N) / 262471060.0));
    if (d < bd && evo_fits(evo_max(1, evo_min(264, (-evo_floordiv((-N), 16384)))), 1, 1)) { bd = d; best = 0; }
    d = std::fabs(std::log(evo_pos(N) / 86888866.0));
    if (d < bd && evo_fits(evo_max(1, evo_min(264, (-evo_floordiv((-N), 16384)))), 1, 1)) { bd = d; best = 1; }
    if (best < 0 && evo_fits(evo_max(1, evo_min(132, (-evo_floordiv((-N), 256)))), 1, 1)) best = 2;
    return best;
}

inline cudaError_t launch(float* out, const float* inp, float* partials, int* counter, int N, cudaStream_t stream = 0) {
    switch (pick(N)) {
    case 0: return launch_0(out, inp, partials, counter, N, stream);
    case 1: return launch_1(out, inp, partials, counter, N, stream);
    case 2: return launch_2(out, inp, partials, counter, N, stream);
    }
    return cudaErrorInvalidConfiguration;
}

}  // namespace evo_tuned_reduce_sum
