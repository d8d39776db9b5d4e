"""benchmarks/profile_kernels.py's reading of ncu's CSV, on a real recording: the report of one peer case
(cuBLAS at 64 x 8192 x 8192 on the H200, 2026-12-05, two kernels in the profiled range). The counters
themselves come from the GPU only."""
import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("profile_kernels", ROOT / "benchmarks" / "profile_kernels.py")
prof = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(prof)

CSV = ROOT / "benchmarks" / "h200-2026-12-05c" / "call1" / "profile" / "cublas_64x8192x8192.ncu.csv"


def test_every_kernel_of_a_peer_range_is_read_with_its_launch_and_metrics():
    per = prof.ncu_rows(CSV.read_text())
    names = list(per)
    assert len(names) == 2
    assert "tilesize64x256x8_stage3" in names[0] and "execute_kernel" in names[0]
    assert "split_k_kernel" in names[1]
    main = per[names[0]]
    assert main["grid"] == "(1, 32, 8)" and main["block"] == "(128, 1, 1)"
    assert main["Duration"] == "182,624 ns" and main["Registers Per Thread"] == "255 register/thread"
    assert main["dram__bytes_read.sum"] == "272,325,120 byte"
    assert per[names[1]]["Duration"] == "15,904 ns"


def test_no_csv_gives_no_rows():
    assert prof.ncu_rows("==PROF== Disconnected\n") == {}


def test_a_bad_case_is_refused_in_one_line_before_anything_is_profiled():
    good = {"label": "a", "template": "sgemm", "problem": {"M": 64, "N": 64, "K": 64}}
    prof.check_cases([dict(good, genome={}), dict(good, peer="compile")], "cases.json")
    for bad, says in (([dict(good, peer="cublas")], "peer 'cublas' is not"),
                      ([dict(good, peer="eager", genome={})], "a genome or a peer, not both"),
                      ([good], "a genome or a peer"),
                      ([{"label": "x"}], "needs label, template and problem"),
                      ({"label": "x"}, "expected a list")):
        with pytest.raises(SystemExit, match=says) as e:
            prof.check_cases(bad, "cases.json")
        assert str(e.value).startswith("cases.json") and "\n" not in str(e.value)


SOURCE = (ROOT / "benchmarks" / "h100-2026-12-05f" / "call6" / "profile"
          / "sgemm_179x457x2545_64x64_8x4_split8.source.csv.gz")


def test_the_source_page_is_summed_by_opcode_and_stall_reason():
    # ncu's source page (SASS, one sgemm launch on an H100): a "Kernel Name" line, then the table
    import gzip

    lines = prof.source_summary(gzip.decompress(SOURCE.read_bytes()).decode(), "case")
    text = "\n".join(lines)
    assert lines[0] == "### case" and "2872 samples (Warp Stall Sampling (All Samples))." in text
    assert "By opcode: FFMA 53%, LDS 10%" in text and "By stall reason: selected 29%, no_inst 18%" in text
    assert "| 63 | 2.2 | `ERRBAR` | membar 63 |" in text
    assert sum(line.startswith("| ") and "`" in line for line in lines) == 12


def test_a_source_page_without_a_table_gives_no_lines():
    assert prof.source_summary('"Kernel Name","sgemm"\nno table\n', "case") == []
