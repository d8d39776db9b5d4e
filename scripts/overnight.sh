#!/usr/bin/env bash
# Run a batch file detached from the terminal, with a log: survives logout; start it again after a
# crash or a kill and it resumes from the database and the population checkpoints.
#   scripts/overnight.sh JOBS.toml [LOG]
# JOBS and LOG are paths from the folder this is run in (LOG defaults to JOBS with .log for .toml, beside it),
# and the batch runs in that folder, as `evo-kernels batch JOBS.toml` run there does (relative paths inside the
# file are read against the file's own folder either way: docs/batch.md). A JOBS that is not a file, or a LOG
# that cannot be written, is one line and exit status 2, before anything is detached.
set -euo pipefail
usage="usage: scripts/overnight.sh JOBS.toml [LOG]"
JOBS=${1:?$usage}
if [ ! -f "$JOBS" ]; then
  echo "scripts/overnight.sh: $JOBS: batch file not found ($usage)" >&2
  exit 2
fi
JOBS=$(realpath "$JOBS")
LOG=$(realpath -m "${2:-${JOBS%.toml}.log}")
if ! { : >> "$LOG"; } 2>/dev/null; then
  echo "scripts/overnight.sh: $LOG: cannot write the log there" >&2
  exit 2
fi
ROOT=$(cd "$(dirname "$0")/.." && pwd)
EK=$ROOT/.venv/bin/evo-kernels
[ -x "$EK" ] || (cd "$ROOT" && bash scripts/setup.sh)
start=$(stat -c %s "$LOG")   # the log is appended to: what this batch writes starts here
nohup setsid "$EK" batch "$JOBS" >> "$LOG" 2>&1 < /dev/null &
pid=$!
# The batch checks its whole file before its first line (docs/batch.md): wait for that line (at most 60 s) so that a
# file it refuses is said here, with its exit status, not only in the log after "running".
for _ in $(seq 600); do
  kill -0 "$pid" 2>/dev/null || break
  [ "$(stat -c %s "$LOG")" -gt "$start" ] && break
  sleep 0.1
done
if tail -c +$((start + 1)) "$LOG" | grep -q '^evo-kernels: error: '; then   # refused: it exits right after
  for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
fi
if ! kill -0 "$pid" 2>/dev/null; then
  rc=0
  wait "$pid" || rc=$?
  if [ "$rc" -ne 0 ]; then
    tail -c +$((start + 1)) "$LOG" >&2
    echo "scripts/overnight.sh: the batch stopped at once (exit status $rc; logged in $LOG)" >&2
    exit "$rc"
  fi
fi
echo "batch $JOBS running as pid $pid; log: $LOG (the leaderboard degrades to plain lines there)"
