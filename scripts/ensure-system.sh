#!/usr/bin/env bash
# Installs what a fresh Debian machine of this kind lacks: pnpm (pinned), and — for the tests — Debian's
# chromium and chromium-headless-shell, postgresql, haproxy, poppler-utils and the Noto CJK fonts; for the
# benches (--bench), postgresql, wrk and chromium (Lighthouse and the page benches). Idempotent: it installs
# only what is missing.
set -euo pipefail
need_tests="${1:-}"

if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version)" != "12.21.0" ]; then
  echo "[setup] installing pnpm 12.21.0"
  npm install -g --silent pnpm@12.21.0
fi

if [ "$need_tests" = "--tests" ]; then
  missing=()
  # The browsers of the Playwright suites (e2e/support/browser.ts): the headless shell, and the full
  # browser for the fit check.
  [ -x /usr/lib/chromium/chromium-headless-shell ] || missing+=(chromium-headless-shell)
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  command -v pg_ctlcluster >/dev/null 2>&1 || missing+=(postgresql)
  # The load balancer in front of two server instances (e2e/cluster).
  command -v haproxy >/dev/null 2>&1 || missing+=(haproxy)
  command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils) # loans: contract PDF tests
  # Chinese, Japanese and Korean glyphs, so the fit check measures CJK pages as customers see them (and the
  # screenshots show text, not boxes).
  [ -d /usr/share/fonts/opentype/noto ] || missing+=(fonts-noto-cjk)
  if [ "${#missing[@]}" -gt 0 ]; then
    echo "[setup] installing ${missing[*]} from Debian"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
fi

if [ "$need_tests" = "--bench" ]; then
  missing=()
  command -v pg_ctlcluster >/dev/null 2>&1 || missing+=(postgresql)
  # The load generator of the order bench (server/bench/trading-orders.ts): written in C, it leaves the two
  # cores to the server and the database.
  [ -x /usr/bin/wrk ] || missing+=(wrk)
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  if [ "${#missing[@]}" -gt 0 ]; then
    echo "[setup] installing ${missing[*]} from Debian"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
fi
