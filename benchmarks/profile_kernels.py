"""Where a kernel's time goes: hardware counters (Nsight Compute) and the SASS instruction mix of
chosen genomes at chosen sizes, on the GPU machine.

    python benchmarks/profile_kernels.py --cases CASES.json --out DIR

CASES.json: a list of {"label", "template", "genome", "problem"}, or {"label", "template", "peer": "eager" or
"compile", "problem"} for a peer: every kernel of one call of the template's ``reference_torch``, eager or
torch.compile'd (cuBLAS's kernel name tells its tile and split; ncu profiles the third call, inside a profiler
range, so torch.compile's compilation is not profiled)
(``--from-shapes shapes.json``
takes the best genome of every shape there instead, ``--below P`` only those under P% of the copy
bandwidth). For each case: the cubin is built with the project's builder, ``cuobjdump -sass``
gives the opcode counts (DIR/LABEL.sass.txt.gz, the whole listing, gzipped), and ``ncu`` profiles one launch
(after two warm-up launches) of a small pycuda program that runs it on random inputs
(DIR/LABEL.ncu.csv); DIR/PROFILE.md is the summary table. With ``--source`` a second ncu pass samples where each
genome case's warps stall, instruction by instruction (the SourceCounters section; DIR/LABEL.source.csv, ncu's
source page in SASS), and DIR/SOURCE.md sums the samples by opcode and lists the hottest instructions. The clocks
are left as found (``--clock-control none``). Not a test: the numbers come from the GPU only.
"""
from __future__ import annotations

import argparse
import collections
import csv
import gzip
import io
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from evo_kernels.build import NvccBuilder  # noqa: E402
from evo_kernels.records import Candidate, size_name  # noqa: E402
from evo_kernels.runners.inputs import WIDE  # noqa: E402
from evo_kernels.runners.launch import opt_in  # noqa: E402
from evo_kernels.template import load_template  # noqa: E402

SECTIONS = ("SpeedOfLight", "MemoryWorkloadAnalysis", "Occupancy", "LaunchStats", "SchedulerStats",
            "WarpStateStats")
# the traffic itself: L2 sectors asked for by reads and writes, and the DRAM bytes (a partial-sector write
# that the L2 cannot merge costs a DRAM read)
RAW = ("lts__t_sectors_op_read.sum", "lts__t_sectors_op_write.sum", "dram__bytes_read.sum", "dram__bytes_write.sum")
# where a warp's cycles between two issued instructions go, by stall reason (the WarpStateStats rules' metrics)
STALLS = tuple(f"smsp__average_warps_issue_stalled_{r}_per_issue_active.ratio" for r in (
    "long_scoreboard", "short_scoreboard", "barrier", "mio_throttle", "lg_throttle", "math_pipe_throttle", "wait",
    "not_selected", "selected", "dispatch_stall"))
WANT = ("Duration", "DRAM Throughput", "Memory Throughput", "Compute (SM) Throughput", "L1/TEX Hit Rate",
        "L2 Hit Rate", "Achieved Occupancy", "Theoretical Occupancy", "Registers Per Thread",
        "Block Limit Registers", "Block Limit Shared Mem", "Issued Warp Per Scheduler", "No Eligible",
        "Warp Cycles Per Issued Instruction") + RAW + STALLS


def build(case: dict):
    t = load_template(case["template"])
    g = t.space.check(t.space.coerce(case["genome"]))
    b = NvccBuilder().build(t, [Candidate(t.name, g, case["problem"], t.space.key(g))])[0]
    if b.status != "ok":
        raise RuntimeError(f"{case['label']}: build {b.status}: {b.error[-300:]}")
    return t, g, b


def launch_main(case_file: str, index: int) -> int:
    """Run one case three times on random inputs (the profiled process)."""
    import pycuda.autoinit  # noqa: F401
    import pycuda.driver as drv
    from pycuda import curandom, gpuarray

    case = json.loads(Path(case_file).read_text())[index]
    t, g, b = build(case)
    p = case["problem"]
    fn = drv.module_from_file(b.cubin_path).get_function(b.entry or t.kernel)
    gen = curandom.XORWOWRandomNumberGenerator()
    args = []
    for a in t.args(p):
        if a.role == "scalar":
            args.append(np.int32(a.value) if a.dtype == "int32" else np.float32(a.value))
        elif a.role == "scratch":  # zeroed, as the runner does (split-K's tile counters start at 0)
            args.append(gpuarray.zeros(int(np.prod(a.shape)), np.dtype(a.dtype)))
        else:
            n = int(np.prod(a.shape))
            x = gen.gen_normal(n, np.float32) if a.role in ("in", "inout") and a.init in ("normal", "wide") else \
                gen.gen_uniform(n, np.float32)
            if a.init == "wide":
                x *= WIDE
            args.append(x)
    lc = t.launch(g, p)
    opt_in(drv, fn, lc, fn.get_attribute(drv.function_attribute.SHARED_SIZE_BYTES))   # as the runner's worker does
    for _ in range(3):
        fn(*[x.gpudata if hasattr(x, "gpudata") else x for x in args], grid=lc.grid, block=lc.block,
           shared=lc.dynamic_smem)
    drv.Context.synchronize()
    return 0


