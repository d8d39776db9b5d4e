// ${KERNEL}: Faulty: reads the neighbouring warp's shared-memory slot without __syncthreads(); whether
// that slot already holds its value or still a stale, time-dependent one varies from launch to launch.
extern "C" __global__ void __launch_bounds__(${AdjustBlockSize})
${KERNEL}(float* __restrict__ y, const float* __restrict__ x, int n)
{
    __shared__ float s[${AdjustBlockSize}];
    volatile float* vs = s;  // volatile: every store and load is emitted, in program order
    const int t = threadIdx.x;
    const int i = blockIdx.x * ${AdjustBlockSize} + threadIdx.x;
    unsigned long long now;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
    vs[t] = (float)(now & 0xFFFFF);  // a stale value that differs between launches
    __nanosleep((unsigned)(((now >> 6) ^ ((t >> 5) * 2654435761u)) & 4095u));  // warps finish in varying order
    vs[t] = i < n ? 2.0f * x[i] + 1.0f : 0.0f;
    // the missing __syncthreads(): the neighbour warp may not have stored its value yet
    const float w = vs[(t + 32) % ${AdjustBlockSize}];
    if (i < n) y[i] = w;
}
