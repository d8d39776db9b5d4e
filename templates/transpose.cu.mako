// ${KERNEL}: out (C x R) = transpose(inp (R x C)), fp32 row-major.
// Block: TILE/V x ROWS threads; tile (bx, by*TC + t) covers input columns bx*TILE.. and rows (by*TC + t)*TILE..
<%
TILE, ROWS, V, TC = TileLoops, AdjustBlockSize, VectorizeLoads, ThreadCoarsening
COAL, SPEC = CoalesceMemoryAccess, TileLoops_Specialize
LINES = CoalesceMemoryAccess_Lines and COAL             # else the gene changes nothing
BATCH = ReorderInstructions_Batch and UseSharedMemory   # else the gene changes nothing
NR = TileLoops // AdjustBlockSize                       # tile rows per thread
G = max(1, min(NR, 32 // VectorizeLoads))               # rows batched: at most 32 floats in registers
ALIGN = VectorizeLoads_Align and V > 1 and UseSharedMemory   # else the gene changes nothing
FLAT = ALIGN and TileLoops_Flat
BXT = TILE // V
PAD = 1 if PadSharedMemory else 0
LW = min(32, BXT)                                       # CoalesceMemoryAccess_Lines: the aligned window of floats
KV = V + 1 if LINES else V                              # elements per thread and row on the unvectorized side
SKEW = TileLoops_Skew and COAL                          # else the gene changes nothing
SK = 8 if SKEW else 0                                   # TileLoops_Skew: extra input rows staged above the tile
SKEWS = TileLoops_SkewSectors and SKEW                  # vector outputs off 32-byte sectors skewed too; else nothing
OFF_SECTOR = "(((unsigned)R | (unsigned)(reinterpret_cast<uintptr_t>(out) / 4)) & 7u)"   # C++: the output rows or
                                                        # the buffer off a 32-byte sector (SKEWS's test, one place)
NRS = -(-(TileLoops + SK) // AdjustBlockSize)           # staged rows per thread under TileLoops_Skew
GS = max(1, min(NRS, 32 // KV))                         # of which loaded before the first shared store
UNR = "#pragma unroll" if UnrollLoop else "#pragma unroll 1"
PLAIN = V == 1 and TC == 1 and not SPEC               # the plain kernel (no vectors, one tile, no unguarded copy)
NARROW = TileLoops_Narrow and UseSharedMemory and not ALIGN and not PLAIN
NF = (TileLoops + SK) * (TileLoops + (1 if PadSharedMemory else 0))   # TileLoops_Narrow: floats of the staged run
GATHER = TileLoops_Gather and not ALIGN and not PLAIN   # else the gene changes nothing
GONLY = TileLoops_GatherOnly and GATHER                 # the kernel is the gather alone; else the gene changes nothing
STAGE = TileLoops_GatherStage and GONLY                 # the gather-only kernel stages its runs; else nothing
DIAG = TileLoops_Diagonal and not GONLY                 # the tiles' blocks in diagonal order; else nothing
BX, BY = ("dbx", "dby") if DIAG else ("blockIdx.x", "blockIdx.y")   # the block's tile column, first row of tiles
%>
% if DIAG:
// TileLoops_Diagonal: the block's tile column and first row of tiles, numbered along the grid's diagonals. Blocks
// launched together (consecutive ids) take consecutive rows of tiles, each in another tile column, so their output
// rows start at other offsets r0: at a row pitch R*4 bytes of 16 but not 32 (8796 rows: 79% of the copy, where 8795,
// 8797 and 8800 rows run at 91-92%; H100, 2026-12-07e call 6) a row of tiles writes its 64 output rows' segments all
// at one offset, and the diagonal spreads them. A bijection of the grid: id = y * gx + x -> (by, bx) = (id % gy,
// (id / gy + id % gy) % gx).
__device__ __forceinline__ void diagonal_block(int& bx, int& by)
{
    const unsigned id = blockIdx.y * gridDim.x + blockIdx.x;
    by = (int)(id % gridDim.y);
    bx = (int)((id / gridDim.y + (unsigned)by) % gridDim.x);
}
% endif
% if ALIGN:
<%
NV = TILE // V + 1                  # aligned vectors that cover one tile row of TILE floats at any shift
S = TILE + V + PAD                  # shared row: the shifted row and its spill-over
NT = BXT * ROWS
IT = -(-(TILE * NV) // NT)          # vector slots per thread and tile, rows layout
ITF = -(-(TILE * TILE // V + 1) // NT)  # vector slots per thread and tile, flat layout
%>\
#include <stdint.h>

template <int W> __device__ __forceinline__ void ldg_v(const float* p, float (&v)[W]);
template <> __device__ __forceinline__ void ldg_v<2>(const float* p, float (&v)[2])
{ const float2 t = __ldg(reinterpret_cast<const float2*>(p)); v[0] = t.x; v[1] = t.y; }
template <> __device__ __forceinline__ void ldg_v<4>(const float* p, float (&v)[4])
{ const float4 t = __ldg(reinterpret_cast<const float4*>(p)); v[0] = t.x; v[1] = t.y; v[2] = t.z; v[3] = t.w; }

// __stwb (a plain st.global.v2/v4): a vector store written as a float4 assignment next to the guarded scalar
// stores was split into four scalar stores by the compiler
template <int W> __device__ __forceinline__ void st_v(float* p, const float (&v)[W]);
template <> __device__ __forceinline__ void st_v<2>(float* p, const float (&v)[2])
{ __stwb(reinterpret_cast<float2*>(p), make_float2(v[0], v[1])); }
template <> __device__ __forceinline__ void st_v<4>(float* p, const float (&v)[4])
{ __stwb(reinterpret_cast<float4*>(p), make_float4(v[0], v[1], v[2], v[3])); }

// The ${V} floats at element offset o of inp (o % ${V} aligned to ${4 * V} bytes by construction): one vector
// load where the vector is inside the buffer of n floats, else the elements in [lo, hi) one by one (0 elsewhere).
__device__ __forceinline__ void span_load(const float* __restrict__ inp, long long o, long long lo, long long hi,
                                          long long n, float (&v)[${V}])
{
    if (o >= 0 && o + ${V} <= n) { ldg_v<${V}>(inp + o, v); return; }
    #pragma unroll
    for (int q = 0; q < ${V}; ++q) v[q] = (o + q >= lo && o + q < hi) ? __ldg(inp + o + q) : 0.f;
}

// Every global access is a ${V}-float vector at a ${4 * V}-byte boundary, whatever R, C and the buffers'
// alignment: each tile row (and each output row segment) is covered by the aligned vectors that overlap
// it; the elements outside it are loaded but never used, and stored element by element at the two ends.
// FL false, rows layout: element (i, j) of the tile is tile[i][j + sh(i)], sh(i) the row's misalignment.
// FL true, flat layout (C <= ${TILE}): the tile's rows are one contiguous run, element (i, j) at flat[sf + i*C + j].
// All the loads of a tile are issued before the first is stored to shared memory.
template <bool FL>
__device__ __forceinline__ void tile_pass(float* __restrict__ out, const float* __restrict__ inp, int R, int C,
                                          int r0, int c0, float (*tile)[${S}])
{
    float* const flat = &tile[0][0];
    const int tid = threadIdx.y * ${BXT} + threadIdx.x;
    const int cn = min(${TILE}, C - c0);                       // columns of this tile
    const int rn = min(${TILE}, R - r0);                       // rows of this tile
    const unsigned ib = (unsigned)(reinterpret_cast<uintptr_t>(inp) / 4);   // the low bits give the shifts
    const unsigned ob = (unsigned)(reinterpret_cast<uintptr_t>(out) / 4);
    const long long n_in = (long long)R * C;
    int sf = 0;
    if (FL) {
        const long long lo = (long long)r0 * C, hi = lo + (long long)rn * C;
        sf = (int)((ib + (unsigned)lo) & ${V - 1});
        const int nvec = (sf + rn * C + ${V - 1}) / ${V};
        float v[${ITF}][${V}];
        #pragma unroll
        for (int it = 0; it < ${ITF}; ++it) {
            const int k = tid + it * ${NT};
            if (k < nvec) span_load(inp, lo - sf + k * ${V}, lo, hi, n_in, v[it]);
        }
        #pragma unroll
        for (int it = 0; it < ${ITF}; ++it) {
            const int k = tid + it * ${NT};
            if (k < nvec) {
                #pragma unroll
                for (int q = 0; q < ${V}; ++q) flat[k * ${V} + q] = v[it][q];
            }
        }
    } else {
        float v[${IT}][${V}];
        #pragma unroll
        for (int it = 0; it < ${IT}; ++it) {
            const int idx = tid + it * ${NT}, j = idx / ${NV}, k = idx - j * ${NV};
            if (idx < ${TILE * NV} && j < rn) {
                const long long lo = (long long)(r0 + j) * C + c0;
                const int s = (int)((ib + (unsigned)lo) & ${V - 1});
                if (k * ${V} - s < cn) span_load(inp, lo - s + k * ${V}, lo, lo + cn, n_in, v[it]);
            }
        }
        #pragma unroll
        for (int it = 0; it < ${IT}; ++it) {
            const int idx = tid + it * ${NT}, j = idx / ${NV}, k = idx - j * ${NV};
            if (idx < ${TILE * NV} && j < rn) {
                #pragma unroll
                for (int q = 0; q < ${V}; ++q) tile[j][k * ${V} + q] = v[it][q];
            }
        }
    }
    __syncthreads();
    // output row c0 + j, elements r0 .. r0 + rn - 1: the aligned vectors that cover it
    #pragma unroll
    for (int it = 0; it < ${IT}; ++it) {
        const int idx = tid + it * ${NT}, j = idx / ${NV}, k = idx - j * ${NV};
        if (idx < ${TILE * NV} && j < cn) {
            const long long lo = (long long)(c0 + j) * R + r0;
            const int s = (int)((ob + (unsigned)lo) & ${V - 1});
            const int i0 = k * ${V} - s;                        // tile row of the vector's first element
            if (i0 < rn) {
                float w[${V}];
                #pragma unroll
                for (int q = 0; q < ${V}; ++q) {
                    const int i = min(max(i0 + q, 0), rn - 1);
                    if (FL) {
                        w[q] = flat[sf + i * C + j];
                    } else {
                        const int sh = (int)((ib + (unsigned)(r0 + i) * (unsigned)C + (unsigned)c0) & ${V - 1});
                        w[q] = tile[i][j + sh];
                    }
                }
                float* p = out + (lo - s + k * ${V});
                if (i0 >= 0 && i0 + ${V} <= rn) st_v<${V}>(p, w);
                else {
                    #pragma unroll
                    for (int q = 0; q < ${V}; ++q) if (i0 + q >= 0 && i0 + q < rn) p[q] = w[q];
                }
            }
        }
    }
}

% if NT >= 32:
extern "C" __global__ void __launch_bounds__(${NT}, ${1024 // NT})   // 64 registers: ${1024 // NT} blocks of ${NT} per SM
% else:
extern "C" __global__ void __launch_bounds__(${NT})   // small blocks: no register bound (a 64 bound spills)
% endif
${KERNEL}(float* __restrict__ out, const float* __restrict__ inp, int R, int C)
{
    __shared__ __align__(16) float tile[${TILE}][${S}];
  % if DIAG:
    int dbx, dby;
    diagonal_block(dbx, dby);
  % endif
    const int c0 = ${BX} * ${TILE};
    // tiles by*${TC} .. by*${TC}+${TC - 1} down the rows for by = ${BY}, + gridDim.y, .. (grid y is at most 65535)
    #pragma unroll 1
    for (int rt = ${BY} * ${TC}, t = 0; rt * ${TILE} < R;
         rt += (t == ${TC - 1}) ? (gridDim.y - 1) * ${TC} + 1 : 1, t = (t == ${TC - 1}) ? 0 : t + 1) {
        const int r0 = rt * ${TILE};                            // uniform over the block
        if (rt != ${BY} * ${TC}) __syncthreads();          // the previous tile has been read out
  % if FLAT:
        if (C <= ${TILE}) tile_pass<true>(out, inp, R, C, r0, c0, tile);   // uniform: one tile column
        else
  % endif
        tile_pass<false>(out, inp, R, C, r0, c0, tile);
    }
}
% elif PLAIN:
extern "C" __global__ void __launch_bounds__(${TILE * ROWS})
${KERNEL}(float* __restrict__ out, const float* __restrict__ inp, int R, int C)
{
  % if DIAG:
    int dbx, dby;
    diagonal_block(dbx, dby);
  % endif
    const int c0 = ${BX} * ${TILE};
  for (int by = ${BY}; by * ${TILE} < R; by += gridDim.y) {   // grid y is at most 65535
    const int r0 = by * ${TILE};
  % if UseSharedMemory:
    __shared__ float tile[${TILE}][${TILE + PAD}];
    ${UNR}
    for (int j = threadIdx.y; j < ${TILE}; j += ${ROWS}) {
        const int r = r0 + j, c = c0 + threadIdx.x;
        if (r < R && c < C) tile[j][threadIdx.x] = inp[(size_t)r * C + c];
    }
    __syncthreads();
    ${UNR}
    for (int j = threadIdx.y; j < ${TILE}; j += ${ROWS}) {
        const int c = c0 + j, r = r0 + threadIdx.x;   // output row c, column r
        if (r < R && c < C) out[(size_t)c * R + r] = tile[threadIdx.x][j];
    }
  % else:
    ${UNR}
    for (int j = threadIdx.y; j < ${TILE}; j += ${ROWS}) {
        const int r = r0 + j, c = c0 + threadIdx.x;
        if (r < R && c < C) out[(size_t)c * R + r] = inp[(size_t)r * C + c];
    }
  % endif
  % if UseSharedMemory:
    __syncthreads();   // the tile has been read out before the next one is staged
  % endif
  }
}
% else:
#include <stdint.h>

<% E = KV - V %>\
// the helpers take arrays of ${KV} floats and use the first W (CoalesceMemoryAccess_Lines: ${V} + 1 per row)
template <int W> __device__ __forceinline__ void ldg_v(const float* p, float (&v)[W + ${E}]);
template <> __device__ __forceinline__ void ldg_v<1>(const float* p, float (&v)[${1 + E}]) { v[0] = __ldg(p); }
template <> __device__ __forceinline__ void ldg_v<2>(const float* p, float (&v)[${2 + E}])
{ const float2 t = __ldg(reinterpret_cast<const float2*>(p)); v[0] = t.x; v[1] = t.y; }
template <> __device__ __forceinline__ void ldg_v<4>(const float* p, float (&v)[${4 + E}])
{ const float4 t = __ldg(reinterpret_cast<const float4*>(p)); v[0] = t.x; v[1] = t.y; v[2] = t.z; v[3] = t.w; }

template <int W> __device__ __forceinline__ void st_v(float* p, const float (&v)[W + ${E}]);
template <> __device__ __forceinline__ void st_v<1>(float* p, const float (&v)[${1 + E}]) { *p = v[0]; }
template <> __device__ __forceinline__ void st_v<2>(float* p, const float (&v)[${2 + E}])
{ *reinterpret_cast<float2*>(p) = make_float2(v[0], v[1]); }
template <> __device__ __forceinline__ void st_v<4>(float* p, const float (&v)[${4 + E}])
{ *reinterpret_cast<float4*>(p) = make_float4(v[0], v[1], v[2], v[3]); }

% if LINES:
// CoalesceMemoryAccess_Lines: the misalignment, in floats, of the element at offset o of a buffer whose
// address is b floats, within a window of ${LW} floats (${4 * LW} bytes). A row segment's thread k-th elements
// start that far before it, so that every warp access is one aligned window.
__device__ __forceinline__ int line_shift(unsigned b, size_t o) { return (int)((b + (unsigned)o) & ${LW - 1}); }

% endif
// V consecutive elements from column c of a row of length n (c % V == 0). VEC: n % V == 0, so c < n
// means the whole vector is inside; otherwise element-wise, zero past the end. FULL: inside.
template <bool VEC, bool FULL>
__device__ __forceinline__ void load_v(const float* __restrict__ rowp, int c, int n, float (&v)[${KV}])
{
    if (VEC && (FULL || c < n)) { ldg_v<${V}>(rowp + c, v); return; }
    #pragma unroll
    for (int k = 0; k < ${V}; ++k) v[k] = (FULL || c + k < n) ? __ldg(rowp + c + k) : 0.f;
}

template <bool VEC, bool FULL>
__device__ __forceinline__ void store_v(float* __restrict__ rowp, int c, int n, const float (&v)[${KV}])
{
    if (VEC) {
        if (FULL || c < n) st_v<${V}>(rowp + c, v);
    } else {
        #pragma unroll
        for (int k = 0; k < ${V}; ++k) if (FULL || c + k < n) rowp[c + k] = v[k];
    }
}

% if SKEW:
// TileLoops_Skew, for output rows that take no vectors (R % ${V} != 0 or a misaligned buffer): output row c of the
// tile takes input rows r0 - d .. r0 + ${TILE - 1} - d, d the misalignment in floats of out + c*R + r0 within a
// 32-byte sector (r0 is a multiple of 8, so d depends on c only). Each output row is so split between tiles
// at sector boundaries: every sector is written whole by one warp store (a sector two blocks write in part
// made the misaligned stores ~25% slower on the H200). The tile stages input rows r0 - 8 .. r0 + ${TILE - 1}
// (8 more; the grid has one more row of tiles). FULL: all of them and the output segments inside the matrix.
template <bool VIN, bool FULL>
__device__ __forceinline__ void tile_skew(float* __restrict__ out, const float* __restrict__ inp, int R, int C,
                                          int r0, int c0, float (*tile)[${TILE + PAD}])
{
    const int tx = threadIdx.x, ty = threadIdx.y;
  % if LINES:
    const unsigned ib = (unsigned)(reinterpret_cast<uintptr_t>(inp) / 4);
  % endif
    const unsigned ob = (unsigned)(reinterpret_cast<uintptr_t>(out) / 4);
    #pragma unroll
    for (int g0 = 0; g0 < ${NRS}; g0 += ${GS}) {
        float v[${GS}][${KV}];
  % if LINES:
        int sh[${GS}];
  % endif
        #pragma unroll
        for (int n = 0; n < ${GS}; ++n) {
            const int j = ty + (g0 + n) * ${ROWS}, r = r0 - 8 + j;
            if (g0 + n < ${NRS} && j < ${TILE + 8} && (FULL || (r >= 0 && r < R))) {
                if (!VIN) {
                    const float* rowp = inp + (size_t)r * C + c0;
  % if LINES:
                    sh[n] = line_shift(ib, (size_t)r * C + c0);
  % endif
                    #pragma unroll
                    for (int k = 0; k < ${KV}; ++k) {
                        const int cc = tx + k * ${BXT}${" - sh[n]" if LINES else ""};
                        v[n][k] = (${"cc >= 0 && cc < %d && " % TILE if LINES else ""}(FULL || c0 + cc < C)) ? __ldg(rowp + cc) : 0.f;
                    }
                } else {
                    load_v<VIN, FULL>(inp + (size_t)r * C, c0 + tx * ${V}, C, v[n]);
                }
            }
        }
        #pragma unroll
        for (int n = 0; n < ${GS}; ++n) {
            const int j = ty + (g0 + n) * ${ROWS}, r = r0 - 8 + j;
            if (g0 + n < ${NRS} && j < ${TILE + 8} && (FULL || (r >= 0 && r < R))) {
                if (!VIN) {
                    #pragma unroll
                    for (int k = 0; k < ${KV}; ++k) {
  % if LINES:
                        const int cc = tx + k * ${BXT} - sh[n];
                        if (cc >= 0 && cc < ${TILE}) tile[j][cc] = v[n][k];
  % else:
                        tile[j][tx + k * ${BXT}] = v[n][k];
  % endif
                    }
                } else {
                    #pragma unroll
                    for (int k = 0; k < ${V}; ++k) tile[j][tx * ${V} + k] = v[n][k];
                }
            }
        }
    }
    __syncthreads();
    #pragma unroll
    for (int g0 = 0; g0 < ${NR}; g0 += ${G}) {
        float w[${G}][${V}];
        int d[${G}];
        #pragma unroll
        for (int n = 0; n < ${G}; ++n) {
            const int j = ty + (g0 + n) * ${ROWS};
            d[n] = (int)((ob + (unsigned)(c0 + j) * (unsigned)R + (unsigned)r0) & 7u);
            #pragma unroll
            for (int k = 0; k < ${V}; ++k) w[n][k] = tile[tx + k * ${BXT} + 8 - d[n]][j];
        }
        #pragma unroll
        for (int n = 0; n < ${G}; ++n) {
            const int c = c0 + ty + (g0 + n) * ${ROWS};
            if (FULL || c < C) {
                float* rowp = out + (size_t)c * R + (r0 - d[n]);   // a sector boundary
                #pragma unroll
                for (int k = 0; k < ${V}; ++k) {
                    const int rr = tx + k * ${BXT}, r = r0 - d[n] + rr;
                    if (FULL || (r >= 0 && r < R)) rowp[rr] = w[n][k];
                }
            }
        }
    }
}

% endif
// One tile: input rows r0.., columns c0..; FULL: the whole tile is inside the matrix (no guards).
template <bool VIN, bool VOUT, bool FULL>
__device__ __forceinline__ void tile_io(float* __restrict__ out, const float* __restrict__ inp, int R, int C,
                                        int r0, int c0${", float (*tile)[%d]" % (TILE + PAD) if UseSharedMemory else ""})
{
  % if SKEWS:
    // TileLoops_SkewSectors: output rows that take vectors but whose pitch or buffer is off a 32-byte sector
    // (R % 8 != 0: 8796 rows ran at 79% of the copy, 8795, 8797 and 8800 at 91-92%, H100 2026-12-07e call 6) are
    // skewed as well (uniform over the grid)
    if (!VOUT || ${OFF_SECTOR}) {
  % elif SKEW:
    if (!VOUT) {
  % endif
  % if SKEW:
        tile_skew<VIN, FULL>(out, inp, R, C, r0, c0, tile);
        return;
    }
  % endif
    const int tx = threadIdx.x, ty = threadIdx.y;
  % if LINES:
    const unsigned ib = (unsigned)(reinterpret_cast<uintptr_t>(inp) / 4);   // the low bits give the line shifts
    const unsigned ob = (unsigned)(reinterpret_cast<uintptr_t>(out) / 4);
  % endif
  % if UseSharedMemory and BATCH:
    // ReorderInstructions_Batch: the loads of ${G} tile rows are all issued before the first is stored to
    // shared memory (${G * VectorizeLoads} floats in registers), and the shared reads of ${G} output rows before the first store
    #pragma unroll
    for (int g0 = 0; g0 < ${NR}; g0 += ${G}) {
        float v[${G}][${KV}];
    % if LINES:
        int sh[${G}];
    % endif
        #pragma unroll
        for (int n = 0; n < ${G}; ++n) {
            const int j = ty + (g0 + n) * ${ROWS}, r = r0 + j;
            if (FULL || r < R) {
    % if COAL:
                if (!VIN) {
                    const float* rowp = inp + (size_t)r * C + c0;
      % if LINES:
                    sh[n] = line_shift(ib, (size_t)r * C + c0);
      % endif
                    #pragma unroll
                    for (int k = 0; k < ${KV}; ++k) {
                        const int cc = tx + k * ${BXT}${" - sh[n]" if LINES else ""};
                        v[n][k] = (${"cc >= 0 && cc < %d && " % TILE if LINES else ""}(FULL || c0 + cc < C)) ? __ldg(rowp + cc) : 0.f;
                    }
                    continue;
                }
    % endif
                load_v<VIN, FULL>(inp + (size_t)r * C, c0 + tx * ${V}, C, v[n]);
            }
        }
        #pragma unroll
        for (int n = 0; n < ${G}; ++n) {
            const int j = ty + (g0 + n) * ${ROWS};
            if (FULL || r0 + j < R) {
    % if COAL:
                if (!VIN) {
                    #pragma unroll
                    for (int k = 0; k < ${KV}; ++k) {
      % if LINES:
                        const int cc = tx + k * ${BXT} - sh[n];
                        if (cc >= 0 && cc < ${TILE}) tile[j][cc] = v[n][k];
      % else:
                        tile[j][tx + k * ${BXT}] = v[n][k];
      % endif
                    }
                    continue;
                }
    % endif
    % if PAD or V == 1:
                #pragma unroll
                for (int k = 0; k < ${V}; ++k) tile[j][tx * ${V} + k] = v[n][k];
    % else:
                st_v<${V}>(&tile[j][tx * ${V}], v[n]);
    % endif
            }
        }
    }
    __syncthreads();
    #pragma unroll
    for (int g0 = 0; g0 < ${NR}; g0 += ${G}) {
        float w[${G}][${KV}];
    % if LINES:
        int so[${G}];
    % endif
        #pragma unroll
        for (int n = 0; n < ${G}; ++n) {
            const int j = ty + (g0 + n) * ${ROWS};
    % if COAL:
            if (!VOUT) {
      % if LINES:
                so[n] = line_shift(ob, (size_t)(c0 + j) * R + r0);
                #pragma unroll
                for (int k = 0; k < ${KV}; ++k) w[n][k] = tile[min(max(tx + k * ${BXT} - so[n], 0), ${TILE - 1})][j];
      % else:
                #pragma unroll
                for (int k = 0; k < ${V}; ++k) w[n][k] = tile[tx + k * ${BXT}][j];
      % endif
                continue;
            }
    % endif
            #pragma unroll
            for (int k = 0; k < ${V}; ++k) w[n][k] = tile[tx * ${V} + k][j];
        }
        #pragma unroll
        for (int n = 0; n < ${G}; ++n) {
            const int c = c0 + ty + (g0 + n) * ${ROWS};
            if (FULL || c < C) {
    % if COAL:
                if (!VOUT) {
                    float* rowp = out + (size_t)c * R + r0;
                    #pragma unroll
                    for (int k = 0; k < ${KV}; ++k) {
                        const int rr = tx + k * ${BXT}${" - so[n]" if LINES else ""};
                        if (${"rr >= 0 && rr < %d && " % TILE if LINES else ""}(FULL || r0 + rr < R)) rowp[rr] = w[n][k];
                    }
                    continue;
                }
    % endif
                store_v<VOUT, FULL>(out + (size_t)c * R, r0 + tx * ${V}, R, w[n]);
            }
        }
    }
  % elif UseSharedMemory:
    ${UNR}
    for (int j = ty; j < ${TILE}; j += ${ROWS}) {
        const int r = r0 + j;
        if (FULL || r < R) {
    % if COAL:
            if (!VIN) {   // a side that allows no vectors: the ${V} elements ${BXT} apart, each access coalesced
                const float* rowp = inp + (size_t)r * C + c0;
      % if LINES:
                const int s = line_shift(ib, (size_t)r * C + c0);
      % endif
                #pragma unroll
                for (int k = 0; k < ${KV}; ++k) {
                    const int cc = tx + k * ${BXT}${" - s" if LINES else ""};
      % if LINES:
                    if (cc >= 0 && cc < ${TILE}) tile[j][cc] = (FULL || c0 + cc < C) ? __ldg(rowp + cc) : 0.f;
      % else:
                    tile[j][cc] = (FULL || c0 + cc < C) ? __ldg(rowp + cc) : 0.f;
      % endif
                }
                continue;
            }
    % endif
            float v[${KV}];
            load_v<VIN, FULL>(inp + (size_t)r * C, c0 + tx * ${V}, C, v);
    % if PAD or V == 1:
            #pragma unroll
            for (int k = 0; k < ${V}; ++k) tile[j][tx * ${V} + k] = v[k];
    % else:
            st_v<${V}>(&tile[j][tx * ${V}], v);
    % endif
        }
    }
    __syncthreads();
    ${UNR}
    for (int j = ty; j < ${TILE}; j += ${ROWS}) {
        const int c = c0 + j;                // output row c, columns r0 + tx*V ..
        if (FULL || c < C) {
    % if COAL:
            if (!VOUT) {
                float* rowp = out + (size_t)c * R + r0;
      % if LINES:
                const int s = line_shift(ob, (size_t)c * R + r0);
      % endif
                #pragma unroll
                for (int k = 0; k < ${KV}; ++k) {
                    const int rr = tx + k * ${BXT}${" - s" if LINES else ""};
                    if (${"rr >= 0 && rr < %d && " % TILE if LINES else ""}(FULL || r0 + rr < R)) rowp[rr] = tile[rr][j];
                }
                continue;
            }
    % endif
            float w[${KV}];
            #pragma unroll
            for (int k = 0; k < ${V}; ++k) w[k] = tile[tx * ${V} + k][j];
            store_v<VOUT, FULL>(out + (size_t)c * R, r0 + tx * ${V}, R, w);
        }
    }
  % else:
    // ${V} x ${V} blocks transposed in registers: input rows r0+j .. r0+j+${V - 1}, columns c0+tx*${V} ..
    ${UNR}
    for (int j = ty * ${V}; j < ${TILE}; j += ${ROWS * V}) {
        float v[${V}][${V}];
        #pragma unroll
        for (int k = 0; k < ${V}; ++k) {
            const int r = r0 + j + k;
            if (FULL || r < R) load_v<VIN, FULL>(inp + (size_t)r * C, c0 + tx * ${V}, C, v[k]);
            else {
                #pragma unroll
                for (int q = 0; q < ${V}; ++q) v[k][q] = 0.f;
            }
        }
        #pragma unroll
        for (int q = 0; q < ${V}; ++q) {
            const int c = c0 + tx * ${V} + q;
            if (FULL || c < C) {
                float w[${V}];
                #pragma unroll
                for (int k = 0; k < ${V}; ++k) w[k] = v[k][q];
                store_v<VOUT, FULL>(out + (size_t)c * R, r0 + j, R, w);
            }
        }
    }
  % endif
}

% if NARROW:
<%
NTN = BXT * ROWS                        # threads
NVT = -(-(NF // 4) // NTN)              # float4 slots per thread and run
GB = min(NVT, 8)                        # of which loaded before the first shared store
NL = min(32, NTN)                       # lanes per output row segment
%>\
// TileLoops_Narrow, a matrix at most 64 columns wide (C <= 64; R*C floats contiguous): each block stages runs of
// K + 8 whole input rows (K = ((${NF} - 8) / C - 8) rounded down to 8, the most that fit the shared buffer) with
// aligned float4 loads, every thread busy whatever C, and writes output rows c = 0 .. C-1, elements r0 - d .. r0 + K-1 - d,
// d the misalignment in floats of out + c*R + r0 within a 32-byte sector, so each output row is split between runs at
// sector boundaries (the 8 staged rows above the run cover the shift). The blocks stride over the runs.
__device__ __forceinline__ void narrow(float* __restrict__ out, const float* __restrict__ inp, int R, int C, int K,
                                       float* __restrict__ flat)
{
    const int tid = threadIdx.y * ${BXT} + threadIdx.x;
    const int lane = tid % ${NL}, grp = tid / ${NL};
    const unsigned ib = (unsigned)(reinterpret_cast<uintptr_t>(inp) / 4);
    const unsigned ob = (unsigned)(reinterpret_cast<uintptr_t>(out) / 4);
    const long long n = (long long)R * C;
    const int runs = (R + 7 + K - 1) / K;
    const int b = blockIdx.y * gridDim.x + blockIdx.x, nb = gridDim.x * gridDim.y;
    #pragma unroll 1
    for (int ch = b; ch < runs; ch += nb) {
        const int r0 = ch * K;
        if (ch != b) __syncthreads();                       // the previous run has been written out
        const long long lo = (long long)max(r0 - 8, 0) * C, hi = (long long)min(r0 + K, R) * C;
        const long long a0 = lo - (long long)((ib + (unsigned)lo) & 3u);   // flat[i] holds inp[a0 + i]
        const int nv = (int)((hi - a0 + 3) >> 2);
        #pragma unroll
        for (int g0 = 0; g0 < ${NVT}; g0 += ${GB}) {
            float4 v[${GB}];
            #pragma unroll
            for (int q = 0; q < ${GB}; ++q) {
                const int k = tid + (g0 + q) * ${NTN};
                const long long o = a0 + 4LL * k;
                if (g0 + q < ${NVT} && k < nv) {
                    if (o >= 0 && o + 4 <= n) v[q] = __ldg(reinterpret_cast<const float4*>(inp + o));
                    else {
                        v[q].x = o >= 0 && o < n ? __ldg(inp + o) : 0.f;
                        v[q].y = o + 1 >= 0 && o + 1 < n ? __ldg(inp + o + 1) : 0.f;
                        v[q].z = o + 2 >= 0 && o + 2 < n ? __ldg(inp + o + 2) : 0.f;
                        v[q].w = o + 3 >= 0 && o + 3 < n ? __ldg(inp + o + 3) : 0.f;
                    }
                }
            }
            #pragma unroll
            for (int q = 0; q < ${GB}; ++q) {
                const int k = tid + (g0 + q) * ${NTN};
                if (g0 + q < ${NVT} && k < nv) *reinterpret_cast<float4*>(flat + 4 * k) = v[q];
            }
        }
        __syncthreads();
        #pragma unroll 1
        for (int c = grp; c < C; c += ${NTN // NL}) {
            const int d = (int)((ob + (unsigned)c * (unsigned)R + (unsigned)r0) & 7u);
            float* const rowp = out + (size_t)c * R;
            #pragma unroll 4
            for (int i = lane; i < K; i += ${NL}) {
                const int r = r0 - d + i;
                if (r >= 0 && r < R) rowp[r] = flat[(int)((long long)r * C + c - a0)];
            }
        }
    }
}

% endif
% if GATHER:
<% NTG = BXT * ROWS %>\
// TileLoops_Gather, a matrix of at most ${TileLoops_Gather} rows (R <= ${TileLoops_Gather}, decided at run time, before
// TileLoops_Narrow; launch() sizes the grid to the R*C/4 output float4s, not to the tiles): the output (C x R) is one
// contiguous run of R*C floats, written in float4s (4 scalar stores where the output is not 16-byte aligned), ${TC} per
// thread and step; each float is gathered from its input row by a scalar load that the L1 and L2 serve (a warp's 128
// output floats read 128/R columns of every input row: torch.compile's layout for this transpose; a tile of 64 rows
// leaves 64 - R of them idle and writes output rows of R floats). All of a thread's loads are issued before its first
// store. The blocks stride over the output. I: unsigned where every index fits, else long long; A: output aligned.
template <typename I, bool A>
__device__ __forceinline__ void gather(float* __restrict__ out, const float* __restrict__ inp, int R, int C)
{
    const int tid = threadIdx.y * ${BXT} + threadIdx.x;
    const I n = (I)R * (I)C, nv = (n + 3) / 4;
    const I step = (I)gridDim.x * gridDim.y * ${NTG * TC};
    #pragma unroll 1
    for (I k0 = ((I)blockIdx.y * gridDim.x + blockIdx.x) * ${NTG * TC} + tid; k0 < nv; k0 += step) {
        float v[${TC}][4];
        #pragma unroll
        for (int u = 0; u < ${TC}; ++u) {
            const I e = 4 * (k0 + (I)u * ${NTG});
            I c = e / (I)R;
            int r = (int)(e - c * (I)R);
            #pragma unroll
            for (int q = 0; q < 4; ++q) {
                v[u][q] = e + q < n ? __ldg(inp + (I)r * (I)C + c) : 0.f;
                if (++r == R) { r = 0; ++c; }
            }
        }
        #pragma unroll
        for (int u = 0; u < ${TC}; ++u) {
            const I e = 4 * (k0 + (I)u * ${NTG});
            if (A && e + 4 <= n) {
                *reinterpret_cast<float4*>(out + e) = make_float4(v[u][0], v[u][1], v[u][2], v[u][3]);
            } else {
                #pragma unroll
                for (int q = 0; q < 4; ++q) if (e + q < n) out[e + q] = v[u][q];
            }
        }
    }
}

% endif
% if STAGE:
<% M = NTG * TC * 4 %>\
// TileLoops_GatherStage: the same output run per block and step as gather() (${M} floats: ${TC} float4s a thread),
// its floats not gathered one by one but staged: the block loads the columns the run covers (about ${M}/R + 2 of
// each input row) as aligned float4s along the rows, every sector of a row segment used, into shared rows of WS
// floats (odd), then writes the run in float4s from there. R <= ${TileLoops_Gather}: R * WS <= ${M} + 3 * R floats
// (${M + 3 * TileLoops_Gather} staged); more rows take gather(). A: as gather(); indices below 2^32 (the kernel
// gives larger matrices to gather<long long>: 64-bit indices here took 80 registers).
template <bool A>
__device__ __forceinline__ void gather_staged(float* __restrict__ out, const float* __restrict__ inp, int R, int C,
                                              float* __restrict__ stage)
{
    if (R > ${TileLoops_Gather}) {                       // uniform: the staged rows would not fit (GatherOnly runs at any R)
        gather<unsigned, A>(out, inp, R, C);
        return;
    }
    const int tid = threadIdx.y * ${BXT} + threadIdx.x;
    const unsigned n = (unsigned)R * (unsigned)C;
    const unsigned nb = gridDim.x * gridDim.y;
    const unsigned ib = (unsigned)(reinterpret_cast<uintptr_t>(inp) / 4);
    const int WS = (${M} / R + 2) | 1;                 // shared row: the run's columns, odd against bank conflicts
    // the run's first column ca and its row r0 (e0 = ca * R + r0), stepped without a division
    const unsigned e00 = (blockIdx.y * gridDim.x + blockIdx.x) * ${M}u, de = nb * ${M}u;
    unsigned ca = e00 / (unsigned)R;
    int r0 = (int)(e00 - ca * (unsigned)R);
    const unsigned dca = de / (unsigned)R;
    const int dr0 = (int)(de - dca * (unsigned)R);
    #pragma unroll 1
    for (unsigned e0 = e00; e0 < n; e0 += de) {                // uniform over the block
        const int m = e0 + ${M} < n ? ${M} : (int)(n - e0);   // the run's floats
        const int wc = (r0 + m - 1) / R + 1;             // columns ca .. ca + wc - 1
        const int nq = (wc + 6) / 4;                     // aligned float4s that cover wc floats at any shift
        if (e0 != e00) __syncthreads();                  // the last run has been written out
        const int dr = ${NTG} / nq, dq = ${NTG} - dr * nq;    // slot i -> (row, vector): i / nq, i % nq, stepped
        int r = tid / nq, q = tid - r * nq;
        #pragma unroll 1
        while (r < R) {
            float4 v[4];
            int j[4], k[4];                              // v[u].x's column in the run, its shared index
            #pragma unroll
            for (int u = 0; u < 4; ++u) {                // four loads in flight before the shared stores
                j[u] = wc;                               // past the run: nothing stored
                if (r < R) {
                    const unsigned s = (unsigned)r * (unsigned)C + ca;
                    const int sh = (int)((ib + s) & 3u);
                    const long long o = (long long)s - sh + 4 * q, nn = (long long)n;
                    if (o >= 0 && o + 4 <= nn) v[u] = __ldg(reinterpret_cast<const float4*>(inp + o));
                    else {                               // the buffer's first or last partial vector
                        v[u].x = o >= 0 && o < nn ? __ldg(inp + o) : 0.f;
                        v[u].y = o + 1 >= 0 && o + 1 < nn ? __ldg(inp + o + 1) : 0.f;
                        v[u].z = o + 2 >= 0 && o + 2 < nn ? __ldg(inp + o + 2) : 0.f;
                        v[u].w = o + 3 < nn ? __ldg(inp + o + 3) : 0.f;
                    }
                    j[u] = 4 * q - sh;
                    k[u] = r * WS + j[u];
                }
                r += dr; q += dq;
                if (q >= nq) { q -= nq; ++r; }
            }
            #pragma unroll
            for (int u = 0; u < 4; ++u) {
                if (j[u] >= 0 && j[u] < wc) stage[k[u]] = v[u].x;
                if (j[u] + 1 >= 0 && j[u] + 1 < wc) stage[k[u] + 1] = v[u].y;
                if (j[u] + 2 >= 0 && j[u] + 2 < wc) stage[k[u] + 2] = v[u].z;
                if (j[u] + 3 < wc) stage[k[u] + 3] = v[u].w;
            }
        }
        __syncthreads();
        #pragma unroll
        for (int u = 0; u < ${TC}; ++u) {
            const int f = 4 * (tid + u * ${NTG});        // the float4's offset in the run
            if (f >= m) break;
            int cc = (r0 + f) / R, r = r0 + f - cc * R;
            float w[4];
            #pragma unroll
            for (int q = 0; q < 4; ++q) {
                w[q] = f + q < m ? stage[r * WS + cc] : 0.f;
                if (++r == R) { r = 0; ++cc; }
            }
            if (A && f + 4 <= m) {
                *reinterpret_cast<float4*>(out + e0 + f) = make_float4(w[0], w[1], w[2], w[3]);
            } else {
                #pragma unroll
                for (int q = 0; q < 4; ++q) if (f + q < m) out[e0 + f + q] = w[q];
            }
        }
        ca += dca;
        r0 += dr0;
        if (r0 >= R) { r0 -= R; ++ca; }
    }
}

% endif
template <bool VIN, bool VOUT>
__device__ __forceinline__ void body(float* __restrict__ out, const float* __restrict__ inp, int R, int C
                                     ${", float (*tile)[%d]" % (TILE + PAD) if UseSharedMemory else ""})
{
  % if DIAG:
    int dbx, dby;
    diagonal_block(dbx, dby);
  % endif
    const int c0 = ${BX} * ${TILE};
  % if SKEWS and SPEC:
    // the output rows take the plain vector tile (no skew): vectors and every row on a 32-byte sector
    const bool sectors = VOUT && !${OFF_SECTOR};
  % endif
    #pragma unroll 1
    for (int by = ${BY}; by * ${TC * TILE} < R + ${SK}; by += gridDim.y)   // grid y is at most 65535
    #pragma unroll 1
    for (int t = 0; t < ${TC}; ++t) {
        const int r0 = (by * ${TC} + t) * ${TILE};
        if (r0 >= R + ${SK}) break;                      // uniform over the block
  % if UseSharedMemory:
        if (t > 0 || by != ${BY}) __syncthreads();   // the previous tile has been read out
  % endif
<% targs = ", tile" if UseSharedMemory else "" %>\
  % if SPEC:
        if (r0 + ${TILE} <= R && c0 + ${TILE} <= C${" && (sectors || r0 >= 8)" if SKEWS else (" && (VOUT || r0 >= 8)" if SKEW else "")})   // uniform over the block: the unguarded copy
            tile_io<VIN, VOUT, true>(out, inp, R, C, r0, c0${targs});
        else
            tile_io<VIN, VOUT, false>(out, inp, R, C, r0, c0${targs});
  % else:
        tile_io<VIN, VOUT, false>(out, inp, R, C, r0, c0${targs});
  % endif
    }
}

extern "C" __global__ void __launch_bounds__(${BXT * ROWS})
${KERNEL}(float* __restrict__ out, const float* __restrict__ inp, int R, int C)
{
  % if UseSharedMemory and not GONLY:
    __shared__ __align__(16) float tile[${TILE + SK}][${TILE + PAD}];
  % endif
  % if STAGE:
    __shared__ __align__(16) float stage[${BXT * ROWS * TC * 4 + 3 * TileLoops_Gather}];
  % endif
  % if GONLY:
    {                       // TileLoops_GatherOnly: the gather at every R, no tile code (the gather's registers alone)
  % elif GATHER:
    if (R <= ${TileLoops_Gather}) {                  // uniform over the grid (launch() sized the grid for it)
  % endif
  % if GATHER:
        const bool a = (reinterpret_cast<uintptr_t>(out) & 15) == 0;
        if ((long long)R * C + 8LL * gridDim.x * gridDim.y * ${BXT * ROWS * TC} < 0xffffffffLL) {
  % if STAGE:
            if (a) gather_staged<true>(out, inp, R, C, stage); else gather_staged<false>(out, inp, R, C, stage);
        } else {                                     // 2^32 floats or more: unstaged
  % else:
            if (a) gather<unsigned, true>(out, inp, R, C); else gather<unsigned, false>(out, inp, R, C);
        } else {
  % endif
            if (a) gather<long long, true>(out, inp, R, C); else gather<long long, false>(out, inp, R, C);
        }
        return;
    }
  % endif
  % if not GONLY:
  % if NARROW:
    if (C <= 64) {                                  // uniform over the grid: TileLoops_Narrow
        const int K = ((${NF - 8} / C) - 8) & ~7;   // rows per run
        if (K >= 8) {
            narrow(out, inp, R, C, K, &tile[0][0]);
            return;
        }
    }
  % endif
<% targs = ", tile" if UseSharedMemory else "" %>
  % if V > 1:
    const bool vin = C % ${V} == 0 && reinterpret_cast<uintptr_t>(inp) % ${4 * V} == 0;
    const bool vout = R % ${V} == 0 && reinterpret_cast<uintptr_t>(out) % ${4 * V} == 0;
    if (vin && vout) body<true, true>(out, inp, R, C${targs});
    else if (vin)    body<true, false>(out, inp, R, C${targs});
    else if (vout)   body<false, true>(out, inp, R, C${targs});
    else             body<false, false>(out, inp, R, C${targs});
  % else:
    body<false, false>(out, inp, R, C${targs});
  % endif
  % endif
}
% endif
