#!/usr/bin/env bash
# `npm test`: every test. Type check, unit + integration tests (PGlite, and PostgreSQL at
# 127.0.0.1:5432), a production build, then the browser tests in Debian's Chromium.
# Ends with one line "tests: N passed, N flaky, N failed, N skipped" (flaky: passed only on a retry, named above it),
# and, when a step failed without a failed test (a type error, an unhandled error in vitest, a build error), a line naming it.
set -uo pipefail
export NEXT_TELEMETRY_DISABLED=1
cd "$(dirname "$0")/.."
bash scripts/system-deps.sh || exit 1

results=$(mktemp -d)
status=0
failed_steps=()
step() { echo; echo "== $*"; }
failed() { status=1; failed_steps+=("$1"); }

step "type check"
npx tsc --noEmit || failed "type check"

step "unit and integration tests (vitest)"
npx vitest run --reporter=default --reporter=json --outputFile.json="$results/vitest.json" 2>&1 | tee "$results/vitest.log" || failed "vitest (exit code $?; failed tests, or errors outside a test such as an unhandled rejection)"

step "production build"
if npx next build; then
  step "browser tests (playwright)"
  PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright.json" npx playwright test --reporter=list,json || failed "playwright (exit code $?)"
else
  failed "production build"
fi

# Errors vitest counts outside any test are printed mid-log; repeat them here, where CI's tail shows them.
sed 's/\x1b\[[0-9;]*m//g' "$results/vitest.log" | awk '/Unhandled (Errors|Rejection|Error)/{on=1} on' | head -40
node scripts/test-summary.mjs "$results/vitest.json" "$results/playwright.json" || status=1
rm -rf "$results"
for name in "${failed_steps[@]}"; do echo "failed step: $name"; done
exit $status
