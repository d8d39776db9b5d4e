"""The leaderboard reads at 80 columns on a terminal and degrades to plain lines in a log."""
import io
import time

from rich.console import Console

from evo_kernels.template import load_template
from evo_kernels.leaderboard import LiveLeaderboard, plain_lines, problem_label, table
from evo_kernels.records import Candidate
from evo_kernels.runners.replay import load_space
from evo_kernels.runners.choose import RECORDINGS


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
    # the database returns a problem's keys sorted; the template's order (M, N, K) is how a user reads a size
    assert problem_label({"K": 1522, "M": 131, "N": 705}, "sgemm") == "131x705x1522"
    assert problem_label({"K": 1522, "M": 131, "N": 705}) == "1522x131x705"     # no template named: as given
    assert problem_label({"N": 8, "M": 9}, "no_such_template") == "8x9"


def test_progress_shows_rate_worker_busy_shares_and_stage_times_and_replay_says_so():
    from dataclasses import replace

    busy = {"wall_s": 10.0, "busy_s": [9.0, 4.5], "measured": [20, 10]}
    board = LiveLeaderboard(100, 0, 0, stream=io.StringIO(), workers=2, busy=lambda: busy)
    board._start -= 10.0  # 10 s of wall time
    for i, ev in enumerate(replayed(4), 1):
        timed = replace(ev.run, timings={"queued": 0.01, "check": 0.02, "timing": 0.05})
        board.update(replace(ev, run=timed, build=replace(ev.build, cached=False, compile_seconds=0.5)), i)
    line = board.progress()
    assert "4/100 evaluations" in line and "0.4 candidates/s" in line, line
    assert "GPU workers busy 90% 45%" in line, line
    assert "ms per candidate: queued 10, compile 500, check 20, timing 50" in line, line
    reused = replace(replayed(1)[0], reused=True)
    board.update(reused, 5)  # served from the database: no stage time of its own
    assert "compile 500" in board.progress()
    rep = LiveLeaderboard(100, 0, 0, stream=io.StringIO(), replay=True)
    rep.update(replayed(1)[0], 1)
    assert rep.progress().endswith("replay (nothing compiled or run)") and "%" not in rep.progress()


def test_store_rows_show_the_best_of_each_template(tmp_path):
    # 18.15: ranked together, one template's large speedups hid every other template
    from evo_kernels.leaderboard import store_rows
    from evo_kernels.store import ResultStore

    evs = {name: load_space(RECORDINGS / f"{name}.json.gz") for name in ("sgemm", "transpose")}
    with ResultStore(tmp_path / "r.db") as store:
        for name, rp in evs.items():
            got = rp.evaluator().evaluate([Candidate(name, g, rp.problem, rp.space.key(g)) for g in rp.genomes()[:30]])
            store.add_many(got, run_id=name)
        rows = store_rows(store, None, 3)
        assert [r["template"] for r in rows] == ["sgemm"] * 3 + ["transpose"] * 3
        for name in evs:
            mine = [r["fitness"] for r in rows if r["template"] == name]
            assert mine == sorted(mine, reverse=True) and mine[0] == store.top(1, template=name)[0]["fitness"]
        assert [r["template"] for r in store_rows(store, "transpose", 2)] == ["transpose"] * 2
        # ranked within each template, genomes in the template's gene order (as tune prints them)
        assert [line.split()[0] for line in plain_lines(rows)] == ["1", "2", "3"] * 2
        for r in rows:
            assert list(r["genome"]) == [g.name for g in load_template(r["template"]).space.genes]


def test_the_rate_column_names_its_unit():
    # 18.17: the live table's "T/s" did not say of what
    console = Console(width=80, force_terminal=True, color_system=None)
    board = LiveLeaderboard(budget=12, nbytes=4 * 3 * 2048**2, flops=2 * 2048**3, stream=io.StringIO())
    for i, ev in enumerate(replayed(), 1):
        board.update(ev, i)
    with console.capture() as cap:
        console.print(table(board.rows, "best"))
    assert "TFLOP/s" in cap.get() and "T/s " not in cap.get()


