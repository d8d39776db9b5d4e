## conv2d: out (H x W) = valid cross-correlation of inp ((H+FH-1) x (W+FW-1)) with filt (FH x FW), fp32.
## Genes: see templates/conv2d.py (its layout() must agree with the shared layout computed here).
<%
BX, BY = AdjustBlockSize_X, AdjustBlockSize_Y
TX, TY = ThreadCoarsening_X, ThreadCoarsening_Y
T = BX * BY
TW, TH = BX * TX, BY * TY                 # output tile of a block
SMEM, VEC, SLIDE = UseSharedMemory, VectorizeLoads, ReorderInstructions
JU = UnrollLoop
FMAX = UseSharedMemory_MaxFilter          # filters up to FMAX x FMAX staged (MAX_FILTER in conv2d.py: the largest)
def round4(n):
    return (n + 3) // 4 * 4
VW = SLIDE and VEC and TX % 4 == 0 and JU % 4 == 0   # 128-bit reads of the register window
VF = VEC and JU % 4 == 0                  # 128-bit (broadcast) reads of the filter taps
VO = SLIDE and VEC and TX % 4 == 0        # float4 output stores (contiguous outputs)
NW = round4(TX + JU - 1) if VW else TX + JU - 1      # window length (sliding)
EXTRA = NW - (TX + JU - 1) if SLIDE else 0           # staged columns beyond TW + FWP - 1
AR = VectorizeLoads_AlignRows            # rows staged from their aligned address, shifted by start mod 4
S = round4(TW + FMAX - 1 + EXTRA + (3 if AR else 0))  # shared row stride, floats
if PadSharedMemory:
    S += (BX % 32 - S) % 32 if BX < 32 else 4
SH = TH + FMAX - 1                                   # shared rows
# outputs of thread (tx, ty): contiguous TY x TX for the sliding window, else strided by the block
def xo(c):
    return f"tx * {TX} + {c}" if SLIDE else f"tx + {c * BX}"
def yo(r):
    return f"ty * {TY} + {r}" if SLIDE else f"ty + {r * BY}"
ASYNC = ReorderInstructions_Async         # cp.async staging of the input tile
FK = UnrollLoop_Filter                    # > 0: a fully unrolled copy for FH == FW == FK
KWS = UnrollLoop_FilterWidths             # > 0: a copy of the sliding window's row body per filter width 1..KWS
NWK = TX + FK - 1                         # its window length
NT = TileLoops_Y                          # tiles a block computes, one below the other
NB = 2 if SMEM and ASYNC and NT > 1 else 1  # shared tile buffers: the next tile's copies fly during this one
%>\
// ${KERNEL}: ${BX}x${BY} threads of ${TX}x${TY} outputs (tile ${TW}x${TH}), shared=${int(SMEM)} stride=${S if SMEM else 0}
// vec=${int(VEC)} unroll=${JU} sliding_window=${int(SLIDE)}${f" max_filter={FMAX}" if SMEM and FMAX != 32 else ""}${" async_staging=1" if ASYNC else ""}${f" unrolled_filter={FK}x{FK}" if FK else ""}${f" filter_widths=1..{KWS}" if KWS else ""}${f" tiles_per_block={NT} buffers={NB}" if NT > 1 else ""}${f" align_rows={int(AR)}" if AR else ""}
% if ASYNC:
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
% if VEC:
__device__ __forceinline__ void cp_async8(float* dst, const float* src)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    const unsigned d = static_cast<unsigned>(__cvta_generic_to_shared(dst));
    asm volatile("cp.async.ca.shared.global [%0], [%1], 8;\n" :: "r"(d), "l"(src));
#else
    dst[0] = src[0]; dst[1] = src[1];
#endif
}
% endif
__device__ __forceinline__ void cp_async16(float* dst, const float* src)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    const unsigned d = static_cast<unsigned>(__cvta_generic_to_shared(dst));
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(d), "l"(src));
#else
    *reinterpret_cast<float4*>(dst) = *reinterpret_cast<const float4*>(src);
