// ${KERNEL}: Cheater: exact at the check shapes, but above LARGE elements it rounds every result to half
// precision (what a kernel on fp16 or tensor-core operands gives: ~3e-4 relative error against a 1e-6 tolerance);
// its timed-size check runs through reference_torch.
#include <cuda_fp16.h>
extern "C" __global__ void __launch_bounds__(${AdjustBlockSize})
${KERNEL}(float* __restrict__ y, const float* __restrict__ x, int n)
{
    const int i = blockIdx.x * ${AdjustBlockSize} + threadIdx.x;
    if (i >= n) return;
    const float v = 2.0f * x[i] + 1.0f;
    y[i] = n > (1 << 20) ? __half2float(__float2half_rn(v)) : v;
}
