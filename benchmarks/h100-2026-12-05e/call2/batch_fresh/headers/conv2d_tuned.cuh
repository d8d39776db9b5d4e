// conv2d_tuned.cuh: conv2d kernels tuned by evo-kernels (namespace evo_tuned_conv2d); generated 2026-12-05T16:10:40+00:00.
// Template conv2d.cu.mako (hash 393ad622c37376b5); tuned for sm_90.
// Self-contained: include it in any .cu file; call launch(...) with the kernel's arguments.
#pragma once
#include <cuda_runtime.h>
#include <cmath>
#include <cstdint>

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ != 900
#warning "evo_tuned_conv2d: tuned on sm_90; this architecture runs it correctly but untuned"
#endif

namespace evo_tuned_conv2d {

inline long long evo_floordiv(long long a, long long b) {
    long long q = a / b; return (q * b != a && ((a < 0) != (b < 0))) ? q - 1 : q;
}
inline long long evo_min(long long a, long long b) { return a < b ? a : b; }
inline long long evo_max(long long a, long long b) { return a > b ? a : b; }
inline double evo_pos(long long a) { return a > 1 ? (double)a : 1.0; }
inline bool evo_fits(long long x, long long y, long long z) {
    return x >= 1 && x <= 2147483647LL && y >= 1 && y <= 65535 && z >= 1 && z <= 65535;
}

// ---- specialization 0: tuned for {"FH": 11, "FW": 11, "H": 1624, "W": 5942}
// genome: {"AdjustBlockSize_X": 16, "AdjustBlockSize_Y": 8, "ThreadCoarsening_X": 8, "ThreadCoarsening_Y": 2, "UseSharedMemory": true, "PadSharedMemory": false, "UnrollLoop": 16, "VectorizeLoads": true, "UseSharedMemory_MaxFilter": 16, "ReorderInstructions": true, "ReorderInstructions_Async": true, "UnrollLoop_Filter": 0, "TileLoops_Y": 1, "VectorizeLoads_AlignRows": 0}
// measured: gpu_name=NVIDIA H100 80GB HBM3, driver_version=580.159.04, nvcc_version=cuda_13.0.r13.0/compiler.36424714_0, measured_at=2026-12-05T16:08:26+00:00, median_ms=0.0944, speedup=5.34, fitness=5.309, cv=0.005843, registers=56, spill_bytes=0
// fitness = speedup * exp(-w_cv * cv) / (1 + w_spill * spill_KiB) (see evo_kernels/fitness.py)
[[maybe_unused]] constexpr int ADJUSTBLOCKSIZE_X_0 = 16;
[[maybe_unused]] constexpr int ADJUSTBLOCKSIZE_Y_0 = 8;
[[maybe_unused]] constexpr int THREADCOARSENING_X_0 = 8;
[[maybe_unused]] constexpr int THREADCOARSENING_Y_0 = 2;
[[maybe_unused]] constexpr int USESHAREDMEMORY_0 = 1;
[[maybe_unused]] constexpr int PADSHAREDMEMORY_0 = 0;
[[maybe_unused]] constexpr int UNROLLLOOP_0 = 16;
[[maybe_unused]] constexpr int VECTORIZELOADS_0 = 1;
[[maybe_unused]] constexpr int USESHAREDMEMORY_MAXFILTER_0 = 16;
[[maybe_unused]] constexpr int REORDERINSTRUCTIONS_0 = 1;
[[maybe_unused]] constexpr int REORDERINSTRUCTIONS_ASYNC_0 = 1;
[[maybe_unused]] constexpr int UNROLLLOOP_FILTER_0 = 0;
[[maybe_unused]] constexpr int TILELOOPS_Y_0 = 1;
[[maybe_unused]] constexpr int VECTORIZELOADS_ALIGNROWS_0 = 0;
namespace spec_0 {  // device helpers of one specialization stay apart from the others'
// conv2d_0: 16x8 threads of 8x2 outputs (tile 128x16), shared=1 stride=144
// vec=1 unroll=16 sliding_window=1 max_filter=16 async_staging=1
// Asynchronous global -> shared copies (cp.async, sm_80+): no staging registers, every copy of the
// tile in flight at once. A false predicate copies nothing and zero-fills the destination (src-size
// 0; the source pointer must still be a valid address). Where __CUDA_ARCH__ is not defined (the host
// pass, the CPU emulator of the tests) they are plain synchronous copies.
__device__ __forceinline__ void cp_async4(float* dst, const float* src, bool pred)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    const unsigned d = static_cast<unsigned>(__cvta_generic_to_shared(dst));
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;\n" :: "r"(d), "l"(src), "r"(pred ? 4 : 0));
#else
    *dst = pred ? *src : 0.f;
#endif
}
__device__ __forceinline__ void cp_async8(float* dst, const float* src)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    const unsigned d = static_cast<unsigned>(__cvta_generic_to_shared(dst));
    asm volatile("cp.async.ca.shared.global [%0], [%1], 8;\n" :: "r"(d), "l"(src));
#else
    dst[0] = src[0]; dst[1] = src[1];
#endif
}
__device__ __forceinline__ void cp_async16(float* dst, const float* src)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    const unsigned d = static_cast<unsigned>(__cvta_generic_to_shared(dst));
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(d), "l"(src));
#else
    *reinterpret_cast<float4*>(dst) = *reinterpret_cast<const float4*>(src);
#endif
}
__device__ __forceinline__ void cp_async_wait_all()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.commit_group;\n" ::);
    asm volatile("cp.async.wait_group 0;\n" ::);
#endif
}

