"""benchmarks/dev/rehash_recording.py: a recording moves to a new template hash only where no recorded
genome's CUDA source changed; a template change that touches rendered code is refused, the file untouched."""
from __future__ import annotations

import gzip
import importlib.util
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from evo_kernels.runners.replay import load_space, read_recording, write_recording_doc
from evo_kernels.template import load_template

ROOT = Path(__file__).resolve().parent.parent
needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")


def _script():
    spec = importlib.util.spec_from_file_location("rehash_recording", ROOT / "benchmarks/dev/rehash_recording.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _commit(repo: Path, msg: str) -> None:
    for cmd in (["add", "-A"], ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", msg]):
        subprocess.run(["git", *cmd], cwd=repo, check=True, capture_output=True)


def _repo_with_transpose(tmp_path: Path):
    """A git repository whose first commit holds today's transpose template; returns (repo, that template)."""
    repo = tmp_path / "repo"
    (repo / "templates").mkdir(parents=True)
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True)
    for f in ("transpose.py", "transpose.cu.mako"):
        shutil.copy(ROOT / "templates" / f, repo / "templates" / f)
    _commit(repo, "v1")
    return repo, load_template(str(repo / "templates/transpose.py"))


@needs_git
def test_rehash_moves_only_recordings_whose_kernels_did_not_change(tmp_path):
    repo, v1 = _repo_with_transpose(tmp_path)
    # a recording of 30 genomes measured with v1 (the shipped one's entries, at v1's hash)
    doc = json.loads(gzip.open(ROOT / "evo_kernels/recordings/transpose.json.gz").read())
    doc = dict(doc, template_hash=v1.hash, entries=doc["entries"][:30])
    rec = tmp_path / "rec.json.gz"
    write_recording_doc(rec, doc)

    # v2: a new gene, identity by default (it renders nothing where it is off): accepted, pinned off
    py = repo / "templates/transpose.py"
    py.write_text(py.read_text().replace('GENES = [', 'GENES = [\n    Gene("UnrollLoop_Extra", "UnrollLoop", '
                                                     '(False, True), False, "a test gene"),', 1))
    _commit(repo, "v2")
    v2 = load_template(str(py))
    assert v2.hash != v1.hash
    script = _script()
    assert script.main([str(rec), "--why", "a test gene", "--root", str(repo)]) == 0
    out = read_recording(rec)
    assert out["template_hash"] == v2.hash and out["rehashed"]["from"] == v1.hash
    assert out["rehashed"]["genes_added_pinned"] == ["UnrollLoop_Extra"]
    assert [g["values"] for g in out["genes"] if g["name"] == "UnrollLoop_Extra"] == [[False]]
    assert all(e["genome"]["UnrollLoop_Extra"] is False for e in out["entries"])
    assert [e["median_ms"] for e in out["entries"]] == [e["median_ms"] for e in doc["entries"]]
    assert len(load_space(rec).genomes()) == len(doc["entries"])   # a replay reads it

    # v3: a change every kernel renders: refused, the recording (at v1's hash) left as it was
    write_recording_doc(rec, doc)
    before = rec.read_bytes()
    mako = repo / "templates/transpose.cu.mako"
    mako.write_text("// a changed kernel\n" + mako.read_text())
    _commit(repo, "v3")
    assert script.main([str(rec), "--why", "test", "--root", str(repo)]) == 1
    assert rec.read_bytes() == before


@needs_git
def test_drop_changed_keeps_only_the_genomes_whose_kernels_did_not_change(tmp_path):
    repo, v1 = _repo_with_transpose(tmp_path)
    doc = json.loads(gzip.open(ROOT / "evo_kernels/recordings/transpose.json.gz").read())
    doc = dict(doc, template_hash=v1.hash, entries=doc["entries"][:40], rehashed={"from": "older", "to": v1.hash})
    rec = tmp_path / "rec.json.gz"
    write_recording_doc(rec, doc)
    # v2: a comment rendered only where the tiles are padded: those genomes' kernels changed
    mako = repo / "templates/transpose.cu.mako"
    mako.write_text("% if PadSharedMemory:\n// padded\n% endif\n" + mako.read_text())
    _commit(repo, "v2")
    v2 = load_template(str(repo / "templates/transpose.py"))
    changed = [e for e in doc["entries"] if e["genome"]["PadSharedMemory"]]
    assert 0 < len(changed) < len(doc["entries"]) and not doc["baseline"]["genome"]["PadSharedMemory"]
    script = _script()
    assert script.main([str(rec), "--why", "test", "--root", str(repo)]) == 1   # without the flag: refused
    assert script.main([str(rec), "--why", "test", "--drop-changed", "--root", str(repo)]) == 0
    out = read_recording(rec)
    assert out["template_hash"] == v2.hash and not any(e["genome"]["PadSharedMemory"] for e in out["entries"])
    assert len(out["entries"]) == len(doc["entries"]) - len(changed)
    assert out["rehashed"]["genomes_dropped"] == len(changed) and out["rehashed"]["earlier"]["from"] == "older"
