// ${KERNEL}: Cheater: honest at the check shapes; above LARGE elements it skips a growing share of the work,
// one percent more on each call after the first three (a call counter in device memory): each timed launch
// is about 1% quicker than the one before, never 5%, so a timing that checks only the launches more than 5%
// quicker than all earlier ones checks none of them after the first. Its timed-size check runs through
// reference_torch.
__device__ unsigned int calls;
__device__ unsigned int finished;

extern "C" __global__ void __launch_bounds__(${AdjustBlockSize})
${KERNEL}(float* __restrict__ y, const float* __restrict__ x, int n)
{
    const int i = blockIdx.x * ${AdjustBlockSize} + threadIdx.x;
    if (n <= (1 << 20)) {
        if (i < n) y[i] = 2.0f * x[i] + 1.0f;
        return;
    }
    const unsigned int skipped = calls > 3u ? min(calls - 3u, 90u) : 0u;   // percent of the blocks, from the end
    const bool work = blockIdx.x < gridDim.x - (unsigned int)(((unsigned long long)gridDim.x * skipped) / 100u);
    if (work && i < n) y[i] = 2.0f * x[i] + 1.0f;
    __syncthreads();
    if (threadIdx.x == 0) {
        __threadfence();
        if (atomicAdd(&finished, 1u) == gridDim.x - 1) {
            calls += 1;
            finished = 0;
            __threadfence();
        }
    }
}
