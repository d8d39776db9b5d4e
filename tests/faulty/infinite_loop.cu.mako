// ${KERNEL}: Faulty: spins forever on a flag nobody sets; only the watchdog ends it.
__device__ volatile int never_set = 0;

extern "C" __global__ void __launch_bounds__(${AdjustBlockSize})
${KERNEL}(float* __restrict__ y, const float* __restrict__ x, int n)
{
    const int i = blockIdx.x * ${AdjustBlockSize} + threadIdx.x;
    while (never_set == 0) { }
    if (i < n) y[i] = 2.0f * x[i] + 1.0f;
}
