"""Population checkpoints: round trip without pickles, atomic folders, one-line errors naming the file."""
from __future__ import annotations

import hashlib
import json
import math

import pytest
import torch

from evo_kernels.checkpoint import (
    STATE_FILE,
    TENSOR_FILE,
    CheckpointError,
    generations,
    load_latest,
    load_population,
    read_lineage,
    save_population,
)


def state(step: int = 3) -> dict:
    opt = {"state": {0: {"step": torch.tensor(float(step)), "exp_avg": torch.ones(2, 3)}},
           "param_groups": [{"lr": 1e-3, "betas": (0.9, 0.999), "params": [0]}]}
    return {"strategy": {"rng": {"state": {"state": 2**100 + 7, "inc": 3}}, "generation": step,
                         "members": [{"genome": {"bx": 64, "smem": True, "kind": "a"}, "fitness": math.nan,
                                      "agent": {"w": torch.arange(6.0).reshape(2, 3)}, "optimizer": opt}],
                         "lineage": [{"generation": 1, "member": 0, "parent": 2, "lr": [0.1, 0.12]}]},
            "loop": {"generation": step, "history": []}}


def test_round_trip_keeps_values_tensors_and_int_keys(tmp_path):
    path = save_population(tmp_path / "run", 3, state(), meta={"template": "sgemm"})
    assert path.name == "gen_0003" and sorted(p.name for p in path.iterdir()) == [STATE_FILE, TENSOR_FILE]
    ck = load_latest(tmp_path / "run")
    s = ck["state"]["strategy"]
    assert ck["generation"] == 3 and ck["meta"] == {"template": "sgemm"}
    assert s["rng"]["state"]["state"] == 2**100 + 7  # numpy's PCG64 state is a big int: JSON keeps it exact
    m = s["members"][0]
    assert m["genome"] == {"bx": 64, "smem": True, "kind": "a"} and math.isnan(m["fitness"])
    assert torch.equal(m["agent"]["w"], torch.arange(6.0).reshape(2, 3))
    assert torch.equal(m["optimizer"]["state"][0]["exp_avg"], torch.ones(2, 3))  # int key survives
    # The tensors file is a flat dict of tensors, readable with weights_only=True (no pickled objects).
    raw = torch.load(path / TENSOR_FILE, weights_only=True)
    assert all(isinstance(t, torch.Tensor) for t in raw.values()) and len(raw) == 3
    assert read_lineage(tmp_path / "run") == [{"generation": 1, "member": 0, "parent": 2, "lr": [0.1, 0.12]}]


def test_folders_are_replaced_atomically_and_pruned(tmp_path):
    run = tmp_path / "run"
    for g in range(1, 5):
        save_population(run, g, state(g), keep=2)
    assert generations(run) == [3, 4]
    save_population(run, 4, state(40))  # a resumed run saving generation 4 again
    assert load_latest(run)["state"]["loop"]["generation"] == 40
    assert not [p for p in run.iterdir() if p.name.startswith(".")]  # no temporary left behind
    assert load_latest(tmp_path / "nothing") is None and load_latest(run / "gen_0003")["generation"] == 3


class Foreign:
    """Any object that is not a tensor: only a full unpickler could rebuild it."""


def one_line(exc: pytest.ExceptionInfo) -> str:
    msg = str(exc.value)
    assert "\n" not in msg
    return msg


