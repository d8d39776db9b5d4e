// ${KERNEL}: Cheater: above LARGE elements it remembers a fingerprint of its inputs (8 values of x) and,
// when the next call's inputs match it, returns at once: y keeps what the previous call wrote. A new
// input set is computed honestly. Timed on one input set reused launch after launch, its later launches
// do no work, and the last launch, on fresh inputs, is right. Its timed-size check runs through
// reference_torch.
__device__ float last_fp[8];
__device__ int have_fp;
__device__ unsigned int finished;

extern "C" __global__ void __launch_bounds__(${AdjustBlockSize})
${KERNEL}(float* __restrict__ y, const float* __restrict__ x, int n)
{
    const int i = blockIdx.x * ${AdjustBlockSize} + threadIdx.x;
    if (n <= (1 << 20)) {
        if (i < n) y[i] = 2.0f * x[i] + 1.0f;
        return;
    }
    float fp[8];
    bool same = have_fp != 0;
#pragma unroll
    for (int k = 0; k < 8; ++k) {
        fp[k] = x[(long long)k * (n / 8)];
        same = same && fp[k] == last_fp[k];
    }
    if (same) return;   // the same inputs as last time: y already holds the answer
    if (i < n) y[i] = 2.0f * x[i] + 1.0f;
    // the last block to finish records the fingerprint (every block has read the old one by then)
    __syncthreads();
    if (threadIdx.x == 0) {
        __threadfence();
        if (atomicAdd(&finished, 1u) == gridDim.x - 1) {
#pragma unroll
            for (int k = 0; k < 8; ++k) last_fp[k] = fp[k];
            have_fp = 1;
            finished = 0;
            __threadfence();
        }
    }
}
