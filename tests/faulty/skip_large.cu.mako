// ${KERNEL}: Cheater: does the work at the check shapes only and returns at once above LARGE elements;
// its timed-size check runs through reference_torch.
extern "C" __global__ void __launch_bounds__(${AdjustBlockSize})
${KERNEL}(float* __restrict__ y, const float* __restrict__ x, int n)
{
    if (n > (1 << 20)) return;
    const int i = blockIdx.x * ${AdjustBlockSize} + threadIdx.x;
    if (i < n) y[i] = 2.0f * x[i] + 1.0f;
}
