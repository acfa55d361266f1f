#!/usr/bin/env bash
# `npm run dev`: the API on :3001 (restarts on change) and Vite on :3000 (hot reload, proxies
# /backend and /uploads to the API). Ctrl-C stops both.
set -euo pipefail
cd "$(dirname "$0")/.."
trap 'kill 0' EXIT
npm run dev -w @salon/api &
API_PORT=3001 npm run dev -w @salon/web