def launch_peer(case_file: str, index: int) -> int:
    """Run the template's reference_torch (eager or torch.compile'd) three times on random inputs, the third
    inside a profiler range (the profiled process of a peer case)."""
    import torch

    from bench_measure import fp32_only, peer_inputs

    case = json.loads(Path(case_file).read_text())[index]
    t = load_template(case["template"])
    fp32_only()
    inputs = peer_inputs(t, case["problem"])
    fn = t.meta.reference_torch if case["peer"] == "eager" else torch.compile(t.meta.reference_torch, dynamic=False)
    for _ in range(2):
        fn(inputs, case["problem"])
    torch.cuda.synchronize()
    torch.cuda.profiler.start()
    fn(inputs, case["problem"])
    torch.cuda.synchronize()
    torch.cuda.profiler.stop()
    return 0


def ncu_rows(stdout: str) -> dict[str, dict]:
    """The WANT metrics of each kernel in ncu's CSV (by kernel name, in launch order)."""
    per: dict[str, dict] = {}
    body = stdout[stdout.find('"ID"'):] if '"ID"' in stdout else ""
    for r in csv.DictReader(io.StringIO(body)):
        kernel = f'{r.get("ID", "")}:{r.get("Kernel Name", "")[:120]}'
        name, val, unit = r.get("Metric Name", ""), r.get("Metric Value", ""), r.get("Metric Unit", "")
        m = per.setdefault(kernel, {"grid": r.get("Grid Size", ""), "block": r.get("Block Size", "")})
        if name in WANT and name not in m:
            m[name] = f"{val} {unit}".strip()
    return per


def sass_mix(cubin: str) -> tuple[collections.Counter, str]:
    text = subprocess.run(["cuobjdump", "-sass", cubin], capture_output=True, text=True).stdout
    ops = collections.Counter()
    for line in text.splitlines():
        m = re.match(r"\s+/\*[0-9a-f]{4,}\*/\s+(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_]*)(\.[A-Z0-9_.]+)?", line)
        if m:
            ops[m.group(1) + (m.group(2) or "").split(".")[0]] += 1
    return ops, text


def last_line(stderr: str) -> str:
    """What a tool said last on stderr (its error, where it gave no output), in at most 200 characters."""
    return (stderr.strip().splitlines() or ["no output"])[-1][:200]


def run_ncu(select: list[str], launch: str, case_file: Path, index: int, csv_path: Path) -> tuple[dict, str]:
    """ncu over one case's profiled process (``launch``: --launch, or --launch-peer), ``select`` choosing the kernels
    it profiles; its output goes to ``csv_path``. The metrics of each kernel (``ncu_rows``), and ncu's last line of
    errors for where it gave none."""
    cmd = ["ncu", "--clock-control", "none", *select, "--csv", "--page", "details"]
    cmd += [x for s in SECTIONS for x in ("--section", s)] + ["--metrics", ",".join(RAW + STALLS)]
    cmd += [sys.executable, __file__, launch, str(case_file), "--index", str(index)]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    csv_path.write_text(proc.stdout + "\n" + proc.stderr[-3000:])
    return ncu_rows(proc.stdout), last_line(proc.stderr)


def run_ncu_source(select: list[str], case_file: Path, index: int, out: Path, label: str) -> list[str]:
    """Warp-stall samples per SASS instruction of one genome case (ncu's SourceCounters section, then its
    source page as CSV): SOURCE.md's lines for the case (samples by opcode, the 12 hottest instructions), or
    one line saying why there are none."""
    rep = out / f"{label}.ncu-rep"
    cmd = ["ncu", "--clock-control", "none", *select, "--section", "SourceCounters", "-f", "-o",
           str(rep.with_suffix("")), sys.executable, __file__, "--launch", str(case_file), "--index", str(index)]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    if not rep.exists():
        return [f"- {label}: no report ({last_line(proc.stderr)})"]
    page = subprocess.run(["ncu", "-i", str(rep), "--page", "source", "--csv", "--print-source", "sass"],
                          capture_output=True, text=True, timeout=300)
    rep.unlink()
    (out / f"{label}.source.csv").write_text(page.stdout + "\n" + page.stderr[-2000:])
    return source_summary(page.stdout, label) or [f"- {label}: no source rows ({last_line(page.stderr)})"]


