// stencil_tuned.cuh: stencil kernels tuned by evo-kernels (namespace evo_tuned_stencil); generated 2026-12-05T16:10:40+00:00.
// Template stencil.cu.mako (hash 66c87839c820ec82); tuned for sm_90.
// Self-contained: include it in any .cu file; call launch(...) with the kernel's arguments.
#pragma once
#include <cuda_runtime.h>
#include <cmath>
#include <cstdint>

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ != 900
#warning "evo_tuned_stencil: tuned on sm_90; this architecture runs it correctly but untuned"
#endif

#include <stdint.h>

namespace evo_tuned_stencil {

inline long long evo_floordiv(long long a, long long b) {
    long long q = a / b; return (q * b != a && ((a < 0) != (b < 0))) ? q - 1 : q;
}
inline long long evo_min(long long a, long long b) { return a < b ? a : b; }
inline long long evo_max(long long a, long long b) { return a > b ? a : b; }
inline double evo_pos(long long a) { return a > 1 ? (double)a : 1.0; }
inline bool evo_fits(long long x, long long y, long long z) {
    return x >= 1 && x <= 2147483647LL && y >= 1 && y <= 65535 && z >= 1 && z <= 65535;
}

// ---- specialization 0: tuned for {"H": 5500, "W": 16838}
// genome: {"AdjustBlockSizeX": 32, "AdjustBlockSizeY": 4, "ThreadCoarsening": 4, "VectorizeLoads": 4, "UseSharedMemory": true, "PadSharedMemory": false, "UnrollLoop": true, "VectorizeLoads_Align": false, "ReorderInstructions_Prefetch": false, "VectorizeLoads_AlignStores": false, "VectorizeLoads_AlignShared": false, "CoalesceMemoryAccess": false, "TileLoops_Flat": false, "TileLoops_Skew": true, "TileLoops_Narrow": false}
// measured: gpu_name=NVIDIA H100 80GB HBM3, driver_version=580.159.04, nvcc_version=cuda_13.0.r13.0/compiler.36424714_0, measured_at=2026-12-05T16:10:24+00:00, median_ms=0.25, speedup=1.631, fitness=1.625, cv=0.003972, registers=72, spill_bytes=0
// fitness = speedup * exp(-w_cv * cv) / (1 + w_spill * spill_KiB) (see evo_kernels/fitness.py)
[[maybe_unused]] constexpr int ADJUSTBLOCKSIZEX_0 = 32;
[[maybe_unused]] constexpr int ADJUSTBLOCKSIZEY_0 = 4;
[[maybe_unused]] constexpr int THREADCOARSENING_0 = 4;
[[maybe_unused]] constexpr int VECTORIZELOADS_0 = 4;
[[maybe_unused]] constexpr int USESHAREDMEMORY_0 = 1;
[[maybe_unused]] constexpr int PADSHAREDMEMORY_0 = 0;
[[maybe_unused]] constexpr int UNROLLLOOP_0 = 1;
[[maybe_unused]] constexpr int VECTORIZELOADS_ALIGN_0 = 0;
[[maybe_unused]] constexpr int REORDERINSTRUCTIONS_PREFETCH_0 = 0;
[[maybe_unused]] constexpr int VECTORIZELOADS_ALIGNSTORES_0 = 0;
[[maybe_unused]] constexpr int VECTORIZELOADS_ALIGNSHARED_0 = 0;
[[maybe_unused]] constexpr int COALESCEMEMORYACCESS_0 = 0;
[[maybe_unused]] constexpr int TILELOOPS_FLAT_0 = 0;
[[maybe_unused]] constexpr int TILELOOPS_SKEW_0 = 1;
[[maybe_unused]] constexpr int TILELOOPS_NARROW_0 = 0;
namespace spec_0 {  // device helpers of one specialization stay apart from the others'
// stencil_0: one 5-point Jacobi step on an H x W fp32 row-major grid; the boundary is copied.
// Block 32 x 4 threads; thread (tx, ty) computes columns x0 .. x0+V-1 of
// rows y0 .. y0+CY-1, x0 = (bx*BX + tx)*V, y0 = (by*BY + ty)*CY. Every load is clamped into the grid,
// every store is guarded, so any H, W >= 1 works.


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

// Columns x0 .. x0+3 of one row. VEC: W % 4 == 0 and x0 < W, so the whole vector is in the row;
// otherwise element-wise, clamped to the last column (the clamped values are never stored).
template <bool VEC>
__device__ __forceinline__ void load_cols(const float* __restrict__ rowp, int x0, int W, float (&v)[4])
{
    if (VEC) {
        ldg_v<4>(rowp + x0, v);
    } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) v[k] = __ldg(rowp + min(x0 + k, W - 1));
    }
}

