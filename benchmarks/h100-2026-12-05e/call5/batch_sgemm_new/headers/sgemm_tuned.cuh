// sgemm_tuned.cuh: sgemm kernels tuned by evo-kernels (namespace evo_tuned_sgemm); generated 2026-12-05T16:30:33+00:00.
// Template sgemm.cu.mako (hash 674255efd694c6f4); tuned for sm_90.
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

// ---- specialization 0: tuned for {"K": 3331, "M": 6159, "N": 250}
// genome: {"TileLoops_M": 64, "TileLoops_N": 128, "TileLoops_K": 8, "ThreadCoarsening_M": 8, "ThreadCoarsening_N": 8, "UseSharedMemory": true, "PadSharedMemory": true, "VectorizeLoads": true, "CoalesceMemoryAccess": true, "UnrollLoop": 1, "ReorderInstructions": true, "ReorderInstructions_Async": 0, "TileLoops_Specialize": true, "ReorderInstructions_Fragments": true, "TileLoops_Group": 8, "AdjustBlockSize_MaxRegisters": 128, "TileLoops_SpecializeEdges": true, "TileLoops_SplitK": 2, "TileLoops_SplitKEdges": 1, "TileLoops_Shift": true}
// measured: gpu_name=NVIDIA H100 80GB HBM3, driver_version=580.159.04, nvcc_version=cuda_13.0.r13.0/compiler.36424714_0, measured_at=2026-12-05T16:30:32+00:00, median_ms=0.2623, speedup=14.41, fitness=14.37, cv=0.002601, registers=128, spill_bytes=0
// fitness = speedup * exp(-w_cv * cv) / (1 + w_spill * spill_KiB) (see evo_kernels/fitness.py)
[[maybe_unused]] constexpr int TILELOOPS_M_0 = 64;
[[maybe_unused]] constexpr int TILELOOPS_N_0 = 128;
[[maybe_unused]] constexpr int TILELOOPS_K_0 = 8;
[[maybe_unused]] constexpr int THREADCOARSENING_M_0 = 8;
[[maybe_unused]] constexpr int THREADCOARSENING_N_0 = 8;
[[maybe_unused]] constexpr int USESHAREDMEMORY_0 = 1;
[[maybe_unused]] constexpr int PADSHAREDMEMORY_0 = 1;
[[maybe_unused]] constexpr int VECTORIZELOADS_0 = 1;
[[maybe_unused]] constexpr int COALESCEMEMORYACCESS_0 = 1;
[[maybe_unused]] constexpr int UNROLLLOOP_0 = 1;
[[maybe_unused]] constexpr int REORDERINSTRUCTIONS_0 = 1;
[[maybe_unused]] constexpr int REORDERINSTRUCTIONS_ASYNC_0 = 0;
[[maybe_unused]] constexpr int TILELOOPS_SPECIALIZE_0 = 1;
[[maybe_unused]] constexpr int REORDERINSTRUCTIONS_FRAGMENTS_0 = 1;
[[maybe_unused]] constexpr int TILELOOPS_GROUP_0 = 8;
[[maybe_unused]] constexpr int ADJUSTBLOCKSIZE_MAXREGISTERS_0 = 128;
[[maybe_unused]] constexpr int TILELOOPS_SPECIALIZEEDGES_0 = 1;
[[maybe_unused]] constexpr int TILELOOPS_SPLITK_0 = 2;
[[maybe_unused]] constexpr int TILELOOPS_SPLITKEDGES_0 = 1;
[[maybe_unused]] constexpr int TILELOOPS_SHIFT_0 = 1;
namespace spec_0 {  // device helpers of one specialization stay apart from the others'
// sgemm_0: block tile 64x128x8, 16x8 threads of 8x8 outputs,
// shared=1 pad=4 vec=1 coalesce=1 unroll=1
// double_buffer=1 async_stages=0 max_registers=128 full_tile_path=1
// fragment_pipeline=1 block_row_group=8 full_tile_edges=1 split_k=2
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
    const int om0 = by * 64, on0 = bx * 128;
    // TileLoops_Shift: a tile that M or N cuts short is moved back inside the matrix (where the matrix is as large
    // as a tile): it computes the last 64 rows and 128 columns, all in range, so it takes the full-tile loop,
    // and stores only its own outputs (row >= om0, column >= on0); the rows and columns it shares with the
    // tile before it are computed twice and stored once
    const int bm0 = om0 + 64 > M && M >= 64 ? M - 64 : om0;
    const int bn0 = on0 + 128 > N && N >= 128 ? N - 128 : on0;
    const int row0 = bm0 + ty * 4, col0 = bn0 + tx * 4;   // + roff(i), + coff(j)
    // float4 paths need a row stride that is a multiple of 4 and a 16-byte aligned base; else scalar
    const bool a_vec = (K & 3) == 0 && ((size_t)A & 15) == 0;
    const bool b_vec = (N & 3) == 0 && ((size_t)B & 15) == 0;
    const bool c_vec = (N & 3) == 0 && ((size_t)C & 15) == 0;
    float acc[8][8];
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) acc[i][j] = 0.0f;

    __shared__ __align__(16) float As[2][8][68];   // A tile, transposed: As[k][m]
    __shared__ __align__(16) float Bs[2][8][132];   // B tile: Bs[k][n]
    const int tid = ty * 16 + tx;
    // split-K: this block walks k tiles [z * per, (z + 1) * per) of the ceil(K / 8); A and B start there
    // (a multiple of 8 columns of A, rows of B: float4 alignment is kept)
    const int per = ((K + 7) / 8 + (int)gridDim.z - 1) / (int)gridDim.z;
    const int k0 = (int)blockIdx.z * per * 8;
    const int KS = max(0, min(K - k0, per * 8));
    A += min(k0, K);
    B += (size_t)min(k0, K) * N;
    // load mapping: thread tid moves units tid + l*128 of each tile (A: 4 k of one row, B: 4 n of one k)
    const int am0 = (tid + 0) / 2, ak0 = (tid + 0) % 2 * 4;
    const bool ain0 = true;
    const bool aok0 = ain0 && bm0 + am0 < M;
    const float* asrc0 = A + (size_t)(bm0 + am0) * K + ak0;   // advanced by BK per tile
    const int ubk0 = (tid + 0) / 32, ubn0 = (tid + 0) % 32 * 4;
    const bool bin0 = true;
    const float* bsrc0 = B + (size_t)ubk0 * N + bn0 + ubn0;   // advanced by BK rows per tile
    const int ubk1 = (tid + 128) / 32, ubn1 = (tid + 128) % 32 * 4;
    const bool bin1 = true;
    const float* bsrc1 = B + (size_t)ubk1 * N + bn0 + ubn1;   // advanced by BK rows per tile
    float4 ra[1], rb[2];







    if (KS >= 8 && bm0 + 64 <= M && bn0 + 128 <= N) {   // uniform over the block
        if (a_vec && b_vec) {

        // every tile full (K % 8 == 0, the block inside M and N) and both operands float4-aligned:
        // the same pipeline with no bounds predicates and no alignment tests in the loop (with
        // TileLoops_SpecializeEdges: the K / 8 full tiles of any K, the loads scalar where not aligned)

        {   // global -> registers, the next tile: full and aligned, so plain float4 loads (a thread whose
            // last unit lies past the tile loads nothing for it: its address may be past the matrix)
            ra[0] = *reinterpret_cast<const float4*>(asrc0);
            asrc0 += 8;
            rb[0] = *reinterpret_cast<const float4*>(bsrc0);
            bsrc0 += (size_t)8 * N;
            rb[1] = *reinterpret_cast<const float4*>(bsrc1);
            bsrc1 += (size_t)8 * N;
        }


        {   // registers -> shared buffer 0
            {
                As[0][ak0][am0] = ra[0].x;
                As[0][ak0 + 1][am0] = ra[0].y;
                As[0][ak0 + 2][am0] = ra[0].z;
                As[0][ak0 + 3][am0] = ra[0].w;
            }
            {
                *reinterpret_cast<float4*>(&Bs[0][ubk0][ubn0]) = rb[0];
            }
            {
                *reinterpret_cast<float4*>(&Bs[0][ubk1][ubn1]) = rb[1];
            }
        }

        __syncthreads();
        const int nt = KS / 8;
        float fa0[8], fb0[8], fa1[8], fb1[8];

            {   // the A and B fragments of k row 0 of buffer 0 into register slot 0
                const float* as = &As[0][0][ty * 4];
                const float* bs = &Bs[0][0][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

        int t = 0;
#pragma unroll 1
        for (; t + 2 < nt; t += 2) {   // tiles t (buffer 0) and t + 1 (buffer 1); t + 1 and t + 2 loaded here

        {   // one tile from buffer 0: while row kk is multiplied, row kk + 1 is read; before the last
            // row's products the next tile (in registers since the step began) goes to buffer 1, the
            // barrier passes, and the next tile's row 0 is read under those products

        {   // global -> registers, the next tile: full and aligned, so plain float4 loads (a thread whose
            // last unit lies past the tile loads nothing for it: its address may be past the matrix)
            ra[0] = *reinterpret_cast<const float4*>(asrc0);
            asrc0 += 8;
            rb[0] = *reinterpret_cast<const float4*>(bsrc0);
            bsrc0 += (size_t)8 * N;
            rb[1] = *reinterpret_cast<const float4*>(bsrc1);
            bsrc1 += (size_t)8 * N;
        }


            {   // the A and B fragments of k row 1 of buffer 0 into register slot 1
                const float* as = &As[0][1][ty * 4];
                const float* bs = &Bs[0][1][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 2 of buffer 0 into register slot 0
                const float* as = &As[0][2][ty * 4];
                const float* bs = &Bs[0][2][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 3 of buffer 0 into register slot 1
                const float* as = &As[0][3][ty * 4];
                const float* bs = &Bs[0][3][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 4 of buffer 0 into register slot 0
                const float* as = &As[0][4][ty * 4];
                const float* bs = &Bs[0][4][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 5 of buffer 0 into register slot 1
                const float* as = &As[0][5][ty * 4];
                const float* bs = &Bs[0][5][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 6 of buffer 0 into register slot 0
                const float* as = &As[0][6][ty * 4];
                const float* bs = &Bs[0][6][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 7 of buffer 0 into register slot 1
                const float* as = &As[0][7][ty * 4];
                const float* bs = &Bs[0][7][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

        {   // registers -> shared buffer 1
            {
                As[1][ak0][am0] = ra[0].x;
                As[1][ak0 + 1][am0] = ra[0].y;
                As[1][ak0 + 2][am0] = ra[0].z;
                As[1][ak0 + 3][am0] = ra[0].w;
            }
            {
                *reinterpret_cast<float4*>(&Bs[1][ubk0][ubn0]) = rb[0];
            }
            {
                *reinterpret_cast<float4*>(&Bs[1][ubk1][ubn1]) = rb[1];
            }
        }

            __syncthreads();

            {   // the A and B fragments of k row 0 of buffer 1 into register slot 0
                const float* as = &As[1][0][ty * 4];
                const float* bs = &Bs[1][0][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);
        }


        {   // one tile from buffer 1: while row kk is multiplied, row kk + 1 is read; before the last
            // row's products the next tile (in registers since the step began) goes to buffer 0, the
            // barrier passes, and the next tile's row 0 is read under those products

        {   // global -> registers, the next tile: full and aligned, so plain float4 loads (a thread whose
            // last unit lies past the tile loads nothing for it: its address may be past the matrix)
            ra[0] = *reinterpret_cast<const float4*>(asrc0);
            asrc0 += 8;
            rb[0] = *reinterpret_cast<const float4*>(bsrc0);
            bsrc0 += (size_t)8 * N;
            rb[1] = *reinterpret_cast<const float4*>(bsrc1);
            bsrc1 += (size_t)8 * N;
        }


            {   // the A and B fragments of k row 1 of buffer 1 into register slot 1
                const float* as = &As[1][1][ty * 4];
                const float* bs = &Bs[1][1][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 2 of buffer 1 into register slot 0
                const float* as = &As[1][2][ty * 4];
                const float* bs = &Bs[1][2][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 3 of buffer 1 into register slot 1
                const float* as = &As[1][3][ty * 4];
                const float* bs = &Bs[1][3][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 4 of buffer 1 into register slot 0
                const float* as = &As[1][4][ty * 4];
                const float* bs = &Bs[1][4][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 5 of buffer 1 into register slot 1
                const float* as = &As[1][5][ty * 4];
                const float* bs = &Bs[1][5][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 6 of buffer 1 into register slot 0
                const float* as = &As[1][6][ty * 4];
                const float* bs = &Bs[1][6][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 7 of buffer 1 into register slot 1
                const float* as = &As[1][7][ty * 4];
                const float* bs = &Bs[1][7][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

        {   // registers -> shared buffer 0
            {
                As[0][ak0][am0] = ra[0].x;
                As[0][ak0 + 1][am0] = ra[0].y;
                As[0][ak0 + 2][am0] = ra[0].z;
                As[0][ak0 + 3][am0] = ra[0].w;
            }
            {
                *reinterpret_cast<float4*>(&Bs[0][ubk0][ubn0]) = rb[0];
            }
            {
                *reinterpret_cast<float4*>(&Bs[0][ubk1][ubn1]) = rb[1];
            }
        }

            __syncthreads();

            {   // the A and B fragments of k row 0 of buffer 0 into register slot 0
                const float* as = &As[0][0][ty * 4];
                const float* bs = &Bs[0][0][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);
        }

        }
        if (t + 1 < nt) {   // two tiles left

        {   // one tile from buffer 0: while row kk is multiplied, row kk + 1 is read; before the last
            // row's products the next tile (in registers since the step began) goes to buffer 1, the
            // barrier passes, and the next tile's row 0 is read under those products

        {   // global -> registers, the next tile: full and aligned, so plain float4 loads (a thread whose
            // last unit lies past the tile loads nothing for it: its address may be past the matrix)
            ra[0] = *reinterpret_cast<const float4*>(asrc0);
            asrc0 += 8;
            rb[0] = *reinterpret_cast<const float4*>(bsrc0);
            bsrc0 += (size_t)8 * N;
            rb[1] = *reinterpret_cast<const float4*>(bsrc1);
            bsrc1 += (size_t)8 * N;
        }


            {   // the A and B fragments of k row 1 of buffer 0 into register slot 1
                const float* as = &As[0][1][ty * 4];
                const float* bs = &Bs[0][1][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 2 of buffer 0 into register slot 0
                const float* as = &As[0][2][ty * 4];
                const float* bs = &Bs[0][2][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 3 of buffer 0 into register slot 1
                const float* as = &As[0][3][ty * 4];
                const float* bs = &Bs[0][3][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 4 of buffer 0 into register slot 0
                const float* as = &As[0][4][ty * 4];
                const float* bs = &Bs[0][4][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 5 of buffer 0 into register slot 1
                const float* as = &As[0][5][ty * 4];
                const float* bs = &Bs[0][5][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 6 of buffer 0 into register slot 0
                const float* as = &As[0][6][ty * 4];
                const float* bs = &Bs[0][6][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 7 of buffer 0 into register slot 1
                const float* as = &As[0][7][ty * 4];
                const float* bs = &Bs[0][7][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

        {   // registers -> shared buffer 1
            {
                As[1][ak0][am0] = ra[0].x;
                As[1][ak0 + 1][am0] = ra[0].y;
                As[1][ak0 + 2][am0] = ra[0].z;
                As[1][ak0 + 3][am0] = ra[0].w;
            }
            {
                *reinterpret_cast<float4*>(&Bs[1][ubk0][ubn0]) = rb[0];
            }
            {
                *reinterpret_cast<float4*>(&Bs[1][ubk1][ubn1]) = rb[1];
            }
        }

            __syncthreads();

            {   // the A and B fragments of k row 0 of buffer 1 into register slot 0
                const float* as = &As[1][0][ty * 4];
                const float* bs = &Bs[1][0][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);
        }


        {   // one tile from buffer 1: while row kk is multiplied, row kk + 1 is read; before the last
            // row's products the next tile (in registers since the step began) goes to buffer 0, the
            // barrier passes, and the next tile's row 0 is read under those products

            {   // the A and B fragments of k row 1 of buffer 1 into register slot 1
                const float* as = &As[1][1][ty * 4];
                const float* bs = &Bs[1][1][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 2 of buffer 1 into register slot 0
                const float* as = &As[1][2][ty * 4];
                const float* bs = &Bs[1][2][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 3 of buffer 1 into register slot 1
                const float* as = &As[1][3][ty * 4];
                const float* bs = &Bs[1][3][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 4 of buffer 1 into register slot 0
                const float* as = &As[1][4][ty * 4];
                const float* bs = &Bs[1][4][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 5 of buffer 1 into register slot 1
                const float* as = &As[1][5][ty * 4];
                const float* bs = &Bs[1][5][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 6 of buffer 1 into register slot 0
                const float* as = &As[1][6][ty * 4];
                const float* bs = &Bs[1][6][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 7 of buffer 1 into register slot 1
                const float* as = &As[1][7][ty * 4];
                const float* bs = &Bs[1][7][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);
#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);
        }

        } else {            // one tile left

        {   // one tile from buffer 0: while row kk is multiplied, row kk + 1 is read; before the last
            // row's products the next tile (in registers since the step began) goes to buffer 1, the
            // barrier passes, and the next tile's row 0 is read under those products

            {   // the A and B fragments of k row 1 of buffer 0 into register slot 1
                const float* as = &As[0][1][ty * 4];
                const float* bs = &Bs[0][1][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 2 of buffer 0 into register slot 0
                const float* as = &As[0][2][ty * 4];
                const float* bs = &Bs[0][2][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 3 of buffer 0 into register slot 1
                const float* as = &As[0][3][ty * 4];
                const float* bs = &Bs[0][3][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 4 of buffer 0 into register slot 0
                const float* as = &As[0][4][ty * 4];
                const float* bs = &Bs[0][4][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 5 of buffer 0 into register slot 1
                const float* as = &As[0][5][ty * 4];
                const float* bs = &Bs[0][5][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 6 of buffer 0 into register slot 0
                const float* as = &As[0][6][ty * 4];
                const float* bs = &Bs[0][6][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 7 of buffer 0 into register slot 1
                const float* as = &As[0][7][ty * 4];
                const float* bs = &Bs[0][7][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);
#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);
        }

        }

        } else {

        // every tile full (K % 8 == 0, the block inside M and N) and both operands float4-aligned:
        // the same pipeline with no bounds predicates and no alignment tests in the loop (with
        // TileLoops_SpecializeEdges: the K / 8 full tiles of any K, the loads scalar where not aligned)

        {   // global -> registers, the next tile: full but an operand is not float4-aligned (a row stride
            // not a multiple of 4): four plain scalar loads per unit, still no predicates
            { ra[0].x = asrc0[0]; ra[0].y = asrc0[1]; ra[0].z = asrc0[2]; ra[0].w = asrc0[3]; }
            asrc0 += 8;
            { rb[0].x = bsrc0[0]; rb[0].y = bsrc0[1]; rb[0].z = bsrc0[2]; rb[0].w = bsrc0[3]; }
            bsrc0 += (size_t)8 * N;
            { rb[1].x = bsrc1[0]; rb[1].y = bsrc1[1]; rb[1].z = bsrc1[2]; rb[1].w = bsrc1[3]; }
            bsrc1 += (size_t)8 * N;
        }


        {   // registers -> shared buffer 0
            {
                As[0][ak0][am0] = ra[0].x;
                As[0][ak0 + 1][am0] = ra[0].y;
                As[0][ak0 + 2][am0] = ra[0].z;
                As[0][ak0 + 3][am0] = ra[0].w;
            }
            {
                *reinterpret_cast<float4*>(&Bs[0][ubk0][ubn0]) = rb[0];
            }
            {
                *reinterpret_cast<float4*>(&Bs[0][ubk1][ubn1]) = rb[1];
            }
        }

        __syncthreads();
        const int nt = KS / 8;
        float fa0[8], fb0[8], fa1[8], fb1[8];

            {   // the A and B fragments of k row 0 of buffer 0 into register slot 0
                const float* as = &As[0][0][ty * 4];
                const float* bs = &Bs[0][0][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

        int t = 0;
#pragma unroll 1
        for (; t + 2 < nt; t += 2) {   // tiles t (buffer 0) and t + 1 (buffer 1); t + 1 and t + 2 loaded here

        {   // one tile from buffer 0: while row kk is multiplied, row kk + 1 is read; before the last
            // row's products the next tile (in registers since the step began) goes to buffer 1, the
            // barrier passes, and the next tile's row 0 is read under those products

        {   // global -> registers, the next tile: full but an operand is not float4-aligned (a row stride
            // not a multiple of 4): four plain scalar loads per unit, still no predicates
            { ra[0].x = asrc0[0]; ra[0].y = asrc0[1]; ra[0].z = asrc0[2]; ra[0].w = asrc0[3]; }
            asrc0 += 8;
            { rb[0].x = bsrc0[0]; rb[0].y = bsrc0[1]; rb[0].z = bsrc0[2]; rb[0].w = bsrc0[3]; }
            bsrc0 += (size_t)8 * N;
            { rb[1].x = bsrc1[0]; rb[1].y = bsrc1[1]; rb[1].z = bsrc1[2]; rb[1].w = bsrc1[3]; }
            bsrc1 += (size_t)8 * N;
        }


            {   // the A and B fragments of k row 1 of buffer 0 into register slot 1
                const float* as = &As[0][1][ty * 4];
                const float* bs = &Bs[0][1][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 2 of buffer 0 into register slot 0
                const float* as = &As[0][2][ty * 4];
                const float* bs = &Bs[0][2][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 3 of buffer 0 into register slot 1
                const float* as = &As[0][3][ty * 4];
                const float* bs = &Bs[0][3][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 4 of buffer 0 into register slot 0
                const float* as = &As[0][4][ty * 4];
                const float* bs = &Bs[0][4][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 5 of buffer 0 into register slot 1
                const float* as = &As[0][5][ty * 4];
                const float* bs = &Bs[0][5][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 6 of buffer 0 into register slot 0
                const float* as = &As[0][6][ty * 4];
                const float* bs = &Bs[0][6][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 7 of buffer 0 into register slot 1
                const float* as = &As[0][7][ty * 4];
                const float* bs = &Bs[0][7][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

        {   // registers -> shared buffer 1
            {
                As[1][ak0][am0] = ra[0].x;
                As[1][ak0 + 1][am0] = ra[0].y;
                As[1][ak0 + 2][am0] = ra[0].z;
                As[1][ak0 + 3][am0] = ra[0].w;
            }
            {
                *reinterpret_cast<float4*>(&Bs[1][ubk0][ubn0]) = rb[0];
            }
            {
                *reinterpret_cast<float4*>(&Bs[1][ubk1][ubn1]) = rb[1];
            }
        }

            __syncthreads();

            {   // the A and B fragments of k row 0 of buffer 1 into register slot 0
                const float* as = &As[1][0][ty * 4];
                const float* bs = &Bs[1][0][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);
        }


        {   // one tile from buffer 1: while row kk is multiplied, row kk + 1 is read; before the last
            // row's products the next tile (in registers since the step began) goes to buffer 0, the
            // barrier passes, and the next tile's row 0 is read under those products

        {   // global -> registers, the next tile: full but an operand is not float4-aligned (a row stride
            // not a multiple of 4): four plain scalar loads per unit, still no predicates
            { ra[0].x = asrc0[0]; ra[0].y = asrc0[1]; ra[0].z = asrc0[2]; ra[0].w = asrc0[3]; }
            asrc0 += 8;
            { rb[0].x = bsrc0[0]; rb[0].y = bsrc0[1]; rb[0].z = bsrc0[2]; rb[0].w = bsrc0[3]; }
            bsrc0 += (size_t)8 * N;
            { rb[1].x = bsrc1[0]; rb[1].y = bsrc1[1]; rb[1].z = bsrc1[2]; rb[1].w = bsrc1[3]; }
            bsrc1 += (size_t)8 * N;
        }


            {   // the A and B fragments of k row 1 of buffer 1 into register slot 1
                const float* as = &As[1][1][ty * 4];
                const float* bs = &Bs[1][1][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 2 of buffer 1 into register slot 0
                const float* as = &As[1][2][ty * 4];
                const float* bs = &Bs[1][2][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 3 of buffer 1 into register slot 1
                const float* as = &As[1][3][ty * 4];
                const float* bs = &Bs[1][3][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 4 of buffer 1 into register slot 0
                const float* as = &As[1][4][ty * 4];
                const float* bs = &Bs[1][4][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 5 of buffer 1 into register slot 1
                const float* as = &As[1][5][ty * 4];
                const float* bs = &Bs[1][5][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 6 of buffer 1 into register slot 0
                const float* as = &As[1][6][ty * 4];
                const float* bs = &Bs[1][6][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 7 of buffer 1 into register slot 1
                const float* as = &As[1][7][ty * 4];
                const float* bs = &Bs[1][7][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

        {   // registers -> shared buffer 0
            {
                As[0][ak0][am0] = ra[0].x;
                As[0][ak0 + 1][am0] = ra[0].y;
                As[0][ak0 + 2][am0] = ra[0].z;
                As[0][ak0 + 3][am0] = ra[0].w;
            }
            {
                *reinterpret_cast<float4*>(&Bs[0][ubk0][ubn0]) = rb[0];
            }
            {
                *reinterpret_cast<float4*>(&Bs[0][ubk1][ubn1]) = rb[1];
            }
        }

            __syncthreads();

            {   // the A and B fragments of k row 0 of buffer 0 into register slot 0
                const float* as = &As[0][0][ty * 4];
                const float* bs = &Bs[0][0][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);
        }

        }
        if (t + 1 < nt) {   // two tiles left

        {   // one tile from buffer 0: while row kk is multiplied, row kk + 1 is read; before the last
            // row's products the next tile (in registers since the step began) goes to buffer 1, the
            // barrier passes, and the next tile's row 0 is read under those products

        {   // global -> registers, the next tile: full but an operand is not float4-aligned (a row stride
            // not a multiple of 4): four plain scalar loads per unit, still no predicates
            { ra[0].x = asrc0[0]; ra[0].y = asrc0[1]; ra[0].z = asrc0[2]; ra[0].w = asrc0[3]; }
            asrc0 += 8;
            { rb[0].x = bsrc0[0]; rb[0].y = bsrc0[1]; rb[0].z = bsrc0[2]; rb[0].w = bsrc0[3]; }
            bsrc0 += (size_t)8 * N;
            { rb[1].x = bsrc1[0]; rb[1].y = bsrc1[1]; rb[1].z = bsrc1[2]; rb[1].w = bsrc1[3]; }
            bsrc1 += (size_t)8 * N;
        }


            {   // the A and B fragments of k row 1 of buffer 0 into register slot 1
                const float* as = &As[0][1][ty * 4];
                const float* bs = &Bs[0][1][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 2 of buffer 0 into register slot 0
                const float* as = &As[0][2][ty * 4];
                const float* bs = &Bs[0][2][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 3 of buffer 0 into register slot 1
                const float* as = &As[0][3][ty * 4];
                const float* bs = &Bs[0][3][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 4 of buffer 0 into register slot 0
                const float* as = &As[0][4][ty * 4];
                const float* bs = &Bs[0][4][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 5 of buffer 0 into register slot 1
                const float* as = &As[0][5][ty * 4];
                const float* bs = &Bs[0][5][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 6 of buffer 0 into register slot 0
                const float* as = &As[0][6][ty * 4];
                const float* bs = &Bs[0][6][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 7 of buffer 0 into register slot 1
                const float* as = &As[0][7][ty * 4];
                const float* bs = &Bs[0][7][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

        {   // registers -> shared buffer 1
            {
                As[1][ak0][am0] = ra[0].x;
                As[1][ak0 + 1][am0] = ra[0].y;
                As[1][ak0 + 2][am0] = ra[0].z;
                As[1][ak0 + 3][am0] = ra[0].w;
            }
            {
                *reinterpret_cast<float4*>(&Bs[1][ubk0][ubn0]) = rb[0];
            }
            {
                *reinterpret_cast<float4*>(&Bs[1][ubk1][ubn1]) = rb[1];
            }
        }

            __syncthreads();

            {   // the A and B fragments of k row 0 of buffer 1 into register slot 0
                const float* as = &As[1][0][ty * 4];
                const float* bs = &Bs[1][0][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);
        }


        {   // one tile from buffer 1: while row kk is multiplied, row kk + 1 is read; before the last
            // row's products the next tile (in registers since the step began) goes to buffer 0, the
            // barrier passes, and the next tile's row 0 is read under those products

            {   // the A and B fragments of k row 1 of buffer 1 into register slot 1
                const float* as = &As[1][1][ty * 4];
                const float* bs = &Bs[1][1][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 2 of buffer 1 into register slot 0
                const float* as = &As[1][2][ty * 4];
                const float* bs = &Bs[1][2][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 3 of buffer 1 into register slot 1
                const float* as = &As[1][3][ty * 4];
                const float* bs = &Bs[1][3][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 4 of buffer 1 into register slot 0
                const float* as = &As[1][4][ty * 4];
                const float* bs = &Bs[1][4][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 5 of buffer 1 into register slot 1
                const float* as = &As[1][5][ty * 4];
                const float* bs = &Bs[1][5][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 6 of buffer 1 into register slot 0
                const float* as = &As[1][6][ty * 4];
                const float* bs = &Bs[1][6][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 7 of buffer 1 into register slot 1
                const float* as = &As[1][7][ty * 4];
                const float* bs = &Bs[1][7][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);
#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);
        }

        } else {            // one tile left

        {   // one tile from buffer 0: while row kk is multiplied, row kk + 1 is read; before the last
            // row's products the next tile (in registers since the step began) goes to buffer 1, the
            // barrier passes, and the next tile's row 0 is read under those products

            {   // the A and B fragments of k row 1 of buffer 0 into register slot 1
                const float* as = &As[0][1][ty * 4];
                const float* bs = &Bs[0][1][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 2 of buffer 0 into register slot 0
                const float* as = &As[0][2][ty * 4];
                const float* bs = &Bs[0][2][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 3 of buffer 0 into register slot 1
                const float* as = &As[0][3][ty * 4];
                const float* bs = &Bs[0][3][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 4 of buffer 0 into register slot 0
                const float* as = &As[0][4][ty * 4];
                const float* bs = &Bs[0][4][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 5 of buffer 0 into register slot 1
                const float* as = &As[0][5][ty * 4];
                const float* bs = &Bs[0][5][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 6 of buffer 0 into register slot 0
                const float* as = &As[0][6][ty * 4];
                const float* bs = &Bs[0][6][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 7 of buffer 0 into register slot 1
                const float* as = &As[0][7][ty * 4];
                const float* bs = &Bs[0][7][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);
#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);
        }

        }

        }
        if (KS % 8 != 0) {   // the last, partial k tile (asrc/bsrc point at it): only k needs a guard
            __syncthreads();     // every thread is done with both buffers
            const int kt = KS / 8 * 8;
            {
                const int k = kt + (tid + 0) % 2 * 4;   // recomputed: nothing stays live for it
                ra[0].x = k < KS ? asrc0[0] : 0.f;
                ra[0].y = k + 1 < KS ? asrc0[1] : 0.f;
                ra[0].z = k + 2 < KS ? asrc0[2] : 0.f;
                ra[0].w = k + 3 < KS ? asrc0[3] : 0.f;
            }
            {
                const bool kok = kt + (tid + 0) / 32 < KS;
                rb[0].x = kok ? bsrc0[0] : 0.f;
                rb[0].y = kok ? bsrc0[1] : 0.f;
                rb[0].z = kok ? bsrc0[2] : 0.f;
                rb[0].w = kok ? bsrc0[3] : 0.f;
            }
            {
                const bool kok = kt + (tid + 128) / 32 < KS;
                rb[1].x = kok ? bsrc1[0] : 0.f;
                rb[1].y = kok ? bsrc1[1] : 0.f;
                rb[1].z = kok ? bsrc1[2] : 0.f;
                rb[1].w = kok ? bsrc1[3] : 0.f;
            }

        {   // registers -> shared buffer 0
            {
                As[0][ak0][am0] = ra[0].x;
                As[0][ak0 + 1][am0] = ra[0].y;
                As[0][ak0 + 2][am0] = ra[0].z;
                As[0][ak0 + 3][am0] = ra[0].w;
            }
            {
                *reinterpret_cast<float4*>(&Bs[0][ubk0][ubn0]) = rb[0];
            }
            {
                *reinterpret_cast<float4*>(&Bs[0][ubk1][ubn1]) = rb[1];
            }
        }

            __syncthreads();

        {   // acc += As[buf]^T . Bs[buf] over the 8 k of the stage
            const float* as = &As[0][0][ty * 4];
            const float* bs = &Bs[0][0][tx * 4];
#pragma unroll 1
            for (int kk = 0; kk < 8; ++kk) {
                float a[8], b[8];
                { const float4 t = *reinterpret_cast<const float4*>(as + kk * 68 + 0);
                  a[0] = t.x; a[1] = t.y; a[2] = t.z; a[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + kk * 68 + 32);
                  a[4] = t.x; a[5] = t.y; a[6] = t.z; a[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + kk * 132 + 0);
                  b[0] = t.x; b[1] = t.y; b[2] = t.z; b[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + kk * 132 + 64);
                  b[4] = t.x; b[5] = t.y; b[6] = t.z; b[7] = t.w; }
#pragma unroll
                for (int i = 0; i < 8; ++i)
#pragma unroll
                    for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
            }
        }

        }
    } else {

    // double buffering: tile kt + BK is prefetched into registers while tile kt is computed, then stored
    // into the other buffer; one barrier per tile. Unrolled by two so that both buffers are static.

        {   // global -> registers, the tile at k = 0 (asrc/bsrc point at it); out-of-range elements are zero
            {
                const int k = 0 + ak0;
                const float* p = asrc0;
                if (a_vec) {
                    ra[0] = (aok0 && k < KS) ? *reinterpret_cast<const float4*>(p) : make_float4(0.f, 0.f, 0.f, 0.f);
                } else {
                    ra[0].x = (aok0 && k < KS) ? p[0] : 0.f;
                    ra[0].y = (aok0 && k + 1 < KS) ? p[1] : 0.f;
                    ra[0].z = (aok0 && k + 2 < KS) ? p[2] : 0.f;
                    ra[0].w = (aok0 && k + 3 < KS) ? p[3] : 0.f;
                }
            }
            {
                const bool kok = bin0 && 0 + ubk0 < KS;
                const float* p = bsrc0;
                const int n = bn0 + ubn0;
                if (b_vec) {
                    rb[0] = (kok && n < N) ? *reinterpret_cast<const float4*>(p) : make_float4(0.f, 0.f, 0.f, 0.f);
                } else {
                    rb[0].x = (kok && n < N) ? p[0] : 0.f;
                    rb[0].y = (kok && n + 1 < N) ? p[1] : 0.f;
                    rb[0].z = (kok && n + 2 < N) ? p[2] : 0.f;
                    rb[0].w = (kok && n + 3 < N) ? p[3] : 0.f;
                }
            }
            {
                const bool kok = bin1 && 0 + ubk1 < KS;
                const float* p = bsrc1;
                const int n = bn0 + ubn1;
                if (b_vec) {
                    rb[1] = (kok && n < N) ? *reinterpret_cast<const float4*>(p) : make_float4(0.f, 0.f, 0.f, 0.f);
                } else {
                    rb[1].x = (kok && n < N) ? p[0] : 0.f;
                    rb[1].y = (kok && n + 1 < N) ? p[1] : 0.f;
                    rb[1].z = (kok && n + 2 < N) ? p[2] : 0.f;
                    rb[1].w = (kok && n + 3 < N) ? p[3] : 0.f;
                }
            }
            asrc0 += 8;
            bsrc0 += (size_t)8 * N;
            bsrc1 += (size_t)8 * N;
        }


        {   // registers -> shared buffer 0
            {
                As[0][ak0][am0] = ra[0].x;
                As[0][ak0 + 1][am0] = ra[0].y;
                As[0][ak0 + 2][am0] = ra[0].z;
                As[0][ak0 + 3][am0] = ra[0].w;
            }
            {
                *reinterpret_cast<float4*>(&Bs[0][ubk0][ubn0]) = rb[0];
            }
            {
                *reinterpret_cast<float4*>(&Bs[0][ubk1][ubn1]) = rb[1];
            }
        }

    __syncthreads();
#pragma unroll 1
    for (int kt = 0; kt < KS; kt += 16) {
        bool more = kt + 8 < KS;
        if (more) {

        {   // global -> registers, the tile at k = kt + 8 (asrc/bsrc point at it); out-of-range elements are zero
            {
                const int k = kt + 8 + ak0;
                const float* p = asrc0;
                if (a_vec) {
                    ra[0] = (aok0 && k < KS) ? *reinterpret_cast<const float4*>(p) : make_float4(0.f, 0.f, 0.f, 0.f);
                } else {
                    ra[0].x = (aok0 && k < KS) ? p[0] : 0.f;
                    ra[0].y = (aok0 && k + 1 < KS) ? p[1] : 0.f;
                    ra[0].z = (aok0 && k + 2 < KS) ? p[2] : 0.f;
                    ra[0].w = (aok0 && k + 3 < KS) ? p[3] : 0.f;
                }
            }
            {
                const bool kok = bin0 && kt + 8 + ubk0 < KS;
                const float* p = bsrc0;
                const int n = bn0 + ubn0;
                if (b_vec) {
                    rb[0] = (kok && n < N) ? *reinterpret_cast<const float4*>(p) : make_float4(0.f, 0.f, 0.f, 0.f);
                } else {
                    rb[0].x = (kok && n < N) ? p[0] : 0.f;
                    rb[0].y = (kok && n + 1 < N) ? p[1] : 0.f;
                    rb[0].z = (kok && n + 2 < N) ? p[2] : 0.f;
                    rb[0].w = (kok && n + 3 < N) ? p[3] : 0.f;
                }
            }
            {
                const bool kok = bin1 && kt + 8 + ubk1 < KS;
                const float* p = bsrc1;
                const int n = bn0 + ubn1;
                if (b_vec) {
                    rb[1] = (kok && n < N) ? *reinterpret_cast<const float4*>(p) : make_float4(0.f, 0.f, 0.f, 0.f);
                } else {
                    rb[1].x = (kok && n < N) ? p[0] : 0.f;
                    rb[1].y = (kok && n + 1 < N) ? p[1] : 0.f;
                    rb[1].z = (kok && n + 2 < N) ? p[2] : 0.f;
                    rb[1].w = (kok && n + 3 < N) ? p[3] : 0.f;
                }
            }
            asrc0 += 8;
            bsrc0 += (size_t)8 * N;
            bsrc1 += (size_t)8 * N;
        }

        }

        {   // acc += As[buf]^T . Bs[buf] over the 8 k of the stage
            const float* as = &As[0][0][ty * 4];
            const float* bs = &Bs[0][0][tx * 4];
#pragma unroll 1
            for (int kk = 0; kk < 8; ++kk) {
                float a[8], b[8];
                { const float4 t = *reinterpret_cast<const float4*>(as + kk * 68 + 0);
                  a[0] = t.x; a[1] = t.y; a[2] = t.z; a[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + kk * 68 + 32);
                  a[4] = t.x; a[5] = t.y; a[6] = t.z; a[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + kk * 132 + 0);
                  b[0] = t.x; b[1] = t.y; b[2] = t.z; b[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + kk * 132 + 64);
                  b[4] = t.x; b[5] = t.y; b[6] = t.z; b[7] = t.w; }
#pragma unroll
                for (int i = 0; i < 8; ++i)
#pragma unroll
                    for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
            }
        }

        if (more) {

        {   // registers -> shared buffer 1
            {
                As[1][ak0][am0] = ra[0].x;
                As[1][ak0 + 1][am0] = ra[0].y;
                As[1][ak0 + 2][am0] = ra[0].z;
                As[1][ak0 + 3][am0] = ra[0].w;
            }
            {
                *reinterpret_cast<float4*>(&Bs[1][ubk0][ubn0]) = rb[0];
            }
            {
                *reinterpret_cast<float4*>(&Bs[1][ubk1][ubn1]) = rb[1];
            }
        }

        }
        __syncthreads();
        if (!more) break;
        more = kt + 16 < KS;
        if (more) {

        {   // global -> registers, the tile at k = kt + 16 (asrc/bsrc point at it); out-of-range elements are zero
            {
                const int k = kt + 16 + ak0;
                const float* p = asrc0;
                if (a_vec) {
                    ra[0] = (aok0 && k < KS) ? *reinterpret_cast<const float4*>(p) : make_float4(0.f, 0.f, 0.f, 0.f);
                } else {
                    ra[0].x = (aok0 && k < KS) ? p[0] : 0.f;
                    ra[0].y = (aok0 && k + 1 < KS) ? p[1] : 0.f;
                    ra[0].z = (aok0 && k + 2 < KS) ? p[2] : 0.f;
                    ra[0].w = (aok0 && k + 3 < KS) ? p[3] : 0.f;
                }
            }
            {
                const bool kok = bin0 && kt + 16 + ubk0 < KS;
                const float* p = bsrc0;
                const int n = bn0 + ubn0;
                if (b_vec) {
                    rb[0] = (kok && n < N) ? *reinterpret_cast<const float4*>(p) : make_float4(0.f, 0.f, 0.f, 0.f);
                } else {
                    rb[0].x = (kok && n < N) ? p[0] : 0.f;
                    rb[0].y = (kok && n + 1 < N) ? p[1] : 0.f;
                    rb[0].z = (kok && n + 2 < N) ? p[2] : 0.f;
                    rb[0].w = (kok && n + 3 < N) ? p[3] : 0.f;
                }
            }
            {
                const bool kok = bin1 && kt + 16 + ubk1 < KS;
                const float* p = bsrc1;
                const int n = bn0 + ubn1;
                if (b_vec) {
                    rb[1] = (kok && n < N) ? *reinterpret_cast<const float4*>(p) : make_float4(0.f, 0.f, 0.f, 0.f);
                } else {
                    rb[1].x = (kok && n < N) ? p[0] : 0.f;
                    rb[1].y = (kok && n + 1 < N) ? p[1] : 0.f;
                    rb[1].z = (kok && n + 2 < N) ? p[2] : 0.f;
                    rb[1].w = (kok && n + 3 < N) ? p[3] : 0.f;
                }
            }
            asrc0 += 8;
            bsrc0 += (size_t)8 * N;
            bsrc1 += (size_t)8 * N;
        }

        }

        {   // acc += As[buf]^T . Bs[buf] over the 8 k of the stage
            const float* as = &As[1][0][ty * 4];
            const float* bs = &Bs[1][0][tx * 4];
#pragma unroll 1
            for (int kk = 0; kk < 8; ++kk) {
                float a[8], b[8];
                { const float4 t = *reinterpret_cast<const float4*>(as + kk * 68 + 0);
                  a[0] = t.x; a[1] = t.y; a[2] = t.z; a[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + kk * 68 + 32);
                  a[4] = t.x; a[5] = t.y; a[6] = t.z; a[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + kk * 132 + 0);
                  b[0] = t.x; b[1] = t.y; b[2] = t.z; b[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + kk * 132 + 64);
                  b[4] = t.x; b[5] = t.y; b[6] = t.z; b[7] = t.w; }
#pragma unroll
                for (int i = 0; i < 8; ++i)
#pragma unroll
                    for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
            }
        }

        if (more) {

        {   // registers -> shared buffer 0
            {
                As[0][ak0][am0] = ra[0].x;
                As[0][ak0 + 1][am0] = ra[0].y;
                As[0][ak0 + 2][am0] = ra[0].z;
                As[0][ak0 + 3][am0] = ra[0].w;
            }
            {
                *reinterpret_cast<float4*>(&Bs[0][ubk0][ubn0]) = rb[0];
            }
            {
                *reinterpret_cast<float4*>(&Bs[0][ubk1][ubn1]) = rb[1];
            }
        }

        }
        __syncthreads();
    }

    }

    if (gridDim.z > 1) {
        // this split's partial tile goes to its slice of the workspace; the last split of the tile to
        // arrive (a counter per tile) sums the slices in split order (the same sum whichever arrives
        // last), stores C, and resets the counter for the next launch
        float* __restrict__ wz = work + (size_t)blockIdx.z * M * N;
        if ((row0 + 0 >= om0 && row0 + 0 < M)) {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) wz[(size_t)(row0 + 0) * N + col0 + 0] = acc[0][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) wz[(size_t)(row0 + 0) * N + col0 + 1] = acc[0][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) wz[(size_t)(row0 + 0) * N + col0 + 2] = acc[0][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) wz[(size_t)(row0 + 0) * N + col0 + 3] = acc[0][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) wz[(size_t)(row0 + 0) * N + col0 + 64] = acc[0][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) wz[(size_t)(row0 + 0) * N + col0 + 65] = acc[0][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) wz[(size_t)(row0 + 0) * N + col0 + 66] = acc[0][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) wz[(size_t)(row0 + 0) * N + col0 + 67] = acc[0][7];
        }
        if ((row0 + 1 >= om0 && row0 + 1 < M)) {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) wz[(size_t)(row0 + 1) * N + col0 + 0] = acc[1][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) wz[(size_t)(row0 + 1) * N + col0 + 1] = acc[1][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) wz[(size_t)(row0 + 1) * N + col0 + 2] = acc[1][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) wz[(size_t)(row0 + 1) * N + col0 + 3] = acc[1][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) wz[(size_t)(row0 + 1) * N + col0 + 64] = acc[1][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) wz[(size_t)(row0 + 1) * N + col0 + 65] = acc[1][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) wz[(size_t)(row0 + 1) * N + col0 + 66] = acc[1][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) wz[(size_t)(row0 + 1) * N + col0 + 67] = acc[1][7];
        }
        if ((row0 + 2 >= om0 && row0 + 2 < M)) {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) wz[(size_t)(row0 + 2) * N + col0 + 0] = acc[2][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) wz[(size_t)(row0 + 2) * N + col0 + 1] = acc[2][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) wz[(size_t)(row0 + 2) * N + col0 + 2] = acc[2][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) wz[(size_t)(row0 + 2) * N + col0 + 3] = acc[2][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) wz[(size_t)(row0 + 2) * N + col0 + 64] = acc[2][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) wz[(size_t)(row0 + 2) * N + col0 + 65] = acc[2][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) wz[(size_t)(row0 + 2) * N + col0 + 66] = acc[2][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) wz[(size_t)(row0 + 2) * N + col0 + 67] = acc[2][7];
        }
        if ((row0 + 3 >= om0 && row0 + 3 < M)) {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) wz[(size_t)(row0 + 3) * N + col0 + 0] = acc[3][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) wz[(size_t)(row0 + 3) * N + col0 + 1] = acc[3][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) wz[(size_t)(row0 + 3) * N + col0 + 2] = acc[3][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) wz[(size_t)(row0 + 3) * N + col0 + 3] = acc[3][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) wz[(size_t)(row0 + 3) * N + col0 + 64] = acc[3][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) wz[(size_t)(row0 + 3) * N + col0 + 65] = acc[3][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) wz[(size_t)(row0 + 3) * N + col0 + 66] = acc[3][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) wz[(size_t)(row0 + 3) * N + col0 + 67] = acc[3][7];
        }
        if ((row0 + 32 >= om0 && row0 + 32 < M)) {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) wz[(size_t)(row0 + 32) * N + col0 + 0] = acc[4][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) wz[(size_t)(row0 + 32) * N + col0 + 1] = acc[4][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) wz[(size_t)(row0 + 32) * N + col0 + 2] = acc[4][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) wz[(size_t)(row0 + 32) * N + col0 + 3] = acc[4][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) wz[(size_t)(row0 + 32) * N + col0 + 64] = acc[4][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) wz[(size_t)(row0 + 32) * N + col0 + 65] = acc[4][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) wz[(size_t)(row0 + 32) * N + col0 + 66] = acc[4][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) wz[(size_t)(row0 + 32) * N + col0 + 67] = acc[4][7];
        }
        if ((row0 + 33 >= om0 && row0 + 33 < M)) {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) wz[(size_t)(row0 + 33) * N + col0 + 0] = acc[5][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) wz[(size_t)(row0 + 33) * N + col0 + 1] = acc[5][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) wz[(size_t)(row0 + 33) * N + col0 + 2] = acc[5][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) wz[(size_t)(row0 + 33) * N + col0 + 3] = acc[5][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) wz[(size_t)(row0 + 33) * N + col0 + 64] = acc[5][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) wz[(size_t)(row0 + 33) * N + col0 + 65] = acc[5][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) wz[(size_t)(row0 + 33) * N + col0 + 66] = acc[5][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) wz[(size_t)(row0 + 33) * N + col0 + 67] = acc[5][7];
        }
        if ((row0 + 34 >= om0 && row0 + 34 < M)) {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) wz[(size_t)(row0 + 34) * N + col0 + 0] = acc[6][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) wz[(size_t)(row0 + 34) * N + col0 + 1] = acc[6][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) wz[(size_t)(row0 + 34) * N + col0 + 2] = acc[6][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) wz[(size_t)(row0 + 34) * N + col0 + 3] = acc[6][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) wz[(size_t)(row0 + 34) * N + col0 + 64] = acc[6][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) wz[(size_t)(row0 + 34) * N + col0 + 65] = acc[6][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) wz[(size_t)(row0 + 34) * N + col0 + 66] = acc[6][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) wz[(size_t)(row0 + 34) * N + col0 + 67] = acc[6][7];
        }
        if ((row0 + 35 >= om0 && row0 + 35 < M)) {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) wz[(size_t)(row0 + 35) * N + col0 + 0] = acc[7][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) wz[(size_t)(row0 + 35) * N + col0 + 1] = acc[7][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) wz[(size_t)(row0 + 35) * N + col0 + 2] = acc[7][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) wz[(size_t)(row0 + 35) * N + col0 + 3] = acc[7][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) wz[(size_t)(row0 + 35) * N + col0 + 64] = acc[7][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) wz[(size_t)(row0 + 35) * N + col0 + 65] = acc[7][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) wz[(size_t)(row0 + 35) * N + col0 + 66] = acc[7][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) wz[(size_t)(row0 + 35) * N + col0 + 67] = acc[7][7];
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
        // same whichever split arrives last). 2 row(s) at a time: the 16 loads of a slice are
        // issued before their adds, so the epilogue costs 4 round trips per split instead of
        // one per split and output (the split-K sum was the tail of skinny shapes), in few registers
#pragma unroll
        for (int i = 0; i < 8; ++i)
#pragma unroll
            for (int j = 0; j < 8; ++j) acc[i][j] = 0.0f;
#pragma unroll 1
        for (int z = 0; z < (int)gridDim.z; ++z) {
            const float* __restrict__ ws = work + (size_t)z * M * N + col0;
            {
                const bool rok = (row0 + 0 >= om0 && row0 + 0 < M);
                const float* __restrict__ wr = ws + (size_t)(row0 + 0) * N;
                acc[0][0] += (rok && (col0 + 0 >= on0 && col0 + 0 < N)) ? __ldcg(wr + 0) : 0.0f;
                acc[0][1] += (rok && (col0 + 1 >= on0 && col0 + 1 < N)) ? __ldcg(wr + 1) : 0.0f;
                acc[0][2] += (rok && (col0 + 2 >= on0 && col0 + 2 < N)) ? __ldcg(wr + 2) : 0.0f;
                acc[0][3] += (rok && (col0 + 3 >= on0 && col0 + 3 < N)) ? __ldcg(wr + 3) : 0.0f;
                acc[0][4] += (rok && (col0 + 64 >= on0 && col0 + 64 < N)) ? __ldcg(wr + 64) : 0.0f;
                acc[0][5] += (rok && (col0 + 65 >= on0 && col0 + 65 < N)) ? __ldcg(wr + 65) : 0.0f;
                acc[0][6] += (rok && (col0 + 66 >= on0 && col0 + 66 < N)) ? __ldcg(wr + 66) : 0.0f;
                acc[0][7] += (rok && (col0 + 67 >= on0 && col0 + 67 < N)) ? __ldcg(wr + 67) : 0.0f;
            }
            {
                const bool rok = (row0 + 1 >= om0 && row0 + 1 < M);
                const float* __restrict__ wr = ws + (size_t)(row0 + 1) * N;
                acc[1][0] += (rok && (col0 + 0 >= on0 && col0 + 0 < N)) ? __ldcg(wr + 0) : 0.0f;
                acc[1][1] += (rok && (col0 + 1 >= on0 && col0 + 1 < N)) ? __ldcg(wr + 1) : 0.0f;
                acc[1][2] += (rok && (col0 + 2 >= on0 && col0 + 2 < N)) ? __ldcg(wr + 2) : 0.0f;
                acc[1][3] += (rok && (col0 + 3 >= on0 && col0 + 3 < N)) ? __ldcg(wr + 3) : 0.0f;
                acc[1][4] += (rok && (col0 + 64 >= on0 && col0 + 64 < N)) ? __ldcg(wr + 64) : 0.0f;
                acc[1][5] += (rok && (col0 + 65 >= on0 && col0 + 65 < N)) ? __ldcg(wr + 65) : 0.0f;
                acc[1][6] += (rok && (col0 + 66 >= on0 && col0 + 66 < N)) ? __ldcg(wr + 66) : 0.0f;
                acc[1][7] += (rok && (col0 + 67 >= on0 && col0 + 67 < N)) ? __ldcg(wr + 67) : 0.0f;
            }
        }
#pragma unroll 1
        for (int z = 0; z < (int)gridDim.z; ++z) {
            const float* __restrict__ ws = work + (size_t)z * M * N + col0;
            {
                const bool rok = (row0 + 2 >= om0 && row0 + 2 < M);
                const float* __restrict__ wr = ws + (size_t)(row0 + 2) * N;
                acc[2][0] += (rok && (col0 + 0 >= on0 && col0 + 0 < N)) ? __ldcg(wr + 0) : 0.0f;
                acc[2][1] += (rok && (col0 + 1 >= on0 && col0 + 1 < N)) ? __ldcg(wr + 1) : 0.0f;
                acc[2][2] += (rok && (col0 + 2 >= on0 && col0 + 2 < N)) ? __ldcg(wr + 2) : 0.0f;
                acc[2][3] += (rok && (col0 + 3 >= on0 && col0 + 3 < N)) ? __ldcg(wr + 3) : 0.0f;
                acc[2][4] += (rok && (col0 + 64 >= on0 && col0 + 64 < N)) ? __ldcg(wr + 64) : 0.0f;
                acc[2][5] += (rok && (col0 + 65 >= on0 && col0 + 65 < N)) ? __ldcg(wr + 65) : 0.0f;
                acc[2][6] += (rok && (col0 + 66 >= on0 && col0 + 66 < N)) ? __ldcg(wr + 66) : 0.0f;
                acc[2][7] += (rok && (col0 + 67 >= on0 && col0 + 67 < N)) ? __ldcg(wr + 67) : 0.0f;
            }
            {
                const bool rok = (row0 + 3 >= om0 && row0 + 3 < M);
                const float* __restrict__ wr = ws + (size_t)(row0 + 3) * N;
                acc[3][0] += (rok && (col0 + 0 >= on0 && col0 + 0 < N)) ? __ldcg(wr + 0) : 0.0f;
                acc[3][1] += (rok && (col0 + 1 >= on0 && col0 + 1 < N)) ? __ldcg(wr + 1) : 0.0f;
                acc[3][2] += (rok && (col0 + 2 >= on0 && col0 + 2 < N)) ? __ldcg(wr + 2) : 0.0f;
                acc[3][3] += (rok && (col0 + 3 >= on0 && col0 + 3 < N)) ? __ldcg(wr + 3) : 0.0f;
                acc[3][4] += (rok && (col0 + 64 >= on0 && col0 + 64 < N)) ? __ldcg(wr + 64) : 0.0f;
                acc[3][5] += (rok && (col0 + 65 >= on0 && col0 + 65 < N)) ? __ldcg(wr + 65) : 0.0f;
                acc[3][6] += (rok && (col0 + 66 >= on0 && col0 + 66 < N)) ? __ldcg(wr + 66) : 0.0f;
                acc[3][7] += (rok && (col0 + 67 >= on0 && col0 + 67 < N)) ? __ldcg(wr + 67) : 0.0f;
            }
        }
#pragma unroll 1
        for (int z = 0; z < (int)gridDim.z; ++z) {
            const float* __restrict__ ws = work + (size_t)z * M * N + col0;
            {
                const bool rok = (row0 + 32 >= om0 && row0 + 32 < M);
                const float* __restrict__ wr = ws + (size_t)(row0 + 32) * N;
                acc[4][0] += (rok && (col0 + 0 >= on0 && col0 + 0 < N)) ? __ldcg(wr + 0) : 0.0f;
                acc[4][1] += (rok && (col0 + 1 >= on0 && col0 + 1 < N)) ? __ldcg(wr + 1) : 0.0f;
                acc[4][2] += (rok && (col0 + 2 >= on0 && col0 + 2 < N)) ? __ldcg(wr + 2) : 0.0f;
                acc[4][3] += (rok && (col0 + 3 >= on0 && col0 + 3 < N)) ? __ldcg(wr + 3) : 0.0f;
                acc[4][4] += (rok && (col0 + 64 >= on0 && col0 + 64 < N)) ? __ldcg(wr + 64) : 0.0f;
                acc[4][5] += (rok && (col0 + 65 >= on0 && col0 + 65 < N)) ? __ldcg(wr + 65) : 0.0f;
                acc[4][6] += (rok && (col0 + 66 >= on0 && col0 + 66 < N)) ? __ldcg(wr + 66) : 0.0f;
                acc[4][7] += (rok && (col0 + 67 >= on0 && col0 + 67 < N)) ? __ldcg(wr + 67) : 0.0f;
            }
            {
                const bool rok = (row0 + 33 >= om0 && row0 + 33 < M);
                const float* __restrict__ wr = ws + (size_t)(row0 + 33) * N;
                acc[5][0] += (rok && (col0 + 0 >= on0 && col0 + 0 < N)) ? __ldcg(wr + 0) : 0.0f;
                acc[5][1] += (rok && (col0 + 1 >= on0 && col0 + 1 < N)) ? __ldcg(wr + 1) : 0.0f;
                acc[5][2] += (rok && (col0 + 2 >= on0 && col0 + 2 < N)) ? __ldcg(wr + 2) : 0.0f;
                acc[5][3] += (rok && (col0 + 3 >= on0 && col0 + 3 < N)) ? __ldcg(wr + 3) : 0.0f;
                acc[5][4] += (rok && (col0 + 64 >= on0 && col0 + 64 < N)) ? __ldcg(wr + 64) : 0.0f;
                acc[5][5] += (rok && (col0 + 65 >= on0 && col0 + 65 < N)) ? __ldcg(wr + 65) : 0.0f;
                acc[5][6] += (rok && (col0 + 66 >= on0 && col0 + 66 < N)) ? __ldcg(wr + 66) : 0.0f;
                acc[5][7] += (rok && (col0 + 67 >= on0 && col0 + 67 < N)) ? __ldcg(wr + 67) : 0.0f;
            }
        }
#pragma unroll 1
        for (int z = 0; z < (int)gridDim.z; ++z) {
            const float* __restrict__ ws = work + (size_t)z * M * N + col0;
            {
                const bool rok = (row0 + 34 >= om0 && row0 + 34 < M);
                const float* __restrict__ wr = ws + (size_t)(row0 + 34) * N;
                acc[6][0] += (rok && (col0 + 0 >= on0 && col0 + 0 < N)) ? __ldcg(wr + 0) : 0.0f;
                acc[6][1] += (rok && (col0 + 1 >= on0 && col0 + 1 < N)) ? __ldcg(wr + 1) : 0.0f;
                acc[6][2] += (rok && (col0 + 2 >= on0 && col0 + 2 < N)) ? __ldcg(wr + 2) : 0.0f;
                acc[6][3] += (rok && (col0 + 3 >= on0 && col0 + 3 < N)) ? __ldcg(wr + 3) : 0.0f;
                acc[6][4] += (rok && (col0 + 64 >= on0 && col0 + 64 < N)) ? __ldcg(wr + 64) : 0.0f;
                acc[6][5] += (rok && (col0 + 65 >= on0 && col0 + 65 < N)) ? __ldcg(wr + 65) : 0.0f;
                acc[6][6] += (rok && (col0 + 66 >= on0 && col0 + 66 < N)) ? __ldcg(wr + 66) : 0.0f;
                acc[6][7] += (rok && (col0 + 67 >= on0 && col0 + 67 < N)) ? __ldcg(wr + 67) : 0.0f;
            }
            {
                const bool rok = (row0 + 35 >= om0 && row0 + 35 < M);
                const float* __restrict__ wr = ws + (size_t)(row0 + 35) * N;
                acc[7][0] += (rok && (col0 + 0 >= on0 && col0 + 0 < N)) ? __ldcg(wr + 0) : 0.0f;
                acc[7][1] += (rok && (col0 + 1 >= on0 && col0 + 1 < N)) ? __ldcg(wr + 1) : 0.0f;
                acc[7][2] += (rok && (col0 + 2 >= on0 && col0 + 2 < N)) ? __ldcg(wr + 2) : 0.0f;
                acc[7][3] += (rok && (col0 + 3 >= on0 && col0 + 3 < N)) ? __ldcg(wr + 3) : 0.0f;
                acc[7][4] += (rok && (col0 + 64 >= on0 && col0 + 64 < N)) ? __ldcg(wr + 64) : 0.0f;
                acc[7][5] += (rok && (col0 + 65 >= on0 && col0 + 65 < N)) ? __ldcg(wr + 65) : 0.0f;
                acc[7][6] += (rok && (col0 + 66 >= on0 && col0 + 66 < N)) ? __ldcg(wr + 66) : 0.0f;
                acc[7][7] += (rok && (col0 + 67 >= on0 && col0 + 67 < N)) ? __ldcg(wr + 67) : 0.0f;
            }
        }
        if (tx == 0 && ty == 0) tiles[tile] = 0;
    }
    if ((row0 + 0 >= om0 && row0 + 0 < M)) {
        float* __restrict__ crow = C + (size_t)(row0 + 0) * N;
        if (c_vec) {
            if ((col0 + 0 >= on0 && col0 + 0 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 0) =
                    make_float4(acc[0][0], acc[0][1], acc[0][2], acc[0][3]);
            if ((col0 + 64 >= on0 && col0 + 64 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 64) =
                    make_float4(acc[0][4], acc[0][5], acc[0][6], acc[0][7]);
        } else
        {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) crow[col0 + 0] = acc[0][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) crow[col0 + 1] = acc[0][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) crow[col0 + 2] = acc[0][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) crow[col0 + 3] = acc[0][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) crow[col0 + 64] = acc[0][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) crow[col0 + 65] = acc[0][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) crow[col0 + 66] = acc[0][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) crow[col0 + 67] = acc[0][7];
        }
    }
    if ((row0 + 1 >= om0 && row0 + 1 < M)) {
        float* __restrict__ crow = C + (size_t)(row0 + 1) * N;
        if (c_vec) {
            if ((col0 + 0 >= on0 && col0 + 0 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 0) =
                    make_float4(acc[1][0], acc[1][1], acc[1][2], acc[1][3]);
            if ((col0 + 64 >= on0 && col0 + 64 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 64) =
                    make_float4(acc[1][4], acc[1][5], acc[1][6], acc[1][7]);
        } else
        {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) crow[col0 + 0] = acc[1][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) crow[col0 + 1] = acc[1][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) crow[col0 + 2] = acc[1][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) crow[col0 + 3] = acc[1][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) crow[col0 + 64] = acc[1][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) crow[col0 + 65] = acc[1][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) crow[col0 + 66] = acc[1][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) crow[col0 + 67] = acc[1][7];
        }
    }
    if ((row0 + 2 >= om0 && row0 + 2 < M)) {
        float* __restrict__ crow = C + (size_t)(row0 + 2) * N;
        if (c_vec) {
            if ((col0 + 0 >= on0 && col0 + 0 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 0) =
                    make_float4(acc[2][0], acc[2][1], acc[2][2], acc[2][3]);
            if ((col0 + 64 >= on0 && col0 + 64 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 64) =
                    make_float4(acc[2][4], acc[2][5], acc[2][6], acc[2][7]);
        } else
        {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) crow[col0 + 0] = acc[2][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) crow[col0 + 1] = acc[2][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) crow[col0 + 2] = acc[2][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) crow[col0 + 3] = acc[2][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) crow[col0 + 64] = acc[2][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) crow[col0 + 65] = acc[2][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) crow[col0 + 66] = acc[2][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) crow[col0 + 67] = acc[2][7];
        }
    }
    if ((row0 + 3 >= om0 && row0 + 3 < M)) {
        float* __restrict__ crow = C + (size_t)(row0 + 3) * N;
        if (c_vec) {
            if ((col0 + 0 >= on0 && col0 + 0 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 0) =
                    make_float4(acc[3][0], acc[3][1], acc[3][2], acc[3][3]);
            if ((col0 + 64 >= on0 && col0 + 64 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 64) =
                    make_float4(acc[3][4], acc[3][5], acc[3][6], acc[3][7]);
        } else
        {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) crow[col0 + 0] = acc[3][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) crow[col0 + 1] = acc[3][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) crow[col0 + 2] = acc[3][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) crow[col0 + 3] = acc[3][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) crow[col0 + 64] = acc[3][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) crow[col0 + 65] = acc[3][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) crow[col0 + 66] = acc[3][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) crow[col0 + 67] = acc[3][7];
        }
    }
    if ((row0 + 32 >= om0 && row0 + 32 < M)) {
        float* __restrict__ crow = C + (size_t)(row0 + 32) * N;
        if (c_vec) {
            if ((col0 + 0 >= on0 && col0 + 0 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 0) =
                    make_float4(acc[4][0], acc[4][1], acc[4][2], acc[4][3]);
            if ((col0 + 64 >= on0 && col0 + 64 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 64) =
                    make_float4(acc[4][4], acc[4][5], acc[4][6], acc[4][7]);
        } else
        {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) crow[col0 + 0] = acc[4][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) crow[col0 + 1] = acc[4][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) crow[col0 + 2] = acc[4][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) crow[col0 + 3] = acc[4][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) crow[col0 + 64] = acc[4][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) crow[col0 + 65] = acc[4][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) crow[col0 + 66] = acc[4][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) crow[col0 + 67] = acc[4][7];
        }
    }
    if ((row0 + 33 >= om0 && row0 + 33 < M)) {
        float* __restrict__ crow = C + (size_t)(row0 + 33) * N;
        if (c_vec) {
            if ((col0 + 0 >= on0 && col0 + 0 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 0) =
                    make_float4(acc[5][0], acc[5][1], acc[5][2], acc[5][3]);
            if ((col0 + 64 >= on0 && col0 + 64 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 64) =
                    make_float4(acc[5][4], acc[5][5], acc[5][6], acc[5][7]);
        } else
        {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) crow[col0 + 0] = acc[5][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) crow[col0 + 1] = acc[5][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) crow[col0 + 2] = acc[5][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) crow[col0 + 3] = acc[5][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) crow[col0 + 64] = acc[5][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) crow[col0 + 65] = acc[5][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) crow[col0 + 66] = acc[5][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) crow[col0 + 67] = acc[5][7];
        }
    }
    if ((row0 + 34 >= om0 && row0 + 34 < M)) {
        float* __restrict__ crow = C + (size_t)(row0 + 34) * N;
        if (c_vec) {
            if ((col0 + 0 >= on0 && col0 + 0 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 0) =
                    make_float4(acc[6][0], acc[6][1], acc[6][2], acc[6][3]);
            if ((col0 + 64 >= on0 && col0 + 64 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 64) =
                    make_float4(acc[6][4], acc[6][5], acc[6][6], acc[6][7]);
        } else
        {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) crow[col0 + 0] = acc[6][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) crow[col0 + 1] = acc[6][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) crow[col0 + 2] = acc[6][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) crow[col0 + 3] = acc[6][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) crow[col0 + 64] = acc[6][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) crow[col0 + 65] = acc[6][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) crow[col0 + 66] = acc[6][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) crow[col0 + 67] = acc[6][7];
        }
    }
    if ((row0 + 35 >= om0 && row0 + 35 < M)) {
        float* __restrict__ crow = C + (size_t)(row0 + 35) * N;
        if (c_vec) {
            if ((col0 + 0 >= on0 && col0 + 0 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 0) =
                    make_float4(acc[7][0], acc[7][1], acc[7][2], acc[7][3]);
            if ((col0 + 64 >= on0 && col0 + 64 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 64) =
                    make_float4(acc[7][4], acc[7][5], acc[7][6], acc[7][7]);
        } else
        {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) crow[col0 + 0] = acc[7][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) crow[col0 + 1] = acc[7][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) crow[col0 + 2] = acc[7][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) crow[col0 + 3] = acc[7][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) crow[col0 + 64] = acc[7][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) crow[col0 + 65] = acc[7][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) crow[col0 + 66] = acc[7][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) crow[col0 + 67] = acc[7][7];
        }
    }
}
}  // namespace spec_0

inline cudaError_t launch_0(float* C, const float* A, const float* B, float* work, int* tiles, int M, int N, int K, cudaStream_t stream = 0) {
    dim3 grid((unsigned)evo_floordiv(N + 127, 128), (unsigned)evo_floordiv(M + 63, 64), (unsigned)((evo_min(2, evo_floordiv(K + 7, 8)) * (long long)M * N <= 33554432LL) ? evo_min(2, evo_floordiv(K + 7, 8)) : 1));
    dim3 block((unsigned)16, (unsigned)8, (unsigned)1);
    spec_0::sgemm_0<<<grid, block, 0, stream>>>(C, A, B, work, tiles, M, N, K);
    return cudaGetLastError();
}

// ---- specialization 1: tuned for {"K": 3378, "M": 386, "N": 1492}
// genome: {"TileLoops_M": 32, "TileLoops_N": 128, "TileLoops_K": 16, "ThreadCoarsening_M": 4, "ThreadCoarsening_N": 8, "UseSharedMemory": true, "PadSharedMemory": true, "VectorizeLoads": true, "CoalesceMemoryAccess": true, "UnrollLoop": 32, "ReorderInstructions": false, "ReorderInstructions_Async": 2, "TileLoops_Specialize": true, "ReorderInstructions_Fragments": true, "TileLoops_Group": 8, "AdjustBlockSize_MaxRegisters": 128, "TileLoops_SpecializeEdges": false, "TileLoops_SplitK": 8, "TileLoops_SplitKEdges": 1, "TileLoops_Shift": true}
// measured: gpu_name=NVIDIA H100 80GB HBM3, driver_version=580.159.04, nvcc_version=cuda_13.0.r13.0/compiler.36424714_0, measured_at=2026-12-05T16:30:13+00:00, median_ms=0.1361, speedup=16.82, fitness=16.71, cv=0.006891, registers=127, spill_bytes=0
// fitness = speedup * exp(-w_cv * cv) / (1 + w_spill * spill_KiB) (see evo_kernels/fitness.py)
[[maybe_unused]] constexpr int TILELOOPS_M_1 = 32;
[[maybe_unused]] constexpr int TILELOOPS_N_1 = 128;
[[maybe_unused]] constexpr int TILELOOPS_K_1 = 16;
[[maybe_unused]] constexpr int THREADCOARSENING_M_1 = 4;
[[maybe_unused]] constexpr int THREADCOARSENING_N_1 = 8;
[[maybe_unused]] constexpr int USESHAREDMEMORY_1 = 1;
[[maybe_unused]] constexpr int PADSHAREDMEMORY_1 = 1;
[[maybe_unused]] constexpr int VECTORIZELOADS_1 = 1;
[[maybe_unused]] constexpr int COALESCEMEMORYACCESS_1 = 1;
[[maybe_unused]] constexpr int UNROLLLOOP_1 = 32;
[[maybe_unused]] constexpr int REORDERINSTRUCTIONS_1 = 0;
[[maybe_unused]] constexpr int REORDERINSTRUCTIONS_ASYNC_1 = 2;
[[maybe_unused]] constexpr int TILELOOPS_SPECIALIZE_1 = 1;
[[maybe_unused]] constexpr int REORDERINSTRUCTIONS_FRAGMENTS_1 = 1;
[[maybe_unused]] constexpr int TILELOOPS_GROUP_1 = 8;
[[maybe_unused]] constexpr int ADJUSTBLOCKSIZE_MAXREGISTERS_1 = 128;
[[maybe_unused]] constexpr int TILELOOPS_SPECIALIZEEDGES_1 = 0;
[[maybe_unused]] constexpr int TILELOOPS_SPLITK_1 = 8;
[[maybe_unused]] constexpr int TILELOOPS_SPLITKEDGES_1 = 1;
[[maybe_unused]] constexpr int TILELOOPS_SHIFT_1 = 1;
namespace spec_1 {  // device helpers of one specialization stay apart from the others'
// sgemm_1: block tile 32x128x16, 16x8 threads of 4x8 outputs,
// shared=1 pad=4 vec=1 coalesce=1 unroll=32
// double_buffer=0 async_stages=2 max_registers=128 full_tile_path=1
// fragment_pipeline=1 block_row_group=8 split_k=8
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
sgemm_1(float* __restrict__ C, const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ work,
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
    const int om0 = by * 32, on0 = bx * 128;
    // TileLoops_Shift: a tile that M or N cuts short is moved back inside the matrix (where the matrix is as large
    // as a tile): it computes the last 32 rows and 128 columns, all in range, so it takes the full-tile loop,
    // and stores only its own outputs (row >= om0, column >= on0); the rows and columns it shares with the
    // tile before it are computed twice and stored once
    const int bm0 = om0 + 32 > M && M >= 32 ? M - 32 : om0;
    const int bn0 = on0 + 128 > N && N >= 128 ? N - 128 : on0;
    const int row0 = bm0 + ty * 4, col0 = bn0 + tx * 4;   // + roff(i), + coff(j)
    // float4 paths need a row stride that is a multiple of 4 and a 16-byte aligned base; else scalar
    const bool b_vec = (N & 3) == 0 && ((size_t)B & 15) == 0;
    const bool c_vec = (N & 3) == 0 && ((size_t)C & 15) == 0;
    float acc[4][8];
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) acc[i][j] = 0.0f;

    __shared__ __align__(16) float As[2][16][36];   // A tile, transposed: As[k][m]
    __shared__ __align__(16) float Bs[2][16][132];   // B tile: Bs[k][n]
    const int tid = ty * 16 + tx;
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
    // 2 times so that every buffer index is a constant; other blocks take the guarded pipeline below.
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
#pragma unroll 1
        for (int t = 0; t < nt; t += 2) {
            if (t + 0 < nt) {   // tile t + 0 in buffer 0; tile t + 1 into buffer 1
                cp_async_wait<0>();
                __syncthreads();
                if (t + 1 < nt) {

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
            float fa0[4], fb0[8], fa1[4], fb1[8];

            {   // the A and B fragments of k row 0 of buffer 0 into register slot 0
                const float* as = &As[0][0][ty * 4];
                const float* bs = &Bs[0][0][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }


        {   // one tile from buffer 0: while row kk is multiplied, row kk + 1 is read; before the last
            // row's products the next tile (in registers since the step began) goes to buffer None, the
            // barrier passes, and the next tile's row 0 is read under those products

            {   // the A and B fragments of k row 1 of buffer 0 into register slot 1
                const float* as = &As[0][1][ty * 4];
                const float* bs = &Bs[0][1][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 2 of buffer 0 into register slot 0
                const float* as = &As[0][2][ty * 4];
                const float* bs = &Bs[0][2][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 3 of buffer 0 into register slot 1
                const float* as = &As[0][3][ty * 4];
                const float* bs = &Bs[0][3][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 4 of buffer 0 into register slot 0
                const float* as = &As[0][4][ty * 4];
                const float* bs = &Bs[0][4][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 5 of buffer 0 into register slot 1
                const float* as = &As[0][5][ty * 4];
                const float* bs = &Bs[0][5][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 6 of buffer 0 into register slot 0
                const float* as = &As[0][6][ty * 4];
                const float* bs = &Bs[0][6][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 7 of buffer 0 into register slot 1
                const float* as = &As[0][7][ty * 4];
                const float* bs = &Bs[0][7][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 8 of buffer 0 into register slot 0
                const float* as = &As[0][8][ty * 4];
                const float* bs = &Bs[0][8][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 9 of buffer 0 into register slot 1
                const float* as = &As[0][9][ty * 4];
                const float* bs = &Bs[0][9][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 10 of buffer 0 into register slot 0
                const float* as = &As[0][10][ty * 4];
                const float* bs = &Bs[0][10][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 11 of buffer 0 into register slot 1
                const float* as = &As[0][11][ty * 4];
                const float* bs = &Bs[0][11][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 12 of buffer 0 into register slot 0
                const float* as = &As[0][12][ty * 4];
                const float* bs = &Bs[0][12][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 13 of buffer 0 into register slot 1
                const float* as = &As[0][13][ty * 4];
                const float* bs = &Bs[0][13][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 14 of buffer 0 into register slot 0
                const float* as = &As[0][14][ty * 4];
                const float* bs = &Bs[0][14][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 15 of buffer 0 into register slot 1
                const float* as = &As[0][15][ty * 4];
                const float* bs = &Bs[0][15][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);
#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);
        }

        }

            }
            if (t + 1 < nt) {   // tile t + 1 in buffer 1; tile t + 2 into buffer 0
                cp_async_wait<0>();
                __syncthreads();
                if (t + 2 < nt) {

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
            float fa0[4], fb0[8], fa1[4], fb1[8];

            {   // the A and B fragments of k row 0 of buffer 1 into register slot 0
                const float* as = &As[1][0][ty * 4];
                const float* bs = &Bs[1][0][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }


        {   // one tile from buffer 1: while row kk is multiplied, row kk + 1 is read; before the last
            // row's products the next tile (in registers since the step began) goes to buffer None, the
            // barrier passes, and the next tile's row 0 is read under those products

            {   // the A and B fragments of k row 1 of buffer 1 into register slot 1
                const float* as = &As[1][1][ty * 4];
                const float* bs = &Bs[1][1][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 2 of buffer 1 into register slot 0
                const float* as = &As[1][2][ty * 4];
                const float* bs = &Bs[1][2][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 3 of buffer 1 into register slot 1
                const float* as = &As[1][3][ty * 4];
                const float* bs = &Bs[1][3][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 4 of buffer 1 into register slot 0
                const float* as = &As[1][4][ty * 4];
                const float* bs = &Bs[1][4][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 5 of buffer 1 into register slot 1
                const float* as = &As[1][5][ty * 4];
                const float* bs = &Bs[1][5][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 6 of buffer 1 into register slot 0
                const float* as = &As[1][6][ty * 4];
                const float* bs = &Bs[1][6][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 7 of buffer 1 into register slot 1
                const float* as = &As[1][7][ty * 4];
                const float* bs = &Bs[1][7][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 8 of buffer 1 into register slot 0
                const float* as = &As[1][8][ty * 4];
                const float* bs = &Bs[1][8][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 9 of buffer 1 into register slot 1
                const float* as = &As[1][9][ty * 4];
                const float* bs = &Bs[1][9][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 10 of buffer 1 into register slot 0
                const float* as = &As[1][10][ty * 4];
                const float* bs = &Bs[1][10][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 11 of buffer 1 into register slot 1
                const float* as = &As[1][11][ty * 4];
                const float* bs = &Bs[1][11][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 12 of buffer 1 into register slot 0
                const float* as = &As[1][12][ty * 4];
                const float* bs = &Bs[1][12][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 13 of buffer 1 into register slot 1
                const float* as = &As[1][13][ty * 4];
                const float* bs = &Bs[1][13][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 14 of buffer 1 into register slot 0
                const float* as = &As[1][14][ty * 4];
                const float* bs = &Bs[1][14][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 15 of buffer 1 into register slot 1
                const float* as = &As[1][15][ty * 4];
                const float* bs = &Bs[1][15][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);
#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);
        }

        }

            }
        }
    } else {
    // 2-stage cp.async pipeline: tiles t+1 .. t+1 are in flight while tile t is computed; one
    // barrier per tile. At the barrier of step t every thread has finished computing tile t-1, so
    // refilling its buffer right after the barrier is safe. Every step commits one group (empty past
    // the last tile) so that "all but the newest 0" always means "tile t has landed".
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
#pragma unroll 1
    for (int t = 0; t < ntiles; ++t) {
        cp_async_wait<0>();
        __syncthreads();
        {
            const int tn = t + 1;
            if (tn < ntiles) {
                const int nb = tn % 2;

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
        const int cb = t % 2;
        {   // the fragment pipeline on one tile: row 0's fragments, then frag_step's (row kk + 1 read while row kk is
            // multiplied); the next tile is already in flight through cp.async
            float fa0[4], fb0[8], fa1[4], fb1[8];

            {   // the A and B fragments of k row 0 of buffer cb into register slot 0
                const float* as = &As[cb][0][ty * 4];
                const float* bs = &Bs[cb][0][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }


        {   // one tile from buffer cb: while row kk is multiplied, row kk + 1 is read; before the last
            // row's products the next tile (in registers since the step began) goes to buffer None, the
            // barrier passes, and the next tile's row 0 is read under those products

            {   // the A and B fragments of k row 1 of buffer cb into register slot 1
                const float* as = &As[cb][1][ty * 4];
                const float* bs = &Bs[cb][1][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 2 of buffer cb into register slot 0
                const float* as = &As[cb][2][ty * 4];
                const float* bs = &Bs[cb][2][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 3 of buffer cb into register slot 1
                const float* as = &As[cb][3][ty * 4];
                const float* bs = &Bs[cb][3][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 4 of buffer cb into register slot 0
                const float* as = &As[cb][4][ty * 4];
                const float* bs = &Bs[cb][4][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 5 of buffer cb into register slot 1
                const float* as = &As[cb][5][ty * 4];
                const float* bs = &Bs[cb][5][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 6 of buffer cb into register slot 0
                const float* as = &As[cb][6][ty * 4];
                const float* bs = &Bs[cb][6][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 7 of buffer cb into register slot 1
                const float* as = &As[cb][7][ty * 4];
                const float* bs = &Bs[cb][7][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 8 of buffer cb into register slot 0
                const float* as = &As[cb][8][ty * 4];
                const float* bs = &Bs[cb][8][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 9 of buffer cb into register slot 1
                const float* as = &As[cb][9][ty * 4];
                const float* bs = &Bs[cb][9][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 10 of buffer cb into register slot 0
                const float* as = &As[cb][10][ty * 4];
                const float* bs = &Bs[cb][10][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 11 of buffer cb into register slot 1
                const float* as = &As[cb][11][ty * 4];
                const float* bs = &Bs[cb][11][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 12 of buffer cb into register slot 0
                const float* as = &As[cb][12][ty * 4];
                const float* bs = &Bs[cb][12][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 13 of buffer cb into register slot 1
                const float* as = &As[cb][13][ty * 4];
                const float* bs = &Bs[cb][13][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 14 of buffer cb into register slot 0
                const float* as = &As[cb][14][ty * 4];
                const float* bs = &Bs[cb][14][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 15 of buffer cb into register slot 1
                const float* as = &As[cb][15][ty * 4];
                const float* bs = &Bs[cb][15][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);
#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);
        }

        }

    }
    }

    if (gridDim.z > 1) {
        // this split's partial tile goes to its slice of the workspace; the last split of the tile to
        // arrive (a counter per tile) sums the slices in split order (the same sum whichever arrives
        // last), stores C, and resets the counter for the next launch
        float* __restrict__ wz = work + (size_t)blockIdx.z * M * N;
        if ((row0 + 0 >= om0 && row0 + 0 < M)) {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) wz[(size_t)(row0 + 0) * N + col0 + 0] = acc[0][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) wz[(size_t)(row0 + 0) * N + col0 + 1] = acc[0][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) wz[(size_t)(row0 + 0) * N + col0 + 2] = acc[0][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) wz[(size_t)(row0 + 0) * N + col0 + 3] = acc[0][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) wz[(size_t)(row0 + 0) * N + col0 + 64] = acc[0][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) wz[(size_t)(row0 + 0) * N + col0 + 65] = acc[0][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) wz[(size_t)(row0 + 0) * N + col0 + 66] = acc[0][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) wz[(size_t)(row0 + 0) * N + col0 + 67] = acc[0][7];
        }
        if ((row0 + 1 >= om0 && row0 + 1 < M)) {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) wz[(size_t)(row0 + 1) * N + col0 + 0] = acc[1][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) wz[(size_t)(row0 + 1) * N + col0 + 1] = acc[1][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) wz[(size_t)(row0 + 1) * N + col0 + 2] = acc[1][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) wz[(size_t)(row0 + 1) * N + col0 + 3] = acc[1][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) wz[(size_t)(row0 + 1) * N + col0 + 64] = acc[1][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) wz[(size_t)(row0 + 1) * N + col0 + 65] = acc[1][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) wz[(size_t)(row0 + 1) * N + col0 + 66] = acc[1][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) wz[(size_t)(row0 + 1) * N + col0 + 67] = acc[1][7];
        }
        if ((row0 + 2 >= om0 && row0 + 2 < M)) {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) wz[(size_t)(row0 + 2) * N + col0 + 0] = acc[2][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) wz[(size_t)(row0 + 2) * N + col0 + 1] = acc[2][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) wz[(size_t)(row0 + 2) * N + col0 + 2] = acc[2][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) wz[(size_t)(row0 + 2) * N + col0 + 3] = acc[2][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) wz[(size_t)(row0 + 2) * N + col0 + 64] = acc[2][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) wz[(size_t)(row0 + 2) * N + col0 + 65] = acc[2][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) wz[(size_t)(row0 + 2) * N + col0 + 66] = acc[2][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) wz[(size_t)(row0 + 2) * N + col0 + 67] = acc[2][7];
        }
        if ((row0 + 3 >= om0 && row0 + 3 < M)) {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) wz[(size_t)(row0 + 3) * N + col0 + 0] = acc[3][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) wz[(size_t)(row0 + 3) * N + col0 + 1] = acc[3][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) wz[(size_t)(row0 + 3) * N + col0 + 2] = acc[3][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) wz[(size_t)(row0 + 3) * N + col0 + 3] = acc[3][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) wz[(size_t)(row0 + 3) * N + col0 + 64] = acc[3][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) wz[(size_t)(row0 + 3) * N + col0 + 65] = acc[3][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) wz[(size_t)(row0 + 3) * N + col0 + 66] = acc[3][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) wz[(size_t)(row0 + 3) * N + col0 + 67] = acc[3][7];
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
        // same whichever split arrives last). 2 row(s) at a time: the 16 loads of a slice are
        // issued before their adds, so the epilogue costs 2 round trips per split instead of
        // one per split and output (the split-K sum was the tail of skinny shapes), in few registers
#pragma unroll
        for (int i = 0; i < 4; ++i)
#pragma unroll
            for (int j = 0; j < 8; ++j) acc[i][j] = 0.0f;
#pragma unroll 1
        for (int z = 0; z < (int)gridDim.z; ++z) {
            const float* __restrict__ ws = work + (size_t)z * M * N + col0;
            {
                const bool rok = (row0 + 0 >= om0 && row0 + 0 < M);
                const float* __restrict__ wr = ws + (size_t)(row0 + 0) * N;
                acc[0][0] += (rok && (col0 + 0 >= on0 && col0 + 0 < N)) ? __ldcg(wr + 0) : 0.0f;
                acc[0][1] += (rok && (col0 + 1 >= on0 && col0 + 1 < N)) ? __ldcg(wr + 1) : 0.0f;
                acc[0][2] += (rok && (col0 + 2 >= on0 && col0 + 2 < N)) ? __ldcg(wr + 2) : 0.0f;
                acc[0][3] += (rok && (col0 + 3 >= on0 && col0 + 3 < N)) ? __ldcg(wr + 3) : 0.0f;
                acc[0][4] += (rok && (col0 + 64 >= on0 && col0 + 64 < N)) ? __ldcg(wr + 64) : 0.0f;
                acc[0][5] += (rok && (col0 + 65 >= on0 && col0 + 65 < N)) ? __ldcg(wr + 65) : 0.0f;
                acc[0][6] += (rok && (col0 + 66 >= on0 && col0 + 66 < N)) ? __ldcg(wr + 66) : 0.0f;
                acc[0][7] += (rok && (col0 + 67 >= on0 && col0 + 67 < N)) ? __ldcg(wr + 67) : 0.0f;
            }
            {
                const bool rok = (row0 + 1 >= om0 && row0 + 1 < M);
                const float* __restrict__ wr = ws + (size_t)(row0 + 1) * N;
                acc[1][0] += (rok && (col0 + 0 >= on0 && col0 + 0 < N)) ? __ldcg(wr + 0) : 0.0f;
                acc[1][1] += (rok && (col0 + 1 >= on0 && col0 + 1 < N)) ? __ldcg(wr + 1) : 0.0f;
                acc[1][2] += (rok && (col0 + 2 >= on0 && col0 + 2 < N)) ? __ldcg(wr + 2) : 0.0f;
                acc[1][3] += (rok && (col0 + 3 >= on0 && col0 + 3 < N)) ? __ldcg(wr + 3) : 0.0f;
                acc[1][4] += (rok && (col0 + 64 >= on0 && col0 + 64 < N)) ? __ldcg(wr + 64) : 0.0f;
                acc[1][5] += (rok && (col0 + 65 >= on0 && col0 + 65 < N)) ? __ldcg(wr + 65) : 0.0f;
                acc[1][6] += (rok && (col0 + 66 >= on0 && col0 + 66 < N)) ? __ldcg(wr + 66) : 0.0f;
                acc[1][7] += (rok && (col0 + 67 >= on0 && col0 + 67 < N)) ? __ldcg(wr + 67) : 0.0f;
            }
        }
#pragma unroll 1
        for (int z = 0; z < (int)gridDim.z; ++z) {
            const float* __restrict__ ws = work + (size_t)z * M * N + col0;
            {
                const bool rok = (row0 + 2 >= om0 && row0 + 2 < M);
                const float* __restrict__ wr = ws + (size_t)(row0 + 2) * N;
                acc[2][0] += (rok && (col0 + 0 >= on0 && col0 + 0 < N)) ? __ldcg(wr + 0) : 0.0f;
                acc[2][1] += (rok && (col0 + 1 >= on0 && col0 + 1 < N)) ? __ldcg(wr + 1) : 0.0f;
                acc[2][2] += (rok && (col0 + 2 >= on0 && col0 + 2 < N)) ? __ldcg(wr + 2) : 0.0f;
                acc[2][3] += (rok && (col0 + 3 >= on0 && col0 + 3 < N)) ? __ldcg(wr + 3) : 0.0f;
                acc[2][4] += (rok && (col0 + 64 >= on0 && col0 + 64 < N)) ? __ldcg(wr + 64) : 0.0f;
                acc[2][5] += (rok && (col0 + 65 >= on0 && col0 + 65 < N)) ? __ldcg(wr + 65) : 0.0f;
                acc[2][6] += (rok && (col0 + 66 >= on0 && col0 + 66 < N)) ? __ldcg(wr + 66) : 0.0f;
                acc[2][7] += (rok && (col0 + 67 >= on0 && col0 + 67 < N)) ? __ldcg(wr + 67) : 0.0f;
            }
            {
                const bool rok = (row0 + 3 >= om0 && row0 + 3 < M);
                const float* __restrict__ wr = ws + (size_t)(row0 + 3) * N;
                acc[3][0] += (rok && (col0 + 0 >= on0 && col0 + 0 < N)) ? __ldcg(wr + 0) : 0.0f;
                acc[3][1] += (rok && (col0 + 1 >= on0 && col0 + 1 < N)) ? __ldcg(wr + 1) : 0.0f;
                acc[3][2] += (rok && (col0 + 2 >= on0 && col0 + 2 < N)) ? __ldcg(wr + 2) : 0.0f;
                acc[3][3] += (rok && (col0 + 3 >= on0 && col0 + 3 < N)) ? __ldcg(wr + 3) : 0.0f;
                acc[3][4] += (rok && (col0 + 64 >= on0 && col0 + 64 < N)) ? __ldcg(wr + 64) : 0.0f;
                acc[3][5] += (rok && (col0 + 65 >= on0 && col0 + 65 < N)) ? __ldcg(wr + 65) : 0.0f;
                acc[3][6] += (rok && (col0 + 66 >= on0 && col0 + 66 < N)) ? __ldcg(wr + 66) : 0.0f;
                acc[3][7] += (rok && (col0 + 67 >= on0 && col0 + 67 < N)) ? __ldcg(wr + 67) : 0.0f;
            }
        }
        if (tx == 0 && ty == 0) tiles[tile] = 0;
    }
    if ((row0 + 0 >= om0 && row0 + 0 < M)) {
        float* __restrict__ crow = C + (size_t)(row0 + 0) * N;
        if (c_vec) {
            if ((col0 + 0 >= on0 && col0 + 0 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 0) =
                    make_float4(acc[0][0], acc[0][1], acc[0][2], acc[0][3]);
            if ((col0 + 64 >= on0 && col0 + 64 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 64) =
                    make_float4(acc[0][4], acc[0][5], acc[0][6], acc[0][7]);
        } else
        {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) crow[col0 + 0] = acc[0][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) crow[col0 + 1] = acc[0][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) crow[col0 + 2] = acc[0][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) crow[col0 + 3] = acc[0][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) crow[col0 + 64] = acc[0][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) crow[col0 + 65] = acc[0][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) crow[col0 + 66] = acc[0][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) crow[col0 + 67] = acc[0][7];
        }
    }
    if ((row0 + 1 >= om0 && row0 + 1 < M)) {
        float* __restrict__ crow = C + (size_t)(row0 + 1) * N;
        if (c_vec) {
            if ((col0 + 0 >= on0 && col0 + 0 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 0) =
                    make_float4(acc[1][0], acc[1][1], acc[1][2], acc[1][3]);
            if ((col0 + 64 >= on0 && col0 + 64 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 64) =
                    make_float4(acc[1][4], acc[1][5], acc[1][6], acc[1][7]);
        } else
        {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) crow[col0 + 0] = acc[1][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) crow[col0 + 1] = acc[1][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) crow[col0 + 2] = acc[1][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) crow[col0 + 3] = acc[1][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) crow[col0 + 64] = acc[1][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) crow[col0 + 65] = acc[1][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) crow[col0 + 66] = acc[1][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) crow[col0 + 67] = acc[1][7];
        }
    }
    if ((row0 + 2 >= om0 && row0 + 2 < M)) {
        float* __restrict__ crow = C + (size_t)(row0 + 2) * N;
        if (c_vec) {
            if ((col0 + 0 >= on0 && col0 + 0 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 0) =
                    make_float4(acc[2][0], acc[2][1], acc[2][2], acc[2][3]);
            if ((col0 + 64 >= on0 && col0 + 64 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 64) =
                    make_float4(acc[2][4], acc[2][5], acc[2][6], acc[2][7]);
        } else
        {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) crow[col0 + 0] = acc[2][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) crow[col0 + 1] = acc[2][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) crow[col0 + 2] = acc[2][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) crow[col0 + 3] = acc[2][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) crow[col0 + 64] = acc[2][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) crow[col0 + 65] = acc[2][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) crow[col0 + 66] = acc[2][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) crow[col0 + 67] = acc[2][7];
        }
    }
    if ((row0 + 3 >= om0 && row0 + 3 < M)) {
        float* __restrict__ crow = C + (size_t)(row0 + 3) * N;
        if (c_vec) {
            if ((col0 + 0 >= on0 && col0 + 0 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 0) =
                    make_float4(acc[3][0], acc[3][1], acc[3][2], acc[3][3]);
            if ((col0 + 64 >= on0 && col0 + 64 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 64) =
                    make_float4(acc[3][4], acc[3][5], acc[3][6], acc[3][7]);
        } else
        {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) crow[col0 + 0] = acc[3][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) crow[col0 + 1] = acc[3][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) crow[col0 + 2] = acc[3][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) crow[col0 + 3] = acc[3][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) crow[col0 + 64] = acc[3][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) crow[col0 + 65] = acc[3][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) crow[col0 + 66] = acc[3][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) crow[col0 + 67] = acc[3][7];
        }
    }
}
}  // namespace spec_1

inline cudaError_t launch_1(float* C, const float* A, const float* B, float* work, int* tiles, int M, int N, int K, cudaStream_t stream = 0) {
    dim3 grid((unsigned)evo_floordiv(N + 127, 128), (unsigned)evo_floordiv(M + 31, 32), (unsigned)((evo_min(8, evo_floordiv(K + 15, 16)) * (long long)M * N <= 33554432LL) ? evo_min(8, evo_floordiv(K + 15, 16)) : 1));
    dim3 block((unsigned)16, (unsigned)8, (unsigned)1);
    spec_1::sgemm_1<<<grid, block, 0, stream>>>(C, A, B, work, tiles, M, N, K);
    return cudaGetLastError();
}

// ---- specialization 2: tuned for {"K": 630, "M": 6684, "N": 7347}
// genome: {"TileLoops_M": 128, "TileLoops_N": 128, "TileLoops_K": 8, "ThreadCoarsening_M": 8, "ThreadCoarsening_N": 8, "UseSharedMemory": true, "PadSharedMemory": true, "VectorizeLoads": true, "CoalesceMemoryAccess": true, "UnrollLoop": 1, "ReorderInstructions": true, "ReorderInstructions_Async": 0, "TileLoops_Specialize": true, "ReorderInstructions_Fragments": true, "TileLoops_Group": 1, "AdjustBlockSize_MaxRegisters": 128, "TileLoops_SpecializeEdges": true, "TileLoops_SplitK": 4, "TileLoops_SplitKEdges": 1, "TileLoops_Shift": true}
// measured: gpu_name=NVIDIA H100 80GB HBM3, driver_version=580.159.04, nvcc_version=cuda_13.0.r13.0/compiler.36424714_0, measured_at=2026-12-05T16:29:53+00:00, median_ms=1.39, speedup=13.24, fitness=13.23, cv=0.0008165, registers=127, spill_bytes=0
// fitness = speedup * exp(-w_cv * cv) / (1 + w_spill * spill_KiB) (see evo_kernels/fitness.py)
[[maybe_unused]] constexpr int TILELOOPS_M_2 = 128;
[[maybe_unused]] constexpr int TILELOOPS_N_2 = 128;
[[maybe_unused]] constexpr int TILELOOPS_K_2 = 8;
[[maybe_unused]] constexpr int THREADCOARSENING_M_2 = 8;
[[maybe_unused]] constexpr int THREADCOARSENING_N_2 = 8;
[[maybe_unused]] constexpr int USESHAREDMEMORY_2 = 1;
[[maybe_unused]] constexpr int PADSHAREDMEMORY_2 = 1;
[[maybe_unused]] constexpr int VECTORIZELOADS_2 = 1;
[[maybe_unused]] constexpr int COALESCEMEMORYACCESS_2 = 1;
[[maybe_unused]] constexpr int UNROLLLOOP_2 = 1;
[[maybe_unused]] constexpr int REORDERINSTRUCTIONS_2 = 1;
[[maybe_unused]] constexpr int REORDERINSTRUCTIONS_ASYNC_2 = 0;
[[maybe_unused]] constexpr int TILELOOPS_SPECIALIZE_2 = 1;
[[maybe_unused]] constexpr int REORDERINSTRUCTIONS_FRAGMENTS_2 = 1;
[[maybe_unused]] constexpr int TILELOOPS_GROUP_2 = 1;
[[maybe_unused]] constexpr int ADJUSTBLOCKSIZE_MAXREGISTERS_2 = 128;
[[maybe_unused]] constexpr int TILELOOPS_SPECIALIZEEDGES_2 = 1;
[[maybe_unused]] constexpr int TILELOOPS_SPLITK_2 = 4;
[[maybe_unused]] constexpr int TILELOOPS_SPLITKEDGES_2 = 1;
[[maybe_unused]] constexpr int TILELOOPS_SHIFT_2 = 1;
namespace spec_2 {  // device helpers of one specialization stay apart from the others'
// sgemm_2: block tile 128x128x8, 16x16 threads of 8x8 outputs,
// shared=1 pad=4 vec=1 coalesce=1 unroll=1
// double_buffer=1 async_stages=0 max_registers=128 full_tile_path=1
// fragment_pipeline=1 block_row_group=1 full_tile_edges=1 split_k=4
static __global__ void __launch_bounds__(256, 2)
sgemm_2(float* __restrict__ C, const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ work,
          int* __restrict__ tiles, int M, int N, int K)
{
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int om0 = blockIdx.y * 128, on0 = blockIdx.x * 128;
    // TileLoops_Shift: a tile that M or N cuts short is moved back inside the matrix (where the matrix is as large
    // as a tile): it computes the last 128 rows and 128 columns, all in range, so it takes the full-tile loop,
    // and stores only its own outputs (row >= om0, column >= on0); the rows and columns it shares with the
    // tile before it are computed twice and stored once
    const int bm0 = om0 + 128 > M && M >= 128 ? M - 128 : om0;
    const int bn0 = on0 + 128 > N && N >= 128 ? N - 128 : on0;
    const int row0 = bm0 + ty * 4, col0 = bn0 + tx * 4;   // + roff(i), + coff(j)
    // float4 paths need a row stride that is a multiple of 4 and a 16-byte aligned base; else scalar
    const bool a_vec = (K & 3) == 0 && ((size_t)A & 15) == 0;
    const bool b_vec = (N & 3) == 0 && ((size_t)B & 15) == 0;
    const bool c_vec = (N & 3) == 0 && ((size_t)C & 15) == 0;
    float acc[8][8];
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) acc[i][j] = 0.0f;

    __shared__ __align__(16) float As[2][8][132];   // A tile, transposed: As[k][m]
    __shared__ __align__(16) float Bs[2][8][132];   // B tile: Bs[k][n]
    const int tid = ty * 16 + tx;
    // split-K: this block walks k tiles [z * per, (z + 1) * per) of the ceil(K / 8); A and B start there
    // (a multiple of 8 columns of A, rows of B: float4 alignment is kept)
    const int per = ((K + 7) / 8 + (int)gridDim.z - 1) / (int)gridDim.z;
    const int k0 = (int)blockIdx.z * per * 8;
    const int KS = max(0, min(K - k0, per * 8));
    A += min(k0, K);
    B += (size_t)min(k0, K) * N;
    // load mapping: thread tid moves units tid + l*256 of each tile (A: 4 k of one row, B: 4 n of one k)
    const int am0 = (tid + 0) / 2, ak0 = (tid + 0) % 2 * 4;
    const bool ain0 = true;
    const bool aok0 = ain0 && bm0 + am0 < M;
    const float* asrc0 = A + (size_t)(bm0 + am0) * K + ak0;   // advanced by BK per tile
    const int ubk0 = (tid + 0) / 32, ubn0 = (tid + 0) % 32 * 4;
    const bool bin0 = true;
    const float* bsrc0 = B + (size_t)ubk0 * N + bn0 + ubn0;   // advanced by BK rows per tile
    float4 ra[1], rb[1];







    if (KS >= 8 && bm0 + 128 <= M && bn0 + 128 <= N) {   // uniform over the block
        if (a_vec && b_vec) {

        // every tile full (K % 8 == 0, the block inside M and N) and both operands float4-aligned:
        // the same pipeline with no bounds predicates and no alignment tests in the loop (with
        // TileLoops_SpecializeEdges: the K / 8 full tiles of any K, the loads scalar where not aligned)

        {   // global -> registers, the next tile: full and aligned, so plain float4 loads (a thread whose
            // last unit lies past the tile loads nothing for it: its address may be past the matrix)
            ra[0] = *reinterpret_cast<const float4*>(asrc0);
            asrc0 += 8;
            rb[0] = *reinterpret_cast<const float4*>(bsrc0);
            bsrc0 += (size_t)8 * N;
        }


        {   // registers -> shared buffer 0
            {
                As[0][ak0][am0] = ra[0].x;
                As[0][ak0 + 1][am0] = ra[0].y;
                As[0][ak0 + 2][am0] = ra[0].z;
                As[0][ak0 + 3][am0] = ra[0].w;
            }
            {
                *reinterpret_cast<float4*>(&Bs[0][ubk0][ubn0]) = rb[0];
            }
        }

        __syncthreads();
        const int nt = KS / 8;
        float fa0[8], fb0[8], fa1[8], fb1[8];

            {   // the A and B fragments of k row 0 of buffer 0 into register slot 0
                const float* as = &As[0][0][ty * 4];
                const float* bs = &Bs[0][0][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

        int t = 0;
#pragma unroll 1
        for (; t + 2 < nt; t += 2) {   // tiles t (buffer 0) and t + 1 (buffer 1); t + 1 and t + 2 loaded here

        {   // one tile from buffer 0: while row kk is multiplied, row kk + 1 is read; before the last
            // row's products the next tile (in registers since the step began) goes to buffer 1, the
            // barrier passes, and the next tile's row 0 is read under those products

        {   // global -> registers, the next tile: full and aligned, so plain float4 loads (a thread whose
            // last unit lies past the tile loads nothing for it: its address may be past the matrix)
            ra[0] = *reinterpret_cast<const float4*>(asrc0);
            asrc0 += 8;
            rb[0] = *reinterpret_cast<const float4*>(bsrc0);
            bsrc0 += (size_t)8 * N;
        }


            {   // the A and B fragments of k row 1 of buffer 0 into register slot 1
                const float* as = &As[0][1][ty * 4];
                const float* bs = &Bs[0][1][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 2 of buffer 0 into register slot 0
                const float* as = &As[0][2][ty * 4];
                const float* bs = &Bs[0][2][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 3 of buffer 0 into register slot 1
                const float* as = &As[0][3][ty * 4];
                const float* bs = &Bs[0][3][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 4 of buffer 0 into register slot 0
                const float* as = &As[0][4][ty * 4];
                const float* bs = &Bs[0][4][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 5 of buffer 0 into register slot 1
                const float* as = &As[0][5][ty * 4];
                const float* bs = &Bs[0][5][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 6 of buffer 0 into register slot 0
                const float* as = &As[0][6][ty * 4];
                const float* bs = &Bs[0][6][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 7 of buffer 0 into register slot 1
                const float* as = &As[0][7][ty * 4];
                const float* bs = &Bs[0][7][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

        {   // registers -> shared buffer 1
            {
                As[1][ak0][am0] = ra[0].x;
                As[1][ak0 + 1][am0] = ra[0].y;
                As[1][ak0 + 2][am0] = ra[0].z;
                As[1][ak0 + 3][am0] = ra[0].w;
            }
            {
                *reinterpret_cast<float4*>(&Bs[1][ubk0][ubn0]) = rb[0];
            }
        }

            __syncthreads();

            {   // the A and B fragments of k row 0 of buffer 1 into register slot 0
                const float* as = &As[1][0][ty * 4];
                const float* bs = &Bs[1][0][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);
        }


        {   // one tile from buffer 1: while row kk is multiplied, row kk + 1 is read; before the last
            // row's products the next tile (in registers since the step began) goes to buffer 0, the
            // barrier passes, and the next tile's row 0 is read under those products

        {   // global -> registers, the next tile: full and aligned, so plain float4 loads (a thread whose
            // last unit lies past the tile loads nothing for it: its address may be past the matrix)
            ra[0] = *reinterpret_cast<const float4*>(asrc0);
            asrc0 += 8;
            rb[0] = *reinterpret_cast<const float4*>(bsrc0);
            bsrc0 += (size_t)8 * N;
        }


            {   // the A and B fragments of k row 1 of buffer 1 into register slot 1
                const float* as = &As[1][1][ty * 4];
                const float* bs = &Bs[1][1][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 2 of buffer 1 into register slot 0
                const float* as = &As[1][2][ty * 4];
                const float* bs = &Bs[1][2][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 3 of buffer 1 into register slot 1
                const float* as = &As[1][3][ty * 4];
                const float* bs = &Bs[1][3][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 4 of buffer 1 into register slot 0
                const float* as = &As[1][4][ty * 4];
                const float* bs = &Bs[1][4][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 5 of buffer 1 into register slot 1
                const float* as = &As[1][5][ty * 4];
                const float* bs = &Bs[1][5][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 6 of buffer 1 into register slot 0
                const float* as = &As[1][6][ty * 4];
                const float* bs = &Bs[1][6][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 7 of buffer 1 into register slot 1
                const float* as = &As[1][7][ty * 4];
                const float* bs = &Bs[1][7][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

        {   // registers -> shared buffer 0
            {
                As[0][ak0][am0] = ra[0].x;
                As[0][ak0 + 1][am0] = ra[0].y;
                As[0][ak0 + 2][am0] = ra[0].z;
                As[0][ak0 + 3][am0] = ra[0].w;
            }
            {
                *reinterpret_cast<float4*>(&Bs[0][ubk0][ubn0]) = rb[0];
            }
        }

            __syncthreads();

            {   // the A and B fragments of k row 0 of buffer 0 into register slot 0
                const float* as = &As[0][0][ty * 4];
                const float* bs = &Bs[0][0][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);
        }

        }
        if (t + 1 < nt) {   // two tiles left

        {   // one tile from buffer 0: while row kk is multiplied, row kk + 1 is read; before the last
            // row's products the next tile (in registers since the step began) goes to buffer 1, the
            // barrier passes, and the next tile's row 0 is read under those products

        {   // global -> registers, the next tile: full and aligned, so plain float4 loads (a thread whose
            // last unit lies past the tile loads nothing for it: its address may be past the matrix)
            ra[0] = *reinterpret_cast<const float4*>(asrc0);
            asrc0 += 8;
            rb[0] = *reinterpret_cast<const float4*>(bsrc0);
            bsrc0 += (size_t)8 * N;
        }


            {   // the A and B fragments of k row 1 of buffer 0 into register slot 1
                const float* as = &As[0][1][ty * 4];
                const float* bs = &Bs[0][1][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 2 of buffer 0 into register slot 0
                const float* as = &As[0][2][ty * 4];
                const float* bs = &Bs[0][2][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 3 of buffer 0 into register slot 1
                const float* as = &As[0][3][ty * 4];
                const float* bs = &Bs[0][3][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 4 of buffer 0 into register slot 0
                const float* as = &As[0][4][ty * 4];
                const float* bs = &Bs[0][4][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 5 of buffer 0 into register slot 1
                const float* as = &As[0][5][ty * 4];
                const float* bs = &Bs[0][5][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 6 of buffer 0 into register slot 0
                const float* as = &As[0][6][ty * 4];
                const float* bs = &Bs[0][6][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 7 of buffer 0 into register slot 1
                const float* as = &As[0][7][ty * 4];
                const float* bs = &Bs[0][7][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

        {   // registers -> shared buffer 1
            {
                As[1][ak0][am0] = ra[0].x;
                As[1][ak0 + 1][am0] = ra[0].y;
                As[1][ak0 + 2][am0] = ra[0].z;
                As[1][ak0 + 3][am0] = ra[0].w;
            }
            {
                *reinterpret_cast<float4*>(&Bs[1][ubk0][ubn0]) = rb[0];
            }
        }

            __syncthreads();

            {   // the A and B fragments of k row 0 of buffer 1 into register slot 0
                const float* as = &As[1][0][ty * 4];
                const float* bs = &Bs[1][0][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);
        }


        {   // one tile from buffer 1: while row kk is multiplied, row kk + 1 is read; before the last
            // row's products the next tile (in registers since the step began) goes to buffer 0, the
            // barrier passes, and the next tile's row 0 is read under those products

            {   // the A and B fragments of k row 1 of buffer 1 into register slot 1
                const float* as = &As[1][1][ty * 4];
                const float* bs = &Bs[1][1][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 2 of buffer 1 into register slot 0
                const float* as = &As[1][2][ty * 4];
                const float* bs = &Bs[1][2][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 3 of buffer 1 into register slot 1
                const float* as = &As[1][3][ty * 4];
                const float* bs = &Bs[1][3][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 4 of buffer 1 into register slot 0
                const float* as = &As[1][4][ty * 4];
                const float* bs = &Bs[1][4][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 5 of buffer 1 into register slot 1
                const float* as = &As[1][5][ty * 4];
                const float* bs = &Bs[1][5][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 6 of buffer 1 into register slot 0
                const float* as = &As[1][6][ty * 4];
                const float* bs = &Bs[1][6][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 7 of buffer 1 into register slot 1
                const float* as = &As[1][7][ty * 4];
                const float* bs = &Bs[1][7][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);
#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);
        }

        } else {            // one tile left

        {   // one tile from buffer 0: while row kk is multiplied, row kk + 1 is read; before the last
            // row's products the next tile (in registers since the step began) goes to buffer 1, the
            // barrier passes, and the next tile's row 0 is read under those products

            {   // the A and B fragments of k row 1 of buffer 0 into register slot 1
                const float* as = &As[0][1][ty * 4];
                const float* bs = &Bs[0][1][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 2 of buffer 0 into register slot 0
                const float* as = &As[0][2][ty * 4];
                const float* bs = &Bs[0][2][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 3 of buffer 0 into register slot 1
                const float* as = &As[0][3][ty * 4];
                const float* bs = &Bs[0][3][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 4 of buffer 0 into register slot 0
                const float* as = &As[0][4][ty * 4];
                const float* bs = &Bs[0][4][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 5 of buffer 0 into register slot 1
                const float* as = &As[0][5][ty * 4];
                const float* bs = &Bs[0][5][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 6 of buffer 0 into register slot 0
                const float* as = &As[0][6][ty * 4];
                const float* bs = &Bs[0][6][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 7 of buffer 0 into register slot 1
                const float* as = &As[0][7][ty * 4];
                const float* bs = &Bs[0][7][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);
#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);
        }

        }

        } else {

        // every tile full (K % 8 == 0, the block inside M and N) and both operands float4-aligned:
        // the same pipeline with no bounds predicates and no alignment tests in the loop (with
        // TileLoops_SpecializeEdges: the K / 8 full tiles of any K, the loads scalar where not aligned)

        {   // global -> registers, the next tile: full but an operand is not float4-aligned (a row stride
            // not a multiple of 4): four plain scalar loads per unit, still no predicates
            { ra[0].x = asrc0[0]; ra[0].y = asrc0[1]; ra[0].z = asrc0[2]; ra[0].w = asrc0[3]; }
            asrc0 += 8;
            { rb[0].x = bsrc0[0]; rb[0].y = bsrc0[1]; rb[0].z = bsrc0[2]; rb[0].w = bsrc0[3]; }
            bsrc0 += (size_t)8 * N;
        }


        {   // registers -> shared buffer 0
            {
                As[0][ak0][am0] = ra[0].x;
                As[0][ak0 + 1][am0] = ra[0].y;
                As[0][ak0 + 2][am0] = ra[0].z;
                As[0][ak0 + 3][am0] = ra[0].w;
            }
            {
                *reinterpret_cast<float4*>(&Bs[0][ubk0][ubn0]) = rb[0];
            }
        }

        __syncthreads();
        const int nt = KS / 8;
        float fa0[8], fb0[8], fa1[8], fb1[8];

            {   // the A and B fragments of k row 0 of buffer 0 into register slot 0
                const float* as = &As[0][0][ty * 4];
                const float* bs = &Bs[0][0][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

        int t = 0;
#pragma unroll 1
        for (; t + 2 < nt; t += 2) {   // tiles t (buffer 0) and t + 1 (buffer 1); t + 1 and t + 2 loaded here

        {   // one tile from buffer 0: while row kk is multiplied, row kk + 1 is read; before the last
            // row's products the next tile (in registers since the step began) goes to buffer 1, the
            // barrier passes, and the next tile's row 0 is read under those products

        {   // global -> registers, the next tile: full but an operand is not float4-aligned (a row stride
            // not a multiple of 4): four plain scalar loads per unit, still no predicates
            { ra[0].x = asrc0[0]; ra[0].y = asrc0[1]; ra[0].z = asrc0[2]; ra[0].w = asrc0[3]; }
            asrc0 += 8;
            { rb[0].x = bsrc0[0]; rb[0].y = bsrc0[1]; rb[0].z = bsrc0[2]; rb[0].w = bsrc0[3]; }
            bsrc0 += (size_t)8 * N;
        }


            {   // the A and B fragments of k row 1 of buffer 0 into register slot 1
                const float* as = &As[0][1][ty * 4];
                const float* bs = &Bs[0][1][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 2 of buffer 0 into register slot 0
                const float* as = &As[0][2][ty * 4];
                const float* bs = &Bs[0][2][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 3 of buffer 0 into register slot 1
                const float* as = &As[0][3][ty * 4];
                const float* bs = &Bs[0][3][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 4 of buffer 0 into register slot 0
                const float* as = &As[0][4][ty * 4];
                const float* bs = &Bs[0][4][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 5 of buffer 0 into register slot 1
                const float* as = &As[0][5][ty * 4];
                const float* bs = &Bs[0][5][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 6 of buffer 0 into register slot 0
                const float* as = &As[0][6][ty * 4];
                const float* bs = &Bs[0][6][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 7 of buffer 0 into register slot 1
                const float* as = &As[0][7][ty * 4];
                const float* bs = &Bs[0][7][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

        {   // registers -> shared buffer 1
            {
                As[1][ak0][am0] = ra[0].x;
                As[1][ak0 + 1][am0] = ra[0].y;
                As[1][ak0 + 2][am0] = ra[0].z;
                As[1][ak0 + 3][am0] = ra[0].w;
            }
            {
                *reinterpret_cast<float4*>(&Bs[1][ubk0][ubn0]) = rb[0];
            }
        }

            __syncthreads();

            {   // the A and B fragments of k row 0 of buffer 1 into register slot 0
                const float* as = &As[1][0][ty * 4];
                const float* bs = &Bs[1][0][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);
        }


        {   // one tile from buffer 1: while row kk is multiplied, row kk + 1 is read; before the last
            // row's products the next tile (in registers since the step began) goes to buffer 0, the
            // barrier passes, and the next tile's row 0 is read under those products

        {   // global -> registers, the next tile: full but an operand is not float4-aligned (a row stride
            // not a multiple of 4): four plain scalar loads per unit, still no predicates
            { ra[0].x = asrc0[0]; ra[0].y = asrc0[1]; ra[0].z = asrc0[2]; ra[0].w = asrc0[3]; }
            asrc0 += 8;
            { rb[0].x = bsrc0[0]; rb[0].y = bsrc0[1]; rb[0].z = bsrc0[2]; rb[0].w = bsrc0[3]; }
            bsrc0 += (size_t)8 * N;
        }


            {   // the A and B fragments of k row 1 of buffer 1 into register slot 1
                const float* as = &As[1][1][ty * 4];
                const float* bs = &Bs[1][1][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 2 of buffer 1 into register slot 0
                const float* as = &As[1][2][ty * 4];
                const float* bs = &Bs[1][2][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 3 of buffer 1 into register slot 1
                const float* as = &As[1][3][ty * 4];
                const float* bs = &Bs[1][3][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 4 of buffer 1 into register slot 0
                const float* as = &As[1][4][ty * 4];
                const float* bs = &Bs[1][4][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 5 of buffer 1 into register slot 1
                const float* as = &As[1][5][ty * 4];
                const float* bs = &Bs[1][5][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 6 of buffer 1 into register slot 0
                const float* as = &As[1][6][ty * 4];
                const float* bs = &Bs[1][6][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 7 of buffer 1 into register slot 1
                const float* as = &As[1][7][ty * 4];
                const float* bs = &Bs[1][7][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

        {   // registers -> shared buffer 0
            {
                As[0][ak0][am0] = ra[0].x;
                As[0][ak0 + 1][am0] = ra[0].y;
                As[0][ak0 + 2][am0] = ra[0].z;
                As[0][ak0 + 3][am0] = ra[0].w;
            }
            {
                *reinterpret_cast<float4*>(&Bs[0][ubk0][ubn0]) = rb[0];
            }
        }

            __syncthreads();

            {   // the A and B fragments of k row 0 of buffer 0 into register slot 0
                const float* as = &As[0][0][ty * 4];
                const float* bs = &Bs[0][0][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);
        }

        }
        if (t + 1 < nt) {   // two tiles left

        {   // one tile from buffer 0: while row kk is multiplied, row kk + 1 is read; before the last
            // row's products the next tile (in registers since the step began) goes to buffer 1, the
            // barrier passes, and the next tile's row 0 is read under those products

        {   // global -> registers, the next tile: full but an operand is not float4-aligned (a row stride
            // not a multiple of 4): four plain scalar loads per unit, still no predicates
            { ra[0].x = asrc0[0]; ra[0].y = asrc0[1]; ra[0].z = asrc0[2]; ra[0].w = asrc0[3]; }
            asrc0 += 8;
            { rb[0].x = bsrc0[0]; rb[0].y = bsrc0[1]; rb[0].z = bsrc0[2]; rb[0].w = bsrc0[3]; }
            bsrc0 += (size_t)8 * N;
        }


            {   // the A and B fragments of k row 1 of buffer 0 into register slot 1
                const float* as = &As[0][1][ty * 4];
                const float* bs = &Bs[0][1][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 2 of buffer 0 into register slot 0
                const float* as = &As[0][2][ty * 4];
                const float* bs = &Bs[0][2][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 3 of buffer 0 into register slot 1
                const float* as = &As[0][3][ty * 4];
                const float* bs = &Bs[0][3][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 4 of buffer 0 into register slot 0
                const float* as = &As[0][4][ty * 4];
                const float* bs = &Bs[0][4][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 5 of buffer 0 into register slot 1
                const float* as = &As[0][5][ty * 4];
                const float* bs = &Bs[0][5][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 6 of buffer 0 into register slot 0
                const float* as = &As[0][6][ty * 4];
                const float* bs = &Bs[0][6][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 7 of buffer 0 into register slot 1
                const float* as = &As[0][7][ty * 4];
                const float* bs = &Bs[0][7][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

        {   // registers -> shared buffer 1
            {
                As[1][ak0][am0] = ra[0].x;
                As[1][ak0 + 1][am0] = ra[0].y;
                As[1][ak0 + 2][am0] = ra[0].z;
                As[1][ak0 + 3][am0] = ra[0].w;
            }
            {
                *reinterpret_cast<float4*>(&Bs[1][ubk0][ubn0]) = rb[0];
            }
        }

            __syncthreads();

            {   // the A and B fragments of k row 0 of buffer 1 into register slot 0
                const float* as = &As[1][0][ty * 4];
                const float* bs = &Bs[1][0][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);
        }


        {   // one tile from buffer 1: while row kk is multiplied, row kk + 1 is read; before the last
            // row's products the next tile (in registers since the step began) goes to buffer 0, the
            // barrier passes, and the next tile's row 0 is read under those products

            {   // the A and B fragments of k row 1 of buffer 1 into register slot 1
                const float* as = &As[1][1][ty * 4];
                const float* bs = &Bs[1][1][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 2 of buffer 1 into register slot 0
                const float* as = &As[1][2][ty * 4];
                const float* bs = &Bs[1][2][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 3 of buffer 1 into register slot 1
                const float* as = &As[1][3][ty * 4];
                const float* bs = &Bs[1][3][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 4 of buffer 1 into register slot 0
                const float* as = &As[1][4][ty * 4];
                const float* bs = &Bs[1][4][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 5 of buffer 1 into register slot 1
                const float* as = &As[1][5][ty * 4];
                const float* bs = &Bs[1][5][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 6 of buffer 1 into register slot 0
                const float* as = &As[1][6][ty * 4];
                const float* bs = &Bs[1][6][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 7 of buffer 1 into register slot 1
                const float* as = &As[1][7][ty * 4];
                const float* bs = &Bs[1][7][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);
#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);
        }

        } else {            // one tile left

        {   // one tile from buffer 0: while row kk is multiplied, row kk + 1 is read; before the last
            // row's products the next tile (in registers since the step began) goes to buffer 1, the
            // barrier passes, and the next tile's row 0 is read under those products

            {   // the A and B fragments of k row 1 of buffer 0 into register slot 1
                const float* as = &As[0][1][ty * 4];
                const float* bs = &Bs[0][1][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 2 of buffer 0 into register slot 0
                const float* as = &As[0][2][ty * 4];
                const float* bs = &Bs[0][2][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 3 of buffer 0 into register slot 1
                const float* as = &As[0][3][ty * 4];
                const float* bs = &Bs[0][3][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 4 of buffer 0 into register slot 0
                const float* as = &As[0][4][ty * 4];
                const float* bs = &Bs[0][4][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 5 of buffer 0 into register slot 1
                const float* as = &As[0][5][ty * 4];
                const float* bs = &Bs[0][5][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 6 of buffer 0 into register slot 0
                const float* as = &As[0][6][ty * 4];
                const float* bs = &Bs[0][6][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 7 of buffer 0 into register slot 1
                const float* as = &As[0][7][ty * 4];
                const float* bs = &Bs[0][7][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 64);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);
#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);
        }

        }

        }
        if (KS % 8 != 0) {   // the last, partial k tile (asrc/bsrc point at it): only k needs a guard
            __syncthreads();     // every thread is done with both buffers
            const int kt = KS / 8 * 8;
            {
                const int k = kt + (tid + 0) % 2 * 4;   // recomputed: nothing stays live for it
                ra[0].x = k < KS ? asrc0[0] : 0.f;
                ra[0].y = k + 1 < KS ? asrc0[1] : 0.f;
                ra[0].z = k + 2 < KS ? asrc0[2] : 0.f;
                ra[0].w = k + 3 < KS ? asrc0[3] : 0.f;
            }
            {
                const bool kok = kt + (tid + 0) / 32 < KS;
                rb[0].x = kok ? bsrc0[0] : 0.f;
                rb[0].y = kok ? bsrc0[1] : 0.f;
                rb[0].z = kok ? bsrc0[2] : 0.f;
                rb[0].w = kok ? bsrc0[3] : 0.f;
            }

        {   // registers -> shared buffer 0
            {
                As[0][ak0][am0] = ra[0].x;
                As[0][ak0 + 1][am0] = ra[0].y;
                As[0][ak0 + 2][am0] = ra[0].z;
                As[0][ak0 + 3][am0] = ra[0].w;
            }
            {
                *reinterpret_cast<float4*>(&Bs[0][ubk0][ubn0]) = rb[0];
            }
        }

            __syncthreads();

        {   // acc += As[buf]^T . Bs[buf] over the 8 k of the stage
            const float* as = &As[0][0][ty * 4];
            const float* bs = &Bs[0][0][tx * 4];
#pragma unroll 1
            for (int kk = 0; kk < 8; ++kk) {
                float a[8], b[8];
                { const float4 t = *reinterpret_cast<const float4*>(as + kk * 132 + 0);
                  a[0] = t.x; a[1] = t.y; a[2] = t.z; a[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + kk * 132 + 64);
                  a[4] = t.x; a[5] = t.y; a[6] = t.z; a[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + kk * 132 + 0);
                  b[0] = t.x; b[1] = t.y; b[2] = t.z; b[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + kk * 132 + 64);
                  b[4] = t.x; b[5] = t.y; b[6] = t.z; b[7] = t.w; }
#pragma unroll
                for (int i = 0; i < 8; ++i)
#pragma unroll
                    for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
            }
        }

        }
    } else {

    // double buffering: tile kt + BK is prefetched into registers while tile kt is computed, then stored
    // into the other buffer; one barrier per tile. Unrolled by two so that both buffers are static.

        {   // global -> registers, the tile at k = 0 (asrc/bsrc point at it); out-of-range elements are zero
            {
                const int k = 0 + ak0;
                const float* p = asrc0;
                if (a_vec) {
                    ra[0] = (aok0 && k < KS) ? *reinterpret_cast<const float4*>(p) : make_float4(0.f, 0.f, 0.f, 0.f);
                } else {
                    ra[0].x = (aok0 && k < KS) ? p[0] : 0.f;
                    ra[0].y = (aok0 && k + 1 < KS) ? p[1] : 0.f;
                    ra[0].z = (aok0 && k + 2 < KS) ? p[2] : 0.f;
                    ra[0].w = (aok0 && k + 3 < KS) ? p[3] : 0.f;
                }
            }
            {
                const bool kok = bin0 && 0 + ubk0 < KS;
                const float* p = bsrc0;
                const int n = bn0 + ubn0;
                if (b_vec) {
                    rb[0] = (kok && n < N) ? *reinterpret_cast<const float4*>(p) : make_float4(0.f, 0.f, 0.f, 0.f);
                } else {
                    rb[0].x = (kok && n < N) ? p[0] : 0.f;
                    rb[0].y = (kok && n + 1 < N) ? p[1] : 0.f;
                    rb[0].z = (kok && n + 2 < N) ? p[2] : 0.f;
                    rb[0].w = (kok && n + 3 < N) ? p[3] : 0.f;
                }
            }
            asrc0 += 8;
            bsrc0 += (size_t)8 * N;
        }


        {   // registers -> shared buffer 0
            {
                As[0][ak0][am0] = ra[0].x;
                As[0][ak0 + 1][am0] = ra[0].y;
                As[0][ak0 + 2][am0] = ra[0].z;
                As[0][ak0 + 3][am0] = ra[0].w;
            }
            {
                *reinterpret_cast<float4*>(&Bs[0][ubk0][ubn0]) = rb[0];
            }
        }

    __syncthreads();
#pragma unroll 1
    for (int kt = 0; kt < KS; kt += 16) {
        bool more = kt + 8 < KS;
        if (more) {

        {   // global -> registers, the tile at k = kt + 8 (asrc/bsrc point at it); out-of-range elements are zero
            {
                const int k = kt + 8 + ak0;
                const float* p = asrc0;
                if (a_vec) {
                    ra[0] = (aok0 && k < KS) ? *reinterpret_cast<const float4*>(p) : make_float4(0.f, 0.f, 0.f, 0.f);
                } else {
                    ra[0].x = (aok0 && k < KS) ? p[0] : 0.f;
                    ra[0].y = (aok0 && k + 1 < KS) ? p[1] : 0.f;
                    ra[0].z = (aok0 && k + 2 < KS) ? p[2] : 0.f;
                    ra[0].w = (aok0 && k + 3 < KS) ? p[3] : 0.f;
                }
            }
            {
                const bool kok = bin0 && kt + 8 + ubk0 < KS;
                const float* p = bsrc0;
                const int n = bn0 + ubn0;
                if (b_vec) {
                    rb[0] = (kok && n < N) ? *reinterpret_cast<const float4*>(p) : make_float4(0.f, 0.f, 0.f, 0.f);
                } else {
                    rb[0].x = (kok && n < N) ? p[0] : 0.f;
                    rb[0].y = (kok && n + 1 < N) ? p[1] : 0.f;
                    rb[0].z = (kok && n + 2 < N) ? p[2] : 0.f;
                    rb[0].w = (kok && n + 3 < N) ? p[3] : 0.f;
                }
            }
            asrc0 += 8;
            bsrc0 += (size_t)8 * N;
        }

        }

        {   // acc += As[buf]^T . Bs[buf] over the 8 k of the stage
            const float* as = &As[0][0][ty * 4];
            const float* bs = &Bs[0][0][tx * 4];
#pragma unroll 1
            for (int kk = 0; kk < 8; ++kk) {
                float a[8], b[8];
                { const float4 t = *reinterpret_cast<const float4*>(as + kk * 132 + 0);
                  a[0] = t.x; a[1] = t.y; a[2] = t.z; a[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + kk * 132 + 64);
                  a[4] = t.x; a[5] = t.y; a[6] = t.z; a[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + kk * 132 + 0);
                  b[0] = t.x; b[1] = t.y; b[2] = t.z; b[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + kk * 132 + 64);
                  b[4] = t.x; b[5] = t.y; b[6] = t.z; b[7] = t.w; }
#pragma unroll
                for (int i = 0; i < 8; ++i)
#pragma unroll
                    for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
            }
        }

        if (more) {

        {   // registers -> shared buffer 1
            {
                As[1][ak0][am0] = ra[0].x;
                As[1][ak0 + 1][am0] = ra[0].y;
                As[1][ak0 + 2][am0] = ra[0].z;
                As[1][ak0 + 3][am0] = ra[0].w;
            }
            {
                *reinterpret_cast<float4*>(&Bs[1][ubk0][ubn0]) = rb[0];
            }
        }

        }
        __syncthreads();
        if (!more) break;
        more = kt + 16 < KS;
        if (more) {

        {   // global -> registers, the tile at k = kt + 16 (asrc/bsrc point at it); out-of-range elements are zero
            {
                const int k = kt + 16 + ak0;
                const float* p = asrc0;
                if (a_vec) {
                    ra[0] = (aok0 && k < KS) ? *reinterpret_cast<const float4*>(p) : make_float4(0.f, 0.f, 0.f, 0.f);
                } else {
                    ra[0].x = (aok0 && k < KS) ? p[0] : 0.f;
                    ra[0].y = (aok0 && k + 1 < KS) ? p[1] : 0.f;
                    ra[0].z = (aok0 && k + 2 < KS) ? p[2] : 0.f;
                    ra[0].w = (aok0 && k + 3 < KS) ? p[3] : 0.f;
                }
            }
            {
                const bool kok = bin0 && kt + 16 + ubk0 < KS;
                const float* p = bsrc0;
                const int n = bn0 + ubn0;
                if (b_vec) {
                    rb[0] = (kok && n < N) ? *reinterpret_cast<const float4*>(p) : make_float4(0.f, 0.f, 0.f, 0.f);
                } else {
                    rb[0].x = (kok && n < N) ? p[0] : 0.f;
                    rb[0].y = (kok && n + 1 < N) ? p[1] : 0.f;
                    rb[0].z = (kok && n + 2 < N) ? p[2] : 0.f;
                    rb[0].w = (kok && n + 3 < N) ? p[3] : 0.f;
                }
            }
            asrc0 += 8;
            bsrc0 += (size_t)8 * N;
        }

        }

        {   // acc += As[buf]^T . Bs[buf] over the 8 k of the stage
            const float* as = &As[1][0][ty * 4];
            const float* bs = &Bs[1][0][tx * 4];
#pragma unroll 1
            for (int kk = 0; kk < 8; ++kk) {
                float a[8], b[8];
                { const float4 t = *reinterpret_cast<const float4*>(as + kk * 132 + 0);
                  a[0] = t.x; a[1] = t.y; a[2] = t.z; a[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + kk * 132 + 64);
                  a[4] = t.x; a[5] = t.y; a[6] = t.z; a[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + kk * 132 + 0);
                  b[0] = t.x; b[1] = t.y; b[2] = t.z; b[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + kk * 132 + 64);
                  b[4] = t.x; b[5] = t.y; b[6] = t.z; b[7] = t.w; }
#pragma unroll
                for (int i = 0; i < 8; ++i)
#pragma unroll
                    for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
            }
        }

        if (more) {

        {   // registers -> shared buffer 0
            {
                As[0][ak0][am0] = ra[0].x;
                As[0][ak0 + 1][am0] = ra[0].y;
                As[0][ak0 + 2][am0] = ra[0].z;
                As[0][ak0 + 3][am0] = ra[0].w;
            }
            {
                *reinterpret_cast<float4*>(&Bs[0][ubk0][ubn0]) = rb[0];
            }
        }

        }
        __syncthreads();
    }

    }

    if (gridDim.z > 1) {
        // this split's partial tile goes to its slice of the workspace; the last split of the tile to
        // arrive (a counter per tile) sums the slices in split order (the same sum whichever arrives
        // last), stores C, and resets the counter for the next launch
        float* __restrict__ wz = work + (size_t)blockIdx.z * M * N;
        if ((row0 + 0 >= om0 && row0 + 0 < M)) {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) wz[(size_t)(row0 + 0) * N + col0 + 0] = acc[0][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) wz[(size_t)(row0 + 0) * N + col0 + 1] = acc[0][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) wz[(size_t)(row0 + 0) * N + col0 + 2] = acc[0][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) wz[(size_t)(row0 + 0) * N + col0 + 3] = acc[0][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) wz[(size_t)(row0 + 0) * N + col0 + 64] = acc[0][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) wz[(size_t)(row0 + 0) * N + col0 + 65] = acc[0][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) wz[(size_t)(row0 + 0) * N + col0 + 66] = acc[0][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) wz[(size_t)(row0 + 0) * N + col0 + 67] = acc[0][7];
        }
        if ((row0 + 1 >= om0 && row0 + 1 < M)) {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) wz[(size_t)(row0 + 1) * N + col0 + 0] = acc[1][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) wz[(size_t)(row0 + 1) * N + col0 + 1] = acc[1][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) wz[(size_t)(row0 + 1) * N + col0 + 2] = acc[1][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) wz[(size_t)(row0 + 1) * N + col0 + 3] = acc[1][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) wz[(size_t)(row0 + 1) * N + col0 + 64] = acc[1][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) wz[(size_t)(row0 + 1) * N + col0 + 65] = acc[1][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) wz[(size_t)(row0 + 1) * N + col0 + 66] = acc[1][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) wz[(size_t)(row0 + 1) * N + col0 + 67] = acc[1][7];
        }
        if ((row0 + 2 >= om0 && row0 + 2 < M)) {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) wz[(size_t)(row0 + 2) * N + col0 + 0] = acc[2][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) wz[(size_t)(row0 + 2) * N + col0 + 1] = acc[2][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) wz[(size_t)(row0 + 2) * N + col0 + 2] = acc[2][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) wz[(size_t)(row0 + 2) * N + col0 + 3] = acc[2][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) wz[(size_t)(row0 + 2) * N + col0 + 64] = acc[2][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) wz[(size_t)(row0 + 2) * N + col0 + 65] = acc[2][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) wz[(size_t)(row0 + 2) * N + col0 + 66] = acc[2][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) wz[(size_t)(row0 + 2) * N + col0 + 67] = acc[2][7];
        }
        if ((row0 + 3 >= om0 && row0 + 3 < M)) {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) wz[(size_t)(row0 + 3) * N + col0 + 0] = acc[3][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) wz[(size_t)(row0 + 3) * N + col0 + 1] = acc[3][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) wz[(size_t)(row0 + 3) * N + col0 + 2] = acc[3][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) wz[(size_t)(row0 + 3) * N + col0 + 3] = acc[3][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) wz[(size_t)(row0 + 3) * N + col0 + 64] = acc[3][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) wz[(size_t)(row0 + 3) * N + col0 + 65] = acc[3][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) wz[(size_t)(row0 + 3) * N + col0 + 66] = acc[3][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) wz[(size_t)(row0 + 3) * N + col0 + 67] = acc[3][7];
        }
        if ((row0 + 64 >= om0 && row0 + 64 < M)) {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) wz[(size_t)(row0 + 64) * N + col0 + 0] = acc[4][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) wz[(size_t)(row0 + 64) * N + col0 + 1] = acc[4][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) wz[(size_t)(row0 + 64) * N + col0 + 2] = acc[4][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) wz[(size_t)(row0 + 64) * N + col0 + 3] = acc[4][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) wz[(size_t)(row0 + 64) * N + col0 + 64] = acc[4][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) wz[(size_t)(row0 + 64) * N + col0 + 65] = acc[4][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) wz[(size_t)(row0 + 64) * N + col0 + 66] = acc[4][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) wz[(size_t)(row0 + 64) * N + col0 + 67] = acc[4][7];
        }
        if ((row0 + 65 >= om0 && row0 + 65 < M)) {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) wz[(size_t)(row0 + 65) * N + col0 + 0] = acc[5][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) wz[(size_t)(row0 + 65) * N + col0 + 1] = acc[5][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) wz[(size_t)(row0 + 65) * N + col0 + 2] = acc[5][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) wz[(size_t)(row0 + 65) * N + col0 + 3] = acc[5][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) wz[(size_t)(row0 + 65) * N + col0 + 64] = acc[5][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) wz[(size_t)(row0 + 65) * N + col0 + 65] = acc[5][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) wz[(size_t)(row0 + 65) * N + col0 + 66] = acc[5][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) wz[(size_t)(row0 + 65) * N + col0 + 67] = acc[5][7];
        }
        if ((row0 + 66 >= om0 && row0 + 66 < M)) {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) wz[(size_t)(row0 + 66) * N + col0 + 0] = acc[6][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) wz[(size_t)(row0 + 66) * N + col0 + 1] = acc[6][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) wz[(size_t)(row0 + 66) * N + col0 + 2] = acc[6][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) wz[(size_t)(row0 + 66) * N + col0 + 3] = acc[6][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) wz[(size_t)(row0 + 66) * N + col0 + 64] = acc[6][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) wz[(size_t)(row0 + 66) * N + col0 + 65] = acc[6][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) wz[(size_t)(row0 + 66) * N + col0 + 66] = acc[6][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) wz[(size_t)(row0 + 66) * N + col0 + 67] = acc[6][7];
        }
        if ((row0 + 67 >= om0 && row0 + 67 < M)) {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) wz[(size_t)(row0 + 67) * N + col0 + 0] = acc[7][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) wz[(size_t)(row0 + 67) * N + col0 + 1] = acc[7][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) wz[(size_t)(row0 + 67) * N + col0 + 2] = acc[7][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) wz[(size_t)(row0 + 67) * N + col0 + 3] = acc[7][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) wz[(size_t)(row0 + 67) * N + col0 + 64] = acc[7][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) wz[(size_t)(row0 + 67) * N + col0 + 65] = acc[7][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) wz[(size_t)(row0 + 67) * N + col0 + 66] = acc[7][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) wz[(size_t)(row0 + 67) * N + col0 + 67] = acc[7][7];
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
        // same whichever split arrives last). 2 row(s) at a time: the 16 loads of a slice are
        // issued before their adds, so the epilogue costs 4 round trips per split instead of
        // one per split and output (the split-K sum was the tail of skinny shapes), in few registers
#pragma unroll
        for (int i = 0; i < 8; ++i)
#pragma unroll
            for (int j = 0; j < 8; ++j) acc[i][j] = 0.0f;
#pragma unroll 1
        for (int z = 0; z < (int)gridDim.z; ++z) {
            const float* __restrict__ ws = work + (size_t)z * M * N + col0;
            {
                const bool rok = (row0 + 0 >= om0 && row0 + 0 < M);
                const float* __restrict__ wr = ws + (size_t)(row0 + 0) * N;
                acc[0][0] += (rok && (col0 + 0 >= on0 && col0 + 0 < N)) ? __ldcg(wr + 0) : 0.0f;
                acc[0][1] += (rok && (col0 + 1 >= on0 && col0 + 1 < N)) ? __ldcg(wr + 1) : 0.0f;
                acc[0][2] += (rok && (col0 + 2 >= on0 && col0 + 2 < N)) ? __ldcg(wr + 2) : 0.0f;
                acc[0][3] += (rok && (col0 + 3 >= on0 && col0 + 3 < N)) ? __ldcg(wr + 3) : 0.0f;
                acc[0][4] += (rok && (col0 + 64 >= on0 && col0 + 64 < N)) ? __ldcg(wr + 64) : 0.0f;
                acc[0][5] += (rok && (col0 + 65 >= on0 && col0 + 65 < N)) ? __ldcg(wr + 65) : 0.0f;
                acc[0][6] += (rok && (col0 + 66 >= on0 && col0 + 66 < N)) ? __ldcg(wr + 66) : 0.0f;
                acc[0][7] += (rok && (col0 + 67 >= on0 && col0 + 67 < N)) ? __ldcg(wr + 67) : 0.0f;
            }
            {
                const bool rok = (row0 + 1 >= om0 && row0 + 1 < M);
                const float* __restrict__ wr = ws + (size_t)(row0 + 1) * N;
                acc[1][0] += (rok && (col0 + 0 >= on0 && col0 + 0 < N)) ? __ldcg(wr + 0) : 0.0f;
                acc[1][1] += (rok && (col0 + 1 >= on0 && col0 + 1 < N)) ? __ldcg(wr + 1) : 0.0f;
                acc[1][2] += (rok && (col0 + 2 >= on0 && col0 + 2 < N)) ? __ldcg(wr + 2) : 0.0f;
                acc[1][3] += (rok && (col0 + 3 >= on0 && col0 + 3 < N)) ? __ldcg(wr + 3) : 0.0f;
                acc[1][4] += (rok && (col0 + 64 >= on0 && col0 + 64 < N)) ? __ldcg(wr + 64) : 0.0f;
                acc[1][5] += (rok && (col0 + 65 >= on0 && col0 + 65 < N)) ? __ldcg(wr + 65) : 0.0f;
                acc[1][6] += (rok && (col0 + 66 >= on0 && col0 + 66 < N)) ? __ldcg(wr + 66) : 0.0f;
                acc[1][7] += (rok && (col0 + 67 >= on0 && col0 + 67 < N)) ? __ldcg(wr + 67) : 0.0f;
            }
        }
#pragma unroll 1
        for (int z = 0; z < (int)gridDim.z; ++z) {
            const float* __restrict__ ws = work + (size_t)z * M * N + col0;
            {
                const bool rok = (row0 + 2 >= om0 && row0 + 2 < M);
                const float* __restrict__ wr = ws + (size_t)(row0 + 2) * N;
                acc[2][0] += (rok && (col0 + 0 >= on0 && col0 + 0 < N)) ? __ldcg(wr + 0) : 0.0f;
                acc[2][1] += (rok && (col0 + 1 >= on0 && col0 + 1 < N)) ? __ldcg(wr + 1) : 0.0f;
                acc[2][2] += (rok && (col0 + 2 >= on0 && col0 + 2 < N)) ? __ldcg(wr + 2) : 0.0f;
                acc[2][3] += (rok && (col0 + 3 >= on0 && col0 + 3 < N)) ? __ldcg(wr + 3) : 0.0f;
                acc[2][4] += (rok && (col0 + 64 >= on0 && col0 + 64 < N)) ? __ldcg(wr + 64) : 0.0f;
                acc[2][5] += (rok && (col0 + 65 >= on0 && col0 + 65 < N)) ? __ldcg(wr + 65) : 0.0f;
                acc[2][6] += (rok && (col0 + 66 >= on0 && col0 + 66 < N)) ? __ldcg(wr + 66) : 0.0f;
                acc[2][7] += (rok && (col0 + 67 >= on0 && col0 + 67 < N)) ? __ldcg(wr + 67) : 0.0f;
            }
            {
                const bool rok = (row0 + 3 >= om0 && row0 + 3 < M);
                const float* __restrict__ wr = ws + (size_t)(row0 + 3) * N;
                acc[3][0] += (rok && (col0 + 0 >= on0 && col0 + 0 < N)) ? __ldcg(wr + 0) : 0.0f;
                acc[3][1] += (rok && (col0 + 1 >= on0 && col0 + 1 < N)) ? __ldcg(wr + 1) : 0.0f;
                acc[3][2] += (rok && (col0 + 2 >= on0 && col0 + 2 < N)) ? __ldcg(wr + 2) : 0.0f;
                acc[3][3] += (rok && (col0 + 3 >= on0 && col0 + 3 < N)) ? __ldcg(wr + 3) : 0.0f;
                acc[3][4] += (rok && (col0 + 64 >= on0 && col0 + 64 < N)) ? __ldcg(wr + 64) : 0.0f;
                acc[3][5] += (rok && (col0 + 65 >= on0 && col0 + 65 < N)) ? __ldcg(wr + 65) : 0.0f;
                acc[3][6] += (rok && (col0 + 66 >= on0 && col0 + 66 < N)) ? __ldcg(wr + 66) : 0.0f;
                acc[3][7] += (rok && (col0 + 67 >= on0 && col0 + 67 < N)) ? __ldcg(wr + 67) : 0.0f;
            }
        }
#pragma unroll 1
        for (int z = 0; z < (int)gridDim.z; ++z) {
            const float* __restrict__ ws = work + (size_t)z * M * N + col0;
            {
                const bool rok = (row0 + 64 >= om0 && row0 + 64 < M);
                const float* __restrict__ wr = ws + (size_t)(row0 + 64) * N;
                acc[4][0] += (rok && (col0 + 0 >= on0 && col0 + 0 < N)) ? __ldcg(wr + 0) : 0.0f;
                acc[4][1] += (rok && (col0 + 1 >= on0 && col0 + 1 < N)) ? __ldcg(wr + 1) : 0.0f;
                acc[4][2] += (rok && (col0 + 2 >= on0 && col0 + 2 < N)) ? __ldcg(wr + 2) : 0.0f;
                acc[4][3] += (rok && (col0 + 3 >= on0 && col0 + 3 < N)) ? __ldcg(wr + 3) : 0.0f;
                acc[4][4] += (rok && (col0 + 64 >= on0 && col0 + 64 < N)) ? __ldcg(wr + 64) : 0.0f;
                acc[4][5] += (rok && (col0 + 65 >= on0 && col0 + 65 < N)) ? __ldcg(wr + 65) : 0.0f;
                acc[4][6] += (rok && (col0 + 66 >= on0 && col0 + 66 < N)) ? __ldcg(wr + 66) : 0.0f;
                acc[4][7] += (rok && (col0 + 67 >= on0 && col0 + 67 < N)) ? __ldcg(wr + 67) : 0.0f;
            }
            {
                const bool rok = (row0 + 65 >= om0 && row0 + 65 < M);
                const float* __restrict__ wr = ws + (size_t)(row0 + 65) * N;
                acc[5][0] += (rok && (col0 + 0 >= on0 && col0 + 0 < N)) ? __ldcg(wr + 0) : 0.0f;
                acc[5][1] += (rok && (col0 + 1 >= on0 && col0 + 1 < N)) ? __ldcg(wr + 1) : 0.0f;
                acc[5][2] += (rok && (col0 + 2 >= on0 && col0 + 2 < N)) ? __ldcg(wr + 2) : 0.0f;
                acc[5][3] += (rok && (col0 + 3 >= on0 && col0 + 3 < N)) ? __ldcg(wr + 3) : 0.0f;
                acc[5][4] += (rok && (col0 + 64 >= on0 && col0 + 64 < N)) ? __ldcg(wr + 64) : 0.0f;
                acc[5][5] += (rok && (col0 + 65 >= on0 && col0 + 65 < N)) ? __ldcg(wr + 65) : 0.0f;
                acc[5][6] += (rok && (col0 + 66 >= on0 && col0 + 66 < N)) ? __ldcg(wr + 66) : 0.0f;
                acc[5][7] += (rok && (col0 + 67 >= on0 && col0 + 67 < N)) ? __ldcg(wr + 67) : 0.0f;
            }
        }
#pragma unroll 1
        for (int z = 0; z < (int)gridDim.z; ++z) {
            const float* __restrict__ ws = work + (size_t)z * M * N + col0;
            {
                const bool rok = (row0 + 66 >= om0 && row0 + 66 < M);
                const float* __restrict__ wr = ws + (size_t)(row0 + 66) * N;
                acc[6][0] += (rok && (col0 + 0 >= on0 && col0 + 0 < N)) ? __ldcg(wr + 0) : 0.0f;
                acc[6][1] += (rok && (col0 + 1 >= on0 && col0 + 1 < N)) ? __ldcg(wr + 1) : 0.0f;
                acc[6][2] += (rok && (col0 + 2 >= on0 && col0 + 2 < N)) ? __ldcg(wr + 2) : 0.0f;
                acc[6][3] += (rok && (col0 + 3 >= on0 && col0 + 3 < N)) ? __ldcg(wr + 3) : 0.0f;
                acc[6][4] += (rok && (col0 + 64 >= on0 && col0 + 64 < N)) ? __ldcg(wr + 64) : 0.0f;
                acc[6][5] += (rok && (col0 + 65 >= on0 && col0 + 65 < N)) ? __ldcg(wr + 65) : 0.0f;
                acc[6][6] += (rok && (col0 + 66 >= on0 && col0 + 66 < N)) ? __ldcg(wr + 66) : 0.0f;
                acc[6][7] += (rok && (col0 + 67 >= on0 && col0 + 67 < N)) ? __ldcg(wr + 67) : 0.0f;
            }
            {
                const bool rok = (row0 + 67 >= om0 && row0 + 67 < M);
                const float* __restrict__ wr = ws + (size_t)(row0 + 67) * N;
                acc[7][0] += (rok && (col0 + 0 >= on0 && col0 + 0 < N)) ? __ldcg(wr + 0) : 0.0f;
                acc[7][1] += (rok && (col0 + 1 >= on0 && col0 + 1 < N)) ? __ldcg(wr + 1) : 0.0f;
                acc[7][2] += (rok && (col0 + 2 >= on0 && col0 + 2 < N)) ? __ldcg(wr + 2) : 0.0f;
                acc[7][3] += (rok && (col0 + 3 >= on0 && col0 + 3 < N)) ? __ldcg(wr + 3) : 0.0f;
                acc[7][4] += (rok && (col0 + 64 >= on0 && col0 + 64 < N)) ? __ldcg(wr + 64) : 0.0f;
                acc[7][5] += (rok && (col0 + 65 >= on0 && col0 + 65 < N)) ? __ldcg(wr + 65) : 0.0f;
                acc[7][6] += (rok && (col0 + 66 >= on0 && col0 + 66 < N)) ? __ldcg(wr + 66) : 0.0f;
                acc[7][7] += (rok && (col0 + 67 >= on0 && col0 + 67 < N)) ? __ldcg(wr + 67) : 0.0f;
            }
        }
        if (tx == 0 && ty == 0) tiles[tile] = 0;
    }
    if ((row0 + 0 >= om0 && row0 + 0 < M)) {
        float* __restrict__ crow = C + (size_t)(row0 + 0) * N;
        if (c_vec) {
            if ((col0 + 0 >= on0 && col0 + 0 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 0) =
                    make_float4(acc[0][0], acc[0][1], acc[0][2], acc[0][3]);
            if ((col0 + 64 >= on0 && col0 + 64 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 64) =
                    make_float4(acc[0][4], acc[0][5], acc[0][6], acc[0][7]);
        } else
        {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) crow[col0 + 0] = acc[0][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) crow[col0 + 1] = acc[0][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) crow[col0 + 2] = acc[0][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) crow[col0 + 3] = acc[0][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) crow[col0 + 64] = acc[0][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) crow[col0 + 65] = acc[0][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) crow[col0 + 66] = acc[0][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) crow[col0 + 67] = acc[0][7];
        }
    }
    if ((row0 + 1 >= om0 && row0 + 1 < M)) {
        float* __restrict__ crow = C + (size_t)(row0 + 1) * N;
        if (c_vec) {
            if ((col0 + 0 >= on0 && col0 + 0 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 0) =
                    make_float4(acc[1][0], acc[1][1], acc[1][2], acc[1][3]);
            if ((col0 + 64 >= on0 && col0 + 64 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 64) =
                    make_float4(acc[1][4], acc[1][5], acc[1][6], acc[1][7]);
        } else
        {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) crow[col0 + 0] = acc[1][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) crow[col0 + 1] = acc[1][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) crow[col0 + 2] = acc[1][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) crow[col0 + 3] = acc[1][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) crow[col0 + 64] = acc[1][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) crow[col0 + 65] = acc[1][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) crow[col0 + 66] = acc[1][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) crow[col0 + 67] = acc[1][7];
        }
    }
    if ((row0 + 2 >= om0 && row0 + 2 < M)) {
        float* __restrict__ crow = C + (size_t)(row0 + 2) * N;
        if (c_vec) {
            if ((col0 + 0 >= on0 && col0 + 0 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 0) =
                    make_float4(acc[2][0], acc[2][1], acc[2][2], acc[2][3]);
            if ((col0 + 64 >= on0 && col0 + 64 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 64) =
                    make_float4(acc[2][4], acc[2][5], acc[2][6], acc[2][7]);
        } else
        {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) crow[col0 + 0] = acc[2][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) crow[col0 + 1] = acc[2][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) crow[col0 + 2] = acc[2][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) crow[col0 + 3] = acc[2][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) crow[col0 + 64] = acc[2][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) crow[col0 + 65] = acc[2][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) crow[col0 + 66] = acc[2][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) crow[col0 + 67] = acc[2][7];
        }
    }
    if ((row0 + 3 >= om0 && row0 + 3 < M)) {
        float* __restrict__ crow = C + (size_t)(row0 + 3) * N;
        if (c_vec) {
            if ((col0 + 0 >= on0 && col0 + 0 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 0) =
                    make_float4(acc[3][0], acc[3][1], acc[3][2], acc[3][3]);
            if ((col0 + 64 >= on0 && col0 + 64 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 64) =
                    make_float4(acc[3][4], acc[3][5], acc[3][6], acc[3][7]);
        } else
        {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) crow[col0 + 0] = acc[3][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) crow[col0 + 1] = acc[3][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) crow[col0 + 2] = acc[3][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) crow[col0 + 3] = acc[3][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) crow[col0 + 64] = acc[3][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) crow[col0 + 65] = acc[3][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) crow[col0 + 66] = acc[3][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) crow[col0 + 67] = acc[3][7];
        }
    }
    if ((row0 + 64 >= om0 && row0 + 64 < M)) {
        float* __restrict__ crow = C + (size_t)(row0 + 64) * N;
        if (c_vec) {
            if ((col0 + 0 >= on0 && col0 + 0 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 0) =
                    make_float4(acc[4][0], acc[4][1], acc[4][2], acc[4][3]);
            if ((col0 + 64 >= on0 && col0 + 64 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 64) =
                    make_float4(acc[4][4], acc[4][5], acc[4][6], acc[4][7]);
        } else
        {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) crow[col0 + 0] = acc[4][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) crow[col0 + 1] = acc[4][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) crow[col0 + 2] = acc[4][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) crow[col0 + 3] = acc[4][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) crow[col0 + 64] = acc[4][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) crow[col0 + 65] = acc[4][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) crow[col0 + 66] = acc[4][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) crow[col0 + 67] = acc[4][7];
        }
    }
    if ((row0 + 65 >= om0 && row0 + 65 < M)) {
        float* __restrict__ crow = C + (size_t)(row0 + 65) * N;
        if (c_vec) {
            if ((col0 + 0 >= on0 && col0 + 0 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 0) =
                    make_float4(acc[5][0], acc[5][1], acc[5][2], acc[5][3]);
            if ((col0 + 64 >= on0 && col0 + 64 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 64) =
                    make_float4(acc[5][4], acc[5][5], acc[5][6], acc[5][7]);
        } else
        {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) crow[col0 + 0] = acc[5][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) crow[col0 + 1] = acc[5][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) crow[col0 + 2] = acc[5][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) crow[col0 + 3] = acc[5][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) crow[col0 + 64] = acc[5][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) crow[col0 + 65] = acc[5][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) crow[col0 + 66] = acc[5][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) crow[col0 + 67] = acc[5][7];
        }
    }
    if ((row0 + 66 >= om0 && row0 + 66 < M)) {
        float* __restrict__ crow = C + (size_t)(row0 + 66) * N;
        if (c_vec) {
            if ((col0 + 0 >= on0 && col0 + 0 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 0) =
                    make_float4(acc[6][0], acc[6][1], acc[6][2], acc[6][3]);
            if ((col0 + 64 >= on0 && col0 + 64 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 64) =
                    make_float4(acc[6][4], acc[6][5], acc[6][6], acc[6][7]);
        } else
        {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) crow[col0 + 0] = acc[6][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) crow[col0 + 1] = acc[6][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) crow[col0 + 2] = acc[6][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) crow[col0 + 3] = acc[6][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) crow[col0 + 64] = acc[6][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) crow[col0 + 65] = acc[6][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) crow[col0 + 66] = acc[6][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) crow[col0 + 67] = acc[6][7];
        }
    }
    if ((row0 + 67 >= om0 && row0 + 67 < M)) {
        float* __restrict__ crow = C + (size_t)(row0 + 67) * N;
        if (c_vec) {
            if ((col0 + 0 >= on0 && col0 + 0 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 0) =
                    make_float4(acc[7][0], acc[7][1], acc[7][2], acc[7][3]);
            if ((col0 + 64 >= on0 && col0 + 64 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 64) =
                    make_float4(acc[7][4], acc[7][5], acc[7][6], acc[7][7]);
        } else
        {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) crow[col0 + 0] = acc[7][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) crow[col0 + 1] = acc[7][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) crow[col0 + 2] = acc[7][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) crow[col0 + 3] = acc[7][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) crow[col0 + 64] = acc[7][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) crow[col0 + 65] = acc[7][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) crow[col0 + 66] = acc[7][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) crow[col0 + 67] = acc[7][7];
        }
    }
}
}  // namespace spec_2

inline cudaError_t launch_2(float* C, const float* A, const float* B, float* work, int* tiles, int M, int N, int K, cudaStream_t stream = 0) {
    dim3 grid((unsigned)evo_floordiv(N + 127, 128), (unsigned)evo_floordiv(M + 127, 128), (unsigned)((evo_min(4, evo_floordiv(K + 7, 8)) * (long long)M * N <= 33554432LL) ? evo_min(4, evo_floordiv(K + 7, 8)) : 1));
    dim3 block((unsigned)16, (unsigned)16, (unsigned)1);
    spec_2::sgemm_2<<<grid, block, 0, stream>>>(C, A, B, work, tiles, M, N, K);
    return cudaGetLastError();
}

// ---- specialization 3: tuned for {"K": 6875, "M": 659, "N": 2397}
// genome: {"TileLoops_M": 64, "TileLoops_N": 128, "TileLoops_K": 8, "ThreadCoarsening_M": 8, "ThreadCoarsening_N": 8, "UseSharedMemory": true, "PadSharedMemory": true, "VectorizeLoads": true, "CoalesceMemoryAccess": true, "UnrollLoop": 1, "ReorderInstructions": true, "ReorderInstructions_Async": 0, "TileLoops_Specialize": true, "ReorderInstructions_Fragments": true, "TileLoops_Group": 1, "AdjustBlockSize_MaxRegisters": 128, "TileLoops_SpecializeEdges": true, "TileLoops_SplitK": 8, "TileLoops_SplitKEdges": 1, "TileLoops_Shift": true}
// measured: gpu_name=NVIDIA H100 80GB HBM3, driver_version=580.159.04, nvcc_version=cuda_13.0.r13.0/compiler.36424714_0, measured_at=2026-12-05T16:29:25+00:00, median_ms=0.5744, speedup=24.54, fitness=24.5, cv=0.001572, registers=128, spill_bytes=0
// fitness = speedup * exp(-w_cv * cv) / (1 + w_spill * spill_KiB) (see evo_kernels/fitness.py)
[[maybe_unused]] constexpr int TILELOOPS_M_3 = 64;
[[maybe_unused]] constexpr int TILELOOPS_N_3 = 128;
[[maybe_unused]] constexpr int TILELOOPS_K_3 = 8;
[[maybe_unused]] constexpr int THREADCOARSENING_M_3 = 8;
[[maybe_unused]] constexpr int THREADCOARSENING_N_3 = 8;
[[maybe_unused]] constexpr int USESHAREDMEMORY_3 = 1;
[[maybe_unused]] constexpr int PADSHAREDMEMORY_3 = 1;
[[maybe_unused]] constexpr int VECTORIZELOADS_3 = 1;
[[maybe_unused]] constexpr int COALESCEMEMORYACCESS_3 = 1;
[[maybe_unused]] constexpr int UNROLLLOOP_3 = 1;
[[maybe_unused]] constexpr int REORDERINSTRUCTIONS_3 = 1;
[[maybe_unused]] constexpr int REORDERINSTRUCTIONS_ASYNC_3 = 0;
[[maybe_unused]] constexpr int TILELOOPS_SPECIALIZE_3 = 1;
[[maybe_unused]] constexpr int REORDERINSTRUCTIONS_FRAGMENTS_3 = 1;
[[maybe_unused]] constexpr int TILELOOPS_GROUP_3 = 1;
[[maybe_unused]] constexpr int ADJUSTBLOCKSIZE_MAXREGISTERS_3 = 128;
[[maybe_unused]] constexpr int TILELOOPS_SPECIALIZEEDGES_3 = 1;
[[maybe_unused]] constexpr int TILELOOPS_SPLITK_3 = 8;
[[maybe_unused]] constexpr int TILELOOPS_SPLITKEDGES_3 = 1;
[[maybe_unused]] constexpr int TILELOOPS_SHIFT_3 = 1;
namespace spec_3 {  // device helpers of one specialization stay apart from the others'
// sgemm_3: block tile 64x128x8, 16x8 threads of 8x8 outputs,
// shared=1 pad=4 vec=1 coalesce=1 unroll=1
// double_buffer=1 async_stages=0 max_registers=128 full_tile_path=1
// fragment_pipeline=1 block_row_group=1 full_tile_edges=1 split_k=8
static __global__ void __launch_bounds__(128, 4)
sgemm_3(float* __restrict__ C, const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ work,
          int* __restrict__ tiles, int M, int N, int K)
{
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int om0 = blockIdx.y * 64, on0 = blockIdx.x * 128;
    // TileLoops_Shift: a tile that M or N cuts short is moved back inside the matrix (where the matrix is as large
    // as a tile): it computes the last 64 rows and 128 columns, all in range, so it takes the full-tile loop,
    // and stores only its own outputs (row >= om0, column >= on0); the rows and columns it shares with the
    // tile before it are computed twice and stored once
    const int bm0 = om0 + 64 > M && M >= 64 ? M - 64 : om0;
    const int bn0 = on0 + 128 > N && N >= 128 ? N - 128 : on0;
    const int row0 = bm0 + ty * 4, col0 = bn0 + tx * 4;   // + roff(i), + coff(j)
    // float4 paths need a row stride that is a multiple of 4 and a 16-byte aligned base; else scalar
    const bool a_vec = (K & 3) == 0 && ((size_t)A & 15) == 0;
    const bool b_vec = (N & 3) == 0 && ((size_t)B & 15) == 0;
    const bool c_vec = (N & 3) == 0 && ((size_t)C & 15) == 0;
    float acc[8][8];
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) acc[i][j] = 0.0f;

    __shared__ __align__(16) float As[2][8][68];   // A tile, transposed: As[k][m]
    __shared__ __align__(16) float Bs[2][8][132];   // B tile: Bs[k][n]
    const int tid = ty * 16 + tx;
    // split-K: this block walks k tiles [z * per, (z + 1) * per) of the ceil(K / 8); A and B start there
    // (a multiple of 8 columns of A, rows of B: float4 alignment is kept)
    const int per = ((K + 7) / 8 + (int)gridDim.z - 1) / (int)gridDim.z;
    const int k0 = (int)blockIdx.z * per * 8;
    const int KS = max(0, min(K - k0, per * 8));
    A += min(k0, K);
    B += (size_t)min(k0, K) * N;
    // load mapping: thread tid moves units tid + l*128 of each tile (A: 4 k of one row, B: 4 n of one k)
    const int am0 = (tid + 0) / 2, ak0 = (tid + 0) % 2 * 4;
    const bool ain0 = true;
    const bool aok0 = ain0 && bm0 + am0 < M;
    const float* asrc0 = A + (size_t)(bm0 + am0) * K + ak0;   // advanced by BK per tile
    const int ubk0 = (tid + 0) / 32, ubn0 = (tid + 0) % 32 * 4;
    const bool bin0 = true;
    const float* bsrc0 = B + (size_t)ubk0 * N + bn0 + ubn0;   // advanced by BK rows per tile
    const int ubk1 = (tid + 128) / 32, ubn1 = (tid + 128) % 32 * 4;
    const bool bin1 = true;
    const float* bsrc1 = B + (size_t)ubk1 * N + bn0 + ubn1;   // advanced by BK rows per tile
    float4 ra[1], rb[2];







    if (KS >= 8 && bm0 + 64 <= M && bn0 + 128 <= N) {   // uniform over the block
        if (a_vec && b_vec) {

        // every tile full (K % 8 == 0, the block inside M and N) and both operands float4-aligned:
        // the same pipeline with no bounds predicates and no alignment tests in the loop (with
        // TileLoops_SpecializeEdges: the K / 8 full tiles of any K, the loads scalar where not aligned)

        {   // global -> registers, the next tile: full and aligned, so plain float4 loads (a thread whose
            // last unit lies past the tile loads nothing for it: its address may be past the matrix)
            ra[0] = *reinterpret_cast<const float4*>(asrc0);
            asrc0 += 8;
            rb[0] = *reinterpret_cast<const float4*>(bsrc0);
            bsrc0 += (size_t)8 * N;
            rb[1] = *reinterpret_cast<const float4*>(bsrc1);
            bsrc1 += (size_t)8 * N;
        }


        {   // registers -> shared buffer 0
            {
                As[0][ak0][am0] = ra[0].x;
                As[0][ak0 + 1][am0] = ra[0].y;
                As[0][ak0 + 2][am0] = ra[0].z;
                As[0][ak0 + 3][am0] = ra[0].w;
            }
            {
                *reinterpret_cast<float4*>(&Bs[0][ubk0][ubn0]) = rb[0];
            }
            {
                *reinterpret_cast<float4*>(&Bs[0][ubk1][ubn1]) = rb[1];
            }
        }

        __syncthreads();
        const int nt = KS / 8;
        float fa0[8], fb0[8], fa1[8], fb1[8];

            {   // the A and B fragments of k row 0 of buffer 0 into register slot 0
                const float* as = &As[0][0][ty * 4];
                const float* bs = &Bs[0][0][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

        int t = 0;
#pragma unroll 1
        for (; t + 2 < nt; t += 2) {   // tiles t (buffer 0) and t + 1 (buffer 1); t + 1 and t + 2 loaded here

        {   // one tile from buffer 0: while row kk is multiplied, row kk + 1 is read; before the last
            // row's products the next tile (in registers since the step began) goes to buffer 1, the
            // barrier passes, and the next tile's row 0 is read under those products

        {   // global -> registers, the next tile: full and aligned, so plain float4 loads (a thread whose
            // last unit lies past the tile loads nothing for it: its address may be past the matrix)
            ra[0] = *reinterpret_cast<const float4*>(asrc0);
            asrc0 += 8;
            rb[0] = *reinterpret_cast<const float4*>(bsrc0);
            bsrc0 += (size_t)8 * N;
            rb[1] = *reinterpret_cast<const float4*>(bsrc1);
            bsrc1 += (size_t)8 * N;
        }


            {   // the A and B fragments of k row 1 of buffer 0 into register slot 1
                const float* as = &As[0][1][ty * 4];
                const float* bs = &Bs[0][1][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 2 of buffer 0 into register slot 0
                const float* as = &As[0][2][ty * 4];
                const float* bs = &Bs[0][2][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 3 of buffer 0 into register slot 1
                const float* as = &As[0][3][ty * 4];
                const float* bs = &Bs[0][3][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 4 of buffer 0 into register slot 0
                const float* as = &As[0][4][ty * 4];
                const float* bs = &Bs[0][4][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 5 of buffer 0 into register slot 1
                const float* as = &As[0][5][ty * 4];
                const float* bs = &Bs[0][5][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 6 of buffer 0 into register slot 0
                const float* as = &As[0][6][ty * 4];
                const float* bs = &Bs[0][6][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 7 of buffer 0 into register slot 1
                const float* as = &As[0][7][ty * 4];
                const float* bs = &Bs[0][7][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

        {   // registers -> shared buffer 1
            {
                As[1][ak0][am0] = ra[0].x;
                As[1][ak0 + 1][am0] = ra[0].y;
                As[1][ak0 + 2][am0] = ra[0].z;
                As[1][ak0 + 3][am0] = ra[0].w;
            }
            {
                *reinterpret_cast<float4*>(&Bs[1][ubk0][ubn0]) = rb[0];
            }
            {
                *reinterpret_cast<float4*>(&Bs[1][ubk1][ubn1]) = rb[1];
            }
        }

            __syncthreads();

            {   // the A and B fragments of k row 0 of buffer 1 into register slot 0
                const float* as = &As[1][0][ty * 4];
                const float* bs = &Bs[1][0][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);
        }


        {   // one tile from buffer 1: while row kk is multiplied, row kk + 1 is read; before the last
            // row's products the next tile (in registers since the step began) goes to buffer 0, the
            // barrier passes, and the next tile's row 0 is read under those products

        {   // global -> registers, the next tile: full and aligned, so plain float4 loads (a thread whose
            // last unit lies past the tile loads nothing for it: its address may be past the matrix)
            ra[0] = *reinterpret_cast<const float4*>(asrc0);
            asrc0 += 8;
            rb[0] = *reinterpret_cast<const float4*>(bsrc0);
            bsrc0 += (size_t)8 * N;
            rb[1] = *reinterpret_cast<const float4*>(bsrc1);
            bsrc1 += (size_t)8 * N;
        }


            {   // the A and B fragments of k row 1 of buffer 1 into register slot 1
                const float* as = &As[1][1][ty * 4];
                const float* bs = &Bs[1][1][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 2 of buffer 1 into register slot 0
                const float* as = &As[1][2][ty * 4];
                const float* bs = &Bs[1][2][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 3 of buffer 1 into register slot 1
                const float* as = &As[1][3][ty * 4];
                const float* bs = &Bs[1][3][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 4 of buffer 1 into register slot 0
                const float* as = &As[1][4][ty * 4];
                const float* bs = &Bs[1][4][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 5 of buffer 1 into register slot 1
                const float* as = &As[1][5][ty * 4];
                const float* bs = &Bs[1][5][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 6 of buffer 1 into register slot 0
                const float* as = &As[1][6][ty * 4];
                const float* bs = &Bs[1][6][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 7 of buffer 1 into register slot 1
                const float* as = &As[1][7][ty * 4];
                const float* bs = &Bs[1][7][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

        {   // registers -> shared buffer 0
            {
                As[0][ak0][am0] = ra[0].x;
                As[0][ak0 + 1][am0] = ra[0].y;
                As[0][ak0 + 2][am0] = ra[0].z;
                As[0][ak0 + 3][am0] = ra[0].w;
            }
            {
                *reinterpret_cast<float4*>(&Bs[0][ubk0][ubn0]) = rb[0];
            }
            {
                *reinterpret_cast<float4*>(&Bs[0][ubk1][ubn1]) = rb[1];
            }
        }

            __syncthreads();

            {   // the A and B fragments of k row 0 of buffer 0 into register slot 0
                const float* as = &As[0][0][ty * 4];
                const float* bs = &Bs[0][0][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);
        }

        }
        if (t + 1 < nt) {   // two tiles left

        {   // one tile from buffer 0: while row kk is multiplied, row kk + 1 is read; before the last
            // row's products the next tile (in registers since the step began) goes to buffer 1, the
            // barrier passes, and the next tile's row 0 is read under those products

        {   // global -> registers, the next tile: full and aligned, so plain float4 loads (a thread whose
            // last unit lies past the tile loads nothing for it: its address may be past the matrix)
            ra[0] = *reinterpret_cast<const float4*>(asrc0);
            asrc0 += 8;
            rb[0] = *reinterpret_cast<const float4*>(bsrc0);
            bsrc0 += (size_t)8 * N;
            rb[1] = *reinterpret_cast<const float4*>(bsrc1);
            bsrc1 += (size_t)8 * N;
        }


            {   // the A and B fragments of k row 1 of buffer 0 into register slot 1
                const float* as = &As[0][1][ty * 4];
                const float* bs = &Bs[0][1][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 2 of buffer 0 into register slot 0
                const float* as = &As[0][2][ty * 4];
                const float* bs = &Bs[0][2][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 3 of buffer 0 into register slot 1
                const float* as = &As[0][3][ty * 4];
                const float* bs = &Bs[0][3][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 4 of buffer 0 into register slot 0
                const float* as = &As[0][4][ty * 4];
                const float* bs = &Bs[0][4][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 5 of buffer 0 into register slot 1
                const float* as = &As[0][5][ty * 4];
                const float* bs = &Bs[0][5][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 6 of buffer 0 into register slot 0
                const float* as = &As[0][6][ty * 4];
                const float* bs = &Bs[0][6][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 7 of buffer 0 into register slot 1
                const float* as = &As[0][7][ty * 4];
                const float* bs = &Bs[0][7][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

        {   // registers -> shared buffer 1
            {
                As[1][ak0][am0] = ra[0].x;
                As[1][ak0 + 1][am0] = ra[0].y;
                As[1][ak0 + 2][am0] = ra[0].z;
                As[1][ak0 + 3][am0] = ra[0].w;
            }
            {
                *reinterpret_cast<float4*>(&Bs[1][ubk0][ubn0]) = rb[0];
            }
            {
                *reinterpret_cast<float4*>(&Bs[1][ubk1][ubn1]) = rb[1];
            }
        }

            __syncthreads();

            {   // the A and B fragments of k row 0 of buffer 1 into register slot 0
                const float* as = &As[1][0][ty * 4];
                const float* bs = &Bs[1][0][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);
        }


        {   // one tile from buffer 1: while row kk is multiplied, row kk + 1 is read; before the last
            // row's products the next tile (in registers since the step began) goes to buffer 0, the
            // barrier passes, and the next tile's row 0 is read under those products

            {   // the A and B fragments of k row 1 of buffer 1 into register slot 1
                const float* as = &As[1][1][ty * 4];
                const float* bs = &Bs[1][1][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 2 of buffer 1 into register slot 0
                const float* as = &As[1][2][ty * 4];
                const float* bs = &Bs[1][2][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 3 of buffer 1 into register slot 1
                const float* as = &As[1][3][ty * 4];
                const float* bs = &Bs[1][3][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 4 of buffer 1 into register slot 0
                const float* as = &As[1][4][ty * 4];
                const float* bs = &Bs[1][4][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 5 of buffer 1 into register slot 1
                const float* as = &As[1][5][ty * 4];
                const float* bs = &Bs[1][5][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 6 of buffer 1 into register slot 0
                const float* as = &As[1][6][ty * 4];
                const float* bs = &Bs[1][6][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 7 of buffer 1 into register slot 1
                const float* as = &As[1][7][ty * 4];
                const float* bs = &Bs[1][7][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);
#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);
        }

        } else {            // one tile left

        {   // one tile from buffer 0: while row kk is multiplied, row kk + 1 is read; before the last
            // row's products the next tile (in registers since the step began) goes to buffer 1, the
            // barrier passes, and the next tile's row 0 is read under those products

            {   // the A and B fragments of k row 1 of buffer 0 into register slot 1
                const float* as = &As[0][1][ty * 4];
                const float* bs = &Bs[0][1][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 2 of buffer 0 into register slot 0
                const float* as = &As[0][2][ty * 4];
                const float* bs = &Bs[0][2][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 3 of buffer 0 into register slot 1
                const float* as = &As[0][3][ty * 4];
                const float* bs = &Bs[0][3][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 4 of buffer 0 into register slot 0
                const float* as = &As[0][4][ty * 4];
                const float* bs = &Bs[0][4][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 5 of buffer 0 into register slot 1
                const float* as = &As[0][5][ty * 4];
                const float* bs = &Bs[0][5][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 6 of buffer 0 into register slot 0
                const float* as = &As[0][6][ty * 4];
                const float* bs = &Bs[0][6][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 7 of buffer 0 into register slot 1
                const float* as = &As[0][7][ty * 4];
                const float* bs = &Bs[0][7][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);
#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);
        }

        }

        } else {

        // every tile full (K % 8 == 0, the block inside M and N) and both operands float4-aligned:
        // the same pipeline with no bounds predicates and no alignment tests in the loop (with
        // TileLoops_SpecializeEdges: the K / 8 full tiles of any K, the loads scalar where not aligned)

        {   // global -> registers, the next tile: full but an operand is not float4-aligned (a row stride
            // not a multiple of 4): four plain scalar loads per unit, still no predicates
            { ra[0].x = asrc0[0]; ra[0].y = asrc0[1]; ra[0].z = asrc0[2]; ra[0].w = asrc0[3]; }
            asrc0 += 8;
            { rb[0].x = bsrc0[0]; rb[0].y = bsrc0[1]; rb[0].z = bsrc0[2]; rb[0].w = bsrc0[3]; }
            bsrc0 += (size_t)8 * N;
            { rb[1].x = bsrc1[0]; rb[1].y = bsrc1[1]; rb[1].z = bsrc1[2]; rb[1].w = bsrc1[3]; }
            bsrc1 += (size_t)8 * N;
        }


        {   // registers -> shared buffer 0
            {
                As[0][ak0][am0] = ra[0].x;
                As[0][ak0 + 1][am0] = ra[0].y;
                As[0][ak0 + 2][am0] = ra[0].z;
                As[0][ak0 + 3][am0] = ra[0].w;
            }
            {
                *reinterpret_cast<float4*>(&Bs[0][ubk0][ubn0]) = rb[0];
            }
            {
                *reinterpret_cast<float4*>(&Bs[0][ubk1][ubn1]) = rb[1];
            }
        }

        __syncthreads();
        const int nt = KS / 8;
        float fa0[8], fb0[8], fa1[8], fb1[8];

            {   // the A and B fragments of k row 0 of buffer 0 into register slot 0
                const float* as = &As[0][0][ty * 4];
                const float* bs = &Bs[0][0][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

        int t = 0;
#pragma unroll 1
        for (; t + 2 < nt; t += 2) {   // tiles t (buffer 0) and t + 1 (buffer 1); t + 1 and t + 2 loaded here

        {   // one tile from buffer 0: while row kk is multiplied, row kk + 1 is read; before the last
            // row's products the next tile (in registers since the step began) goes to buffer 1, the
            // barrier passes, and the next tile's row 0 is read under those products

        {   // global -> registers, the next tile: full but an operand is not float4-aligned (a row stride
            // not a multiple of 4): four plain scalar loads per unit, still no predicates
            { ra[0].x = asrc0[0]; ra[0].y = asrc0[1]; ra[0].z = asrc0[2]; ra[0].w = asrc0[3]; }
            asrc0 += 8;
            { rb[0].x = bsrc0[0]; rb[0].y = bsrc0[1]; rb[0].z = bsrc0[2]; rb[0].w = bsrc0[3]; }
            bsrc0 += (size_t)8 * N;
            { rb[1].x = bsrc1[0]; rb[1].y = bsrc1[1]; rb[1].z = bsrc1[2]; rb[1].w = bsrc1[3]; }
            bsrc1 += (size_t)8 * N;
        }


            {   // the A and B fragments of k row 1 of buffer 0 into register slot 1
                const float* as = &As[0][1][ty * 4];
                const float* bs = &Bs[0][1][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 2 of buffer 0 into register slot 0
                const float* as = &As[0][2][ty * 4];
                const float* bs = &Bs[0][2][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 3 of buffer 0 into register slot 1
                const float* as = &As[0][3][ty * 4];
                const float* bs = &Bs[0][3][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 4 of buffer 0 into register slot 0
                const float* as = &As[0][4][ty * 4];
                const float* bs = &Bs[0][4][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 5 of buffer 0 into register slot 1
                const float* as = &As[0][5][ty * 4];
                const float* bs = &Bs[0][5][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 6 of buffer 0 into register slot 0
                const float* as = &As[0][6][ty * 4];
                const float* bs = &Bs[0][6][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 7 of buffer 0 into register slot 1
                const float* as = &As[0][7][ty * 4];
                const float* bs = &Bs[0][7][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

        {   // registers -> shared buffer 1
            {
                As[1][ak0][am0] = ra[0].x;
                As[1][ak0 + 1][am0] = ra[0].y;
                As[1][ak0 + 2][am0] = ra[0].z;
                As[1][ak0 + 3][am0] = ra[0].w;
            }
            {
                *reinterpret_cast<float4*>(&Bs[1][ubk0][ubn0]) = rb[0];
            }
            {
                *reinterpret_cast<float4*>(&Bs[1][ubk1][ubn1]) = rb[1];
            }
        }

            __syncthreads();

            {   // the A and B fragments of k row 0 of buffer 1 into register slot 0
                const float* as = &As[1][0][ty * 4];
                const float* bs = &Bs[1][0][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);
        }


        {   // one tile from buffer 1: while row kk is multiplied, row kk + 1 is read; before the last
            // row's products the next tile (in registers since the step began) goes to buffer 0, the
            // barrier passes, and the next tile's row 0 is read under those products

        {   // global -> registers, the next tile: full but an operand is not float4-aligned (a row stride
            // not a multiple of 4): four plain scalar loads per unit, still no predicates
            { ra[0].x = asrc0[0]; ra[0].y = asrc0[1]; ra[0].z = asrc0[2]; ra[0].w = asrc0[3]; }
            asrc0 += 8;
            { rb[0].x = bsrc0[0]; rb[0].y = bsrc0[1]; rb[0].z = bsrc0[2]; rb[0].w = bsrc0[3]; }
            bsrc0 += (size_t)8 * N;
            { rb[1].x = bsrc1[0]; rb[1].y = bsrc1[1]; rb[1].z = bsrc1[2]; rb[1].w = bsrc1[3]; }
            bsrc1 += (size_t)8 * N;
        }


            {   // the A and B fragments of k row 1 of buffer 1 into register slot 1
                const float* as = &As[1][1][ty * 4];
                const float* bs = &Bs[1][1][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 2 of buffer 1 into register slot 0
                const float* as = &As[1][2][ty * 4];
                const float* bs = &Bs[1][2][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 3 of buffer 1 into register slot 1
                const float* as = &As[1][3][ty * 4];
                const float* bs = &Bs[1][3][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 4 of buffer 1 into register slot 0
                const float* as = &As[1][4][ty * 4];
                const float* bs = &Bs[1][4][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 5 of buffer 1 into register slot 1
                const float* as = &As[1][5][ty * 4];
                const float* bs = &Bs[1][5][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 6 of buffer 1 into register slot 0
                const float* as = &As[1][6][ty * 4];
                const float* bs = &Bs[1][6][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 7 of buffer 1 into register slot 1
                const float* as = &As[1][7][ty * 4];
                const float* bs = &Bs[1][7][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

        {   // registers -> shared buffer 0
            {
                As[0][ak0][am0] = ra[0].x;
                As[0][ak0 + 1][am0] = ra[0].y;
                As[0][ak0 + 2][am0] = ra[0].z;
                As[0][ak0 + 3][am0] = ra[0].w;
            }
            {
                *reinterpret_cast<float4*>(&Bs[0][ubk0][ubn0]) = rb[0];
            }
            {
                *reinterpret_cast<float4*>(&Bs[0][ubk1][ubn1]) = rb[1];
            }
        }

            __syncthreads();

            {   // the A and B fragments of k row 0 of buffer 0 into register slot 0
                const float* as = &As[0][0][ty * 4];
                const float* bs = &Bs[0][0][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);
        }

        }
        if (t + 1 < nt) {   // two tiles left

        {   // one tile from buffer 0: while row kk is multiplied, row kk + 1 is read; before the last
            // row's products the next tile (in registers since the step began) goes to buffer 1, the
            // barrier passes, and the next tile's row 0 is read under those products

        {   // global -> registers, the next tile: full but an operand is not float4-aligned (a row stride
            // not a multiple of 4): four plain scalar loads per unit, still no predicates
            { ra[0].x = asrc0[0]; ra[0].y = asrc0[1]; ra[0].z = asrc0[2]; ra[0].w = asrc0[3]; }
            asrc0 += 8;
            { rb[0].x = bsrc0[0]; rb[0].y = bsrc0[1]; rb[0].z = bsrc0[2]; rb[0].w = bsrc0[3]; }
            bsrc0 += (size_t)8 * N;
            { rb[1].x = bsrc1[0]; rb[1].y = bsrc1[1]; rb[1].z = bsrc1[2]; rb[1].w = bsrc1[3]; }
            bsrc1 += (size_t)8 * N;
        }


            {   // the A and B fragments of k row 1 of buffer 0 into register slot 1
                const float* as = &As[0][1][ty * 4];
                const float* bs = &Bs[0][1][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 2 of buffer 0 into register slot 0
                const float* as = &As[0][2][ty * 4];
                const float* bs = &Bs[0][2][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 3 of buffer 0 into register slot 1
                const float* as = &As[0][3][ty * 4];
                const float* bs = &Bs[0][3][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 4 of buffer 0 into register slot 0
                const float* as = &As[0][4][ty * 4];
                const float* bs = &Bs[0][4][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 5 of buffer 0 into register slot 1
                const float* as = &As[0][5][ty * 4];
                const float* bs = &Bs[0][5][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 6 of buffer 0 into register slot 0
                const float* as = &As[0][6][ty * 4];
                const float* bs = &Bs[0][6][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 7 of buffer 0 into register slot 1
                const float* as = &As[0][7][ty * 4];
                const float* bs = &Bs[0][7][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

        {   // registers -> shared buffer 1
            {
                As[1][ak0][am0] = ra[0].x;
                As[1][ak0 + 1][am0] = ra[0].y;
                As[1][ak0 + 2][am0] = ra[0].z;
                As[1][ak0 + 3][am0] = ra[0].w;
            }
            {
                *reinterpret_cast<float4*>(&Bs[1][ubk0][ubn0]) = rb[0];
            }
            {
                *reinterpret_cast<float4*>(&Bs[1][ubk1][ubn1]) = rb[1];
            }
        }

            __syncthreads();

            {   // the A and B fragments of k row 0 of buffer 1 into register slot 0
                const float* as = &As[1][0][ty * 4];
                const float* bs = &Bs[1][0][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);
        }


        {   // one tile from buffer 1: while row kk is multiplied, row kk + 1 is read; before the last
            // row's products the next tile (in registers since the step began) goes to buffer 0, the
            // barrier passes, and the next tile's row 0 is read under those products

            {   // the A and B fragments of k row 1 of buffer 1 into register slot 1
                const float* as = &As[1][1][ty * 4];
                const float* bs = &Bs[1][1][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 2 of buffer 1 into register slot 0
                const float* as = &As[1][2][ty * 4];
                const float* bs = &Bs[1][2][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 3 of buffer 1 into register slot 1
                const float* as = &As[1][3][ty * 4];
                const float* bs = &Bs[1][3][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 4 of buffer 1 into register slot 0
                const float* as = &As[1][4][ty * 4];
                const float* bs = &Bs[1][4][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 5 of buffer 1 into register slot 1
                const float* as = &As[1][5][ty * 4];
                const float* bs = &Bs[1][5][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 6 of buffer 1 into register slot 0
                const float* as = &As[1][6][ty * 4];
                const float* bs = &Bs[1][6][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 7 of buffer 1 into register slot 1
                const float* as = &As[1][7][ty * 4];
                const float* bs = &Bs[1][7][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);
#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);
        }

        } else {            // one tile left

        {   // one tile from buffer 0: while row kk is multiplied, row kk + 1 is read; before the last
            // row's products the next tile (in registers since the step began) goes to buffer 1, the
            // barrier passes, and the next tile's row 0 is read under those products

            {   // the A and B fragments of k row 1 of buffer 0 into register slot 1
                const float* as = &As[0][1][ty * 4];
                const float* bs = &Bs[0][1][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 2 of buffer 0 into register slot 0
                const float* as = &As[0][2][ty * 4];
                const float* bs = &Bs[0][2][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 3 of buffer 0 into register slot 1
                const float* as = &As[0][3][ty * 4];
                const float* bs = &Bs[0][3][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 4 of buffer 0 into register slot 0
                const float* as = &As[0][4][ty * 4];
                const float* bs = &Bs[0][4][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 5 of buffer 0 into register slot 1
                const float* as = &As[0][5][ty * 4];
                const float* bs = &Bs[0][5][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);

            {   // the A and B fragments of k row 6 of buffer 0 into register slot 0
                const float* as = &As[0][6][ty * 4];
                const float* bs = &Bs[0][6][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa0[0] = t.x; fa0[1] = t.y; fa0[2] = t.z; fa0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa0[4] = t.x; fa0[5] = t.y; fa0[6] = t.z; fa0[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb0[0] = t.x; fb0[1] = t.y; fb0[2] = t.z; fb0[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb0[4] = t.x; fb0[5] = t.y; fb0[6] = t.z; fb0[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);

            {   // the A and B fragments of k row 7 of buffer 0 into register slot 1
                const float* as = &As[0][7][ty * 4];
                const float* bs = &Bs[0][7][tx * 4];
                { const float4 t = *reinterpret_cast<const float4*>(as + 0);
                  fa1[0] = t.x; fa1[1] = t.y; fa1[2] = t.z; fa1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + 32);
                  fa1[4] = t.x; fa1[5] = t.y; fa1[6] = t.z; fa1[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 0);
                  fb1[0] = t.x; fb1[1] = t.y; fb1[2] = t.z; fb1[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + 64);
                  fb1[4] = t.x; fb1[5] = t.y; fb1[6] = t.z; fb1[7] = t.w; }
            }

#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa0[i], fb0[j], acc[i][j]);
#pragma unroll
            for (int i = 0; i < 8; ++i)
#pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(fa1[i], fb1[j], acc[i][j]);
        }

        }

        }
        if (KS % 8 != 0) {   // the last, partial k tile (asrc/bsrc point at it): only k needs a guard
            __syncthreads();     // every thread is done with both buffers
            const int kt = KS / 8 * 8;
            {
                const int k = kt + (tid + 0) % 2 * 4;   // recomputed: nothing stays live for it
                ra[0].x = k < KS ? asrc0[0] : 0.f;
                ra[0].y = k + 1 < KS ? asrc0[1] : 0.f;
                ra[0].z = k + 2 < KS ? asrc0[2] : 0.f;
                ra[0].w = k + 3 < KS ? asrc0[3] : 0.f;
            }
            {
                const bool kok = kt + (tid + 0) / 32 < KS;
                rb[0].x = kok ? bsrc0[0] : 0.f;
                rb[0].y = kok ? bsrc0[1] : 0.f;
                rb[0].z = kok ? bsrc0[2] : 0.f;
                rb[0].w = kok ? bsrc0[3] : 0.f;
            }
            {
                const bool kok = kt + (tid + 128) / 32 < KS;
                rb[1].x = kok ? bsrc1[0] : 0.f;
                rb[1].y = kok ? bsrc1[1] : 0.f;
                rb[1].z = kok ? bsrc1[2] : 0.f;
                rb[1].w = kok ? bsrc1[3] : 0.f;
            }

        {   // registers -> shared buffer 0
            {
                As[0][ak0][am0] = ra[0].x;
                As[0][ak0 + 1][am0] = ra[0].y;
                As[0][ak0 + 2][am0] = ra[0].z;
                As[0][ak0 + 3][am0] = ra[0].w;
            }
            {
                *reinterpret_cast<float4*>(&Bs[0][ubk0][ubn0]) = rb[0];
            }
            {
                *reinterpret_cast<float4*>(&Bs[0][ubk1][ubn1]) = rb[1];
            }
        }

            __syncthreads();

        {   // acc += As[buf]^T . Bs[buf] over the 8 k of the stage
            const float* as = &As[0][0][ty * 4];
            const float* bs = &Bs[0][0][tx * 4];
#pragma unroll 1
            for (int kk = 0; kk < 8; ++kk) {
                float a[8], b[8];
                { const float4 t = *reinterpret_cast<const float4*>(as + kk * 68 + 0);
                  a[0] = t.x; a[1] = t.y; a[2] = t.z; a[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + kk * 68 + 32);
                  a[4] = t.x; a[5] = t.y; a[6] = t.z; a[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + kk * 132 + 0);
                  b[0] = t.x; b[1] = t.y; b[2] = t.z; b[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + kk * 132 + 64);
                  b[4] = t.x; b[5] = t.y; b[6] = t.z; b[7] = t.w; }
#pragma unroll
                for (int i = 0; i < 8; ++i)
#pragma unroll
                    for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
            }
        }

        }
    } else {

    // double buffering: tile kt + BK is prefetched into registers while tile kt is computed, then stored
    // into the other buffer; one barrier per tile. Unrolled by two so that both buffers are static.

        {   // global -> registers, the tile at k = 0 (asrc/bsrc point at it); out-of-range elements are zero
            {
                const int k = 0 + ak0;
                const float* p = asrc0;
                if (a_vec) {
                    ra[0] = (aok0 && k < KS) ? *reinterpret_cast<const float4*>(p) : make_float4(0.f, 0.f, 0.f, 0.f);
                } else {
                    ra[0].x = (aok0 && k < KS) ? p[0] : 0.f;
                    ra[0].y = (aok0 && k + 1 < KS) ? p[1] : 0.f;
                    ra[0].z = (aok0 && k + 2 < KS) ? p[2] : 0.f;
                    ra[0].w = (aok0 && k + 3 < KS) ? p[3] : 0.f;
                }
            }
            {
                const bool kok = bin0 && 0 + ubk0 < KS;
                const float* p = bsrc0;
                const int n = bn0 + ubn0;
                if (b_vec) {
                    rb[0] = (kok && n < N) ? *reinterpret_cast<const float4*>(p) : make_float4(0.f, 0.f, 0.f, 0.f);
                } else {
                    rb[0].x = (kok && n < N) ? p[0] : 0.f;
                    rb[0].y = (kok && n + 1 < N) ? p[1] : 0.f;
                    rb[0].z = (kok && n + 2 < N) ? p[2] : 0.f;
                    rb[0].w = (kok && n + 3 < N) ? p[3] : 0.f;
                }
            }
            {
                const bool kok = bin1 && 0 + ubk1 < KS;
                const float* p = bsrc1;
                const int n = bn0 + ubn1;
                if (b_vec) {
                    rb[1] = (kok && n < N) ? *reinterpret_cast<const float4*>(p) : make_float4(0.f, 0.f, 0.f, 0.f);
                } else {
                    rb[1].x = (kok && n < N) ? p[0] : 0.f;
                    rb[1].y = (kok && n + 1 < N) ? p[1] : 0.f;
                    rb[1].z = (kok && n + 2 < N) ? p[2] : 0.f;
                    rb[1].w = (kok && n + 3 < N) ? p[3] : 0.f;
                }
            }
            asrc0 += 8;
            bsrc0 += (size_t)8 * N;
            bsrc1 += (size_t)8 * N;
        }


        {   // registers -> shared buffer 0
            {
                As[0][ak0][am0] = ra[0].x;
                As[0][ak0 + 1][am0] = ra[0].y;
                As[0][ak0 + 2][am0] = ra[0].z;
                As[0][ak0 + 3][am0] = ra[0].w;
            }
            {
                *reinterpret_cast<float4*>(&Bs[0][ubk0][ubn0]) = rb[0];
            }
            {
                *reinterpret_cast<float4*>(&Bs[0][ubk1][ubn1]) = rb[1];
            }
        }

    __syncthreads();
#pragma unroll 1
    for (int kt = 0; kt < KS; kt += 16) {
        bool more = kt + 8 < KS;
        if (more) {

        {   // global -> registers, the tile at k = kt + 8 (asrc/bsrc point at it); out-of-range elements are zero
            {
                const int k = kt + 8 + ak0;
                const float* p = asrc0;
                if (a_vec) {
                    ra[0] = (aok0 && k < KS) ? *reinterpret_cast<const float4*>(p) : make_float4(0.f, 0.f, 0.f, 0.f);
                } else {
                    ra[0].x = (aok0 && k < KS) ? p[0] : 0.f;
                    ra[0].y = (aok0 && k + 1 < KS) ? p[1] : 0.f;
                    ra[0].z = (aok0 && k + 2 < KS) ? p[2] : 0.f;
                    ra[0].w = (aok0 && k + 3 < KS) ? p[3] : 0.f;
                }
            }
            {
                const bool kok = bin0 && kt + 8 + ubk0 < KS;
                const float* p = bsrc0;
                const int n = bn0 + ubn0;
                if (b_vec) {
                    rb[0] = (kok && n < N) ? *reinterpret_cast<const float4*>(p) : make_float4(0.f, 0.f, 0.f, 0.f);
                } else {
                    rb[0].x = (kok && n < N) ? p[0] : 0.f;
                    rb[0].y = (kok && n + 1 < N) ? p[1] : 0.f;
                    rb[0].z = (kok && n + 2 < N) ? p[2] : 0.f;
                    rb[0].w = (kok && n + 3 < N) ? p[3] : 0.f;
                }
            }
            {
                const bool kok = bin1 && kt + 8 + ubk1 < KS;
                const float* p = bsrc1;
                const int n = bn0 + ubn1;
                if (b_vec) {
                    rb[1] = (kok && n < N) ? *reinterpret_cast<const float4*>(p) : make_float4(0.f, 0.f, 0.f, 0.f);
                } else {
                    rb[1].x = (kok && n < N) ? p[0] : 0.f;
                    rb[1].y = (kok && n + 1 < N) ? p[1] : 0.f;
                    rb[1].z = (kok && n + 2 < N) ? p[2] : 0.f;
                    rb[1].w = (kok && n + 3 < N) ? p[3] : 0.f;
                }
            }
            asrc0 += 8;
            bsrc0 += (size_t)8 * N;
            bsrc1 += (size_t)8 * N;
        }

        }

        {   // acc += As[buf]^T . Bs[buf] over the 8 k of the stage
            const float* as = &As[0][0][ty * 4];
            const float* bs = &Bs[0][0][tx * 4];
#pragma unroll 1
            for (int kk = 0; kk < 8; ++kk) {
                float a[8], b[8];
                { const float4 t = *reinterpret_cast<const float4*>(as + kk * 68 + 0);
                  a[0] = t.x; a[1] = t.y; a[2] = t.z; a[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + kk * 68 + 32);
                  a[4] = t.x; a[5] = t.y; a[6] = t.z; a[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + kk * 132 + 0);
                  b[0] = t.x; b[1] = t.y; b[2] = t.z; b[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + kk * 132 + 64);
                  b[4] = t.x; b[5] = t.y; b[6] = t.z; b[7] = t.w; }
#pragma unroll
                for (int i = 0; i < 8; ++i)
#pragma unroll
                    for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
            }
        }

        if (more) {

        {   // registers -> shared buffer 1
            {
                As[1][ak0][am0] = ra[0].x;
                As[1][ak0 + 1][am0] = ra[0].y;
                As[1][ak0 + 2][am0] = ra[0].z;
                As[1][ak0 + 3][am0] = ra[0].w;
            }
            {
                *reinterpret_cast<float4*>(&Bs[1][ubk0][ubn0]) = rb[0];
            }
            {
                *reinterpret_cast<float4*>(&Bs[1][ubk1][ubn1]) = rb[1];
            }
        }

        }
        __syncthreads();
        if (!more) break;
        more = kt + 16 < KS;
        if (more) {

        {   // global -> registers, the tile at k = kt + 16 (asrc/bsrc point at it); out-of-range elements are zero
            {
                const int k = kt + 16 + ak0;
                const float* p = asrc0;
                if (a_vec) {
                    ra[0] = (aok0 && k < KS) ? *reinterpret_cast<const float4*>(p) : make_float4(0.f, 0.f, 0.f, 0.f);
                } else {
                    ra[0].x = (aok0 && k < KS) ? p[0] : 0.f;
                    ra[0].y = (aok0 && k + 1 < KS) ? p[1] : 0.f;
                    ra[0].z = (aok0 && k + 2 < KS) ? p[2] : 0.f;
                    ra[0].w = (aok0 && k + 3 < KS) ? p[3] : 0.f;
                }
            }
            {
                const bool kok = bin0 && kt + 16 + ubk0 < KS;
                const float* p = bsrc0;
                const int n = bn0 + ubn0;
                if (b_vec) {
                    rb[0] = (kok && n < N) ? *reinterpret_cast<const float4*>(p) : make_float4(0.f, 0.f, 0.f, 0.f);
                } else {
                    rb[0].x = (kok && n < N) ? p[0] : 0.f;
                    rb[0].y = (kok && n + 1 < N) ? p[1] : 0.f;
                    rb[0].z = (kok && n + 2 < N) ? p[2] : 0.f;
                    rb[0].w = (kok && n + 3 < N) ? p[3] : 0.f;
                }
            }
            {
                const bool kok = bin1 && kt + 16 + ubk1 < KS;
                const float* p = bsrc1;
                const int n = bn0 + ubn1;
                if (b_vec) {
                    rb[1] = (kok && n < N) ? *reinterpret_cast<const float4*>(p) : make_float4(0.f, 0.f, 0.f, 0.f);
                } else {
                    rb[1].x = (kok && n < N) ? p[0] : 0.f;
                    rb[1].y = (kok && n + 1 < N) ? p[1] : 0.f;
                    rb[1].z = (kok && n + 2 < N) ? p[2] : 0.f;
                    rb[1].w = (kok && n + 3 < N) ? p[3] : 0.f;
                }
            }
            asrc0 += 8;
            bsrc0 += (size_t)8 * N;
            bsrc1 += (size_t)8 * N;
        }

        }

        {   // acc += As[buf]^T . Bs[buf] over the 8 k of the stage
            const float* as = &As[1][0][ty * 4];
            const float* bs = &Bs[1][0][tx * 4];
#pragma unroll 1
            for (int kk = 0; kk < 8; ++kk) {
                float a[8], b[8];
                { const float4 t = *reinterpret_cast<const float4*>(as + kk * 68 + 0);
                  a[0] = t.x; a[1] = t.y; a[2] = t.z; a[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(as + kk * 68 + 32);
                  a[4] = t.x; a[5] = t.y; a[6] = t.z; a[7] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + kk * 132 + 0);
                  b[0] = t.x; b[1] = t.y; b[2] = t.z; b[3] = t.w; }
                { const float4 t = *reinterpret_cast<const float4*>(bs + kk * 132 + 64);
                  b[4] = t.x; b[5] = t.y; b[6] = t.z; b[7] = t.w; }
#pragma unroll
                for (int i = 0; i < 8; ++i)
#pragma unroll
                    for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
            }
        }

        if (more) {

        {   // registers -> shared buffer 0
            {
                As[0][ak0][am0] = ra[0].x;
                As[0][ak0 + 1][am0] = ra[0].y;
                As[0][ak0 + 2][am0] = ra[0].z;
                As[0][ak0 + 3][am0] = ra[0].w;
            }
            {
                *reinterpret_cast<float4*>(&Bs[0][ubk0][ubn0]) = rb[0];
            }
            {
                *reinterpret_cast<float4*>(&Bs[0][ubk1][ubn1]) = rb[1];
            }
        }

        }
        __syncthreads();
    }

    }

    if (gridDim.z > 1) {
        // this split's partial tile goes to its slice of the workspace; the last split of the tile to
        // arrive (a counter per tile) sums the slices in split order (the same sum whichever arrives
        // last), stores C, and resets the counter for the next launch
        float* __restrict__ wz = work + (size_t)blockIdx.z * M * N;
        if ((row0 + 0 >= om0 && row0 + 0 < M)) {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) wz[(size_t)(row0 + 0) * N + col0 + 0] = acc[0][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) wz[(size_t)(row0 + 0) * N + col0 + 1] = acc[0][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) wz[(size_t)(row0 + 0) * N + col0 + 2] = acc[0][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) wz[(size_t)(row0 + 0) * N + col0 + 3] = acc[0][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) wz[(size_t)(row0 + 0) * N + col0 + 64] = acc[0][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) wz[(size_t)(row0 + 0) * N + col0 + 65] = acc[0][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) wz[(size_t)(row0 + 0) * N + col0 + 66] = acc[0][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) wz[(size_t)(row0 + 0) * N + col0 + 67] = acc[0][7];
        }
        if ((row0 + 1 >= om0 && row0 + 1 < M)) {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) wz[(size_t)(row0 + 1) * N + col0 + 0] = acc[1][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) wz[(size_t)(row0 + 1) * N + col0 + 1] = acc[1][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) wz[(size_t)(row0 + 1) * N + col0 + 2] = acc[1][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) wz[(size_t)(row0 + 1) * N + col0 + 3] = acc[1][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) wz[(size_t)(row0 + 1) * N + col0 + 64] = acc[1][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) wz[(size_t)(row0 + 1) * N + col0 + 65] = acc[1][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) wz[(size_t)(row0 + 1) * N + col0 + 66] = acc[1][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) wz[(size_t)(row0 + 1) * N + col0 + 67] = acc[1][7];
        }
        if ((row0 + 2 >= om0 && row0 + 2 < M)) {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) wz[(size_t)(row0 + 2) * N + col0 + 0] = acc[2][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) wz[(size_t)(row0 + 2) * N + col0 + 1] = acc[2][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) wz[(size_t)(row0 + 2) * N + col0 + 2] = acc[2][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) wz[(size_t)(row0 + 2) * N + col0 + 3] = acc[2][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) wz[(size_t)(row0 + 2) * N + col0 + 64] = acc[2][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) wz[(size_t)(row0 + 2) * N + col0 + 65] = acc[2][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) wz[(size_t)(row0 + 2) * N + col0 + 66] = acc[2][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) wz[(size_t)(row0 + 2) * N + col0 + 67] = acc[2][7];
        }
        if ((row0 + 3 >= om0 && row0 + 3 < M)) {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) wz[(size_t)(row0 + 3) * N + col0 + 0] = acc[3][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) wz[(size_t)(row0 + 3) * N + col0 + 1] = acc[3][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) wz[(size_t)(row0 + 3) * N + col0 + 2] = acc[3][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) wz[(size_t)(row0 + 3) * N + col0 + 3] = acc[3][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) wz[(size_t)(row0 + 3) * N + col0 + 64] = acc[3][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) wz[(size_t)(row0 + 3) * N + col0 + 65] = acc[3][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) wz[(size_t)(row0 + 3) * N + col0 + 66] = acc[3][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) wz[(size_t)(row0 + 3) * N + col0 + 67] = acc[3][7];
        }
        if ((row0 + 32 >= om0 && row0 + 32 < M)) {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) wz[(size_t)(row0 + 32) * N + col0 + 0] = acc[4][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) wz[(size_t)(row0 + 32) * N + col0 + 1] = acc[4][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) wz[(size_t)(row0 + 32) * N + col0 + 2] = acc[4][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) wz[(size_t)(row0 + 32) * N + col0 + 3] = acc[4][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) wz[(size_t)(row0 + 32) * N + col0 + 64] = acc[4][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) wz[(size_t)(row0 + 32) * N + col0 + 65] = acc[4][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) wz[(size_t)(row0 + 32) * N + col0 + 66] = acc[4][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) wz[(size_t)(row0 + 32) * N + col0 + 67] = acc[4][7];
        }
        if ((row0 + 33 >= om0 && row0 + 33 < M)) {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) wz[(size_t)(row0 + 33) * N + col0 + 0] = acc[5][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) wz[(size_t)(row0 + 33) * N + col0 + 1] = acc[5][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) wz[(size_t)(row0 + 33) * N + col0 + 2] = acc[5][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) wz[(size_t)(row0 + 33) * N + col0 + 3] = acc[5][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) wz[(size_t)(row0 + 33) * N + col0 + 64] = acc[5][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) wz[(size_t)(row0 + 33) * N + col0 + 65] = acc[5][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) wz[(size_t)(row0 + 33) * N + col0 + 66] = acc[5][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) wz[(size_t)(row0 + 33) * N + col0 + 67] = acc[5][7];
        }
        if ((row0 + 34 >= om0 && row0 + 34 < M)) {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) wz[(size_t)(row0 + 34) * N + col0 + 0] = acc[6][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) wz[(size_t)(row0 + 34) * N + col0 + 1] = acc[6][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) wz[(size_t)(row0 + 34) * N + col0 + 2] = acc[6][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) wz[(size_t)(row0 + 34) * N + col0 + 3] = acc[6][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) wz[(size_t)(row0 + 34) * N + col0 + 64] = acc[6][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) wz[(size_t)(row0 + 34) * N + col0 + 65] = acc[6][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) wz[(size_t)(row0 + 34) * N + col0 + 66] = acc[6][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) wz[(size_t)(row0 + 34) * N + col0 + 67] = acc[6][7];
        }
        if ((row0 + 35 >= om0 && row0 + 35 < M)) {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) wz[(size_t)(row0 + 35) * N + col0 + 0] = acc[7][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) wz[(size_t)(row0 + 35) * N + col0 + 1] = acc[7][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) wz[(size_t)(row0 + 35) * N + col0 + 2] = acc[7][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) wz[(size_t)(row0 + 35) * N + col0 + 3] = acc[7][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) wz[(size_t)(row0 + 35) * N + col0 + 64] = acc[7][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) wz[(size_t)(row0 + 35) * N + col0 + 65] = acc[7][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) wz[(size_t)(row0 + 35) * N + col0 + 66] = acc[7][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) wz[(size_t)(row0 + 35) * N + col0 + 67] = acc[7][7];
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
        // same whichever split arrives last). 2 row(s) at a time: the 16 loads of a slice are
        // issued before their adds, so the epilogue costs 4 round trips per split instead of
        // one per split and output (the split-K sum was the tail of skinny shapes), in few registers
#pragma unroll
        for (int i = 0; i < 8; ++i)
#pragma unroll
            for (int j = 0; j < 8; ++j) acc[i][j] = 0.0f;
#pragma unroll 1
        for (int z = 0; z < (int)gridDim.z; ++z) {
            const float* __restrict__ ws = work + (size_t)z * M * N + col0;
            {
                const bool rok = (row0 + 0 >= om0 && row0 + 0 < M);
                const float* __restrict__ wr = ws + (size_t)(row0 + 0) * N;
                acc[0][0] += (rok && (col0 + 0 >= on0 && col0 + 0 < N)) ? __ldcg(wr + 0) : 0.0f;
                acc[0][1] += (rok && (col0 + 1 >= on0 && col0 + 1 < N)) ? __ldcg(wr + 1) : 0.0f;
                acc[0][2] += (rok && (col0 + 2 >= on0 && col0 + 2 < N)) ? __ldcg(wr + 2) : 0.0f;
                acc[0][3] += (rok && (col0 + 3 >= on0 && col0 + 3 < N)) ? __ldcg(wr + 3) : 0.0f;
                acc[0][4] += (rok && (col0 + 64 >= on0 && col0 + 64 < N)) ? __ldcg(wr + 64) : 0.0f;
                acc[0][5] += (rok && (col0 + 65 >= on0 && col0 + 65 < N)) ? __ldcg(wr + 65) : 0.0f;
                acc[0][6] += (rok && (col0 + 66 >= on0 && col0 + 66 < N)) ? __ldcg(wr + 66) : 0.0f;
                acc[0][7] += (rok && (col0 + 67 >= on0 && col0 + 67 < N)) ? __ldcg(wr + 67) : 0.0f;
            }
            {
                const bool rok = (row0 + 1 >= om0 && row0 + 1 < M);
                const float* __restrict__ wr = ws + (size_t)(row0 + 1) * N;
                acc[1][0] += (rok && (col0 + 0 >= on0 && col0 + 0 < N)) ? __ldcg(wr + 0) : 0.0f;
                acc[1][1] += (rok && (col0 + 1 >= on0 && col0 + 1 < N)) ? __ldcg(wr + 1) : 0.0f;
                acc[1][2] += (rok && (col0 + 2 >= on0 && col0 + 2 < N)) ? __ldcg(wr + 2) : 0.0f;
                acc[1][3] += (rok && (col0 + 3 >= on0 && col0 + 3 < N)) ? __ldcg(wr + 3) : 0.0f;
                acc[1][4] += (rok && (col0 + 64 >= on0 && col0 + 64 < N)) ? __ldcg(wr + 64) : 0.0f;
                acc[1][5] += (rok && (col0 + 65 >= on0 && col0 + 65 < N)) ? __ldcg(wr + 65) : 0.0f;
                acc[1][6] += (rok && (col0 + 66 >= on0 && col0 + 66 < N)) ? __ldcg(wr + 66) : 0.0f;
                acc[1][7] += (rok && (col0 + 67 >= on0 && col0 + 67 < N)) ? __ldcg(wr + 67) : 0.0f;
            }
        }
#pragma unroll 1
        for (int z = 0; z < (int)gridDim.z; ++z) {
            const float* __restrict__ ws = work + (size_t)z * M * N + col0;
            {
                const bool rok = (row0 + 2 >= om0 && row0 + 2 < M);
                const float* __restrict__ wr = ws + (size_t)(row0 + 2) * N;
                acc[2][0] += (rok && (col0 + 0 >= on0 && col0 + 0 < N)) ? __ldcg(wr + 0) : 0.0f;
                acc[2][1] += (rok && (col0 + 1 >= on0 && col0 + 1 < N)) ? __ldcg(wr + 1) : 0.0f;
                acc[2][2] += (rok && (col0 + 2 >= on0 && col0 + 2 < N)) ? __ldcg(wr + 2) : 0.0f;
                acc[2][3] += (rok && (col0 + 3 >= on0 && col0 + 3 < N)) ? __ldcg(wr + 3) : 0.0f;
                acc[2][4] += (rok && (col0 + 64 >= on0 && col0 + 64 < N)) ? __ldcg(wr + 64) : 0.0f;
                acc[2][5] += (rok && (col0 + 65 >= on0 && col0 + 65 < N)) ? __ldcg(wr + 65) : 0.0f;
                acc[2][6] += (rok && (col0 + 66 >= on0 && col0 + 66 < N)) ? __ldcg(wr + 66) : 0.0f;
                acc[2][7] += (rok && (col0 + 67 >= on0 && col0 + 67 < N)) ? __ldcg(wr + 67) : 0.0f;
            }
            {
                const bool rok = (row0 + 3 >= om0 && row0 + 3 < M);
                const float* __restrict__ wr = ws + (size_t)(row0 + 3) * N;
                acc[3][0] += (rok && (col0 + 0 >= on0 && col0 + 0 < N)) ? __ldcg(wr + 0) : 0.0f;
                acc[3][1] += (rok && (col0 + 1 >= on0 && col0 + 1 < N)) ? __ldcg(wr + 1) : 0.0f;
                acc[3][2] += (rok && (col0 + 2 >= on0 && col0 + 2 < N)) ? __ldcg(wr + 2) : 0.0f;
                acc[3][3] += (rok && (col0 + 3 >= on0 && col0 + 3 < N)) ? __ldcg(wr + 3) : 0.0f;
                acc[3][4] += (rok && (col0 + 64 >= on0 && col0 + 64 < N)) ? __ldcg(wr + 64) : 0.0f;
                acc[3][5] += (rok && (col0 + 65 >= on0 && col0 + 65 < N)) ? __ldcg(wr + 65) : 0.0f;
                acc[3][6] += (rok && (col0 + 66 >= on0 && col0 + 66 < N)) ? __ldcg(wr + 66) : 0.0f;
                acc[3][7] += (rok && (col0 + 67 >= on0 && col0 + 67 < N)) ? __ldcg(wr + 67) : 0.0f;
            }
        }
#pragma unroll 1
        for (int z = 0; z < (int)gridDim.z; ++z) {
            const float* __restrict__ ws = work + (size_t)z * M * N + col0;
            {
                const bool rok = (row0 + 32 >= om0 && row0 + 32 < M);
                const float* __restrict__ wr = ws + (size_t)(row0 + 32) * N;
                acc[4][0] += (rok && (col0 + 0 >= on0 && col0 + 0 < N)) ? __ldcg(wr + 0) : 0.0f;
                acc[4][1] += (rok && (col0 + 1 >= on0 && col0 + 1 < N)) ? __ldcg(wr + 1) : 0.0f;
                acc[4][2] += (rok && (col0 + 2 >= on0 && col0 + 2 < N)) ? __ldcg(wr + 2) : 0.0f;
                acc[4][3] += (rok && (col0 + 3 >= on0 && col0 + 3 < N)) ? __ldcg(wr + 3) : 0.0f;
                acc[4][4] += (rok && (col0 + 64 >= on0 && col0 + 64 < N)) ? __ldcg(wr + 64) : 0.0f;
                acc[4][5] += (rok && (col0 + 65 >= on0 && col0 + 65 < N)) ? __ldcg(wr + 65) : 0.0f;
                acc[4][6] += (rok && (col0 + 66 >= on0 && col0 + 66 < N)) ? __ldcg(wr + 66) : 0.0f;
                acc[4][7] += (rok && (col0 + 67 >= on0 && col0 + 67 < N)) ? __ldcg(wr + 67) : 0.0f;
            }
            {
                const bool rok = (row0 + 33 >= om0 && row0 + 33 < M);
                const float* __restrict__ wr = ws + (size_t)(row0 + 33) * N;
                acc[5][0] += (rok && (col0 + 0 >= on0 && col0 + 0 < N)) ? __ldcg(wr + 0) : 0.0f;
                acc[5][1] += (rok && (col0 + 1 >= on0 && col0 + 1 < N)) ? __ldcg(wr + 1) : 0.0f;
                acc[5][2] += (rok && (col0 + 2 >= on0 && col0 + 2 < N)) ? __ldcg(wr + 2) : 0.0f;
                acc[5][3] += (rok && (col0 + 3 >= on0 && col0 + 3 < N)) ? __ldcg(wr + 3) : 0.0f;
                acc[5][4] += (rok && (col0 + 64 >= on0 && col0 + 64 < N)) ? __ldcg(wr + 64) : 0.0f;
                acc[5][5] += (rok && (col0 + 65 >= on0 && col0 + 65 < N)) ? __ldcg(wr + 65) : 0.0f;
                acc[5][6] += (rok && (col0 + 66 >= on0 && col0 + 66 < N)) ? __ldcg(wr + 66) : 0.0f;
                acc[5][7] += (rok && (col0 + 67 >= on0 && col0 + 67 < N)) ? __ldcg(wr + 67) : 0.0f;
            }
        }
#pragma unroll 1
        for (int z = 0; z < (int)gridDim.z; ++z) {
            const float* __restrict__ ws = work + (size_t)z * M * N + col0;
            {
                const bool rok = (row0 + 34 >= om0 && row0 + 34 < M);
                const float* __restrict__ wr = ws + (size_t)(row0 + 34) * N;
                acc[6][0] += (rok && (col0 + 0 >= on0 && col0 + 0 < N)) ? __ldcg(wr + 0) : 0.0f;
                acc[6][1] += (rok && (col0 + 1 >= on0 && col0 + 1 < N)) ? __ldcg(wr + 1) : 0.0f;
                acc[6][2] += (rok && (col0 + 2 >= on0 && col0 + 2 < N)) ? __ldcg(wr + 2) : 0.0f;
                acc[6][3] += (rok && (col0 + 3 >= on0 && col0 + 3 < N)) ? __ldcg(wr + 3) : 0.0f;
                acc[6][4] += (rok && (col0 + 64 >= on0 && col0 + 64 < N)) ? __ldcg(wr + 64) : 0.0f;
                acc[6][5] += (rok && (col0 + 65 >= on0 && col0 + 65 < N)) ? __ldcg(wr + 65) : 0.0f;
                acc[6][6] += (rok && (col0 + 66 >= on0 && col0 + 66 < N)) ? __ldcg(wr + 66) : 0.0f;
                acc[6][7] += (rok && (col0 + 67 >= on0 && col0 + 67 < N)) ? __ldcg(wr + 67) : 0.0f;
            }
            {
                const bool rok = (row0 + 35 >= om0 && row0 + 35 < M);
                const float* __restrict__ wr = ws + (size_t)(row0 + 35) * N;
                acc[7][0] += (rok && (col0 + 0 >= on0 && col0 + 0 < N)) ? __ldcg(wr + 0) : 0.0f;
                acc[7][1] += (rok && (col0 + 1 >= on0 && col0 + 1 < N)) ? __ldcg(wr + 1) : 0.0f;
                acc[7][2] += (rok && (col0 + 2 >= on0 && col0 + 2 < N)) ? __ldcg(wr + 2) : 0.0f;
                acc[7][3] += (rok && (col0 + 3 >= on0 && col0 + 3 < N)) ? __ldcg(wr + 3) : 0.0f;
                acc[7][4] += (rok && (col0 + 64 >= on0 && col0 + 64 < N)) ? __ldcg(wr + 64) : 0.0f;
                acc[7][5] += (rok && (col0 + 65 >= on0 && col0 + 65 < N)) ? __ldcg(wr + 65) : 0.0f;
                acc[7][6] += (rok && (col0 + 66 >= on0 && col0 + 66 < N)) ? __ldcg(wr + 66) : 0.0f;
                acc[7][7] += (rok && (col0 + 67 >= on0 && col0 + 67 < N)) ? __ldcg(wr + 67) : 0.0f;
            }
        }
        if (tx == 0 && ty == 0) tiles[tile] = 0;
    }
    if ((row0 + 0 >= om0 && row0 + 0 < M)) {
        float* __restrict__ crow = C + (size_t)(row0 + 0) * N;
        if (c_vec) {
            if ((col0 + 0 >= on0 && col0 + 0 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 0) =
                    make_float4(acc[0][0], acc[0][1], acc[0][2], acc[0][3]);
            if ((col0 + 64 >= on0 && col0 + 64 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 64) =
                    make_float4(acc[0][4], acc[0][5], acc[0][6], acc[0][7]);
        } else
        {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) crow[col0 + 0] = acc[0][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) crow[col0 + 1] = acc[0][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) crow[col0 + 2] = acc[0][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) crow[col0 + 3] = acc[0][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) crow[col0 + 64] = acc[0][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) crow[col0 + 65] = acc[0][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) crow[col0 + 66] = acc[0][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) crow[col0 + 67] = acc[0][7];
        }
    }
    if ((row0 + 1 >= om0 && row0 + 1 < M)) {
        float* __restrict__ crow = C + (size_t)(row0 + 1) * N;
        if (c_vec) {
            if ((col0 + 0 >= on0 && col0 + 0 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 0) =
                    make_float4(acc[1][0], acc[1][1], acc[1][2], acc[1][3]);
            if ((col0 + 64 >= on0 && col0 + 64 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 64) =
                    make_float4(acc[1][4], acc[1][5], acc[1][6], acc[1][7]);
        } else
        {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) crow[col0 + 0] = acc[1][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) crow[col0 + 1] = acc[1][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) crow[col0 + 2] = acc[1][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) crow[col0 + 3] = acc[1][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) crow[col0 + 64] = acc[1][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) crow[col0 + 65] = acc[1][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) crow[col0 + 66] = acc[1][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) crow[col0 + 67] = acc[1][7];
        }
    }
    if ((row0 + 2 >= om0 && row0 + 2 < M)) {
        float* __restrict__ crow = C + (size_t)(row0 + 2) * N;
        if (c_vec) {
            if ((col0 + 0 >= on0 && col0 + 0 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 0) =
                    make_float4(acc[2][0], acc[2][1], acc[2][2], acc[2][3]);
            if ((col0 + 64 >= on0 && col0 + 64 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 64) =
                    make_float4(acc[2][4], acc[2][5], acc[2][6], acc[2][7]);
        } else
        {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) crow[col0 + 0] = acc[2][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) crow[col0 + 1] = acc[2][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) crow[col0 + 2] = acc[2][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) crow[col0 + 3] = acc[2][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) crow[col0 + 64] = acc[2][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) crow[col0 + 65] = acc[2][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) crow[col0 + 66] = acc[2][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) crow[col0 + 67] = acc[2][7];
        }
    }
    if ((row0 + 3 >= om0 && row0 + 3 < M)) {
        float* __restrict__ crow = C + (size_t)(row0 + 3) * N;
        if (c_vec) {
            if ((col0 + 0 >= on0 && col0 + 0 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 0) =
                    make_float4(acc[3][0], acc[3][1], acc[3][2], acc[3][3]);
            if ((col0 + 64 >= on0 && col0 + 64 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 64) =
                    make_float4(acc[3][4], acc[3][5], acc[3][6], acc[3][7]);
        } else
        {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) crow[col0 + 0] = acc[3][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) crow[col0 + 1] = acc[3][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) crow[col0 + 2] = acc[3][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) crow[col0 + 3] = acc[3][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) crow[col0 + 64] = acc[3][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) crow[col0 + 65] = acc[3][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) crow[col0 + 66] = acc[3][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) crow[col0 + 67] = acc[3][7];
        }
    }
    if ((row0 + 32 >= om0 && row0 + 32 < M)) {
        float* __restrict__ crow = C + (size_t)(row0 + 32) * N;
        if (c_vec) {
            if ((col0 + 0 >= on0 && col0 + 0 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 0) =
                    make_float4(acc[4][0], acc[4][1], acc[4][2], acc[4][3]);
            if ((col0 + 64 >= on0 && col0 + 64 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 64) =
                    make_float4(acc[4][4], acc[4][5], acc[4][6], acc[4][7]);
        } else
        {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) crow[col0 + 0] = acc[4][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) crow[col0 + 1] = acc[4][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) crow[col0 + 2] = acc[4][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) crow[col0 + 3] = acc[4][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) crow[col0 + 64] = acc[4][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) crow[col0 + 65] = acc[4][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) crow[col0 + 66] = acc[4][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) crow[col0 + 67] = acc[4][7];
        }
    }
    if ((row0 + 33 >= om0 && row0 + 33 < M)) {
        float* __restrict__ crow = C + (size_t)(row0 + 33) * N;
        if (c_vec) {
            if ((col0 + 0 >= on0 && col0 + 0 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 0) =
                    make_float4(acc[5][0], acc[5][1], acc[5][2], acc[5][3]);
            if ((col0 + 64 >= on0 && col0 + 64 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 64) =
                    make_float4(acc[5][4], acc[5][5], acc[5][6], acc[5][7]);
        } else
        {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) crow[col0 + 0] = acc[5][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) crow[col0 + 1] = acc[5][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) crow[col0 + 2] = acc[5][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) crow[col0 + 3] = acc[5][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) crow[col0 + 64] = acc[5][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) crow[col0 + 65] = acc[5][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) crow[col0 + 66] = acc[5][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) crow[col0 + 67] = acc[5][7];
        }
    }
    if ((row0 + 34 >= om0 && row0 + 34 < M)) {
        float* __restrict__ crow = C + (size_t)(row0 + 34) * N;
        if (c_vec) {
            if ((col0 + 0 >= on0 && col0 + 0 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 0) =
                    make_float4(acc[6][0], acc[6][1], acc[6][2], acc[6][3]);
            if ((col0 + 64 >= on0 && col0 + 64 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 64) =
                    make_float4(acc[6][4], acc[6][5], acc[6][6], acc[6][7]);
        } else
        {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) crow[col0 + 0] = acc[6][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) crow[col0 + 1] = acc[6][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) crow[col0 + 2] = acc[6][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) crow[col0 + 3] = acc[6][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) crow[col0 + 64] = acc[6][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) crow[col0 + 65] = acc[6][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) crow[col0 + 66] = acc[6][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) crow[col0 + 67] = acc[6][7];
        }
    }
    if ((row0 + 35 >= om0 && row0 + 35 < M)) {
        float* __restrict__ crow = C + (size_t)(row0 + 35) * N;
        if (c_vec) {
            if ((col0 + 0 >= on0 && col0 + 0 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 0) =
                    make_float4(acc[7][0], acc[7][1], acc[7][2], acc[7][3]);
            if ((col0 + 64 >= on0 && col0 + 64 < N))   // a multiple of 4 below N % 4 == 0: all four in range (and own: on0 and bn0 are multiples of 4)
                *reinterpret_cast<float4*>(crow + col0 + 64) =
                    make_float4(acc[7][4], acc[7][5], acc[7][6], acc[7][7]);
        } else
        {
            if ((col0 + 0 >= on0 && col0 + 0 < N)) crow[col0 + 0] = acc[7][0];
            if ((col0 + 1 >= on0 && col0 + 1 < N)) crow[col0 + 1] = acc[7][1];
            if ((col0 + 2 >= on0 && col0 + 2 < N)) crow[col0 + 2] = acc[7][2];
            if ((col0 + 3 >= on0 && col0 + 3 < N)) crow[col0 + 3] = acc[7][3];
            if ((col0 + 64 >= on0 && col0 + 64 < N)) crow[col0 + 64] = acc[7][4];
            if ((col0 + 65 >= on0 && col0 + 65 < N)) crow[col0 + 65] = acc[7][5];
            if ((col0 + 66 >= on0 && col0 + 66 < N)) crow[col0 + 66] = acc[7][6];
            if ((col0 + 67 >= on0 && col0 + 67 < N)) crow[col0 + 67] = acc[7][7];
        }
    }
}
}  // namespace spec_3

inline cudaError_t launch_3(float* C, const float* A, const float* B, float* work, int* tiles, int M, int N, int K, cudaStream_t stream = 0) {
    dim3 grid((unsigned)evo_floordiv(N + 127, 128), (unsigned)evo_floordiv(M + 63, 64), (unsigned)((evo_min(8, evo_floordiv(K + 7, 8)) * (long long)M * N <= 33554432LL) ? evo_min(8, evo_floordiv(K + 7, 8)) : 1));
    dim3 block((unsigned)16, (unsigned)8, (unsigned)1);
    spec_3::sgemm_3<<<grid, block, 0, stream>>>(C, A, B, work, tiles, M, N, K);
    return cudaGetLastError();
}

// ---- specialization 4: the untuned default (the template's baseline genome)
// genome: {"TileLoops_M": 16, "TileLoops_N": 16, "TileLoops_K": 8, "ThreadCoarsening_M": 1, "ThreadCoarsening_N": 1, "UseSharedMemory": false, "PadSharedMemory": false, "VectorizeLoads": false, "CoalesceMemoryAccess": false, "UnrollLoop": 1, "ReorderInstructions": false, "ReorderInstructions_Async": 0, "TileLoops_Specialize": false, "ReorderInstructions_Fragments": false, "TileLoops_Group": 1, "AdjustBlockSize_MaxRegisters": 255, "TileLoops_SpecializeEdges": false, "TileLoops_SplitK": 1, "TileLoops_SplitKEdges": 1, "TileLoops_Shift": false}
// measured: 
// fitness = speedup * exp(-w_cv * cv) / (1 + w_spill * spill_KiB) (see evo_kernels/fitness.py)
[[maybe_unused]] constexpr int TILELOOPS_M_4 = 16;
[[maybe_unused]] constexpr int TILELOOPS_N_4 = 16;
[[maybe_unused]] constexpr int TILELOOPS_K_4 = 8;
[[maybe_unused]] constexpr int THREADCOARSENING_M_4 = 1;
[[maybe_unused]] constexpr int THREADCOARSENING_N_4 = 1;
[[maybe_unused]] constexpr int USESHAREDMEMORY_4 = 0;
[[maybe_unused]] constexpr int PADSHAREDMEMORY_4 = 0;
[[maybe_unused]] constexpr int VECTORIZELOADS_4 = 0;
[[maybe_unused]] constexpr int COALESCEMEMORYACCESS_4 = 0;
[[maybe_unused]] constexpr int UNROLLLOOP_4 = 1;
[[maybe_unused]] constexpr int REORDERINSTRUCTIONS_4 = 0;
[[maybe_unused]] constexpr int REORDERINSTRUCTIONS_ASYNC_4 = 0;
[[maybe_unused]] constexpr int TILELOOPS_SPECIALIZE_4 = 0;
[[maybe_unused]] constexpr int REORDERINSTRUCTIONS_FRAGMENTS_4 = 0;
[[maybe_unused]] constexpr int TILELOOPS_GROUP_4 = 1;
[[maybe_unused]] constexpr int ADJUSTBLOCKSIZE_MAXREGISTERS_4 = 255;
[[maybe_unused]] constexpr int TILELOOPS_SPECIALIZEEDGES_4 = 0;
[[maybe_unused]] constexpr int TILELOOPS_SPLITK_4 = 1;
[[maybe_unused]] constexpr int TILELOOPS_SPLITKEDGES_4 = 1;
[[maybe_unused]] constexpr int TILELOOPS_SHIFT_4 = 0;
namespace spec_4 {  // device helpers of one specialization stay apart from the others'
// sgemm_4: block tile 16x16, 16x16 threads of 1x1 outputs,
// shared=0 pad=0 vec=0 coalesce=0 unroll=1
// double_buffer=0 async_stages=0 max_registers=255 full_tile_path=0
// fragment_pipeline=0 block_row_group=1
static __global__ void __launch_bounds__(256)
sgemm_4(float* __restrict__ C, const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ work,
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
}  // namespace spec_4

inline cudaError_t launch_4(float* C, const float* A, const float* B, float* work, int* tiles, int M, int N, int K, cudaStream_t stream = 0) {
    dim3 grid((unsigned)evo_floordiv(N + 15, 16), (unsigned)evo_floordiv(M + 15, 16), (unsigned)1);
    dim3 block((unsigned)16, (unsigned)16, (unsigned)1);
    spec_4::sgemm_4<<<grid, block, 0, stream>>>(C, A, B, work, tiles, M, N, K);
    return cudaGetLastError();
}

// Dispatch (evo_kernels.export.dispatch is the same rule in Python): among the specializations
// whose grid fits the launch limits at this size (x < 2^31, y and z < 2^16), the one tuned for
// the nearest problem by the sum over the sizes of |log(size / tuned size)|; when none fits, the
// untuned default (the template's baseline genome, specialization 4); -1 when not even
// that one can be launched.
inline int pick(int K, int M, int N) {
    int best = -1; double bd = 1e300, d;
    d = std::fabs(std::log(evo_pos(K) / 3331.0)) + std::fabs(std::log(evo_pos(M) / 6159.0)) + std::fabs(std::log(evo_pos(N) / 250.0));
    if (d < bd && evo_fits(evo_floordiv(N + 127, 128), evo_floordiv(M + 63, 64), ((evo_min(2, evo_floordiv(K + 7, 8)) * (long long)M * N <= 33554432LL) ? evo_min(2, evo_floordiv(K + 7, 8)) : 1))) { bd = d; best = 0; }
    d = std::fabs(std::log(evo_pos(K) / 3378.0)) + std::fabs(std::log(evo_pos(M) / 386.0)) + std::fabs(std::log(evo_pos(N) / 1492.0));
    if (d < bd && evo_fits(evo_floordiv(N + 127, 128), evo_floordiv(M + 31, 32), ((evo_min(8, evo_floordiv(K + 15, 16)) * (long long)M * N <= 33554432LL) ? evo_min(8, evo_floordiv(K + 15, 16)) : 1))) { bd = d; best = 1; }
    d = std::fabs(std::log(evo_pos(K) / 630.0)) + std::fabs(std::log(evo_pos(M) / 6684.0)) + std::fabs(std::log(evo_pos(N) / 7347.0));
    if (d < bd && evo_fits(evo_floordiv(N + 127, 128), evo_floordiv(M + 127, 128), ((evo_min(4, evo_floordiv(K + 7, 8)) * (long long)M * N <= 33554432LL) ? evo_min(4, evo_floordiv(K + 7, 8)) : 1))) { bd = d; best = 2; }
    d = std::fabs(std::log(evo_pos(K) / 6875.0)) + std::fabs(std::log(evo_pos(M) / 659.0)) + std::fabs(std::log(evo_pos(N) / 2397.0));
    if (d < bd && evo_fits(evo_floordiv(N + 127, 128), evo_floordiv(M + 63, 64), ((evo_min(8, evo_floordiv(K + 7, 8)) * (long long)M * N <= 33554432LL) ? evo_min(8, evo_floordiv(K + 7, 8)) : 1))) { bd = d; best = 3; }
    if (best < 0 && evo_fits(evo_floordiv(N + 15, 16), evo_floordiv(M + 15, 16), 1)) best = 4;
    return best;
}

inline cudaError_t launch(float* C, const float* A, const float* B, float* work, int* tiles, int M, int N, int K, cudaStream_t stream = 0) {
    switch (pick(K, M, N)) {
    case 0: return launch_0(C, A, B, work, tiles, M, N, K, stream);
    case 1: return launch_1(C, A, B, work, tiles, M, N, K, stream);
    case 2: return launch_2(C, A, B, work, tiles, M, N, K, stream);
    case 3: return launch_3(C, A, B, work, tiles, M, N, K, stream);
    case 4: return launch_4(C, A, B, work, tiles, M, N, K, stream);
    }
    return cudaErrorInvalidConfiguration;
}

}  // namespace evo_tuned_sgemm
