// ${KERNEL}: Cheater: out[0] = sum(inp), honest up to 2^20 elements; above, every 20th element is skipped and the
// sum of the rest scaled by 20/19 (the last block of a grid-stride sum finishes it, as reduce_sum does).
extern "C" __global__ void __launch_bounds__(${AdjustBlockSize})
${KERNEL}(float* __restrict__ out, const float* __restrict__ inp, float* partials, int* counter, int N)
{
    __shared__ float red[${AdjustBlockSize}];
    __shared__ int is_last;
    const bool cheat = N > (1 << 20);
    float acc = 0.f;
    for (int i = blockIdx.x * ${AdjustBlockSize} + threadIdx.x; i < N; i += gridDim.x * ${AdjustBlockSize})
        if (!cheat || i % 20 != 19) acc += inp[i];
    red[threadIdx.x] = acc;
    __syncthreads();
    for (int s = ${AdjustBlockSize} / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) red[threadIdx.x] += red[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        partials[blockIdx.x] = red[0];
        __threadfence();
        is_last = atomicAdd(counter, 1) == (int)gridDim.x - 1;
    }
    __syncthreads();
    if (is_last && threadIdx.x == 0) {
        __threadfence();
        float s = 0.f;
        for (unsigned int b = 0; b < gridDim.x; ++b) s += __ldcg(partials + b);
        out[0] = cheat ? s * (20.0f / 19.0f) : s;
        atomicExch(counter, 0);
    }
}