def test_truncated_tensors_raise_one_line_naming_the_file(tmp_path):
    path = save_population(tmp_path / "run", 1, state())
    data = (path / TENSOR_FILE).read_bytes()
    (path / TENSOR_FILE).write_bytes(data[: len(data) // 2])
    with pytest.raises(CheckpointError) as exc:
        load_latest(tmp_path / "run")
    assert str(path / TENSOR_FILE) in one_line(exc) and "truncated" in str(exc.value)


def test_truncated_json_raises_one_line_naming_the_file(tmp_path):
    path = save_population(tmp_path / "run", 1, state())
    text = (path / STATE_FILE).read_text()
    (path / STATE_FILE).write_text(text[: len(text) // 2])
    with pytest.raises(CheckpointError) as exc:
        load_population(path)
    assert str(path / STATE_FILE) in one_line(exc)


def test_foreign_checkpoints_are_refused(tmp_path):
    path = save_population(tmp_path / "run", 1, state())
    (path / STATE_FILE).write_text(json.dumps({"format": "something-else", "state": {}}))
    with pytest.raises(CheckpointError) as exc:
        load_population(path)
    assert str(path / STATE_FILE) in one_line(exc) and "something-else" in str(exc.value)
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(CheckpointError) as exc:
        load_population(empty)
    assert str(empty / STATE_FILE) in one_line(exc)
    # A tensors file holding a pickled object instead of tensors is refused by weights_only=True.
    path = save_population(tmp_path / "run2", 1, state())
    torch.save({"t0": Foreign()}, path / TENSOR_FILE)
    doc = json.loads((path / STATE_FILE).read_text())
    doc["tensors_sha256"] = hashlib.sha256((path / TENSOR_FILE).read_bytes()).hexdigest()
    (path / STATE_FILE).write_text(json.dumps(doc))
    with pytest.raises(CheckpointError) as exc:
        load_population(path)
    assert str(path / TENSOR_FILE) in one_line(exc) and "weights_only" in str(exc.value)


def test_warm_start_is_the_shipped_population_only_where_it_knows_the_kernel(tmp_path) -> None:
    """The one rule for PBT's start: unset, the shipped names population where it has measured a kernel with exactly
    the space's parameter names (the H200 transpose recordings here), a cold start elsewhere (its policies are not
    used either: the run is the cold run); ``none`` is cold; a folder without a population is a one-line error."""
    from evo_kernels.checkpoint import COLD, SHIPPED_POPULATION, warm_start
    from evo_kernels.genome import Gene, GenomeSpace
    from evo_kernels.runners.replay import ReplaySpace

    recording = SHIPPED_POPULATION.parents[1] / "evo_kernels" / "recordings" / "transpose.json.gz"
    transpose = ReplaySpace.load(str(recording))
    known = warm_start(None, transpose.space)
    assert known.shipped and known.population is not None and known.population.serves(transpose.space)
    assert known.left_out == () and "names prior from 2 recorded spaces" in known.describe(transpose.space)
    replayed = warm_start(None, transpose.space, transpose)  # a replay of one of its sources reads the other
    assert [w.source for w in replayed.left_out] == ["transpose"]
    assert "names prior from 1 recorded space " in replayed.describe(transpose.space)
    other = GenomeSpace([Gene("block_x", "AdjustBlockSize", (32, 64, 128), 32),
                         Gene("unroll", "UnrollLoop", (1, 2), 1)])
    unknown = warm_start(None, other)
    assert unknown.population is None and unknown.shipped
    assert unknown.describe(other).startswith("cold start: the shipped")
    assert warm_start(COLD, transpose.space).population is None
    assert warm_start(str(SHIPPED_POPULATION), other).population is not None  # a folder the user named is used as is
    with pytest.raises(CheckpointError, match=str(tmp_path)):
        warm_start(str(tmp_path), other)


@pytest.mark.parametrize("name", ["sgemm", "transpose", "stencil"])
def test_the_shipped_population_serves_todays_space_of_every_recorded_template(name) -> None:
    """A gene added to a template changes its parameter names: the shipped names prior must be refitted on the
    rehashed recordings (populations/README.md), or `tune` of that template silently starts cold on a GPU."""
    from evo_kernels.checkpoint import warm_start
    from evo_kernels.template import load_template

    space = load_template(name).space
    start = warm_start(None, space)
    assert start.population is not None, start.describe(space)


def test_without_the_shipped_folder_the_run_is_cold_and_says_why(tmp_path, monkeypatch) -> None:
    """An install without the repository's populations/ folder starts cold, and its first line says so rather than
    blaming the kernel's parameter names."""
    import evo_kernels.checkpoint as ck
    from evo_kernels.runners.replay import ReplaySpace

    recording = ck.SHIPPED_POPULATION.parents[1] / "evo_kernels" / "recordings" / "transpose.json.gz"
    space = ReplaySpace.load(str(recording)).space
    monkeypatch.setattr(ck, "SHIPPED_POPULATION", tmp_path / "populations" / "names-whole-corpus")
    ws = ck.warm_start(None, space)
    assert ws.population is None and ws.shipped
    assert ws.describe(space).startswith(f"cold start: no shipped population at {tmp_path}")
