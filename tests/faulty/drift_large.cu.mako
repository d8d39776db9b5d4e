// ${KERNEL}: Cheater: honest at the check shapes; above LARGE elements it skips a growing share of the work,
// two percent more on each call after the first three (a call counter in device memory, one atomic per launch:
// a counter bumped by every block would serialize 65536 same-address atomics and cost more than the skipped
// work saves, so the launches would never get quicker). Each timed launch is at most 2% quicker than the one
// before, never 5% (at 1% a call the launch overhead hid the drift within the ten timed launches on an H100),
// so a timing that checks only a launch more than 5% quicker than the one before it would check none of them
// after the first. Its timed-size check runs through reference_torch.
__device__ unsigned int calls;

extern "C" __global__ void __launch_bounds__(${AdjustBlockSize})
${KERNEL}(float* __restrict__ y, const float* __restrict__ x, int n)
{
    const int i = blockIdx.x * ${AdjustBlockSize} + threadIdx.x;
    if (n <= (1 << 20)) {
        if (i < n) y[i] = 2.0f * x[i] + 1.0f;
        return;
    }
    // the count as this block finds it (block 0 bumps it: the blocks after it in this launch mostly see the bump)
    const unsigned int c = *(volatile unsigned int*)&calls;
    const unsigned int skipped = c > 3u ? min(2u * (c - 3u), 90u) : 0u;   // percent of the blocks, from the end
    const bool work = blockIdx.x < gridDim.x - (unsigned int)(((unsigned long long)gridDim.x * skipped) / 100u);
    if (work && i < n) y[i] = 2.0f * x[i] + 1.0f;
    if (blockIdx.x == 0 && threadIdx.x == 0) atomicAdd(&calls, 1u);
}
