"""The ``evo-kernels`` command line: wires templates, builder, runners, strategies and store.

Every user error ends as one line on stderr that names the file or value at fault, with exit
status 2; nothing is written before the inputs are known to be good.

This module is the entry point: the parser, whose subcommands and flags each command module adds
(``cli_templates``: list, compile; ``cli_measure``: tune, batch, record; ``cli_results``:
leaderboard, export, report), and the one place where an error becomes what the user sees.
"""
from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from evo_kernels import cli_measure, cli_results, cli_templates
from evo_kernels.cli_args import UsageError, dash_values, error_line
from evo_kernels.genome import InvalidGenome
from evo_kernels.template import TemplateError
from evo_kernels.tune_config import TuneError


class _Parser(argparse.ArgumentParser):
    """argparse, with its errors (a flag's missing or mistyped value) one line like every other
    user error: the usage is what --help is for."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {' '.join(message.split())} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="evo-kernels", description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="command", required=True)  # each a _Parser too

    cli_templates.add_parsers(sub)  # list, compile
    cli_measure.add_tune_parsers(sub)  # tune, batch
    cli_results.add_parsers(sub)  # leaderboard, export, report
    cli_measure.add_record_parser(sub)  # record

    s = sub.add_parser("bench-search", add_help=False, help="compare strategies on recorded spaces")
    s.set_defaults(func=None)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["bench-search"]:  # its options are bench_search's own, documented once there
        from evo_kernels import bench_search

        return bench_search.main(argv[1:])
    args = build_parser().parse_args(dash_values(argv))
    return run_command(args)


def run_command(args: argparse.Namespace) -> int:
    """The one place where an error becomes what the user sees: bad input one line on stderr
    (status 2, nothing written: every check runs first), a closed pipe on stdout silence, Ctrl-C
    one line saying how to resume (status 130)."""
    from evo_kernels import interrupts
    from evo_kernels.settings import SettingError
    from evo_kernels.store_file import StoreError

    previous = interrupts.install()
    try:
        return args.func(args)
    except (UsageError, TemplateError, InvalidGenome, TuneError, SettingError, StoreError) as exc:
        print(error_line(exc), file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader (say `| head`) is gone: nothing more can be shown, and Python must not try
        # again at exit; 141 is what a shell reports for a command ended by SIGPIPE.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except KeyboardInterrupt:
        again = ("; run the same command again to resume: every finished evaluation is in the database, the "
                 "search state in its last checkpoint") if args.command in ("tune", "batch") else ""
        print(f"\nevo-kernels: interrupted{again}", file=sys.stderr)
        return 130
    finally:
        interrupts.restore(previous)


if __name__ == "__main__":
    sys.exit(main())
