// A standalone prototype (not a template): fp32 GEMM C = A.B (row-major) on tensor cores with 3xTF32
// (each operand split into a TF32 "big" part and a TF32 "small" remainder; acc += as*bb + ab*bs + ab*bb),
// which keeps about fp32's accuracy. Full tiles only: M % BM == N % BN == K % BK == 0, 16-byte aligned.
// Built by benchmarks/dev/tf32x3_proto.py with -D BM=.. BN=.. BK=.. WM=.. WN=.. STAGES=.. (and GROUP).
#include <cstdint>
#ifndef BM
#define BM 128
#endif
#ifndef BN
#define BN 128
#endif
#ifndef BK
#define BK 32
#endif
#ifndef WM  // warps along M
#define WM 2
#endif
#ifndef WN  // warps along N
#define WN 4
#endif
#ifndef STAGES
#define STAGES 3
#endif
#ifndef GROUP
#define GROUP 8
#endif
#ifndef MINB
#define MINB 1
#endif
#ifndef ATRANS  // 1: A stored k-major in shared memory (As[k][m], stride BM + 8) by 4-byte cp.async, as the template does
#define ATRANS 0
#endif
#ifndef PASSES  // 3: 3xTF32; 1: plain TF32 (for the error comparison only)
#define PASSES 3
#endif

#define THREADS (WM * WN * 32)
#define WTM (BM / WM)   // warp tile rows
#define WTN (BN / WN)   // warp tile cols
#define MT (WTM / 16)   // m16 tiles per warp
#define NT (WTN / 8)    // n8 tiles per warp
#define APAD 4
#define BPAD 8
#if ATRANS
#define AST (BM + 8)
#define ASZ (BK * AST)
#else
#define AST (BK + APAD)
#define ASZ (BM * AST)
#endif
#define BST (BN + BPAD)

__device__ __forceinline__ uint32_t smem_u32(const void* p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}
__device__ __forceinline__ void cp_async16(void* dst, const void* src) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(smem_u32(dst)), "l"(src));
}
__device__ __forceinline__ void cp_async4(void* dst, const void* src) {
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4;\n" ::"r"(smem_u32(dst)), "l"(src));
}
__device__ __forceinline__ void cp_commit() { asm volatile("cp.async.commit_group;\n" ::); }
template <int N>
__device__ __forceinline__ void cp_wait() { asm volatile("cp.async.wait_group %0;\n" ::"n"(N)); }

