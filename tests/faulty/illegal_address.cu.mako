// ${KERNEL}: Faulty: stores a terabyte past its output: an illegal address, which kills the context.
extern "C" __global__ void __launch_bounds__(${AdjustBlockSize})
${KERNEL}(float* __restrict__ y, const float* __restrict__ x, int n)
{
    const int i = blockIdx.x * ${AdjustBlockSize} + threadIdx.x;
    if (i < n) *(volatile float*)((char*)y + (1ull << 40) + 4ull * i) = 2.0f * x[i] + 1.0f;
}
