// ${KERNEL}: out (C x R) = transpose(inp (R x C)), fp32 row-major.
// Block: TILE x ROWS threads; tile (bx, by) covers input columns bx*TILE.. and rows by*TILE..
<% TILE, ROWS = TileLoops, AdjustBlockSize %>
extern "C" __global__ void __launch_bounds__(${TILE * ROWS})
${KERNEL}(float* __restrict__ out, const float* __restrict__ inp, int R, int C)
{
    const int c0 = blockIdx.x * ${TILE};
    const int r0 = blockIdx.y * ${TILE};
% if UseSharedMemory:
    __shared__ float tile[${TILE}][${TILE + (1 if PadSharedMemory else 0)}];
    ${"#pragma unroll" if UnrollLoop else "#pragma unroll 1"}
    for (int j = threadIdx.y; j < ${TILE}; j += ${ROWS}) {
        const int r = r0 + j, c = c0 + threadIdx.x;
        if (r < R && c < C) tile[j][threadIdx.x] = inp[(size_t)r * C + c];
    }
    __syncthreads();
    ${"#pragma unroll" if UnrollLoop else "#pragma unroll 1"}
    for (int j = threadIdx.y; j < ${TILE}; j += ${ROWS}) {
        const int c = c0 + j, r = r0 + threadIdx.x;   // output row c, column r
        if (r < R && c < C) out[(size_t)c * R + r] = tile[threadIdx.x][j];
    }
% else:
    ${"#pragma unroll" if UnrollLoop else "#pragma unroll 1"}
    for (int j = threadIdx.y; j < ${TILE}; j += ${ROWS}) {
        const int r = r0 + j, c = c0 + threadIdx.x;
        if (r < R && c < C) out[(size_t)c * R + r] = inp[(size_t)r * C + c];
    }
% endif
}
