#!/usr/bin/env bash
# `npm test`: lint, typecheck, unit, API and end-to-end tests. Any failure fails the whole run.
set -euo pipefail
cd "$(dirname "$0")/.."

# Browser tests use Debian's Chromium; nothing downloads a browser.
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$CHROMIUM" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "Chromium is missing: installing Debian's chromium package…"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "Chromium is missing at $CHROMIUM. Install it (sudo apt-get install chromium) or set CHROMIUM_PATH." >&2
    exit 1
  fi
fi

# Each step's heading says how long the run has taken so far, to see where the time goes.
step() {
  local title="$1 (at $SECONDS s)"
  if [ -n "${NO_COLOR:-}" ]; then printf '\n== %s\n' "$title"; else printf '\n\033[1m== %s\033[0m\n' "$title"; fi
}
# Route types first: lint and typecheck read them. Then steps side by side where they do not
# depend on each other (scripts/parallel.sh): typecheck, unit tests and the build (which the
# end-to-end suite runs); then the API suite (on PGlite, and on PostgreSQL when asked) with lint
# beside it: ESLint keeps one core busy for two minutes, which the API suite, waiting on its
# databases, leaves free (measured: in the first step, or in one step with everything, lint came
# last and the others waited for it). Each prints its whole output, in order, once all have ended.
. scripts/parallel.sh
step "typecheck, unit tests and build"
npm run typegen -w @salon/web >/dev/null
together \
  typecheck 'npm run typecheck:files' \
  unit 'npx vitest run --project unit' \
  build 'npm run build'
step "lint and api"
# With TEST_POSTGRES_PASS_URL (.ci/run sets it, and TEST_REDIS_URL), the API suite also runs on
# that PostgreSQL database, beside the PGlite pass.
api=(api 'npx vitest run --project "api*"')
if [ -n "${TEST_POSTGRES_PASS_URL:-}" ]; then
  api+=('api on PostgreSQL' 'TEST_DATABASE_URL="$TEST_POSTGRES_PASS_URL" npx vitest run --project "api*"')
fi
together lint 'npm run lint:files' "${api[@]}"
step "end-to-end"
# Each half is whole files, split by the time each took (e2e/halves.ts, e2e/file-times.json).
# (Straight to the workspace's script: through the root's test:e2e, npm would read --half as its own.)
together \
  'end-to-end, first half' 'npm run test -w @salon/e2e -- --half=1' \
  'end-to-end, second half' 'npm run test -w @salon/e2e -- --half=2'
step "done"
