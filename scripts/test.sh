#!/usr/bin/env bash
# `npm test`: every test. Type check, unit + integration tests (PGlite, and PostgreSQL at
# 127.0.0.1:5432), a production build, then the browser tests in Debian's Chromium.
# Ends with one line "tests: N passed, N flaky, N failed, N skipped" (flaky: passed only on a retry, named above it).
set -uo pipefail
export NEXT_TELEMETRY_DISABLED=1
cd "$(dirname "$0")/.."
bash scripts/system-deps.sh || exit 1

results=$(mktemp -d)
status=0
step() { echo; echo "== $*"; }

step "type check"
npx tsc --noEmit || status=1

step "unit and integration tests (vitest)"
npx vitest run --reporter=default --reporter=json --outputFile.json="$results/vitest.json" || status=1

step "production build"
if npx next build; then
  step "browser tests (playwright)"
  PLAYWRIGHT_JSON_OUTPUT_NAME="$results/playwright.json" npx playwright test --reporter=list,json || status=1
else
  status=1
fi

node scripts/test-summary.mjs "$results/vitest.json" "$results/playwright.json" || status=1
rm -rf "$results"
exit $status