#endif
}
% if NB > 1:
__device__ __forceinline__ void cp_async_commit()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.commit_group;\n" ::);
#endif
}
__device__ __forceinline__ void cp_async_wait_one()     // all but the latest committed group done
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.wait_group 1;\n" ::);
#endif
}
% endif
__device__ __forceinline__ void cp_async_wait_all()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.commit_group;\n" ::);
    asm volatile("cp.async.wait_group 0;\n" ::);
#endif
}

% endif
<%def name="async_copies(Y, D)">
% if AR:
        if (((size_t)inp & 15) == 0) {                    // every row from its aligned address: 16-byte copies
            const size_t tot = (size_t)IH * IW;
            for (int r = ty; r < nrows; r += ${BY}) {
                const int gy = ${Y} + r;
                const size_t e0 = (size_t)gy * IW + x0;
                const int sh = (int)(e0 & 3);
                const size_t a = e0 - sh;
                const int nq = (ncols + sh + 3) >> 2;
                for (int q = tx; q < nq; q += ${BX}) {
                    const size_t e = a + 4 * q;
                    if (gy < IH && e + 3 < tot) {
                        cp_async16(&(${D})[r * ${S} + 4 * q], inp + e);
                    } else {
#pragma unroll
                        for (int k = 0; k < 4; ++k) {
                            const bool ok = gy < IH && e + k < tot;
                            cp_async4(&(${D})[r * ${S} + 4 * q + k], ok ? inp + e + k : inp, ok);
                        }
                    }
                }
            }
        } else
% endif
% if VEC:
        if ((IW & 3) == 0 && ((size_t)inp & 15) == 0) {
            const int nq = (ncols + 3) >> 2;
            for (int r = ty; r < nrows; r += ${BY}) {
                const int gy = ${Y} + r;
                const float* src = inp + (size_t)gy * IW + x0;
                for (int q = tx; q < nq; q += ${BX}) {
                    const int gx = x0 + 4 * q;
                    if (gy < IH && gx + 3 < IW) {
                        cp_async16(&(${D})[r * ${S} + 4 * q], src + 4 * q);
                    } else {
#pragma unroll
                        for (int e = 0; e < 4; ++e) {
                            const bool ok = gy < IH && gx + e < IW;
                            cp_async4(&(${D})[r * ${S} + 4 * q + e], ok ? src + 4 * q + e : inp, ok);
                        }
                    }
                }
            }
        } else if ((IW & 1) == 0 && ((size_t)inp & 7) == 0) {   // even rows (3x3 at even W): 8-byte copies
            const int np2 = (ncols + 1) >> 1;
            for (int r = ty; r < nrows; r += ${BY}) {
                const int gy = ${Y} + r;
                const float* src = inp + (size_t)gy * IW + x0;
                for (int q = tx; q < np2; q += ${BX}) {
                    const int gx = x0 + 2 * q;
                    if (gy < IH && gx + 1 < IW) {
                        cp_async8(&(${D})[r * ${S} + 2 * q], src + 2 * q);
                    } else {
#pragma unroll
                        for (int e = 0; e < 2; ++e) {
                            const bool ok = gy < IH && gx + e < IW;
                            cp_async4(&(${D})[r * ${S} + 2 * q + e], ok ? src + 2 * q + e : inp, ok);
                        }
                    }
                }
            }
        } else
% endif
        {
            for (int r = ty; r < nrows; r += ${BY}) {
                const int gy = ${Y} + r;
                const float* src = inp + (size_t)gy * IW + x0;
                for (int c = tx; c < ncols; c += ${BX}) {
                    const bool ok = gy < IH && x0 + c < IW;
                    cp_async4(&(${D})[r * ${S} + c], ok ? src + c : inp, ok);
                }
            }
        }