template <bool VEC>
__device__ __forceinline__ void store_cols(float* __restrict__ rowp, int x0, int W, const float (&v)[4])
{
    if (VEC) {
        st_v<4>(rowp + x0, v);
    } else {
        #pragma unroll
        for (int k = 0; k < 4; ++k) if (x0 + k < W) rowp[x0 + k] = v[k];
    }
}

// b: the row being updated (with its left / right neighbours bl, br), a / c: the rows above / below.
__device__ __forceinline__ void update(float (&o)[4], const float (&a)[4], const float (&b)[4],
                                       const float (&c)[4], float bl, float br, int x0, int y, int H, int W,
                                       float c0, float c1)
{
    const bool edge_row = (y == 0) | (y == H - 1);
    #pragma unroll
    for (int k = 0; k < 4; ++k) {
        const float l = k == 0 ? bl : b[k > 0 ? k - 1 : 0];
        const float r = k == 3 ? br : b[k < 3 ? k + 1 : 3];
        const int x = x0 + k;
        const float s = c0 * b[k] + c1 * ((a[k] + c[k]) + (l + r));
        o[k] = (edge_row | (x == 0) | (x == W - 1)) ? b[k] : s;
    }
}

// tile[r][4 + i] holds in[by*16 - 1 + r][bx*128 + i] (clamped into the grid), r < 18, -1 <= i <= 128.
template <bool VEC>
__device__ __forceinline__ void run(float* __restrict__ out, const float* __restrict__ inp, int H, int W,
                                    float c0, float c1, float (*tile)[140], int by)
{
    const size_t ws = (size_t)W;
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int bx0 = blockIdx.x * 128, by0 = by * 16;
    // the grid's last tile column is there for run_skew's shifted tiles (W + 7 columns); here it may start
    // past the row's end (W % 128 > 121), where its halo load would read past the array
    if (bx0 >= W) return;                      // uniform over the block, before its barriers
    {
    #pragma unroll 1
    for (int r = ty; r < 18; r += 4) {
        const float* rowp = inp + (size_t)min(max(by0 - 1 + r, 0), H - 1) * ws;
        const int gx = bx0 + tx * 4;
        float v[4];
        if (VEC) {
            if (gx < W) ldg_v<4>(rowp + gx, v);
            else {
                #pragma unroll
                for (int k = 0; k < 4; ++k) v[k] = 0.f;
            }
        } else {
            load_cols<false>(rowp, gx, W, v);
        }
        st_v<4>(&tile[r][4 + tx * 4], v);
    }
    for (int idx = ty * 32 + tx; idx < 36; idx += 128) {
        const int r = idx >> 1;
        const float* rowp = inp + (size_t)min(max(by0 - 1 + r, 0), H - 1) * ws;
        if (idx & 1) tile[r][132] = __ldg(rowp + min(bx0 + 128, W - 1));
        else         tile[r][3] = __ldg(rowp + max(bx0 - 1, 0));
    }
    __syncthreads();
    }
    const int x0 = bx0 + tx * 4;
    const int y0 = by0 + ty * 4;
    if (x0 >= W) return;                       // after the only barrier
    const int sx = 4 + tx * 4;
    #pragma unroll
    for (int i = 0; i < 4; ++i) {
        const int y = y0 + i;
        if (y >= H) break;
        const int sr = ty * 4 + i + 1;
        float a[4], b[4], c[4], o[4];
        ld_v<4>(&tile[sr - 1][sx], a);
        ld_v<4>(&tile[sr][sx], b);
        ld_v<4>(&tile[sr + 1][sx], c);
        update(o, a, b, c, tile[sr][sx - 1], tile[sr][sx + 4], x0, y, H, W, c0, c1);
        store_cols<VEC>(out + (size_t)y * ws, x0, W, o);
    }
}

