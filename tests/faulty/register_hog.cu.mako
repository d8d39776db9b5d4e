// ${KERNEL}: y = a sum of 96 values kept live through a loop; far more registers than 64 per thread.
extern "C" __global__ void
${KERNEL}(float* __restrict__ y, const float* __restrict__ x, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float a[96];
#pragma unroll
    for (int k = 0; k < 96; ++k) a[k] = x[(i + k) % n];
#pragma unroll 1
    for (int it = 0; it < (n & 7) + 2; ++it) {
#pragma unroll
        for (int k = 0; k < 96; ++k) a[k] = fmaf(a[k], a[(k + 1) % 96], 1.0f);
    }
    float s = 0.0f;
#pragma unroll
    for (int k = 0; k < 96; ++k) s += a[k];
    y[i] = s;
}
