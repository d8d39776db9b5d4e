"""The flag values every command parses alike (evo_kernels/cli_args.py): each bad one is a UsageError of one
line naming the flag (the CLI prints it and exits 2), each good one the value the commands get."""
import json
import re

import pytest

from evo_kernels.cli_args import (UsageError, at_least, dash_values, duration_s, forbid_list, kv_list,
                                  parse_genome, problem_size)


def test_a_genome_is_json_text_or_a_json_file(tmp_path):
    assert parse_genome('{"TileLoops": 64}') == {"TileLoops": 64}
    f = tmp_path / "g.json"
    f.write_text(json.dumps({"UnrollLoop": True}))
    assert parse_genome(str(f), "--start") == {"UnrollLoop": True}
    f.write_text("[1, 2]")
    with pytest.raises(UsageError, match=rf"^--start {f}: a genome is a JSON object of gene names to values$"):
        parse_genome(str(f), "--start")
    with pytest.raises(UsageError, match=r"^--genome: not valid JSON: "):
        parse_genome('{"TileLoops": }')


def test_a_genome_file_that_is_missing_broken_or_unreadable_is_named(tmp_path):
    # was: a missing file said "--genome: not valid JSON: Expecting value", as if its path were the JSON; a folder
    # ended in an IsADirectoryError traceback
    missing = tmp_path / "nonexist.json"
    with pytest.raises(UsageError, match=rf"^--genome: no such file: {missing} \(a genome is a JSON object"):
        parse_genome(str(missing))
    f = tmp_path / "g.json"
    f.write_text("{bad")
    with pytest.raises(UsageError, match=rf"^--start {f}: not valid JSON: Expecting property name"):
        parse_genome(str(f), "--start")
    with pytest.raises(UsageError, match=rf"^--genome {tmp_path}: cannot read: Is a directory$"):
        parse_genome(str(tmp_path))


def test_name_value_lists_and_their_errors():
    assert kv_list([" TileLoops = 64", "UnrollLoop=true"], "--pin") == {"TileLoops": "64", "UnrollLoop": "true"}
    assert kv_list(None, "--pin") == {} and kv_list(["a=b=c"], "--pin") == {"a": "b=c"}
    with pytest.raises(UsageError, match=r"^--pin 'TileLoops': expected NAME=VALUE$"):
        kv_list(["TileLoops"], "--pin")
    with pytest.raises(UsageError, match=r"^--forbid '=64': expected NAME=VALUE, the name is empty$"):
        kv_list(["=64"], "--forbid")


@pytest.mark.parametrize("items, want", [(["M=4096", "N=8", "K=16"], {"M": 4096, "N": 8, "K": 16}),
                                         (["M=4096,N=8", "K=16"], {"M": 4096, "N": 8, "K": 16}),
                                         (["R=5,", ",C=7"], {"R": 5, "C": 7}), (None, None), ([], None)])
def test_problem_sizes_in_either_form(items, want):
    assert problem_size(items) == want


@pytest.mark.parametrize("items, says", [(["M=4096", "M=8"], "--size: M is given twice"),
                                         (["M=1e3"], "--size 'M=1e3': a size is an integer"),
                                         (["M"], "--size 'M': expected NAME=VALUE"),
                                         (["=7"], "the name is empty")])
def test_a_bad_size_is_one_line_naming_the_flag(items, says):
    with pytest.raises(UsageError) as e:
        problem_size(items)
    assert says in str(e.value) and "\n" not in str(e.value)


def test_at_least():
    at_least(1, 1, "--sample")
    with pytest.raises(UsageError, match=r"^--sample 0: must be at least 1$"):
        at_least(0, 1, "--sample")


def test_a_gene_pinned_twice_to_different_values_is_refused():
    # audit 10: `--pin TileLoops_M=64 --pin TileLoops_M=128` ran with 128, the first pin silently dropped
    with pytest.raises(UsageError, match=r"^--pin: TileLoops_M is given twice, as 64 and as 128$"):
        kv_list(["TileLoops_M=64", "TileLoops_M=128"], "--pin")
    assert kv_list(["TileLoops_M=64", " TileLoops_M = 64"], "--pin") == {"TileLoops_M": "64"}  # the same pin twice


