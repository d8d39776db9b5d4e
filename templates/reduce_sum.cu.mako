// ${KERNEL}: out[0] = sum(inp[0..N)), fp32, in one launch ("last block finishes").
// Each block reduces a grid-stride share into partials[blockIdx.x]; the block that takes the last
// ticket of *counter sums the partials in a fixed order, writes out[0] and resets *counter to 0.
// The result is deterministic: every sum runs in an order fixed by (N, grid, block), no float atomics.
<%
BS, V, U, A = AdjustBlockSize, VectorizeLoads, UnrollLoop, ReorderInstructions
VT = {1: "float", 2: "float2", 4: "float4"}[V]
NW = BS // 32
%>
#include <stdint.h>

__device__ __forceinline__ float vsum(float v) { return v; }
__device__ __forceinline__ float vsum(float2 v) { return v.x + v.y; }
__device__ __forceinline__ float vsum(float4 v) { return (v.x + v.y) + (v.z + v.w); }

// Sum of v over the block, valid in thread 0. Starts with a barrier so that red can be reused.
__device__ __forceinline__ float block_sum(float v, float* red)
{
    __syncthreads();
% if UseSharedMemory:
    red[threadIdx.x] = v;
    __syncthreads();
  % for s in [BS >> k for k in range(1, BS.bit_length()) if BS >> k]:
    if (threadIdx.x < ${s}) red[threadIdx.x] += red[threadIdx.x + ${s}];
    __syncthreads();
  % endfor
    return red[0];
% else:
    #pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
  % if NW > 1:
    if ((threadIdx.x & 31) == 0) red[threadIdx.x >> 5] = v;
    __syncthreads();
    if (threadIdx.x < 32) {
        v = threadIdx.x < ${NW} ? red[threadIdx.x] : 0.f;
        #pragma unroll
        for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
    }
  % endif
    return v;
% endif
}

extern "C" __global__ void __launch_bounds__(${BS})
${KERNEL}(float* __restrict__ out, const float* __restrict__ inp, float* partials, int* counter, int N)
{
    __shared__ float red[${BS if UseSharedMemory else 32}];
    __shared__ int is_last;
    const unsigned int n = N > 0 ? (unsigned int)N : 0u;
    const unsigned int gid = blockIdx.x * ${BS}u + threadIdx.x;
    const unsigned int S = gridDim.x * ${BS}u;   // threads in the grid: the grid stride
    float acc[${A}];
    #pragma unroll
    for (int a = 0; a < ${A}; ++a) acc[a] = 0.f;
% if V > 1:
    // Scalar head up to ${4 * V}-byte alignment, ${VT} body, scalar tail (head + tail < ${2 * V} elements).
    const unsigned int mis = (unsigned int)((reinterpret_cast<uintptr_t>(inp) >> 2) % ${V}u);
    const unsigned int head = min(mis ? ${V}u - mis : 0u, n);
    const unsigned int nvec = (n - head) / ${V}u;
    const unsigned int tail0 = head + nvec * ${V}u;
    if (gid < head) acc[0] += inp[gid];
    if (gid < n - tail0) acc[0] += inp[tail0 + gid];
    const ${VT}* __restrict__ vin = reinterpret_cast<const ${VT}*>(inp + head);
% else:
    const unsigned int nvec = n;
    const float* __restrict__ vin = inp;
% endif
    unsigned int i = gid;
% if U > 1:
    // i + ${U}*S < n + ${U}*S < 2^32: no unsigned wrap for any int N and grid.
    #pragma unroll 1
    for (; i + ${U - 1}u * S < nvec; i += ${U}u * S) {
        ${VT} v[${U}];
        #pragma unroll
        for (int j = 0; j < ${U}; ++j) v[j] = __ldg(vin + i + j * S);
        #pragma unroll
        for (int j = 0; j < ${U}; ++j) acc[j % ${A}] += vsum(v[j]);
    }
% endif
    #pragma unroll 1
    for (; i < nvec; i += S) acc[0] += vsum(__ldg(vin + i));
<%
def tree(lo, hi):
    if hi - lo == 1:
        return f"acc[{lo}]"
    mid = (lo + hi) // 2
    return f"({tree(lo, mid)} + {tree(mid, hi)})"
%>
    const float total = block_sum(${tree(0, A)}, red);
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
        for (unsigned int b = threadIdx.x; b < gridDim.x; b += ${BS}u) s += __ldcg(partials + b);
        s = block_sum(s, red);
        if (threadIdx.x == 0) {
            out[0] = s;
            atomicExch(counter, 0);                        // ready for the next launch
        }
    }
}