// TileLoops_Skew, where the rows take no vectors (W % 4 != 0, a misaligned buffer): output row y
// of the tile covers columns bx0 - d .. bx0 + 127 - d, d the misalignment in floats of out + y*W + bx0 within a
// 32-byte sector (bx0 is a multiple of 8, so d depends on y only). Each row is so split between tiles at sector
// boundaries, and every sector is written whole by one warp store. tile[r][9 + i] holds in[by*16 - 1 + r][bx0 + i]
// (clamped into the grid), -9 <= i <= 128, loaded in warp windows that start on a sector; thread tx computes
// columns bx0 - d + tx + k*32 (k < 4), so each warp store is consecutive floats from a sector boundary.
__device__ __forceinline__ void run_skew(float* __restrict__ out, const float* __restrict__ inp, int H, int W,
                                         float c0, float c1, float (*tile)[140], int by)
{
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int bx0 = blockIdx.x * 128, by0 = by * 16;
    const unsigned ib = (unsigned)(reinterpret_cast<uintptr_t>(inp) / 4);
    const unsigned ob = (unsigned)(reinterpret_cast<uintptr_t>(out) / 4);
    // the loads of 5 of this thread's 5 staged rows (5 window slots each) are all issued before the first
    // shared store
    #pragma unroll
    for (int g0 = 0; g0 < 5; g0 += 5) {
        float v[5][5];
        int e[5];
        #pragma unroll
        for (int n = 0; n < 5; ++n) {
            const int r = ty + (g0 + n) * 4;
            if (g0 + n < 5 && r < 18) {
                const int yr = min(max(by0 - 1 + r, 0), H - 1);
                const float* rowp = inp + (size_t)yr * W;
                e[n] = (int)((ib + (unsigned)yr * (unsigned)W + (unsigned)(bx0 - 9)) & 7u);   // the window's start
                #pragma unroll
                for (int q = 0; q < 5; ++q) {
                    const int j = tx + q * 32 - e[n];    // staged column: bx0 - 9 + j
                    v[n][q] = __ldg(rowp + min(max(bx0 - 9 + j, 0), W - 1));
                }
            }
        }
        #pragma unroll
        for (int n = 0; n < 5; ++n) {
            const int r = ty + (g0 + n) * 4;
            if (g0 + n < 5 && r < 18) {
                #pragma unroll
                for (int q = 0; q < 5; ++q) {
                    const int j = tx + q * 32 - e[n];
                    if (j >= 0 && j < 138) tile[r][j] = v[n][q];
                }
            }
        }
    }
    __syncthreads();
    const int y0 = by0 + ty * 4;
    #pragma unroll
    for (int i = 0; i < 4; ++i) {
        const int y = y0 + i;
        if (y >= H) break;
        const int sr = ty * 4 + i + 1;
        const int d = (int)((ob + (unsigned)y * (unsigned)W + (unsigned)bx0) & 7u);   // uniform over the row
        float* const rowp = out + (size_t)y * W;
        const bool edge_row = (y == 0) | (y == H - 1);
        #pragma unroll
        for (int k = 0; k < 4; ++k) {
            const int j = 9 + tx + k * 32 - d;       // staged column of output column x
            const int x = bx0 - 9 + j;
            const float b = tile[sr][j];
            const float s = c0 * b + c1 * ((tile[sr - 1][j] + tile[sr + 1][j]) + (tile[sr][j - 1] + tile[sr][j + 1]));
            if (x >= 0 && x < W) rowp[x] = (edge_row | (x == 0) | (x == W - 1)) ? b : s;
        }
    }
}

