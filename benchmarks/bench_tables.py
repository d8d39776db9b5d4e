"""The tables of benchmarks/bench_kernels.py: RESULTS.md (every template at its benchmark problem
against its peers and the roofline, the alternating rounds, failures and best genomes) and
SHAPES.md (every template at a user's shapes against its peers and both ceilings), from the
results bench_measure.py returns.
"""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import numpy as np

from evo_kernels.records import size_name

FP32_PEAK_TFLOPS = 67.0  # H200 SXM datasheet (the H100's fp32 rate); conv2d's roofline


def read_results(path: str | Path) -> dict:
    """A ``bench_kernels.py`` result (its ``shapes.json``/``bench.json``), plain or gzipped (``.json.gz``: the large
    ones of earlier calls are stored so, to keep the working tree a device call carries small)."""
    path = Path(path)
    if not path.exists() and path.with_name(path.name + ".gz").exists():
        path = path.with_name(path.name + ".gz")
    raw = gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes()
    return json.loads(raw)


def peer_medians(res: dict) -> dict[str, float]:
    """A result's peers' medians (eager, compile, copy): each peer's fastest median of the call (its first
    measurement or any alternating round), the strongest it showed."""
    pe = {k: float(np.median(v)) for k, v in res.get("peers", {}).items() if isinstance(v, list) and v}
    for r in res.get("rounds", []):
        for k in ("eager", "compile"):
            if f"{k}_ms" in r:
                pe[k] = min(pe.get(k, np.inf), r[f"{k}_ms"])
    return pe


def strongest_peer_ms(res: dict) -> float | None:
    """The fastest peer kernel's time (torch eager or torch.compile; the copy is a ceiling, not a peer)."""
    times = [ms for k, ms in peer_medians(res).items() if k != "copy"]
    return min(times) if times else None


def _summary(res: dict) -> tuple[list, dict | None, dict | None, dict[str, float]]:
    """A result's genomes that passed, its baseline row, its fastest row, and its peers' medians (peer_medians)."""
    ok = [r for r in res["rows"] if r["status"] == "ok"]
    base = next((r for r in res["rows"] if r["label"] == "baseline"), None)
    best = min(ok, key=lambda r: r["median_ms"]) if ok else None
    return ok, base, best, peer_medians(res)


def fmt_rate(ms: float, nbytes: int, flops: int) -> str:
    if not ms or not np.isfinite(ms):
        return "-"
    return f"{flops / ms / 1e9:.1f} TFLOP/s" if flops and flops > 4 * nbytes else f"{nbytes / ms / 1e9:.2f} TB/s"


def report(results: list[dict], ceil: dict, meta: dict) -> str:
    lines = [f"# Kernel benchmark on {meta['gpu']}", "",
             f"- date: {meta['date']}; commit: {meta['commit']}; driver: {meta['driver']}; nvcc: {meta['nvcc']}",
             f"- command: `{meta['command']}`",
             f"- ceilings measured in this run: copy {ceil['copy_TBps']:.2f} TB/s (read + write), "
             f"cuBLAS SGEMM {ceil['sgemm_TFLOPs_8192']:.1f} TFLOP/s at 8192^3 (no TF32); fp32 peak "
             f"{FP32_PEAK_TFLOPS} TFLOP/s (datasheet)",
             "- every genome: correctness on the check shapes (NaN-poisoned outputs, float64 reference, two runs "
             "agree) before timing; the last timed output re-checked; L2 flushed between samples", "",
             "| kernel | problem | baseline | best genome | torch eager | torch.compile | best vs strongest peer "
             "| best % of roofline | passed / sampled |", "|---|---|---|---|---|---|---|---|---|"]
    for res in results:
        nb, fl = res["bytes"], res["flops"]
        ok, base, best, pe = _summary(res)
        strongest = min(pe.values()) if pe else float("nan")
        if res["template"] == "sgemm":
            roof_ms = fl / (ceil["sgemm_TFLOPs_8192"] * 1e9)
        elif res["template"] == "conv2d":
            roof_ms = fl / (FP32_PEAK_TFLOPS * 1e9)
        else:
            roof_ms = nb / (ceil["copy_TBps"] * 1e9)
        cell = lambda ms: f"{ms:.3f} ms ({fmt_rate(ms, nb, fl)})" if ms and np.isfinite(ms) else "-"  # noqa: E731
        n_rand = [r for r in res["rows"] if r["label"].startswith("random")]
        lines.append("| {} | {} | {} | {} | {} | {} | {} | {} | {} |".format(
            res["template"], size_name(res["problem"]),
            cell(base["median_ms"]) if base and base["status"] == "ok" else (base or {}).get("status", "-"),
            cell(best["median_ms"]) + f" [{best['label']}, {best['registers']} regs]" if best else "-",
            cell(pe.get("eager")), cell(pe.get("compile")),
            f"{strongest / best['median_ms']:.2f}x" if best and pe else "-",
            f"{100 * roof_ms / best['median_ms']:.0f}%" if best else "-",
            f"{sum(r['status'] == 'ok' for r in n_rand)}/{len(n_rand)}"))
    for res in results:
        if res.get("rounds"):
            lines += ["", f"{res['template']}: the fastest genomes and torch eager re-measured alternately, "
                      f"{len(res['rounds'])} rounds (ratio = eager / kernel):", "",
                      "| genome | " + " | ".join(f"round {r['round']}" for r in res["rounds"]) + " | median ratio |",
                      "|---|" + "---|" * (len(res["rounds"]) + 1)]
            lines.append("| torch eager ms | " + " | ".join(f"{r['eager_ms']:.4f}" for r in res["rounds"]) + " | |")
            for label in res["rounds"][0]["kernels"]:
                ratios, cells = [], []
                for r in res["rounds"]:
                    k = r["kernels"].get(label, {})
                    if k.get("status") == "ok":
                        ratios.append(r["eager_ms"] / k["median_ms"])
                        cells.append(f"{k['median_ms']:.4f} ms ({ratios[-1]:.3f}x)")
                    else:
                        cells.append(k.get("status", "-"))
                lines.append(f"| {label} | " + " | ".join(cells) + f" | {np.median(ratios):.3f}x |" if ratios
                             else f"| {label} | " + " | ".join(cells) + " | - |")
    lines += ["", "Failures among the sampled genomes (status: count):", ""]
    for res in results:
        counts: dict[str, int] = {}
        for r in res["rows"]:
            counts[r["status"]] = counts.get(r["status"], 0) + 1
        lines.append(f"- {res['template']}: " + ", ".join(f"{k}: {v}" for k, v in sorted(counts.items())))
    lines += ["", "Best genomes:", ""]
    for res in results:
        ok = [r for r in res["rows"] if r["status"] == "ok"]
        if ok:
            b = min(ok, key=lambda r: r["median_ms"])
            lines.append(f"- {res['template']}: `{json.dumps(b['genome'])}` ({b['registers']} regs, "
                         f"{b['spill_bytes']} B spill, {b['smem_bytes']} B smem, CV {b['cv']:.3f})")
    return "\n".join(lines) + "\n"


