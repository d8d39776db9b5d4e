"""Is 3xTF32 on tensor cores worth a gene? A standalone prototype (tf32x3_proto.cu, full tiles only) timed
against cuBLAS fp32 SGEMM (torch.matmul, TF32 off) in alternating rounds on fresh N(0, 1) inputs, with the
error of both against a float64 reference (||C - ref|| / ||ref||, the harness's measure; tolerance 1e-4).

    python3 benchmarks/dev/tf32x3_proto.py [--sizes 4096,4096,4096 ...] > OUT/proto.md      # on the GPU machine
"""
from __future__ import annotations

import argparse
import subprocess
import tempfile
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
CONFIGS = [  # BM BN BK WM WN STAGES MINB ATRANS
    (128, 128, 32, 2, 4, 3, 1, 0), (128, 128, 16, 2, 4, 4, 1, 0), (128, 128, 32, 4, 2, 3, 1, 0),
    (128, 256, 16, 2, 4, 3, 1, 0), (256, 128, 16, 4, 2, 3, 1, 0), (64, 128, 32, 2, 2, 3, 2, 0),
    (128, 64, 32, 2, 2, 3, 2, 0), (128, 128, 16, 2, 4, 3, 1, 0),
    (128, 128, 32, 2, 4, 3, 1, 1), (128, 128, 16, 2, 4, 4, 1, 1), (128, 128, 8, 2, 4, 4, 1, 1),
    (128, 128, 16, 2, 4, 3, 2, 1), (64, 128, 16, 2, 2, 4, 2, 1),
]


def build(cfg, passes=3):
    bm, bn, bk, wm, wn, st, minb, at = cfg
    out = Path(tempfile.mkdtemp()) / "k.cubin"
    cmd = ["nvcc", "-arch=sm_90", "-cubin", "-O3", "-Xptxas", "-v", f"-DBM={bm}", f"-DBN={bn}", f"-DBK={bk}",
           f"-DWM={wm}", f"-DWN={wn}", f"-DSTAGES={st}", f"-DMINB={minb}", f"-DPASSES={passes}", f"-DATRANS={at}",
           str(HERE / "tf32x3_proto.cu"), "-o", str(out)]
    r = subprocess.run(cmd, capture_output=True, text=True, check=True)
    regs = [ln for ln in r.stderr.splitlines() if "registers" in ln]
    return out.read_bytes(), regs[-1].strip() if regs else ""


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", nargs="*", default=["4096,4096,4096", "8192,8192,8192", "2048,2048,2048",
                                                    "4096,4096,1024", "1024,8192,8192", "6144,3072,4096"])
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    import pycuda.driver as cuda
    import torch

    torch.backends.cuda.matmul.allow_tf32 = False
    cuda.init()
    ctx = cuda.Device(0).retain_primary_context()
    ctx.push()
    torch.cuda.init()
    print(f"# 3xTF32 prototype on {torch.cuda.get_device_name()} (torch {torch.__version__})\n")
    kernels = {}
    for cfg in CONFIGS:
        try:
            cubin, regs = build(cfg)
        except subprocess.CalledProcessError as exc:
            print(f"- {cfg}: build failed {exc.stderr[-300:]}")
            continue
        mod = cuda.module_from_buffer(cubin)
        f = mod.get_function("gemm3x")
        bm, bn, bk, wm, wn, st, _, at = cfg
        smem = 4 * st * ((bk * (bm + 8)) if at else bm * (bk + 4)) + 4 * st * bk * (bn + 8)
        f.set_attribute(cuda.function_attribute.MAX_DYNAMIC_SHARED_SIZE_BYTES, smem)
        kernels[cfg] = (mod, f, smem, regs)
        print(f"- {cfg}: {regs}, {smem} B smem")
    cub1, _ = build(CONFIGS[0], passes=1)
    mod1 = cuda.module_from_buffer(cub1)
    f1 = mod1.get_function("gemm3x")
    smem0 = kernels[CONFIGS[0]][2]
    f1.set_attribute(cuda.function_attribute.MAX_DYNAMIC_SHARED_SIZE_BYTES, smem0)

    def launch(f, cfg, smem, C, A, B, M, N, K):
        bm, bn, bk, wm, wn, st, _, _ = cfg
        f(np.uintp(C.data_ptr()), np.uintp(A.data_ptr()), np.uintp(B.data_ptr()), np.int32(M), np.int32(N),
          np.int32(K), block=(wm * wn * 32, 1, 1), grid=((M // bm) * (N // bn), 1), shared=smem)

    def timeit(fn, reps):
        fn()
        torch.cuda.synchronize()
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record()
        for _ in range(reps):
            fn()
        e.record()
        torch.cuda.synchronize()
        return s.elapsed_time(e) / reps

    gen = torch.Generator(device="cuda").manual_seed(20261206)
    print("\n| M x N x K | kernel | ms (median of rounds) | TFLOP/s | vs cuBLAS | rel error (cuBLAS's) |")
    print("|---|---|---|---|---|---|")
    for s in args.sizes:
        M, N, K = (int(x) for x in s.split(","))
        A = torch.randn(M, K, device="cuda", generator=gen)
        B = torch.randn(K, N, device="cuda", generator=gen)
        C = torch.empty(M, N, device="cuda")
        ref = A.double() @ B.double()
        nref = ref.norm().item()
        cub = A @ B
        e_cub = (cub.double() - ref).norm().item() / nref
        flops = 2 * M * N * K
        reps = max(3, int(2e12 / flops * 20) // 20 + 3)
        rows = {}
        runs = {"cuBLAS": lambda: torch.matmul(A, B, out=C)}
        for cfg, (mod, f, smem, regs) in kernels.items():
            bm, bn, bk, *_ = cfg
            if M % bm or N % bn or K % bk:
                continue
            runs[str(cfg)] = (lambda f=f, cfg=cfg, smem=smem: launch(f, cfg, smem, C, A, B, M, N, K))
        errs = {"cuBLAS": e_cub}
        for name, fn in runs.items():
            if name == "cuBLAS":
                continue
            C.normal_(generator=gen)
            fn()
            torch.cuda.synchronize()
            errs[name] = (C.double() - ref).norm().item() / nref
        if M % 128 == 0 and N % 128 == 0 and K % 32 == 0:
            C.normal_(generator=gen)
            launch(f1, CONFIGS[0], smem0, C, A, B, M, N, K)
            torch.cuda.synchronize()
            errs["1xTF32 " + str(CONFIGS[0])] = (C.double() - ref).norm().item() / nref
        for _ in range(args.rounds):
            for name, fn in runs.items():
                rows.setdefault(name, []).append(timeit(fn, reps))
        base = float(np.median(rows["cuBLAS"]))
        for name, ts in sorted(rows.items(), key=lambda kv: np.median(kv[1])):
            ms = float(np.median(ts))
            print(f"| {M} x {N} x {K} | {name} | {ms:.4f} | {flops / ms / 1e9:.1f} | {base / ms:.3f}x | "
                  f"{errs[name]:.2e} |")
        for name, e in errs.items():
            if name.startswith("1xTF32"):
                print(f"| {M} x {N} x {K} | {name} (error only) | | | | {e:.2e} |")
        A = B = C = ref = cub = None  # free before the next size
        torch.cuda.empty_cache()
    ctx.pop()


if __name__ == "__main__":
    main()