def test_repeated_forbids_of_one_gene_add_up():
    # `--forbid G=1 --forbid G=2` forbade 2 alone: the name-value list kept the last of each name
    assert forbid_list(["TileLoops=16,32", "TileLoops=64", "UnrollLoop=0", "TileLoops=32"]) == {
        "TileLoops": ["16", "32", "64"], "UnrollLoop": ["0"]}
    assert forbid_list(None) == {}
    with pytest.raises(UsageError, match=r"^--forbid 'TileLoops': expected NAME=VALUE$"):
        forbid_list(["TileLoops"])


@pytest.mark.parametrize("command", ["tune", "record"])
def test_a_template_name_after_size_is_named_as_the_cause(capsys, command):
    # audit 11: `tune --size M=2048 N=2048 K=2048 sgemm` said "the following arguments are required: template": --size
    # had taken the template's name as a size
    from evo_kernels.cli import main

    with pytest.raises(SystemExit) as e:
        out = ["--out", "x.gz"] if command == "record" else []
        main([command, "--size", "M=2048", "N=2048", "K=2048", "sgemm", *out])
    err = capsys.readouterr().err.strip()
    assert e.value.code == 2 and "\n" not in err, err
    assert "argument --size: sgemm is not NAME=INT: put the template name before --size" in err, err


def test_the_readmes_synopses_name_every_flag_of_their_command():
    # audit 15: the synopses left out batch --ahead and --json, report --template (and compile --cache)
    import argparse
    import re
    from pathlib import Path

    from evo_kernels.cli import build_parser

    block = Path(__file__).resolve().parent.parent.joinpath("README.md").read_text().split("## Commands")[1]
    synopsis: dict[str, str] = {}
    command = None
    for line in block.split("\n\n")[1].splitlines():  # the indented block under the heading
        if m := re.match(r"    evo-kernels (\S+)", line):
            command = m.group(1)
        elif not line.startswith("     "):  # a script's line
            command = None
        if command:
            synopsis[command] = synopsis.get(command, "") + " " + line
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    missing = {name: [f for a in parser._actions for f in a.option_strings[-1:]
                      if f != "--help" and not re.search(rf"{re.escape(f)}\b", synopsis.get(name, ""))]
               for name, parser in sub.choices.items() if name != "bench-search"}
    assert not any(missing.values()), missing


@pytest.mark.parametrize("text, seconds", [("90", 90), ("90s", 90), ("30m", 1800), ("5min", 300), ("8h", 28800),
                                           ("1h30m", 5400), ("1m30s", 90), ("1.5h", 5400), ("2d", 172800),
                                           ("1h 30min", 5400)])
def test_a_duration_is_seconds_or_amounts_with_units(text, seconds):
    assert duration_s(text) == seconds   # 1h30m, 1m30s and 5min were refused


@pytest.mark.parametrize("text, says", [
    ("0s", "--time 0s: must be more than 0"), ("-5s", "--time -5s: must be more than 0"),
    ("5y", "--time 5y: expected a duration like"), ("1h1h", "--time 1h1h: expected"), ("inf", "--time inf: expected"),
    ("", "--time '': expected"), ("h", "--time h: expected")])
def test_a_bad_duration_names_what_was_typed(text, says):
    with pytest.raises(UsageError, match="^" + re.escape(says)):
        duration_s(text)


def test_a_duration_flag_takes_a_value_that_starts_with_a_dash():
    assert dash_values(["tune", "t", "--time", "-5s", "--budget", "3"]) == ["tune", "t", "--time=-5s", "--budget", "3"]
    assert dash_values(["--time", "--budget", "3"]) == ["--time", "--budget", "3"]   # a flag stays a flag
    assert dash_values(["--seed", "-5s", "--time"]) == ["--seed", "-5s", "--time"]
