// ${KERNEL}: one 5-point Jacobi step on an H x W fp32 row-major grid; the boundary is copied.
// Block ${AdjustBlockSizeX} x ${AdjustBlockSizeY} threads; thread (tx, ty) computes columns x0 .. x0+V-1 of
// rows y0 .. y0+CY-1, x0 = (bx*BX + tx)*V, y0 = (by*BY + ty)*CY. Every load is clamped into the grid,
// every store is guarded, so any H, W >= 1 works.
<%
BX, BY, CY, V = AdjustBlockSizeX, AdjustBlockSizeY, ThreadCoarsening, VectorizeLoads
TW, TH = BX * V, BY * CY
OFF = V                                     # smem column of the first interior cell (vector aligned)
SKEW = TileLoops_Skew and UseSharedMemory               # else the gene changes nothing
KR = -(-(TH + 2) // BY)                                 # TileLoops_Skew: staged rows per thread,
KI = -(-(TW + 17) // BX)                                # window slots per row and thread,
KG = max(1, min(KR, 32 // KI))                          # rows whose loads are issued together
NARROWS = TileLoops_Narrow and not UseSharedMemory and not TileLoops_Flat   # else the gene changes nothing
NT = BX * BY
NRUN = TW * TH                                          # TileLoops_Narrow: outputs per run
NBUF = 2 * NRUN + 16                                    # floats staged per run (W <= NRUN / 2)
NVB = -(-(NBUF // 4) // NT)                             # float4 slots per thread and run
GBN = min(NVB, 8)                                       # of which loaded before the first shared store
S = -(-max(V + TW + 1, TW + 10 if SKEW else 0) // V) * V + (V if PadSharedMemory else 0)
UNR = "#pragma unroll" if UnrollLoop else "#pragma unroll 1"
ALIGN = VectorizeLoads_Align and V > 1 and not UseSharedMemory       # else these genes change nothing
PREF = ReorderInstructions_Prefetch and not UseSharedMemory
AST = VectorizeLoads_AlignStores and ALIGN
ASH = VectorizeLoads_AlignShared and V > 1 and UseSharedMemory
NVS = (TW + 2 + V - 1 + V - 1) // V          # aligned vectors that cover TW + 2 floats at any shift
COALS = CoalesceMemoryAccess and V > 1 and not UseSharedMemory and not ALIGN
FLATS = TileLoops_Flat and not UseSharedMemory
FLATV = FLATS and TileLoops_Flat == "float4"
%>
% if FLATV:
#include <stdint.h>
// TileLoops_Flat=float4: the H x W outputs as one flat array in float4 pieces, torch.compile's layout for this
// stencil. Block b covers ${BX * BY * 4 * CY} consecutive floats; thread tid takes the 4 floats at
// (b*${CY} + c)*${BX * BY * 4} + 4*tid for each of its ${CY} chunks c, so every warp access spans 512 consecutive bytes and
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
    const I n = (I)H * W, base = (I)blockIdx.x * ${BX * BY * 4 * CY} + 4 * tid;
    float4 m[${CY}];
    float up[${CY}][4], dw[${CY}][4], lf[${CY}], rt[${CY}];
    #pragma unroll
    for (int c = 0; c < ${CY}; ++c) {
        const I i0 = base + (I)c * ${BX * BY * 4};
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
    for (int c = 0; c < ${CY}; ++c) {
        const I i0 = base + (I)c * ${BX * BY * 4};
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
extern "C" __global__ void __launch_bounds__(${BX * BY})
${KERNEL}(float* __restrict__ out, const float* __restrict__ inp, int H, int W, float c0, float c1)
{
    const int tid = threadIdx.y * ${BX} + threadIdx.x;
    const long long n = (long long)H * W;
    if (W < 4 || ((reinterpret_cast<uintptr_t>(inp) | reinterpret_cast<uintptr_t>(out)) & 15) != 0) {
        const long long base = (long long)blockIdx.x * ${BX * BY * 4 * CY} + 4 * tid;
        #pragma unroll 1
        for (int c = 0; c < ${CY}; ++c) {   // misaligned buffers, rows of 1-3 floats: scalar, loads clamped
            for (int e = 0; e < 4; ++e) {
                const long long i = base + (long long)c * ${BX * BY * 4} + e;
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
    if ((long long)gridDim.x * ${BX * BY * 4 * CY} + W + 16 <= 0x7fffffffll) flat4<int>(out, inp, H, W, c0, c1, tid);
    else flat4<long long>(out, inp, H, W, c0, c1, tid);
}
% elif FLATS:
// TileLoops_Flat: thread g = blockIdx.x*${BX * BY} + tid takes column g % W of the band of ${CY} rows g / W
// (grid x covers ceil(H/${CY})*W threads), so no block idles at a ragged right edge; all ${CY + 2} rows are
// loaded (clamped into the grid) before the first output, each warp access is consecutive columns.
extern "C" __global__ void __launch_bounds__(${BX * BY})
${KERNEL}(float* __restrict__ out, const float* __restrict__ inp, int H, int W, float c0, float c1)
{
    const unsigned long long g = (unsigned long long)blockIdx.x * ${BX * BY} + threadIdx.y * ${BX} + threadIdx.x;
    unsigned long long band;
    int x;
    if ((unsigned long long)gridDim.x * ${BX * BY} <= 0xffffffffull) {   // uniform: 32-bit division
        const unsigned g32 = (unsigned)g;
        band = g32 / (unsigned)W;
        x = (int)(g32 - (unsigned)band * (unsigned)W);
    } else {
        band = g / (unsigned long long)W;
        x = (int)(g - band * (unsigned long long)W);
    }
    if (band * ${CY} >= (unsigned long long)H) return;
    const int y0 = (int)band * ${CY};
    const size_t ws = (size_t)W;
    const int xl = max(x - 1, 0), xr = min(x + 1, W - 1);
    float m[${CY + 2}], l[${CY}], r[${CY}];
    #pragma unroll
    for (int i = 0; i < ${CY + 2}; ++i) {
        const float* rowp = inp + (size_t)min(max(y0 - 1 + i, 0), H - 1) * ws;
        m[i] = __ldg(rowp + x);
        if (i >= 1 && i <= ${CY}) { l[i - 1] = __ldg(rowp + xl); r[i - 1] = __ldg(rowp + xr); }
    }
    #pragma unroll
    for (int i = 0; i < ${CY}; ++i) {
        const int y = y0 + i;
        if (y >= H) break;
        const float s = c0 * m[i + 1] + c1 * ((m[i] + m[i + 2]) + (l[i] + r[i]));
        const bool edge = (y == 0) | (y == H - 1) | (x == 0) | (x == W - 1);
        out[(size_t)y * ws + x] = edge ? m[i + 1] : s;
    }
}
% else:
#include <stdint.h>

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

// Columns x0 .. x0+${V - 1} of one row. VEC: W % ${V} == 0 and x0 < W, so the whole vector is in the row;
// otherwise element-wise, clamped to the last column (the clamped values are never stored).
template <bool VEC>
__device__ __forceinline__ void load_cols(const float* __restrict__ rowp, int x0, int W, float (&v)[${V}])
{
    if (VEC) {
        ldg_v<${V}>(rowp + x0, v);
    } else {
        #pragma unroll
        for (int k = 0; k < ${V}; ++k) v[k] = __ldg(rowp + min(x0 + k, W - 1));
    }
}

template <bool VEC>
__device__ __forceinline__ void store_cols(float* __restrict__ rowp, int x0, int W, const float (&v)[${V}])
{
    if (VEC) {
        st_v<${V}>(rowp + x0, v);
    } else {
        #pragma unroll
        for (int k = 0; k < ${V}; ++k) if (x0 + k < W) rowp[x0 + k] = v[k];
    }
}

// b: the row being updated (with its left / right neighbours bl, br), a / c: the rows above / below.
__device__ __forceinline__ void update(float (&o)[${V}], const float (&a)[${V}], const float (&b)[${V}],
                                       const float (&c)[${V}], float bl, float br, int x0, int y, int H, int W,
                                       float c0, float c1)
{
    const bool edge_row = (y == 0) | (y == H - 1);
    #pragma unroll
    for (int k = 0; k < ${V}; ++k) {
        const float l = k == 0 ? bl : b[k > 0 ? k - 1 : 0];
        const float r = k == ${V - 1} ? br : b[k < ${V - 1} ? k + 1 : ${V - 1}];
        const int x = x0 + k;
        const float s = c0 * b[k] + c1 * ((a[k] + c[k]) + (l + r));
        o[k] = (edge_row | (x == 0) | (x == W - 1)) ? b[k] : s;
    }
}

% if not UseSharedMemory and (ALIGN or PREF):
// Row y (clamped into the grid) at columns x0 .. x0+${V - 1} into b, its neighbours x0-1 / x0+${V} into bl / br
// (clamped into the row; a clamped value is never used).
template <bool VEC>
__device__ __forceinline__ void row_in(const float* __restrict__ inp, int y, int x0, int H, int W, long long ib,
                                       float (&b)[${V}], float& bl, float& br)
{
    const long long r0 = (long long)min(max(y, 0), H - 1) * W;
    const float* rowp = inp + r0;
    x0 = min(x0, VEC ? W - ${V} : W - 1);        // a lane past the row (kept for shuffles) loads inside it
  % if ALIGN and V > 1:
    if (!VEC) {   // the two aligned vectors from x0's ${4 * V}-byte boundary, shifted in registers
        const long long o = r0 + x0;
        const int s = (int)((ib + o) & ${V - 1});
        const long long a = o - s, n = (long long)H * W;
        float e[${2 * V}];
        if (a >= 0 && a + ${2 * V} <= n) {
            ldg_v<${V}>(inp + a, *reinterpret_cast<float(*)[${V}]>(&e[0]));
            ldg_v<${V}>(inp + a + ${V}, *reinterpret_cast<float(*)[${V}]>(&e[${V}]));
        } else {
            #pragma unroll
            for (int q = 0; q < ${2 * V}; ++q) e[q] = __ldg(inp + min(max(a + q, r0), r0 + W - 1));
        }
        #pragma unroll
        for (int k = 0; k <= ${V}; ++k) {           // k == ${V}: the right neighbour
            float x = e[k];
            #pragma unroll
            for (int m = 1; m < ${V}; ++m) x = s == m ? e[k + m] : x;
            if (k < ${V}) b[k] = x; else br = x;
        }
        float l = __ldg(rowp + max(x0 - 1, 0));     // s == 0: the left neighbour is in the vector before
        #pragma unroll
        for (int m = 1; m < ${V}; ++m) l = s == m ? e[m - 1] : l;
        bl = l;
        return;
    }
  % endif
    load_cols<VEC>(rowp, x0, W, b);
    bl = __ldg(rowp + max(x0 - 1, 0));
    br = __ldg(rowp + min(x0 + ${V}, W - 1));
}

  % if AST:
// Row y's outputs at columns x0 .. x0+${V - 1} (x0 past the row: nothing), stored as aligned vectors where the row
// is misaligned by s floats: each lane stores the vector from x0+${V}-s, its last s outputs and the next lane's
// first ${V}-s (a shuffle); the first lane of a warp also stores its first ${V}-s outputs one by one, the last lane
// (or the one at the row's end) its last s. A warp lies in one row segment (AdjustBlockSizeX >= 32) and every
// lane takes part (no thread has returned).
template <bool VEC>
__device__ __forceinline__ void store_row(float* __restrict__ out, int y, int x0, int W, unsigned ob,
                                          const float (&o)[${V}])
{
    float* const rowp = out + (size_t)y * W;
    float nx[${V}];
    #pragma unroll
    for (int k = 0; k < ${V}; ++k) nx[k] = __shfl_down_sync(0xffffffffu, o[k], 1);
    const int s = VEC ? 0 : (int)((ob + (unsigned)y * (unsigned)W + (unsigned)x0) & ${V - 1});   // one per warp
    if (s == 0) {
        if (x0 + ${V} <= W) st_v<${V}>(rowp + x0, o);
        else {
            #pragma unroll
            for (int k = 0; k < ${V}; ++k) if (x0 + k < W) rowp[x0 + k] = o[k];
        }
        return;
    }
    const int lane = threadIdx.x & 31;
    if (lane == 0) {
        #pragma unroll
        for (int k = 0; k < ${V - 1}; ++k) if (k < ${V} - s && x0 + k < W) rowp[x0 + k] = o[k];
    }
    const int a = x0 + ${V} - s;                    // the aligned vector this lane stores
    if (lane == 31 || x0 + ${V} >= W) {             // no next lane in this row: only our last s outputs
        #pragma unroll
        for (int k = 1; k < ${V}; ++k) if (k >= ${V} - s && x0 + k < W) rowp[x0 + k] = o[k];
        return;
    }
    float w[${V}];
    % for m in range(1, V):
    ${"if" if m == 1 else "else if"} (s == ${m}) {
        % for k in range(V):
        w[${k}] = ${"o[%d]" % (V - m + k) if k < m else "nx[%d]" % (k - m)};
        % endfor
    }
    % endfor
    if (a + ${V} <= W) st_v<${V}>(rowp + a, w);
    else {
        #pragma unroll
        for (int k = 0; k < ${V}; ++k) if (a + k < W) rowp[a + k] = w[k];
    }
}
  % endif

template <bool VEC>
__device__ __forceinline__ void run(float* __restrict__ out, const float* __restrict__ inp, int H, int W,
                                    float c0, float c1, int x0, int y0)
{
    const size_t ws = (size_t)W;
    const long long ib = (long long)(reinterpret_cast<uintptr_t>(inp) / 4);
    const unsigned ob = (unsigned)(reinterpret_cast<uintptr_t>(out) / 4);
    (void)ob;
  % if PREF:
    // all ${CY + 2} rows of this thread are loaded before the first output is computed (rows clamped: no guard)
    float b[${CY + 2}][${V}], bl[${CY + 2}], br[${CY + 2}];
    #pragma unroll
    for (int i = 0; i < ${CY + 2}; ++i) row_in<VEC>(inp, y0 - 1 + i, x0, H, W, ib, b[i], bl[i], br[i]);
    #pragma unroll
    for (int i = 0; i < ${CY}; ++i) {
        const int y = y0 + i;
        if (y >= H) break;
        float o[${V}];
        update(o, b[i], b[i + 1], b[i + 2], bl[i + 1], br[i + 1], x0, y, H, W, c0, c1);
        ${"store_row<VEC>(out, y, x0, W, ob, o)" if AST else "store_cols<VEC>(out + (size_t)y * ws, x0, W, o)"};
    }
  % else:
    float a[${V}], b[${V}], c[${V}], al, ar, bl, br, cl, cr;
    row_in<VEC>(inp, y0 - 1, x0, H, W, ib, a, al, ar);
    row_in<VEC>(inp, y0, x0, H, W, ib, b, bl, br);
    ${UNR}
    for (int i = 0; i < ${CY}; ++i) {
        const int y = y0 + i;
        if (y >= H) break;
        row_in<VEC>(inp, y + 1, x0, H, W, ib, c, cl, cr);
        float o[${V}];
        update(o, a, b, c, bl, br, x0, y, H, W, c0, c1);
        ${"store_row<VEC>(out, y, x0, W, ob, o)" if AST else "store_cols<VEC>(out + (size_t)y * ws, x0, W, o)"};
        #pragma unroll
        for (int k = 0; k < ${V}; ++k) { a[k] = b[k]; b[k] = c[k]; }
        bl = cl; br = cr;
    }
    (void)al; (void)ar;
  % endif
}
% elif not UseSharedMemory:
template <bool VEC>
__device__ __forceinline__ void run(float* __restrict__ out, const float* __restrict__ inp, int H, int W,
                                    float c0, float c1, int x0, int y0)
{
    const size_t ws = (size_t)W;
    const int xl = max(x0 - 1, 0), xr = min(x0 + ${V}, W - 1);
    float a[${V}], b[${V}], c[${V}];
    load_cols<VEC>(inp + (size_t)max(y0 - 1, 0) * ws, x0, W, a);
    const float* rb = inp + (size_t)y0 * ws;
    load_cols<VEC>(rb, x0, W, b);
    float bl = __ldg(rb + xl), br = __ldg(rb + xr);
    ${UNR}
    for (int i = 0; i < ${CY}; ++i) {
        const int y = y0 + i;
        if (y >= H) break;
        const float* rc = inp + (size_t)min(y + 1, H - 1) * ws;
        load_cols<VEC>(rc, x0, W, c);
        const float cl = __ldg(rc + xl), cr = __ldg(rc + xr);
        float o[${V}];
        update(o, a, b, c, bl, br, x0, y, H, W, c0, c1);
        store_cols<VEC>(out + (size_t)y * ws, x0, W, o);
        #pragma unroll
        for (int k = 0; k < ${V}; ++k) { a[k] = b[k]; b[k] = c[k]; }
        bl = cl; br = cr;
    }
}
% else:
// tile[r][${OFF} + i] holds in[by*${TH} - 1 + r][bx*${TW} + i] (clamped into the grid), r < ${TH + 2}, -1 <= i <= ${TW}.
template <bool VEC>
__device__ __forceinline__ void run(float* __restrict__ out, const float* __restrict__ inp, int H, int W,
                                    float c0, float c1, float (*tile)[${S}], int by)
{
    const size_t ws = (size_t)W;
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int bx0 = blockIdx.x * ${TW}, by0 = by * ${TH};
  % if SKEW:
    // the grid's last tile column is there for run_skew's shifted tiles (W + 7 columns); here it may start
    // past the row's end (W % ${TW} > ${TW - 7}), where its halo load would read past the array
    if (bx0 >= W) return;                      // uniform over the block, before its barriers
  % endif
  % if ASH:
    if (!VEC) {   // each tile row, columns bx0-1 .. bx0+${TW}, from the ${V}-float aligned vectors that cover it
        const long long n = (long long)H * W;
        const unsigned ib = (unsigned)(reinterpret_cast<uintptr_t>(inp) / 4);
        #pragma unroll 2
        for (int idx = ty * ${BX} + tx; idx < ${(TH + 2) * NVS}; idx += ${BX * BY}) {
            const int r = idx / ${NVS}, k = idx - r * ${NVS};
            const long long row0 = (long long)min(max(by0 - 1 + r, 0), H - 1) * W;
            const long long lo = row0 + bx0 - 1, hi = row0 + min(bx0 + ${TW + 1}, W);
            const int s = (int)((ib + (unsigned)lo) & ${V - 1});
            const long long o = lo - s + k * ${V};
            if (o >= hi) continue;
            float v[${V}];
            if (o >= 0 && o + ${V} <= n) ldg_v<${V}>(inp + o, v);
            else {
                #pragma unroll
                for (int q = 0; q < ${V}; ++q) v[q] = __ldg(inp + min(max(o + q, row0), row0 + W - 1));
            }
            #pragma unroll
            for (int q = 0; q < ${V}; ++q) {
                const int col = (int)(o + q - row0) - bx0;    // -1 .. ${TW}: the tile's columns and halo
                if (col >= -1 && col <= ${TW}) tile[r][${OFF} + col] = v[q];
            }
        }
        __syncthreads();
    } else
  % endif
    {
    #pragma unroll 1
    for (int r = ty; r < ${TH + 2}; r += ${BY}) {
        const float* rowp = inp + (size_t)min(max(by0 - 1 + r, 0), H - 1) * ws;
        const int gx = bx0 + tx * ${V};
        float v[${V}];
        if (VEC) {
            if (gx < W) ldg_v<${V}>(rowp + gx, v);
            else {
                #pragma unroll
                for (int k = 0; k < ${V}; ++k) v[k] = 0.f;
            }
        } else {
            load_cols<false>(rowp, gx, W, v);
        }
        st_v<${V}>(&tile[r][${OFF} + tx * ${V}], v);
    }
    for (int idx = ty * ${BX} + tx; idx < ${2 * (TH + 2)}; idx += ${BX * BY}) {
        const int r = idx >> 1;
        const float* rowp = inp + (size_t)min(max(by0 - 1 + r, 0), H - 1) * ws;
        if (idx & 1) tile[r][${OFF + TW}] = __ldg(rowp + min(bx0 + ${TW}, W - 1));
        else         tile[r][${OFF - 1}] = __ldg(rowp + max(bx0 - 1, 0));
    }
    __syncthreads();
    }
    const int x0 = bx0 + tx * ${V};
    const int y0 = by0 + ty * ${CY};
    if (x0 >= W) return;                       // after the only barrier
    const int sx = ${OFF} + tx * ${V};
    ${UNR}
    for (int i = 0; i < ${CY}; ++i) {
        const int y = y0 + i;
        if (y >= H) break;
        const int sr = ty * ${CY} + i + 1;
        float a[${V}], b[${V}], c[${V}], o[${V}];
        ld_v<${V}>(&tile[sr - 1][sx], a);
        ld_v<${V}>(&tile[sr][sx], b);
        ld_v<${V}>(&tile[sr + 1][sx], c);
        update(o, a, b, c, tile[sr][sx - 1], tile[sr][sx + ${V}], x0, y, H, W, c0, c1);
        store_cols<VEC>(out + (size_t)y * ws, x0, W, o);
    }
}
% endif
% if SKEW:

// TileLoops_Skew, where the rows take no vectors (W % ${V} != 0, a misaligned buffer${", or VectorizeLoads 1" if V == 1 else ""}): output row y
// of the tile covers columns bx0 - d .. bx0 + ${TW - 1} - d, d the misalignment in floats of out + y*W + bx0 within a
// 32-byte sector (bx0 is a multiple of 8, so d depends on y only). Each row is so split between tiles at sector
// boundaries, and every sector is written whole by one warp store. tile[r][9 + i] holds in[by*${TH} - 1 + r][bx0 + i]
// (clamped into the grid), -9 <= i <= ${TW}, loaded in warp windows that start on a sector; thread tx computes
// columns bx0 - d + tx + k*${BX} (k < ${V}), so each warp store is consecutive floats from a sector boundary.
__device__ __forceinline__ void run_skew(float* __restrict__ out, const float* __restrict__ inp, int H, int W,
                                         float c0, float c1, float (*tile)[${S}], int by)
{
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int bx0 = blockIdx.x * ${TW}, by0 = by * ${TH};
    const unsigned ib = (unsigned)(reinterpret_cast<uintptr_t>(inp) / 4);
    const unsigned ob = (unsigned)(reinterpret_cast<uintptr_t>(out) / 4);
    // the loads of ${KG} of this thread's ${KR} staged rows (${KI} window slots each) are all issued before the first
    // shared store
    #pragma unroll
    for (int g0 = 0; g0 < ${KR}; g0 += ${KG}) {
        float v[${KG}][${KI}];
        int e[${KG}];
        #pragma unroll
        for (int n = 0; n < ${KG}; ++n) {
            const int r = ty + (g0 + n) * ${BY};
            if (g0 + n < ${KR} && r < ${TH + 2}) {
                const int yr = min(max(by0 - 1 + r, 0), H - 1);
                const float* rowp = inp + (size_t)yr * W;
                e[n] = (int)((ib + (unsigned)yr * (unsigned)W + (unsigned)(bx0 - 9)) & 7u);   // the window's start
                #pragma unroll
                for (int q = 0; q < ${KI}; ++q) {
                    const int j = tx + q * ${BX} - e[n];    // staged column: bx0 - 9 + j
                    v[n][q] = __ldg(rowp + min(max(bx0 - 9 + j, 0), W - 1));
                }
            }
        }
        #pragma unroll
        for (int n = 0; n < ${KG}; ++n) {
            const int r = ty + (g0 + n) * ${BY};
            if (g0 + n < ${KR} && r < ${TH + 2}) {
                #pragma unroll
                for (int q = 0; q < ${KI}; ++q) {
                    const int j = tx + q * ${BX} - e[n];
                    if (j >= 0 && j < ${TW + 10}) tile[r][j] = v[n][q];
                }
            }
        }
    }
    __syncthreads();
    const int y0 = by0 + ty * ${CY};
    ${UNR}
    for (int i = 0; i < ${CY}; ++i) {
        const int y = y0 + i;
        if (y >= H) break;
        const int sr = ty * ${CY} + i + 1;
        const int d = (int)((ob + (unsigned)y * (unsigned)W + (unsigned)bx0) & 7u);   // uniform over the row
        float* const rowp = out + (size_t)y * W;
        const bool edge_row = (y == 0) | (y == H - 1);
        #pragma unroll
        for (int k = 0; k < ${V}; ++k) {
            const int j = 9 + tx + k * ${BX} - d;       // staged column of output column x
            const int x = bx0 - 9 + j;
            const float b = tile[sr][j];
            const float s = c0 * b + c1 * ((tile[sr - 1][j] + tile[sr + 1][j]) + (tile[sr][j - 1] + tile[sr][j + 1]));
            if (x >= 0 && x < W) rowp[x] = (edge_row | (x == 0) | (x == W - 1)) ? b : s;
        }
    }
}
% endif

% if COALS:
// CoalesceMemoryAccess, where W or a buffer allows no vectors: thread tx computes columns xb + k*${BX}
// (xb = bx*${TW} + tx, k < ${V}), so each warp load and store is ${BX} consecutive floats instead of lanes
// ${4 * V} bytes apart; the left and right neighbours are loads of their own (coalesced, mostly L1 hits).
__device__ __forceinline__ void row_co(const float* __restrict__ rowp, int xb, int W, float (&m)[${V}],
                                       float (&l)[${V}], float (&r)[${V}])
{
    #pragma unroll
    for (int k = 0; k < ${V}; ++k) {
        const int x = min(xb + k * ${BX}, W - 1);       // a column past the row loads inside it, stores nothing
        m[k] = __ldg(rowp + x);
        l[k] = __ldg(rowp + max(x - 1, 0));
        r[k] = __ldg(rowp + min(x + 1, W - 1));
    }
}

__device__ __forceinline__ void run_co(float* __restrict__ out, const float* __restrict__ inp, int H, int W,
                                       float c0, float c1, int xb, int y0)
{
    const size_t ws = (size_t)W;
    float am[${V}], bm[${V}], bl[${V}], br[${V}], cm[${V}], cl[${V}], cr[${V}];
    row_co(inp + (size_t)max(y0 - 1, 0) * ws, xb, W, am, cl, cr);    // cl, cr: unused here
    row_co(inp + (size_t)y0 * ws, xb, W, bm, bl, br);
    ${UNR}
    for (int i = 0; i < ${CY}; ++i) {
        const int y = y0 + i;
        if (y >= H) break;
        row_co(inp + (size_t)min(y + 1, H - 1) * ws, xb, W, cm, cl, cr);
        const bool edge_row = (y == 0) | (y == H - 1);
        float* const rowp = out + (size_t)y * ws;
        #pragma unroll
        for (int k = 0; k < ${V}; ++k) {
            const int x = xb + k * ${BX};
            const float s = c0 * bm[k] + c1 * ((am[k] + cm[k]) + (bl[k] + br[k]));
            if (x < W) rowp[x] = (edge_row | (x == 0) | (x == W - 1)) ? bm[k] : s;
        }
        #pragma unroll
        for (int k = 0; k < ${V}; ++k) { am[k] = bm[k]; bm[k] = cm[k]; bl[k] = cl[k]; br[k] = cr[k]; }
    }
}

% endif
% if NARROWS:
// TileLoops_Narrow, a grid at most ${NRUN // 2} columns wide (2W <= ${NRUN}): the H x W outputs are one contiguous run of
// floats, cut into runs of ${NRUN} that start on a 32-byte sector of out. Each block stages a run's inputs with the rows
// above and below (W + 1 floats each side) by aligned float4 loads, every thread busy whatever W, and thread t computes
// outputs t + ${NT}*k of the run (k < ${V * CY}), so each warp store is 32 consecutive floats from a sector boundary. The
// blocks stride over the runs.
// f = y*W + x, 0 <= x < W (y = -1 for the few f < 0 that precede the first run's sector)
__device__ __forceinline__ void rowcol(long long f, int W, long long n, int& y, int& x)
{
    if (f < 0) { y = -1; x = (int)f + W; return; }
    if (n <= 0xffffffffLL) { const unsigned q = (unsigned)f / (unsigned)W; y = (int)q; x = (int)((unsigned)f - q * (unsigned)W); }
    else { const long long q = f / W; y = (int)q; x = (int)(f - q * W); }
}

__device__ __forceinline__ void narrow(float* __restrict__ out, const float* __restrict__ inp, int H, int W,
                                       float c0, float c1, float* __restrict__ buf)
{
    const int tid = threadIdx.y * ${BX} + threadIdx.x;
    const unsigned ib = (unsigned)(reinterpret_cast<uintptr_t>(inp) / 4);
    const unsigned ob = (unsigned)(reinterpret_cast<uintptr_t>(out) / 4);
    const long long n = (long long)H * W;
    const long long runs = (n + 7 + ${NRUN - 1}) / ${NRUN};
    const long long nb = (long long)gridDim.x * gridDim.y;
    #pragma unroll 1
    for (long long ch = (long long)blockIdx.y * gridDim.x + blockIdx.x; ch < runs; ch += nb) {
        const long long fs = ch * ${NRUN} - (long long)(ob & 7u);   // out + fs is on a sector
        if (ch >= nb) __syncthreads();                  // the previous run has been read
        const long long lo = fs - W - 1;
        const long long a0 = lo - (long long)((ib + (unsigned long long)lo) & 3u);   // buf[i] holds inp[a0 + i]
        const int nv = (int)((fs + ${NRUN} + W + 1 - a0 + 3) >> 2);
        #pragma unroll
        for (int g0 = 0; g0 < ${NVB}; g0 += ${GBN}) {
            float4 v[${GBN}];
            #pragma unroll
            for (int q = 0; q < ${GBN}; ++q) {
                const int k = tid + (g0 + q) * ${NT};
                const long long o = a0 + 4LL * k;
                if (g0 + q < ${NVB} && k < nv) {
                    if (o >= 0 && o + 4 <= n) v[q] = __ldg(reinterpret_cast<const float4*>(inp + o));
                    else {   // outside the grid: never used by a stored output (the boundary copies its own value)
                        v[q].x = o >= 0 && o < n ? __ldg(inp + o) : 0.f;
                        v[q].y = o + 1 >= 0 && o + 1 < n ? __ldg(inp + o + 1) : 0.f;
                        v[q].z = o + 2 >= 0 && o + 2 < n ? __ldg(inp + o + 2) : 0.f;
                        v[q].w = o + 3 >= 0 && o + 3 < n ? __ldg(inp + o + 3) : 0.f;
                    }
                }
            }
            #pragma unroll
            for (int q = 0; q < ${GBN}; ++q) {
                const int k = tid + (g0 + q) * ${NT};
                if (g0 + q < ${NVB} && k < nv) *reinterpret_cast<float4*>(buf + 4 * k) = v[q];
            }
        }
        __syncthreads();
        // the row and column of this thread's first output (row -1 before the grid), then stepped by ${NT}
        // (a division per step only where W < ${NT})
        long long f = fs + tid;
        int y, x;
        rowcol(f, W, n, y, x);
        ${UNR}
        for (int k = 0; k < ${V * CY}; ++k) {
            if (f >= n) break;
            if (f >= 0) {
                const int i = (int)(f - a0);
                const float b = buf[i];
                const float s = c0 * b + c1 * ((buf[i - W] + buf[i + W]) + (buf[i - 1] + buf[i + 1]));
                out[f] = ((y == 0) | (y == H - 1) | (x == 0) | (x == W - 1)) ? b : s;
            }
            f += ${NT};
            if (W >= ${NT}) {
                x += ${NT};
                if (x >= W) { x -= W; ++y; }
            } else {
                rowcol(f, W, n, y, x);
            }
        }
    }
}

% endif
extern "C" __global__ void __launch_bounds__(${BX * BY})
${KERNEL}(float* __restrict__ out, const float* __restrict__ inp, int H, int W, float c0, float c1)
{
% if NARROWS:
    __shared__ __align__(16) float buf[${NBUF}];
    if (2 * W <= ${NRUN}) {                         // uniform over the grid: TileLoops_Narrow
        narrow(out, inp, H, W, c0, c1, buf);
        return;
    }
% endif
% if V > 1:
    const bool vec = (W % ${V} == 0) && ((reinterpret_cast<uintptr_t>(inp) | reinterpret_cast<uintptr_t>(out)) % ${4 * V} == 0);
% endif
% if UseSharedMemory:
    __shared__ __align__(16) float tile[${TH + 2}][${S}];
    #pragma unroll 1
    for (int by = blockIdx.y; by * ${TH} < H; by += gridDim.y) {   // grid y is at most 65535
        if (by != blockIdx.y) __syncthreads();                    // the previous tile has been read
<% rf = "run_skew" if SKEW else "run<false>" %>\
  % if V > 1:
        if (vec) run<true>(out, inp, H, W, c0, c1, tile, by);
        else     ${rf}(out, inp, H, W, c0, c1, tile, by);
  % else:
        ${rf}(out, inp, H, W, c0, c1, tile, by);
  % endif
    }
% else:
    const int x0 = (blockIdx.x * ${BX} + threadIdx.x) * ${V};
  % if COALS:
    const int xb = blockIdx.x * ${TW} + threadIdx.x;    // CoalesceMemoryAccess: the first of its columns
    if ((vec ? x0 : xb) >= W) return;
  % elif AST:
    // every lane stays for the shuffles of the stores (a lane past the row loads clamped values, stores nothing)
  % else:
    if (x0 >= W) return;
  % endif
    #pragma unroll 1
    for (int by = blockIdx.y; by * ${TH} < H; by += gridDim.y) {   // grid y is at most 65535
        const int y0 = (by * ${BY} + threadIdx.y) * ${CY};
        if (y0 >= H) break;
  % if COALS:
        if (vec) run<true>(out, inp, H, W, c0, c1, x0, y0);
        else     run_co(out, inp, H, W, c0, c1, xb, y0);
  % elif V > 1:
        if (vec) run<true>(out, inp, H, W, c0, c1, x0, y0);
        else     run<false>(out, inp, H, W, c0, c1, x0, y0);
  % else:
        run<false>(out, inp, H, W, c0, c1, x0, y0);
  % endif
    }
% endif
}
% endif
