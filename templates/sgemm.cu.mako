## sgemm: C (M x N) = A (M x K) . B (K x N), fp32 row-major, SIMT. Genes: see templates/sgemm.py.
<%
BM, BN, BK = TileLoops_M, TileLoops_N, TileLoops_K
TM, TN = ThreadCoarsening_M, ThreadCoarsening_N
NTX, NTY = BN // TN, BM // TM          # block is NTX x NTY threads
T = NTX * NTY
# A thread owns rows   ty*WM + roff(i), i < TM, and columns tx*WN + coff(j), j < TN, of the block tile:
# contiguous runs of WM (WN) strided by NTY*WM (NTX*WN). Without CoalesceMemoryAccess one run covers all.
WM = min(TM, 4) if CoalesceMemoryAccess else TM
WN = min(TN, 4) if CoalesceMemoryAccess else TN
def roff(i):
    return (i // WM) * (NTY * WM) + i % WM
def coff(j):
    return (j // WN) * (NTX * WN) + j % WN
SMEM, VEC, DB = UseSharedMemory, VectorizeLoads, ReorderInstructions
ASYNC = ReorderInstructions_Async          # stages of the cp.async pipeline; 0: off
FAST = TileLoops_Specialize                # a second copy of the k loop for full, aligned tiles
EDGE = TileLoops_SpecializeEdges           # ... also for a K that BK does not divide, and misaligned operands
SPLIT = max(TileLoops_SplitK, TileLoops_SplitKEdges)   # k range split over gridDim.z blocks (at most SPLIT), summed in order
EONLY = TileLoops_SplitKEdges > 1          # ... only the edge tiles' k range (the others walk all of K in z = 0)
NZ = "zs" if EONLY else "(int)gridDim.z"   # this block's tile's number of splits
KB = "KS" if SPLIT > 1 else "K"            # the k extent this block walks (K is also A's row stride)
FRAG = ReorderInstructions_Fragments       # fragments double-buffered in registers across the barrier
GROUP = TileLoops_Group                    # blocks ordered in groups of GROUP block rows (L2 reuse)
SHIFT = TileLoops_Shift                    # edge tiles shifted inside the matrix, only their own outputs stored
WARP = ThreadCoarsening_Warp               # a warp's threads cover LY x LX of the thread grid (not 32 of a row)
LX = min(NTX, 8)
LY = 32 // LX
OM, ON = ("om0", "on0") if SHIFT else ("bm0", "bn0")   # the block's own tile origin (its outputs)
def rin(r):
    return f"({r} >= om0 && {r} < M)" if SHIFT else f"{r} < M"
def cin(c):
    return f"({c} >= on0 && {c} < N)" if SHIFT else f"{c} < N"
TC = ThreadCoarsening_TensorCore           # the warp's tile on tensor cores, 3xTF32 (mma.sync m16n8k8)
if TC:
    WTM, WTN = 8 * TM, 4 * TN              # the warp tile
    NWN = BN // WTN                        # warps along N (warp w: rows w / NWN, columns w % NWN)
    MT, NT = TM // 2, TN // 2              # m16 x n8 mma tiles of the warp tile
    S = ReorderInstructions_TensorSteps    # 8-k steps the tensor core sums from zero before one fp32 add
    def kx(o, paren=False):                # the k index kk + o of a step's fragment
        return "kk" if o == 0 else (f"(kk + {o})" if paren else f"kk + {o}")
    # acc[i][j]: mma tile (i / 2, j / 2), accumulator (i % 2) * 2 + j % 2: row g + 8 (i % 2), column 2 t + j % 2
    def roff(i):
        return (i // 2) * 16 + (i % 2) * 8
    def coff(j):
        return (j // 2) * 8 + j % 2
PAD = ((8 if TC else 4) if PadSharedMemory else 0)
APAD = 4 if PadSharedMemory else 0         # tensor cores: A row-major, As[buf][m][k], rows of BK + APAD floats
NBUF = ASYNC if ASYNC else (2 if DB else 1)
U = UnrollLoop
VA = VEC and TM % 4 == 0    # 128-bit shared reads of a thread's A fragment
VB = VEC and TN % 4 == 0    # 128-bit shared/global reads of its B fragment, float4 stores of C
# shared-memory load mapping: A in units of AU consecutive k of one row, B in units of BU consecutive n of one k
AU = 4 if VEC else 1
BU = 4 if VEC else 1
if ASYNC and not TC:
    AU = 1                                 # A goes transposed into shared memory: one 4-byte copy per element
NA, NB = BM * BK // AU, BK * BN // BU      # units per tile
LA, LB = -(-NA // T), -(-NB // T)          # units per thread
GA, GB = NA % T != 0, NB % T != 0          # some threads have fewer units
KUA = BK // AU                             # A units per row
NUB = BN // BU                             # B units per k row
# the full-tile cp.async loop: float4 B copies, each thread's A and B units one base pointer plus constant steps
FULLA = bool(ASYNC and FAST and VEC and T % KUA == 0 and T % NUB == 0)
RCH = max(1, 16 // TN)                     # rows of the split-K sum per round trip
MINB = 65536 // (T * AdjustBlockSize_MaxRegisters) if AdjustBlockSize_MaxRegisters < 255 else 0
def kk_pragma():
    return "#pragma unroll" if U >= BK else f"#pragma unroll {U}"
%>\
// ${KERNEL}: block tile ${BM}x${BN}${f"x{BK}" if SMEM else ""}, ${NTX}x${NTY} threads of ${TM}x${TN} outputs,
// shared=${int(SMEM)} pad=${PAD} vec=${int(VEC)} coalesce=${int(CoalesceMemoryAccess)} unroll=${U}
// double_buffer=${int(DB)} async_stages=${ASYNC} max_registers=${AdjustBlockSize_MaxRegisters} full_tile_path=${int(FAST)}
// fragment_pipeline=${int(FRAG)} block_row_group=${GROUP}${f" full_tile_edges={int(EDGE)}" if EDGE else ""}${f" split_k={SPLIT}" if SPLIT > 1 and not EONLY else ""}${f" split_k_edges={SPLIT}" if EONLY else ""}
% if TC:
// tensor_cores=3xTF32: warps of ${WTM} x ${WTN}, ${MT} x ${NT} mma tiles of m16n8k8 each${f", {8 * S} k a sum from zero" if S > 1 else ""}
% endif
% if ASYNC:
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
% if FULLA:
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
% endif
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
% if TC:
// 3xTF32: x = big + small + r, big = tf32(x), small = tf32(x - big) (x - big is exact in fp32), |r| <= 2^-22 |x|
__device__ __forceinline__ unsigned tf32_round(float x)
{   // to nearest on the 13 dropped bits, ties away from zero: cvt.rna.tf32.f32's rounding in two integer instructions
    // (sm_90 runs the cvt as four, FSETP SEL IMAD LOP3: 2026-12-06f, benchmarks/dev/loop_mix.py). Infinities stay,
    // overflow rounds to infinity; a NaN x may lose its NaN bits here, but small = x - big is NaN and so is C
    unsigned u;
    __builtin_memcpy(&u, &x, 4);
    return (u + 0x1000u) & 0xffffe000u;
}
__device__ __forceinline__ void tf32_split(float x, unsigned& big, unsigned& small)
{
    big = tf32_round(x);
    float b;
    __builtin_memcpy(&b, &big, 4);
    small = tf32_round(x - b);
}
// d = a (16 x 8, row) . b (8 x 8, col) + d on the warp's tensor cores; lane l holds a[l/4][l%4], a[l/4+8][l%4],
// a[l/4][l%4+4], a[l/4+8][l%4+4], b[l%4][l/4], b[l%4+4][l/4], d[l/4][2(l%4)+{0,1}], d[l/4+8][2(l%4)+{0,1}]
__device__ __forceinline__ void mma_tf32(float& d0, float& d1, float& d2, float& d3, const unsigned* a, const unsigned* b)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
                 "{%0,%1,%2,%3};\n"
                 : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
#endif
}
% endif

% endif
extern "C" __global__ void __launch_bounds__(${T}${f", {MINB}" if MINB else ""})
${KERNEL}(float* __restrict__ C, const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ work,
          int* __restrict__ tiles, int M, int N, int K)
{
% if WARP:
    // ThreadCoarsening_Warp: the ${T // 32} warps tile the ${NTX} x ${NTY} thread grid in ${LX} x ${LY} pieces, so that a
    // warp's fragment reads from shared memory touch ${LX} float${min(4, TN)} of B and ${LY} of A (fewer wavefronts than a
    // row of 32 threads); the copies into shared memory keep the hardware's linear thread order (tid)
    const int tid = threadIdx.y * ${NTX} + threadIdx.x, lane = tid % 32, warp = tid / 32;
    const int tx = warp % ${NTX // LX} * ${LX} + lane % ${LX}, ty = warp / ${NTX // LX} * ${LY} + lane / ${LX};
% elif TC:
    // tensor cores: warp w computes rows (w / ${NWN}) * ${WTM} .. + ${WTM} and columns (w % ${NWN}) * ${WTN} .. + ${WTN} of the tile
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int tid = ty * ${NTX} + tx, lane = tid % 32, warp = tid / 32;
% else:
    const int tx = threadIdx.x, ty = threadIdx.y;
% endif
% if GROUP > 1:
    // grouped block order: consecutive blocks walk ${GROUP} block rows down before moving one block column
    // right, so the blocks in flight together read fewer distinct rows of A and columns of B (L2 reuse)
    int by, bx;
    {
        const int gx = gridDim.x, gy = gridDim.y;
        const int pid = blockIdx.y * gx + blockIdx.x, per_group = ${GROUP} * gx;
        const int first = pid / per_group * ${GROUP}, rows = min(gy - first, ${GROUP});
        by = first + pid % per_group % rows;
        bx = pid % per_group / rows;
    }
    const int ${OM} = by * ${BM}, ${ON} = bx * ${BN};
% else:
    const int ${OM} = blockIdx.y * ${BM}, ${ON} = blockIdx.x * ${BN};
% endif
% if SHIFT:
    // TileLoops_Shift: a tile that M or N cuts short is moved back inside the matrix (where the matrix is as large
    // as a tile): it computes the last ${BM} rows and ${BN} columns, all in range, so it takes the full-tile loop,
    // and stores only its own outputs (row >= om0, column >= on0); the rows and columns it shares with the
    // tile before it are computed twice and stored once
    const int bm0 = om0 + ${BM} > M && M >= ${BM} ? M - ${BM} : om0;
    const int bn0 = on0 + ${BN} > N && N >= ${BN} ? N - ${BN} : on0;
% endif
% if EONLY:
    // TileLoops_SplitKEdges: only the tiles that M or N cut short split their k range over grid z. The
    // blocks of z = 0 (dispatched first) walk all of K for the full tiles and 1 / ${SPLIT} of it for the edge
    // tiles; the edge tiles' other splits come after and fill the last wave, which the edge tiles would
    // otherwise make alone. The full tiles' blocks of z > 0 have no work.
    const bool edge = ${OM} + ${BM} > M || ${ON} + ${BN} > N;   // uniform over the block
    if (!edge && blockIdx.z > 0) return;
    const int zs = edge ? (int)gridDim.z : 1;
% endif
% if TC:
    const int row0 = bm0 + warp / ${NWN} * ${WTM} + lane / 4, col0 = bn0 + warp % ${NWN} * ${WTN} + lane % 4 * 2;   // + roff(i), + coff(j)
% else:
    const int row0 = bm0 + ty * ${WM}, col0 = bn0 + tx * ${WN};   // + roff(i), + coff(j)
% endif
    // float4 paths need a row stride that is a multiple of 4 and a 16-byte aligned base; else scalar
% if VEC and SMEM and (not ASYNC or TC):
    const bool a_vec = (K & 3) == 0 && ((size_t)A & 15) == 0;
% endif
% if VEC and (SMEM or VB):
    const bool b_vec = (N & 3) == 0 && ((size_t)B & 15) == 0;
% endif
% if VB and not TC:
    const bool c_vec = (N & 3) == 0 && ((size_t)C & 15) == 0;
% elif TC and VEC:
    const bool c_vec2 = (N & 1) == 0 && ((size_t)C & 7) == 0;
% endif
    float acc[${TM}][${TN}];
#pragma unroll
    for (int i = 0; i < ${TM}; ++i)
#pragma unroll
        for (int j = 0; j < ${TN}; ++j) acc[i][j] = 0.0f;
% if not SMEM:
<%doc> ---------------- direct kernel: every operand from global memory ---------------- </%doc>
    // rows and columns clamped into range: the loads need no guard, out-of-range results are never stored
% for i in range(TM):
    const float* __restrict__ a${i} = A + (size_t)min(row0 + ${roff(i)}, M - 1) * K;
% endfor
<%def name="direct_loop(vector_b)">
    {
% if vector_b:
% for q in range(TN // 4):
        const float* __restrict__ b${q} = B + min(col0 + ${coff(4 * q)}, N - 4);   // N % 4 == 0 here
% endfor
% else:
% for j in range(TN):
        const float* __restrict__ b${j} = B + min(col0 + ${coff(j)}, N - 1);
% endfor
% endif
${"#pragma unroll 1" if U == 1 else f"#pragma unroll {U}"}
        for (int k = 0; k < K; ++k) {
            const size_t kn = (size_t)k * N;
            float a[${TM}], b[${TN}];
% for i in range(TM):
            a[${i}] = a${i}[k];
% endfor
% if vector_b:
% for q in range(TN // 4):
            { const float4 t = *reinterpret_cast<const float4*>(b${q} + kn);
              b[${4*q}] = t.x; b[${4*q+1}] = t.y; b[${4*q+2}] = t.z; b[${4*q+3}] = t.w; }
% endfor
% else:
% for j in range(TN):
            b[${j}] = b${j}[kn];
% endfor
% endif
#pragma unroll
            for (int i = 0; i < ${TM}; ++i)
#pragma unroll
                for (int j = 0; j < ${TN}; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
        }
    }
</%def>
% if VB:
    if (b_vec) {
${direct_loop(True)}
    } else {
${direct_loop(False)}
    }
% else:
${direct_loop(False)}
% endif
% else:
<%doc> ---------------- shared-memory kernel ---------------- </%doc>
% if TC:
    extern __shared__ __align__(16) float tc_smem[];   // ${meta.dynamic_smem(g)} B, launched with the kernel
    float (*As)[${BM}][${BK + APAD}] = reinterpret_cast<float (*)[${BM}][${BK + APAD}]>(tc_smem);   // As[buf][m][k]
    float (*Bs)[${BK}][${BN + PAD}] = reinterpret_cast<float (*)[${BK}][${BN + PAD}]>(tc_smem + ${NBUF * BM * (BK + APAD)});
% else:
    __shared__ __align__(16) float As[${NBUF}][${BK}][${BM + PAD}];   // A tile, transposed: As[k][m]
    __shared__ __align__(16) float Bs[${NBUF}][${BK}][${BN + PAD}];   // B tile: Bs[k][n]
% endif
% if not WARP and not TC:
    const int tid = ty * ${NTX} + tx;
% endif
% if SPLIT > 1:
    // split-K: this block walks k tiles [z * per, (z + 1) * per) of the ceil(K / ${BK}); A and B start there
    // (a multiple of ${BK} columns of A, rows of B: float4 alignment is kept)
    const int per = ((K + ${BK - 1}) / ${BK} + ${NZ} - 1) / ${NZ};
    const int k0 = (int)blockIdx.z * per * ${BK};
    const int KS = max(0, min(K - k0, per * ${BK}));
    A += min(k0, K);
    B += (size_t)min(k0, K) * N;
% endif
    // load mapping: thread tid moves units tid + l*${T} of each tile (A: ${AU} k of one row, B: ${BU} n of one k)
% for l in range(LA):
    const int am${l} = (tid + ${l * T}) / ${KUA}, ak${l} = (tid + ${l * T}) % ${KUA} * ${AU};
    const bool ain${l} = ${f"tid + {l * T} < {NA}" if GA and l == LA - 1 else "true"};
    const bool aok${l} = ain${l} && bm0 + am${l} < M;
    const float* asrc${l} = A + (size_t)(bm0 + am${l}) * K + ak${l};   // advanced by BK per tile
% endfor
% for l in range(LB):
    const int ubk${l} = (tid + ${l * T}) / ${NUB}, ubn${l} = (tid + ${l * T}) % ${NUB} * ${BU};
    const bool bin${l} = ${f"tid + {l * T} < {NB}" if GB and l == LB - 1 else "true"};
% if not VEC:
    const bool bok${l} = bin${l} && bn0 + ubn${l} < N;
% endif
    const float* bsrc${l} = B + (size_t)ubk${l} * N + bn0 + ubn${l};   // advanced by BK rows per tile
% endfor
% if ASYNC:
% elif VEC:
    float4 ra[${LA}], rb[${LB}];
% else:
    float ra[${LA}], rb[${LB}];
% endif
<%def name="load_tile(kt, full=False, vec=True)">
% if full and vec:
        {   // global -> registers, the next tile: full and aligned, so plain float4 loads (a thread whose
            // last unit lies past the tile loads nothing for it: its address may be past the matrix)
% for l in range(LA):
            ${f"if (ain{l}) " if GA and l == LA - 1 else ""}ra[${l}] = *reinterpret_cast<const float4*>(asrc${l});
            asrc${l} += ${BK};
% endfor
% for l in range(LB):
            ${f"if (bin{l}) " if GB and l == LB - 1 else ""}rb[${l}] = *reinterpret_cast<const float4*>(bsrc${l});
            bsrc${l} += (size_t)${BK} * N;
% endfor
        }
% elif full:
        {   // global -> registers, the next tile: full but an operand is not float4-aligned (a row stride
            // not a multiple of 4): four plain scalar loads per unit, still no predicates
% for l in range(LA):
            ${f"if (ain{l}) " if GA and l == LA - 1 else ""}{ ra[${l}].x = asrc${l}[0]; ra[${l}].y = asrc${l}[1]; ra[${l}].z = asrc${l}[2]; ra[${l}].w = asrc${l}[3]; }
            asrc${l} += ${BK};
% endfor
% for l in range(LB):
            ${f"if (bin{l}) " if GB and l == LB - 1 else ""}{ rb[${l}].x = bsrc${l}[0]; rb[${l}].y = bsrc${l}[1]; rb[${l}].z = bsrc${l}[2]; rb[${l}].w = bsrc${l}[3]; }
            bsrc${l} += (size_t)${BK} * N;
% endfor
        }
% else:
        {   // global -> registers, the tile at k = ${kt} (asrc/bsrc point at it); out-of-range elements are zero
% for l in range(LA):
% if VEC:
            {
                const int k = ${kt} + ak${l};
                const float* p = asrc${l};
                if (a_vec) {
                    ra[${l}] = (aok${l} && k < ${KB}) ? *reinterpret_cast<const float4*>(p) : make_float4(0.f, 0.f, 0.f, 0.f);
                } else {
                    ra[${l}].x = (aok${l} && k < ${KB}) ? p[0] : 0.f;
                    ra[${l}].y = (aok${l} && k + 1 < ${KB}) ? p[1] : 0.f;
                    ra[${l}].z = (aok${l} && k + 2 < ${KB}) ? p[2] : 0.f;
                    ra[${l}].w = (aok${l} && k + 3 < ${KB}) ? p[3] : 0.f;
                }
            }
% else:
            ra[${l}] = (aok${l} && ${kt} + ak${l} < ${KB}) ? *asrc${l} : 0.f;
% endif
% endfor
% for l in range(LB):
% if VEC:
            {
                const bool kok = bin${l} && ${kt} + ubk${l} < ${KB};
                const float* p = bsrc${l};
                const int n = bn0 + ubn${l};
                if (b_vec) {
                    rb[${l}] = (kok && n < N) ? *reinterpret_cast<const float4*>(p) : make_float4(0.f, 0.f, 0.f, 0.f);
                } else {
                    rb[${l}].x = (kok && n < N) ? p[0] : 0.f;
                    rb[${l}].y = (kok && n + 1 < N) ? p[1] : 0.f;
                    rb[${l}].z = (kok && n + 2 < N) ? p[2] : 0.f;
                    rb[${l}].w = (kok && n + 3 < N) ? p[3] : 0.f;
                }
            }
% else:
            rb[${l}] = (bok${l} && ${kt} + ubk${l} < ${KB}) ? *bsrc${l} : 0.f;
% endif
% endfor
% for l in range(LA):
            asrc${l} += ${BK};
% endfor
% for l in range(LB):
            bsrc${l} += (size_t)${BK} * N;
% endfor
        }
% endif
</%def>
<%def name="store_tile(buf)">
        {   // registers -> shared buffer ${buf}
% for l in range(LA):
% if GA and l == LA - 1:
            if (ain${l}) {
% else:
            {
% endif
% if VEC:
                As[${buf}][ak${l}][am${l}] = ra[${l}].x;
                As[${buf}][ak${l} + 1][am${l}] = ra[${l}].y;
                As[${buf}][ak${l} + 2][am${l}] = ra[${l}].z;
                As[${buf}][ak${l} + 3][am${l}] = ra[${l}].w;
% else:
                As[${buf}][ak${l}][am${l}] = ra[${l}];
% endif
            }
% endfor
% for l in range(LB):
% if GB and l == LB - 1:
            if (bin${l}) {
% else:
            {
% endif
% if VEC:
                *reinterpret_cast<float4*>(&Bs[${buf}][ubk${l}][ubn${l}]) = rb[${l}];
% else:
                Bs[${buf}][ubk${l}][ubn${l}] = rb[${l}];
% endif
            }
% endfor
        }
</%def>
<%def name="compute(buf)">
        {   // acc += As[buf]^T . Bs[buf] over the ${BK} k of the stage
            const float* as = &As[${buf}][0][ty * ${WM}];
            const float* bs = &Bs[${buf}][0][tx * ${WN}];
${kk_pragma()}
            for (int kk = 0; kk < ${BK}; ++kk) {
                float a[${TM}], b[${TN}];
% if VA:
% for q in range(TM // 4):
                { const float4 t = *reinterpret_cast<const float4*>(as + kk * ${BM + PAD} + ${roff(4 * q)});
                  a[${4*q}] = t.x; a[${4*q+1}] = t.y; a[${4*q+2}] = t.z; a[${4*q+3}] = t.w; }
% endfor
% else:
% for i in range(TM):
                a[${i}] = as[kk * ${BM + PAD} + ${roff(i)}];
% endfor
% endif
% if VB:
% for q in range(TN // 4):
                { const float4 t = *reinterpret_cast<const float4*>(bs + kk * ${BN + PAD} + ${coff(4 * q)});
                  b[${4*q}] = t.x; b[${4*q+1}] = t.y; b[${4*q+2}] = t.z; b[${4*q+3}] = t.w; }
% endfor
% else:
% for j in range(TN):
                b[${j}] = bs[kk * ${BN + PAD} + ${coff(j)}];
% endfor
% endif
#pragma unroll
                for (int i = 0; i < ${TM}; ++i)
#pragma unroll
                    for (int j = 0; j < ${TN}; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
            }
        }
</%def>
% if TC:
<%def name="tc_compute(buf)">
        {   // acc += As[buf] . Bs[buf] on tensor cores, ${8 * S} k at a time: the warp's ${MT} x ${NT} m16n8k8 tiles, each operand
            // split in two TF32 parts and three products, the small ones first: small.big, big.small, big.big. B's
            // fragments of the ${"steps" if S > 1 else "step"} first, then A's one mma row at a time (${8 * S} registers of A live at a time)
            const float* as = &As[${buf}][warp / ${NWN} * ${WTM} + lane / 4][lane % 4];
            const float* bs = &Bs[${buf}][lane % 4][warp % ${NWN} * ${WTN} + lane / 4];
#pragma unroll
            for (int kk = 0; kk < ${BK}; kk += ${8 * S}) {
                unsigned ah[${S * MT}][4], al[${S * MT}][4], bh[${S * NT}][2], bl[${S * NT}][2];   // [step * tiles + tile]
% for s in range(S):
% for j in range(NT):
                tf32_split(bs[${kx(8 * s, True)} * ${BN + PAD} + ${8 * j}], bh[${s * NT + j}][0], bl[${s * NT + j}][0]);
                tf32_split(bs[${kx(8 * s + 4, True)} * ${BN + PAD} + ${8 * j}], bh[${s * NT + j}][1], bl[${s * NT + j}][1]);
% endfor
% endfor
% for i in range(MT):
% for s in range(S):
                tf32_split(as[${16 * i * (BK + APAD)} + ${kx(8 * s)}], ah[${s * MT + i}][0], al[${s * MT + i}][0]);
                tf32_split(as[${(16 * i + 8) * (BK + APAD)} + ${kx(8 * s)}], ah[${s * MT + i}][1], al[${s * MT + i}][1]);
                tf32_split(as[${16 * i * (BK + APAD)} + ${kx(8 * s + 4)}], ah[${s * MT + i}][2], al[${s * MT + i}][2]);
                tf32_split(as[${(16 * i + 8) * (BK + APAD)} + ${kx(8 * s + 4)}], ah[${s * MT + i}][3], al[${s * MT + i}][3]);
% endfor
#if defined(__CUDA_ARCH__) || !defined(EMU_MMA)
% for j in range(NT):
                {   // ${"these steps'" if S > 1 else "this step's"} three passes from zero, then one rounded fp32 add each: the tensor core's own
                    // sum is not rounded to nearest, and run over all of K it drifts (error linear in K, 2026-12-06e call 1)
                    float d0 = 0.f, d1 = 0.f, d2 = 0.f, d3 = 0.f;
% for s in range(S):
                    mma_tf32(d0, d1, d2, d3, al[${s * MT + i}], bh[${s * NT + j}]);
                    mma_tf32(d0, d1, d2, d3, ah[${s * MT + i}], bl[${s * NT + j}]);
                    mma_tf32(d0, d1, d2, d3, ah[${s * MT + i}], bh[${s * NT + j}]);
% endfor
                    acc[${2 * i}][${2 * j}] += d0; acc[${2 * i}][${2 * j + 1}] += d1;
                    acc[${2 * i + 1}][${2 * j}] += d2; acc[${2 * i + 1}][${2 * j + 1}] += d3;
                }
% endfor
#endif
% endfor
#if !defined(__CUDA_ARCH__) && defined(EMU_MMA)   // the CPU emulator of the tests: the same products, the warp's
                emu_mma_tf32_tile(&acc[0][0], ${MT}, ${NT}, ${S}, &ah[0][0], &al[0][0], &bh[0][0], &bl[0][0]);   // fragments once
#endif
            }
        }
</%def>
% endif
% if ASYNC:
<%def name="issue_tile(t, buf)">
        {   // global -> shared buffer ${buf}, asynchronously: the tile at k = ${t} * ${BK}; out-of-range elements zero-filled
            const int k0 = (${t}) * ${BK};
% if TC:
            // A row-major (As[buf][m][k]): thread tid copies rows ar0 + l*${T // KUA} at k0 + ac0 * ${AU} .. + ${AU}
            const bool kin = k0 + ac0 * ${AU} < ${KB};
% for l in range(LA):
% if GA and l == LA - 1:
            if (ain${l})
% endif
            {
                const int m = ar0 + ${l * (T // KUA)};
                const bool ok = kin && bm0 + m < M;
                const float* p = abase + ${l} * astep + k0;
% if AU == 4:
                if (a_vec) {   // K % 4 == 0: the four are in range together
                    cp_async16(&As[${buf}][m][ac0 * 4], ok ? p : A, ok);
                } else {
% for q in range(4):
                    cp_async4(&As[${buf}][m][ac0 * 4 + ${q}], bm0 + m < M && k0 + ac0 * 4 + ${q} < ${KB} ? p + ${q} : A,
                              bm0 + m < M && k0 + ac0 * 4 + ${q} < ${KB});
% endfor
                }
% else:
                cp_async4(&As[${buf}][m][ac0], ok ? p : A, ok);
% endif
            }
% endfor
% elif T % KUA == 0:
            // thread tid copies rows ar0 + l*${T // KUA} at k0 + ac0: one base pointer, constant steps
            const bool kin = k0 + ac0 < ${KB};
% for l in range(LA):
% if GA and l == LA - 1:
            if (ain${l})
% endif
            {
                const bool ok = kin && bm0 + ar0 + ${l * (T // KUA)} < M;
                cp_async4(&As[${buf}][ac0][ar0 + ${l * (T // KUA)}], ok ? abase + ${l} * astep + k0 : A, ok);
            }
% endfor
% else:
% for l in range(LA):
% if GA and l == LA - 1:
            if (ain${l})
% endif
            {
                const bool ok = aok${l} && k0 + ak${l} < ${KB};
                cp_async4(&As[${buf}][ak${l}][am${l}], ok ? asrc${l} + k0 : A, ok);
            }
% endfor
% endif
% for l in range(LB):
% if GB and l == LB - 1:
            if (bin${l})
% endif
            {
                const bool kok = k0 + ubk${l} < ${KB};
                const int n = bn0 + ubn${l};
                const float* p = bsrc${l} + (size_t)k0 * N;
% if VEC:
                if (b_vec) {   // N % 4 == 0: n < N means all four are in range
                    cp_async16(&Bs[${buf}][ubk${l}][ubn${l}], kok && n < N ? p : B, kok && n < N);
                } else {
% for q in range(4):
                    cp_async4(&Bs[${buf}][ubk${l}][ubn${l} + ${q}], kok && n + ${q} < N ? p + ${q} : B, kok && n + ${q} < N);
% endfor
                }
% else:
                cp_async4(&Bs[${buf}][ubk${l}][ubn${l}], kok && n < N ? p : B, kok && n < N);
% endif
            }
% endfor
        }
</%def>
<%def name="async_compute(buf)">\
% if TC:
${tc_compute(buf)}\
% elif FRAG:
        {   // the fragment pipeline on one tile: row 0's fragments, then frag_step's (row kk + 1 read while row kk is
            // multiplied); the next tile is already in flight through cp.async
            float fa0[${TM}], fb0[${TN}], fa1[${TM}], fb1[${TN}];
${frag_load(buf, 0, 0)}
${frag_step(buf, None, False)}
        }
% else:
${compute(buf)}\
% endif
</%def>\
% if FULLA:
<%def name="issue_full(buf, vec=True)">
        {   // global -> shared buffer ${buf}, the next tile: inside the matrices, so no predicates; then one tile on
% for l in range(LA):
% if TC and vec:
            ${f"if (ain{l}) " if GA and l == LA - 1 else ""}cp_async16_full(&As[${buf}][far0 + ${l * (T // KUA)}][fac0 * 4], fa + ${l} * fastep);
% elif TC:
            ${f"if (ain{l}) " if GA and l == LA - 1 else ""}{   // A rows not 16-byte aligned (K % 4 != 0): four 4-byte copies
% for q in range(4):
                cp_async4_full(&As[${buf}][far0 + ${l * (T // KUA)}][fac0 * 4 + ${q}], fa + ${l} * fastep + ${q});
% endfor
            }
% else:
            ${f"if (ain{l}) " if GA and l == LA - 1 else ""}cp_async4_full(&As[${buf}][fac0][far0 + ${l * (T // KUA)}], fa + ${l} * fastep);
% endif
% endfor
% for l in range(LB):
% if vec:
            ${f"if (bin{l}) " if GB and l == LB - 1 else ""}cp_async16_full(&Bs[${buf}][fbk0 + ${l * (T // NUB)}][fbn0], fb + ${l} * fbstep);
% else:
            ${f"if (bin{l}) " if GB and l == LB - 1 else ""}{   // B rows not 16-byte aligned (N % 4 != 0): four 4-byte copies
% for q in range(4):
                cp_async4_full(&Bs[${buf}][fbk0 + ${l * (T // NUB)}][fbn0 + ${q}], fb + ${l} * fbstep + ${q});
% endfor
            }
% endif
% endfor
            fa += ${BK};
            fb += (size_t)${BK} * N;
        }
</%def>
<%def name="async_full_loop(vec=True)">\
        const int nt = ${KB} / ${BK};
        const int far0 = tid / ${KUA}, fac0 = tid % ${KUA};
        const int fbk0 = tid / ${NUB}, fbn0 = tid % ${NUB} * 4;
        const float* fa = A + (size_t)(bm0 + far0) * K + fac0${" * 4" if TC else ""};
        const float* fb = B + (size_t)fbk0 * N + bn0 + fbn0;
        const size_t fastep = (size_t)${T // KUA} * K, fbstep = (size_t)${T // NUB} * N;
% for s0 in range(ASYNC - 1):
        if (${s0} < nt) {
${issue_full(s0, vec)}
        }
        cp_async_commit();
% endfor
#pragma unroll 1
        for (int t = 0; t < nt; t += ${ASYNC}) {
% for s0 in range(ASYNC):
            if (t + ${s0} < nt) {   // tile t + ${s0} in buffer ${s0}; tile t + ${s0 + ASYNC - 1} into buffer ${(s0 + ASYNC - 1) % ASYNC}
                cp_async_wait<${ASYNC - 2}>();
                __syncthreads();
                if (t + ${s0 + ASYNC - 1} < nt) {
${issue_full((s0 + ASYNC - 1) % ASYNC, vec)}
                }
                cp_async_commit();
${async_compute(s0)}
            }
% endfor
        }
</%def>\
% if EDGE:
    // TileLoops_Specialize with cp.async and its edges (TileLoops_SpecializeEdges): blocks whose tiles are inside M and
    // N (every block where TileLoops_Shift moves the edge tiles in) copy their K / ${BK} full k tiles without predicates
    // from pointers that step by a tile, float4 where B's rows are 16-byte aligned and four 4-byte copies where they
    // are not, the stage loop unrolled ${ASYNC} times so that every buffer index is a constant; a last partial k tile
    // is copied zero-filled past the k range and computed after them. Other blocks take the guarded pipeline below.
    if (${KB} >= ${BK} && bm0 + ${BM} <= M && bn0 + ${BN} <= N) {
        if (b_vec${" && a_vec" if TC else ""}) {${"   // on tensor cores A and B both 16-byte copies, or both 4-byte" if TC else ""}
${async_full_loop(True)}\
        } else {
${async_full_loop(False)}\
        }
        if (${KB} % ${BK} != 0) {   // the last, partial k tile, into buffer 0 once every buffer is free
            cp_async_wait<0>();
            __syncthreads();
            const int kt = ${KB} / ${BK} * ${BK};
            const int far0 = tid / ${KUA}, fac0 = tid % ${KUA};
            const int fbk0 = tid / ${NUB}, fbn0 = tid % ${NUB} * 4;
% if TC:
% for l in range(LA):
            ${f"if (ain{l}) " if GA and l == LA - 1 else ""}{
                const float* p = A + (size_t)(bm0 + far0 + ${l * (T // KUA)}) * K + kt + fac0 * 4;
                if (a_vec) {   // K % 4 == 0: the four are in range together
                    const bool kin = kt + fac0 * 4 < ${KB};
                    cp_async16(&As[0][far0 + ${l * (T // KUA)}][fac0 * 4], kin ? p : A, kin);
                } else {
% for q in range(4):
                    cp_async4(&As[0][far0 + ${l * (T // KUA)}][fac0 * 4 + ${q}], kt + fac0 * 4 + ${q} < ${KB} ? p + ${q} : A,
                              kt + fac0 * 4 + ${q} < ${KB});
% endfor
                }
            }
% endfor
% else:
            const bool kin = kt + fac0 < ${KB};
% for l in range(LA):
            ${f"if (ain{l}) " if GA and l == LA - 1 else ""}cp_async4(&As[0][fac0][far0 + ${l * (T // KUA)}],
                kin ? A + (size_t)(bm0 + far0 + ${l * (T // KUA)}) * K + kt + fac0 : A, kin);
% endfor
% endif
% for l in range(LB):
            ${f"if (bin{l}) " if GB and l == LB - 1 else ""}{
                const bool kok = kt + fbk0 + ${l * (T // NUB)} < ${KB};
                const float* p = B + (size_t)(kt + fbk0 + ${l * (T // NUB)}) * N + bn0 + fbn0;
                if (b_vec) {
                    cp_async16(&Bs[0][fbk0 + ${l * (T // NUB)}][fbn0], kok ? p : B, kok);
                } else {
% for q in range(4):
                    cp_async4(&Bs[0][fbk0 + ${l * (T // NUB)}][fbn0 + ${q}], kok ? p + ${q} : B, kok);
% endfor
                }
            }
% endfor
            cp_async_commit();
            cp_async_wait<0>();
            __syncthreads();
${async_compute("0")}
        }
% else:
    // TileLoops_Specialize with cp.async: blocks whose tiles are all full (inside M and N, K a multiple of ${BK}) with
    // a float4-aligned B copy without predicates from pointers that step by a tile, and the stage loop is unrolled
    // ${ASYNC} times so that every buffer index is a constant; other blocks take the guarded pipeline below.
    if (${"a_vec && " if TC else ""}b_vec && ${KB} >= ${BK} && ${KB} % ${BK} == 0 && bm0 + ${BM} <= M && bn0 + ${BN} <= N) {
${async_full_loop(True)}\
% endif
    } else {
% endif
    // ${ASYNC}-stage cp.async pipeline: tiles t+1 .. t+${ASYNC - 1} are in flight while tile t is computed; one
    // barrier per tile. At the barrier of step t every thread has finished computing tile t-1, so
    // refilling its buffer right after the barrier is safe. Every step commits one group (empty past
    // the last tile) so that "all but the newest ${ASYNC - 2}" always means "tile t has landed".
    const int ntiles = (${KB} + ${BK - 1}) / ${BK};
% if T % KUA == 0:
    const int ar0 = tid / ${KUA}, ac0 = tid % ${KUA};
    const float* abase = A + (size_t)(bm0 + ar0) * K + ac0${f" * {AU}" if TC and AU > 1 else ""};
    const size_t astep = (size_t)${T // KUA} * K;
% endif
% for s0 in range(ASYNC - 1):
    if (${s0} < ntiles) {
${issue_tile(str(s0), str(s0))}
    }
    cp_async_commit();
% endfor
#pragma unroll 1
    for (int t = 0; t < ntiles; ++t) {
        cp_async_wait<${ASYNC - 2}>();
        __syncthreads();
        {
            const int tn = t + ${ASYNC - 1};
            if (tn < ntiles) {
                const int nb = tn % ${ASYNC};
${issue_tile("tn", "nb")}
            }
            cp_async_commit();
        }
        const int cb = t % ${ASYNC};
${async_compute("cb")}
    }
% if FULLA:
    }
% endif
% else:
<%def name="k_loop_guarded()">
% if DB:
    // double buffering: tile kt + BK is prefetched into registers while tile kt is computed, then stored
    // into the other buffer; one barrier per tile. Unrolled by two so that both buffers are static.
${load_tile("0")}
${store_tile("0")}
    __syncthreads();
#pragma unroll 1
    for (int kt = 0; kt < ${KB}; kt += ${2 * BK}) {
        bool more = kt + ${BK} < ${KB};
        if (more) {
${load_tile(f"kt + {BK}")}
        }
${compute("0")}
        if (more) {
${store_tile("1")}
        }
        __syncthreads();
        if (!more) break;
        more = kt + ${2 * BK} < ${KB};
        if (more) {
${load_tile(f"kt + {2 * BK}")}
        }
${compute("1")}
        if (more) {
${store_tile("0")}
        }
        __syncthreads();
    }
% else:
#pragma unroll 1
    for (int kt = 0; kt < ${KB}; kt += ${BK}) {
${load_tile("kt")}
${store_tile("0")}
        __syncthreads();
${compute("0")}
        __syncthreads();
    }
% endif
</%def>
<%def name="frag_load(buf, kk, slot)">
            {   // the A and B fragments of k row ${kk} of buffer ${buf} into register slot ${slot}
                const float* as = &As[${buf}][${kk}][ty * ${WM}];
                const float* bs = &Bs[${buf}][${kk}][tx * ${WN}];
% if VA:
% for q in range(TM // 4):
                { const float4 t = *reinterpret_cast<const float4*>(as + ${roff(4 * q)});
                  fa${slot}[${4*q}] = t.x; fa${slot}[${4*q+1}] = t.y; fa${slot}[${4*q+2}] = t.z; fa${slot}[${4*q+3}] = t.w; }
% endfor
% else:
% for i in range(TM):
                fa${slot}[${i}] = as[${roff(i)}];
% endfor
% endif
% if VB:
% for q in range(TN // 4):
                { const float4 t = *reinterpret_cast<const float4*>(bs + ${coff(4 * q)});
                  fb${slot}[${4*q}] = t.x; fb${slot}[${4*q+1}] = t.y; fb${slot}[${4*q+2}] = t.z; fb${slot}[${4*q+3}] = t.w; }
% endfor
% else:
% for j in range(TN):
                fb${slot}[${j}] = bs[${coff(j)}];
% endfor
% endif
            }
</%def>
<%def name="frag_step(cur, nxt, has_next, vec=True)">
        {   // one tile from buffer ${cur}: while row kk is multiplied, row kk + 1 is read; before the last
            // row's products the next tile (in registers since the step began) goes to buffer ${nxt}, the
            // barrier passes, and the next tile's row 0 is read under those products
% if has_next:
${load_tile("", True, vec)}
% endif
% for kk in range(BK):
% if kk < BK - 1:
${frag_load(cur, kk + 1, (kk + 1) % 2)}
% elif has_next:
${store_tile(nxt)}
            __syncthreads();
${frag_load(nxt, 0, (kk + 1) % 2)}
% endif
#pragma unroll
            for (int i = 0; i < ${TM}; ++i)
#pragma unroll
                for (int j = 0; j < ${TN}; ++j) acc[i][j] = fmaf(fa${kk % 2}[i], fb${kk % 2}[j], acc[i][j]);
% endfor
        }
</%def>
<%def name="k_loop_full(vec=True)">
        // every tile full (K % ${BK} == 0, the block inside M and N) and both operands float4-aligned:
        // the same pipeline with no bounds predicates and no alignment tests in the loop (with
        // TileLoops_SpecializeEdges: the K / ${BK} full tiles of any K, the loads scalar where not aligned)
% if FRAG:
${load_tile("0", True, vec)}
${store_tile("0")}
        __syncthreads();
        const int nt = ${KB} / ${BK};
        float fa0[${TM}], fb0[${TN}], fa1[${TM}], fb1[${TN}];
${frag_load("0", 0, 0)}
        int t = 0;
#pragma unroll 1
        for (; t + 2 < nt; t += 2) {   // tiles t (buffer 0) and t + 1 (buffer 1); t + 1 and t + 2 loaded here
${frag_step("0", "1", True, vec)}
${frag_step("1", "0", True, vec)}
        }
        if (t + 1 < nt) {   // two tiles left
${frag_step("0", "1", True, vec)}
${frag_step("1", "0", False)}
        } else {            // one tile left
${frag_step("0", "1", False)}
        }
% elif DB:
${load_tile("0", True, vec)}
${store_tile("0")}
        __syncthreads();
        const int nt = ${KB} / ${BK};
        int t = 0;
#pragma unroll 1
        for (; t + 2 < nt; t += 2) {   // tiles t (buffer 0) and t + 1 (buffer 1); t + 1 and t + 2 loaded here
${load_tile("", True, vec)}
${compute("0")}
${store_tile("1")}
            __syncthreads();
${load_tile("", True, vec)}
${compute("1")}
${store_tile("0")}
            __syncthreads();
        }
        if (t + 1 < nt) {   // two tiles left
${load_tile("", True, vec)}
${compute("0")}
${store_tile("1")}
            __syncthreads();
${compute("1")}
        } else {            // one tile left
${compute("0")}
        }
% else:
#pragma unroll 1
        for (int kt = 0; kt + ${BK} <= ${KB}; kt += ${BK}) {
${load_tile("", True, vec)}
${store_tile("0")}
            __syncthreads();
${compute("0")}
            __syncthreads();
        }
% endif
</%def>
% if FAST and EDGE:
    if (${KB} >= ${BK} && bm0 + ${BM} <= M && bn0 + ${BN} <= N) {   // uniform over the block
        if (a_vec && b_vec) {
${k_loop_full(True)}
        } else {
${k_loop_full(False)}
        }
        if (${KB} % ${BK} != 0) {   // the last, partial k tile (asrc/bsrc point at it): only k needs a guard
            __syncthreads();     // every thread is done with both buffers
            const int kt = ${KB} / ${BK} * ${BK};
% for l in range(LA):
            ${f"if (ain{l}) " if GA and l == LA - 1 else ""}{
                const int k = kt + (tid + ${l * T}) % ${KUA} * ${AU};   // recomputed: nothing stays live for it
                ra[${l}].x = k < ${KB} ? asrc${l}[0] : 0.f;
                ra[${l}].y = k + 1 < ${KB} ? asrc${l}[1] : 0.f;
                ra[${l}].z = k + 2 < ${KB} ? asrc${l}[2] : 0.f;
                ra[${l}].w = k + 3 < ${KB} ? asrc${l}[3] : 0.f;
            }
% endfor
% for l in range(LB):
            ${f"if (bin{l}) " if GB and l == LB - 1 else ""}{
                const bool kok = kt + (tid + ${l * T}) / ${NUB} < ${KB};
                rb[${l}].x = kok ? bsrc${l}[0] : 0.f;
                rb[${l}].y = kok ? bsrc${l}[1] : 0.f;
                rb[${l}].z = kok ? bsrc${l}[2] : 0.f;
                rb[${l}].w = kok ? bsrc${l}[3] : 0.f;
            }
% endfor
${store_tile("0")}
            __syncthreads();
${compute("0")}
        }
    } else {
${k_loop_guarded()}
    }
% elif FAST:
    // (a k range shorter than one tile, e.g. a split-K block past the end of K, takes the guarded loop)
    if (a_vec && b_vec && ${KB} >= ${BK} && ${KB} % ${BK} == 0 && bm0 + ${BM} <= M && bn0 + ${BN} <= N) {
${k_loop_full()}
    } else {
${k_loop_guarded()}
    }
% else:
${k_loop_guarded()}
% endif
% endif
% endif
<%doc> ---------------- epilogue: bounds-checked stores ---------------- </%doc>
% if SPLIT > 1:
% if EONLY:
    if (zs > 1) {
        // this split's partial tile goes to its slice of the workspace, the edge tiles' slices packed:
        // slice z of edge tile e (the last tile row's by column, then the last tile column's by row) at
        // (z * (gridDim.x + gridDim.y) + e) * ${BM * BN}; the last split of the tile to arrive (a counter per
        // tile) sums the slices in split order (the same sum whichever arrives last), stores C, and
        // resets the counter for the next launch
        const size_t ne = (size_t)gridDim.x + gridDim.y;
        const int e = ${OM} + ${BM} > M ? ${ON} / ${BN} : (int)gridDim.x + ${OM} / ${BM};
        float* __restrict__ wz = work + ((size_t)blockIdx.z * ne + e) * ${BM * BN} + ${"(row0 - bm0) * " + str(BN) + " + (col0 - bn0)" if TC else f"ty * {WM * BN} + tx * {WN}"};
% for i in range(TM):
        if (${rin(f"row0 + {roff(i)}")}) {
% for j in range(TN):
            if (${cin(f"col0 + {coff(j)}")}) wz[${roff(i) * BN + coff(j)}] = acc[${i}][${j}];
% endfor
        }
% endfor
% else:
    if (gridDim.z > 1) {
        // this split's partial tile goes to its slice of the workspace; the last split of the tile to
        // arrive (a counter per tile) sums the slices in split order (the same sum whichever arrives
        // last), stores C, and resets the counter for the next launch
        float* __restrict__ wz = work + (size_t)blockIdx.z * M * N;
% for i in range(TM):
        if (${rin(f"row0 + {roff(i)}")}) {
% for j in range(TN):
            if (${cin(f"col0 + {coff(j)}")}) wz[(size_t)(row0 + ${roff(i)}) * N + col0 + ${coff(j)}] = acc[${i}][${j}];
% endfor
        }
% endfor
% endif
        __threadfence();
        __syncthreads();
        __shared__ int last;
        const int tile = blockIdx.y * gridDim.x + blockIdx.x;
        if (tx == 0 && ty == 0) last = atomicAdd(&tiles[tile], 1) == ${NZ} - 1;
        __syncthreads();
        if (!last) return;
        __threadfence();
        // the sum in split order, from the workspace (this split's own slice included, so the order is the
        // same whichever split arrives last). ${RCH} row(s) at a time: the ${RCH * TN} loads of a slice are
        // issued before their adds, so the epilogue costs ${-(-TM // RCH)} round trips per split instead of
        // one per split and output (the split-K sum was the tail of skinny shapes), in few registers
#pragma unroll
        for (int i = 0; i < ${TM}; ++i)
#pragma unroll
            for (int j = 0; j < ${TN}; ++j) acc[i][j] = 0.0f;
% for i0 in range(0, TM, RCH):
#pragma unroll 1
        for (int z = 0; z < ${NZ}; ++z) {
% if EONLY:
            const float* __restrict__ ws = work + ((size_t)z * ne + e) * ${BM * BN} + ${"(row0 - bm0) * " + str(BN) + " + (col0 - bn0)" if TC else f"ty * {WM * BN} + tx * {WN}"};
% else:
            const float* __restrict__ ws = work + (size_t)z * M * N + col0;
% endif
% for i in range(i0, min(i0 + RCH, TM)):
            {
                const bool rok = ${rin(f"row0 + {roff(i)}")};
% if EONLY:
                const float* __restrict__ wr = ws + ${roff(i) * BN};
% else:
                const float* __restrict__ wr = ws + (size_t)(row0 + ${roff(i)}) * N;
% endif
% for j in range(TN):
                acc[${i}][${j}] += (rok && ${cin(f"col0 + {coff(j)}")}) ? __ldcg(wr + ${coff(j)}) : 0.0f;
% endfor
            }
% endfor
        }
% endfor
        if (tx == 0 && ty == 0) tiles[tile] = 0;
    }
% endif
% for i in range(TM):
    if (${rin(f"row0 + {roff(i)}")}) {
        float* __restrict__ crow = C + (size_t)(row0 + ${roff(i)}) * N;
% if TC and VEC:
        if (c_vec2) {
% for q in range(TN // 2):
            if (${cin(f"col0 + {coff(2 * q)}")})   // even below N % 2 == 0: both in range${" (and own: on0 is even)" if SHIFT else ""}
                *reinterpret_cast<float2*>(crow + col0 + ${coff(2 * q)}) = make_float2(acc[${i}][${2*q}], acc[${i}][${2*q+1}]);
% endfor
        } else
% elif VB:
        if (c_vec) {
% for q in range(TN // 4):
            if (${cin(f"col0 + {coff(4 * q)}")})   // a multiple of 4 below N % 4 == 0: all four in range${" (and own: on0 and bn0 are multiples of 4)" if SHIFT else ""}
                *reinterpret_cast<float4*>(crow + col0 + ${coff(4 * q)}) =
                    make_float4(acc[${i}][${4*q}], acc[${i}][${4*q+1}], acc[${i}][${4*q+2}], acc[${i}][${4*q+3}]);
% endfor
        } else
% endif
        {
% for j in range(TN):
            if (${cin(f"col0 + {coff(j)}")}) crow[col0 + ${coff(j)}] = acc[${i}][${j}];
% endfor
        }
    }
% endfor
}
