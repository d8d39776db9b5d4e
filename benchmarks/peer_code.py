"""What torch.compile generates for a template's reference at a size, and how fast it runs: the peer's own
kernel beside ours, for the shapes where it wins (issue 17: choose the next transform from a measurement).

    python benchmarks/peer_code.py --out DIR --case stencil:H=131072,W=257 [--case ...] [--device cuda]

For each case: inductor's generated source (Triton kernels with their launch grids and block sizes on a
GPU, C++ on a CPU) as DIR/TEMPLATE_K=V_K=V.py, and on a GPU torch eager's and torch.compile's times
(CUDA events, L2 flushed, float32 inputs drawn as the harness draws them) and the same-size copy in
DIR/peer_code.json. ``STAGES=peercode PEER_CASES="stencil:H=131072,W=257" scripts/gpu_session.sh`` runs it
on the GPU machine.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from bench_kernels import parse_sizes  # noqa: E402
from bench_measure import peer_inputs, peers  # noqa: E402
from evo_kernels.template import load_template  # noqa: E402


def generated(t, problem: dict, device: str) -> list[str]:
    """The source inductor writes for a static compile of the template's reference_torch at ``problem``."""
    import torch
    from torch._inductor.utils import run_and_get_code

    torch._dynamo.reset()
    fn = t.meta.reference_torch
    inputs = peer_inputs(t, problem, device)
    compiled = torch.compile(fn, dynamic=False)
    _, codes = run_and_get_code(compiled, inputs, problem)
    return list(codes)


def kernels_of(code: str) -> list[str]:
    """Names of the Triton kernels (``def triton_...``) or C++ kernels (``cpp_fused_...``) in ``code``."""
    return sorted(set(re.findall(r"def (triton_\w+)\(", code)) | set(re.findall(r"\b(cpp_fused_\w+)\b", code)))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True, type=Path)
    ap.add_argument("--case", action="append", required=True, metavar="TEMPLATE:K=V,K=V")
    ap.add_argument("--device", default="cuda", help="cuda (code and times) or cpu (the code only)")
    a = ap.parse_args(argv)
    try:
        cases = [(name, p) for name, problems in parse_sizes(a.case).items() for p in problems]
    except ValueError as exc:
        print(f"peer_code: {exc}", file=sys.stderr)
        return 2
    a.out.mkdir(parents=True, exist_ok=True)
    results = []
    for name, problem in cases:
        t = load_template(name)
        if not t.torch_reference:
            print(f"peer_code: {name} has no reference_torch: nothing to compile", file=sys.stderr)
            return 2
        tag = f"{name}_" + "_".join(f"{k}={v}" for k, v in problem.items())
        codes = generated(t, problem, a.device)
        (a.out / f"{tag}.py").write_text("\n\n# ---- next graph ----\n\n".join(codes))
        row = {"template": name, "problem": problem, "device": a.device, "code": f"{tag}.py",
               "kernels": sorted({k for c in codes for k in kernels_of(c)})}
        if a.device == "cuda":
            import numpy as np

            times = peers(t, problem)
            row.update({k: float(np.median(v)) if isinstance(v, list) else v for k, v in times.items()})
        results.append(row)
        print(json.dumps(row), flush=True)
    (a.out / "peer_code.json").write_text(json.dumps(results, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
