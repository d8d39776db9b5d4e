// sgemm_tuned.cuh: sgemm kernels tuned by evo-kernels (namespace evo_tuned_sgemm); generated 2026-12-05T16:10:40+00:00.
// Template sgemm.cu.mako (hash 49ed56e7ca50a2fc); tuned for sm_90.
// Self-contained: include it in any .cu file; call launch(...) with the kernel's arguments.
#pragma once
#include <cuda_runtime.h>
#include <cmath>
#include <cstdint>

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ != 900
#warning "evo_tuned_sgemm: tuned on sm_90; this architecture runs it correctly but untuned"
#endif

namespace evo_tuned_sgemm {

inline long long evo_floordiv(long long a, long long b) {
    long long q = a / b; return (q * b != a && ((a < 0) != (b < 0))) ? q - 1 : q;
}
inline long long evo_min(long long a, long long b) { return a < b ? a : b; }
inline long long evo_max(long long a, long long b) { return a > b ? a : b; }
inline double evo_pos(long long a) { return a > 1 ? (double)a : 1.0; }
inline bool evo_fits(long long x, long long y, long long z) {
    return x >= 1 && x <= 2147483647LL && y >= 1 && y <= 65535 && z >= 1 && z <= 65535;
}

// ---- specialization 0: tuned for {"K": 2633, "M": 3151, "N": 121}
// genome: {"TileLoops_M": 32, "TileLoops_N": 128, "TileLoops_K": 16, "ThreadCoarsening_M": 8, "ThreadCoarsening_N": 4, "UseSharedMemory": true, "PadSharedMemory": true, "VectorizeLoads": true, "CoalesceMemoryAccess": true, "UnrollLoop": 32, "ReorderInstructions": false, "ReorderInstructions_Async": 3, "TileLoops_Specialize": true, "ReorderInstructions_Fragments": true, "TileLoops_Group": 8, "AdjustBlockSize_MaxRegisters": 128, "TileLoops_SpecializeEdges": false, "TileLoops_SplitK": 4, "TileLoops_SplitKEdges": 1}
// measured: gpu_name=NVIDIA H100 80GB HBM3, driver_version=580.159.04, nvcc_version=cuda_13.0.r13.0/compiler.36424714_0, measured_at=2026-12-05T16:07:48+00:00, median_ms=0.08467, speedup=14.92, fitness=14.85, cv=0.004724, registers=127, spill_bytes=0
// fitness = speedup * exp(-w_cv * cv) / (1 + w_spill * spill_KiB) (see evo_kernels/fitness.py)
[[maybe_unused]] constexpr int TILELOOPS_M_0 = 32;
[[maybe_unused]] constexpr int TILELOOPS_N_0 = 128;
[[maybe_unused]] constexpr int TILELOOPS_K_0 = 16;
[[maybe_unused]] constexpr int THREADCOARSENING_M_0 = 8;
[[maybe_unused]] constexpr int THREADCOARSENING_N_0 = 4;
[[maybe_unused]] constexpr int USESHAREDMEMORY_0 = 1;
[[maybe_unused]] constexpr int PADSHAREDMEMORY_0 = 1;
[[maybe_unused]] constexpr int VECTORIZELOADS_0 = 1;
[[maybe_unused]] constexpr int COALESCEMEMORYACCESS_0 = 1;
[[maybe_unused]] constexpr int UNROLLLOOP_0 = 32;
[[maybe_unused]] constexpr int REORDERINSTRUCTIONS_0 = 0;
[[maybe_unused]] constexpr int REORDERINSTRUCTIONS_ASYNC_0 = 3;
[[maybe_unused]] constexpr int TILELOOPS_SPECIALIZE_0 = 1;
[[maybe_unused]] constexpr int REORDERINSTRUCTIONS_FRAGMENTS_0 = 1;
[[maybe_unused]] constexpr int TILELOOPS_GROUP_0 = 8;
[[maybe_unused]] constexpr int ADJUSTBLOCKSIZE_MAXREGISTERS_0 = 128;
[[maybe_unused]] constexpr int TILELOOPS_SPECIALIZEEDGES_0 = 0;
[[maybe_unused]] constexpr int TILELOOPS_SPLITK_0 = 4;
[[maybe_unused]] constexpr int TILELOOPS_SPLITKEDGES_0 = 1;
namespace spec_0 {  // device helpers of one specialization stay apart from the others'
// sgemm_0: block tile 32x128x16, 32x4 threads of 8x4 outputs,
// shared=1 pad=4 vec=1 coalesce=1 unroll=32
// double_buffer=0 async_stages=3 max_registers=128 full_tile_path=1
// fragment_pipeline=1 block_row_group=8 split_k=4
// Asynchronous global -> shared copies (cp.async, sm_80+): the copy needs no staging registers and
// runs while the SM computes. A false predicate copies nothing and zero-fills the destination
// (src-size 0; the source pointer must still be a valid address). Where __CUDA_ARCH__ is not
// defined (the host pass, the CPU emulator of the tests) they are plain synchronous copies.
__device__ __forceinline__ void cp_async4(float* dst, const float* src, bool pred)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    const unsigned d = static_cast<unsigned>(__cvta_generic_to_shared(dst));
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;\n" :: "r"(d), "l"(src), "r"(pred ? 4 : 0));
#else
    *dst = pred ? *src : 0.f;
#endif
}
__device__ __forceinline__ void cp_async16(float* dst, const float* src, bool pred)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    const unsigned d = static_cast<unsigned>(__cvta_generic_to_shared(dst));
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" :: "r"(d), "l"(src), "r"(pred ? 16 : 0));
#else
    *reinterpret_cast<float4*>(dst) = pred ? *reinterpret_cast<const float4*>(src) : make_float4(0.f, 0.f, 0.f, 0.f);
#endif
}
__device__ __forceinline__ void cp_async4_full(float* dst, const float* src)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    const unsigned d = static_cast<unsigned>(__cvta_generic_to_shared(dst));
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" :: "r"(d), "l"(src));
#else
    *dst = *src;
#endif
}
__device__ __forceinline__ void cp_async16_full(float* dst, const float* src)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    const unsigned d = static_cast<unsigned>(__cvta_generic_to_shared(dst));
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(d), "l"(src));
#else
    *reinterpret_cast<float4*>(dst) = *reinterpret_cast<const float4*>(src);
#endif
}
__device__ __forceinline__ void cp_async_commit()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.commit_group;\n" ::);
#endif
}
template <int N> __device__ __forceinline__ void cp_async_wait()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.wait_group %0;\n" :: "n"(N));
#endif
}

