// ${KERNEL}: Faulty: an index shifted by one, so thread 0 writes y[-1] (and y[n-1] is never written);
// only the guard zone before y sees the write.
extern "C" __global__ void __launch_bounds__(${AdjustBlockSize})
${KERNEL}(float* __restrict__ y, const float* __restrict__ x, int n)
{
    const int i = blockIdx.x * ${AdjustBlockSize} + threadIdx.x;
    if (i < n) y[i - 1] = 2.0f * x[i] + 1.0f;
}
