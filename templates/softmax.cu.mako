// ${KERNEL}: row-wise softmax of an R x C fp32 row-major matrix, out = exp(x - max) / sum.
// A group of T threads owns one row (with CL > 1: one CL-th of it, the other parts in the other
// blocks of its cluster); a block holds RPB groups. Mode: ${UseSharedMemory}.
<%!
def shift(text, n=4):
    """A def's output moved n spaces right (a pass called inside a block of its own), blank lines left blank."""
    return "".join(" " * n + ln if ln.strip() else ln for ln in text.splitlines(True))
%>\
<%
T, RPB, K, V = AdjustBlockSize, ThreadCoarsening, UnrollLoop, VectorizeLoads
CL = TileLoops_Cluster
ALIGN = VectorizeLoads_Align and V > 1
E = meta.extra_vectors(g)                 # registers+shared: vectors per thread in dynamic shared memory
MODE = "registers" if UseSharedMemory == "registers+shared" else UseSharedMemory   # the register cache, + E
NT = T * RPB
NW = T // 32 if T > 32 else 1
CACHED = MODE in ("registers", "shared")
NR = TileLoops_Rows                       # rows a group handles in turn
PF = NR > 1 and UseSharedMemory == "registers"   # the next row's loads issued before this row's reductions
# the prefetch's register cap: 64 (1024 threads per SM) for up to 16 floats a row per thread, else 128
# (512 threads per SM: two sets of 32 floats, e.g. 256 threads x 8 float4 per row part, fit without spill)
PF_MINB = (1024 if K * V <= 16 else 512) // NT if PF else 0
MINB = max(PF_MINB, AdjustBlockSize_Resident if AdjustBlockSize_Resident > 1 else 0)   # __launch_bounds__'s blocks per SM
REV = TileLoops_Reverse                   # streaming passes alternate direction; the write pass stores evict-first
EPF = bool(E) and NR > 1                  # rows in turn: the next row's shared part copied under this row's stores
PAIR = ReorderInstructions_PairReduce     # the part's (max, sum) reduced together: one barrier (block, cluster) a row
OVF = UseSharedMemory_Overflow and CACHED   # rows longer than the cache: the cache holds their first part, the rest streams
NPR = ", int& npr" if PAIR else ""        # PAIR: the pair reductions this thread has done (barrier parity, cluster wait)
STAGE = meta.stage_floats(g)              # rows of at most STAGE floats: the block's rows staged in shared memory
%>
#include <stdint.h>
% if CL > 1:
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
% endif

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
% if E:

// registers+shared: the shared part of the cache is filled by asynchronous copies (cp.async, sm_80+), global ->
// shared with no staging registers, all in flight at once under the register part's loads (staged through
// registers, the loads of the shared part waited on the few registers the register part leaves). Where
// __CUDA_ARCH__ is not defined (the host pass, the CPU emulator of the tests) they are plain copies.
template <int W> __device__ __forceinline__ void cp_async_v(float* dst, const float* src)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    const unsigned d = static_cast<unsigned>(__cvta_generic_to_shared(dst));
    if (W == 4) asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(d), "l"(src) : "memory");
    else asm volatile("cp.async.ca.shared.global [%0], [%1], %2;\n" :: "r"(d), "l"(src), "n"(4 * W) : "memory");
#else
    float v[W];
    ld_v<W>(src, v);
    st_v<W>(dst, v);
#endif
}

// this thread's copies have landed (its own slots only: no barrier)
__device__ __forceinline__ void cp_async_wait_all()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.wait_all;\n" ::: "memory");
#endif
}
% endif
% if REV:

// the streaming write pass's stores, evict-first in L2 (st.global.cs): the lines written do not push out the
// lines of the row that the pass has still to read
template <int W> __device__ __forceinline__ void stcs_v(float* p, const float (&v)[W]);
template <> __device__ __forceinline__ void stcs_v<1>(float* p, const float (&v)[1]) { __stcs(p, v[0]); }
template <> __device__ __forceinline__ void stcs_v<2>(float* p, const float (&v)[2])
{ __stcs(reinterpret_cast<float2*>(p), make_float2(v[0], v[1])); }
template <> __device__ __forceinline__ void stcs_v<4>(float* p, const float (&v)[4])
{ __stcs(reinterpret_cast<float4*>(p), make_float4(v[0], v[1], v[2], v[3])); }
% endif

