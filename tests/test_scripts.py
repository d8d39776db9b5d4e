"""The Python scripts of scripts/: those with a shebang can be run as commands, and the README runs each of them
with the project's virtual environment (.venv/bin/python), not whatever python3 the PATH finds."""
import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = sorted(p for p in (ROOT / "scripts").glob("*.py") if p.read_text().startswith("#!"))


def test_every_python_script_with_a_shebang_is_executable():
    assert SCRIPTS   # pretrain_population.py, prior_from_spaces.py
    assert [p.name for p in SCRIPTS if not os.access(p, os.X_OK)] == []   # were mode 100644


def test_the_readme_runs_the_python_scripts_with_the_venv_python():
    readme = (ROOT / "README.md").read_text()
    runs = re.findall(r"^    (\S* ?)scripts/(\w+\.py)", readme, flags=re.M)   # the command lines (indented) of a script
    assert {name for _, name in runs} >= {"pretrain_population.py", "prior_from_spaces.py"}
    assert [f"{how}scripts/{name}" for how, name in runs if how != ".venv/bin/python "] == []
