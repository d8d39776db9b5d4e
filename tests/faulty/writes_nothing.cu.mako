// ${KERNEL}: Cheater: writes nothing, so every output element keeps its NaN poison.
extern "C" __global__ void __launch_bounds__(${AdjustBlockSize})
${KERNEL}(float* __restrict__ y, const float* __restrict__ x, int n)
{
    (void)y; (void)x; (void)n;
}