def report_shapes(results: list[dict], ceil: dict, meta: dict, l2_bytes: int) -> str:
    """The second table: each kernel at each asked size, against its peers and both ceilings."""
    lines = [f"# Kernels at a user's shapes on {meta['gpu']}", "",
             f"- date: {meta['date']}; commit: {meta['commit']}; driver: {meta['driver']}; nvcc: {meta['nvcc']}",
             f"- command: `{meta['command']}`",
             f"- ceilings measured in this call: copy {ceil['copy_TBps']:.2f} TB/s (read + write), cuBLAS SGEMM "
             f"{ceil['sgemm_TFLOPs_8192']:.1f} TFLOP/s at 8192^3 (no TF32); fp32 peak {FP32_PEAK_TFLOPS} TFLOP/s "
             f"(datasheet); L2 {l2_bytes / 2**20:.0f} MiB",
             "- best: the fastest of baseline, FAST_GENOME, extras, the random sample and the hill climb at that size, "
             "each through the correctness protocol (check shapes, then the timed size re-checked)", "",
             "- % copy bw: against the large-copy ceiling above; % same-size copy: against a device copy of the "
             "kernel's bytes timed in this call (the roofline at that size)",
             "- torch eager, torch.compile: each peer's fastest median in this call (its first measurement or an "
             "alternating round)", "",
             "| kernel | problem | data MiB | baseline | best | torch eager | torch.compile | vs compile | vs eager "
             "| % copy bw | % same-size copy | % fp32 peak | passed |", "|---" * 13 + "|"]
    for res in results:
        nb, fl = res["bytes"], res["flops"]
        ok, base, best, pe = _summary(res)
        ms = lambda v: f"{v:.4f} ms" if v and np.isfinite(v) else "-"  # noqa: E731
        ratio = lambda k: f"{pe[k] / best['median_ms']:.2f}x" if best and k in pe else "-"  # noqa: E731
        lines.append("| {} | {} | {:.0f}{} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {}/{} |".format(
            res["template"], "x".join(f"{k}={v}" for k, v in res["problem"].items()), nb / 2**20,
            " (> L2)" if nb > l2_bytes else "",
            ms(base["median_ms"]) if base and base["status"] == "ok" else (base or {}).get("status", "-"),
            f"{ms(best['median_ms'])} [{best['label']}]" if best else "-",
            ms(pe.get("eager")), ms(pe.get("compile")), ratio("compile"), ratio("eager"),
            f"{100 * nb / (ceil['copy_TBps'] * 1e9) / best['median_ms']:.0f}%" if best else "-",
            f"{100 * pe['copy'] / best['median_ms']:.0f}%" if best and "copy" in pe else "-",
            f"{100 * fl / (FP32_PEAK_TFLOPS * 1e9) / best['median_ms']:.1f}%" if best and fl else "-",
            len(ok), len(res["rows"])))
    lines += ["", "Best genome per shape:", ""]
    for res in results:
        ok = [r for r in res["rows"] if r["status"] == "ok"]
        if ok:
            b = min(ok, key=lambda r: r["median_ms"])
            lines.append(f"- {res['template']} {res['problem']}: `{json.dumps(b['genome'])}` ({b['registers']} regs, "
                         f"{b['spill_bytes']} B spill, CV {b['cv']:.3f})")
        bad = {}
        for r in res["rows"]:
            if r["status"] != "ok":
                bad[r["status"]] = bad.get(r["status"], 0) + 1
        if bad:
            lines.append(f"  - not ok: {bad}")
    for res in results:
        if res.get("rounds"):
            lines += ["", f"{res['template']} {res['problem']}, alternating rounds (eager / kernel): " + "; ".join(
                f"round {r['round']}: eager {r['eager_ms']:.4f} ms, "
                + (f"compile {r['compile_ms']:.4f} ms, " if "compile_ms" in r else "") + ", ".join(
                    f"{k} {v['median_ms']:.4f} ms ({r['eager_ms'] / v['median_ms']:.3f}x"
                    + (f", {r['compile_ms'] / v['median_ms']:.3f}x compile)" if "compile_ms" in r else ")")
                    for k, v in r["kernels"].items() if v["status"] == "ok") for r in res["rounds"])]
    return "\n".join(lines) + "\n"