static __global__ void __launch_bounds__(128)
stencil_0(float* __restrict__ out, const float* __restrict__ inp, int H, int W, float c0, float c1)
{
    const bool vec = (W % 4 == 0) && ((reinterpret_cast<uintptr_t>(inp) | reinterpret_cast<uintptr_t>(out)) % 16 == 0);
    __shared__ __align__(16) float tile[18][140];
    #pragma unroll 1
    for (int by = blockIdx.y; by * 16 < H; by += gridDim.y) {   // grid y is at most 65535
        if (by != blockIdx.y) __syncthreads();                    // the previous tile has been read
        if (vec) run<true>(out, inp, H, W, c0, c1, tile, by);
        else     run_skew(out, inp, H, W, c0, c1, tile, by);
    }
}
}  // namespace spec_0

inline cudaError_t launch_0(float* out, const float* inp, int H, int W, float c0, float c1, cudaStream_t stream = 0) {
    dim3 grid((unsigned)evo_floordiv((((W + 7) + 128) - 1), 128), (unsigned)evo_min(65535, evo_floordiv(((H + 16) - 1), 16)), (unsigned)1);
    dim3 block((unsigned)32, (unsigned)4, (unsigned)1);
    spec_0::stencil_0<<<grid, block, 0, stream>>>(out, inp, H, W, c0, c1);
    return cudaGetLastError();
}