static __global__ void __launch_bounds__(128, 4)
sgemm_0(float* __restrict__ C, const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ work,
          int* __restrict__ tiles, int M, int N, int K)
{
    const int tx = threadIdx.x, ty = threadIdx.y;
    // grouped block order: consecutive blocks walk 8 block rows down before moving one block column
    // right, so the blocks in flight together read fewer distinct rows of A and columns of B (L2 reuse)
    int by, bx;
    {
        const int gx = gridDim.x, gy = gridDim.y;
        const int pid = blockIdx.y * gx + blockIdx.x, per_group = 8 * gx;
        const int first = pid / per_group * 8, rows = min(gy - first, 8);
        by = first + pid % per_group % rows;
        bx = pid % per_group / rows;
    }
    const int bm0 = by * 32, bn0 = bx * 128;
    const int row0 = bm0 + ty * 4, col0 = bn0 + tx * 4;   // + roff(i), + coff(j)
    // float4 paths need a row stride that is a multiple of 4 and a 16-byte aligned base; else scalar
    const bool b_vec = (N & 3) == 0 && ((size_t)B & 15) == 0;
    const bool c_vec = (N & 3) == 0 && ((size_t)C & 15) == 0;
    float acc[8][4];
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) acc[i][j] = 0.0f;

    __shared__ __align__(16) float As[3][16][36];   // A tile, transposed: As[k][m]
    __shared__ __align__(16) float Bs[3][16][132];   // B tile: Bs[k][n]
    const int tid = ty * 32 + tx;
    // split-K: this block walks k tiles [z * per, (z + 1) * per) of the ceil(K / 16); A and B start there
    // (a multiple of 16 columns of A, rows of B: float4 alignment is kept)
    const int per = ((K + 15) / 16 + (int)gridDim.z - 1) / (int)gridDim.z;
    const int k0 = (int)blockIdx.z * per * 16;
    const int KS = max(0, min(K - k0, per * 16));
    A += min(k0, K);
    B += (size_t)min(k0, K) * N;
    // load mapping: thread tid moves units tid + l*128 of each tile (A: 1 k of one row, B: 4 n of one k)
    const int am0 = (tid + 0) / 16, ak0 = (tid + 0) % 16 * 1;
    const bool ain0 = true;
    const bool aok0 = ain0 && bm0 + am0 < M;
    const float* asrc0 = A + (size_t)(bm0 + am0) * K + ak0;   // advanced by BK per tile
    const int am1 = (tid + 128) / 16, ak1 = (tid + 128) % 16 * 1;
    const bool ain1 = true;
    const bool aok1 = ain1 && bm0 + am1 < M;
    const float* asrc1 = A + (size_t)(bm0 + am1) * K + ak1;   // advanced by BK per tile
    const int am2 = (tid + 256) / 16, ak2 = (tid + 256) % 16 * 1;
    const bool ain2 = true;
    const bool aok2 = ain2 && bm0 + am2 < M;
    const float* asrc2 = A + (size_t)(bm0 + am2) * K + ak2;   // advanced by BK per tile
    const int am3 = (tid + 384) / 16, ak3 = (tid + 384) % 16 * 1;
    const bool ain3 = true;
    const bool aok3 = ain3 && bm0 + am3 < M;
    const float* asrc3 = A + (size_t)(bm0 + am3) * K + ak3;   // advanced by BK per tile
    const int ubk0 = (tid + 0) / 32, ubn0 = (tid + 0) % 32 * 4;
    const bool bin0 = true;
    const float* bsrc0 = B + (size_t)ubk0 * N + bn0 + ubn0;   // advanced by BK rows per tile
    const int ubk1 = (tid + 128) / 32, ubn1 = (tid + 128) % 32 * 4;
    const bool bin1 = true;
    const float* bsrc1 = B + (size_t)ubk1 * N + bn0 + ubn1;   // advanced by BK rows per tile
    const int ubk2 = (tid + 256) / 32, ubn2 = (tid + 256) % 32 * 4;
    const bool bin2 = true;
    const float* bsrc2 = B + (size_t)ubk2 * N + bn0 + ubn2;   // advanced by BK rows per tile
    const int ubk3 = (tid + 384) / 32, ubn3 = (tid + 384) % 32 * 4;
    const bool bin3 = true;
    const float* bsrc3 = B + (size_t)ubk3 * N + bn0 + ubn3;   // advanced by BK rows per tile





    // TileLoops_Specialize with cp.async: blocks whose tiles are all full (inside M and N, K a multiple of 16) with
    // a float4-aligned B copy without predicates from pointers that step by a tile, and the stage loop is unrolled
    // 3 times so that every buffer index is a constant; other blocks take the guarded pipeline below.
    if (b_vec && KS >= 16 && KS % 16 == 0 && bm0 + 32 <= M && bn0 + 128 <= N) {
        const int nt = KS / 16;
        const int far0 = tid / 16, fac0 = tid % 16;
        const int fbk0 = tid / 32, fbn0 = tid % 32 * 4;
        const float* fa = A + (size_t)(bm0 + far0) * K + fac0;
        const float* fb = B + (size_t)fbk0 * N + bn0 + fbn0;
        const size_t fastep = (size_t)8 * K, fbstep = (size_t)4 * N;
        if (0 < nt) {

        {   // global -> shared buffer 0, the next tile: inside the matrices, so no predicates; then one tile on
            cp_async4_full(&As[0][fac0][far0 + 0], fa + 0 * fastep);
            cp_async4_full(&As[0][fac0][far0 + 8], fa + 1 * fastep);
            cp_async4_full(&As[0][fac0][far0 + 16], fa + 2 * fastep);
            cp_async4_full(&As[0][fac0][far0 + 24], fa + 3 * fastep);
            cp_async16_full(&Bs[0][fbk0 + 0][fbn0], fb + 0 * fbstep);
            cp_async16_full(&Bs[0][fbk0 + 4][fbn0], fb + 1 * fbstep);
            cp_async16_full(&Bs[0][fbk0 + 8][fbn0], fb + 2 * fbstep);
            cp_async16_full(&Bs[0][fbk0 + 12][fbn0], fb + 3 * fbstep);
            fa += 16;
            fb += (size_t)16 * N;
        }

        }
        cp_async_commit();
        if (1 < nt) {

        {   // global -> shared buffer 1, the next tile: inside the matrices, so no predicates; then one tile on
            cp_async4_full(&As[1][fac0][far0 + 0], fa + 0 * fastep);
            cp_async4_full(&As[1][fac0][far0 + 8], fa + 1 * fastep);
            cp_async4_full(&As[1][fac0][far0 + 16], fa + 2 * fastep);
            cp_async4_full(&As[1][fac0][far0 + 24], fa + 3 * fastep);
            cp_async16_full(&Bs[1][fbk0 + 0][fbn0], fb + 0 * fbstep);
            cp_async16_full(&Bs[1][fbk0 + 4][fbn0], fb + 1 * fbstep);
            cp_async16_full(&Bs[1][fbk0 + 8][fbn0], fb + 2 * fbstep);
            cp_async16_full(&Bs[1][fbk0 + 12][fbn0], fb + 3 * fbstep);
            fa += 16;
            fb += (size_t)16 * N;
        }

        }
        cp_async_commit();
#pragma unroll 1
        for (int t = 0; t < nt; t += 3) {
            if (t + 0 < nt) {   // tile t + 0 in buffer 0; tile t + 2 into buffer 2
                cp_async_wait<1>();
                __syncthreads();
                if (t + 2 < nt) {

        {   // global -> shared buffer 2, the next tile: inside the matrices, so no predicates; then one tile on
            cp_async4_full(&As[2][fac0][far0 + 0], fa + 0 * fastep);
            cp_async4_full(&As[2][fac0][far0 + 8], fa + 1 * fastep);
            cp_async4_full(&As[2][fac0][far0 + 16], fa + 2 * fastep);
            cp_async4_full(&As[2][fac0][far0 + 24], fa + 3 * fastep);
            cp_async16_full(&Bs[2][fbk0 + 0][fbn0], fb + 0 * fbstep);
            cp_async16_full(&Bs[2][fbk0 + 4][fbn0], fb + 1 * fbstep);
            cp_async16_full(&Bs[2][fbk0 + 8][fbn0], fb + 2 * fbstep);
            cp_async16_full(&Bs[2][fbk0 + 12][fbn0], fb + 3 * fbstep);
            fa += 16;
            fb += (size_t)16 * N;
        }

                }
                cp_async_commit();
        {   // the fragment pipeline on one tile: row 0's fragments, then frag_step's (row kk + 1 read while row kk is
            // multiplied); the next tile is already in flight through cp.async
            float fa0[8], fb0[4], fa1[8], fb1[4];

            {   // the A and B fragments of k row 0 of buffer 0 into register slot 0
                const float* as = &As[0][0][ty * 4];
                const float* bs = &Bs[0][0][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
            }


        {   // one tile from buffer 0: while row kk is multiplied, row kk + 1 is read; before the last
            // row's products the next tile (in registers since the step began) goes to buffer None, the
            // barrier passes, and the next tile's row 0 is read under those products

            {   // the A and B fragments of k row 1 of buffer 0 into register slot 1
                const float* as = &As[0][1][ty * 4];
                const float* bs = &Bs[0][1][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 2 of buffer 0 into register slot 0
                const float* as = &As[0][2][ty * 4];
                const float* bs = &Bs[0][2][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 3 of buffer 0 into register slot 1
                const float* as = &As[0][3][ty * 4];
                const float* bs = &Bs[0][3][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 4 of buffer 0 into register slot 0
                const float* as = &As[0][4][ty * 4];
                const float* bs = &Bs[0][4][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 5 of buffer 0 into register slot 1
                const float* as = &As[0][5][ty * 4];
                const float* bs = &Bs[0][5][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 6 of buffer 0 into register slot 0
                const float* as = &As[0][6][ty * 4];
                const float* bs = &Bs[0][6][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 7 of buffer 0 into register slot 1
                const float* as = &As[0][7][ty * 4];
                const float* bs = &Bs[0][7][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 8 of buffer 0 into register slot 0
                const float* as = &As[0][8][ty * 4];
                const float* bs = &Bs[0][8][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 9 of buffer 0 into register slot 1
                const float* as = &As[0][9][ty * 4];
                const float* bs = &Bs[0][9][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 10 of buffer 0 into register slot 0
                const float* as = &As[0][10][ty * 4];
                const float* bs = &Bs[0][10][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 11 of buffer 0 into register slot 1
                const float* as = &As[0][11][ty * 4];
                const float* bs = &Bs[0][11][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 12 of buffer 0 into register slot 0
                const float* as = &As[0][12][ty * 4];
                const float* bs = &Bs[0][12][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 13 of buffer 0 into register slot 1
                const float* as = &As[0][13][ty * 4];
                const float* bs = &Bs[0][13][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 14 of buffer 0 into register slot 0
                const float* as = &As[0][14][ty * 4];
                const float* bs = &Bs[0][14][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 15 of buffer 0 into register slot 1
                const float* as = &As[0][15][ty * 4];
                const float* bs = &Bs[0][15][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);
#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);
        }

        }

            }
            if (t + 1 < nt) {   // tile t + 1 in buffer 1; tile t + 3 into buffer 0
                cp_async_wait<1>();
                __syncthreads();
                if (t + 3 < nt) {

        {   // global -> shared buffer 0, the next tile: inside the matrices, so no predicates; then one tile on
            cp_async4_full(&As[0][fac0][far0 + 0], fa + 0 * fastep);
            cp_async4_full(&As[0][fac0][far0 + 8], fa + 1 * fastep);
            cp_async4_full(&As[0][fac0][far0 + 16], fa + 2 * fastep);
            cp_async4_full(&As[0][fac0][far0 + 24], fa + 3 * fastep);
            cp_async16_full(&Bs[0][fbk0 + 0][fbn0], fb + 0 * fbstep);
            cp_async16_full(&Bs[0][fbk0 + 4][fbn0], fb + 1 * fbstep);
            cp_async16_full(&Bs[0][fbk0 + 8][fbn0], fb + 2 * fbstep);
            cp_async16_full(&Bs[0][fbk0 + 12][fbn0], fb + 3 * fbstep);
            fa += 16;
            fb += (size_t)16 * N;
        }

                }
                cp_async_commit();
        {   // the fragment pipeline on one tile: row 0's fragments, then frag_step's (row kk + 1 read while row kk is
            // multiplied); the next tile is already in flight through cp.async
            float fa0[8], fb0[4], fa1[8], fb1[4];

            {   // the A and B fragments of k row 0 of buffer 1 into register slot 0
                const float* as = &As[1][0][ty * 4];
                const float* bs = &Bs[1][0][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
            }


        {   // one tile from buffer 1: while row kk is multiplied, row kk + 1 is read; before the last
            // row's products the next tile (in registers since the step began) goes to buffer None, the
            // barrier passes, and the next tile's row 0 is read under those products

            {   // the A and B fragments of k row 1 of buffer 1 into register slot 1
                const float* as = &As[1][1][ty * 4];
                const float* bs = &Bs[1][1][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 2 of buffer 1 into register slot 0
                const float* as = &As[1][2][ty * 4];
                const float* bs = &Bs[1][2][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 3 of buffer 1 into register slot 1
                const float* as = &As[1][3][ty * 4];
                const float* bs = &Bs[1][3][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 4 of buffer 1 into register slot 0
                const float* as = &As[1][4][ty * 4];
                const float* bs = &Bs[1][4][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 5 of buffer 1 into register slot 1
                const float* as = &As[1][5][ty * 4];
                const float* bs = &Bs[1][5][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 6 of buffer 1 into register slot 0
                const float* as = &As[1][6][ty * 4];
                const float* bs = &Bs[1][6][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 7 of buffer 1 into register slot 1
                const float* as = &As[1][7][ty * 4];
                const float* bs = &Bs[1][7][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 8 of buffer 1 into register slot 0
                const float* as = &As[1][8][ty * 4];
                const float* bs = &Bs[1][8][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 9 of buffer 1 into register slot 1
                const float* as = &As[1][9][ty * 4];
                const float* bs = &Bs[1][9][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 10 of buffer 1 into register slot 0
                const float* as = &As[1][10][ty * 4];
                const float* bs = &Bs[1][10][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 11 of buffer 1 into register slot 1
                const float* as = &As[1][11][ty * 4];
                const float* bs = &Bs[1][11][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 12 of buffer 1 into register slot 0
                const float* as = &As[1][12][ty * 4];
                const float* bs = &Bs[1][12][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 13 of buffer 1 into register slot 1
                const float* as = &As[1][13][ty * 4];
                const float* bs = &Bs[1][13][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 14 of buffer 1 into register slot 0
                const float* as = &As[1][14][ty * 4];
                const float* bs = &Bs[1][14][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 15 of buffer 1 into register slot 1
                const float* as = &As[1][15][ty * 4];
                const float* bs = &Bs[1][15][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);
#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);
        }

        }

            }
            if (t + 2 < nt) {   // tile t + 2 in buffer 2; tile t + 4 into buffer 1
                cp_async_wait<1>();
                __syncthreads();
                if (t + 4 < nt) {

        {   // global -> shared buffer 1, the next tile: inside the matrices, so no predicates; then one tile on
            cp_async4_full(&As[1][fac0][far0 + 0], fa + 0 * fastep);
            cp_async4_full(&As[1][fac0][far0 + 8], fa + 1 * fastep);
            cp_async4_full(&As[1][fac0][far0 + 16], fa + 2 * fastep);
            cp_async4_full(&As[1][fac0][far0 + 24], fa + 3 * fastep);
            cp_async16_full(&Bs[1][fbk0 + 0][fbn0], fb + 0 * fbstep);
            cp_async16_full(&Bs[1][fbk0 + 4][fbn0], fb + 1 * fbstep);
            cp_async16_full(&Bs[1][fbk0 + 8][fbn0], fb + 2 * fbstep);
            cp_async16_full(&Bs[1][fbk0 + 12][fbn0], fb + 3 * fbstep);
            fa += 16;
            fb += (size_t)16 * N;
        }

                }
                cp_async_commit();
        {   // the fragment pipeline on one tile: row 0's fragments, then frag_step's (row kk + 1 read while row kk is
            // multiplied); the next tile is already in flight through cp.async
            float fa0[8], fb0[4], fa1[8], fb1[4];

            {   // the A and B fragments of k row 0 of buffer 2 into register slot 0
                const float* as = &As[2][0][ty * 4];
                const float* bs = &Bs[2][0][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
            }


        {   // one tile from buffer 2: while row kk is multiplied, row kk + 1 is read; before the last
            // row's products the next tile (in registers since the step began) goes to buffer None, the
            // barrier passes, and the next tile's row 0 is read under those products

            {   // the A and B fragments of k row 1 of buffer 2 into register slot 1
                const float* as = &As[2][1][ty * 4];
                const float* bs = &Bs[2][1][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 2 of buffer 2 into register slot 0
                const float* as = &As[2][2][ty * 4];
                const float* bs = &Bs[2][2][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 3 of buffer 2 into register slot 1
                const float* as = &As[2][3][ty * 4];
                const float* bs = &Bs[2][3][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 4 of buffer 2 into register slot 0
                const float* as = &As[2][4][ty * 4];
                const float* bs = &Bs[2][4][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 5 of buffer 2 into register slot 1
                const float* as = &As[2][5][ty * 4];
                const float* bs = &Bs[2][5][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 6 of buffer 2 into register slot 0
                const float* as = &As[2][6][ty * 4];
                const float* bs = &Bs[2][6][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 7 of buffer 2 into register slot 1
                const float* as = &As[2][7][ty * 4];
                const float* bs = &Bs[2][7][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 8 of buffer 2 into register slot 0
                const float* as = &As[2][8][ty * 4];
                const float* bs = &Bs[2][8][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 9 of buffer 2 into register slot 1
                const float* as = &As[2][9][ty * 4];
                const float* bs = &Bs[2][9][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 10 of buffer 2 into register slot 0
                const float* as = &As[2][10][ty * 4];
                const float* bs = &Bs[2][10][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 11 of buffer 2 into register slot 1
                const float* as = &As[2][11][ty * 4];
                const float* bs = &Bs[2][11][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 12 of buffer 2 into register slot 0
                const float* as = &As[2][12][ty * 4];
                const float* bs = &Bs[2][12][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 13 of buffer 2 into register slot 1
                const float* as = &As[2][13][ty * 4];
                const float* bs = &Bs[2][13][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 14 of buffer 2 into register slot 0
                const float* as = &As[2][14][ty * 4];
                const float* bs = &Bs[2][14][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 15 of buffer 2 into register slot 1
                const float* as = &As[2][15][ty * 4];
                const float* bs = &Bs[2][15][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);
#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);
        }

        }

            }
        }
    } else {
    // 3-stage cp.async pipeline: tiles t+1 .. t+2 are in flight while tile t is computed; one
    // barrier per tile. At the barrier of step t every thread has finished computing tile t-1, so
    // refilling its buffer right after the barrier is safe. Every step commits one group (empty past
    // the last tile) so that "all but the newest 1" always means "tile t has landed".
    const int ntiles = (KS + 15) / 16;
    const int ar0 = tid / 16, ac0 = tid % 16;
    const float* abase = A + (size_t)(bm0 + ar0) * K + ac0;
    const size_t astep = (size_t)8 * K;
    if (0 < ntiles) {

        {   // global -> shared buffer 0, asynchronously: the tile at k = 0 * 16; out-of-range elements zero-filled
            const int k0 = (0) * 16;
            // thread tid copies rows ar0 + l*8 at k0 + ac0: one base pointer, constant steps
            const bool kin = k0 + ac0 < KS;
            {
                const bool ok = kin && bm0 + ar0 + 0 < M;
                cp_async4(&As[0][ac0][ar0 + 0], ok ? abase + 0 * astep + k0 : A, ok);
            }
            {
                const bool ok = kin && bm0 + ar0 + 8 < M;
                cp_async4(&As[0][ac0][ar0 + 8], ok ? abase + 1 * astep + k0 : A, ok);
            }
            {
                const bool ok = kin && bm0 + ar0 + 16 < M;
                cp_async4(&As[0][ac0][ar0 + 16], ok ? abase + 2 * astep + k0 : A, ok);
            }
            {
                const bool ok = kin && bm0 + ar0 + 24 < M;
                cp_async4(&As[0][ac0][ar0 + 24], ok ? abase + 3 * astep + k0 : A, ok);
            }
            {
                const bool kok = k0 + ubk0 < KS;
                const int n = bn0 + ubn0;
                const float* p = bsrc0 + (size_t)k0 * N;
                if (b_vec) {   // N % 4 == 0: n < N means all four are in range
                    cp_async16(&Bs[0][ubk0][ubn0], kok && n < N ? p : B, kok && n < N);
                } else {
                    cp_async4(&Bs[0][ubk0][ubn0 + 0], kok && n + 0 < N ? p + 0 : B, kok && n + 0 < N);
                    cp_async4(&Bs[0][ubk0][ubn0 + 1], kok && n + 1 < N ? p + 1 : B, kok && n + 1 < N);
                    cp_async4(&Bs[0][ubk0][ubn0 + 2], kok && n + 2 < N ? p + 2 : B, kok && n + 2 < N);
                    cp_async4(&Bs[0][ubk0][ubn0 + 3], kok && n + 3 < N ? p + 3 : B, kok && n + 3 < N);
                }
            }
            {
                const bool kok = k0 + ubk1 < KS;
                const int n = bn0 + ubn1;
                const float* p = bsrc1 + (size_t)k0 * N;
                if (b_vec) {   // N % 4 == 0: n < N means all four are in range
                    cp_async16(&Bs[0][ubk1][ubn1], kok && n < N ? p : B, kok && n < N);
                } else {
                    cp_async4(&Bs[0][ubk1][ubn1 + 0], kok && n + 0 < N ? p + 0 : B, kok && n + 0 < N);
                    cp_async4(&Bs[0][ubk1][ubn1 + 1], kok && n + 1 < N ? p + 1 : B, kok && n + 1 < N);
                    cp_async4(&Bs[0][ubk1][ubn1 + 2], kok && n + 2 < N ? p + 2 : B, kok && n + 2 < N);
                    cp_async4(&Bs[0][ubk1][ubn1 + 3], kok && n + 3 < N ? p + 3 : B, kok && n + 3 < N);
                }
            }
            {
                const bool kok = k0 + ubk2 < KS;
                const int n = bn0 + ubn2;
                const float* p = bsrc2 + (size_t)k0 * N;
                if (b_vec) {   // N % 4 == 0: n < N means all four are in range
                    cp_async16(&Bs[0][ubk2][ubn2], kok && n < N ? p : B, kok && n < N);
                } else {
                    cp_async4(&Bs[0][ubk2][ubn2 + 0], kok && n + 0 < N ? p + 0 : B, kok && n + 0 < N);
                    cp_async4(&Bs[0][ubk2][ubn2 + 1], kok && n + 1 < N ? p + 1 : B, kok && n + 1 < N);
                    cp_async4(&Bs[0][ubk2][ubn2 + 2], kok && n + 2 < N ? p + 2 : B, kok && n + 2 < N);
                    cp_async4(&Bs[0][ubk2][ubn2 + 3], kok && n + 3 < N ? p + 3 : B, kok && n + 3 < N);
                }
            }
            {
                const bool kok = k0 + ubk3 < KS;
                const int n = bn0 + ubn3;
                const float* p = bsrc3 + (size_t)k0 * N;
                if (b_vec) {   // N % 4 == 0: n < N means all four are in range
                    cp_async16(&Bs[0][ubk3][ubn3], kok && n < N ? p : B, kok && n < N);
                } else {
                    cp_async4(&Bs[0][ubk3][ubn3 + 0], kok && n + 0 < N ? p + 0 : B, kok && n + 0 < N);
                    cp_async4(&Bs[0][ubk3][ubn3 + 1], kok && n + 1 < N ? p + 1 : B, kok && n + 1 < N);
                    cp_async4(&Bs[0][ubk3][ubn3 + 2], kok && n + 2 < N ? p + 2 : B, kok && n + 2 < N);
                    cp_async4(&Bs[0][ubk3][ubn3 + 3], kok && n + 3 < N ? p + 3 : B, kok && n + 3 < N);
                }
            }
        }

    }
    cp_async_commit();
    if (1 < ntiles) {

        {   // global -> shared buffer 1, asynchronously: the tile at k = 1 * 16; out-of-range elements zero-filled
            const int k0 = (1) * 16;
            // thread tid copies rows ar0 + l*8 at k0 + ac0: one base pointer, constant steps
            const bool kin = k0 + ac0 < KS;
            {
                const bool ok = kin && bm0 + ar0 + 0 < M;
                cp_async4(&As[1][ac0][ar0 + 0], ok ? abase + 0 * astep + k0 : A, ok);
            }
            {
                const bool ok = kin && bm0 + ar0 + 8 < M;
                cp_async4(&As[1][ac0][ar0 + 8], ok ? abase + 1 * astep + k0 : A, ok);
            }
            {
                const bool ok = kin && bm0 + ar0 + 16 < M;
                cp_async4(&As[1][ac0][ar0 + 16], ok ? abase + 2 * astep + k0 : A, ok);
            }
            {
                const bool ok = kin && bm0 + ar0 + 24 < M;
                cp_async4(&As[1][ac0][ar0 + 24], ok ? abase + 3 * astep + k0 : A, ok);
            }
            {
                const bool kok = k0 + ubk0 < KS;
                const int n = bn0 + ubn0;
                const float* p = bsrc0 + (size_t)k0 * N;
                if (b_vec) {   // N % 4 == 0: n < N means all four are in range
                    cp_async16(&Bs[1][ubk0][ubn0], kok && n < N ? p : B, kok && n < N);
                } else {
                    cp_async4(&Bs[1][ubk0][ubn0 + 0], kok && n + 0 < N ? p + 0 : B, kok && n + 0 < N);
                    cp_async4(&Bs[1][ubk0][ubn0 + 1], kok && n + 1 < N ? p + 1 : B, kok && n + 1 < N);
                    cp_async4(&Bs[1][ubk0][ubn0 + 2], kok && n + 2 < N ? p + 2 : B, kok && n + 2 < N);
                    cp_async4(&Bs[1][ubk0][ubn0 + 3], kok && n + 3 < N ? p + 3 : B, kok && n + 3 < N);
                }
            }
            {
                const bool kok = k0 + ubk1 < KS;
                const int n = bn0 + ubn1;
                const float* p = bsrc1 + (size_t)k0 * N;
                if (b_vec) {   // N % 4 == 0: n < N means all four are in range
                    cp_async16(&Bs[1][ubk1][ubn1], kok && n < N ? p : B, kok && n < N);
                } else {
                    cp_async4(&Bs[1][ubk1][ubn1 + 0], kok && n + 0 < N ? p + 0 : B, kok && n + 0 < N);
                    cp_async4(&Bs[1][ubk1][ubn1 + 1], kok && n + 1 < N ? p + 1 : B, kok && n + 1 < N);
                    cp_async4(&Bs[1][ubk1][ubn1 + 2], kok && n + 2 < N ? p + 2 : B, kok && n + 2 < N);
                    cp_async4(&Bs[1][ubk1][ubn1 + 3], kok && n + 3 < N ? p + 3 : B, kok && n + 3 < N);
                }
            }
            {
                const bool kok = k0 + ubk2 < KS;
                const int n = bn0 + ubn2;
                const float* p = bsrc2 + (size_t)k0 * N;
                if (b_vec) {   // N % 4 == 0: n < N means all four are in range
                    cp_async16(&Bs[1][ubk2][ubn2], kok && n < N ? p : B, kok && n < N);
                } else {
                    cp_async4(&Bs[1][ubk2][ubn2 + 0], kok && n + 0 < N ? p + 0 : B, kok && n + 0 < N);
                    cp_async4(&Bs[1][ubk2][ubn2 + 1], kok && n + 1 < N ? p + 1 : B, kok && n + 1 < N);
                    cp_async4(&Bs[1][ubk2][ubn2 + 2], kok && n + 2 < N ? p + 2 : B, kok && n + 2 < N);
                    cp_async4(&Bs[1][ubk2][ubn2 + 3], kok && n + 3 < N ? p + 3 : B, kok && n + 3 < N);
                }
            }
            {
                const bool kok = k0 + ubk3 < KS;
                const int n = bn0 + ubn3;
                const float* p = bsrc3 + (size_t)k0 * N;
                if (b_vec) {   // N % 4 == 0: n < N means all four are in range
                    cp_async16(&Bs[1][ubk3][ubn3], kok && n < N ? p : B, kok && n < N);
                } else {
                    cp_async4(&Bs[1][ubk3][ubn3 + 0], kok && n + 0 < N ? p + 0 : B, kok && n + 0 < N);
                    cp_async4(&Bs[1][ubk3][ubn3 + 1], kok && n + 1 < N ? p + 1 : B, kok && n + 1 < N);
                    cp_async4(&Bs[1][ubk3][ubn3 + 2], kok && n + 2 < N ? p + 2 : B, kok && n + 2 < N);
                    cp_async4(&Bs[1][ubk3][ubn3 + 3], kok && n + 3 < N ? p + 3 : B, kok && n + 3 < N);
                }
            }
        }

    }
    cp_async_commit();
#pragma unroll 1
    for (int t = 0; t < ntiles; ++t) {
        cp_async_wait<1>();
        __syncthreads();
        {
            const int tn = t + 2;
            if (tn < ntiles) {
                const int nb = tn % 3;

        {   // global -> shared buffer nb, asynchronously: the tile at k = tn * 16; out-of-range elements zero-filled
            const int k0 = (tn) * 16;
            // thread tid copies rows ar0 + l*8 at k0 + ac0: one base pointer, constant steps
            const bool kin = k0 + ac0 < KS;
            {
                const bool ok = kin && bm0 + ar0 + 0 < M;
                cp_async4(&As[nb][ac0][ar0 + 0], ok ? abase + 0 * astep + k0 : A, ok);
            }
            {
                const bool ok = kin && bm0 + ar0 + 8 < M;
                cp_async4(&As[nb][ac0][ar0 + 8], ok ? abase + 1 * astep + k0 : A, ok);
            }
            {
                const bool ok = kin && bm0 + ar0 + 16 < M;
                cp_async4(&As[nb][ac0][ar0 + 16], ok ? abase + 2 * astep + k0 : A, ok);
            }
            {
                const bool ok = kin && bm0 + ar0 + 24 < M;
                cp_async4(&As[nb][ac0][ar0 + 24], ok ? abase + 3 * astep + k0 : A, ok);
            }
            {
                const bool kok = k0 + ubk0 < KS;
                const int n = bn0 + ubn0;
                const float* p = bsrc0 + (size_t)k0 * N;
                if (b_vec) {   // N % 4 == 0: n < N means all four are in range
                    cp_async16(&Bs[nb][ubk0][ubn0], kok && n < N ? p : B, kok && n < N);
                } else {
                    cp_async4(&Bs[nb][ubk0][ubn0 + 0], kok && n + 0 < N ? p + 0 : B, kok && n + 0 < N);
                    cp_async4(&Bs[nb][ubk0][ubn0 + 1], kok && n + 1 < N ? p + 1 : B, kok && n + 1 < N);
                    cp_async4(&Bs[nb][ubk0][ubn0 + 2], kok && n + 2 < N ? p + 2 : B, kok && n + 2 < N);
                    cp_async4(&Bs[nb][ubk0][ubn0 + 3], kok && n + 3 < N ? p + 3 : B, kok && n + 3 < N);
                }
            }
            {
                const bool kok = k0 + ubk1 < KS;
                const int n = bn0 + ubn1;
                const float* p = bsrc1 + (size_t)k0 * N;
                if (b_vec) {   // N % 4 == 0: n < N means all four are in range
                    cp_async16(&Bs[nb][ubk1][ubn1], kok && n < N ? p : B, kok && n < N);
                } else {
                    cp_async4(&Bs[nb][ubk1][ubn1 + 0], kok && n + 0 < N ? p + 0 : B, kok && n + 0 < N);
                    cp_async4(&Bs[nb][ubk1][ubn1 + 1], kok && n + 1 < N ? p + 1 : B, kok && n + 1 < N);
                    cp_async4(&Bs[nb][ubk1][ubn1 + 2], kok && n + 2 < N ? p + 2 : B, kok && n + 2 < N);
                    cp_async4(&Bs[nb][ubk1][ubn1 + 3], kok && n + 3 < N ? p + 3 : B, kok && n + 3 < N);
                }
            }
            {
                const bool kok = k0 + ubk2 < KS;
                const int n = bn0 + ubn2;
                const float* p = bsrc2 + (size_t)k0 * N;
                if (b_vec) {   // N % 4 == 0: n < N means all four are in range
                    cp_async16(&Bs[nb][ubk2][ubn2], kok && n < N ? p : B, kok && n < N);
                } else {
                    cp_async4(&Bs[nb][ubk2][ubn2 + 0], kok && n + 0 < N ? p + 0 : B, kok && n + 0 < N);
                    cp_async4(&Bs[nb][ubk2][ubn2 + 1], kok && n + 1 < N ? p + 1 : B, kok && n + 1 < N);
                    cp_async4(&Bs[nb][ubk2][ubn2 + 2], kok && n + 2 < N ? p + 2 : B, kok && n + 2 < N);
                    cp_async4(&Bs[nb][ubk2][ubn2 + 3], kok && n + 3 < N ? p + 3 : B, kok && n + 3 < N);
                }
            }
            {
                const bool kok = k0 + ubk3 < KS;
                const int n = bn0 + ubn3;
                const float* p = bsrc3 + (size_t)k0 * N;
                if (b_vec) {   // N % 4 == 0: n < N means all four are in range
                    cp_async16(&Bs[nb][ubk3][ubn3], kok && n < N ? p : B, kok && n < N);
                } else {
                    cp_async4(&Bs[nb][ubk3][ubn3 + 0], kok && n + 0 < N ? p + 0 : B, kok && n + 0 < N);
                    cp_async4(&Bs[nb][ubk3][ubn3 + 1], kok && n + 1 < N ? p + 1 : B, kok && n + 1 < N);
                    cp_async4(&Bs[nb][ubk3][ubn3 + 2], kok && n + 2 < N ? p + 2 : B, kok && n + 2 < N);
                    cp_async4(&Bs[nb][ubk3][ubn3 + 3], kok && n + 3 < N ? p + 3 : B, kok && n + 3 < N);
                }
            }
        }

            }
            cp_async_commit();
        }
        const int cb = t % 3;
        {   // the fragment pipeline on one tile: row 0's fragments, then frag_step's (row kk + 1 read while row kk is
            // multiplied); the next tile is already in flight through cp.async
            float fa0[8], fb0[4], fa1[8], fb1[4];

            {   // the A and B fragments of k row 0 of buffer cb into register slot 0
                const float* as = &As[cb][0][ty * 4];
                const float* bs = &Bs[cb][0][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
            }


        {   // one tile from buffer cb: while row kk is multiplied, row kk + 1 is read; before the last
            // row's products the next tile (in registers since the step began) goes to buffer None, the
            // barrier passes, and the next tile's row 0 is read under those products

            {   // the A and B fragments of k row 1 of buffer cb into register slot 1
                const float* as = &As[cb][1][ty * 4];
                const float* bs = &Bs[cb][1][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 2 of buffer cb into register slot 0
                const float* as = &As[cb][2][ty * 4];
                const float* bs = &Bs[cb][2][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 3 of buffer cb into register slot 1
                const float* as = &As[cb][3][ty * 4];
                const float* bs = &Bs[cb][3][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 4 of buffer cb into register slot 0
                const float* as = &As[cb][4][ty * 4];
                const float* bs = &Bs[cb][4][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 5 of buffer cb into register slot 1
                const float* as = &As[cb][5][ty * 4];
                const float* bs = &Bs[cb][5][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 6 of buffer cb into register slot 0
                const float* as = &As[cb][6][ty * 4];
                const float* bs = &Bs[cb][6][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 7 of buffer cb into register slot 1
                const float* as = &As[cb][7][ty * 4];
                const float* bs = &Bs[cb][7][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 8 of buffer cb into register slot 0
                const float* as = &As[cb][8][ty * 4];
                const float* bs = &Bs[cb][8][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 9 of buffer cb into register slot 1
                const float* as = &As[cb][9][ty * 4];
                const float* bs = &Bs[cb][9][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 10 of buffer cb into register slot 0
                const float* as = &As[cb][10][ty * 4];
                const float* bs = &Bs[cb][10][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 11 of buffer cb into register slot 1
                const float* as = &As[cb][11][ty * 4];
                const float* bs = &Bs[cb][11][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 12 of buffer cb into register slot 0
                const float* as = &As[cb][12][ty * 4];
                const float* bs = &Bs[cb][12][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 13 of buffer cb into register slot 1
                const float* as = &As[cb][13][ty * 4];
                const float* bs = &Bs[cb][13][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 14 of buffer cb into register slot 0
                const float* as = &As[cb][14][ty * 4];
                const float* bs = &Bs[cb][14][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 15 of buffer cb into register slot 1
                const float* as = &As[cb][15][ty * 4];
                const float* bs = &Bs[cb][15][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 16);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);
#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);
        }

        }

    }
    }

    if (gridDim.z > 1) {
        // this split's partial tile goes to its slice of the workspace; the last split of the tile to
        // arrive (a counter per tile) sums the slices in split order (the same sum whichever arrives
        // last), stores C, and resets the counter for the next launch
        float* __restrict__ wz = work + (size_t)blockIdx.z * M * N;
        if (row0 + 0 < M) {
            if (col0 + 0 < N) wz[(size_t)(row0 + 0) * N + col0 + 0] = acc[0][0];
            if (col0 + 1 < N) wz[(size_t)(row0 + 0) * N + col0 + 1] = acc[0][1];
            if (col0 + 2 < N) wz[(size_t)(row0 + 0) * N + col0 + 2] = acc[0][2];
            if (col0 + 3 < N) wz[(size_t)(row0 + 0) * N + col0 + 3] = acc[0][3];
        }
        if (row0 + 1 < M) {
            if (col0 + 0 < N) wz[(size_t)(row0 + 1) * N + col0 + 0] = acc[1][0];
            if (col0 + 1 < N) wz[(size_t)(row0 + 1) * N + col0 + 1] = acc[1][1];
            if (col0 + 2 < N) wz[(size_t)(row0 + 1) * N + col0 + 2] = acc[1][2];
            if (col0 + 3 < N) wz[(size_t)(row0 + 1) * N + col0 + 3] = acc[1][3];
        }
        if (row0 + 2 < M) {
            if (col0 + 0 < N) wz[(size_t)(row0 + 2) * N + col0 + 0] = acc[2][0];
            if (col0 + 1 < N) wz[(size_t)(row0 + 2) * N + col0 + 1] = acc[2][1];
            if (col0 + 2 < N) wz[(size_t)(row0 + 2) * N + col0 + 2] = acc[2][2];
            if (col0 + 3 < N) wz[(size_t)(row0 + 2) * N + col0 + 3] = acc[2][3];
        }
        if (row0 + 3 < M) {
            if (col0 + 0 < N) wz[(size_t)(row0 + 3) * N + col0 + 0] = acc[3][0];
            if (col0 + 1 < N) wz[(size_t)(row0 + 3) * N + col0 + 1] = acc[3][1];
            if (col0 + 2 < N) wz[(size_t)(row0 + 3) * N + col0 + 2] = acc[3][2];
            if (col0 + 3 < N) wz[(size_t)(row0 + 3) * N + col0 + 3] = acc[3][3];
        }
        if (row0 + 16 < M) {
            if (col0 + 0 < N) wz[(size_t)(row0 + 16) * N + col0 + 0] = acc[4][0];
            if (col0 + 1 < N) wz[(size_t)(row0 + 16) * N + col0 + 1] = acc[4][1];
            if (col0 + 2 < N) wz[(size_t)(row0 + 16) * N + col0 + 2] = acc[4][2];
            if (col0 + 3 < N) wz[(size_t)(row0 + 16) * N + col0 + 3] = acc[4][3];
        }
        if (row0 + 17 < M) {
            if (col0 + 0 < N) wz[(size_t)(row0 + 17) * N + col0 + 0] = acc[5][0];
            if (col0 + 1 < N) wz[(size_t)(row0 + 17) * N + col0 + 1] = acc[5][1];
            if (col0 + 2 < N) wz[(size_t)(row0 + 17) * N + col0 + 2] = acc[5][2];
            if (col0 + 3 < N) wz[(size_t)(row0 + 17) * N + col0 + 3] = acc[5][3];
        }
        if (row0 + 18 < M) {
            if (col0 + 0 < N) wz[(size_t)(row0 + 18) * N + col0 + 0] = acc[6][0];
            if (col0 + 1 < N) wz[(size_t)(row0 + 18) * N + col0 + 1] = acc[6][1];
            if (col0 + 2 < N) wz[(size_t)(row0 + 18) * N + col0 + 2] = acc[6][2];
            if (col0 + 3 < N) wz[(size_t)(row0 + 18) * N + col0 + 3] = acc[6][3];
        }
        if (row0 + 19 < M) {
            if (col0 + 0 < N) wz[(size_t)(row0 + 19) * N + col0 + 0] = acc[7][0];
            if (col0 + 1 < N) wz[(size_t)(row0 + 19) * N + col0 + 1] = acc[7][1];
            if (col0 + 2 < N) wz[(size_t)(row0 + 19) * N + col0 + 2] = acc[7][2];
            if (col0 + 3 < N) wz[(size_t)(row0 + 19) * N + col0 + 3] = acc[7][3];
        }
        __threadfence();
        __syncthreads();
        __shared__ int last;
        const int tile = blockIdx.y * gridDim.x + blockIdx.x;
        if (tx == 0 && ty == 0) last = atomicAdd(&tiles[tile], 1) == (int)gridDim.z - 1;
        __syncthreads();
        if (!last) return;
        __threadfence();
        // the sum in split order, from the workspace (this split's own slice included, so the order is the
        // same whichever split arrives last). 4 row(s) at a time: the 16 loads of a slice are
        // issued before their adds, so the epilogue costs 2 round trips per split instead of
        // one per split and output (the split-K sum was the tail of skinny shapes), in few registers
#pragma unroll
        for (int i = 0; i < 8; ++i)
#pragma unroll
            for (int j = 0; j < 4; ++j) acc[i][j] = 0.0f;
#pragma unroll 1
        for (int z = 0; z < (int)gridDim.z; ++z) {
            const float* __restrict__ ws = work + (size_t)z * M * N + col0;
            {
                const bool rok = row0 + 0 < M;
                const float* __restrict__ wr = ws + (size_t)(row0 + 0) * N;
                acc[0][0] += (rok && col0 + 0 < N) ? __ldcg(wr + 0) : 0.0f;
                acc[0][1] += (rok && col0 + 1 < N) ? __ldcg(wr + 1) : 0.0f;
                acc[0][2] += (rok && col0 + 2 < N) ? __ldcg(wr + 2) : 0.0f;
                acc[0][3] += (rok && col0 + 3 < N) ? __ldcg(wr + 3) : 0.0f;
            }
            {
                const bool rok = row0 + 1 < M;
                const float* __restrict__ wr = ws + (size_t)(row0 + 1) * N;
                acc[1][0] += (rok && col0 + 0 < N) ? __ldcg(wr + 0) : 0.0f;
                acc[1][1] += (rok && col0 + 1 < N) ? __ldcg(wr + 1) : 0.0f;
                acc[1][2] += (rok && col0 + 2 < N) ? __ldcg(wr + 2) : 0.0f;
                acc[1][3] += (rok && col0 + 3 < N) ? __ldcg(wr + 3) : 0.0f;
            }
            {
                const bool rok = row0 + 2 < M;
                const float* __restrict__ wr = ws + (size_t)(row0 + 2) * N;
                acc[2][0] += (rok && col0 + 0 < N) ? __ldcg(wr + 0) : 0.0f;
                acc[2][1] += (rok && col0 + 1 < N) ? __ldcg(wr + 1) : 0.0f;
                acc[2][2] += (rok && col0 + 2 < N) ? __ldcg(wr + 2) : 0.0f;
                acc[2][3] += (rok && col0 + 3 < N) ? __ldcg(wr + 3) : 0.0f;
            }
            {
                const bool rok = row0 + 3 < M;
                const float* __restrict__ wr = ws + (size_t)(row0 + 3) * N;
                acc[3][0] += (rok && col0 + 0 < N) ? __ldcg(wr + 0) : 0.0f;
                acc[3][1] += (rok && col0 + 1 < N) ? __ldcg(wr + 1) : 0.0f;
                acc[3][2] += (rok && col0 + 2 < N) ? __ldcg(wr + 2) : 0.0f;
                acc[3][3] += (rok && col0 + 3 < N) ? __ldcg(wr + 3) : 0.0f;
            }
        }
#pragma unroll 1
        for (int z = 0; z < (int)gridDim.z; ++z) {
            const float* __restrict__ ws = work + (size_t)z * M * N + col0;
            {
                const bool rok = row0 + 16 < M;
                const float* __restrict__ wr = ws + (size_t)(row0 + 16) * N;
                acc[4][0] += (rok && col0 + 0 < N) ? __ldcg(wr + 0) : 0.0f;
                acc[4][1] += (rok && col0 + 1 < N) ? __ldcg(wr + 1) : 0.0f;
                acc[4][2] += (rok && col0 + 2 < N) ? __ldcg(wr + 2) : 0.0f;
                acc[4][3] += (rok && col0 + 3 < N) ? __ldcg(wr + 3) : 0.0f;
            }
            {
                const bool rok = row0 + 17 < M;
                const float* __restrict__ wr = ws + (size_t)(row0 + 17) * N;
                acc[5][0] += (rok && col0 + 0 < N) ? __ldcg(wr + 0) : 0.0f;
                acc[5][1] += (rok && col0 + 1 < N) ? __ldcg(wr + 1) : 0.0f;
                acc[5][2] += (rok && col0 + 2 < N) ? __ldcg(wr + 2) : 0.0f;
                acc[5][3] += (rok && col0 + 3 < N) ? __ldcg(wr + 3) : 0.0f;
            }
            {
                const bool rok = row0 + 18 < M;
                const float* __restrict__ wr = ws + (size_t)(row0 + 18) * N;
                acc[6][0] += (rok && col0 + 0 < N) ? __ldcg(wr + 0) : 0.0f;
                acc[6][1] += (rok && col0 + 1 < N) ? __ldcg(wr + 1) : 0.0f;
                acc[6][2] += (rok && col0 + 2 < N) ? __ldcg(wr + 2) : 0.0f;
                acc[6][3] += (rok && col0 + 3 < N) ? __ldcg(wr + 3) : 0.0f;
            }
            {
                const bool rok = row0 + 19 < M;
                const float* __restrict__ wr = ws + (size_t)(row0 + 19) * N;
                acc[7][0] += (rok && col0 + 0 < N) ? __ldcg(wr + 0) : 0.0f;
                acc[7][1] += (rok && col0 + 1 < N) ? __ldcg(wr + 1) : 0.0f;
                acc[7][2] += (rok && col0 + 2 < N) ? __ldcg(wr + 2) : 0.0f;
                acc[7][3] += (rok && col0 + 3 < N) ? __ldcg(wr + 3) : 0.0f;
            }
        }
        if (tx == 0 && ty == 0) tiles[tile] = 0;
    }
    if (row0 + 0 < M) {
        float* __restrict__ crow = C + (size_t)(row0 + 0) * N;
        if (c_vec) {
            if (col0 + 0 < N)   // a multiple of 4 below N % 4 == 0: all four in range
                *reinterpret_cast<float4*>(crow + col0 + 0) =
                    make_float4(acc[0][0], acc[0][1], acc[0][2], acc[0][3]);
        } else
        {
            if (col0 + 0 < N) crow[col0 + 0] = acc[0][0];
            if (col0 + 1 < N) crow[col0 + 1] = acc[0][1];
            if (col0 + 2 < N) crow[col0 + 2] = acc[0][2];
            if (col0 + 3 < N) crow[col0 + 3] = acc[0][3];
        }
    }
    if (row0 + 1 < M) {
        float* __restrict__ crow = C + (size_t)(row0 + 1) * N;
        if (c_vec) {
            if (col0 + 0 < N)   // a multiple of 4 below N % 4 == 0: all four in range
                *reinterpret_cast<float4*>(crow + col0 + 0) =
                    make_float4(acc[1][0], acc[1][1], acc[1][2], acc[1][3]);
        } else
        {
            if (col0 + 0 < N) crow[col0 + 0] = acc[1][0];
            if (col0 + 1 < N) crow[col0 + 1] = acc[1][1];
            if (col0 + 2 < N) crow[col0 + 2] = acc[1][2];
            if (col0 + 3 < N) crow[col0 + 3] = acc[1][3];
        }
    }
    if (row0 + 2 < M) {
        float* __restrict__ crow = C + (size_t)(row0 + 2) * N;
        if (c_vec) {
            if (col0 + 0 < N)   // a multiple of 4 below N % 4 == 0: all four in range
                *reinterpret_cast<float4*>(crow + col0 + 0) =
                    make_float4(acc[2][0], acc[2][1], acc[2][2], acc[2][3]);
        } else
        {
            if (col0 + 0 < N) crow[col0 + 0] = acc[2][0];
            if (col0 + 1 < N) crow[col0 + 1] = acc[2][1];
            if (col0 + 2 < N) crow[col0 + 2] = acc[2][2];
            if (col0 + 3 < N) crow[col0 + 3] = acc[2][3];
        }
    }
    if (row0 + 3 < M) {
        float* __restrict__ crow = C + (size_t)(row0 + 3) * N;
        if (c_vec) {
            if (col0 + 0 < N)   // a multiple of 4 below N % 4 == 0: all four in range
                *reinterpret_cast<float4*>(crow + col0 + 0) =
                    make_float4(acc[3][0], acc[3][1], acc[3][2], acc[3][3]);
        } else
        {
            if (col0 + 0 < N) crow[col0 + 0] = acc[3][0];
            if (col0 + 1 < N) crow[col0 + 1] = acc[3][1];
            if (col0 + 2 < N) crow[col0 + 2] = acc[3][2];
            if (col0 + 3 < N) crow[col0 + 3] = acc[3][3];
        }
    }
    if (row0 + 16 < M) {
        float* __restrict__ crow = C + (size_t)(row0 + 16) * N;
        if (c_vec) {
            if (col0 + 0 < N)   // a multiple of 4 below N % 4 == 0: all four in range
                *reinterpret_cast<float4*>(crow + col0 + 0) =
                    make_float4(acc[4][0], acc[4][1], acc[4][2], acc[4][3]);
        } else
        {
            if (col0 + 0 < N) crow[col0 + 0] = acc[4][0];
            if (col0 + 1 < N) crow[col0 + 1] = acc[4][1];
            if (col0 + 2 < N) crow[col0 + 2] = acc[4][2];
            if (col0 + 3 < N) crow[col0 + 3] = acc[4][3];
        }
    }
    if (row0 + 17 < M) {
        float* __restrict__ crow = C + (size_t)(row0 + 17) * N;
        if (c_vec) {
            if (col0 + 0 < N)   // a multiple of 4 below N % 4 == 0: all four in range
                *reinterpret_cast<float4*>(crow + col0 + 0) =
                    make_float4(acc[5][0], acc[5][1], acc[5][2], acc[5][3]);
        } else
        {
            if (col0 + 0 < N) crow[col0 + 0] = acc[5][0];
            if (col0 + 1 < N) crow[col0 + 1] = acc[5][1];
            if (col0 + 2 < N) crow[col0 + 2] = acc[5][2];
            if (col0 + 3 < N) crow[col0 + 3] = acc[5][3];
        }
    }
    if (row0 + 18 < M) {
        float* __restrict__ crow = C + (size_t)(row0 + 18) * N;
        if (c_vec) {
            if (col0 + 0 < N)   // a multiple of 4 below N % 4 == 0: all four in range
                *reinterpret_cast<float4*>(crow + col0 + 0) =
                    make_float4(acc[6][0], acc[6][1], acc[6][2], acc[6][3]);
        } else
        {
            if (col0 + 0 < N) crow[col0 + 0] = acc[6][0];
            if (col0 + 1 < N) crow[col0 + 1] = acc[6][1];
            if (col0 + 2 < N) crow[col0 + 2] = acc[6][2];
            if (col0 + 3 < N) crow[col0 + 3] = acc[6][3];
        }
    }
    if (row0 + 19 < M) {
        float* __restrict__ crow = C + (size_t)(row0 + 19) * N;
        if (c_vec) {
            if (col0 + 0 < N)   // a multiple of 4 below N % 4 == 0: all four in range
                *reinterpret_cast<float4*>(crow + col0 + 0) =
                    make_float4(acc[7][0], acc[7][1], acc[7][2], acc[7][3]);
        } else
        {
            if (col0 + 0 < N) crow[col0 + 0] = acc[7][0];
            if (col0 + 1 < N) crow[col0 + 1] = acc[7][1];
            if (col0 + 2 < N) crow[col0 + 2] = acc[7][2];
            if (col0 + 3 < N) crow[col0 + 3] = acc[7][3];
        }
    }
}
}  // namespace spec_0

inline cudaError_t launch_0(float* C, const float* A, const float* B, float* work, int* tiles, int M, int N, int K, cudaStream_t stream = 0) {
    dim3 grid((unsigned)evo_floordiv(N + 127, 128), (unsigned)evo_floordiv(M + 31, 32), (unsigned)((evo_min(4, evo_floordiv(K + 15, 16)) * (long long)M * N <= 33554432LL) ? evo_min(4, evo_floordiv(K + 15, 16)) : 1));
    dim3 block((unsigned)32, (unsigned)4, (unsigned)1);
    spec_0::sgemm_0<<<grid, block, 0, stream>>>(C, A, B, work, tiles, M, N, K);
    return cudaGetLastError();
}

// ---- specialization 1: tuned for {"K": 939, "M": 203, "N": 1211}
// genome: {"TileLoops_M": 32, "TileLoops_N": 64, "TileLoops_K": 32, "ThreadCoarsening_M": 4, "ThreadCoarsening_N": 4, "UseSharedMemory": true, "PadSharedMemory": true, "VectorizeLoads": false, "CoalesceMemoryAccess": false, "UnrollLoop": 4, "ReorderInstructions": false, "ReorderInstructions_Async": 3, "TileLoops_Specialize": false, "ReorderInstructions_Fragments": true, "TileLoops_Group": 1, "AdjustBlockSize_MaxRegisters": 128, "TileLoops_SpecializeEdges": false, "TileLoops_SplitK": 8, "TileLoops_SplitKEdges": 1}
// measured: gpu_name=NVIDIA H100 80GB HBM3, driver_version=580.159.04, nvcc_version=cuda_13.0.r13.0/compiler.36424714_0, measured_at=2026-12-05T16:08:08+00:00, median_ms=0.03341, speedup=9.56, fitness=9.407, cv=0.01616, registers=128, spill_bytes=0
// fitness = speedup * exp(-w_cv * cv) / (1 + w_spill * spill_KiB) (see evo_kernels/fitness.py)
[[maybe_unused]] constexpr int TILELOOPS_M_1 = 32;
[[maybe_unused]] constexpr int TILELOOPS_N_1 = 64;
[[maybe_unused]] constexpr int TILELOOPS_K_1 = 32;
[[maybe_unused]] constexpr int THREADCOARSENING_M_1 = 4;
[[maybe_unused]] constexpr int THREADCOARSENING_N_1 = 4;
[[maybe_unused]] constexpr int USESHAREDMEMORY_1 = 1;
[[maybe_unused]] constexpr int PADSHAREDMEMORY_1 = 1;
[[maybe_unused]] constexpr int VECTORIZELOADS_1 = 0;
[[maybe_unused]] constexpr int COALESCEMEMORYACCESS_1 = 0;
[[maybe_unused]] constexpr int UNROLLLOOP_1 = 4;
[[maybe_unused]] constexpr int REORDERINSTRUCTIONS_1 = 0;
[[maybe_unused]] constexpr int REORDERINSTRUCTIONS_ASYNC_1 = 3;
[[maybe_unused]] constexpr int TILELOOPS_SPECIALIZE_1 = 0;
[[maybe_unused]] constexpr int REORDERINSTRUCTIONS_FRAGMENTS_1 = 1;
[[maybe_unused]] constexpr int TILELOOPS_GROUP_1 = 1;
[[maybe_unused]] constexpr int ADJUSTBLOCKSIZE_MAXREGISTERS_1 = 128;
[[maybe_unused]] constexpr int TILELOOPS_SPECIALIZEEDGES_1 = 0;
[[maybe_unused]] constexpr int TILELOOPS_SPLITK_1 = 8;
[[maybe_unused]] constexpr int TILELOOPS_SPLITKEDGES_1 = 1;
namespace spec_1 {  // device helpers of one specialization stay apart from the others'
// sgemm_1: block tile 32x64x32, 16x8 threads of 4x4 outputs,
// shared=1 pad=4 vec=0 coalesce=0 unroll=4
// double_buffer=0 async_stages=3 max_registers=128 full_tile_path=0
// fragment_pipeline=1 block_row_group=1 split_k=8
// Asynchronous global -> shared copies (cp.async, sm_80+): the copy needs no staging registers and
// runs while the SM computes. A false predicate copies nothing and zero-fills the destination
// (src-size 0; the source pointer must still be a valid address). Where __CUDA_ARCH__ is not
// defined (the host pass, the CPU emulator of the tests) they are plain synchronous copies.
__device__ __forceinline__ void cp_async4(float* dst, const float* src, bool pred)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    const unsigned d = static_cast<unsigned>(__cvta_generic_to_shared(dst));
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;\n" :: "r"(d), "l"(src), "r"(pred ? 4 : 0));
#else
    *dst = pred ? *src : 0.f;
#endif
}
__device__ __forceinline__ void cp_async16(float* dst, const float* src, bool pred)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    const unsigned d = static_cast<unsigned>(__cvta_generic_to_shared(dst));
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" :: "r"(d), "l"(src), "r"(pred ? 16 : 0));
#else
    *reinterpret_cast<float4*>(dst) = pred ? *reinterpret_cast<const float4*>(src) : make_float4(0.f, 0.f, 0.f, 0.f);
#endif
}
__device__ __forceinline__ void cp_async_commit()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.commit_group;\n" ::);
#endif
}
template <int N> __device__ __forceinline__ void cp_async_wait()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.wait_group %0;\n" :: "n"(N));
#endif
}

static __global__ void __launch_bounds__(128, 4)
sgemm_1(float* __restrict__ C, const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ work,
          int* __restrict__ tiles, int M, int N, int K)
{
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int bm0 = blockIdx.y * 32, bn0 = blockIdx.x * 64;
    const int row0 = bm0 + ty * 4, col0 = bn0 + tx * 4;   // + roff(i), + coff(j)
    // float4 paths need a row stride that is a multiple of 4 and a 16-byte aligned base; else scalar
    float acc[4][4];
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) acc[i][j] = 0.0f;

    __shared__ __align__(16) float As[3][32][36];   // A tile, transposed: As[k][m]
    __shared__ __align__(16) float Bs[3][32][68];   // B tile: Bs[k][n]
    const int tid = ty * 16 + tx;
    // split-K: this block walks k tiles [z * per, (z + 1) * per) of the ceil(K / 32); A and B start there
    // (a multiple of 32 columns of A, rows of B: float4 alignment is kept)
    const int per = ((K + 31) / 32 + (int)gridDim.z - 1) / (int)gridDim.z;
    const int k0 = (int)blockIdx.z * per * 32;
    const int KS = max(0, min(K - k0, per * 32));
    A += min(k0, K);
    B += (size_t)min(k0, K) * N;
    // load mapping: thread tid moves units tid + l*128 of each tile (A: 1 k of one row, B: 1 n of one k)
    const int am0 = (tid + 0) / 32, ak0 = (tid + 0) % 32 * 1;
    const bool ain0 = true;
    const bool aok0 = ain0 && bm0 + am0 < M;
    const float* asrc0 = A + (size_t)(bm0 + am0) * K + ak0;   // advanced by BK per tile
    const int am1 = (tid + 128) / 32, ak1 = (tid + 128) % 32 * 1;
    const bool ain1 = true;
    const bool aok1 = ain1 && bm0 + am1 < M;
    const float* asrc1 = A + (size_t)(bm0 + am1) * K + ak1;   // advanced by BK per tile
    const int am2 = (tid + 256) / 32, ak2 = (tid + 256) % 32 * 1;
    const bool ain2 = true;
    const bool aok2 = ain2 && bm0 + am2 < M;
    const float* asrc2 = A + (size_t)(bm0 + am2) * K + ak2;   // advanced by BK per tile
    const int am3 = (tid + 384) / 32, ak3 = (tid + 384) % 32 * 1;
    const bool ain3 = true;
    const bool aok3 = ain3 && bm0 + am3 < M;
    const float* asrc3 = A + (size_t)(bm0 + am3) * K + ak3;   // advanced by BK per tile
    const int am4 = (tid + 512) / 32, ak4 = (tid + 512) % 32 * 1;
    const bool ain4 = true;
    const bool aok4 = ain4 && bm0 + am4 < M;
    const float* asrc4 = A + (size_t)(bm0 + am4) * K + ak4;   // advanced by BK per tile
    const int am5 = (tid + 640) / 32, ak5 = (tid + 640) % 32 * 1;
    const bool ain5 = true;
    const bool aok5 = ain5 && bm0 + am5 < M;
    const float* asrc5 = A + (size_t)(bm0 + am5) * K + ak5;   // advanced by BK per tile
    const int am6 = (tid + 768) / 32, ak6 = (tid + 768) % 32 * 1;
    const bool ain6 = true;
    const bool aok6 = ain6 && bm0 + am6 < M;
    const float* asrc6 = A + (size_t)(bm0 + am6) * K + ak6;   // advanced by BK per tile
    const int am7 = (tid + 896) / 32, ak7 = (tid + 896) % 32 * 1;
    const bool ain7 = true;
    const bool aok7 = ain7 && bm0 + am7 < M;
    const float* asrc7 = A + (size_t)(bm0 + am7) * K + ak7;   // advanced by BK per tile
    const int ubk0 = (tid + 0) / 64, ubn0 = (tid + 0) % 64 * 1;
    const bool bin0 = true;
    const bool bok0 = bin0 && bn0 + ubn0 < N;
    const float* bsrc0 = B + (size_t)ubk0 * N + bn0 + ubn0;   // advanced by BK rows per tile
    const int ubk1 = (tid + 128) / 64, ubn1 = (tid + 128) % 64 * 1;
    const bool bin1 = true;
    const bool bok1 = bin1 && bn0 + ubn1 < N;
    const float* bsrc1 = B + (size_t)ubk1 * N + bn0 + ubn1;   // advanced by BK rows per tile
    const int ubk2 = (tid + 256) / 64, ubn2 = (tid + 256) % 64 * 1;
    const bool bin2 = true;
    const bool bok2 = bin2 && bn0 + ubn2 < N;
    const float* bsrc2 = B + (size_t)ubk2 * N + bn0 + ubn2;   // advanced by BK rows per tile
    const int ubk3 = (tid + 384) / 64, ubn3 = (tid + 384) % 64 * 1;
    const bool bin3 = true;
    const bool bok3 = bin3 && bn0 + ubn3 < N;
    const float* bsrc3 = B + (size_t)ubk3 * N + bn0 + ubn3;   // advanced by BK rows per tile
    const int ubk4 = (tid + 512) / 64, ubn4 = (tid + 512) % 64 * 1;
    const bool bin4 = true;
    const bool bok4 = bin4 && bn0 + ubn4 < N;
    const float* bsrc4 = B + (size_t)ubk4 * N + bn0 + ubn4;   // advanced by BK rows per tile
    const int ubk5 = (tid + 640) / 64, ubn5 = (tid + 640) % 64 * 1;
    const bool bin5 = true;
    const bool bok5 = bin5 && bn0 + ubn5 < N;
    const float* bsrc5 = B + (size_t)ubk5 * N + bn0 + ubn5;   // advanced by BK rows per tile
    const int ubk6 = (tid + 768) / 64, ubn6 = (tid + 768) % 64 * 1;
    const bool bin6 = true;
    const bool bok6 = bin6 && bn0 + ubn6 < N;
    const float* bsrc6 = B + (size_t)ubk6 * N + bn0 + ubn6;   // advanced by BK rows per tile
    const int ubk7 = (tid + 896) / 64, ubn7 = (tid + 896) % 64 * 1;
    const bool bin7 = true;
    const bool bok7 = bin7 && bn0 + ubn7 < N;
    const float* bsrc7 = B + (size_t)ubk7 * N + bn0 + ubn7;   // advanced by BK rows per tile
    const int ubk8 = (tid + 1024) / 64, ubn8 = (tid + 1024) % 64 * 1;
    const bool bin8 = true;
    const bool bok8 = bin8 && bn0 + ubn8 < N;
    const float* bsrc8 = B + (size_t)ubk8 * N + bn0 + ubn8;   // advanced by BK rows per tile
    const int ubk9 = (tid + 1152) / 64, ubn9 = (tid + 1152) % 64 * 1;
    const bool bin9 = true;
    const bool bok9 = bin9 && bn0 + ubn9 < N;
    const float* bsrc9 = B + (size_t)ubk9 * N + bn0 + ubn9;   // advanced by BK rows per tile
    const int ubk10 = (tid + 1280) / 64, ubn10 = (tid + 1280) % 64 * 1;
    const bool bin10 = true;
    const bool bok10 = bin10 && bn0 + ubn10 < N;
    const float* bsrc10 = B + (size_t)ubk10 * N + bn0 + ubn10;   // advanced by BK rows per tile
    const int ubk11 = (tid + 1408) / 64, ubn11 = (tid + 1408) % 64 * 1;
    const bool bin11 = true;
    const bool bok11 = bin11 && bn0 + ubn11 < N;
    const float* bsrc11 = B + (size_t)ubk11 * N + bn0 + ubn11;   // advanced by BK rows per tile
    const int ubk12 = (tid + 1536) / 64, ubn12 = (tid + 1536) % 64 * 1;
    const bool bin12 = true;
    const bool bok12 = bin12 && bn0 + ubn12 < N;
    const float* bsrc12 = B + (size_t)ubk12 * N + bn0 + ubn12;   // advanced by BK rows per tile
    const int ubk13 = (tid + 1664) / 64, ubn13 = (tid + 1664) % 64 * 1;
    const bool bin13 = true;
    const bool bok13 = bin13 && bn0 + ubn13 < N;
    const float* bsrc13 = B + (size_t)ubk13 * N + bn0 + ubn13;   // advanced by BK rows per tile
    const int ubk14 = (tid + 1792) / 64, ubn14 = (tid + 1792) % 64 * 1;
    const bool bin14 = true;
    const bool bok14 = bin14 && bn0 + ubn14 < N;
    const float* bsrc14 = B + (size_t)ubk14 * N + bn0 + ubn14;   // advanced by BK rows per tile
    const int ubk15 = (tid + 1920) / 64, ubn15 = (tid + 1920) % 64 * 1;
    const bool bin15 = true;
    const bool bok15 = bin15 && bn0 + ubn15 < N;
    const float* bsrc15 = B + (size_t)ubk15 * N + bn0 + ubn15;   // advanced by BK rows per tile




    // 3-stage cp.async pipeline: tiles t+1 .. t+2 are in flight while tile t is computed; one
    // barrier per tile. At the barrier of step t every thread has finished computing tile t-1, so
    // refilling its buffer right after the barrier is safe. Every step commits one group (empty past
    // the last tile) so that "all but the newest 1" always means "tile t has landed".
    const int ntiles = (KS + 31) / 32;
    const int ar0 = tid / 32, ac0 = tid % 32;
    const float* abase = A + (size_t)(bm0 + ar0) * K + ac0;
    const size_t astep = (size_t)4 * K;
    if (0 < ntiles) {

        {   // global -> shared buffer 0, asynchronously: the tile at k = 0 * 32; out-of-range elements zero-filled
            const int k0 = (0) * 32;
            // thread tid copies rows ar0 + l*4 at k0 + ac0: one base pointer, constant steps
            const bool kin = k0 + ac0 < KS;
            {
                const bool ok = kin && bm0 + ar0 + 0 < M;
                cp_async4(&As[0][ac0][ar0 + 0], ok ? abase + 0 * astep + k0 : A, ok);
            }
            {
                const bool ok = kin && bm0 + ar0 + 4 < M;
                cp_async4(&As[0][ac0][ar0 + 4], ok ? abase + 1 * astep + k0 : A, ok);
            }
            {
                const bool ok = kin && bm0 + ar0 + 8 < M;
                cp_async4(&As[0][ac0][ar0 + 8], ok ? abase + 2 * astep + k0 : A, ok);
            }
            {
                const bool ok = kin && bm0 + ar0 + 12 < M;
                cp_async4(&As[0][ac0][ar0 + 12], ok ? abase + 3 * astep + k0 : A, ok);
            }
            {
                const bool ok = kin && bm0 + ar0 + 16 < M;
                cp_async4(&As[0][ac0][ar0 + 16], ok ? abase + 4 * astep + k0 : A, ok);
            }
            {
                const bool ok = kin && bm0 + ar0 + 20 < M;
                cp_async4(&As[0][ac0][ar0 + 20], ok ? abase + 5 * astep + k0 : A, ok);
            }
            {
                const bool ok = kin && bm0 + ar0 + 24 < M;
                cp_async4(&As[0][ac0][ar0 + 24], ok ? abase + 6 * astep + k0 : A, ok);
            }
            {
                const bool ok = kin && bm0 + ar0 + 28 < M;
                cp_async4(&As[0][ac0][ar0 + 28], ok ? abase + 7 * astep + k0 : A, ok);
            }
            {
                const bool kok = k0 + ubk0 < KS;
                const int n = bn0 + ubn0;
                const float* p = bsrc0 + (size_t)k0 * N;
                cp_async4(&Bs[0][ubk0][ubn0], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk1 < KS;
                const int n = bn0 + ubn1;
                const float* p = bsrc1 + (size_t)k0 * N;
                cp_async4(&Bs[0][ubk1][ubn1], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk2 < KS;
                const int n = bn0 + ubn2;
                const float* p = bsrc2 + (size_t)k0 * N;
                cp_async4(&Bs[0][ubk2][ubn2], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk3 < KS;
                const int n = bn0 + ubn3;
                const float* p = bsrc3 + (size_t)k0 * N;
                cp_async4(&Bs[0][ubk3][ubn3], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk4 < KS;
                const int n = bn0 + ubn4;
                const float* p = bsrc4 + (size_t)k0 * N;
                cp_async4(&Bs[0][ubk4][ubn4], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk5 < KS;
                const int n = bn0 + ubn5;
                const float* p = bsrc5 + (size_t)k0 * N;
                cp_async4(&Bs[0][ubk5][ubn5], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk6 < KS;
                const int n = bn0 + ubn6;
                const float* p = bsrc6 + (size_t)k0 * N;
                cp_async4(&Bs[0][ubk6][ubn6], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk7 < KS;
                const int n = bn0 + ubn7;
                const float* p = bsrc7 + (size_t)k0 * N;
                cp_async4(&Bs[0][ubk7][ubn7], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk8 < KS;
                const int n = bn0 + ubn8;
                const float* p = bsrc8 + (size_t)k0 * N;
                cp_async4(&Bs[0][ubk8][ubn8], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk9 < KS;
                const int n = bn0 + ubn9;
                const float* p = bsrc9 + (size_t)k0 * N;
                cp_async4(&Bs[0][ubk9][ubn9], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk10 < KS;
                const int n = bn0 + ubn10;
                const float* p = bsrc10 + (size_t)k0 * N;
                cp_async4(&Bs[0][ubk10][ubn10], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk11 < KS;
                const int n = bn0 + ubn11;
                const float* p = bsrc11 + (size_t)k0 * N;
                cp_async4(&Bs[0][ubk11][ubn11], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk12 < KS;
                const int n = bn0 + ubn12;
                const float* p = bsrc12 + (size_t)k0 * N;
                cp_async4(&Bs[0][ubk12][ubn12], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk13 < KS;
                const int n = bn0 + ubn13;
                const float* p = bsrc13 + (size_t)k0 * N;
                cp_async4(&Bs[0][ubk13][ubn13], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk14 < KS;
                const int n = bn0 + ubn14;
                const float* p = bsrc14 + (size_t)k0 * N;
                cp_async4(&Bs[0][ubk14][ubn14], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk15 < KS;
                const int n = bn0 + ubn15;
                const float* p = bsrc15 + (size_t)k0 * N;
                cp_async4(&Bs[0][ubk15][ubn15], kok && n < N ? p : B, kok && n < N);
            }
        }

    }
    cp_async_commit();
    if (1 < ntiles) {

        {   // global -> shared buffer 1, asynchronously: the tile at k = 1 * 32; out-of-range elements zero-filled
            const int k0 = (1) * 32;
            // thread tid copies rows ar0 + l*4 at k0 + ac0: one base pointer, constant steps
            const bool kin = k0 + ac0 < KS;
            {
                const bool ok = kin && bm0 + ar0 + 0 < M;
                cp_async4(&As[1][ac0][ar0 + 0], ok ? abase + 0 * astep + k0 : A, ok);
            }
            {
                const bool ok = kin && bm0 + ar0 + 4 < M;
                cp_async4(&As[1][ac0][ar0 + 4], ok ? abase + 1 * astep + k0 : A, ok);
            }
            {
                const bool ok = kin && bm0 + ar0 + 8 < M;
                cp_async4(&As[1][ac0][ar0 + 8], ok ? abase + 2 * astep + k0 : A, ok);
            }
            {
                const bool ok = kin && bm0 + ar0 + 12 < M;
                cp_async4(&As[1][ac0][ar0 + 12], ok ? abase + 3 * astep + k0 : A, ok);
            }
            {
                const bool ok = kin && bm0 + ar0 + 16 < M;
                cp_async4(&As[1][ac0][ar0 + 16], ok ? abase + 4 * astep + k0 : A, ok);
            }
            {
                const bool ok = kin && bm0 + ar0 + 20 < M;
                cp_async4(&As[1][ac0][ar0 + 20], ok ? abase + 5 * astep + k0 : A, ok);
            }
            {
                const bool ok = kin && bm0 + ar0 + 24 < M;
                cp_async4(&As[1][ac0][ar0 + 24], ok ? abase + 6 * astep + k0 : A, ok);
            }
            {
                const bool ok = kin && bm0 + ar0 + 28 < M;
                cp_async4(&As[1][ac0][ar0 + 28], ok ? abase + 7 * astep + k0 : A, ok);
            }
            {
                const bool kok = k0 + ubk0 < KS;
                const int n = bn0 + ubn0;
                const float* p = bsrc0 + (size_t)k0 * N;
                cp_async4(&Bs[1][ubk0][ubn0], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk1 < KS;
                const int n = bn0 + ubn1;
                const float* p = bsrc1 + (size_t)k0 * N;
                cp_async4(&Bs[1][ubk1][ubn1], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk2 < KS;
                const int n = bn0 + ubn2;
                const float* p = bsrc2 + (size_t)k0 * N;
                cp_async4(&Bs[1][ubk2][ubn2], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk3 < KS;
                const int n = bn0 + ubn3;
                const float* p = bsrc3 + (size_t)k0 * N;
                cp_async4(&Bs[1][ubk3][ubn3], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk4 < KS;
                const int n = bn0 + ubn4;
                const float* p = bsrc4 + (size_t)k0 * N;
                cp_async4(&Bs[1][ubk4][ubn4], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk5 < KS;
                const int n = bn0 + ubn5;
                const float* p = bsrc5 + (size_t)k0 * N;
                cp_async4(&Bs[1][ubk5][ubn5], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk6 < KS;
                const int n = bn0 + ubn6;
                const float* p = bsrc6 + (size_t)k0 * N;
                cp_async4(&Bs[1][ubk6][ubn6], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk7 < KS;
                const int n = bn0 + ubn7;
                const float* p = bsrc7 + (size_t)k0 * N;
                cp_async4(&Bs[1][ubk7][ubn7], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk8 < KS;
                const int n = bn0 + ubn8;
                const float* p = bsrc8 + (size_t)k0 * N;
                cp_async4(&Bs[1][ubk8][ubn8], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk9 < KS;
                const int n = bn0 + ubn9;
                const float* p = bsrc9 + (size_t)k0 * N;
                cp_async4(&Bs[1][ubk9][ubn9], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk10 < KS;
                const int n = bn0 + ubn10;
                const float* p = bsrc10 + (size_t)k0 * N;
                cp_async4(&Bs[1][ubk10][ubn10], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk11 < KS;
                const int n = bn0 + ubn11;
                const float* p = bsrc11 + (size_t)k0 * N;
                cp_async4(&Bs[1][ubk11][ubn11], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk12 < KS;
                const int n = bn0 + ubn12;
                const float* p = bsrc12 + (size_t)k0 * N;
                cp_async4(&Bs[1][ubk12][ubn12], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk13 < KS;
                const int n = bn0 + ubn13;
                const float* p = bsrc13 + (size_t)k0 * N;
                cp_async4(&Bs[1][ubk13][ubn13], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk14 < KS;
                const int n = bn0 + ubn14;
                const float* p = bsrc14 + (size_t)k0 * N;
                cp_async4(&Bs[1][ubk14][ubn14], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk15 < KS;
                const int n = bn0 + ubn15;
                const float* p = bsrc15 + (size_t)k0 * N;
                cp_async4(&Bs[1][ubk15][ubn15], kok && n < N ? p : B, kok && n < N);
            }
        }

    }
    cp_async_commit();
#pragma unroll 1
    for (int t = 0; t < ntiles; ++t) {
        cp_async_wait<1>();
        __syncthreads();
        {
            const int tn = t + 2;
            if (tn < ntiles) {
                const int nb = tn % 3;

        {   // global -> shared buffer nb, asynchronously: the tile at k = tn * 32; out-of-range elements zero-filled
            const int k0 = (tn) * 32;
            // thread tid copies rows ar0 + l*4 at k0 + ac0: one base pointer, constant steps
            const bool kin = k0 + ac0 < KS;
            {
                const bool ok = kin && bm0 + ar0 + 0 < M;
                cp_async4(&As[nb][ac0][ar0 + 0], ok ? abase + 0 * astep + k0 : A, ok);
            }
            {
                const bool ok = kin && bm0 + ar0 + 4 < M;
                cp_async4(&As[nb][ac0][ar0 + 4], ok ? abase + 1 * astep + k0 : A, ok);
            }
            {
                const bool ok = kin && bm0 + ar0 + 8 < M;
                cp_async4(&As[nb][ac0][ar0 + 8], ok ? abase + 2 * astep + k0 : A, ok);
            }
            {
                const bool ok = kin && bm0 + ar0 + 12 < M;
                cp_async4(&As[nb][ac0][ar0 + 12], ok ? abase + 3 * astep + k0 : A, ok);
            }
            {
                const bool ok = kin && bm0 + ar0 + 16 < M;
                cp_async4(&As[nb][ac0][ar0 + 16], ok ? abase + 4 * astep + k0 : A, ok);
            }
            {
                const bool ok = kin && bm0 + ar0 + 20 < M;
                cp_async4(&As[nb][ac0][ar0 + 20], ok ? abase + 5 * astep + k0 : A, ok);
            }
            {
                const bool ok = kin && bm0 + ar0 + 24 < M;
                cp_async4(&As[nb][ac0][ar0 + 24], ok ? abase + 6 * astep + k0 : A, ok);
            }
            {
                const bool ok = kin && bm0 + ar0 + 28 < M;
                cp_async4(&As[nb][ac0][ar0 + 28], ok ? abase + 7 * astep + k0 : A, ok);
            }
            {
                const bool kok = k0 + ubk0 < KS;
                const int n = bn0 + ubn0;
                const float* p = bsrc0 + (size_t)k0 * N;
                cp_async4(&Bs[nb][ubk0][ubn0], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk1 < KS;
                const int n = bn0 + ubn1;
                const float* p = bsrc1 + (size_t)k0 * N;
                cp_async4(&Bs[nb][ubk1][ubn1], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk2 < KS;
                const int n = bn0 + ubn2;
                const float* p = bsrc2 + (size_t)k0 * N;
                cp_async4(&Bs[nb][ubk2][ubn2], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk3 < KS;
                const int n = bn0 + ubn3;
                const float* p = bsrc3 + (size_t)k0 * N;
                cp_async4(&Bs[nb][ubk3][ubn3], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk4 < KS;
                const int n = bn0 + ubn4;
                const float* p = bsrc4 + (size_t)k0 * N;
                cp_async4(&Bs[nb][ubk4][ubn4], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk5 < KS;
                const int n = bn0 + ubn5;
                const float* p = bsrc5 + (size_t)k0 * N;
                cp_async4(&Bs[nb][ubk5][ubn5], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk6 < KS;
                const int n = bn0 + ubn6;
                const float* p = bsrc6 + (size_t)k0 * N;
                cp_async4(&Bs[nb][ubk6][ubn6], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk7 < KS;
                const int n = bn0 + ubn7;
                const float* p = bsrc7 + (size_t)k0 * N;
                cp_async4(&Bs[nb][ubk7][ubn7], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk8 < KS;
                const int n = bn0 + ubn8;
                const float* p = bsrc8 + (size_t)k0 * N;
                cp_async4(&Bs[nb][ubk8][ubn8], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk9 < KS;
                const int n = bn0 + ubn9;
                const float* p = bsrc9 + (size_t)k0 * N;
                cp_async4(&Bs[nb][ubk9][ubn9], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk10 < KS;
                const int n = bn0 + ubn10;
                const float* p = bsrc10 + (size_t)k0 * N;
                cp_async4(&Bs[nb][ubk10][ubn10], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk11 < KS;
                const int n = bn0 + ubn11;
                const float* p = bsrc11 + (size_t)k0 * N;
                cp_async4(&Bs[nb][ubk11][ubn11], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk12 < KS;
                const int n = bn0 + ubn12;
                const float* p = bsrc12 + (size_t)k0 * N;
                cp_async4(&Bs[nb][ubk12][ubn12], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk13 < KS;
                const int n = bn0 + ubn13;
                const float* p = bsrc13 + (size_t)k0 * N;
                cp_async4(&Bs[nb][ubk13][ubn13], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk14 < KS;
                const int n = bn0 + ubn14;
                const float* p = bsrc14 + (size_t)k0 * N;
                cp_async4(&Bs[nb][ubk14][ubn14], kok && n < N ? p : B, kok && n < N);
            }
            {
                const bool kok = k0 + ubk15 < KS;
                const int n = bn0 + ubn15;
                const float* p = bsrc15 + (size_t)k0 * N;
                cp_async4(&Bs[nb][ubk15][ubn15], kok && n < N ? p : B, kok && n < N);
            }
        }

            }
            cp_async_commit();
        }
        const int cb = t % 3;
        {   // the fragment pipeline on one tile: row 0's fragments, then frag_step's (row kk + 1 read while row kk is
            // multiplied); the next tile is already in flight through cp.async
            float fa0[4], fb0[4], fa1[4], fb1[4];

            {   // the A and B fragments of k row 0 of buffer cb into register slot 0
                const float* as = &As[cb][0][ty * 4];
                const float* bs = &Bs[cb][0][tx * 4];
                fa0[0] = as[0];
                fa0[1] = as[1];
                fa0[2] = as[2];
                fa0[3] = as[3];
                fb0[0] = bs[0];
                fb0[1] = bs[1];
                fb0[2] = bs[2];
                fb0[3] = bs[3];
            }


        {   // one tile from buffer cb: while row kk is multiplied, row kk + 1 is read; before the last
            // row's products the next tile (in registers since the step began) goes to buffer None, the
            // barrier passes, and the next tile's row 0 is read under those products

            {   // the A and B fragments of k row 1 of buffer cb into register slot 1
                const float* as = &As[cb][1][ty * 4];
                const float* bs = &Bs[cb][1][tx * 4];
                fa1[0] = as[0];
                fa1[1] = as[1];
                fa1[2] = as[2];
                fa1[3] = as[3];
                fb1[0] = bs[0];
                fb1[1] = bs[1];
                fb1[2] = bs[2];
                fb1[3] = bs[3];
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 2 of buffer cb into register slot 0
                const float* as = &As[cb][2][ty * 4];
                const float* bs = &Bs[cb][2][tx * 4];
                fa0[0] = as[0];
                fa0[1] = as[1];
                fa0[2] = as[2];
                fa0[3] = as[3];
                fb0[0] = bs[0];
                fb0[1] = bs[1];
                fb0[2] = bs[2];
                fb0[3] = bs[3];
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 3 of buffer cb into register slot 1
                const float* as = &As[cb][3][ty * 4];
                const float* bs = &Bs[cb][3][tx * 4];
                fa1[0] = as[0];
                fa1[1] = as[1];
                fa1[2] = as[2];
                fa1[3] = as[3];
                fb1[0] = bs[0];
                fb1[1] = bs[1];
                fb1[2] = bs[2];
                fb1[3] = bs[3];
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 4 of buffer cb into register slot 0
                const float* as = &As[cb][4][ty * 4];
                const float* bs = &Bs[cb][4][tx * 4];
                fa0[0] = as[0];
                fa0[1] = as[1];
                fa0[2] = as[2];
                fa0[3] = as[3];
                fb0[0] = bs[0];
                fb0[1] = bs[1];
                fb0[2] = bs[2];
                fb0[3] = bs[3];
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 5 of buffer cb into register slot 1
                const float* as = &As[cb][5][ty * 4];
                const float* bs = &Bs[cb][5][tx * 4];
                fa1[0] = as[0];
                fa1[1] = as[1];
                fa1[2] = as[2];
                fa1[3] = as[3];
                fb1[0] = bs[0];
                fb1[1] = bs[1];
                fb1[2] = bs[2];
                fb1[3] = bs[3];
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 6 of buffer cb into register slot 0
                const float* as = &As[cb][6][ty * 4];
                const float* bs = &Bs[cb][6][tx * 4];
                fa0[0] = as[0];
                fa0[1] = as[1];
                fa0[2] = as[2];
                fa0[3] = as[3];
                fb0[0] = bs[0];
                fb0[1] = bs[1];
                fb0[2] = bs[2];
                fb0[3] = bs[3];
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 7 of buffer cb into register slot 1
                const float* as = &As[cb][7][ty * 4];
                const float* bs = &Bs[cb][7][tx * 4];
                fa1[0] = as[0];
                fa1[1] = as[1];
                fa1[2] = as[2];
                fa1[3] = as[3];
                fb1[0] = bs[0];
                fb1[1] = bs[1];
                fb1[2] = bs[2];
                fb1[3] = bs[3];
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 8 of buffer cb into register slot 0
                const float* as = &As[cb][8][ty * 4];
                const float* bs = &Bs[cb][8][tx * 4];
                fa0[0] = as[0];
                fa0[1] = as[1];
                fa0[2] = as[2];
                fa0[3] = as[3];
                fb0[0] = bs[0];
                fb0[1] = bs[1];
                fb0[2] = bs[2];
                fb0[3] = bs[3];
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 9 of buffer cb into register slot 1
                const float* as = &As[cb][9][ty * 4];
                const float* bs = &Bs[cb][9][tx * 4];
                fa1[0] = as[0];
                fa1[1] = as[1];
                fa1[2] = as[2];
                fa1[3] = as[3];
                fb1[0] = bs[0];
                fb1[1] = bs[1];
                fb1[2] = bs[2];
                fb1[3] = bs[3];
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 10 of buffer cb into register slot 0
                const float* as = &As[cb][10][ty * 4];
                const float* bs = &Bs[cb][10][tx * 4];
                fa0[0] = as[0];
                fa0[1] = as[1];
                fa0[2] = as[2];
                fa0[3] = as[3];
                fb0[0] = bs[0];
                fb0[1] = bs[1];
                fb0[2] = bs[2];
                fb0[3] = bs[3];
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 11 of buffer cb into register slot 1
                const float* as = &As[cb][11][ty * 4];
                const float* bs = &Bs[cb][11][tx * 4];
                fa1[0] = as[0];
                fa1[1] = as[1];
                fa1[2] = as[2];
                fa1[3] = as[3];
                fb1[0] = bs[0];
                fb1[1] = bs[1];
                fb1[2] = bs[2];
                fb1[3] = bs[3];
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 12 of buffer cb into register slot 0
                const float* as = &As[cb][12][ty * 4];
                const float* bs = &Bs[cb][12][tx * 4];
                fa0[0] = as[0];
                fa0[1] = as[1];
                fa0[2] = as[2];
                fa0[3] = as[3];
                fb0[0] = bs[0];
                fb0[1] = bs[1];
                fb0[2] = bs[2];
                fb0[3] = bs[3];
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 13 of buffer cb into register slot 1
                const float* as = &As[cb][13][ty * 4];
                const float* bs = &Bs[cb][13][tx * 4];
                fa1[0] = as[0];
                fa1[1] = as[1];
                fa1[2] = as[2];
                fa1[3] = as[3];
                fb1[0] = bs[0];
                fb1[1] = bs[1];
                fb1[2] = bs[2];
                fb1[3] = bs[3];
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 14 of buffer cb into register slot 0
                const float* as = &As[cb][14][ty * 4];
                const float* bs = &Bs[cb][14][tx * 4];
                fa0[0] = as[0];
                fa0[1] = as[1];
                fa0[2] = as[2];
                fa0[3] = as[3];
                fb0[0] = bs[0];
                fb0[1] = bs[1];
                fb0[2] = bs[2];
                fb0[3] = bs[3];
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 15 of buffer cb into register slot 1
                const float* as = &As[cb][15][ty * 4];
                const float* bs = &Bs[cb][15][tx * 4];
                fa1[0] = as[0];
                fa1[1] = as[1];
                fa1[2] = as[2];
                fa1[3] = as[3];
                fb1[0] = bs[0];
                fb1[1] = bs[1];
                fb1[2] = bs[2];
                fb1[3] = bs[3];
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 16 of buffer cb into register slot 0
                const float* as = &As[cb][16][ty * 4];
                const float* bs = &Bs[cb][16][tx * 4];
                fa0[0] = as[0];
                fa0[1] = as[1];
                fa0[2] = as[2];
                fa0[3] = as[3];
                fb0[0] = bs[0];
                fb0[1] = bs[1];
                fb0[2] = bs[2];
                fb0[3] = bs[3];
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 17 of buffer cb into register slot 1
                const float* as = &As[cb][17][ty * 4];
                const float* bs = &Bs[cb][17][tx * 4];
                fa1[0] = as[0];
                fa1[1] = as[1];
                fa1[2] = as[2];
                fa1[3] = as[3];
                fb1[0] = bs[0];
                fb1[1] = bs[1];
                fb1[2] = bs[2];
                fb1[3] = bs[3];
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 18 of buffer cb into register slot 0
                const float* as = &As[cb][18][ty * 4];
                const float* bs = &Bs[cb][18][tx * 4];
                fa0[0] = as[0];
                fa0[1] = as[1];
                fa0[2] = as[2];
                fa0[3] = as[3];
                fb0[0] = bs[0];
                fb0[1] = bs[1];
                fb0[2] = bs[2];
                fb0[3] = bs[3];
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 19 of buffer cb into register slot 1
                const float* as = &As[cb][19][ty * 4];
                const float* bs = &Bs[cb][19][tx * 4];
                fa1[0] = as[0];
                fa1[1] = as[1];
                fa1[2] = as[2];
                fa1[3] = as[3];
                fb1[0] = bs[0];
                fb1[1] = bs[1];
                fb1[2] = bs[2];
                fb1[3] = bs[3];
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 20 of buffer cb into register slot 0
                const float* as = &As[cb][20][ty * 4];
                const float* bs = &Bs[cb][20][tx * 4];
                fa0[0] = as[0];
                fa0[1] = as[1];
                fa0[2] = as[2];
                fa0[3] = as[3];
                fb0[0] = bs[0];
                fb0[1] = bs[1];
                fb0[2] = bs[2];
                fb0[3] = bs[3];
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 21 of buffer cb into register slot 1
                const float* as = &As[cb][21][ty * 4];
                const float* bs = &Bs[cb][21][tx * 4];
                fa1[0] = as[0];
                fa1[1] = as[1];
                fa1[2] = as[2];
                fa1[3] = as[3];
                fb1[0] = bs[0];
                fb1[1] = bs[1];
                fb1[2] = bs[2];
                fb1[3] = bs[3];
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 22 of buffer cb into register slot 0
                const float* as = &As[cb][22][ty * 4];
                const float* bs = &Bs[cb][22][tx * 4];
                fa0[0] = as[0];
                fa0[1] = as[1];
                fa0[2] = as[2];
                fa0[3] = as[3];
                fb0[0] = bs[0];
                fb0[1] = bs[1];
                fb0[2] = bs[2];
                fb0[3] = bs[3];
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 23 of buffer cb into register slot 1
                const float* as = &As[cb][23][ty * 4];
                const float* bs = &Bs[cb][23][tx * 4];
                fa1[0] = as[0];
                fa1[1] = as[1];
                fa1[2] = as[2];
                fa1[3] = as[3];
                fb1[0] = bs[0];
                fb1[1] = bs[1];
                fb1[2] = bs[2];
                fb1[3] = bs[3];
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 24 of buffer cb into register slot 0
                const float* as = &As[cb][24][ty * 4];
                const float* bs = &Bs[cb][24][tx * 4];
                fa0[0] = as[0];
                fa0[1] = as[1];
                fa0[2] = as[2];
                fa0[3] = as[3];
                fb0[0] = bs[0];
                fb0[1] = bs[1];
                fb0[2] = bs[2];
                fb0[3] = bs[3];
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 25 of buffer cb into register slot 1
                const float* as = &As[cb][25][ty * 4];
                const float* bs = &Bs[cb][25][tx * 4];
                fa1[0] = as[0];
                fa1[1] = as[1];
                fa1[2] = as[2];
                fa1[3] = as[3];
                fb1[0] = bs[0];
                fb1[1] = bs[1];
                fb1[2] = bs[2];
                fb1[3] = bs[3];
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 26 of buffer cb into register slot 0
                const float* as = &As[cb][26][ty * 4];
                const float* bs = &Bs[cb][26][tx * 4];
                fa0[0] = as[0];
                fa0[1] = as[1];
                fa0[2] = as[2];
                fa0[3] = as[3];
                fb0[0] = bs[0];
                fb0[1] = bs[1];
                fb0[2] = bs[2];
                fb0[3] = bs[3];
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 27 of buffer cb into register slot 1
                const float* as = &As[cb][27][ty * 4];
                const float* bs = &Bs[cb][27][tx * 4];
                fa1[0] = as[0];
                fa1[1] = as[1];
                fa1[2] = as[2];
                fa1[3] = as[3];
                fb1[0] = bs[0];
                fb1[1] = bs[1];
                fb1[2] = bs[2];
                fb1[3] = bs[3];
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 28 of buffer cb into register slot 0
                const float* as = &As[cb][28][ty * 4];
                const float* bs = &Bs[cb][28][tx * 4];
                fa0[0] = as[0];
                fa0[1] = as[1];
                fa0[2] = as[2];
                fa0[3] = as[3];
                fb0[0] = bs[0];
                fb0[1] = bs[1];
                fb0[2] = bs[2];
                fb0[3] = bs[3];
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 29 of buffer cb into register slot 1
                const float* as = &As[cb][29][ty * 4];
                const float* bs = &Bs[cb][29][tx * 4];
                fa1[0] = as[0];
                fa1[1] = as[1];
                fa1[2] = as[2];
                fa1[3] = as[3];
                fb1[0] = bs[0];
                fb1[1] = bs[1];
                fb1[2] = bs[2];
                fb1[3] = bs[3];
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 30 of buffer cb into register slot 0
                const float* as = &As[cb][30][ty * 4];
                const float* bs = &Bs[cb][30][tx * 4];
                fa0[0] = as[0];
                fa0[1] = as[1];
                fa0[2] = as[2];
                fa0[3] = as[3];
                fb0[0] = bs[0];
                fb0[1] = bs[1];
                fb0[2] = bs[2];
                fb0[3] = bs[3];
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 31 of buffer cb into register slot 1
                const float* as = &As[cb][31][ty * 4];
                const float* bs = &Bs[cb][31][tx * 4];
                fa1[0] = as[0];
                fa1[1] = as[1];
                fa1[2] = as[2];
                fa1[3] = as[3];
                fb1[0] = bs[0];
                fb1[1] = bs[1];
                fb1[2] = bs[2];
                fb1[3] = bs[3];
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);
#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);
        }

        }

    }

    if (gridDim.z > 1) {
        // this split's partial tile goes to its slice of the workspace; the last split of the tile to
        // arrive (a counter per tile) sums the slices in split order (the same sum whichever arrives
        // last), stores C, and resets the counter for the next launch
        float* __restrict__ wz = work + (size_t)blockIdx.z * M * N;
        if (row0 + 0 < M) {
            if (col0 + 0 < N) wz[(size_t)(row0 + 0) * N + col0 + 0] = acc[0][0];
            if (col0 + 1 < N) wz[(size_t)(row0 + 0) * N + col0 + 1] = acc[0][1];
            if (col0 + 2 < N) wz[(size_t)(row0 + 0) * N + col0 + 2] = acc[0][2];
            if (col0 + 3 < N) wz[(size_t)(row0 + 0) * N + col0 + 3] = acc[0][3];
        }
        if (row0 + 1 < M) {
            if (col0 + 0 < N) wz[(size_t)(row0 + 1) * N + col0 + 0] = acc[1][0];
            if (col0 + 1 < N) wz[(size_t)(row0 + 1) * N + col0 + 1] = acc[1][1];
            if (col0 + 2 < N) wz[(size_t)(row0 + 1) * N + col0 + 2] = acc[1][2];
            if (col0 + 3 < N) wz[(size_t)(row0 + 1) * N + col0 + 3] = acc[1][3];
        }
        if (row0 + 2 < M) {
            if (col0 + 0 < N) wz[(size_t)(row0 + 2) * N + col0 + 0] = acc[2][0];
            if (col0 + 1 < N) wz[(size_t)(row0 + 2) * N + col0 + 1] = acc[2][1];
            if (col0 + 2 < N) wz[(size_t)(row0 + 2) * N + col0 + 2] = acc[2][2];
            if (col0 + 3 < N) wz[(size_t)(row0 + 2) * N + col0 + 3] = acc[2][3];
        }
        if (row0 + 3 < M) {
            if (col0 + 0 < N) wz[(size_t)(row0 + 3) * N + col0 + 0] = acc[3][0];
            if (col0 + 1 < N) wz[(size_t)(row0 + 3) * N + col0 + 1] = acc[3][1];
            if (col0 + 2 < N) wz[(size_t)(row0 + 3) * N + col0 + 2] = acc[3][2];
            if (col0 + 3 < N) wz[(size_t)(row0 + 3) * N + col0 + 3] = acc[3][3];
        }
        __threadfence();
        __syncthreads();
        __shared__ int last;
        const int tile = blockIdx.y * gridDim.x + blockIdx.x;
        if (tx == 0 && ty == 0) last = atomicAdd(&tiles[tile], 1) == (int)gridDim.z - 1;
        __syncthreads();
        if (!last) return;
        __threadfence();
        // the sum in split order, from the workspace (this split's own slice included, so the order is the
        // same whichever split arrives last). 4 row(s) at a time: the 16 loads of a slice are
        // issued before their adds, so the epilogue costs 1 round trips per split instead of
        // one per split and output (the split-K sum was the tail of skinny shapes), in few registers
#pragma unroll
        for (int i = 0; i < 4; ++i)
#pragma unroll
            for (int j = 0; j < 4; ++j) acc[i][j] = 0.0f;
#pragma unroll 1
        for (int z = 0; z < (int)gridDim.z; ++z) {
            const float* __restrict__ ws = work + (size_t)z * M * N + col0;
            {
                const bool rok = row0 + 0 < M;
                const float* __restrict__ wr = ws + (size_t)(row0 + 0) * N;
                acc[0][0] += (rok && col0 + 0 < N) ? __ldcg(wr + 0) : 0.0f;
                acc[0][1] += (rok && col0 + 1 < N) ? __ldcg(wr + 1) : 0.0f;
                acc[0][2] += (rok && col0 + 2 < N) ? __ldcg(wr + 2) : 0.0f;
                acc[0][3] += (rok && col0 + 3 < N) ? __ldcg(wr + 3) : 0.0f;
            }
            {
                const bool rok = row0 + 1 < M;
                const float* __restrict__ wr = ws + (size_t)(row0 + 1) * N;
                acc[1][0] += (rok && col0 + 0 < N) ? __ldcg(wr + 0) : 0.0f;
                acc[1][1] += (rok && col0 + 1 < N) ? __ldcg(wr + 1) : 0.0f;
                acc[1][2] += (rok && col0 + 2 < N) ? __ldcg(wr + 2) : 0.0f;
                acc[1][3] += (rok && col0 + 3 < N) ? __ldcg(wr + 3) : 0.0f;
            }
            {
                const bool rok = row0 + 2 < M;
                const float* __restrict__ wr = ws + (size_t)(row0 + 2) * N;
                acc[2][0] += (rok && col0 + 0 < N) ? __ldcg(wr + 0) : 0.0f;
                acc[2][1] += (rok && col0 + 1 < N) ? __ldcg(wr + 1) : 0.0f;
                acc[2][2] += (rok && col0 + 2 < N) ? __ldcg(wr + 2) : 0.0f;
                acc[2][3] += (rok && col0 + 3 < N) ? __ldcg(wr + 3) : 0.0f;
            }
            {
                const bool rok = row0 + 3 < M;
                const float* __restrict__ wr = ws + (size_t)(row0 + 3) * N;
                acc[3][0] += (rok && col0 + 0 < N) ? __ldcg(wr + 0) : 0.0f;
                acc[3][1] += (rok && col0 + 1 < N) ? __ldcg(wr + 1) : 0.0f;
                acc[3][2] += (rok && col0 + 2 < N) ? __ldcg(wr + 2) : 0.0f;
                acc[3][3] += (rok && col0 + 3 < N) ? __ldcg(wr + 3) : 0.0f;
            }
        }
        if (tx == 0 && ty == 0) tiles[tile] = 0;
    }
    if (row0 + 0 < M) {
        float* __restrict__ crow = C + (size_t)(row0 + 0) * N;
        {
            if (col0 + 0 < N) crow[col0 + 0] = acc[0][0];
            if (col0 + 1 < N) crow[col0 + 1] = acc[0][1];
            if (col0 + 2 < N) crow[col0 + 2] = acc[0][2];
            if (col0 + 3 < N) crow[col0 + 3] = acc[0][3];
        }
    }
    if (row0 + 1 < M) {
        float* __restrict__ crow = C + (size_t)(row0 + 1) * N;
        {
            if (col0 + 0 < N) crow[col0 + 0] = acc[1][0];
            if (col0 + 1 < N) crow[col0 + 1] = acc[1][1];
            if (col0 + 2 < N) crow[col0 + 2] = acc[1][2];
            if (col0 + 3 < N) crow[col0 + 3] = acc[1][3];
        }
    }
    if (row0 + 2 < M) {
        float* __restrict__ crow = C + (size_t)(row0 + 2) * N;
        {
            if (col0 + 0 < N) crow[col0 + 0] = acc[2][0];
            if (col0 + 1 < N) crow[col0 + 1] = acc[2][1];
            if (col0 + 2 < N) crow[col0 + 2] = acc[2][2];
            if (col0 + 3 < N) crow[col0 + 3] = acc[2][3];
        }
    }
    if (row0 + 3 < M) {
        float* __restrict__ crow = C + (size_t)(row0 + 3) * N;
        {
            if (col0 + 0 < N) crow[col0 + 0] = acc[3][0];
            if (col0 + 1 < N) crow[col0 + 1] = acc[3][1];
            if (col0 + 2 < N) crow[col0 + 2] = acc[3][2];
            if (col0 + 3 < N) crow[col0 + 3] = acc[3][3];
        }
    }
}
}  // namespace spec_1

inline cudaError_t launch_1(float* C, const float* A, const float* B, float* work, int* tiles, int M, int N, int K, cudaStream_t stream = 0) {
    dim3 grid((unsigned)evo_floordiv(N + 63, 64), (unsigned)evo_floordiv(M + 31, 32), (unsigned)((evo_min(8, evo_floordiv(K + 31, 32)) * (long long)M * N <= 33554432LL) ? evo_min(8, evo_floordiv(K + 31, 32)) : 1));
    dim3 block((unsigned)16, (unsigned)8, (unsigned)1);
    spec_1::sgemm_1<<<grid, block, 0, stream>>>(C, A, B, work, tiles, M, N, K);
    return cudaGetLastError();
}

// ---- specialization 2: the untuned default (the template's baseline genome)
// genome: {"TileLoops_M": 16, "TileLoops_N": 16, "TileLoops_K": 8, "ThreadCoarsening_M": 1, "ThreadCoarsening_N": 1, "UseSharedMemory": false, "PadSharedMemory": false, "VectorizeLoads": false, "CoalesceMemoryAccess": false, "UnrollLoop": 1, "ReorderInstructions": false, "ReorderInstructions_Async": 0, "TileLoops_Specialize": false, "ReorderInstructions_Fragments": false, "TileLoops_Group": 1, "AdjustBlockSize_MaxRegisters": 255, "TileLoops_SpecializeEdges": false, "TileLoops_SplitK": 1, "TileLoops_SplitKEdges": 1}
// measured: 
// fitness = speedup * exp(-w_cv * cv) / (1 + w_spill * spill_KiB) (see evo_kernels/fitness.py)
[[maybe_unused]] constexpr int TILELOOPS_M_2 = 16;
[[maybe_unused]] constexpr int TILELOOPS_N_2 = 16;
[[maybe_unused]] constexpr int TILELOOPS_K_2 = 8;
[[maybe_unused]] constexpr int THREADCOARSENING_M_2 = 1;
[[maybe_unused]] constexpr int THREADCOARSENING_N_2 = 1;
[[maybe_unused]] constexpr int USESHAREDMEMORY_2 = 0;
[[maybe_unused]] constexpr int PADSHAREDMEMORY_2 = 0;
[[maybe_unused]] constexpr int VECTORIZELOADS_2 = 0;
[[maybe_unused]] constexpr int COALESCEMEMORYACCESS_2 = 0;
[[maybe_unused]] constexpr int UNROLLLOOP_2 = 1;
[[maybe_unused]] constexpr int REORDERINSTRUCTIONS_2 = 0;
[[maybe_unused]] constexpr int REORDERINSTRUCTIONS_ASYNC_2 = 0;
[[maybe_unused]] constexpr int TILELOOPS_SPECIALIZE_2 = 0;
[[maybe_unused]] constexpr int REORDERINSTRUCTIONS_FRAGMENTS_2 = 0;
[[maybe_unused]] constexpr int TILELOOPS_GROUP_2 = 1;
[[maybe_unused]] constexpr int ADJUSTBLOCKSIZE_MAXREGISTERS_2 = 255;
[[maybe_unused]] constexpr int TILELOOPS_SPECIALIZEEDGES_2 = 0;
[[maybe_unused]] constexpr int TILELOOPS_SPLITK_2 = 1;
[[maybe_unused]] constexpr int TILELOOPS_SPLITKEDGES_2 = 1;
namespace spec_2 {  // device helpers of one specialization stay apart from the others'
// sgemm_2: block tile 16x16, 16x16 threads of 1x1 outputs,
// shared=0 pad=0 vec=0 coalesce=0 unroll=1
// double_buffer=0 async_stages=0 max_registers=255 full_tile_path=0
// fragment_pipeline=0 block_row_group=1
static __global__ void __launch_bounds__(256)
sgemm_2(float* __restrict__ C, const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ work,
          int* __restrict__ tiles, int M, int N, int K)
{
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int bm0 = blockIdx.y * 16, bn0 = blockIdx.x * 16;
    const int row0 = bm0 + ty * 1, col0 = bn0 + tx * 1;   // + roff(i), + coff(j)
    // float4 paths need a row stride that is a multiple of 4 and a 16-byte aligned base; else scalar
    float acc[1][1];
#pragma unroll
    for (int i = 0; i < 1; ++i)
#pragma unroll
        for (int j = 0; j < 1; ++j) acc[i][j] = 0.0f;

    // rows and columns clamped into range: the loads need no guard, out-of-range results are never stored
    const float* __restrict__ a0 = A + (size_t)min(row0 + 0, M - 1) * K;


    {
        const float* __restrict__ b0 = B + min(col0 + 0, N - 1);
#pragma unroll 1
        for (int k = 0; k < K; ++k) {
            const size_t kn = (size_t)k * N;
            float a[1], b[1];
            a[0] = a0[k];
            b[0] = b0[kn];
#pragma unroll
            for (int i = 0; i < 1; ++i)
#pragma unroll
                for (int j = 0; j < 1; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
        }
    }


    if (row0 + 0 < M) {
        float* __restrict__ crow = C + (size_t)(row0 + 0) * N;
        {
            if (col0 + 0 < N) crow[col0 + 0] = acc[0][0];
        }
    }
}
}  // namespace spec_2

inline cudaError_t launch_2(float* C, const float* A, const float* B, float* work, int* tiles, int M, int N, int K, cudaStream_t stream = 0) {
    dim3 grid((unsigned)evo_floordiv(N + 15, 16), (unsigned)evo_floordiv(M + 15, 16), (unsigned)1);
    dim3 block((unsigned)16, (unsigned)16, (unsigned)1);
    spec_2::sgemm_2<<<grid, block, 0, stream>>>(C, A, B, work, tiles, M, N, K);
    return cudaGetLastError();
}

// Dispatch (evo_kernels.export.dispatch is the same rule in Python): among the specializations
// whose grid fits the launch limits at this size (x < 2^31, y and z < 2^16), the one tuned for
// the nearest problem by the sum over the sizes of |log(size / tuned size)|; when none fits, the
// untuned default (the template's baseline genome, specialization 2); -1 when not even
// that one can be launched.
inline int pick(int K, int M, int N) {
    int best = -1; double bd = 1e300, d;
    d = std::fabs(std::log(evo_pos(K) / 2633.0)) + std::fabs(std::log(evo_pos(M) / 3151.0)) + std::fabs(std::log(evo_pos(N) / 121.0));
    if (d < bd && evo_fits(evo_floordiv(N + 127, 128), evo_floordiv(M + 31, 32), ((evo_min(4, evo_floordiv(K + 15, 16)) * (long long)M * N <= 33554432LL) ? evo_min(4, evo_floordiv(K + 15, 16)) : 1))) { bd = d; best = 0; }
    d = std::fabs(std::log(evo_pos(K) / 939.0)) + std::fabs(std::log(evo_pos(M) / 203.0)) + std::fabs(std::log(evo_pos(N) / 1211.0));
    if (d < bd && evo_fits(evo_floordiv(N + 63, 64), evo_floordiv(M + 31, 32), ((evo_min(8, evo_floordiv(K + 31, 32)) * (long long)M * N <= 33554432LL) ? evo_min(8, evo_floordiv(K + 31, 32)) : 1))) { bd = d; best = 1; }
    if (best < 0 && evo_fits(evo_floordiv(N + 15, 16), evo_floordiv(M + 15, 16), 1)) best = 2;
    return best;
}

inline cudaError_t launch(float* C, const float* A, const float* B, float* work, int* tiles, int M, int N, int K, cudaStream_t stream = 0) {
    switch (pick(K, M, N)) {
    case 0: return launch_0(C, A, B, work, tiles, M, N, K, stream);
    case 1: return launch_1(C, A, B, work, tiles, M, N, K, stream);
    case 2: return launch_2(C, A, B, work, tiles, M, N, K, stream);
    }
    return cudaErrorInvalidConfiguration;
}

}  // namespace evo_tuned_sgemm
