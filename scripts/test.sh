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
step "lint";        npm run lint
step "typecheck";   npm run typecheck
step "unit";        npx vitest run --project unit
step "api";         npx vitest run --project api
step "build";       npm run build
step "end-to-end";  npm run test:e2e
step "done"
