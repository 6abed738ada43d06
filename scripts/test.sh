#!/usr/bin/env bash
# Quick start, command 2: installs what is needed (pnpm, Debian's chromium, postgresql, haproxy, poppler-utils,
# CJK fonts) and runs every check and test: lint and types, dependency boundaries, unit and component tests,
# server tests on a real PostgreSQL and on PGlite (every database file on PostgreSQL; on PGlite those about
# what lies below the SQL and the randomized ones of money, orders and jobs), the Playwright end-to-end suite
# against the built site and the real server on PGlite, every route in five languages at two widths (nothing
# may overflow, no English on other-language pages, no serious axe violation: English at the desktop width,
# Arabic at the phone width) and the back office's screens at both, and two server instances behind a load
# balancer.
#
# Two cores, one build, two lanes (docs/performance.md, "The test command"):
#   browsers: Playwright end-to-end, then the fit check, then the cluster. They mostly wait (on the server, on
#             timers such as the NFT auction), so they run at normal priority and keep their timing.
#   jest:     every package's Jest tests and the server's on PGlite in one Jest run with two workers, then the
#             server files that reach a database on PostgreSQL. CPU-bound: it runs at a lower priority and
#             takes what the browsers leave.
# Each stage prints its own duration; the summary names every failed, flaky and not-run test and the ten
# slowest test files. Past 25 minutes the run stops and fails: CI's limit is 90, and the budget is 20.
set -euo pipefail
# Job control: each lane below is a process group of its own, so the guard can stop a lane and everything it
# started (browsers, servers, Jest workers) at once.
set -m
cd "$(dirname "$0")/.."
started=$(date +%s)
budget_seconds=${TEST_BUDGET_SECONDS:-1500}
# The test command is CI's command, and runs as CI does wherever it runs: Playwright retries a failed test once
# (a retry that passes is reported as flaky) and records a trace only for that retry.
export CI=${CI:-true}
elapsed() { echo $(($(date +%s) - started)); }

