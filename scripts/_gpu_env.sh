# Sourced by the GPU scripts: make the wheels in .whl/ importable where the machine's Python lacks
# pycuda, mako or deap (the H200 image), and put the project on PYTHONPATH.
if ! python3 -c "import pycuda, mako; from deap import tools" 2>/dev/null; then
  python3 -m pip install -q --no-index --no-deps --upgrade --target /tmp/site .whl/*.whl || exit 1
  export PYTHONPATH=/tmp/site:$PWD
else
  export PYTHONPATH=$PWD${PYTHONPATH:+:$PYTHONPATH}
fi
export PYTHONUNBUFFERED=1
