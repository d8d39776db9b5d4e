// ${KERNEL}: Faulty: no bounds check, so the last block writes y[i] for i >= n (and reads x there);
// the allocator's rounding keeps it from faulting: only the guard zone after y sees it.
extern "C" __global__ void __launch_bounds__(${AdjustBlockSize})
${KERNEL}(float* __restrict__ y, const float* __restrict__ x, int n)
{
    const int i = blockIdx.x * ${AdjustBlockSize} + threadIdx.x;
    y[i] = 2.0f * x[i] + 1.0f;
}
