"""Move a recording to its template's current hash where, and only where, that changes no kernel.

A recording stores the hash of the template it was measured with; replays and the tests refuse a
recording at another hash. When a template gains a gene that is off in every recorded genome, or a
change touches code those genomes do not render, the recorded measurements are still of today's
kernels. This checks exactly that: it finds the commit whose template has the recording's hash,
renders every recorded genome with that template and with today's (genes the recording lacks at
today's baseline values) and compares the CUDA sources byte for byte. Only if all are identical does
it write the recording with today's hash and a ``rehashed`` note (from, to, date, the commit, how
many genomes were compared, why). Otherwise it names the first genome whose source differs and
writes nothing: then the recording must be measured again on the GPU. With ``--drop-changed`` the genomes
whose source differs are left out instead (the recording keeps the measurements that are of today's kernels,
and says how many it dropped and why); the baseline genome must be one that is unchanged.

    python3 benchmarks/dev/rehash_recording.py benchmarks/spaces/stencil_subspace_H200.json.gz \
        --why "the skewed shared tile (TileLoops_Skew) is pinned off in this sub-space"
"""
from __future__ import annotations

import argparse
import datetime
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from evo_kernels.runners.replay import ReplayError, read_recording, write_recording_doc  # noqa: E402
from evo_kernels.template import load_template  # noqa: E402


def _git(root: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=root, check=True, capture_output=True, text=True).stdout


def template_of_commit(root: Path, name: str, commit: str, dest: Path):
    """The template ``name`` as it was at ``commit`` of the repository ``root``, its two files written into
    ``dest`` (raises CalledProcessError where the commit lacks them)."""
    dest.mkdir(parents=True, exist_ok=True)
    for suffix in (".py", ".cu.mako"):
        (dest / f"{name}{suffix}").write_text(_git(root, "show", f"{commit}:templates/{name}{suffix}"))
    return load_template(str(dest / f"{name}.py"))


def template_at(root: Path, name: str, want_hash: str, tmp: Path):
    """(commit, template) of the newest commit of ``root`` whose template ``name`` has ``want_hash``."""
    files = [f"templates/{name}.py", f"templates/{name}.cu.mako"]
    for commit in _git(root, "log", "--format=%H", "--", *files).split():
        try:
            t = template_of_commit(root, name, commit, tmp / commit[:10])
        except subprocess.CalledProcessError:
            continue
        if t.hash == want_hash:
            return commit, t
    raise SystemExit(f"no commit of templates/{name}.* has the hash {want_hash}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("recording", type=Path)
    ap.add_argument("--why", required=True, help="what changed in the template since, in a sentence")
    ap.add_argument("--drop-changed", action="store_true",
                    help="leave out the genomes whose source changed instead of refusing (a smaller sample)")
    ap.add_argument("--root", type=Path, default=ROOT,
                    help="the git repository whose templates/ holds the template (default: this project)")
    args = ap.parse_args(argv)
    try:
        doc = read_recording(args.recording)   # checked: one line naming the file where it is not a recording
    except ReplayError as exc:
        print(exc, file=sys.stderr)
        return 2
    name, old_hash = doc["template"], doc["template_hash"]
    new = load_template(str(args.root / "templates" / f"{name}.py"))
    if old_hash == new.hash:
        print(f"{args.recording}: already at {name}'s current hash {new.hash}")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        commit, old = template_at(args.root, name, old_hash, Path(tmp))
        base = new.space.baseline()
        changed = []
        for i, e in enumerate(doc["entries"]):
            g = e["genome"]
            if old.render(dict(g)) != new.render({**base, **g}):
                if not args.drop_changed:
                    print(f"{args.recording}: entry {i} renders differently under today's {name} template: {g}; "
                          "not rehashed (measure it again, or --drop-changed)", file=sys.stderr)
                    return 1
                changed.append(i)
        if old.render(dict(doc["baseline"]["genome"])) != new.render({**base, **doc["baseline"]["genome"]}):
            print(f"{args.recording}: its baseline genome renders differently today: not rehashed", file=sys.stderr)
            return 1
    compared = len(doc["entries"])
    dropped = set(changed)
    doc["entries"] = [e for i, e in enumerate(doc["entries"]) if i not in dropped]
    # genes today's template has and the recording lacks join it pinned at their baseline value, as
    # `record --pin GENE=VALUE` writes them, so the file describes today's template with those genes fixed
    have = {g["name"]: g for g in doc["genes"]}
    gone = set(have) - {g["name"] for g in new.space.describe()}
    if gone:
        print(f"{args.recording}: today's {name} template lacks the recorded gene(s) {', '.join(sorted(gone))}; "
              "not rehashed", file=sys.stderr)
        return 1
    added = [g["name"] for g in new.space.describe() if g["name"] not in have]
    doc["genes"] = [have.get(g["name"]) or dict(g, values=[g["baseline"]]) for g in new.space.describe()]
    for e in [*doc["entries"], doc["baseline"]]:
        e["genome"] = {g["name"]: e["genome"].get(g["name"], g["baseline"]) for g in doc["genes"]}
    doc["template_hash"] = new.hash
    kept = ("every recorded genome renders" if not changed else
            f"the {len(doc['entries'])} genomes kept render (the {len(changed)} whose source changed were left out)")
    earlier = doc.get("rehashed")   # an earlier move of this recording, kept inside this one's note
    doc["rehashed"] = {"from": old_hash, "to": new.hash, "date": datetime.date.today().isoformat(),
                       "template_commit": commit[:10], "genomes_compared": compared, "genomes_dropped": len(changed),
                       "genes_added_pinned": added,
                       "why": f"{args.why}; {kept} to byte-identical CUDA source under the "
                              f"template of commit {commit[:10]} and today's (genes the recording lacks at their "
                              "baseline values), so the measurements are of today's kernels "
                              "(benchmarks/dev/rehash_recording.py)",
                       **({"earlier": earlier} if earlier else {})}
    write_recording_doc(args.recording, doc)
    print(f"{args.recording}: {len(doc['entries'])} genomes identical"
          f"{f', {len(changed)} changed ones dropped' if changed else ''}; hash {old_hash} -> {new.hash}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
