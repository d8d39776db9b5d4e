#!/usr/bin/env bash
# Run a batch file detached from the terminal, with a log: survives logout; start it again after a
# crash or a kill and it resumes from the database and the population checkpoints.
#   scripts/overnight.sh JOBS.toml [LOG]
set -euo pipefail
JOBS=${1:?usage: scripts/overnight.sh JOBS.toml [LOG]}
LOG=${2:-${JOBS%.toml}.log}
cd "$(dirname "$0")/.."
EK=.venv/bin/evo-kernels
[ -x "$EK" ] || bash scripts/setup.sh
nohup setsid "$EK" batch "$JOBS" >> "$LOG" 2>&1 < /dev/null &
echo "batch $JOBS running as pid $!; log: $LOG (the leaderboard degrades to plain lines there)"