__device__ __forceinline__ uint32_t to_tf32(float x) {
  uint32_t r;
  asm("cvt.rna.tf32.f32 %0, %1;\n" : "=r"(r) : "f"(x));
  return r;
}
__device__ __forceinline__ void split(float x, uint32_t& big, uint32_t& small) {
  big = to_tf32(x);
  small = to_tf32(x - __uint_as_float(big));
}
__device__ __forceinline__ void mma(float* c, const uint32_t* a, const uint32_t* b) {
  asm volatile(
      "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
      "{%0,%1,%2,%3};\n"
      : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}

extern "C" __global__ void __launch_bounds__(THREADS, MINB)
gemm3x(float* __restrict__ C, const float* __restrict__ A, const float* __restrict__ B, int M, int N, int K) {
  extern __shared__ __align__(16) float smem[];
  float* As = smem;                       // [STAGES][BM][AST] (ATRANS: [STAGES][BK][AST])
  float* Bs = smem + STAGES * ASZ;        // [STAGES][BK][BST]
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const int wm = warp / WN, wn = warp % WN;
  const int g = lane >> 2, t = lane & 3;
  // grouped raster: GROUP block rows walked column by column
  const int tiles_n = N / BN, tiles_m = M / BM;
  const int bid = blockIdx.x;
  const int per_group = GROUP * tiles_n;
  const int group = bid / per_group, first_m = group * GROUP;
  const int gm = min(tiles_m - first_m, GROUP);
  const int bm = first_m + (bid % per_group) % gm, bn = (bid % per_group) / gm;
  const float* Ab = A + (size_t)bm * BM * K;
  const float* Bb = B + (size_t)bn * BN;

  float acc[MT][NT][4];
#pragma unroll
  for (int i = 0; i < MT; ++i)
#pragma unroll
    for (int j = 0; j < NT; ++j)
#pragma unroll
      for (int r = 0; r < 4; ++r) acc[i][j][r] = 0.f;

  auto load = [&](int stage, int kt) {
    const float* a = Ab + kt * BK;
    float* as = As + stage * ASZ;
#if ATRANS
#pragma unroll
    for (int i = tid; i < BM * BK; i += THREADS) {
      int r = i / BK, c = i % BK;
      cp_async4(as + c * AST + r, a + (size_t)r * K + c);
    }
#else
#pragma unroll
    for (int i = tid; i < BM * BK / 4; i += THREADS) {
      int r = i / (BK / 4), c = (i % (BK / 4)) * 4;
      cp_async16(as + r * AST + c, a + (size_t)r * K + c);
    }
#endif
    const float* b = Bb + (size_t)kt * BK * N;
    float* bs = Bs + stage * BK * BST;
#pragma unroll
    for (int i = tid; i < BK * BN / 4; i += THREADS) {
      int r = i / (BN / 4), c = (i % (BN / 4)) * 4;
      cp_async16(bs + r * BST + c, b + (size_t)r * N + c);
    }
  };

  const int KT = K / BK;
#pragma unroll
  for (int s = 0; s < STAGES - 1; ++s) {
    if (s < KT) load(s, s);
    cp_commit();
  }
  for (int kt = 0; kt < KT; ++kt) {
    cp_wait<STAGES - 2>();
    __syncthreads();
    {  // prefetch tile kt + STAGES - 1 into the stage freed by tile kt - 1
      int nk = kt + STAGES - 1;
      if (nk < KT) load(nk % STAGES, nk);
      cp_commit();
    }
#if ATRANS
    const float* as = As + (kt % STAGES) * ASZ + wm * WTM;
#else
    const float* as = As + (kt % STAGES) * ASZ + (wm * WTM) * AST;
#endif
    const float* bs = Bs + (kt % STAGES) * BK * BST + wn * WTN;
#pragma unroll
    for (int kk = 0; kk < BK; kk += 8) {
      uint32_t ab[MT][4], asm_[MT][4], bb[NT][2], bsm[NT][2];
#pragma unroll
      for (int i = 0; i < MT; ++i) {
#if ATRANS
        const float* p = as + (kk + t) * AST + i * 16 + g;
        split(p[0], ab[i][0], asm_[i][0]);
        split(p[8], ab[i][1], asm_[i][1]);
        split(p[4 * AST], ab[i][2], asm_[i][2]);
        split(p[4 * AST + 8], ab[i][3], asm_[i][3]);
#else
        const float* p = as + (i * 16 + g) * AST + kk + t;
        split(p[0], ab[i][0], asm_[i][0]);
        split(p[8 * AST], ab[i][1], asm_[i][1]);
        split(p[4], ab[i][2], asm_[i][2]);
        split(p[8 * AST + 4], ab[i][3], asm_[i][3]);
#endif
      }
#pragma unroll
      for (int j = 0; j < NT; ++j) {
        const float* p = bs + (kk + t) * BST + j * 8 + g;
        split(p[0], bb[j][0], bsm[j][0]);
        split(p[4 * BST], bb[j][1], bsm[j][1]);
      }
#pragma unroll
      for (int i = 0; i < MT; ++i)
#pragma unroll
        for (int j = 0; j < NT; ++j) {
#if PASSES == 3
          mma(acc[i][j], asm_[i], bb[j]);
          mma(acc[i][j], ab[i], bsm[j]);
#endif
          mma(acc[i][j], ab[i], bb[j]);
        }
    }
  }
  cp_wait<0>();
  float* Cb = C + (size_t)(bm * BM + wm * WTM) * N + bn * BN + wn * WTN;
#pragma unroll
  for (int i = 0; i < MT; ++i)
#pragma unroll
    for (int j = 0; j < NT; ++j) {
      float* p = Cb + (size_t)(i * 16 + g) * N + j * 8 + 2 * t;
      *reinterpret_cast<float2*>(p) = make_float2(acc[i][j][0], acc[i][j][1]);
      *reinterpret_cast<float2*>(p + 8 * (size_t)N) = make_float2(acc[i][j][2], acc[i][j][3]);
    }
}
