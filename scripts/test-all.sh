#!/usr/bin/env bash
# `npm test`: every suite of the project, in the order that fails fastest on a broken change.
# Each step runs even when an earlier one failed, so one run shows every problem; the exit code is
# non-zero when any step failed. Steps whose tools are missing fail with the command to install them.
# Each step's output goes to the terminal and to a log; the end of the log of every failed step is
# printed again after the summary, so a CI view that only keeps the tail still shows why.
set -u
cd "$(dirname "$0")/.."

steps=(
  "lint|npm run --silent lint"
  "typecheck|npm run --silent typecheck"
  "generated types up to date|npm run --silent check:types"
  "generated database reference (docs/database.md) up to date|npm run --silent check:db-docs"
  "schema snapshot (supabase/schema.snapshot.txt) up to date|npm run --silent check:schema"
  "declarative schemas (supabase/schemas): each function, policy, trigger and view defined once|npm run --silent check:schemas -- --definitions-only"
  "declarative schemas and migrations give the same database (db:diff, pg-delta)|npm run --silent db:diff -- --check"
  "docs: nothing points outside the repository, every docs/ citation lands|npm run --silent check:docs"
  "commit subjects of at most 72 characters|npm run --silent check:commits"
  "unit tests (Vitest)|npm run --silent test:unit"
  "database tests (pgTAP)|npm run --silent test:db"
  "database advisors|npm run --silent advisors"
  "PostgreSQL 15 compatibility|bash scripts/check-pg15.sh"
  "integration tests (supabase-js against the local stack)|npm run --silent test:integration"
  "reliability: concurrency, bounds, faults, fuzz, short load|npm run --silent test:reliability"
  "production build and public bundle budget|npm run --silent build"
  "end-to-end tests (Playwright, Debian Chromium)|npm run --silent test:e2e"
)

logs=$(mktemp -d "${TMPDIR:-/tmp}/sdv-test-all.XXXXXX")
passed=0
failed=0
failures=()
failure_logs=()
start_all=$(date +%s)
index=0
for step in "${steps[@]}"; do
  index=$((index + 1))
  name=${step%%|*}
  cmd=${step#*|}
  log="$logs/$index.log"
  echo
  echo "══════ ${name}: ${cmd}"
  start=$(date +%s)
  bash -c "$cmd" 2>&1 | tee "$log"
  status=${PIPESTATUS[0]}
  if [ "$status" -eq 0 ]; then
    passed=$((passed + 1))
    echo "══════ ok: ${name} ($(( $(date +%s) - start )) s)"
  else
    failed=$((failed + 1))
    failures+=("$name")
    failure_logs+=("$log")
    echo "══════ FAILED: ${name} (exit ${status}, $(( $(date +%s) - start )) s)"
  fi
done

echo
for i in "${!failures[@]}"; do
  echo "══════ end of the output of the failed step \"${failures[$i]}\" (full log: ${failure_logs[$i]}):"
  # Failure lines first (test runners print them in a summary), then the last lines as they came.
  grep -n -E -i "(✗|×|FAIL|not ok|Error:|AssertionError|expected .* to )" "${failure_logs[$i]}" | head -20
  echo "   ……"
  tail -n 25 "${failure_logs[$i]}"
  echo
done
echo "Total time: $(( $(date +%s) - start_all )) s"
for f in "${failures[@]+"${failures[@]}"}"; do echo "  failed: $f"; done
echo "suites: ${passed} passed, ${failed} failed"
[ "$failed" -eq 0 ]
