"""Which backend measures (evo_kernels/runners/choose.py), on a machine without a GPU (FORCE_REPLAY makes any
machine one): the replay rules, the checks of flags and environment before anything opens, and the runner
and identity a session gets."""
import pytest

from evo_kernels.runners import choose
from evo_kernels.runners.choose import Backend, BackendError, describe_here, open_runner, replay_source
from evo_kernels.runners.replay_runner import ReplayRunner


@pytest.fixture(autouse=True)
def no_gpu(monkeypatch):
    monkeypatch.setenv(choose.FORCE_REPLAY_ENV, "1")
    monkeypatch.delenv(choose.REPLAY_DELAY_ENV, raising=False)


def test_without_a_gpu_a_session_replays_the_shipped_recording_or_says_none_ships():
    assert not choose.gpu_present()
    assert replay_source(Backend(), "transpose") == choose.RECORDINGS / "transpose.json.gz"
    assert replay_source(Backend(replay="mine.json.gz"), "transpose").name == "mine.json.gz"   # --replay wins
    assert replay_source(Backend(scheduler="tcp://10.0.0.1:8786"), "transpose") is None      # the cluster's GPUs
    with pytest.raises(BackendError, match=r"nope: no GPU here and no H200 recording of it ships .*recorded: .*sgemm"):
        replay_source(Backend(), "nope")


def test_gpus_asked_by_index_on_a_machine_without_them_is_an_error_not_a_silent_replay():
    with pytest.raises(BackendError, match=r"^--gpus 3: no GPU here \(leave --gpus out to replay"):
        replay_source(Backend(gpus=(3,)), "transpose")
    with pytest.raises(BackendError, match=r"^--gpus 0,1: no GPU here"):
        replay_source(Backend(gpus=(0, 1), dask_local=2), "transpose")   # a local cluster runs here too
    assert replay_source(Backend(gpus=(3,), replay="mine.json.gz"), "transpose").name == "mine.json.gz"
    assert replay_source(Backend(gpus=(3,), scheduler="tcp://10.0.0.1:8786"), "transpose") is None


def test_gpus_past_the_machines_count_are_refused(monkeypatch):
    monkeypatch.setattr(choose, "gpu_count", lambda: 2)   # a two-GPU machine, as the GPU pool would count it
    with pytest.raises(BackendError, match=r"^--gpus 0,2: this machine has 2 GPUs \(indices 0\.\.1\)$"):
        replay_source(Backend(gpus=(0, 2)), "transpose")
    assert replay_source(Backend(gpus=(1,)), "transpose") is None and replay_source(Backend(), "transpose") is None


@pytest.mark.parametrize("backend, says", [
    (Backend(scheduler="tcp://h:1", dask_local=2), "--scheduler and --dask-local exclude each other"),
    (Backend(dask_local=-1), "--dask-local -1: the worker count must be at least 1"),
    (Backend(gpus=()), "GPU indices are 0 or more"),
    (Backend(gpus=(0, -2)), "--gpus 0,-2: GPU indices are 0 or more"),
    # were accepted silently: the README gives them as alternatives
    (Backend(replay="r.json.gz", gpus=(0,)), "^--replay and --gpus exclude each other: a replay measures nothing"),
    (Backend(replay="r.json.gz", dask_local=2), "^--replay and --dask-local exclude each other"),
    (Backend(replay="r.json.gz", scheduler="tcp://h:1"), "^--replay and --scheduler exclude each other"),
])
def test_flags_that_cannot_work_together_are_one_line_before_anything_opens(backend, says):
    with pytest.raises(BackendError, match=says):
        backend.validate()


@pytest.mark.parametrize("raw, says", [("fast", "is not a number of seconds"), ("-1", "is negative")])
def test_a_bad_replay_delay_in_the_environment_stops_the_run(monkeypatch, raw, says):
    monkeypatch.setenv(choose.REPLAY_DELAY_ENV, raw)
    with pytest.raises(BackendError, match=says):
        Backend().validate()
    monkeypatch.setenv(choose.REPLAY_DELAY_ENV, "0.25")
    assert choose.replay_delay_s() == 0.25


def test_a_replay_opens_a_replay_runner_that_says_so_and_a_batch_names_it_replay():
    rec = replay_source(Backend(), "transpose")
    with open_runner(Backend(), rec) as runner:
        assert isinstance(runner, ReplayRunner)
        info = runner.device_info()
        assert info["replay"] is True and info["gpu"] == info["gpu_name"] and "H200" in info["gpu"]
    here = describe_here(Backend())
    assert here["gpu"] == "replay" and here["driver"] is None and here["nvcc"]


def test_no_gpu_and_no_replay_is_an_error_not_a_hang():
    with pytest.raises(BackendError, match="no GPU visible here"):
        choose.LocalSpec().open()


def test_a_gpu_that_pycuda_cannot_reach_is_named_with_the_fix_not_called_absent(gpu_without_pycuda, monkeypatch):
    """A GPU machine set up without the [gpu] extra: the replay's words, the refusal and the GPU tests' skip reason
    say that nvidia-smi lists a GPU and pycuda does not import (was: "no GPU here"); forced replay keeps its words."""
    from conftest import gpu_skip_reason

    says = "a GPU is visible (nvidia-smi) but pycuda cannot be imported ("
    fix = "): pip install -e '.[gpu]' to measure"
    assert choose.gpu_count() == 0
    assert says in choose.no_gpu_words() and choose.no_gpu_words().endswith(fix)
    assert says in gpu_skip_reason()
    with pytest.raises(BackendError, match=r"^a GPU is visible \(nvidia-smi\) but pycuda cannot be imported .*"
                                           r"to measure; replay a recording instead$"):
        choose.LocalSpec().open()
    with pytest.raises(BackendError, match=r"^nope: a GPU is visible \(nvidia-smi\).*; no H200 recording"):
        replay_source(Backend(), "nope")
    monkeypatch.setenv(choose.FORCE_REPLAY_ENV, "1")
    assert choose.no_gpu_words() == "no GPU here"


def test_an_nvidia_smi_that_lists_no_gpu_leaves_the_plain_words(gpu_without_pycuda, tmp_path):
    (tmp_path / "fake-bin" / "nvidia-smi").write_text("#!/bin/sh\necho 'No devices were found'; exit 6\n")
    assert choose.unusable_gpu() is None and choose.no_gpu_words() == "no GPU here"


def test_the_local_pool_refuses_gpus_this_machine_does_not_have(monkeypatch):
    # was: a GPU worker started for each index asked, failing in a traceback (record --gpus 3 on a machine without)
    with pytest.raises(BackendError, match=r"^--gpus 3: no GPU visible here"):
        open_runner(Backend(gpus=(3,)))
    monkeypatch.setattr(choose, "gpu_count", lambda: 2)
    with pytest.raises(BackendError, match=r"^--gpus 0,2: this machine has 2 GPUs \(indices 0\.\.1\)$"):
        open_runner(Backend(gpus=(0, 2)))