// ---- specialization 1: tuned for {"H": 949543, "W": 37}
// genome: {"AdjustBlockSizeX": 32, "AdjustBlockSizeY": 4, "ThreadCoarsening": 4, "VectorizeLoads": 4, "UseSharedMemory": false, "PadSharedMemory": false, "UnrollLoop": false, "VectorizeLoads_Align": false, "ReorderInstructions_Prefetch": true, "VectorizeLoads_AlignStores": false, "VectorizeLoads_AlignShared": true, "CoalesceMemoryAccess": true, "TileLoops_Flat": "float4", "TileLoops_Skew": true, "TileLoops_Narrow": false}
// measured: gpu_name=NVIDIA H100 80GB HBM3, driver_version=580.159.04, nvcc_version=cuda_13.0.r13.0/compiler.36424714_0, measured_at=2026-12-05T16:10:38+00:00, median_ms=0.1059, speedup=1.715, fitness=1.708, cv=0.004104, registers=79, spill_bytes=0
// fitness = speedup * exp(-w_cv * cv) / (1 + w_spill * spill_KiB) (see evo_kernels/fitness.py)
[[maybe_unused]] constexpr int ADJUSTBLOCKSIZEX_1 = 32;
[[maybe_unused]] constexpr int ADJUSTBLOCKSIZEY_1 = 4;
[[maybe_unused]] constexpr int THREADCOARSENING_1 = 4;
[[maybe_unused]] constexpr int VECTORIZELOADS_1 = 4;
[[maybe_unused]] constexpr int USESHAREDMEMORY_1 = 0;
[[maybe_unused]] constexpr int PADSHAREDMEMORY_1 = 0;
[[maybe_unused]] constexpr int UNROLLLOOP_1 = 0;
[[maybe_unused]] constexpr int VECTORIZELOADS_ALIGN_1 = 0;
[[maybe_unused]] constexpr int REORDERINSTRUCTIONS_PREFETCH_1 = 1;
[[maybe_unused]] constexpr int VECTORIZELOADS_ALIGNSTORES_1 = 0;
[[maybe_unused]] constexpr int VECTORIZELOADS_ALIGNSHARED_1 = 1;
[[maybe_unused]] constexpr int COALESCEMEMORYACCESS_1 = 1;
[[maybe_unused]] constexpr int TILELOOPS_SKEW_1 = 1;
[[maybe_unused]] constexpr int TILELOOPS_NARROW_1 = 0;
namespace spec_1 {  // device helpers of one specialization stay apart from the others'
// stencil_1: one 5-point Jacobi step on an H x W fp32 row-major grid; the boundary is copied.
// Block 32 x 4 threads; thread (tx, ty) computes columns x0 .. x0+V-1 of
// rows y0 .. y0+CY-1, x0 = (bx*BX + tx)*V, y0 = (by*BY + ty)*CY. Every load is clamped into the grid,
// every store is guarded, so any H, W >= 1 works.

// TileLoops_Flat=float4: the H x W outputs as one flat array in float4 pieces, torch.compile's layout for this
// stencil. Block b covers 2048 consecutive floats; thread tid takes the 4 floats at
// (b*4 + c)*512 + 4*tid for each of its 4 chunks c, so every warp access spans 512 consecutive bytes and
// no block idles at a ragged edge. The centre is one float4 load and store; the rows above and below and the left
// and right neighbours are scalar loads that the L1 serves (an earlier version built them from aligned vectors and
// warp shuffles: 3-6% slower on an H100, benchmarks/h100-2026-12-05d/call5). All of a thread's loads are issued
// before the first output. Index math is 32-bit where the grid allows it (a second copy in 64-bit); buffers that
// are not 16-byte aligned, and rows narrower than a vector, take a scalar path.
__device__ __forceinline__ float4 ld4(const float* __restrict__ p, long long j, long long n)
{   // the aligned float4 at j (a multiple of 4), element by element (0 outside) where it is not all inside
    if (j >= 0 && j + 4 <= n) return __ldg(reinterpret_cast<const float4*>(p + j));
    float4 r;
    r.x = (j >= 0 && j < n) ? __ldg(p + j) : 0.f;
    r.y = (j + 1 >= 0 && j + 1 < n) ? __ldg(p + j + 1) : 0.f;
    r.z = (j + 2 >= 0 && j + 2 < n) ? __ldg(p + j + 2) : 0.f;
    r.w = (j + 3 >= 0 && j + 3 < n) ? __ldg(p + j + 3) : 0.f;
    return r;
}
template <typename I>   // int where H * W + W + 16 fits, else long long
__device__ __forceinline__ void flat4(float* __restrict__ out, const float* __restrict__ inp, int H, int W, float c0,
                                      float c1, int tid)
{
    const I n = (I)H * W, base = (I)blockIdx.x * 2048 + 4 * tid;
    float4 m[4];
    float up[4][4], dw[4][4], lf[4], rt[4];
    #pragma unroll
    for (int c = 0; c < 4; ++c) {
        const I i0 = base + (I)c * 512;
        if (i0 >= (I)W + 4 && i0 + W + 12 <= n) {   // inside: unguarded loads
            m[c] = __ldg(reinterpret_cast<const float4*>(inp + i0));
            const float* pu = inp + (i0 - W);
            const float* pd = inp + (i0 + W);
            #pragma unroll
            for (int e = 0; e < 4; ++e) { up[c][e] = __ldg(pu + e); dw[c][e] = __ldg(pd + e); }
            lf[c] = __ldg(inp + i0 - 1);
            rt[c] = __ldg(inp + i0 + 4);
        } else {                                     // the first and last rows: clamped into the array
            m[c] = ld4(inp, i0, n);
            #pragma unroll
            for (int e = 0; e < 4; ++e) {
                up[c][e] = __ldg(inp + min(max((long long)i0 + e - W, 0ll), (long long)n - 1));
                dw[c][e] = __ldg(inp + min(max((long long)i0 + e + W, 0ll), (long long)n - 1));
            }
            lf[c] = __ldg(inp + min(max((long long)i0 - 1, 0ll), (long long)n - 1));
            rt[c] = __ldg(inp + min((long long)i0 + 4, (long long)n - 1));
        }
    }
    #pragma unroll
    for (int c = 0; c < 4; ++c) {
        const I i0 = base + (I)c * 512;
        if (i0 >= n) continue;
        const float mc[4] = {m[c].x, m[c].y, m[c].z, m[c].w};
        const float* uc = up[c];
        const float* dc = dw[c];
        const float left = lf[c], right = rt[c];
        const I y0 = i0 / W;
        const int x0 = (int)(i0 - y0 * W);
        float r[4];
        #pragma unroll
        for (int e = 0; e < 4; ++e) {   // W >= 4: the 4 floats wrap into the next row at most once
            const bool wrap = x0 + e >= W;
            const int x = wrap ? x0 + e - W : x0 + e;
            const I y = y0 + wrap;
            const float l = e > 0 ? mc[e - 1] : left, rr = e < 3 ? mc[e + 1] : right;
            const bool edge = (y == 0) | (y >= H - 1) | (x == 0) | (x == W - 1);
            r[e] = edge ? mc[e] : c0 * mc[e] + c1 * ((uc[e] + dc[e]) + (l + rr));
        }
        if (i0 + 4 <= n) {
            *reinterpret_cast<float4*>(out + i0) = make_float4(r[0], r[1], r[2], r[3]);
        } else {
            #pragma unroll
            for (int e = 0; e < 4; ++e) if (i0 + e < n) out[i0 + e] = r[e];
        }
    }
}
static __global__ void __launch_bounds__(128)
stencil_1(float* __restrict__ out, const float* __restrict__ inp, int H, int W, float c0, float c1)
{
    const int tid = threadIdx.y * 32 + threadIdx.x;
    const long long n = (long long)H * W;
    if (W < 4 || ((reinterpret_cast<uintptr_t>(inp) | reinterpret_cast<uintptr_t>(out)) & 15) != 0) {
        const long long base = (long long)blockIdx.x * 2048 + 4 * tid;
        #pragma unroll 1
        for (int c = 0; c < 4; ++c) {   // misaligned buffers, rows of 1-3 floats: scalar, loads clamped
            for (int e = 0; e < 4; ++e) {
                const long long i = base + (long long)c * 512 + e;
                if (i >= n) break;
                const int y = (int)(i / W), x = (int)(i - (long long)y * W);
                const float m = __ldg(inp + i);
                if (y == 0 || y == H - 1 || x == 0 || x == W - 1) { out[i] = m; continue; }
                out[i] = c0 * m + c1 * ((__ldg(inp + i - W) + __ldg(inp + i + W)) + (__ldg(inp + i - 1) + __ldg(inp + i + 1)));
            }
        }
        return;
    }
    // uniform over the grid: 32-bit indices where every index the blocks form (up to the last block's end and a
    // row past it) fits
    if ((long long)gridDim.x * 2048 + W + 16 <= 0x7fffffffll) flat4<int>(out, inp, H, W, c0, c1, tid);
    else flat4<long long>(out, inp, H, W, c0, c1, tid);
}
}  // namespace spec_1

