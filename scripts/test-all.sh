#!/usr/bin/env bash
# `npm test`: every suite of the project, in the order that fails fastest on a broken change.
# Each step runs even when an earlier one failed, so one run shows every problem; the exit code is
# non-zero when any step failed. Steps whose tools are missing fail with the command to install them.
set -u
cd "$(dirname "$0")/.."

steps=(
  "lint|npm run --silent lint"
  "typecheck|npm run --silent typecheck"
  "generated types up to date|npm run --silent check:types"
  "unit tests (Vitest)|npm run --silent test:unit"
  "database tests (pgTAP)|npm run --silent test:db"
  "database advisors|npm run --silent advisors"
  "PostgreSQL 15 compatibility|bash scripts/check-pg15.sh"
  "integration tests (supabase-js against the local stack)|npm run --silent test:integration"
  "reliability: concurrency, bounds, faults, fuzz, short load|npm run --silent test:reliability"
  "production build and public bundle budget|npm run --silent build"
  "end-to-end tests (Playwright, Debian Chromium)|npm run --silent test:e2e"
)

passed=0
failed=0
failures=()
start_all=$(date +%s)
for step in "${steps[@]}"; do
  name=${step%%|*}
  cmd=${step#*|}
  echo
  echo "══════ ${name}: ${cmd}"
  start=$(date +%s)
  if bash -c "$cmd"; then
    passed=$((passed + 1))
    echo "══════ ok: ${name} ($(( $(date +%s) - start )) s)"
  else
    failed=$((failed + 1))
    failures+=("$name")
    echo "══════ FAILED: ${name} ($(( $(date +%s) - start )) s)"
  fi
done

echo
echo "Total time: $(( $(date +%s) - start_all )) s"
for f in "${failures[@]+"${failures[@]}"}"; do echo "  failed: $f"; done
echo "suites: ${passed} passed, ${failed} failed"
[ "$failed" -eq 0 ]
