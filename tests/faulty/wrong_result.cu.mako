// ${KERNEL}: Faulty: computes 2x - 1.
extern "C" __global__ void __launch_bounds__(${AdjustBlockSize})
${KERNEL}(float* __restrict__ y, const float* __restrict__ x, int n)
{
    const int i = blockIdx.x * ${AdjustBlockSize} + threadIdx.x;
    if (i < n) y[i] = 2.0f * x[i] - 1.0f;
}
