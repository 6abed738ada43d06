#!/usr/bin/env bash
# Times `scripts/start.sh` from launch until the site serves: the shell's page at / and the API's /healthz
# both answer 200. Runs it RUNS times in a row on the same data folder (the first may build; the next ones are
# the restarts of an unchanged tree), stopping the server with SIGTERM after each (its graceful shutdown).
#   bash scripts/bench/start-restart.sh                 3 runs on port 8790, data in a temporary folder
#   RUNS=5 PORT=8791 bash scripts/bench/start-restart.sh
# Prints one line per run and the build decision start.sh printed. docs/performance.md, "Starting the site".
set -euo pipefail
cd "$(dirname "$0")/../.."
runs="${RUNS:-3}"
port="${PORT:-8790}"
data="${DATA_DIR:-$(mktemp -d /tmp/swx-start-bench.XXXXXX)}"
echo "[bench] ${runs} starts on port ${port}, data in ${data}, load average $(cut -d' ' -f1-3 /proc/loadavg)"
for run in $(seq 1 "$runs"); do
  log="$(mktemp /tmp/swx-start-log.XXXXXX)"
  started=$(date +%s.%N)
  # setsid: the server and the pnpm processes above it form one group, stopped together below.
  PORT="$port" DATA_DIR="$data" setsid bash scripts/start.sh >"$log" 2>&1 &
  leader=$!
  served=""
  for _ in $(seq 1 1800); do
    if curl -fsS -o /dev/null "http://127.0.0.1:${port}/" 2>/dev/null &&
      curl -fsS -o /dev/null "http://127.0.0.1:${port}/healthz" 2>/dev/null; then
      served=$(date +%s.%N)
      break
    fi
    if ! kill -0 "$leader" 2>/dev/null; then break; fi
    sleep 0.1
  done
  decision=$(grep -m1 '^\[build\]' "$log" || echo '[build] (no line)')
  kill -TERM -- "-${leader}" 2>/dev/null || true
  wait "$leader" 2>/dev/null || true
  if [ -z "$served" ]; then
    echo "[bench] run ${run}: did not serve; log ${log}"
    tail -20 "$log"
    exit 1
  fi
  echo "[bench] run ${run}: served after $(awk "BEGIN{printf \"%.1f\", $served - $started}") s — ${decision}"
  rm -f "$log"
done
