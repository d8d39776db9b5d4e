"""File a device call in the repository: the ``session.tar.gz`` that scripts/gpu_session.sh leaves in OUTDIR,
unpacked into a folder such as benchmarks/h200-2026-12-08/call1/ as the stages wrote it (gpu.txt, stages.log, the
GPU tests' log, shapes/, bench/, profile/, ...), each result over 100 KB gzipped (a device call carries the working
tree, at most 64 MiB; bench_tables.read_results reads either name), and CALL.md beside them: the GPU, driver and
clocks as found, the commit and the command, each stage's seconds and exit line, the GPU tests' summary line.

    python benchmarks/dev/file_call.py SESSION.tar.gz benchmarks/h200-2026-12-08/call1 --commit C --command "..."

A call that did not run gpu_session.sh (a probe such as benchmarks/dev/copy_hints.py) leaves plain files under $OUT:
give the folder they came back in (the reply's files_at) instead of the archive, and its files are filed the same way.

The folder must not exist yet (a call is filed once); the session's README (what was asked and why, what it says)
is still written by hand.
"""
from __future__ import annotations

import argparse
import gzip
import re
import shutil
import sys
import tarfile
from pathlib import Path

GZIP_OVER = 100_000   # bytes: results larger than this are stored gzipped (400 KB until 2026-12-07d)


def file_call(tarball: Path, dest: Path, commit: str, command: str) -> Path:
    """Unpack ``tarball`` into ``dest`` (which must not exist), gzip the large results, write CALL.md; its path.
    ``tarball`` may be a folder of plain files instead (a call that did not run gpu_session.sh): they are copied."""
    if dest.exists():
        raise SystemExit(f"{dest}: exists already (a call is filed once)")
    if tarball.is_dir():
        files = [p for p in sorted(tarball.rglob("*")) if p.is_file() and not p.is_symlink()]
        if not files:
            raise SystemExit(f"{tarball}: no files to file")
        for src in files:
            to = dest / src.relative_to(tarball)
            to.parent.mkdir(parents=True, exist_ok=True)
            to.write_bytes(src.read_bytes())   # not copy2: the device's files come back read-only
        return _finish(dest, commit, command)
    try:
        with tarfile.open(tarball) as tar:
            members = [m for m in tar.getmembers() if m.isfile() or m.isdir()]
            dest.mkdir(parents=True)
            tar.extractall(dest, members=members, filter="data")
    except (OSError, EOFError, tarfile.TarError) as exc:   # a truncated gzip raises EOFError
        if dest.exists():
            shutil.rmtree(dest)   # nothing half-filed
        raise SystemExit(f"{tarball}: not a session archive: {exc}") from exc
    return _finish(dest, commit, command)


def _finish(dest: Path, commit: str, command: str) -> Path:
    """Gzip the large results of a filed call and write its CALL.md; CALL.md's path."""
    for path in sorted(dest.rglob("*.json")):
        if path.stat().st_size > GZIP_OVER:
            path.with_name(path.name + ".gz").write_bytes(gzip.compress(path.read_bytes(), mtime=0))
            path.unlink()
    out = dest / "CALL.md"
    out.write_text(summary(dest, commit, command))
    return out


def summary(dest: Path, commit: str, command: str) -> str:
    gpu = (dest / "gpu.txt").read_text().strip().splitlines() if (dest / "gpu.txt").exists() else []
    stages_log = dest / "stages.log"
    stages = re.findall(r"^(\w+) (\d+) s$", stages_log.read_text(), re.M) if stages_log.exists() else []
    lines = [f"# Device call: {dest.parent.name}/{dest.name}", "",
             f"- GPU (nvidia-smi as found): {gpu[-1] if gpu else 'not recorded (gpu.txt missing)'}",
             f"- commit: {commit}", "- command:", "", "      " + command, ""]
    if stages_log.exists():
        lines.append("- stages (seconds): " + (", ".join(f"{name} {sec}" for name, sec in stages)
                                              or "none finished (the call was cut short in its first stage)"))
    else:
        lines.append("- stages: none (the call did not run scripts/gpu_session.sh)")
    for log in sorted(dest.rglob("*.log")):
        text = log.read_text(errors="replace").splitlines()
        rc = [ln for ln in text if re.match(r"^\w+ rc=\d+$", ln)]
        tests = [ln for ln in text if re.search(r"\d+ (passed|failed)", ln)]
        said = tests[-1:] + rc[-1:]   # the last summary line and the last exit line, where the log has them
        if said:
            lines.append(f"- `{log.relative_to(dest)}`: " + "; ".join(s.strip("= ") for s in said))
    for targets in sorted(dest.rglob("TARGETS.txt")):   # issue 17's targets, as the call read them (targets.py)
        last = targets.read_text(errors="replace").strip().splitlines()[-1:]
        lines.append(f"- `{targets.relative_to(dest)}`: " + (last[0] if last else "empty"))
    lines += ["", "Files: " + ", ".join(f"`{p.relative_to(dest)}`" for p in sorted(dest.rglob("*"))
                                        if p.is_file() and p.name != "CALL.md"), ""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("tarball", type=Path, help="the call's session.tar.gz, or the folder of a call's plain files")
    ap.add_argument("dest", type=Path, help="e.g. benchmarks/h200-2026-12-08/call1 (must not exist)")
    ap.add_argument("--commit", required=True, help="the commit the call ran (its EVO_COMMIT)")
    ap.add_argument("--command", required=True, help="the command the call ran")
    args = ap.parse_args(argv)
    try:
        print(file_call(args.tarball, args.dest, args.commit, args.command))
    except SystemExit as exc:   # bad input: one line, status 2, nothing filed
        print(exc, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
