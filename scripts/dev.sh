#!/usr/bin/env bash
# `npm run dev`: the API on :3001 (restarts on change), the back-office's Vite on :3002
# (vite.admin.config.ts, a build of its own) and the site's Vite on :3000 (hot reload, proxies
# /backend and /uploads to the API and /admin to :3002). Open everything at :3000. Ctrl-C stops all.
set -euo pipefail
cd "$(dirname "$0")/.."
trap 'kill 0' EXIT
npm run dev -w @salon/api &
ADMIN_PORT=3002 npm run dev:admin -w @salon/web &
API_PORT=3001 ADMIN_PORT=3002 npm run dev -w @salon/web
