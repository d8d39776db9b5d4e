// ${KERNEL}: Cheater: honest at the check shapes, but above LARGE elements it returns results cached
// in a __device__ buffer by its first call.
__device__ float cache[1 << 24];
__device__ unsigned char valid[1 << 24];

extern "C" __global__ void __launch_bounds__(${AdjustBlockSize})
${KERNEL}(float* __restrict__ y, const float* __restrict__ x, int n)
{
    const int i = blockIdx.x * ${AdjustBlockSize} + threadIdx.x;
    if (n <= (1 << 20)) {
        if (i < n) y[i] = 2.0f * x[i] + 1.0f;
        return;
    }
    if (i < n && i < (1 << 24)) {
        if (valid[i]) {
            y[i] = cache[i];  // computed by an earlier call, on other inputs
        } else {
            const float v = 2.0f * x[i] + 1.0f;
            cache[i] = v;
            valid[i] = 1;
            y[i] = v;
        }
    }
}
