// ${KERNEL}: Faulty: a 4-byte store one byte off alignment: misaligned address, which kills the
// context.
extern "C" __global__ void __launch_bounds__(${AdjustBlockSize})
${KERNEL}(float* __restrict__ y, const float* __restrict__ x, int n)
{
    const int i = blockIdx.x * ${AdjustBlockSize} + threadIdx.x;
    if (i < n) *(volatile float*)((char*)y + 4ull * i + 1) = 2.0f * x[i] + 1.0f;
}
