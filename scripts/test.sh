#!/usr/bin/env bash
# Quick start, command 2: installs what is needed (pnpm, Debian's chromium and postgresql) and runs every
# check and test: lint and types, dependency boundaries, unit and component tests, server tests on PGlite
# and on a real PostgreSQL, the Playwright end-to-end suite against the built site and real server, every route
# in ten languages at two widths (nothing may overflow, no English on other-language pages, no serious axe
# violation in English and Arabic), and two server instances behind a load balancer.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
bash scripts/ensure-system.sh --tests
pnpm install --frozen-lockfile

rm -rf .test-results ./*/.test-results
# Every package writes its JSON report into its own .test-results/ (Jest does not create the folder).
for manifest in */package.json; do mkdir -p "$(dirname "$manifest")/.test-results"; done
step() { echo; echo "=== $1 ($(( $(date +%s) - started ))s)"; }

step "lint, formatting and types"
pnpm lint

step "build"
pnpm build

step "dependency boundaries"
pnpm run check:boundaries

step "release commands and compatibility gate (node --test)"
pnpm run test:release-scripts || status=$?

# The server's suite runs twice, on PGlite and on PostgreSQL. The PostgreSQL run spends much of its time
# waiting on the database's own processes, so it runs alongside the PGlite and front-end runs (two cores),
# its output kept aside and shown once both are done.
step "server tests on PostgreSQL (in the background) and unit, component and server tests on PGlite"
TEST_DATABASE_URL=$(bash scripts/postgres.sh)
postgres_log=$(mktemp)
(TEST_DATABASE_URL=$TEST_DATABASE_URL pnpm --dir server run test --json --outputFile=.test-results/jest-postgres.json \
  >"$postgres_log" 2>&1) &
postgres_run=$!
unset TEST_DATABASE_URL
pnpm -r --no-bail --workspace-concurrency=1 --filter '!@swx/e2e' --if-present run test --json --outputFile=.test-results/jest.json \
  || status=$?
postgres_status=0
wait "$postgres_run" || postgres_status=$?

step "server tests on PostgreSQL: their output"
cat "$postgres_log"
rm -f "$postgres_log"
if [ "$postgres_status" -ne 0 ]; then status=$postgres_status; fi

step "end-to-end (Playwright, Debian's chromium)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/e2e/.test-results/playwright.json" pnpm --dir e2e run test --reporter=list,json || status=$?

step "every route fits, in its language, accessibly: ten languages at 1440 and 390 px (Playwright)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/e2e/.test-results/playwright-fit.json" pnpm --dir e2e run test:fit --reporter=list,json || status=$?

step "several instances on one PostgreSQL behind haproxy (Playwright)"
PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/e2e/.test-results/playwright-cluster.json" pnpm --dir e2e run test:cluster --reporter=list,json || status=$?

step "summary"
node scripts/summarise-tests.mjs
echo "total time $(( $(date +%s) - started ))s"
exit "${status:-0}"
