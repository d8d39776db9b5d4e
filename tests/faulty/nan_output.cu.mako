// ${KERNEL}: Faulty: every element is the square root of a negative number.
extern "C" __global__ void __launch_bounds__(${AdjustBlockSize})
${KERNEL}(float* __restrict__ y, const float* __restrict__ x, int n)
{
    const int i = blockIdx.x * ${AdjustBlockSize} + threadIdx.x;
    if (i < n) y[i] = sqrtf(-1.0f - x[i] * x[i]);
}
