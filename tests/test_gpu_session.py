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
