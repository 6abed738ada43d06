#!/usr/bin/env bash
# Lighthouse 12.8.2 (the last release supporting Node 20) mobile run of the home page against a running
# production server, in Debian's Chromium. Budgets (docs/performance/front-end.md): performance >= 90,
# LCP <= 2.5 s, CLS <= 0.05. Writes the full report next to the summary.
#
#   bash scripts/bench/lighthouse-home.sh [http://127.0.0.1:8080/]
set -euo pipefail
cd "$(dirname "$0")/../.."
url="${1:-http://127.0.0.1:8080/}"
out="${BENCH_OUT:-${TMPDIR:-/tmp}/swx-bench}"
mkdir -p "$out"
export CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"
npm exec --yes --package=lighthouse@12.8.2 -- lighthouse "$url" \
  --only-categories=performance \
  --form-factor=mobile \
  --chrome-flags="--no-sandbox --headless=new --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run --disable-quic" \
  --output=json --output=html --output-path="$out/lighthouse-home" \
  --quiet
node scripts/bench/lighthouse-summary.mjs "$out/lighthouse-home.report.json"
