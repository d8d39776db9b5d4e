# Sourced by the GPU scripts: make the wheels in .whl/ importable where the machine's Python lacks
# pycuda, mako or deap (the H200 image), and put the project on PYTHONPATH.
if ! python3 -c "import pycuda, mako; from deap import tools" 2>/dev/null; then
  if ! compgen -G ".whl/*.whl" > /dev/null; then
    echo "scripts/_gpu_env.sh: python3 lacks pycuda, mako or deap.tools and $PWD/.whl/ holds no wheels: run" \
         "scripts/device_wheels.sh on the CPU machine first and send .whl/ along (README)" >&2
    exit 2
  fi
  python3 -m pip install -q --no-index --no-deps --upgrade --target /tmp/site .whl/*.whl || exit 1
  export PYTHONPATH=/tmp/site:$PWD
  # deap 1.4's tools import moocore, which ../shared/device/wheels/ lacks: scripts/device_wheels.sh adds it.
  # Said at once, not when a tune or the search table fails minutes later; the stages that need neither
  # (tests, shapes, profile, record) still run.
  if ! python3 -c "import pycuda, mako; from deap import tools" 2>/tmp/gpu_env_import.err; then
    echo "scripts/_gpu_env.sh: WARNING: the wheels in .whl/ do not make pycuda, mako and deap.tools importable" \
         "($(tail -n 1 /tmp/gpu_env_import.err)); tune, batch and the search table will fail: run" \
         "scripts/device_wheels.sh on the CPU machine first" >&2
  fi
else
  export PYTHONPATH=$PWD${PYTHONPATH:+:$PYTHONPATH}
fi
export PYTHONUNBUFFERED=1
