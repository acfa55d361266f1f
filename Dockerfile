# The production image: the site and the API in one Node process (apps/api/dist/server.js), as
# `npm start` runs it. Build: docker build -t salon .   Run: see docs/running-at-scale.md, "Deploying".
# BASE_IMAGE: any Debian-like image with Node >= 20.19 and npm on the PATH (CI builds its own from
# Debian's packages, scripts/docker-smoke.sh).
ARG BASE_IMAGE=node:20-bookworm-slim

# Needs BuildKit (the default builder since Docker 23, and compose v2's): npm's cache is a cache
# mount, kept between builds.

# The manifests alone first, so that the dependencies stay a cached layer until the lockfile
# changes. npm ci checks the lockfile against every workspace, so e2e and bench are listed too.
FROM ${BASE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

# The run-time dependencies: the API's (native sharp and @node-rs/argon2, PGlite's WebAssembly)
# and those the web app's server bundle imports (apps/web's, @salon/shared's such as
# @noble/ed25519). The workspaces' own links go: their code is bundled into the builds.
FROM manifests AS runtime-deps
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    npm ci --no-audit --no-fund --omit=dev -w @salon/shared -w @salon/api -w @salon/web \
    && rm -rf node_modules/@salon

FROM manifests AS build
RUN --mount=type=cache,target=/root/.npm,sharing=locked \
    npm ci --no-audit --no-fund -w @salon/shared -w @salon/api -w @salon/web --include-workspace-root
COPY tsconfig.base.json tsconfig.json ./
COPY packages/shared packages/shared
COPY apps/api apps/api
COPY apps/web apps/web
# The backup commands are compiled beside the server (apps/api/dist/backup.js, restore.js).
COPY scripts/backup.ts scripts/restore.ts scripts/
RUN npm run build

# The image: the run-time dependencies' layers as they are (no copy of node_modules), the builds.
FROM runtime-deps
# A user of its own, with a fixed uid so that volumes and runAsNonRoot checks can name it. The
# code belongs to root: the server's user can read it, not change it.
RUN useradd --system --uid 10001 --user-group --home-dir /nonexistent --no-create-home \
      --shell /usr/sbin/nologin salon \
    && mkdir -m 0700 /data && chown salon:salon /data
# Migrations, applied at start.
COPY apps/api/drizzle apps/api/drizzle
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/web/build apps/web/build
USER 10001:10001
# Reachable from outside the container, so never with the README's demo accounts: an image started
# without DATABASE_URL is an empty show with ADMIN_EMAIL's organiser, not the demo.
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data DEMO_DATA=false
EXPOSE 3000
# Slim images have no curl: node's fetch asks the liveness probe.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/backend/api/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server stops on SIGTERM: 'not ready' for SHUTDOWN_DRAIN_SECONDS, then it finishes the
# requests in flight and exits 0 (allow SHUTDOWN_DRAIN_SECONDS + 15 s: docker stop -t, compose's
# stop_grace_period).
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "apps/api/dist/server.js"]