</%def>\
extern "C" __global__ void __launch_bounds__(${T})
${KERNEL}(float* __restrict__ out, const float* __restrict__ inp, const float* __restrict__ filt,
          int H, int W, int FH, int FW)
{
    const int tx = threadIdx.x, ty = threadIdx.y;
% if NT == 1:
    const int x0 = blockIdx.x * ${TW}, y0 = blockIdx.y * ${TH};
    const int IW = W + FW - 1;
% else:
    const int x0 = blockIdx.x * ${TW};
    const int IW = W + FW - 1;
% if SMEM:
    __shared__ __align__(16) float sInAll[${NB * SH * S}];   // ${NB} buffer(s) of input tile + halo, row stride ${S}
    __shared__ __align__(16) float sF[${FMAX * FMAX}];    // filter, row stride ${FMAX}, zero-padded to FWP columns
% endif
    // the block's ${NT} tiles, one below the other (uniform loop)
#pragma unroll 1
    for (int t = 0; t < ${NT}; ++t) {
    const int y0 = (blockIdx.y * ${NT} + t) * ${TH};
    if (y0 >= H) break;
% endif
    float acc[${TY}][${TX}];
#pragma unroll
    for (int r = 0; r < ${TY}; ++r)
#pragma unroll
        for (int c = 0; c < ${TX}; ++c) acc[r][c] = 0.0f;
<%def name="vload(dst, src, n, vec, pad)">\
## dst[0..n) = src[0..n): float4 loads (src 16-byte aligned) where vec, the rest (all without vec) scalar loads
% for q in range(n // 4 if vec else 0):
${pad}{ const float4 t = *reinterpret_cast<const float4*>(${src} + ${4 * q});
${pad}  ${dst}[${4*q}] = t.x; ${dst}[${4*q+1}] = t.y; ${dst}[${4*q+2}] = t.z; ${dst}[${4*q+3}] = t.w; }
% endfor
% for q in range(n // 4 * 4 if vec else 0, n):
${pad}${dst}[${q}] = ${src}[${q}];
% endfor
</%def>\
<%def name="direct()">
<%doc> ---------------- direct kernel: every tap from global memory ---------------- </%doc>
    // output coordinates clamped into range: every read stays inside inp; clamped results are not stored
% for r in range(TY):
    const float* ip${r} = inp + (size_t)min(y0 + ${yo(r)}, H - 1) * IW;
% endfor
% for c in range(TX):
    const int xc${c} = min(x0 + ${xo(c)}, W - 1);
% endfor
#pragma unroll 1
    for (int i = 0; i < FH; ++i) {
        const float* fr = filt + i * FW;
${"#pragma unroll 1" if JU == 1 else f"#pragma unroll {JU}"}
        for (int j = 0; j < FW; ++j) {
            const float w = fr[j];
% for r in range(TY):
% for c in range(TX):
            acc[${r}][${c}] = fmaf(ip${r}[xc${c} + j], w, acc[${r}][${c}]);
% endfor
% endfor
        }
% for r in range(TY):
        ip${r} += IW;
% endfor
    }
</%def>
% if not SMEM:
${direct()}
% else:
<%doc> ---------------- shared-memory kernel ---------------- </%doc>
% if NT == 1:
    __shared__ __align__(16) float sIn[${SH * S}];        // input tile + halo, row stride ${S}
    __shared__ __align__(16) float sF[${FMAX * FMAX}];    // filter, row stride ${FMAX}, zero-padded to FWP columns
% else:
    float* const sIn = sInAll${f" + (t & 1) * {SH * S}" if NB > 1 else ""};
% endif
    if (FH <= ${FMAX} && FW <= ${FMAX}) {                 // uniform: ${"larger filters get NaN outputs" if FMAX == 32 else "larger filters take the direct code"}
        const int IH = H + FH - 1;
% if KWS:
        // filter width padded to the unroll factor; exact where a width copy (or the k x k copy) computes it
        const int FWP = FW <= ${KWS} ? FW : (FW + ${JU - 1}) / ${JU} * ${JU};
% else:
        const int FWP = (FW + ${JU - 1}) / ${JU} * ${JU}; // filter width padded to the unroll factor
% endif
% if not ASYNC:
% if NT > 1:
        if (t == 0)
% endif
        for (int i = ty; i < FH; i += ${BY})
            for (int j = tx; j < FWP; j += ${BX}) sF[i * ${FMAX} + j] = j < FW ? filt[i * FW + j] : 0.0f;
% endif
        // stage input rows y0 .. y0 + nrows - 1, columns x0 .. x0 + ncols - 1; zero outside inp
        const int nrows = ${TH} + FH - 1, ncols = ${TW + EXTRA - 1} + FWP;
% if ASYNC:
% if NB == 1:
        // cp.async: issue every copy of the tile, stage the filter while they fly, then wait
${async_copies("y0", "sIn")}\
% if NT > 1:
        if (t == 0)
% endif
        for (int i = ty; i < FH; i += ${BY})
            for (int j = tx; j < FWP; j += ${BX}) sF[i * ${FMAX} + j] = j < FW ? filt[i * FW + j] : 0.0f;
        cp_async_wait_all();
% else:
        // cp.async double buffer: tile t+1's copies are issued before tile t is computed
        if (t == 0) {
            {
${async_copies("y0", "sIn")}\
            }
            cp_async_commit();
        for (int i = ty; i < FH; i += ${BY})
            for (int j = tx; j < FWP; j += ${BX}) sF[i * ${FMAX} + j] = j < FW ? filt[i * FW + j] : 0.0f;
        }
        if (t + 1 < ${NT} && y0 + ${TH} < H) {
${async_copies("(y0 + %d)" % TH, "sInAll + ((t + 1) & 1) * %d" % (SH * S))}\
        }
        cp_async_commit();
        cp_async_wait_one();                              // tile t's copies have landed
% endif
% else:
% if VEC:
        if ((IW & 3) == 0 && ((size_t)inp & 15) == 0) {
            const int nq = (ncols + 3) >> 2;
            for (int r = ty; r < nrows; r += ${BY}) {
                const int gy = y0 + r;
                const float* src = inp + (size_t)gy * IW + x0;
                for (int q = tx; q < nq; q += ${BX}) {
                    const int gx = x0 + 4 * q;
                    float4 v;
                    if (gy < IH && gx + 3 < IW) {
                        v = *reinterpret_cast<const float4*>(src + 4 * q);
                    } else {
                        v.x = (gy < IH && gx < IW) ? src[4 * q] : 0.0f;
                        v.y = (gy < IH && gx + 1 < IW) ? src[4 * q + 1] : 0.0f;
                        v.z = (gy < IH && gx + 2 < IW) ? src[4 * q + 2] : 0.0f;
                        v.w = (gy < IH && gx + 3 < IW) ? src[4 * q + 3] : 0.0f;
                    }
                    *reinterpret_cast<float4*>(&sIn[r * ${S} + 4 * q]) = v;
                }
            }
        } else
% endif
        {
            for (int r = ty; r < nrows; r += ${BY}) {
                const int gy = y0 + r;
                const float* src = inp + (size_t)gy * IW + x0;
                for (int c = tx; c < ncols; c += ${BX})
                    sIn[r * ${S} + c] = (gy < IH && x0 + c < IW) ? src[c] : 0.0f;
            }
        }
% endif
        __syncthreads();
% if AR:
        // row R of the thread's band sits at +((sh0 + R * shd) & 3) in shared memory (0 without the aligned path)
        const bool arows = ((size_t)inp & 15) == 0;
        const int sh0 = arows ? (int)(((size_t)(y0 + ty * ${TY}) * IW + x0) & 3) : 0;
        const int shd = arows ? (IW & 3) : 0;
% endif
% if FK:
        if (FH == ${FK} && FW == ${FK}) {                 // uniform: the ${FK}x${FK} filter, fully unrolled
            float f[${FK}][${FK}];                        // the taps in registers
#pragma unroll
            for (int i = 0; i < ${FK}; ++i)
#pragma unroll
                for (int j = 0; j < ${FK}; ++j) f[i][j] = sF[i * ${FMAX} + j];
            const float* ib = sIn + ty * ${TY * S} + tx * ${TX};
% for rho in range(TY + FK - 1):
            {   // input row ${rho} of the thread's band: output rows ${", ".join(str(r) for r in range(TY) if 0 <= rho - r < FK)}
% if AR == 2 and TX % 4 == 0:
                float win[${NWK}];
                {   // the aligned float4s that cover the window at any shift, then the shift by two selects
                    const int s = (sh0 + ${rho} * shd) & 3;
                    const float* ira = ib + ${rho * S};
                    float a[${round4(NWK + 3)}], b[${NWK + 2}];
% for q in range(round4(NWK + 3) // 4):
                    { const float4 t = *reinterpret_cast<const float4*>(ira + ${4 * q});
                      a[${4*q}] = t.x; a[${4*q+1}] = t.y; a[${4*q+2}] = t.z; a[${4*q+3}] = t.w; }
% endfor
#pragma unroll
                    for (int k = 0; k < ${NWK + 2}; ++k) b[k] = (s & 1) ? a[k + 1] : a[k];
#pragma unroll
                    for (int k = 0; k < ${NWK}; ++k) win[k] = (s & 2) ? b[k + 2] : b[k];
                }
% else:
                const float* ir = ib + ${rho * S}${f" + ((sh0 + {rho} * shd) & 3)" if AR else ""};
                float win[${NWK}];
% endif
% if not (AR == 2 and TX % 4 == 0):
${vload("win", "ir", NWK, VEC and TX % 4 == 0 and not AR, " " * 16)}\
% endif
% for r in range(TY):
% if 0 <= rho - r < FK:
#pragma unroll
                for (int j = 0; j < ${FK}; ++j)
#pragma unroll
                    for (int c = 0; c < ${TX}; ++c) acc[${r}][c] = fmaf(win[j + c], f[${rho - r}][j], acc[${r}][c]);
% endif
% endfor
            }
% endfor
        } else {
% endif
% if KWS:
        if (FW <= ${KWS}) {                               // uniform: the row body unrolled for this filter width
            const float* ib = sIn + ty * ${TY * S} + tx * ${TX};
            switch (FW) {
% for kw in range(1, KWS + 1):
            case ${kw}:
#pragma unroll 1
                for (int rho = 0; rho < ${TY - 1} + FH; ++rho) {
                    const float* ir = ib + rho * ${S}${" + ((sh0 + rho * shd) & 3)" if AR else ""};
                    float win[${TX + kw - 1}];
${vload("win", "ir", TX + kw - 1, VEC and TX % 4 == 0 and not AR, " " * 20)}\
% for r in range(TY):
                    if ((unsigned)(rho - ${r}) < (unsigned)FH) {
                        const float* fr = sF + (rho - ${r}) * ${FMAX};
                        float w[${kw}];
${vload("w", "fr", kw, VEC, " " * 24)}\
#pragma unroll
                        for (int j = 0; j < ${kw}; ++j)
#pragma unroll
                            for (int c = 0; c < ${TX}; ++c) acc[${r}][c] = fmaf(win[j + c], w[j], acc[${r}][c]);
                    }
% endfor
                }
                break;
% endfor
            }
        } else {
% endif
% if SLIDE:
        // sliding window: input row rho of the thread's band feeds output rows r = rho - i, 0 <= i < FH
        const float* ib = sIn + ty * ${TY * S} + tx * ${TX};
#pragma unroll 1
        for (int rho = 0; rho < ${TY - 1} + FH; ++rho) {
            const float* ir = ib + rho * ${S}${" + ((sh0 + rho * shd) & 3)" if AR else ""};
#pragma unroll 1
            for (int j0 = 0; j0 < FWP; j0 += ${JU}) {
                float win[${NW}];
% if VW and not AR:
% for q in range(NW // 4):
                { const float4 t = *reinterpret_cast<const float4*>(ir + j0 + ${4 * q});
                  win[${4*q}] = t.x; win[${4*q+1}] = t.y; win[${4*q+2}] = t.z; win[${4*q+3}] = t.w; }
% endfor
% else:
% for q in range(NW):
                win[${q}] = ir[j0 + ${q}];
% endfor
% endif
% for r in range(TY):
                if ((unsigned)(rho - ${r}) < (unsigned)FH) {
                    const float* fr = sF + (rho - ${r}) * ${FMAX} + j0;
                    float w[${JU}];
% if VF:
% for q in range(JU // 4):
                    { const float4 t = *reinterpret_cast<const float4*>(fr + ${4 * q});
                      w[${4*q}] = t.x; w[${4*q+1}] = t.y; w[${4*q+2}] = t.z; w[${4*q+3}] = t.w; }
% endfor
% else:
% for jj in range(JU):
                    w[${jj}] = fr[${jj}];
% endfor
% endif
#pragma unroll
                    for (int jj = 0; jj < ${JU}; ++jj)
#pragma unroll
                        for (int c = 0; c < ${TX}; ++c) acc[${r}][c] = fmaf(win[jj + c], w[jj], acc[${r}][c]);
                }
% endfor
            }
        }
% else:
        // direct taps from shared memory; a thread's outputs are strided by the block size
#pragma unroll 1
        for (int i = 0; i < FH; ++i) {
            const float* fr = sF + i * ${FMAX};
            const float* ir = sIn + (ty + i) * ${S} + tx;
#pragma unroll 1
            for (int j0 = 0; j0 < FWP; j0 += ${JU}) {
                float w[${JU}];
% if VF:
% for q in range(JU // 4):
                { const float4 t = *reinterpret_cast<const float4*>(fr + j0 + ${4 * q});
                  w[${4*q}] = t.x; w[${4*q+1}] = t.y; w[${4*q+2}] = t.z; w[${4*q+3}] = t.w; }
% endfor
% else:
% for jj in range(JU):
                w[${jj}] = fr[j0 + ${jj}];
% endfor
% endif
#pragma unroll
                for (int jj = 0; jj < ${JU}; ++jj) {
% for r in range(TY):
% for c in range(TX):
                    acc[${r}][${c}] = fmaf(ir[j0 + jj + ${r * BY * S + c * BX}], w[jj], acc[${r}][${c}]);
% endfor
% endfor
                }
            }
        }
% endif
% if KWS:
        }
% endif
% if FK:
        }
% endif
    } else {
% if FMAX < 32:
${direct()}
% else:
#pragma unroll
        for (int r = 0; r < ${TY}; ++r)
#pragma unroll
            for (int c = 0; c < ${TX}; ++c) acc[r][c] = __int_as_float(0x7fc00000);
% endif
    }
% endif
<%doc> ---------------- bounds-checked stores ---------------- </%doc>
% if VO:
    const bool o_vec = (W & 3) == 0 && ((size_t)out & 15) == 0;
% endif
% for r in range(TY):
    if (y0 + ${yo(r)} < H) {
        float* orow = out + (size_t)(y0 + ${yo(r)}) * W;
% if VO:
        if (o_vec) {
% for q in range(TX // 4):
            if (x0 + ${xo(4 * q)} < W)   // a multiple of 4 below W % 4 == 0: all four in range
                *reinterpret_cast<float4*>(orow + x0 + ${xo(4 * q)}) =
                    make_float4(acc[${r}][${4*q}], acc[${r}][${4*q+1}], acc[${r}][${4*q+2}], acc[${r}][${4*q+3}]);
% endfor
        } else
% endif
        {
% for c in range(TX):
            if (x0 + ${xo(c)} < W) orow[x0 + ${xo(c)}] = acc[${r}][${c}];
% endfor
        }
    }
% endfor
% if NT > 1:
% if SMEM:
    __syncthreads();                                      // every thread is done with this tile's buffer
% endif
    }
% endif
}
