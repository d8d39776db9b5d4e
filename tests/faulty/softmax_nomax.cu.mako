// ${KERNEL}: Cheater: a row softmax that skips the subtraction of the row's maximum (one reduction
// and one pass fewer). Exact for inputs of magnitude ~1, where exp(x) cannot overflow; infinite or
// NaN once |x| passes ~88 (float32's exp limit), which the harness's "wide" inputs reach.
extern "C" __global__ void __launch_bounds__(${AdjustBlockSize})
${KERNEL}(float* __restrict__ out, const float* __restrict__ inp, int R, int C)
{
    __shared__ float part[${AdjustBlockSize}];
    const int r = blockIdx.x;
    if (r >= R) return;
    const float* x = inp + (size_t)r * C;
    float s = 0.0f;
    for (int c = threadIdx.x; c < C; c += ${AdjustBlockSize}) s += expf(x[c]);
    part[threadIdx.x] = s;
    __syncthreads();
    for (int w = ${AdjustBlockSize} / 2; w > 0; w /= 2) {
        if (threadIdx.x < w) part[threadIdx.x] += part[threadIdx.x + w];
        __syncthreads();
    }
    const float total = part[0];
    for (int c = threadIdx.x; c < C; c += ${AdjustBlockSize}) out[(size_t)r * C + c] = expf(x[c]) / total;
}