# The guard: past the budget every lane is stopped and the run fails, saying so.
lane_log=$(mktemp -d)
# Every process this run starts carries this mark in its environment, also those that leave the lane's
# process group (Playwright starts its web servers in groups of their own).
export SWX_TEST_RUN="$$-$started"
stop_lanes() {
  # An interrupt first: Playwright then stops its web servers and runs the specs' clean-up.
  for lane in ${browsers:-} ${jests:-}; do kill -INT -- "-$lane" 2>/dev/null || true; done
  sleep 10
  for lane in ${browsers:-} ${jests:-}; do kill -TERM -- "-$lane" 2>/dev/null || true; done
  for environ in /proc/[0-9]*/environ; do
    pid=${environ#/proc/}
    pid=${pid%/environ}
    if [ "$pid" != "$$" ] && grep -qz "^SWX_TEST_RUN=$SWX_TEST_RUN\$" "$environ" 2>/dev/null; then kill -TERM "$pid" 2>/dev/null || true; fi
  done
  sleep 1
  for log in "$lane_log"/*.log; do
    [ -f "$log" ] || continue
    echo
    echo "=== the last lines of the $(basename "$log" .log) lane when it was stopped"
    tail -n 60 "$log"
  done
}
trap 'echo; echo "=== FAILED: the test command passed $((budget_seconds / 60)) minutes ($(elapsed)s) and was stopped; see the stage times above"; stop_lanes; exit 1' USR1
(sleep "$budget_seconds" && kill -USR1 $$ 2>/dev/null) &
guard=$!

# A command with the processor time it and its children used, printed after it: on a machine shared by two
# lanes the wall time of a stage depends on the other lane, its processor time does not.
cpu_timed() {
  local TIMEFORMAT="=== processor time: %U s user, %S s system (wall %R s)"
  time "$@"
}

stage_started=$started
stage() {
  local now
  now=$(date +%s)
  [ -n "${stage_name:-}" ] && echo "=== done: $stage_name in $((now - stage_started))s"
  stage_name=$1
  stage_started=$now
  echo
  echo "=== $1 (at $((now - started))s)"
}

stage "install (Debian packages, pnpm, dependencies)"
bash scripts/ensure-system.sh --tests
pnpm install --frozen-lockfile

rm -rf .test-results ./*/.test-results
# Every package writes its JSON report into its own .test-results/ (Jest does not create the folder).
for manifest in */package.json; do mkdir -p "$(dirname "$manifest")/.test-results"; done
mkdir -p .test-results
status=0

stage "lint, formatting, types and the build, side by side"
# Four jobs that share nothing: ESLint and Prettier are single-threaded, the type check is three programs,
# the build runs two webpack builds at a time; together they keep both cores busy. Each job's output is
# shown when it is done, with its own duration.
checks_log=$(mktemp -d)
side_by_side() {
  local name=$1 started_at
  shift
  started_at=$(date +%s)
  if cpu_timed "$@" >"$checks_log/$name.log" 2>&1; then
    echo "=== done: $name in $(($(date +%s) - started_at))s" >>"$checks_log/$name.log"
  else
    echo "=== FAILED: $name after $(($(date +%s) - started_at))s" >>"$checks_log/$name.log"
    return 1
  fi
}
checks=()
side_by_side eslint pnpm exec eslint . &
checks+=($!)
side_by_side prettier pnpm exec prettier --check . &
checks+=($!)
side_by_side types pnpm run typecheck &
checks+=($!)
side_by_side build pnpm build &
checks+=($!)
for check in "${checks[@]}"; do wait "$check" || status=1; done
for name in eslint prettier types build; do
  echo "--- $name"
  tail -n 40 "$checks_log/$name.log"
done
rm -rf "$checks_log"
# Nothing after this point means anything without a clean build.
if [ "$status" -ne 0 ]; then
  echo "=== FAILED: lint, formatting, types or the build (above)"
  exit 1
fi

stage "dependency boundaries, release commands, compatibility gate and the start script's build skip"
pnpm run check:boundaries || status=1
pnpm run test:scripts || status=1

stage "tests: the browser lane and the Jest lane side by side"
TEST_DATABASE_URL=$(bash scripts/postgres.sh)

# The browser lane: each suite's own duration goes into its log.
(
  lane_status=0
  run() {
    local name=$1 report=$2 started_at
    shift 2
    started_at=$(date +%s)
    echo "=== $name"
    PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/e2e/.test-results/$report" cpu_timed "$@" --reporter=list,json || lane_status=1
    echo "=== done: $name in $(($(date +%s) - started_at))s"
  }
  run "end-to-end (Playwright, Debian's chromium, desktop and mobile)" playwright.json pnpm --dir e2e run test
  run "every route fits, in its language, accessibly: five languages at 1440 and 390 px" playwright-fit.json \
    pnpm --dir e2e run test:fit
  run "several instances on one PostgreSQL behind haproxy" playwright-cluster.json pnpm --dir e2e run test:cluster
  exit "$lane_status"
) >"$lane_log/browsers.log" 2>&1 &
browsers=$!

# The Jest lane, at a lower priority than the browsers.
(
  lane_status=0
  started_at=$(date +%s)
  echo "=== unit, component and server tests on PGlite (one Jest run, every package, two workers)"
  export NODE_OPTIONS="--experimental-vm-modules --no-warnings=ExperimentalWarning"
  # The server's test files run a few to a Jest module registry (server/jest.bundles.cjs), each file still on
  # its own database: the two passes then take about a quarter less processor time. Every database file runs
  # on PostgreSQL; on PGlite those about what lies below the SQL, and the randomized ones about money, orders
  # and jobs, which run half their cases on each database (server/jest.database-files.cjs,
  # server/src/test/property-runs.ts). The browser packages' test files run sixteen to a registry and jsdom
  # window as well (shared/jest/bundles.cjs), those that mock a module alone.
  export SWX_TEST_BUNDLES=1
  cpu_timed nice -n 10 pnpm exec jest --maxWorkers=2 --json --outputFile=.test-results/jest.json || lane_status=1
  echo "=== done: PGlite and every package in $(($(date +%s) - started_at))s"
  started_at=$(date +%s)
  echo "=== server tests on PostgreSQL (the files that reach a database, two workers)"
  TEST_DATABASE_URL=$TEST_DATABASE_URL cpu_timed nice -n 10 pnpm exec jest --selectProjects server --maxWorkers=2 \
    --json --outputFile=.test-results/jest-postgres.json || lane_status=1
  echo "=== done: PostgreSQL in $(($(date +%s) - started_at))s"
  exit "$lane_status"
) >"$lane_log/jest.log" 2>&1 &
jests=$!

wait "$jests" || status=1
stage "tests: the Jest lane's output"
cat "$lane_log/jest.log"
wait "$browsers" || status=1
stage "tests: the browser lane's output"
cat "$lane_log/browsers.log"
rm -rf "$lane_log"

stage "summary"
kill "$guard" 2>/dev/null || true
node scripts/summarise-tests.mjs || status=1
total=$(elapsed)
echo "total time ${total}s ($((total / 60)) min $((total % 60)) s; budget 20 min, stopped at $((budget_seconds / 60)))"
exit "$status"