def test_resumed_rows_are_not_announced_again_and_no_budget_under_a_time_limit():
    out = io.StringIO()
    board = LiveLeaderboard(budget=2**62, nbytes=1, flops=10, stream=out)
    evs = sorted(replayed(), key=lambda e: e.fitness)
    with board:
        board.restore([{**plain_row(evs[-1])}])
        for i, ev in enumerate(evs[:-1], 1):
            board.update(ev, i)
    assert "new best" not in out.getvalue()  # none beats the restored best
    board.update(evs[-1], 12)
    assert "[12/" not in out.getvalue()


def plain_row(ev):
    from evo_kernels.leaderboard import row_from_evaluation

    return row_from_evaluation(ev, 1, 10)


def test_progress_counts_failures_and_infeasible_builds_in_the_summarys_words():
    # audit 15: the progress line said "16 failed" where the run's summary said "16 infeasible": builds that passed
    # but broke a limit (--max-registers) are infeasible in both, failures (a status other than ok) failed
    from dataclasses import replace

    ok, other = replayed(2)
    over_limit = replace(ok, fitness=0.0)  # passed, scored 0 by a limit of its run
    wrong = replace(other, run=replace(other.run, status="wrong_result"), fitness=0.0)
    assert (ok.outcome, over_limit.outcome, wrong.outcome) == ("ok", "infeasible", "wrong_result")
    board = LiveLeaderboard(10, 0, 0, stream=io.StringIO(), replay=True)
    for i, ev in enumerate([ok, over_limit, over_limit, wrong], 1):
        board.update(ev, i)
    assert "4/10 evaluations, 1 failed, 2 infeasible, " in board.progress(), board.progress()


def test_a_resumed_runs_rate_and_eta_count_this_sessions_evaluations_alone():
    # audit (2026-12-07h): a run resumed at 150 of 400 said "250.7 candidates/s, ETA 1 s": the 150 earlier
    # evaluations were divided by this session's second; and its first progress line came at once
    evs, out = replayed(5), io.StringIO()
    board = LiveLeaderboard(400, 0, 0, stream=out, replay=True)
    for i, ev in enumerate(evs, 151):  # resumed: 150 spent before
        board.update(ev, i)
    # 10 s into this session, set after the updates: the first one loads the template (a few tenths of a second when
    # this test runs alone), which made the ETA 503 s instead of 490
    board._start = time.monotonic() - 10.0
    line = board.progress()  # 5 in 10 s: 245 to go take 490 s (was: 150 + 5 in 10 s, ETA 16 s)
    assert "155/400 evaluations" in line and "0.5 candidates/s" in line and "ETA 49" in line, line
    assert "evaluations" not in out.getvalue().replace("new best", "")  # no progress line before 30 s


def test_watch_redraws_in_place_on_a_terminal_and_prints_a_block_per_change_in_a_log():
    from evo_kernels.leaderboard import Snapshot, watch

    board = LiveLeaderboard(budget=12, nbytes=4 * 3 * 2048**2, flops=2 * 2048**3, stream=io.StringIO())
    for i, ev in enumerate(replayed(), 1):
        board.update(ev, i)
    # readings: nothing yet, the same best rows twice, then a new best: three blocks in a log, not four
    readings = [Snapshot([], "r.db", "no database yet"), Snapshot(board.rows[1:4], "r.db: best 3 genomes", "5"),
                Snapshot(board.rows[1:4], "r.db: best 3 genomes", "6"), Snapshot(board.rows[:3], "r.db: best 3", "9")]

    def run(stream):
        it = iter(readings)
        naps = []

        def sleep(s):
            naps.append(s)
            if len(naps) == len(readings):
                raise KeyboardInterrupt   # Ctrl-C after the last reading
        assert watch(lambda: next(it), 2.5, stream, sleep) == 0
        assert naps == [2.5] * len(readings)

    log = io.StringIO()
    run(log)
    blocks = [line for line in log.getvalue().splitlines() if line.startswith("[")]
    assert [b.split("] ", 1)[1] for b in blocks] == ["r.db; no database yet", "r.db: best 3 genomes; 5",
                                                      "r.db: best 3; 9"]
    assert log.getvalue().splitlines()[-3:] == plain_lines(board.rows[:3]) and "\x1b[" not in log.getvalue()

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    term = Terminal()
    run(term)
    shown = term.getvalue()
    assert "\x1b[" in shown and "every 2.5 s; Ctrl-C stops" in shown and "best: " in shown and "TileLoops_M" in shown
