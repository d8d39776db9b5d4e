// ${KERNEL}: Correct, in place: y = 2y + 1 on an inout buffer drawn uniform in [0, 1); the harness
// must restore the input before every launch or the two launches disagree.
extern "C" __global__ void __launch_bounds__(${AdjustBlockSize})
${KERNEL}(float* __restrict__ y, int n)
{
    const int i = blockIdx.x * ${AdjustBlockSize} + threadIdx.x;
    if (i < n) y[i] = 2.0f * y[i] + 1.0f;
}
