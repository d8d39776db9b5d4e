"""Extending a recording (record --extend) on the CPU: which file may be extended, and the union
written. The measuring itself needs a GPU (tests marked gpu; scripts/gpu_session.sh)."""
import gzip
import json
import shutil

import pytest

from evo_kernels.recording import _existing, _merge
from evo_kernels.template import load_template
from evo_kernels.runners.choose import RECORDINGS


def _doc(path):
    return json.loads(gzip.decompress(path.read_bytes()))


def _write(path, doc):
    path.write_bytes(gzip.compress(json.dumps(doc).encode(), mtime=0))


def test_extend_accepts_only_a_recording_of_the_same_template_version_and_problem(tmp_path):
    t = load_template("transpose")
    shipped = RECORDINGS / "transpose.json.gz"
    doc = _doc(shipped)
    if doc["template_hash"] != t.hash:
        pytest.skip("the shipped transpose recording is of another template version")
    assert len(_existing(str(shipped), t, doc["problem"])["entries"]) == len(doc["entries"])
    with pytest.raises(ValueError, match="transpose.json.gz: cannot extend, it records problem"):
        _existing(str(shipped), t, {"R": 4096, "C": 4096})
    other = tmp_path / "other.json.gz"
    _write(other, dict(doc, template_hash="0123456789ab"))
    with pytest.raises(ValueError, match="other.json.gz: cannot extend, it records template_hash"):
        _existing(str(other), t, doc["problem"])
    broken = tmp_path / "broken.json.gz"
    broken.write_bytes(shipped.read_bytes()[:100])
    with pytest.raises(ValueError, match="broken.json.gz: cannot extend, not a readable recording"):
        _existing(str(broken), t, doc["problem"])


def test_merge_writes_the_union_keeping_the_earlier_measurements(tmp_path):
    t = load_template("transpose")
    doc = _doc(RECORDINGS / "transpose.json.gz")
    entries = doc["entries"]
    assert len(entries) >= 40
    old = dict(doc, entries=entries[:30])
    later = tmp_path / "later.json.gz"  # a later run: 10 genomes the old one has, 10 it lacks
    _write(later, dict(doc, entries=entries[20:40], baseline={"genome": doc["baseline"]["genome"],
                                                              "median_ms": 1.0, "p95_ms": 1.0}))
    _merge(later, old, t.space)
    merged = _doc(later)
    keys = [t.space.key(e["genome"]) for e in merged["entries"]]
    assert len(keys) == len(set(keys)) == 40
    assert merged["entries"][:30] == entries[:30] and merged["baseline"] == doc["baseline"]
    assert not list(tmp_path.glob("*.tmp"))
    shutil.rmtree(tmp_path)