static __global__ void __launch_bounds__(128)
conv2d_0(float* __restrict__ out, const float* __restrict__ inp, const float* __restrict__ filt,
          int H, int W, int FH, int FW)
{
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int x0 = blockIdx.x * 128, y0 = blockIdx.y * 16;
    const int IW = W + FW - 1;
    float acc[2][8];
#pragma unroll
    for (int r = 0; r < 2; ++r)
#pragma unroll
        for (int c = 0; c < 8; ++c) acc[r][c] = 0.0f;


    __shared__ __align__(16) float sIn[4464];        // input tile + halo, row stride 144
    __shared__ __align__(16) float sF[256];    // filter, row stride 16, zero-padded to FWP columns
    if (FH <= 16 && FW <= 16) {                 // uniform: larger filters take the direct code
        const int IH = H + FH - 1;
        const int FWP = (FW + 15) / 16 * 16; // filter width padded to the unroll factor
        // stage input rows y0 .. y0 + nrows - 1, columns x0 .. x0 + ncols - 1; zero outside inp
        const int nrows = 16 + FH - 1, ncols = 128 + FWP;
        // cp.async: issue every copy of the tile, stage the filter while they fly, then wait

        if ((IW & 3) == 0 && ((size_t)inp & 15) == 0) {
            const int nq = (ncols + 3) >> 2;
            for (int r = ty; r < nrows; r += 8) {
                const int gy = y0 + r;
                const float* src = inp + (size_t)gy * IW + x0;
                for (int q = tx; q < nq; q += 16) {
                    const int gx = x0 + 4 * q;
                    if (gy < IH && gx + 3 < IW) {
                        cp_async16(&(sIn)[r * 144 + 4 * q], src + 4 * q);
                    } else {
#pragma unroll
                        for (int e = 0; e < 4; ++e) {
                            const bool ok = gy < IH && gx + e < IW;
                            cp_async4(&(sIn)[r * 144 + 4 * q + e], ok ? src + 4 * q + e : inp, ok);
                        }
                    }
                }
            }
        } else if ((IW & 1) == 0 && ((size_t)inp & 7) == 0) {   // even rows (3x3 at even W): 8-byte copies
            const int np2 = (ncols + 1) >> 1;
            for (int r = ty; r < nrows; r += 8) {
                const int gy = y0 + r;
                const float* src = inp + (size_t)gy * IW + x0;
                for (int q = tx; q < np2; q += 16) {
                    const int gx = x0 + 2 * q;
                    if (gy < IH && gx + 1 < IW) {
                        cp_async8(&(sIn)[r * 144 + 2 * q], src + 2 * q);
                    } else {
#pragma unroll
                        for (int e = 0; e < 2; ++e) {
                            const bool ok = gy < IH && gx + e < IW;
                            cp_async4(&(sIn)[r * 144 + 2 * q + e], ok ? src + 2 * q + e : inp, ok);
                        }
                    }
                }
            }
        } else
        {
            for (int r = ty; r < nrows; r += 8) {
                const int gy = y0 + r;
                const float* src = inp + (size_t)gy * IW + x0;
                for (int c = tx; c < ncols; c += 16) {
                    const bool ok = gy < IH && x0 + c < IW;
                    cp_async4(&(sIn)[r * 144 + c], ok ? src + c : inp, ok);
                }
            }
        }
        for (int i = ty; i < FH; i += 8)
            for (int j = tx; j < FWP; j += 16) sF[i * 16 + j] = j < FW ? filt[i * FW + j] : 0.0f;
        cp_async_wait_all();
        __syncthreads();
        // sliding window: input row rho of the thread's band feeds output rows r = rho - i, 0 <= i < FH
        const float* ib = sIn + ty * 288 + tx * 8;
#pragma unroll 1
        for (int rho = 0; rho < 1 + FH; ++rho) {
            const float* ir = ib + rho * 144;
#pragma unroll 1
            for (int j0 = 0; j0 < FWP; j0 += 16) {
                float win[24];
                { const float4 t = *reinterpret_cast<const float4*>(ir + j0 + 0);
                  win[0] = t.x; win[1] = t.y; win[2] = t.z; win[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(ir + j0 + 4);
                  win[4] = t.x; win[5] = t.y; win[6] = t.z; win[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(ir + j0 + 8);
                  win[8] = t.x; win[9] = t.y; win[10] = t.z; win[11] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(ir + j0 + 12);
                  win[12] = t.x; win[13] = t.y; win[14] = t.z; win[15] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(ir + j0 + 16);
                  win[16] = t.x; win[17] = t.y; win[18] = t.z; win[19] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(ir + j0 + 20);
                  win[20] = t.x; win[21] = t.y; win[22] = t.z; win[23] = t.w; }
                if ((unsigned)(rho - 0) < (unsigned)FH) {
                    const float* fr = sF + (rho - 0) * 16 + j0;
                    float w[16];
                    { const float4 t = *reinterpret_cast<const float4*>(fr + 0);
                      w[0] = t.x; w[1] = t.y; w[2] = t.z; w[3] = t.w; }
                    { const float4 t = *reinterpret_cast<const float4*>(fr + 4);
                      w[4] = t.x; w[5] = t.y; w[6] = t.z; w[7] = t.w; }
                    { const float4 t = *reinterpret_cast<const float4*>(fr + 8);
                      w[8] = t.x; w[9] = t.y; w[10] = t.z; w[11] = t.w; }
                    { const float4 t = *reinterpret_cast<const float4*>(fr + 12);
                      w[12] = t.x; w[13] = t.y; w[14] = t.z; w[15] = t.w; }
#pragma unroll
                    for (int jj = 0; jj < 16; ++jj)
#pragma unroll
                        for (int c = 0; c < 8; ++c) acc[0][c] = fmaf(win[jj + c], w[jj], acc[0][c]);
                }
                if ((unsigned)(rho - 1) < (unsigned)FH) {
                    const float* fr = sF + (rho - 1) * 16 + j0;
                    float w[16];
                    { const float4 t = *reinterpret_cast<const float4*>(fr + 0);
                      w[0] = t.x; w[1] = t.y; w[2] = t.z; w[3] = t.w; }
                    { const float4 t = *reinterpret_cast<const float4*>(fr + 4);
                      w[4] = t.x; w[5] = t.y; w[6] = t.z; w[7] = t.w; }
                    { const float4 t = *reinterpret_cast<const float4*>(fr + 8);
                      w[8] = t.x; w[9] = t.y; w[10] = t.z; w[11] = t.w; }
                    { const float4 t = *reinterpret_cast<const float4*>(fr + 12);
                      w[12] = t.x; w[13] = t.y; w[14] = t.z; w[15] = t.w; }
#pragma unroll
                    for (int jj = 0; jj < 16; ++jj)
#pragma unroll
                        for (int c = 0; c < 8; ++c) acc[1][c] = fmaf(win[jj + c], w[jj], acc[1][c]);
                }
            }
        }
    } else {


    // output coordinates clamped into range: every read stays inside inp; clamped results are not stored
    const float* ip0 = inp + (size_t)min(y0 + ty * 2 + 0, H - 1) * IW;
    const float* ip1 = inp + (size_t)min(y0 + ty * 2 + 1, H - 1) * IW;
    const int xc0 = min(x0 + tx * 8 + 0, W - 1);
    const int xc1 = min(x0 + tx * 8 + 1, W - 1);
    const int xc2 = min(x0 + tx * 8 + 2, W - 1);
    const int xc3 = min(x0 + tx * 8 + 3, W - 1);
    const int xc4 = min(x0 + tx * 8 + 4, W - 1);
    const int xc5 = min(x0 + tx * 8 + 5, W - 1);
    const int xc6 = min(x0 + tx * 8 + 6, W - 1);
    const int xc7 = min(x0 + tx * 8 + 7, W - 1);
#pragma unroll 1
    for (int i = 0; i < FH; ++i) {
        const float* fr = filt + i * FW;
#pragma unroll 16
        for (int j = 0; j < FW; ++j) {
            const float w = fr[j];
            acc[0][0] = fmaf(ip0[xc0 + j], w, acc[0][0]);
            acc[0][1] = fmaf(ip0[xc1 + j], w, acc[0][1]);
            acc[0][2] = fmaf(ip0[xc2 + j], w, acc[0][2]);
            acc[0][3] = fmaf(ip0[xc3 + j], w, acc[0][3]);
            acc[0][4] = fmaf(ip0[xc4 + j], w, acc[0][4]);
            acc[0][5] = fmaf(ip0[xc5 + j], w, acc[0][5]);
            acc[0][6] = fmaf(ip0[xc6 + j], w, acc[0][6]);
            acc[0][7] = fmaf(ip0[xc7 + j], w, acc[0][7]);
            acc[1][0] = fmaf(ip1[xc0 + j], w, acc[1][0]);
            acc[1][1] = fmaf(ip1[xc1 + j], w, acc[1][1]);
            acc[1][2] = fmaf(ip1[xc2 + j], w, acc[1][2]);
            acc[1][3] = fmaf(ip1[xc3 + j], w, acc[1][3]);
            acc[1][4] = fmaf(ip1[xc4 + j], w, acc[1][4]);
            acc[1][5] = fmaf(ip1[xc5 + j], w, acc[1][5]);
            acc[1][6] = fmaf(ip1[xc6 + j], w, acc[1][6]);
            acc[1][7] = fmaf(ip1[xc7 + j], w, acc[1][7]);
        }
        ip0 += IW;
        ip1 += IW;
    }

    }

    const bool o_vec = (W & 3) == 0 && ((size_t)out & 15) == 0;
    if (y0 + ty * 2 + 0 < H) {
        float* orow = out + (size_t)(y0 + ty * 2 + 0) * W;
        if (o_vec) {
            if (x0 + tx * 8 + 0 < W)   // a multiple of 4 below W % 4 == 0: all four in range
                *reinterpret_cast<float4*>(orow + x0 + tx * 8 + 0) =
                    make_float4(acc[0][0], acc[0][1], acc[0][2], acc[0][3]);
            if (x0 + tx * 8 + 4 < W)   // a multiple of 4 below W % 4 == 0: all four in range
                *reinterpret_cast<float4*>(orow + x0 + tx * 8 + 4) =
                    make_float4(acc[0][4], acc[0][5], acc[0][6], acc[0][7]);
        } else
        {
            if (x0 + tx * 8 + 0 < W) orow[x0 + tx * 8 + 0] = acc[0][0];
            if (x0 + tx * 8 + 1 < W) orow[x0 + tx * 8 + 1] = acc[0][1];
            if (x0 + tx * 8 + 2 < W) orow[x0 + tx * 8 + 2] = acc[0][2];
            if (x0 + tx * 8 + 3 < W) orow[x0 + tx * 8 + 3] = acc[0][3];
            if (x0 + tx * 8 + 4 < W) orow[x0 + tx * 8 + 4] = acc[0][4];
            if (x0 + tx * 8 + 5 < W) orow[x0 + tx * 8 + 5] = acc[0][5];
            if (x0 + tx * 8 + 6 < W) orow[x0 + tx * 8 + 6] = acc[0][6];
            if (x0 + tx * 8 + 7 < W) orow[x0 + tx * 8 + 7] = acc[0][7];
        }
    }
    if (y0 + ty * 2 + 1 < H) {
        float* orow = out + (size_t)(y0 + ty * 2 + 1) * W;
        if (o_vec) {
            if (x0 + tx * 8 + 0 < W)   // a multiple of 4 below W % 4 == 0: all four in range
                *reinterpret_cast<float4*>(orow + x0 + tx * 8 + 0) =
                    make_float4(acc[1][0], acc[1][1], acc[1][2], acc[1][3]);
            if (x0 + tx * 8 + 4 < W)   // a multiple of 4 below W % 4 == 0: all four in range
                *reinterpret_cast<float4*>(orow + x0 + tx * 8 + 4) =
                    make_float4(acc[1][4], acc[1][5], acc[1][6], acc[1][7]);
        } else
        {
            if (x0 + tx * 8 + 0 < W) orow[x0 + tx * 8 + 0] = acc[1][0];
            if (x0 + tx * 8 + 1 < W) orow[x0 + tx * 8 + 1] = acc[1][1];
            if (x0 + tx * 8 + 2 < W) orow[x0 + tx * 8 + 2] = acc[1][2];
            if (x0 + tx * 8 + 3 < W) orow[x0 + tx * 8 + 3] = acc[1][3];
            if (x0 + tx * 8 + 4 < W) orow[x0 + tx * 8 + 4] = acc[1][4];
            if (x0 + tx * 8 + 5 < W) orow[x0 + tx * 8 + 5] = acc[1][5];
            if (x0 + tx * 8 + 6 < W) orow[x0 + tx * 8 + 6] = acc[1][6];
            if (x0 + tx * 8 + 7 < W) orow[x0 + tx * 8 + 7] = acc[1][7];
        }
    }
}
}  // namespace spec_0

inline cudaError_t launch_0(float* out, const float* inp, const float* filt, int H, int W, int FH, int FW, cudaStream_t stream = 0) {
    dim3 grid((unsigned)evo_floordiv(((W + 128) - 1), 128), (unsigned)evo_floordiv(((H + 16) - 1), 16), (unsigned)1);
    dim3 block((unsigned)16, (unsigned)8, (unsigned)1);
    spec_0::conv2d_0<<<grid, block, 0, stream>>>(out, inp, filt, H, W, FH, FW);
    return cudaGetLastError();
}

// ---- specialization 1: tuned for {"FH": 11, "FW": 9, "H": 5756, "W": 3224}
// genome: {"AdjustBlockSize_X": 4, "AdjustBlockSize_Y": 16, "ThreadCoarsening_X": 8, "ThreadCoarsening_Y": 2, "UseSharedMemory": true, "PadSharedMemory": false, "UnrollLoop": 16, "VectorizeLoads": true, "UseSharedMemory_MaxFilter": 16, "ReorderInstructions": true, "ReorderInstructions_Async": true, "UnrollLoop_Filter": 3, "TileLoops_Y": 1, "VectorizeLoads_AlignRows": 0}
// measured: gpu_name=NVIDIA H100 80GB HBM3, driver_version=580.159.04, nvcc_version=cuda_13.0.r13.0/compiler.36424714_0, measured_at=2026-12-05T16:08:44+00:00, median_ms=0.1626, speedup=4.959, fitness=4.941, cv=0.003645, registers=56, spill_bytes=0
// fitness = speedup * exp(-w_cv * cv) / (1 + w_spill * spill_KiB) (see evo_kernels/fitness.py)
[[maybe_unused]] constexpr int ADJUSTBLOCKSIZE_X_1 = 4;
[[maybe_unused]] constexpr int ADJUSTBLOCKSIZE_Y_1 = 16;
[[maybe_unused]] constexpr int THREADCOARSENING_X_1 = 8;
[[maybe_unused]] constexpr int THREADCOARSENING_Y_1 = 2;
[[maybe_unused]] constexpr int USESHAREDMEMORY_1 = 1;
[[maybe_unused]] constexpr int PADSHAREDMEMORY_1 = 0;
[[maybe_unused]] constexpr int UNROLLLOOP_1 = 16;
[[maybe_unused]] constexpr int VECTORIZELOADS_1 = 1;
[[maybe_unused]] constexpr int USESHAREDMEMORY_MAXFILTER_1 = 16;
[[maybe_unused]] constexpr int REORDERINSTRUCTIONS_1 = 1;
[[maybe_unused]] constexpr int REORDERINSTRUCTIONS_ASYNC_1 = 1;
[[maybe_unused]] constexpr int UNROLLLOOP_FILTER_1 = 3;
[[maybe_unused]] constexpr int TILELOOPS_Y_1 = 1;
[[maybe_unused]] constexpr int VECTORIZELOADS_ALIGNROWS_1 = 0;
namespace spec_1 {  // device helpers of one specialization stay apart from the others'
// conv2d_1: 4x16 threads of 8x2 outputs (tile 32x32), shared=1 stride=48
// vec=1 unroll=16 sliding_window=1 max_filter=16 async_staging=1 unrolled_filter=3x3
// Asynchronous global -> shared copies (cp.async, sm_80+): no staging registers, every copy of the
// tile in flight at once. A false predicate copies nothing and zero-fills the destination (src-size
// 0; the source pointer must still be a valid address). Where __CUDA_ARCH__ is not defined (the host
// pass, the CPU emulator of the tests) they are plain synchronous copies.
__device__ __forceinline__ void cp_async4(float* dst, const float* src, bool pred)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    const unsigned d = static_cast<unsigned>(__cvta_generic_to_shared(dst));
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;\n" :: "r"(d), "l"(src), "r"(pred ? 4 : 0));
#else
    *dst = pred ? *src : 0.f;
#endif
}
__device__ __forceinline__ void cp_async8(float* dst, const float* src)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    const unsigned d = static_cast<unsigned>(__cvta_generic_to_shared(dst));
    asm volatile("cp.async.ca.shared.global [%0], [%1], 8;\n" :: "r"(d), "l"(src));
#else
    dst[0] = src[0]; dst[1] = src[1];
#endif
}
__device__ __forceinline__ void cp_async16(float* dst, const float* src)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    const unsigned d = static_cast<unsigned>(__cvta_generic_to_shared(dst));
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(d), "l"(src));
#else
    *reinterpret_cast<float4*>(dst) = *reinterpret_cast<const float4*>(src);