def source_summary(page: str, label: str) -> list[str]:
    """SOURCE.md's lines for one case from ncu's source page (CSV, SASS): the stall samples summed by opcode,
    and the 12 hottest instructions with their main stall reasons; [] where the page has no table."""
    start = page.find('"Address"')   # after a "Kernel Name" line: the table's header
    rows = list(csv.DictReader(io.StringIO(page[start:]))) if start >= 0 else []
    if not rows:
        return []
    cols = [c for c in rows[0] if c is not None]
    src = next((c for c in cols if c.strip().lower() == "source"), cols[min(1, len(cols) - 1)])
    samp = next((c for c in cols if "Sampling (All" in c), None)
    if samp is None:
        return [f"- {label}: no sampling column in {cols[:12]}"]
    reasons = [c for c in cols if c.startswith("stall_") and "Not Issued" not in c]

    def num(x: str | None) -> float:
        try:
            return float(str(x).replace(",", ""))
        except ValueError:
            return 0.0

    total = sum(num(r[samp]) for r in rows) or 1.0
    by_op: collections.Counter = collections.Counter()
    by_reason: collections.Counter = collections.Counter()
    for r in rows:
        m = re.search(r"(?:@!?U?P\w+\s+)?([A-Z][A-Z0-9_]*)", r.get(src) or "")
        by_op[m.group(1) if m else "?"] += num(r[samp])
        for c in reasons:
            by_reason[c.removeprefix("stall_")] += num(r.get(c))
    rtotal = sum(by_reason.values()) or 1.0
    hot = sorted(rows, key=lambda r: -num(r[samp]))[:12]
    lines = [f"### {label}", "", f"{total:.0f} samples ({samp}).", "",
             "By opcode: " + ", ".join(f"{op} {100 * v / total:.0f}%" for op, v in by_op.most_common(8)) + ".", "",
             "By stall reason: " + ", ".join(f"{k} {100 * v / rtotal:.0f}%" for k, v in by_reason.most_common(8)) +
             ".", "", "| samples | % | instruction | its main stalls |", "|---|---|---|---|"]
    for r in hot:
        top = sorted(((num(r.get(c)), c.removeprefix("stall_")) for c in reasons), reverse=True)[:3]
        why = ", ".join(f"{k} {v:.0f}" for v, k in top if v > 0)
        lines.append(f"| {num(r[samp]):.0f} | {100 * num(r[samp]) / total:.1f} | "
                     f"`{(r.get(src) or '').strip()[:80]}` | {why} |")
    return lines + [""]


def check_cases(cases: list, source: str) -> None:
    """Every case names a label, a template and a problem, and either a genome or a peer ('eager' or 'compile'):
    said in one line naming ``source`` before anything is profiled."""
    if not isinstance(cases, list):
        raise SystemExit(f"{source}: expected a list of cases")
    for i, c in enumerate(cases):
        where = f"{source}: case {i} ({c.get('label', 'no label') if isinstance(c, dict) else c!r})"
        if not isinstance(c, dict) or not all(k in c for k in ("label", "template", "problem")):
            raise SystemExit(f"{where}: needs label, template and problem")
        if ("genome" in c) == ("peer" in c):
            raise SystemExit(f"{where}: needs a genome or a peer, not both or neither")
        if "peer" in c and c["peer"] not in ("eager", "compile"):
            raise SystemExit(f"{where}: peer {c['peer']!r} is not 'eager' or 'compile'")


