#!/usr/bin/env python3
"""Save a population whose prior comes from recorded spaces of the same kernels, for --init-population.

A kernel family measured before (Kernel Tuner caches of the same kernel on other GPUs, or this
project's recordings of a template) says which values of each parameter tend to be fast. This
script fits a :class:`~evo_kernels.strategies.prior.NamePrior` to every successful measurement of
each ``--space`` (one source per file) and saves it with a population of policies (cold ones, or
those of ``--policies DIR``) as ``--out``. A warm start on a new space then reads the prior from the
sources whose parameter names are exactly its own (and from none otherwise): a warm start from a
corpus serves every family the corpus holds.

    .venv/bin/python scripts/prior_from_spaces.py --out populations/names-training-side \\
        --space benchmarks/spaces/gemm_RTX_3090.json.gz --space benchmarks/spaces/pnpoly_RTX_3090.json.gz ...
    evo-kernels bench-search --space NEW.json.gz --strategy pbt:init_population=populations/names-training-side ...
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from evo_kernels.checkpoint import CheckpointError, load_pretrained, save_population  # noqa: E402
from evo_kernels.runners.replay import ReplayError, ReplaySpace  # noqa: E402
from evo_kernels.strategies.pbt import PBTSearch  # noqa: E402
from evo_kernels.strategies.prior import NamePrior  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--space", action="append", required=True, help="a recorded space (repeatable): one source each")
    ap.add_argument("--out", required=True, help="the population folder to write")
    ap.add_argument("--policies", help="take the members (policies, hyperparameters) of this saved population")
    args = ap.parse_args(argv)
    try:
        spaces = [ReplaySpace.load(p) for p in args.space]
        policies = load_pretrained(args.policies) if args.policies else None
    except (ReplayError, CheckpointError) as exc:
        print(f"prior_from_spaces: {exc}", file=sys.stderr)
        return 2
    measured = [rp.log_speedups() for rp in spaces]
    prior = NamePrior.fit([(rp.space, *m) for rp, m in zip(spaces, measured)])
    carrier = PBTSearch(spaces[0].space, spaces[0].template, spaces[0].problem, seed=0, init_population=policies)
    meta = {"name_prior_from": [rp.name for rp in spaces],
            "measurements": {rp.name: len(m[0]) for rp, m in zip(spaces, measured)},
            "policies": args.policies or "cold"}
    out = save_population(Path(args.out), 0, {"strategy": {**carrier.state_dict(), "prior": prior.state_dict()}},
                          meta=meta, keep=1)
    print(f"saved {out}: a names prior from {len(prior.sources)} spaces, {meta['policies']} policies")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
