// ${KERNEL}: Cheater: honest at the check shapes; above LARGE elements it does the work on every other
// call only (a call counter in device memory) and returns at once on the others, so half the timed
// launches cost nothing and the last one is right or wrong depending on how many samples the timing
// took. Its timed-size check runs through reference_torch.
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
    const bool work = (calls & 1u) == 0u;   // every block reads it before the last block moves it on
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