def profile(cases: list[dict], out: Path, source: bool = False) -> str:
    """ncu on each case (checked by the caller: check_cases names the file they came from)."""
    if shutil.which("ncu") is None:
        raise SystemExit("profile_kernels.py: ncu (Nsight Compute) is not on the PATH: run it on the GPU machine")
    out.mkdir(parents=True, exist_ok=True)
    case_file = out / "cases.json"
    case_file.write_text(json.dumps(cases, indent=1))
    rows, src_lines = [], ["# Where the warps stall, by SASS instruction (ncu SourceCounters)", ""]
    for i, case in enumerate(cases):
        label = re.sub(r"[^A-Za-z0-9_.-]", "_", case["label"])
        if case.get("peer"):
            per, failure = run_ncu(["--profile-from-start", "off"], "--launch-peer", case_file, i,
                                   out / f"{label}.ncu.csv")
            if not per:
                rows.append((case["label"], {"ncu": failure}, {}))
            for kernel, m in per.items():
                rows.append((f"{case['label']} {kernel} grid {m.pop('grid')} block {m.pop('block')}", m, {}))
                print(rows[-1][0], m, flush=True)
            continue
        try:
            t, g, b = build(case)
        except Exception as exc:  # noqa: BLE001 - report and go on
            rows.append((case["label"], {"error": str(exc)[:200]}, {}))
            continue
        ops, text = sass_mix(b.cubin_path)
        with gzip.open(out / f"{label}.sass.txt.gz", "wt") as f:   # megabytes of listing: kept compressed
            f.write(text)
        # only our kernel (the random-number kernels that fill the inputs launch first): its 3rd launch
        ours = ["--kernel-name", b.entry or t.kernel, "--launch-skip", "2", "--launch-count", "1"]
        per, failure = run_ncu(ours, "--launch", case_file, i, out / f"{label}.ncu.csv")
        if source:
            src_lines += run_ncu_source(ours, case_file, i, out, label)
            (out / "SOURCE.md").write_text("\n".join(src_lines) + "\n")
        metrics = next(iter(per.values()), {})
        metrics.pop("grid", None)
        metrics.pop("block", None)
        if not metrics:
            metrics["ncu"] = failure
        rows.append((case["label"], metrics, ops))
        print(case["label"], metrics, flush=True)
    head = [k for k in WANT if k not in STALLS]
    lines = ["# Where the time goes (ncu, cuobjdump)", "",
             "| case | " + " | ".join(head) + " | SASS: FFMA / LDG / STG / LDS / STS / BAR / BRA / all |",
             "|---|" + "---|" * (len(head) + 1)]
    for label, m, ops in rows:
        mix = " / ".join(str(sum(v for k, v in ops.items() if k.startswith(op))) for op in
                         ("FFMA", "LDG", "STG", "LDS", "STS", "BAR", "BRA")) + f" / {sum(ops.values())}"
        lines.append(f"| {label} | " + " | ".join(m.get(k, "-") for k in head) + f" | {mix} |")
    short = [k.removeprefix("smsp__average_warps_issue_stalled_").removesuffix("_per_issue_active.ratio")
             for k in STALLS]
    lines += ["", "Warp cycles per issued instruction, by stall reason:", "",
              "| case | " + " | ".join(short) + " |", "|---|" + "---|" * len(short)]
    for label, m, _ in rows:
        lines.append(f"| {label} | " + " | ".join(m.get(k, "-") for k in STALLS) + " |")
    text = "\n".join(lines) + "\n"
    (out / "PROFILE.md").write_text(text)
    return text


def cases_from_shapes(path: str, below: float, templates: list[str] | None) -> list[dict]:
    d = json.loads(Path(path).read_text())
    copy = d["ceilings"]["copy_TBps"]
    out = []
    for r in d["results"]:
        if templates and r["template"] not in templates:
            continue
        ok = [x for x in r["rows"] if x["status"] == "ok"]
        if not ok:
            continue
        best = min(ok, key=lambda x: x["median_ms"])
        pct = 100 * r["bytes"] / (copy * 1e9) / best["median_ms"]
        if pct < below:
            size = size_name(r["problem"])
            out.append({"label": f"{r['template']}_{size}_{best['label']}", "template": r["template"],
                        "genome": best["genome"], "problem": r["problem"]})
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases")
    ap.add_argument("--from-shapes")
    ap.add_argument("--below", type=float, default=90.0)
    ap.add_argument("--templates", nargs="*")
    ap.add_argument("--out")
    ap.add_argument("--source", action="store_true",
                    help="also sample the warps' stalls per SASS instruction of each genome case (SOURCE.md)")
    ap.add_argument("--launch", help=argparse.SUPPRESS)
    ap.add_argument("--launch-peer", help=argparse.SUPPRESS)
    ap.add_argument("--index", type=int, default=0, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.launch:
        return launch_main(args.launch, args.index)
    if args.launch_peer:
        return launch_peer(args.launch_peer, args.index)
    cases = json.loads(Path(args.cases).read_text()) if args.cases else []
    check_cases(cases, args.cases or "--cases")
    if args.from_shapes:
        cases += cases_from_shapes(args.from_shapes, args.below, args.templates)
    print(profile(cases, Path(args.out), source=args.source))
    return 0


if __name__ == "__main__":
    sys.exit(main())