#endif
}
__device__ __forceinline__ void cp_async_wait_all()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.commit_group;\n" ::);
    asm volatile("cp.async.wait_group 0;\n" ::);
#endif
}

static __global__ void __launch_bounds__(64)
conv2d_1(float* __restrict__ out, const float* __restrict__ inp, const float* __restrict__ filt,
          int H, int W, int FH, int FW)
{
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int x0 = blockIdx.x * 32, y0 = blockIdx.y * 32;
    const int IW = W + FW - 1;
    float acc[2][8];
#pragma unroll
    for (int r = 0; r < 2; ++r)
#pragma unroll
        for (int c = 0; c < 8; ++c) acc[r][c] = 0.0f;


    __shared__ __align__(16) float sIn[2256];        // input tile + halo, row stride 48
    __shared__ __align__(16) float sF[256];    // filter, row stride 16, zero-padded to FWP columns
    if (FH <= 16 && FW <= 16) {                 // uniform: larger filters take the direct code
        const int IH = H + FH - 1;
        const int FWP = (FW + 15) / 16 * 16; // filter width padded to the unroll factor
        // stage input rows y0 .. y0 + nrows - 1, columns x0 .. x0 + ncols - 1; zero outside inp
        const int nrows = 32 + FH - 1, ncols = 32 + FWP;
        // cp.async: issue every copy of the tile, stage the filter while they fly, then wait

        if ((IW & 3) == 0 && ((size_t)inp & 15) == 0) {
            const int nq = (ncols + 3) >> 2;
            for (int r = ty; r < nrows; r += 16) {
                const int gy = y0 + r;
                const float* src = inp + (size_t)gy * IW + x0;
                for (int q = tx; q < nq; q += 4) {
                    const int gx = x0 + 4 * q;
                    if (gy < IH && gx + 3 < IW) {
                        cp_async16(&(sIn)[r * 48 + 4 * q], src + 4 * q);
                    } else {
#pragma unroll
                        for (int e = 0; e < 4; ++e) {
                            const bool ok = gy < IH && gx + e < IW;
                            cp_async4(&(sIn)[r * 48 + 4 * q + e], ok ? src + 4 * q + e : inp, ok);
                        }
                    }
                }
            }
        } else if ((IW & 1) == 0 && ((size_t)inp & 7) == 0) {   // even rows (3x3 at even W): 8-byte copies
            const int np2 = (ncols + 1) >> 1;
            for (int r = ty; r < nrows; r += 16) {
                const int gy = y0 + r;
                const float* src = inp + (size_t)gy * IW + x0;
                for (int q = tx; q < np2; q += 4) {
                    const int gx = x0 + 2 * q;
                    if (gy < IH && gx + 1 < IW) {
                        cp_async8(&(sIn)[r * 48 + 2 * q], src + 2 * q);
                    } else {
#pragma unroll
                        for (int e = 0; e < 2; ++e) {
                            const bool ok = gy < IH && gx + e < IW;
                            cp_async4(&(sIn)[r * 48 + 2 * q + e], ok ? src + 2 * q + e : inp, ok);
                        }
                    }
                }
            }
        } else
        {
            for (int r = ty; r < nrows; r += 16) {
                const int gy = y0 + r;
                const float* src = inp + (size_t)gy * IW + x0;
                for (int c = tx; c < ncols; c += 4) {
                    const bool ok = gy < IH && x0 + c < IW;
                    cp_async4(&(sIn)[r * 48 + c], ok ? src + c : inp, ok);
                }
            }
        }
        for (int i = ty; i < FH; i += 16)
            for (int j = tx; j < FWP; j += 4) sF[i * 16 + j] = j < FW ? filt[i * FW + j] : 0.0f;
        cp_async_wait_all();
        __syncthreads();
        if (FH == 3 && FW == 3) {                 // uniform: the 3x3 filter, fully unrolled
            float f[3][3];                        // the taps in registers
#pragma unroll
            for (int i = 0; i < 3; ++i)
#pragma unroll
                for (int j = 0; j < 3; ++j) f[i][j] = sF[i * 16 + j];
            const float* ib = sIn + ty * 96 + tx * 8;
            {   // input row 0 of the thread's band: output rows 0
                const float* ir = ib + 0;
                float win[10];
                { const float4 t = *reinterpret_cast<const float4*>(ir + 0);
                  win[0] = t.x; win[1] = t.y; win[2] = t.z; win[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(ir + 4);
                  win[4] = t.x; win[5] = t.y; win[6] = t.z; win[7] = t.w; }
                win[8] = ir[8];
                win[9] = ir[9];
#pragma unroll
                for (int j = 0; j < 3; ++j)
#pragma unroll
                    for (int c = 0; c < 8; ++c) acc[0][c] = fmaf(win[j + c], f[0][j], acc[0][c]);
            }
            {   // input row 1 of the thread's band: output rows 0, 1
                const float* ir = ib + 48;
                float win[10];
                { const float4 t = *reinterpret_cast<const float4*>(ir + 0);
                  win[0] = t.x; win[1] = t.y; win[2] = t.z; win[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(ir + 4);
                  win[4] = t.x; win[5] = t.y; win[6] = t.z; win[7] = t.w; }
                win[8] = ir[8];
                win[9] = ir[9];
#pragma unroll
                for (int j = 0; j < 3; ++j)
#pragma unroll
                    for (int c = 0; c < 8; ++c) acc[0][c] = fmaf(win[j + c], f[1][j], acc[0][c]);
#pragma unroll
                for (int j = 0; j < 3; ++j)
#pragma unroll
                    for (int c = 0; c < 8; ++c) acc[1][c] = fmaf(win[j + c], f[0][j], acc[1][c]);
            }
            {   // input row 2 of the thread's band: output rows 0, 1
                const float* ir = ib + 96;
                float win[10];
                { const float4 t = *reinterpret_cast<const float4*>(ir + 0);
                  win[0] = t.x; win[1] = t.y; win[2] = t.z; win[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(ir + 4);
                  win[4] = t.x; win[5] = t.y; win[6] = t.z; win[7] = t.w; }
                win[8] = ir[8];
                win[9] = ir[9];
#pragma unroll
                for (int j = 0; j < 3; ++j)
#pragma unroll
                    for (int c = 0; c < 8; ++c) acc[0][c] = fmaf(win[j + c], f[2][j], acc[0][c]);
#pragma unroll
                for (int j = 0; j < 3; ++j)
#pragma unroll
                    for (int c = 0; c < 8; ++c) acc[1][c] = fmaf(win[j + c], f[1][j], acc[1][c]);
            }
            {   // input row 3 of the thread's band: output rows 1
                const float* ir = ib + 144;
                float win[10];
                { const float4 t = *reinterpret_cast<const float4*>(ir + 0);
                  win[0] = t.x; win[1] = t.y; win[2] = t.z; win[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(ir + 4);
                  win[4] = t.x; win[5] = t.y; win[6] = t.z; win[7] = t.w; }
                win[8] = ir[8];
                win[9] = ir[9];
#pragma unroll
                for (int j = 0; j < 3; ++j)
#pragma unroll
                    for (int c = 0; c < 8; ++c) acc[1][c] = fmaf(win[j + c], f[2][j], acc[1][c]);
            }
        } else {
        // sliding window: input row rho of the thread's band feeds output rows r = rho - i, 0 <= i < FH
        const float* ib = sIn + ty * 96 + tx * 8;
#pragma unroll 1
        for (int rho = 0; rho < 1 + FH; ++rho) {
            const float* ir = ib + rho * 48;
#pragma unroll 1
            for (int j0 = 0; j0 < FWP; j0 += 16) {
                float win[24];
                { const float4 t = *reinterpret_cast<const float4*>(ir + j0 + 0);
                  win[0] = t.x; win[1] = t.y; win[2] = t.z; win[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(ir + j0 + 4);
                  win[4] = t.x; win[5] = t.y; win[6] = t.z; win[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(ir + j0 + 8);
                  win[8] = t.x; win[9] = t.y; win[10] = t.z; win[11] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(ir + j0 + 12);
                  win[12] = t.x; win[13] = t.y; win[14] = t.z; win[15] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(ir + j0 + 16);
                  win[16] = t.x; win[17] = t.y; win[18] = t.z; win[19] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(ir + j0 + 20);
                  win[20] = t.x; win[21] = t.y; win[22] = t.z; win[23] = t.w; }
                if ((unsigned)(rho - 0) < (unsigned)FH) {
                    const float* fr = sF + (rho - 0) * 16 + j0;
                    float w[16];
                    { const float4 t = *reinterpret_cast<const float4*>(fr + 0);
                      w[0] = t.x; w[1] = t.y; w[2] = t.z; w[3] = t.w; }
                    { const float4 t = *reinterpret_cast<const float4*>(fr + 4);
                      w[4] = t.x; w[5] = t.y; w[6] = t.z; w[7] = t.w; }
                    { const float4 t = *reinterpret_cast<const float4*>(fr + 8);
                      w[8] = t.x; w[9] = t.y; w[10] = t.z; w[11] = t.w; }
                    { const float4 t = *reinterpret_cast<const float4*>(fr + 12);
                      w[12] = t.x; w[13] = t.y; w[14] = t.z; w[15] = t.w; }
#pragma unroll
                    for (int jj = 0; jj < 16; ++jj)
#pragma unroll
                        for (int c = 0; c < 8; ++c) acc[0][c] = fmaf(win[jj + c], w[jj], acc[0][c]);
                }
                if ((unsigned)(rho - 1) < (unsigned)FH) {
                    const float* fr = sF + (rho - 1) * 16 + j0;
                    float w[16];
                    { const float4 t = *reinterpret_cast<const float4*>(fr + 0);
                      w[0] = t.x; w[1] = t.y; w[2] = t.z; w[3] = t.w; }
                    { const float4 t = *reinterpret_cast<const float4*>(fr + 4);
                      w[4] = t.x; w[5] = t.y; w[6] = t.z; w[7] = t.w; }
                    { const float4 t = *reinterpret_cast<const float4*>(fr + 8);
                      w[8] = t.x; w[9] = t.y; w[10] = t.z; w[11] = t.w; }
                    { const float4 t = *reinterpret_cast<const float4*>(fr + 12);
                      w[12] = t.x; w[13] = t.y; w[14] = t.z; w[15] = t.w; }
#pragma unroll
                    for (int jj = 0; jj < 16; ++jj)
#pragma unroll
                        for (int c = 0; c < 8; ++c) acc[1][c] = fmaf(win[jj + c], w[jj], acc[1][c]);
                }
            }
        }
        }
    } else {


    // output coordinates clamped into range: every read stays inside inp; clamped results are not stored
    const float* ip0 = inp + (size_t)min(y0 + ty * 2 + 0, H - 1) * IW;
    const float* ip1 = inp + (size_t)min(y0 + ty * 2 + 1, H - 1) * IW;
    const int xc0 = min(x0 + tx * 8 + 0, W - 1);
    const int xc1 = min(x0 + tx * 8 + 1, W - 1);
    const int xc2 = min(x0 + tx * 8 + 2, W - 1);
    const int xc3 = min(x0 + tx * 8 + 3, W - 1);
    const int xc4 = min(x0 + tx * 8 + 4, W - 1);
    const int xc5 = min(x0 + tx * 8 + 5, W - 1);
    const int xc6 = min(x0 + tx * 8 + 6, W - 1);
    const int xc7 = min(x0 + tx * 8 + 7, W - 1);
#pragma unroll 1
    for (int i = 0; i < FH; ++i) {
        const float* fr = filt + i * FW;
#pragma unroll 16
        for (int j = 0; j < FW; ++j) {
            const float w = fr[j];
            acc[0][0] = fmaf(ip0[xc0 + j], w, acc[0][0]);
            acc[0][1] = fmaf(ip0[xc1 + j], w, acc[0][1]);
            acc[0][2] = fmaf(ip0[xc2 + j], w, acc[0][2]);
            acc[0][3] = fmaf(ip0[xc3 + j], w, acc[0][3]);
            acc[0][4] = fmaf(ip0[xc4 + j], w, acc[0][4]);
            acc[0][5] = fmaf(ip0[xc5 + j], w, acc[0][5]);
            acc[0][6] = fmaf(ip0[xc6 + j], w, acc[0][6]);
            acc[0][7] = fmaf(ip0[xc7 + j], w, acc[0][7]);
            acc[1][0] = fmaf(ip1[xc0 + j], w, acc[1][0]);
            acc[1][1] = fmaf(ip1[xc1 + j], w, acc[1][1]);
            acc[1][2] = fmaf(ip1[xc2 + j], w, acc[1][2]);
            acc[1][3] = fmaf(ip1[xc3 + j], w, acc[1][3]);
            acc[1][4] = fmaf(ip1[xc4 + j], w, acc[1][4]);
            acc[1][5] = fmaf(ip1[xc5 + j], w, acc[1][5]);
            acc[1][6] = fmaf(ip1[xc6 + j], w, acc[1][6]);
            acc[1][7] = fmaf(ip1[xc7 + j], w, acc[1][7]);
        }
        ip0 += IW;
        ip1 += IW;
    }

    }

    const bool o_vec = (W & 3) == 0 && ((size_t)out & 15) == 0;
    if (y0 + ty * 2 + 0 < H) {
        float* orow = out + (size_t)(y0 + ty * 2 + 0) * W;
        if (o_vec) {
            if (x0 + tx * 8 + 0 < W)   // a multiple of 4 below W % 4 == 0: all four in range
                *reinterpret_cast<float4*>(orow + x0 + tx * 8 + 0) =
                    make_float4(acc[0][0], acc[0][1], acc[0][2], acc[0][3]);
            if (x0 + tx * 8 + 4 < W)   // a multiple of 4 below W % 4 == 0: all four in range
                *reinterpret_cast<float4*>(orow + x0 + tx * 8 + 4) =
                    make_float4(acc[0][4], acc[0][5], acc[0][6], acc[0][7]);
        } else
        {
            if (x0 + tx * 8 + 0 < W) orow[x0 + tx * 8 + 0] = acc[0][0];
            if (x0 + tx * 8 + 1 < W) orow[x0 + tx * 8 + 1] = acc[0][1];
            if (x0 + tx * 8 + 2 < W) orow[x0 + tx * 8 + 2] = acc[0][2];
            if (x0 + tx * 8 + 3 < W) orow[x0 + tx * 8 + 3] = acc[0][3];
            if (x0 + tx * 8 + 4 < W) orow[x0 + tx * 8 + 4] = acc[0][4];
            if (x0 + tx * 8 + 5 < W) orow[x0 + tx * 8 + 5] = acc[0][5];
            if (x0 + tx * 8 + 6 < W) orow[x0 + tx * 8 + 6] = acc[0][6];
            if (x0 + tx * 8 + 7 < W) orow[x0 + tx * 8 + 7] = acc[0][7];
        }
    }
    if (y0 + ty * 2 + 1 < H) {
        float* orow = out + (size_t)(y0 + ty * 2 + 1) * W;
        if (o_vec) {
            if (x0 + tx * 8 + 0 < W)   // a multiple of 4 below W % 4 == 0: all four in range
                *reinterpret_cast<float4*>(orow + x0 + tx * 8 + 0) =
                    make_float4(acc[1][0], acc[1][1], acc[1][2], acc[1][3]);
            if (x0 + tx * 8 + 4 < W)   // a multiple of 4 below W % 4 == 0: all four in range
                *reinterpret_cast<float4*>(orow + x0 + tx * 8 + 4) =
                    make_float4(acc[1][4], acc[1][5], acc[1][6], acc[1][7]);
        } else
        {
            if (x0 + tx * 8 + 0 < W) orow[x0 + tx * 8 + 0] = acc[1][0];
            if (x0 + tx * 8 + 1 < W) orow[x0 + tx * 8 + 1] = acc[1][1];
            if (x0 + tx * 8 + 2 < W) orow[x0 + tx * 8 + 2] = acc[1][2];
            if (x0 + tx * 8 + 3 < W) orow[x0 + tx * 8 + 3] = acc[1][3];
            if (x0 + tx * 8 + 4 < W) orow[x0 + tx * 8 + 4] = acc[1][4];
            if (x0 + tx * 8 + 5 < W) orow[x0 + tx * 8 + 5] = acc[1][5];
            if (x0 + tx * 8 + 6 < W) orow[x0 + tx * 8 + 6] = acc[1][6];
            if (x0 + tx * 8 + 7 < W) orow[x0 + tx * 8 + 7] = acc[1][7];
        }
    }
}
}  // namespace spec_1

inline cudaError_t launch_1(float* out, const float* inp, const float* filt, int H, int W, int FH, int FW, cudaStream_t stream = 0) {
    dim3 grid((unsigned)evo_floordiv(((W + 32) - 1), 32), (unsigned)evo_floordiv(((H + 32) - 1), 32), (unsigned)1);
    dim3 block((unsigned)4, (unsigned)16, (unsigned)1);
    spec_1::conv2d_1<<<grid, block, 0, stream>>>(out, inp, filt, H, W, FH, FW);
    return cudaGetLastError();
}

// ---- specialization 2: the untuned default (the template's baseline genome)
// genome: {"AdjustBlockSize_X": 16, "AdjustBlockSize_Y": 16, "ThreadCoarsening_X": 1, "ThreadCoarsening_Y": 1, "UseSharedMemory": false, "PadSharedMemory": false, "UnrollLoop": 1, "VectorizeLoads": false, "UseSharedMemory_MaxFilter": 32, "ReorderInstructions": false, "ReorderInstructions_Async": false, "UnrollLoop_Filter": 0, "TileLoops_Y": 1, "VectorizeLoads_AlignRows": 0}
// measured: 
// fitness = speedup * exp(-w_cv * cv) / (1 + w_spill * spill_KiB) (see evo_kernels/fitness.py)
[[maybe_unused]] constexpr int ADJUSTBLOCKSIZE_X_2 = 16;
[[maybe_unused]] constexpr int ADJUSTBLOCKSIZE_Y_2 = 16;
[[maybe_unused]] constexpr int THREADCOARSENING_X_2 = 1;
[[maybe_unused]] constexpr int THREADCOARSENING_Y_2 = 1;
[[maybe_unused]] constexpr int USESHAREDMEMORY_2 = 0;
[[maybe_unused]] constexpr int PADSHAREDMEMORY_2 = 0;
[[maybe_unused]] constexpr int UNROLLLOOP_2 = 1;
[[maybe_unused]] constexpr int VECTORIZELOADS_2 = 0;
[[maybe_unused]] constexpr int USESHAREDMEMORY_MAXFILTER_2 = 32;
[[maybe_unused]] constexpr int REORDERINSTRUCTIONS_2 = 0;
[[maybe_unused]] constexpr int REORDERINSTRUCTIONS_ASYNC_2 = 0;
[[maybe_unused]] constexpr int UNROLLLOOP_FILTER_2 = 0;
[[maybe_unused]] constexpr int TILELOOPS_Y_2 = 1;
[[maybe_unused]] constexpr int VECTORIZELOADS_ALIGNROWS_2 = 0;
namespace spec_2 {  // device helpers of one specialization stay apart from the others'
// conv2d_2: 16x16 threads of 1x1 outputs (tile 16x16), shared=0 stride=0
// vec=0 unroll=1 sliding_window=0
static __global__ void __launch_bounds__(256)
conv2d_2(float* __restrict__ out, const float* __restrict__ inp, const float* __restrict__ filt,
          int H, int W, int FH, int FW)
{
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int x0 = blockIdx.x * 16, y0 = blockIdx.y * 16;
    const int IW = W + FW - 1;
    float acc[1][1];
#pragma unroll
    for (int r = 0; r < 1; ++r)
#pragma unroll
        for (int c = 0; c < 1; ++c) acc[r][c] = 0.0f;



    // output coordinates clamped into range: every read stays inside inp; clamped results are not stored
    const float* ip0 = inp + (size_t)min(y0 + ty + 0, H - 1) * IW;
    const int xc0 = min(x0 + tx + 0, W - 1);
#pragma unroll 1
    for (int i = 0; i < FH; ++i) {
        const float* fr = filt + i * FW;
#pragma unroll 1
        for (int j = 0; j < FW; ++j) {
            const float w = fr[j];
            acc[0][0] = fmaf(ip0[xc0 + j], w, acc[0][0]);
        }
        ip0 += IW;
    }


    if (y0 + ty + 0 < H) {
        float* orow = out + (size_t)(y0 + ty + 0) * W;
        {
            if (x0 + tx + 0 < W) orow[x0 + tx + 0] = acc[0][0];
        }
    }
}
}  // namespace spec_2

inline cudaError_t launch_2(float* out, const float* inp, const float* filt, int H, int W, int FH, int FW, cudaStream_t stream = 0) {
    dim3 grid((unsigned)evo_floordiv(((W + 16) - 1), 16), (unsigned)evo_floordiv(((H + 16) - 1), 16), (unsigned)1);
    dim3 block((unsigned)16, (unsigned)16, (unsigned)1);
    spec_2::conv2d_2<<<grid, block, 0, stream>>>(out, inp, filt, H, W, FH, FW);
    return cudaGetLastError();
}

// Dispatch (evo_kernels.export.dispatch is the same rule in Python): among the specializations
// whose grid fits the launch limits at this size (x < 2^31, y and z < 2^16), the one tuned for
// the nearest problem by the sum over the sizes of |log(size / tuned size)|; when none fits, the
// untuned default (the template's baseline genome, specialization 2); -1 when not even
// that one can be launched.
inline int pick(int FH, int FW, int H, int W) {
    int best = -1; double bd = 1e300, d;
    d = std::fabs(std::log(evo_pos(FH) / 11.0)) + std::fabs(std::log(evo_pos(FW) / 11.0)) + std::fabs(std::log(evo_pos(H) / 1624.0)) + std::fabs(std::log(evo_pos(W) / 5942.0));
    if (d < bd && evo_fits(evo_floordiv(((W + 128) - 1), 128), evo_floordiv(((H + 16) - 1), 16), 1)) { bd = d; best = 0; }
    d = std::fabs(std::log(evo_pos(FH) / 11.0)) + std::fabs(std::log(evo_pos(FW) / 9.0)) + std::fabs(std::log(evo_pos(H) / 5756.0)) + std::fabs(std::log(evo_pos(W) / 3224.0));
    if (d < bd && evo_fits(evo_floordiv(((W + 32) - 1), 32), evo_floordiv(((H + 32) - 1), 32), 1)) { bd = d; best = 1; }
    if (best < 0 && evo_fits(evo_floordiv(((W + 16) - 1), 16), evo_floordiv(((H + 16) - 1), 16), 1)) best = 2;
    return best;
}

inline cudaError_t launch(float* out, const float* inp, const float* filt, int H, int W, int FH, int FW, cudaStream_t stream = 0) {
    switch (pick(FH, FW, H, W)) {
    case 0: return launch_0(out, inp, filt, H, W, FH, FW, stream);
    case 1: return launch_1(out, inp, filt, H, W, FH, FW, stream);
    case 2: return launch_2(out, inp, filt, H, W, FH, FW, stream);
    }
    return cudaErrorInvalidConfiguration;
}

}  // namespace evo_tuned_conv2d