// Max / sum over the ${T} threads of a row group; every thread of the group gets the same value
// (xor butterflies combine the same two operands in every lane, then one fixed-order pass over
// the warps' slots). red: this group's ${NW} slots. Called by every thread of the block.
__device__ __forceinline__ float group_max(float v, float* red, float* xch, int lane)
{
% if T > 1:
    #pragma unroll
    for (int o = ${min(T, 32) // 2}; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
% endif
% if T > 32:
    if ((lane & 31) == 0) red[lane >> 5] = v;
    __syncthreads();
    v = red[0];
    #pragma unroll
    for (int w = 1; w < ${NW}; ++w) v = fmaxf(v, red[w]);
% endif
% if CL > 1:
    // the ${CL} parts of the row: each block publishes its part's value in its shared memory, then
    // every block reads all of them in rank order (distributed shared memory), so all agree exactly
    cg::cluster_group cluster = cg::this_cluster();
    if (lane == 0) *xch = v;
    cluster.sync();
    v = *cluster.map_shared_rank(xch, 0);
    #pragma unroll
    for (int r = 1; r < ${CL}; ++r) v = fmaxf(v, *cluster.map_shared_rank(xch, r));
% endif
    return v;
}

__device__ __forceinline__ float group_sum(float v, float* red, float* xch, int lane)
{
% if T > 1:
    #pragma unroll
    for (int o = ${min(T, 32) // 2}; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
% endif
% if T > 32:
    if ((lane & 31) == 0) red[lane >> 5] = v;
    __syncthreads();
    v = red[0];
    #pragma unroll
    for (int w = 1; w < ${NW}; ++w) v += red[w];
% endif
% if CL > 1:
    cg::cluster_group cluster = cg::this_cluster();
    if (lane == 0) *xch = v;
    cluster.sync();
    v = *cluster.map_shared_rank(xch, 0);
    #pragma unroll
    for (int r = 1; r < ${CL}; ++r) v += *cluster.map_shared_rank(xch, r);
    cluster.sync();   // every block has read the others' values: each may now run ahead and exit
% endif
    return v;
}
% if PAIR:

// (m, s) and (m2, s2): maxima and sums of exp(x - max) over two sets; (m, s) becomes the pair of their union. Exactly
// symmetric (no contraction into an fma), so the two lanes of a butterfly get the same pair.
__device__ __forceinline__ void pair_merge(float& m, float& s, float m2, float s2)
{
    const float mn = fmaxf(m, m2);
    s = __fadd_rn(__fmul_rn(s, expf(m - mn)), __fmul_rn(s2, expf(m2 - mn)));
    m = mn;
}

// ReorderInstructions_PairReduce: the row's max and its sum of exp(x - max) in one reduction, from each thread's
// (max, sum of exp(x - its max)): one block barrier and one cluster barrier per row instead of two and three. The
// block's slots alternate between two halves by row parity (npr), so no second barrier guards their reuse; a
// cluster block arrives once it has read the others' pairs and waits for that arrival only before it publishes the
// next row's pair (or exits), by when the others have long read this one.
__device__ __forceinline__ void group_pair(float& m, float& s, float* red_m, float* red_s, float* xch_m, float* xch_s,
                                           int lane, int& npr)
{
% if T > 1:
    #pragma unroll
    for (int o = ${min(T, 32) // 2}; o > 0; o >>= 1) {
        const float m2 = __shfl_xor_sync(0xffffffffu, m, o), s2 = __shfl_xor_sync(0xffffffffu, s, o);
        pair_merge(m, s, m2, s2);
    }
% endif
% if T > 32:
    const int half = (npr & 1) * ${RPB * NW};
    if ((lane & 31) == 0) { red_m[half + (lane >> 5)] = m; red_s[half + (lane >> 5)] = s; }
    __syncthreads();
    m = red_m[half];
    s = red_s[half];
    #pragma unroll
    for (int w = 1; w < ${NW}; ++w) pair_merge(m, s, red_m[half + w], red_s[half + w]);
% endif
% if CL > 1:
    cg::cluster_group cluster = cg::this_cluster();
    if (npr > 0) cluster.barrier_wait();   // every block has read the previous row's pairs
    if (lane == 0) { *xch_m = m; *xch_s = s; }
    cluster.sync();
    m = *cluster.map_shared_rank(xch_m, 0);
    s = *cluster.map_shared_rank(xch_s, 0);
    #pragma unroll
    for (int r = 1; r < ${CL}; ++r) pair_merge(m, s, *cluster.map_shared_rank(xch_m, r), *cluster.map_shared_rank(xch_s, r));
    cluster.barrier_arrive();
% endif
    ++npr;
}
% endif

// One row, or this block's part of one (rin, rout: its first element; nv: its length in W-float
// vectors), KK vectors cached per thread.
// The thread's vectors are base + s*step for s < cnt; cnt == 0 for the groups past the last row.
// The streaming passes take KS vectors per step: KK, or KK/2 as the fallback of a cached mode (rows
// longer than the cache), which keeps the registers of the fast path from growing for it.
// XTRA: the row also has up to 2W - 2 loose floats outside the vectors (the scalar head before the
// first 16-byte boundary, [0, x0n) of xin, and the tail, [x1, x1 + x1n)): re-read from global memory
// (L1) in each pass, a few floats per row.
<%def name="chunks(rev, lo='0', st='KS')">\
% if rev and lo == '0':
    for (int s1 = (cnt + ${st} - 1) / ${st} * ${st}; s1 > 0; s1 -= ${st}) {   // backwards: the vectors read last first
        const int s0 = s1 - ${st};
% elif rev:
    for (int s1 = ${lo} + (cnt - (${lo}) + ${st} - 1) / ${st} * ${st}; s1 > ${lo}; s1 -= ${st}) {
        const int s0 = s1 - ${st};
% else:
    for (int s0 = ${lo}; s0 < cnt; s0 += ${st}) {
% endif
</%def>\
## The streaming passes over the thread's vectors from lo on, st vectors a step held in v[st][W]. online_pass: the
## running max m and the sum of exp(x - m), rescaled whenever m grows. write_pass: out = exp(x - mx) * inv, backwards
## with rev, stored evict-first with cs. The overflowing row (UseSharedMemory_Overflow) runs them on the part past its cache.
<%def name="online_pass(lo, st, v)">\
    #pragma unroll 1
${chunks(False, lo, st)}\
        float ${v}[${st}][W];
        #pragma unroll
        for (int j = 0; j < ${st}; ++j) if (s0 + j < cnt) ldg_v<W>(rin + (size_t)(base + (s0 + j) * step) * W, ${v}[j]);
        float mn = m;
        #pragma unroll
        for (int j = 0; j < ${st}; ++j) if (s0 + j < cnt) {
            #pragma unroll
            for (int k = 0; k < W; ++k) mn = fmaxf(mn, ${v}[j][k]);
        }
        sum *= expf(m - mn);
        #pragma unroll
        for (int j = 0; j < ${st}; ++j) if (s0 + j < cnt) {
            #pragma unroll
            for (int k = 0; k < W; ++k) sum += expf(${v}[j][k] - mn);
        }
        m = mn;
    }
</%def>\
<%def name="write_pass(lo, st, v, mx, rev, cs)">\
    #pragma unroll 1
${chunks(rev, lo, st)}\
        float ${v}[${st}][W];
        #pragma unroll
        for (int j = 0; j < ${st}; ++j) if (s0 + j < cnt) ldg_v<W>(rin + (size_t)(base + (s0 + j) * step) * W, ${v}[j]);
        #pragma unroll
        for (int j = 0; j < ${st}; ++j) if (s0 + j < cnt) {
            #pragma unroll
            for (int k = 0; k < W; ++k) ${v}[j][k] = expf(${v}[j][k] - ${mx}) * inv;
            ${"stcs_v" if cs else "st_v"}<W>(rout + (size_t)(base + (s0 + j) * step) * W, ${v}[j]);
        }
    }
</%def>\
## The cached part of a row (its first KK (+ E) vectors a thread), for the row that fits the cache and for the one that
## overflows it (UseSharedMemory_Overflow): filled (m: the thread's max), turned into exponentials of x - mv (their sum
## added to sum), written out scaled by sc. fits: the row fits (the shared part's copies may already be in flight: pre).
<%def name="cache_fill(fits)">\
  % if E:
  % if fits:
        // vectors KK .. KK + ${E} of the thread: copied into its own slots of dynamic shared memory, in flight
        // under the loads of the register part
  % endif
  % if EPF and fits:
        if (!pre)
  % endif
        #pragma unroll
        for (int s = 0; s < ${E}; ++s)
            if (KK + s < cnt) cp_async_v<W>(cache + (s * ${T} + lane) * W, rin + (size_t)(base + (KK + s) * step) * W);
  % endif
        EXTRAS(m = fmaxf(m, __ldg(xin + xi));)
        #pragma unroll
        for (int s = 0; s < KK; ++s) {
            if (s < cnt) {
  % if MODE == "registers":
                ldg_v<W>(rin + (size_t)(base + s * step) * W, x[s]);
                #pragma unroll
                for (int k = 0; k < W; ++k) m = fmaxf(m, x[s][k]);
  % else:
                float y[W];
                ldg_v<W>(rin + (size_t)(base + s * step) * W, y);
                #pragma unroll
                for (int k = 0; k < W; ++k) m = fmaxf(m, y[k]);
                st_v<W>(cache + (s * ${T} + lane) * W, y);
  % endif
            }
        }
  % if E:
        cp_async_wait_all();
        #pragma unroll
        for (int s = 0; s < ${E}; ++s) {
            if (KK + s < cnt) {
                float y[W];
                ld_v<W>(cache + (s * ${T} + lane) * W, y);
                #pragma unroll
                for (int k = 0; k < W; ++k) m = fmaxf(m, y[k]);
            }
        }
  % endif
</%def>\
<%def name="cache_exp(mv)">\
        EXTRAS(sum += expf(__ldg(xin + xi) - ${mv});)
        #pragma unroll
        for (int s = 0; s < KK; ++s) {
            if (s < cnt) {
  % if MODE == "registers":
                #pragma unroll
                for (int k = 0; k < W; ++k) { x[s][k] = expf(x[s][k] - ${mv}); sum += x[s][k]; }
  % else:
                float y[W];
                ld_v<W>(cache + (s * ${T} + lane) * W, y);
                #pragma unroll
                for (int k = 0; k < W; ++k) { y[k] = expf(y[k] - ${mv}); sum += y[k]; }
                st_v<W>(cache + (s * ${T} + lane) * W, y);
  % endif
            }
        }
  % if E:
        #pragma unroll
        for (int s = 0; s < ${E}; ++s) {
            if (KK + s < cnt) {
                float y[W];
                ld_v<W>(cache + (s * ${T} + lane) * W, y);
                #pragma unroll
                for (int k = 0; k < W; ++k) { y[k] = expf(y[k] - ${mv}); sum += y[k]; }
                st_v<W>(cache + (s * ${T} + lane) * W, y);
            }
        }
  % endif
</%def>\
<%def name="cache_write(sc)">\
        #pragma unroll
        for (int s = 0; s < KK; ++s) {
            if (s < cnt) {
  % if MODE == "registers":
                float y[W];
                #pragma unroll
                for (int k = 0; k < W; ++k) y[k] = x[s][k] * ${sc};
  % else:
                float y[W];
                ld_v<W>(cache + (s * ${T} + lane) * W, y);
                #pragma unroll
                for (int k = 0; k < W; ++k) y[k] *= ${sc};
  % endif
                st_v<W>(rout + (size_t)(base + s * step) * W, y);
            }
        }
  % if E:
        #pragma unroll
        for (int s = 0; s < ${E}; ++s) {
            if (KK + s < cnt) {
                float y[W];
                ld_v<W>(cache + (s * ${T} + lane) * W, y);
                #pragma unroll
                for (int k = 0; k < W; ++k) y[k] *= ${sc};
                st_v<W>(rout + (size_t)(base + (KK + s) * step) * W, y);
            }
        }
  % endif
</%def>\
% if EPF:
// registers+shared with rows in turn: pre says this row's shared part is already in flight (the row before issued
// it); rnext / nnv / nvalid are the next row's part, whose shared part this row issues once its own is written
// out, if both rows fit the cache; the return value says whether it did.
% endif
template <int W, int KK, bool XTRA>
__device__ __forceinline__ ${"bool" if EPF else "void"} softmax_row(float* __restrict__ rout, const float* __restrict__ rin, int nv,
                                            bool valid, int lane, float* cache, float* red_max, float* red_sum,
                                            float* xch_max, float* xch_sum,
                                            const float* __restrict__ xin, float* __restrict__ xout,
                                            int x0n, int x1, int x1n${", bool pre, const float* __restrict__ rnext, int nnv, bool nvalid" if EPF else ""}${NPR})
{
    const int nx = XTRA && valid ? x0n + x1n : 0;
#define EXTRAS(body) for (int j = lane; j < nx; j += ${T}) { const int xi = j < x0n ? j : x1 + (j - x0n); body }
    constexpr int KS = ${"KK > 1 ? KK / 2 : 1" if CACHED else "KK"};
% if CoalesceMemoryAccess:
    const int base = lane, step = ${T};
    const int cnt = (valid && lane < nv) ? (nv - lane + ${T - 1}) / ${T} : 0;
% else:
    const int chunk = (nv + ${T - 1}) / ${T};
    const int base = lane * chunk, step = 1;
    const int cnt = valid ? max(0, min(chunk, nv - base)) : 0;
% endif
% if CACHED:
    if ((nv + ${T - 1}) / ${T} <= KK${f" + {E}" if E else ""}) {   // the row fits the cache: read once, write once
  % if MODE == "registers":
        float x[KK][W];
  % endif
        float m = NEG_BIG;
${cache_fill(True)}\
  % if not PAIR:
        m = group_max(m, red_max, xch_max, lane);
  % endif
        float sum = 0.f;
${cache_exp("m")}\
  % if PAIR:
        // this thread's exponentials are of x - m (its own max): rescaled to the row's max mg with the sum's inverse
        float mg = m;
        group_pair(mg, sum, red_max, red_sum, xch_max, xch_sum, lane, npr);
        const float inv = expf(m - mg) / sum;
  % else:
        const float inv = 1.f / group_sum(sum, red_sum, xch_sum, lane);
  % endif
        EXTRAS(xout[xi] = expf(__ldg(xin + xi) - m) * inv;)
${cache_write("inv")}\
  % if EPF:
        // the next row's shared part, into the slots just written out (this thread's own), in flight from here
        const bool nfits = (nnv + ${T - 1}) / ${T} <= KK + ${E};
        if (nfits) {
    % if CoalesceMemoryAccess:
            const int ncnt = (nvalid && lane < nnv) ? (nnv - lane + ${T - 1}) / ${T} : 0;
            const int nbase = lane;
    % else:
            const int nchunk = (nnv + ${T - 1}) / ${T};
            const int nbase = lane * nchunk;
            const int ncnt = nvalid ? max(0, min(nchunk, nnv - nbase)) : 0;
    % endif
            #pragma unroll
            for (int s = 0; s < ${E}; ++s)
                if (KK + s < ncnt) cp_async_v<W>(cache + (s * ${T} + lane) * W, rnext + (size_t)(nbase + (KK + s) * step) * W);
        }
        return nfits;
  % else:
        return;
  % endif
    }
% endif
% if OVF:
    {   // UseSharedMemory_Overflow: the row (part) is longer than the cache. The cache holds the thread's first
        // KK${f" + {E}" if E else ""} vectors (read once, as when the row fits); only the rest is read twice: an online pass
        // (running max, rescaled sum) and the write pass, instead of the whole row twice.
  % if MODE == "registers":
        float x[KK][W];
  % endif
        float m = NEG_BIG;
${cache_fill(False)}\
        constexpr int KO = KK >= 8 ? 4 : (KK > 1 ? KK / 2 : 1);   // vectors a step past the cache (the cache stays live)
        // the vectors past the cache: online (running max m, sum of exp(x - m) rescaled whenever m grows)
        float sum = 0.f;
${shift(capture(online_pass, f"KK + {E}", "KO", "y"))}\
  % if PAIR:
        const float mt = m;   // this thread's max: the cache's exponentials are of x - mt, rescaled at the write
  % else:
        const float mt = group_max(m, red_max, xch_max, lane);   // the row's max
        sum *= expf(m - mt);
  % endif
${cache_exp("mt")}\
  % if PAIR:
        float mr = mt;
        group_pair(mr, sum, red_max, red_sum, xch_max, xch_sum, lane, npr);   // mr: the row's max, sum: of exp(x - mr)
        const float inv = 1.f / sum, invc = expf(mt - mr) * inv;
  % else:
        const float mr = mt, inv = 1.f / group_sum(sum, red_sum, xch_sum, lane), invc = inv;
  % endif
        EXTRAS(xout[xi] = expf(__ldg(xin + xi) - mr) * inv;)
${cache_write("invc")}\
        // the vectors past the cache again${", backwards (the ones read last, likeliest still in L2, first); stores evict-first" if REV else ""}
${shift(capture(write_pass, f"KK + {E}", "KO", "y", "mr", REV, REV))}\
#undef EXTRAS
  % if EPF:
        return false;
  % else:
        return;
  % endif
    }
% else:
% if MODE == "none":
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
% if not PAIR:
    m = group_max(m, red_max, xch_max, lane);
% endif
    // pass 2: sum of exponentials
    float sum = 0.f;
    EXTRAS(sum += expf(__ldg(xin + xi) - m);)
    #pragma unroll 1
${chunks(REV)}\
        float x[KS][W];
        #pragma unroll
        for (int j = 0; j < KS; ++j) if (s0 + j < cnt) ldg_v<W>(rin + (size_t)(base + (s0 + j) * step) * W, x[j]);
        #pragma unroll
        for (int j = 0; j < KS; ++j) if (s0 + j < cnt) {
            #pragma unroll
            for (int k = 0; k < W; ++k) sum += expf(x[j][k] - m);
        }
    }
% else:
    // pass 1, online: running max m and sum of exp(x - m), rescaled whenever m grows
    float m = NEG_BIG, sum = 0.f;
    EXTRAS(m = fmaxf(m, __ldg(xin + xi));)
    EXTRAS(sum += expf(__ldg(xin + xi) - m);)
${online_pass("0", "KS", "x")}\
  % if not PAIR:
    {
        const float gm = group_max(m, red_max, xch_max, lane);
        sum *= expf(m - gm);
        m = gm;
    }
  % endif
% endif
% if PAIR:
    group_pair(m, sum, red_max, red_sum, xch_max, xch_sum, lane, npr);   // m: the row's max, sum: of exp(x - m)
    const float inv = 1.f / sum;
% else:
    const float inv = 1.f / group_sum(sum, red_sum, xch_sum, lane);
% endif
    EXTRAS(xout[xi] = expf(__ldg(xin + xi) - m) * inv;)
    // last pass: write
${write_pass("0", "KS", "x", "m", REV and MODE != "none", REV)}\
#undef EXTRAS
% if EPF:
    return false;
% endif
% endif
}

% if PF:
// TileLoops_Rows with the register cache: a group's ${NR} rows in turn, the loads of row j+1 issued into a
// second register set (pf) before row j's reductions, so they fly during its barriers, exp and stores.
template <int W, int KK>
__device__ __forceinline__ void cache_load(float (&x)[KK][W], const float* __restrict__ rin, int nv, bool valid, int lane)
{
% if CoalesceMemoryAccess:
    const int base = lane, step = ${T};
    const int cnt = (valid && lane < nv) ? (nv - lane + ${T - 1}) / ${T} : 0;
% else:
    const int chunk = (nv + ${T - 1}) / ${T};
    const int base = lane * chunk, step = 1;
    const int cnt = valid ? max(0, min(chunk, nv - base)) : 0;
% endif
    #pragma unroll
    for (int s = 0; s < KK; ++s) if (s < cnt) ldg_v<W>(rin + (size_t)(base + s * step) * W, x[s]);
}

// One row (its part) of nv W-float vectors that fits the cache; its data already in pf (cache_load);
// loads the next row (rnext, nvalid) into pf while this one is reduced and written.
template <int W, int KK>
__device__ __forceinline__ void softmax_row_pf(float* __restrict__ rout, int nv, bool valid, int lane,
                                               float (&pf)[KK][W], const float* __restrict__ rnext, bool nvalid,
                                               float* red_max, float* red_sum, float* xch_max, float* xch_sum${NPR})
{
% if CoalesceMemoryAccess:
    const int base = lane, step = ${T};
    const int cnt = (valid && lane < nv) ? (nv - lane + ${T - 1}) / ${T} : 0;
% else:
    const int chunk = (nv + ${T - 1}) / ${T};
    const int base = lane * chunk, step = 1;
    const int cnt = valid ? max(0, min(chunk, nv - base)) : 0;
% endif
    float x[KK][W];
    #pragma unroll
    for (int s = 0; s < KK; ++s) if (s < cnt) {
        #pragma unroll
        for (int k = 0; k < W; ++k) x[s][k] = pf[s][k];
    }
    cache_load<W, KK>(pf, rnext, nv, nvalid, lane);      // the next row: in flight from here
    float m = NEG_BIG;
    #pragma unroll
    for (int s = 0; s < KK; ++s) if (s < cnt) {
        #pragma unroll
        for (int k = 0; k < W; ++k) m = fmaxf(m, x[s][k]);
    }
% if not PAIR:
    m = group_max(m, red_max, xch_max, lane);
% endif
    float sum = 0.f;
    #pragma unroll
    for (int s = 0; s < KK; ++s) if (s < cnt) {
        #pragma unroll
        for (int k = 0; k < W; ++k) { x[s][k] = expf(x[s][k] - m); sum += x[s][k]; }
    }
% if PAIR:
    float mg = m;
    group_pair(mg, sum, red_max, red_sum, xch_max, xch_sum, lane, npr);
    const float inv = expf(m - mg) / sum;
% else:
    const float inv = 1.f / group_sum(sum, red_sum, xch_sum, lane);
% endif
    #pragma unroll
    for (int s = 0; s < KK; ++s) if (s < cnt) {
        float y[W];
        #pragma unroll
        for (int k = 0; k < W; ++k) y[k] = x[s][k] * inv;
        st_v<W>(rout + (size_t)(base + s * step) * W, y);
    }
}

% endif
extern "C" __global__ void __launch_bounds__(${NT}${f", {MINB}" if MINB else ""})${" __cluster_dims__(%d, 1, 1)" % CL if CL > 1 else ""}
${KERNEL}(float* __restrict__ out, const float* __restrict__ inp, int R, int C)
{
    const int grp = threadIdx.x / ${T};
    const int lane = threadIdx.x % ${T};
% if NR > 1:
    const int row0 = (blockIdx.x${f" / {CL}" if CL > 1 else ""}) * ${RPB * NR} + grp;   // the group's rows: row0 + j * ${RPB}, j < ${NR}
% endif
% if CL > 1:
% if NR == 1:
    const int row = (blockIdx.x / ${CL}) * ${RPB} + grp;
% endif
    const int part = blockIdx.x % ${CL};        // the block's rank in its cluster of ${CL} along x
    __shared__ __align__(16) float xch_all[${(2 * RPB + 3) // 4 * 4}];   // max, then sum, per group
    float* xmax = xch_all + grp;
    float* xsum = xch_all + ${RPB} + grp;
% else:
% if NR == 1:
    const int row = blockIdx.x * ${RPB} + grp;
% endif
    float* xmax = nullptr;
    float* xsum = nullptr;
% endif
% if NR == 1:
    const bool valid = row < R;                 // no early exit: every thread reaches every barrier
    const size_t off = (size_t)(valid ? row : 0) * (size_t)C;
% endif
% if T > 32:
    __shared__ float red_max[${RPB * NW * (2 if PAIR else 1)}], red_sum[${RPB * NW * (2 if PAIR else 1)}];
    float* rmax = red_max + grp * ${NW};
    float* rsum = red_sum + grp * ${NW};
% else:
    float* rmax = nullptr;
    float* rsum = nullptr;
% endif
% if PAIR:
    int npr = 0;                                // pair reductions done (group_pair)
% endif
% if MODE == "shared":
    __shared__ __align__(16) float cache_all[${NT * K * V}];
    float* cache = cache_all + grp * ${T * K * V};
% elif E:
    extern __shared__ __align__(16) float cache_dyn[];   // ${NT * E * V * 4} B, launched with the kernel
    float* cache = cache_dyn + grp * ${T * E * V};
% else:
    float* cache = nullptr;
% endif
% if STAGE:
    // rows of at most ${STAGE} floats (C is the same for every block: the whole grid takes one branch): the block's
    // rows, ${RPB} at a time, are one contiguous chunk, copied into shared memory and back out with float4s from
    // 16-byte boundaries (a scalar head and tail), each group's row computed in the staged copy
    __shared__ __align__(16) float stage[${RPB * STAGE}];
    if (C <= ${STAGE}) {
        #pragma unroll 1
        for (int j = 0; j < ${NR}; ++j) {
            const long long first = ((long long)blockIdx.x * ${NR} + j) * ${RPB};
            const int nrows = (int)max(0LL, min((long long)${RPB}, (long long)R - first));
            const int n = nrows * C;
            const float* src = inp + first * C;
            float* dst = out + first * C;
            if (n > 0) {
                const int h = min(n, (int)((16 - reinterpret_cast<uintptr_t>(src) % 16) % 16 / 4));
                const int nv = (n - h) / 4;
                for (int i = threadIdx.x; i < h; i += ${NT}) stage[i] = __ldg(src + i);
                const float4* s4 = reinterpret_cast<const float4*>(src + h);
                for (int i = threadIdx.x; i < nv; i += ${NT}) {
                    const float4 v = __ldg(s4 + i);
                    float* d = stage + h + 4 * i;
                    d[0] = v.x; d[1] = v.y; d[2] = v.z; d[3] = v.w;
                }
                for (int i = h + 4 * nv + threadIdx.x; i < n; i += ${NT}) stage[i] = __ldg(src + i);
            }
            __syncthreads();
            {
                const bool valid = grp < nrows;     // a group past the last row still joins the reductions
                float* row = stage + (valid ? grp : 0) * C;
                float m = NEG_BIG;
                if (valid) for (int c = lane; c < C; c += ${T}) m = fmaxf(m, row[c]);
                m = group_max(m, rmax, xmax, lane);
                float sum = 0.f;
                if (valid) for (int c = lane; c < C; c += ${T}) { const float e = expf(row[c] - m); row[c] = e; sum += e; }
                sum = group_sum(sum, rsum, xsum, lane);
                const float inv = 1.f / sum;
                if (valid) for (int c = lane; c < C; c += ${T}) row[c] *= inv;
            }
            __syncthreads();
            if (n > 0) {
                const int h = min(n, (int)((16 - reinterpret_cast<uintptr_t>(dst) % 16) % 16 / 4));
                const int nv = (n - h) / 4;
                for (int i = threadIdx.x; i < h; i += ${NT}) dst[i] = stage[i];
                float4* d4 = reinterpret_cast<float4*>(dst + h);
                for (int i = threadIdx.x; i < nv; i += ${NT}) {
                    const float* v = stage + h + 4 * i;
                    d4[i] = make_float4(v[0], v[1], v[2], v[3]);
                }
                for (int i = h + 4 * nv + threadIdx.x; i < n; i += ${NT}) dst[i] = stage[i];
            }
            __syncthreads();                    // the next rows reuse the staged copy
        }
        return;
    }
% endif
<%def name="call(W, xtra=False)">\
    {
% if xtra:
        // a 16-byte boundary inside the row: a scalar head up to it, vectors, a scalar tail
        const int h = min(C, (int)((${4 * W} - reinterpret_cast<uintptr_t>(inp + off) % ${4 * W}) % ${4 * W} / 4));
        const int nvt = (C - h) / ${W}, tl = C - h - nvt * ${W};
% else:
        const int h = 0, nvt = C / ${W}, tl = 0;
% endif
% if CL > 1:
        const int chunk = (nvt + ${CL - 1}) / ${CL};
        const int p0 = min(nvt, part * chunk), np = min(nvt, p0 + chunk) - p0;
        const bool first = part == 0;   // the loose floats belong to the first part
% else:
        const int p0 = 0, np = nvt;
        const bool first = true;
% endif
% if EPF:
        // the next row's part (its own 16-byte head where rows are not aligned alike)
  % if xtra:
        const int hn = min(C, (int)((${4 * W} - reinterpret_cast<uintptr_t>(inp + noff) % ${4 * W}) % ${4 * W} / 4));
        const int nvtn = (C - hn) / ${W};
  % else:
        const int hn = 0, nvtn = C / ${W};
  % endif
  % if CL > 1:
        const int chunkn = (nvtn + ${CL - 1}) / ${CL};
        const int p0n = min(nvtn, part * chunkn), npn = min(nvtn, p0n + chunkn) - p0n;
  % else:
        const int p0n = 0, npn = nvtn;
  % endif
        pre = softmax_row<${W}, ${K}, ${"true" if xtra else "false"}>(out + off + h + (size_t)p0 * ${W}, inp + off + h + (size_t)p0 * ${W},
            np, valid, lane, cache, rmax, rsum, xmax, xsum, inp + off, out + off, first ? h : 0, h + nvt * ${W},
            first ? tl : 0, pre, inp + noff + hn + (size_t)p0n * ${W}, npn, nvalid${", npr" if PAIR else ""});
% else:
        softmax_row<${W}, ${K}, ${"true" if xtra else "false"}>(out + off + h + (size_t)p0 * ${W}, inp + off + h + (size_t)p0 * ${W},
            np, valid, lane, cache, rmax, rsum, xmax, xsum, inp + off, out + off, first ? h : 0, h + nvt * ${W},
            first ? tl : 0${", npr" if PAIR else ""});
% endif
    }
</%def>
<%def name="launder()">\
% if CL > 1:
        // opaque per row: keeps the compiler from hoisting the ${2 * CL} distributed-shared addresses of the
        // cluster reductions out of the row loop (held in registers across it, they spilled)
        asm volatile("" : "+l"(xmax), "+l"(xsum));
% endif
</%def>\
<%def name="rows(W, xtra=False)">\
% if NR == 1:
${call(W, xtra)}\
% else:
% if EPF:
    bool pre = false;                           // this row's shared part already in flight
% endif
    #pragma unroll 1
    for (int j = 0; j < ${NR}; ++j) {           // the group's rows in turn (uniform trip count)
${launder()}\
    const int row = row0 + j * ${RPB};
    const bool valid = row < R;                 // no early exit: every thread reaches every barrier
    const size_t off = (size_t)(valid ? row : 0) * (size_t)C;
% if EPF:
    const int nrow = row + ${RPB};
    const bool nvalid = j + 1 < ${NR} && nrow < R;
    const size_t noff = (size_t)(nvalid ? nrow : 0) * (size_t)C;
% endif
${call(W, xtra)}\
    }
% endif
</%def>\
<%def name="rows_fast(W)">\
% if not PF:
${rows(W)}\
% else:
    {
        const int nvt = C / ${W};
% if CL > 1:
        const int chunk = (nvt + ${CL - 1}) / ${CL};
        const int p0 = min(nvt, part * chunk), np = min(nvt, p0 + chunk) - p0;
% else:
        const int p0 = 0, np = nvt;
% endif
        if ((np + ${T - 1}) / ${T} <= ${K}) {     // the part fits the registers (uniform): prefetch the next row
            float pf[${K}][${W}];
            cache_load<${W}, ${K}>(pf, inp + (size_t)(row0 < R ? row0 : 0) * (size_t)C + (size_t)p0 * ${W}, np,
                                   row0 < R, lane);
            #pragma unroll 1
            for (int j = 0; j < ${NR}; ++j) {
${launder()}\
                const int row = row0 + j * ${RPB}, nrow = row + ${RPB};
                const bool valid = row < R, nvalid = j + 1 < ${NR} && nrow < R;
                const size_t off = (size_t)(valid ? row : 0) * (size_t)C, noff = (size_t)(nvalid ? nrow : 0) * (size_t)C;
                softmax_row_pf<${W}, ${K}>(out + off + (size_t)p0 * ${W}, np, valid, lane, pf,
                                          inp + noff + (size_t)p0 * ${W}, nvalid, rmax, rsum, xmax, xsum${", npr" if PAIR else ""});
            }
        } else {
${rows(W)}\
        }
    }
% endif
</%def>\
% if V > 1:
    const bool vec = (C % ${V} == 0) && ((reinterpret_cast<uintptr_t>(inp) | reinterpret_cast<uintptr_t>(out)) % ${4 * V} == 0);
    if (vec) {  // uniform over the grid
${rows_fast(V)}\
% if ALIGN:
    } else if ((reinterpret_cast<uintptr_t>(inp) - reinterpret_cast<uintptr_t>(out)) % ${4 * V} == 0 &&
               reinterpret_cast<uintptr_t>(inp) % 4 == 0) {   // rows at any float offset, inp and out alike
${rows(V, True)}\
% endif
    } else {
${rows(1)}\
    }
% else:
${rows_fast(1)}\
% endif
% if PAIR and CL > 1:
    cg::this_cluster().barrier_wait();          // the cluster has read this block's last pair: its shared memory may go
% endif
}
