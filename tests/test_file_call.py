"""benchmarks/dev/file_call.py: a device call's session.tar.gz filed in the repository, on the files of a recorded
call (2026-12-07 call 1, H200) packed as scripts/gpu_session.sh packs its scratch folder."""
import gzip
import importlib.util
import json
import shutil
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CALL = ROOT / "benchmarks" / "h200-2026-12-07" / "call1"
spec = importlib.util.spec_from_file_location("file_call", ROOT / "benchmarks" / "dev" / "file_call.py")
file_call = importlib.util.module_from_spec(spec)
spec.loader.exec_module(file_call)


def _session(tmp_path: Path, big: bool) -> Path:
    """The recorded call's files in the layout of gpu_session.sh's scratch folder, packed as its pack() does."""
    work = tmp_path / "work"
    (work / "shapes").mkdir(parents=True)
    for name in ("gpu.txt", "stages.log", "gpu_tests.log"):
        shutil.copy(CALL / name, work / name)
    for name in ("SHAPES.md", "shapes.log"):
        shutil.copy(CALL / name, work / "shapes" / name)
    # what gpu_session.sh's shapes stage writes after the table: benchmarks/dev/targets.py's reading
    (work / "shapes" / "TARGETS.txt").write_text("  softmax R=1024xC=65536: ...: met\nmissed: stencil H=131072xW=257\n")
    # the call's result (stored gzipped), as the call wrote it: plain. Its first size alone is under the 100 KB line;
    # all four of its sizes are past it, as a call of many sizes writes
    res = json.loads(gzip.decompress((CALL / "shapes.json.gz").read_bytes()))
    res["results"] = res["results"] if big else res["results"][:1]
    (work / "shapes" / "shapes.json").write_text(json.dumps(res, indent=1))
    tarball = tmp_path / "session.tar.gz"
    with tarfile.open(tarball, "w:gz") as tar:
        tar.add(work, arcname=".")
    return tarball


@pytest.mark.parametrize("big", [False, True])
def test_a_session_is_filed_with_its_files_and_what_it_says(tmp_path, big):
    dest = tmp_path / "h200-2026-12-07" / "call1"
    cmd = 'EVO_COMMIT=5491d9f STAGES="tests shapes" bash scripts/gpu_session.sh $OUT'
    md = file_call.file_call(_session(tmp_path, big), dest, "5491d9f", cmd).read_text()
    stored = dest / "shapes" / ("shapes.json.gz" if big else "shapes.json")
    assert stored.is_file() and not (dest / "shapes" / ("shapes.json" if big else "shapes.json.gz")).exists()
    raw = gzip.decompress(stored.read_bytes()) if big else stored.read_bytes()
    assert len(json.loads(raw)["results"]) == (4 if big else 1)
    assert (dest / "shapes" / "SHAPES.md").read_text() == (CALL / "SHAPES.md").read_text()
    # what CALL.md says comes from the call's own files
    assert "NVIDIA H200, 580.159.04, 345 MHz, 3201 MHz" in md and "5491d9f" in md and cmd in md
    assert "stages (seconds): tests 15, shapes 75" in md
    assert "`gpu_tests.log`: 1 passed" in md and "tests rc=0" in md
    assert "`shapes/shapes.log`" in md
    assert "- `shapes/TARGETS.txt`: missed: stencil H=131072xW=257" in md
    assert f"`shapes/{stored.name}`" in md


def test_a_call_is_filed_once_and_a_broken_archive_is_one_line(tmp_path):
    session = _session(tmp_path, False)
    dest = tmp_path / "call1"
    dest.mkdir()
    with pytest.raises(SystemExit, match="exists already"):
        file_call.file_call(session, dest, "c", "x")
    for cut in (200, len(session.read_bytes()) // 2):   # a call's archive cut short in its header or its body
        bad = tmp_path / "cut.tar.gz"
        bad.write_bytes(session.read_bytes()[:cut])
        with pytest.raises(SystemExit, match=r"cut.tar.gz: not a session archive"):
            file_call.file_call(bad, tmp_path / "call2", "c", "x")
        assert not (tmp_path / "call2").exists()


def test_a_call_of_plain_files_is_filed_from_its_folder(tmp_path):
    """A probe that did not run gpu_session.sh (2026-12-07e call 4: copy_hints.py's tables) comes back as plain,
    read-only files: they are filed as they are, a large JSON gzipped, and CALL.md says no stage ran."""
    got = tmp_path / "files_at"
    (got / "probe").mkdir(parents=True)
    (got / "gpu.txt").write_text("NVIDIA H100 80GB HBM3, 580.159.04, 345 MHz, 2619 MHz\n")
    table = (ROOT / "benchmarks" / "h100-2026-12-07e" / "call4" / "copy_hints_64.txt").read_text()
    (got / "copy_hints_64.txt").write_text(table)
    res = json.loads(gzip.decompress((CALL / "shapes.json.gz").read_bytes()))
    (got / "probe" / "shapes.json").write_text(json.dumps(res, indent=1))   # past the 100 KB line
    for p in sorted(got.rglob("*"), reverse=True):   # files first, then their folders
        p.chmod(0o555 if p.is_dir() else 0o444)
    dest = tmp_path / "h100-2026-12-07e" / "call4"
    md = file_call.file_call(got, dest, "8b0a2c8", "python3 benchmarks/dev/copy_hints.py --mib 64").read_text()
    assert (dest / "copy_hints_64.txt").read_text() == table
    assert json.loads(gzip.decompress((dest / "probe" / "shapes.json.gz").read_bytes())) == res
    assert not (dest / "probe" / "shapes.json").exists()
    assert "NVIDIA H100 80GB HBM3" in md and "8b0a2c8" in md and "copy_hints.py --mib 64" in md
    assert "- stages: none (the call did not run scripts/gpu_session.sh)" in md
    assert "`copy_hints_64.txt`" in md and "`probe/shapes.json.gz`" in md
    for p in got.rglob("*"):   # writable again, so that pytest can remove its temporary folder
        p.chmod(0o755 if p.is_dir() else 0o644)
    with pytest.raises(SystemExit, match="no files to file"):
        (tmp_path / "empty").mkdir()
        file_call.file_call(tmp_path / "empty", tmp_path / "call9", "c", "x")