inline cudaError_t launch_1(float* out, const float* inp, int H, int W, float c0, float c1, cudaStream_t stream = 0) {
    dim3 grid((unsigned)evo_max(1, evo_floordiv((((H * W) + 2048) - 1), 2048)), (unsigned)1, (unsigned)1);
    dim3 block((unsigned)32, (unsigned)4, (unsigned)1);
    spec_1::stencil_1<<<grid, block, 0, stream>>>(out, inp, H, W, c0, c1);
    return cudaGetLastError();
}

// ---- specialization 2: the untuned default (the template's baseline genome)
// genome: {"AdjustBlockSizeX": 16, "AdjustBlockSizeY": 16, "ThreadCoarsening": 1, "VectorizeLoads": 1, "UseSharedMemory": false, "PadSharedMemory": false, "UnrollLoop": false, "VectorizeLoads_Align": false, "ReorderInstructions_Prefetch": false, "VectorizeLoads_AlignStores": false, "VectorizeLoads_AlignShared": false, "CoalesceMemoryAccess": false, "TileLoops_Flat": false, "TileLoops_Skew": false, "TileLoops_Narrow": false}
// measured: 
// fitness = speedup * exp(-w_cv * cv) / (1 + w_spill * spill_KiB) (see evo_kernels/fitness.py)
[[maybe_unused]] constexpr int ADJUSTBLOCKSIZEX_2 = 16;
[[maybe_unused]] constexpr int ADJUSTBLOCKSIZEY_2 = 16;
[[maybe_unused]] constexpr int THREADCOARSENING_2 = 1;
[[maybe_unused]] constexpr int VECTORIZELOADS_2 = 1;
[[maybe_unused]] constexpr int USESHAREDMEMORY_2 = 0;
[[maybe_unused]] constexpr int PADSHAREDMEMORY_2 = 0;
[[maybe_unused]] constexpr int UNROLLLOOP_2 = 0;
[[maybe_unused]] constexpr int VECTORIZELOADS_ALIGN_2 = 0;
[[maybe_unused]] constexpr int REORDERINSTRUCTIONS_PREFETCH_2 = 0;
[[maybe_unused]] constexpr int VECTORIZELOADS_ALIGNSTORES_2 = 0;
[[maybe_unused]] constexpr int VECTORIZELOADS_ALIGNSHARED_2 = 0;
[[maybe_unused]] constexpr int COALESCEMEMORYACCESS_2 = 0;
[[maybe_unused]] constexpr int TILELOOPS_FLAT_2 = 0;
[[maybe_unused]] constexpr int TILELOOPS_SKEW_2 = 0;
[[maybe_unused]] constexpr int TILELOOPS_NARROW_2 = 0;
namespace spec_2 {  // device helpers of one specialization stay apart from the others'
// stencil_2: one 5-point Jacobi step on an H x W fp32 row-major grid; the boundary is copied.
// Block 16 x 16 threads; thread (tx, ty) computes columns x0 .. x0+V-1 of
// rows y0 .. y0+CY-1, x0 = (bx*BX + tx)*V, y0 = (by*BY + ty)*CY. Every load is clamped into the grid,
// every store is guarded, so any H, W >= 1 works.


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

// Columns x0 .. x0+0 of one row. VEC: W % 1 == 0 and x0 < W, so the whole vector is in the row;
// otherwise element-wise, clamped to the last column (the clamped values are never stored).
template <bool VEC>
__device__ __forceinline__ void load_cols(const float* __restrict__ rowp, int x0, int W, float (&v)[1])
{
    if (VEC) {
        ldg_v<1>(rowp + x0, v);
    } else {
        #pragma unroll
        for (int k = 0; k < 1; ++k) v[k] = __ldg(rowp + min(x0 + k, W - 1));
    }
}

template <bool VEC>
__device__ __forceinline__ void store_cols(float* __restrict__ rowp, int x0, int W, const float (&v)[1])
{
    if (VEC) {
        st_v<1>(rowp + x0, v);
    } else {
        #pragma unroll
        for (int k = 0; k < 1; ++k) if (x0 + k < W) rowp[x0 + k] = v[k];
    }
}

// b: the row being updated (with its left / right neighbours bl, br), a / c: the rows above / below.
__device__ __forceinline__ void update(float (&o)[1], const float (&a)[1], const float (&b)[1],
                                       const float (&c)[1], float bl, float br, int x0, int y, int H, int W,
                                       float c0, float c1)
{
    const bool edge_row = (y == 0) | (y == H - 1);
    #pragma unroll
    for (int k = 0; k < 1; ++k) {
        const float l = k == 0 ? bl : b[k > 0 ? k - 1 : 0];
        const float r = k == 0 ? br : b[k < 0 ? k + 1 : 0];
        const int x = x0 + k;
        const float s = c0 * b[k] + c1 * ((a[k] + c[k]) + (l + r));
        o[k] = (edge_row | (x == 0) | (x == W - 1)) ? b[k] : s;
    }
}

template <bool VEC>
__device__ __forceinline__ void run(float* __restrict__ out, const float* __restrict__ inp, int H, int W,
                                    float c0, float c1, int x0, int y0)
{
    const size_t ws = (size_t)W;
    const int xl = max(x0 - 1, 0), xr = min(x0 + 1, W - 1);
    float a[1], b[1], c[1];
    load_cols<VEC>(inp + (size_t)max(y0 - 1, 0) * ws, x0, W, a);
    const float* rb = inp + (size_t)y0 * ws;
    load_cols<VEC>(rb, x0, W, b);
    float bl = __ldg(rb + xl), br = __ldg(rb + xr);
    #pragma unroll 1
    for (int i = 0; i < 1; ++i) {
        const int y = y0 + i;
        if (y >= H) break;
        const float* rc = inp + (size_t)min(y + 1, H - 1) * ws;
        load_cols<VEC>(rc, x0, W, c);
        const float cl = __ldg(rc + xl), cr = __ldg(rc + xr);
        float o[1];
        update(o, a, b, c, bl, br, x0, y, H, W, c0, c1);
        store_cols<VEC>(out + (size_t)y * ws, x0, W, o);
        #pragma unroll
        for (int k = 0; k < 1; ++k) { a[k] = b[k]; b[k] = c[k]; }
        bl = cl; br = cr;
    }
}

static __global__ void __launch_bounds__(256)
stencil_2(float* __restrict__ out, const float* __restrict__ inp, int H, int W, float c0, float c1)
{
    const int x0 = (blockIdx.x * 16 + threadIdx.x) * 1;
    if (x0 >= W) return;
    #pragma unroll 1
    for (int by = blockIdx.y; by * 16 < H; by += gridDim.y) {   // grid y is at most 65535
        const int y0 = (by * 16 + threadIdx.y) * 1;
        if (y0 >= H) break;
        run<false>(out, inp, H, W, c0, c1, x0, y0);
    }
}
}  // namespace spec_2

