"""scripts/gpu_session.sh, the one device call of a session: its default "tests" stage runs every test file that
holds GPU tests, so that a GPU test added to a new file is not left unrun on the device."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_tests_stage_runs_every_file_with_gpu_tests():
    script = (ROOT / "scripts" / "gpu_session.sh").read_text()
    default = re.search(r"\$\{TESTS_FILES:-([^}]*)\}", script)
    assert default, "gpu_session.sh: no default TESTS_FILES"
    listed = set(default.group(1).replace("\\\n", " ").split())
    marked = {f"tests/{p.name}" for p in (ROOT / "tests").glob("test_*.py")
              if re.search(r"pytest\.mark\.gpu\b", p.read_text())}
    assert marked and marked == listed, (sorted(marked - listed), sorted(listed - marked))


def test_the_packer_keeps_what_a_stage_wrote_before_the_call_is_stopped(tmp_path):
    """scripts/_pack.sh: while a stage runs, the scratch folder is packed every PACK_EVERY seconds, so a device call
    stopped in the middle of a stage still returns what that stage wrote; each pack is written aside and renamed,
    and stop_packer leaves no partial archive behind."""
    import subprocess
    import tarfile

    work, out = tmp_path / "work", tmp_path / "out"
    work.mkdir()
    out.mkdir()
    script = f"""
        set -uo pipefail
        WORK={work}; OUTDIR={out}; PACK_EVERY=1
        source {ROOT / "scripts" / "_pack.sh"}
        start_packer
        echo first > "$WORK/shapes.json"
        sleep 2.5
        test -f "$OUTDIR/session.tar.gz" || {{ echo "no archive while the stage runs"; exit 3; }}
        tar xzf "$OUTDIR/session.tar.gz" -O ./shapes.json | grep -q first || {{ echo "no file"; exit 4; }}
        echo second > "$WORK/shapes.json"
        stop_packer
        pack
    """
    r = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr
    assert sorted(p.name for p in out.iterdir()) == ["session.tar.gz"]
    with tarfile.open(out / "session.tar.gz") as tf:
        assert tf.extractfile("./shapes.json").read() == b"second\n"


def test_without_wheels_the_environment_says_to_gather_them_in_one_line(tmp_path):
    """scripts/_gpu_env.sh where python3 lacks pycuda (as here, and on the H200 image) and there is no .whl/: one
    line naming scripts/device_wheels.sh, exit status 2; was pip's "'.whl/*.whl' looks like a filename" and
    "*.whl is not a valid wheel filename", exit status 1."""
    import subprocess

    r = subprocess.run(["bash", "-c", f"source {ROOT / 'scripts' / '_gpu_env.sh'}; echo reached"], cwd=tmp_path,
                       capture_output=True, text=True, timeout=60)
    if r.returncode == 0 and "reached" in r.stdout:
        import pytest
        pytest.skip("python3 here imports pycuda, mako and deap: nothing to install")
    assert r.returncode == 2, (r.returncode, r.stderr)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "scripts/device_wheels.sh" in lines[0] and ".whl/" in lines[0], r.stderr