def test_record_pins_are_checked_before_any_measurement(tmp_path, capsys):
    """A pin outside the space is one line naming the gene, before the GPU is touched (none here)."""
    from evo_kernels.cli import main
    from evo_kernels.recording import record

    with pytest.raises(ValueError, match="record sgemm: unknown gene"):
        record("sgemm", pins={"NoSuchGene": "1"}, out=str(tmp_path / "x.json.gz"), db=str(tmp_path / "x.db"))
    with pytest.raises(ValueError, match="record sgemm: pin gene TileLoops_M: value '48' is not in its domain"):
        record("sgemm", pins={"TileLoops_M": "48"}, out=str(tmp_path / "x.json.gz"), db=str(tmp_path / "x.db"))
    assert main(["record", "sgemm", "--pin", "TileLoops_M=48", "--out", str(tmp_path / "x.json.gz"),
                 "--db", str(tmp_path / "x.db")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "TileLoops_M" in err[0], err
    assert not (tmp_path / "x.json.gz").exists() and not (tmp_path / "x.db").exists()
    # pins whose baseline is invalid (transpose's coalesced stores need shared memory and vectors): one
    # line before anything is measured (a GPU call lost its sub-space at the end to this)
    with pytest.raises(ValueError, match="record transpose: the pinned sub-space's baseline is not a valid genome "
                                         r"\(CoalesceMemoryAccess needs"):
        record("transpose", pins={"CoalesceMemoryAccess": "True"}, out=str(tmp_path / "x.json.gz"),
               db=str(tmp_path / "x.db"))
    assert not (tmp_path / "x.json.gz").exists() and not (tmp_path / "x.db").exists()


@pytest.mark.slow   # 15-22 s of sampling sgemm's space; with --all
def test_record_samples_a_pinned_space_too_large_to_enumerate(tmp_path, monkeypatch):
    """A few pins leave sgemm's space far past the enumeration limit: record samples it (here it then
    stops at the missing GPU, the first thing after choosing the genomes)."""
    from evo_kernels import recording
    from evo_kernels.runners import choose

    monkeypatch.setattr(choose, "gpu_count", lambda: 0)
    chosen = []
    real_open = choose.open_runner

    def spy(backend, *a, **k):
        chosen.append(backend)
        return real_open(backend, *a, **k)

    monkeypatch.setattr(choose, "open_runner", spy)
    with pytest.raises(ValueError, match="record sgemm: no GPU visible here"):
        recording.record("sgemm", pins={"UseSharedMemory": "True", "TileLoops_SplitK": "1"},
                         out=str(tmp_path / "x.json.gz"), db=str(tmp_path / "x.db"))
    assert chosen  # the genomes were chosen: the runner was asked for


def test_record_measures_every_sampled_genome_once_with_a_batch_ahead(tmp_path, monkeypatch):
    """The recording loop (two batches in flight) on a replay of the H200 stencil sub-space as the
    "GPU": every sampled genome of the pinned space comes back once, in order, and is written."""
    import gzip
    import json
    from pathlib import Path

    from evo_kernels import recording
    from evo_kernels.runners import choose
    from evo_kernels.runners.replay import load_space
    from evo_kernels.runners.replay_runner import ReplayRunner

    sub = Path(__file__).resolve().parent.parent / "benchmarks/spaces/stencil_subspace_H200.json.gz"
    monkeypatch.setattr(choose, "open_runner", lambda backend, *a, **k: ReplayRunner(load_space(str(sub))))
    pins = {g: "False" for g in ("VectorizeLoads_Align", "ReorderInstructions_Prefetch", "VectorizeLoads_AlignStores",
                                 "VectorizeLoads_AlignShared", "CoalesceMemoryAccess", "TileLoops_Flat",
                                 "TileLoops_Skew", "TileLoops_Narrow")}
    out = recording.record("stencil", problem={"H": 2048, "W": 2048}, sample=70, batch=16, pins=pins,
                           db=str(tmp_path / "r.db"), out=str(tmp_path / "r.json.gz"))
    entries = json.load(gzip.open(out))["entries"]
    keys = [json.dumps(e["genome"], sort_keys=True) for e in entries]
    assert len(keys) == 70 == len(set(keys))  # 5 batches, the last partial: each genome once
    assert all(e["status"] == "ok" for e in entries)


@pytest.mark.parametrize("path", sorted(RECORDINGS.glob("*.json.gz")) + sorted(
    (RECORDINGS.parents[1] / "benchmarks" / "spaces").glob("*_H200.json.gz")), ids=lambda p: p.name)
def test_shipped_recordings_are_at_their_templates_current_hash(path):
    # A template changed without re-recording would have replays answer with another kernel's times (the
    # replay only notes the mismatch): re-record it on the GPU (scripts/gpu_session.sh, record / subspace), or,
    # where no recorded genome's CUDA source changed, move it with benchmarks/dev/rehash_recording.py.
    doc = _doc(path)
    assert doc["template_hash"] == load_template(doc["template"]).hash, \
        (f"{path.name} was recorded at {doc['template']}'s hash {doc['template_hash']}, not today's: re-record it, "
         "or run benchmarks/dev/rehash_recording.py on it")


def test_a_recording_extends_only_with_measurements_of_its_gpu_and_driver():
    from evo_kernels.recording import _measured_on

    here = {"gpu_name": "NVIDIA H100 80GB HBM3", "driver_version": "580.159.04", "sm_count": 132}
    assert _measured_on(here) == _measured_on({**here, "sm_count": None}) == \
        "NVIDIA H100 80GB HBM3 (driver 580.159.04)"
    assert _measured_on({**here, "driver_version": "590.1"}) != _measured_on(here)
    assert _measured_on({**here, "gpu_name": "NVIDIA H200"}) != _measured_on(here)


@pytest.mark.gpu
def test_record_writes_each_measurement_once_and_extend_measures_only_what_is_new(tmp_path):
    # the record loop on a real GPU: its one writer (tuning.StoreWriter) puts every measured genome in the
    # database once; extending the recording with a larger sample reuses those rows and measures the rest
    from evo_kernels.recording import record
    from evo_kernels.store import ResultStore

    db, out = str(tmp_path / "r.db"), str(tmp_path / "rec.json.gz")
    args = dict(problem={"R": 1000, "C": 777}, db=db, out=out, seed=3, time_cap_s=0.05, batch=2)
    record("transpose", sample=3, **args)
    first = _doc(tmp_path / "rec.json.gz")["entries"]
    with ResultStore(db, readonly=True) as s:
        keys = [r["genome_key"] for r in s.rows(run_id="record-transpose")]
    assert len(first) == 3 and len(keys) == len(set(keys)) == 3
    record("transpose", sample=4, extend=True, **args)   # the baseline again (served by the db) and 3 new ones
    space = load_template("transpose").space
    both = {space.key(e["genome"]) for e in _doc(tmp_path / "rec.json.gz")["entries"]}
    with ResultStore(db, readonly=True) as s:
        keys = [r["genome_key"] for r in s.rows(run_id="record-transpose")]
    assert len(both) == 6 and len(keys) == len(set(keys)) and set(keys) == both


def test_export_from_a_database_needs_a_passed_evaluation_of_the_baseline(tmp_path):
    # record --from-db: every speedup of a recording is against its baseline; without one stored it was
    # write_recording's ValueError about a genome dict, and a traceback from the command
    from evo_kernels.recording import export_recording
    from evo_kernels.records import Candidate
    from evo_kernels.runners.replay import load_space
    from evo_kernels.store import ResultStore
    from evo_kernels.tuning import StoreWriter

    rp = load_space(RECORDINGS / "transpose.json.gz")
    base = rp.space.key(rp.space.baseline())
    evs = rp.evaluator().evaluate([Candidate("transpose", g, rp.problem, rp.space.key(g)) for g in rp.genomes()[:6]])
    assert evs[0].candidate.key == base and evs[0].status == "ok"
    db, out = str(tmp_path / "m.db"), tmp_path / "r.json.gz"
    with ResultStore(db) as store:
        StoreWriter(store, "r1", replay=False).many(evs[1:])
    with pytest.raises(ValueError) as exc:
        export_recording(db, "transpose", str(out))
    assert str(exc.value) == (f"{db}: cannot export a recording of transpose at 2048x2048: its baseline genome, "
                              "which every speedup of a recording is against, was never evaluated here; measure one "
                              "on a GPU with `evo-kernels record transpose` (it measures the baseline first)")
    assert not out.exists()
    with ResultStore(db) as store:   # with the baseline's evaluation it is exported, and replays
        StoreWriter(store, "r1", replay=False).many(evs[:1])
    again = load_space(export_recording(db, "transpose", str(out)))
    assert again.space.key(again.baseline) == base and len(again.genomes()) == 6


def test_extend_without_a_size_takes_the_recordings_own(tmp_path):
    # was: `record T --extend --out R` measured at the template's PROBLEM and refused a recording made at another size
    # ("cannot extend, it records problem"): the size had to be typed again. Now the recording's own is taken; here
    # (no GPU) the session then stops at the GPU, past every check of the file
    from evo_kernels.recording import record
    from evo_kernels.runners.choose import gpu_present

    if gpu_present():
        pytest.skip("a GPU here: the extension would be measured")
    t = load_template("transpose")
    doc = _doc(RECORDINGS / "transpose.json.gz")
    if doc["template_hash"] != t.hash:
        pytest.skip("the shipped transpose recording is of another template version")
    at = {"R": 4096, "C": 2052}
    assert at != t.problem
    mine = tmp_path / "mine.json.gz"
    _write(mine, dict(doc, problem=at))
    assert _existing(str(mine), t, None)["problem"] == at
    with pytest.raises(ValueError, match="^record transpose: no GPU visible here"):
        record("transpose", extend=True, out=str(mine), db=str(tmp_path / "r.db"))
    with pytest.raises(ValueError, match="mine.json.gz: cannot extend, it records problem"):
        record("transpose", problem=dict(t.problem), extend=True, out=str(mine), db=str(tmp_path / "r.db"))


@pytest.mark.parametrize("size, says", [
    ({"Q": 5}, "record transpose: --size: Q is not a dimension of this template (its dimensions: R, C)"),
    ({"R": 0, "C": 5}, "record transpose: --size: R = 0 is no size"),
    ({"R": 64}, "record transpose: --size: no size for C"),
])
def test_record_checks_its_size_before_the_gpu_is_looked_for(tmp_path, capsys, monkeypatch, size, says):
    # was: "no GPU visible here" (here), and on a GPU a size the template does not have went on to the measurement
    from evo_kernels.cli import main
    from evo_kernels.runners import choose

    monkeypatch.setenv(choose.FORCE_REPLAY_ENV, "1")
    out, db = tmp_path / "x.json.gz", tmp_path / "x.db"
    code = main(["record", "transpose", "--size", *(f"{k}={v}" for k, v in size.items()), "--out", str(out),
                 "--db", str(db)])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1 and says in err[0], err
    assert not out.exists() and not db.exists()


def test_record_on_gpus_this_machine_does_not_have_is_one_line(tmp_path, capsys, monkeypatch):
    # was: a traceback ending "RuntimeError: GPU worker start failed: ... No module named 'pycuda'"
    from evo_kernels.cli import main
    from evo_kernels.runners import choose

    monkeypatch.setenv(choose.FORCE_REPLAY_ENV, "1")
    out, db = tmp_path / "x.json.gz", tmp_path / "x.db"
    code = main(["record", "transpose", "--gpus", "3", "--sample", "2", "--out", str(out), "--db", str(db)])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(err) == 1 and "record transpose: --gpus 3: no GPU" in err[0], err
    assert not out.exists() and not db.exists()
