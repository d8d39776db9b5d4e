// ${KERNEL}: Faulty: right output, but it zeroes its input x as it goes (x is not const);
// its checks run through reference_torch on the GPU.
extern "C" __global__ void __launch_bounds__(${AdjustBlockSize})
${KERNEL}(float* __restrict__ y, float* __restrict__ x, int n)
{
    const int i = blockIdx.x * ${AdjustBlockSize} + threadIdx.x;
    if (i < n) {
        y[i] = 2.0f * x[i] + 1.0f;
        x[i] = 0.0f;
    }
}
