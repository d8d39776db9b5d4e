"""The leaderboard reads at 80 columns on a terminal and degrades to plain lines in a log."""
import io

from rich.console import Console

from evo_kernels.leaderboard import LiveLeaderboard, plain_lines, problem_label, table
from evo_kernels.records import Candidate
from evo_kernels.runners.replay import load_space
from evo_kernels.tuning import RECORDINGS


def replayed(n: int = 12):
    rp = load_space(RECORDINGS / "sgemm.json.gz")  # real H200 measurements, replayed
    ev = rp.evaluator()
    return ev.evaluate([Candidate("sgemm", g, rp.problem, rp.space.key(g)) for g in rp.genomes()[:n]])


def test_table_fits_80_columns_without_truncation():
    board = LiveLeaderboard(budget=12, nbytes=4 * 3 * 2048**2, flops=2 * 2048**3, stream=io.StringIO())
    for i, ev in enumerate(replayed(), 1):
        board.update(ev, i, member=i % 4, generation=i // 4)
    console = Console(width=80, force_terminal=True, color_system=None)
    with console.capture() as cap:
        console.print(table(board.rows, "best"))
    lines = cap.get().splitlines()
    assert max(len(line.rstrip()) for line in lines) <= 80
    assert not any("…" in line for line in lines)
    assert len(board.rows) == 8 and board.rows[0]["fitness"] >= board.rows[-1]["fitness"]


def test_plain_lines_when_not_a_terminal():
    out = io.StringIO()
    with LiveLeaderboard(budget=12, nbytes=1, flops=10, stream=out, note="replaying") as board:
        for i, ev in enumerate(replayed(), 1):
            board.update(ev, i)
    text = out.getvalue()
    assert text.startswith("replaying\n") and "new best" in text and "\x1b[" not in text
    assert plain_lines(board.rows[:1])[0].startswith(" 1 sgemm 2048^3")


def test_problem_label():
    assert problem_label({"M": 4096, "N": 4096, "K": 4096}) == "4096^3"
    assert problem_label({"R": 4093, "C": 4091}) == "4093x4091"


def test_progress_busy_fractions_are_of_the_parallel_jobs_and_replay_says_so():
    board = LiveLeaderboard(100, 0, 0, stream=io.StringIO(), compile_jobs=16)
    board.spent, board.compile_s, board.gpu_s = 10, 80.0, 2.0
    board._start -= 10.0  # 10 s of wall time: 80 compile seconds over 16 jobs is half of their capacity
    line = board.progress()
    assert "compile 50%" in line and "GPU 20%" in line, line
    board.compile_s = 1000.0  # never more than all of them
    assert "compile 100%" in board.progress()
    replayed = LiveLeaderboard(100, 0, 0, stream=io.StringIO(), replay=True)
    replayed.compile_s = 1000.0
    assert replayed.progress().endswith("replay (nothing compiled or run)") and "%" not in replayed.progress()