inline cudaError_t launch_2(float* out, const float* inp, int H, int W, float c0, float c1, cudaStream_t stream = 0) {
    dim3 grid((unsigned)evo_floordiv((((W + 0) + 16) - 1), 16), (unsigned)evo_min(65535, evo_floordiv(((H + 16) - 1), 16)), (unsigned)1);
    dim3 block((unsigned)16, (unsigned)16, (unsigned)1);
    spec_2::stencil_2<<<grid, block, 0, stream>>>(out, inp, H, W, c0, c1);
    return cudaGetLastError();
}

// Dispatch (evo_kernels.export.dispatch is the same rule in Python): among the specializations
// whose grid fits the launch limits at this size (x < 2^31, y and z < 2^16), the one tuned for
// the nearest problem by the sum over the sizes of |log(size / tuned size)|; when none fits, the
// untuned default (the template's baseline genome, specialization 2); -1 when not even
// that one can be launched.
inline int pick(int H, int W) {
    int best = -1; double bd = 1e300, d;
    d = std::fabs(std::log(evo_pos(H) / 5500.0)) + std::fabs(std::log(evo_pos(W) / 16838.0));
    if (d < bd && evo_fits(evo_floordiv((((W + 7) + 128) - 1), 128), evo_min(65535, evo_floordiv(((H + 16) - 1), 16)), 1)) { bd = d; best = 0; }
    d = std::fabs(std::log(evo_pos(H) / 949543.0)) + std::fabs(std::log(evo_pos(W) / 37.0));
    if (d < bd && evo_fits(evo_max(1, evo_floordiv((((H * W) + 2048) - 1), 2048)), 1, 1)) { bd = d; best = 1; }
    if (best < 0 && evo_fits(evo_floordiv((((W + 0) + 16) - 1), 16), evo_min(65535, evo_floordiv(((H + 16) - 1), 16)), 1)) best = 2;
    return best;
}

inline cudaError_t launch(float* out, const float* inp, int H, int W, float c0, float c1, cudaStream_t stream = 0) {
    switch (pick(H, W)) {
    case 0: return launch_0(out, inp, H, W, c0, c1, stream);
    case 1: return launch_1(out, inp, H, W, c0, c1, stream);
    case 2: return launch_2(out, inp, H, W, c0, c1, stream);
    }
    return cudaErrorInvalidConfiguration;
}

}  // namespace evo_tuned_stencil
