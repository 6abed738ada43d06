#!/usr/bin/env bash
# Runs a command and prints the whole machine's busy processor time while it ran (user, nice, system, irq,
# softirq and steal from /proc/stat), which counts every process the command started, also those a
# per-process count misses (Chromium's own processes). Meaningful on an otherwise quiet machine.
#   bash scripts/bench/machine-cpu.sh bash .ci/run
set -uo pipefail
busy() { awk '/^cpu /{print $2 + $3 + $4 + $7 + $8 + $9}' /proc/stat; }
ticks=$(getconf CLK_TCK)
before=$(busy)
"$@"
status=$?
after=$(busy)
echo "=== machine busy processor time: $(((after - before) / ticks)) s"
exit "$status"
