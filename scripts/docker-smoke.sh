#!/usr/bin/env bash
# CI: the production layout checked. Builds the image (Dockerfile) on a base made here from
# Debian's packages and this machine's Node (no registry of images is reachable), runs it against
# the machine's PostgreSQL (a database made for this run) and Redis, and checks what an operator
# relies on: ready, the home page and the API answer, HEALTHCHECK healthy, a non-root user, and
# `docker stop` ending it with exit code 0 after the drain. Also checks the deployment files
# (deploy/*, compose.yaml) with the tools at hand. Prints how long each part took.
#
# Needs root the first time (apt-get install docker.io debootstrap caddy; dockerd). Caches the
# Debian base under SALON_CI_CACHE (default /var/cache/salon-ci) and Docker's layers in
# /var/lib/docker, so a second run rebuilds only what changed.
set -euo pipefail
cd "$(dirname "$0")/.."

cache=${SALON_CI_CACHE:-/var/cache/salon-ci}
image=salon:ci
name="salon-smoke-$$"
drain=2
started=$SECONDS
part_started=$SECONDS
part() {
  echo "docker-smoke: $1 took $((SECONDS - part_started)) s"
  part_started=$SECONDS
}
fail() {
  echo "docker-smoke: FAILED: $*" >&2
  exit 1
}
mkdir -p "$cache"

# --- Tools -------------------------------------------------------------------------------------
missing=()
command -v dockerd >/dev/null || missing+=(docker.io)
command -v debootstrap >/dev/null || missing+=(debootstrap)
command -v caddy >/dev/null || missing+=(caddy)
if [ ${#missing[@]} -gt 0 ]; then
  [ "$(id -u)" = 0 ] || fail "missing ${missing[*]}: install them (sudo apt-get install ${missing[*]})"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
part "tools"

# --- Deployment files --------------------------------------------------------------------------
# Caddy parses both Caddyfiles; systemd checks the unit (an instance of the template, and the
# mailer's instance with its drop-in); compose.yaml
# is parsed and checked against deploy/Caddyfile.compose by apps/api/test/deploy.test.ts.
for f in deploy/Caddyfile.compose deploy/Caddyfile.systemd; do
  caddy adapt --config "$f" --adapter caddyfile >/dev/null || fail "$f does not parse"
done
if command -v systemd-analyze >/dev/null; then
  unitdir=$(mktemp -d)
  cp deploy/salon-api@.service "$unitdir/"
  mkdir "$unitdir/salon-api@3100.service.d" && cp deploy/mailer.conf "$unitdir/salon-api@3100.service.d/"
  # verify exits 0 on unknown keys and bad values: any word from it is a failure. 3100 reads the
  # mailer's drop-in.
  out=$(systemd-analyze verify "$unitdir/salon-api@3001.service" "$unitdir/salon-api@3100.service" 2>&1) || true
  rm -rf "$unitdir"
  [ -z "$out" ] || fail "systemd-analyze verify deploy/salon-api@.service, deploy/mailer.conf: $out"
else
  echo "docker-smoke: systemd-analyze missing, the unit is not checked"
fi
part "deployment files"

# --- Docker engine -----------------------------------------------------------------------------
# This machine has no Docker service: a dockerd of our own, without bridge or iptables rules
# (every build and container here uses the host's network), stopped at the end.
dockerd_pid=
cleanup() {
  docker rm -f "$name" >/dev/null 2>&1 || true
  if [ -n "${db:-}" ]; then psql -h 127.0.0.1 -U postgres -d postgres -qc "drop database if exists $db with (force)" >/dev/null 2>&1 || true; fi
  if [ -n "$dockerd_pid" ]; then
    kill "$dockerd_pid" 2>/dev/null || true
    wait "$dockerd_pid" 2>/dev/null || true
  fi
}
trap cleanup EXIT
start_dockerd() {
  dockerd --bridge=none --iptables=false "$@" >"$cache/dockerd.log" 2>&1 &
  dockerd_pid=$!
  for _ in $(seq 1 60); do
    docker info >/dev/null 2>&1 && return 0
    kill -0 "$dockerd_pid" 2>/dev/null || break
    sleep 0.5
  done
  kill "$dockerd_pid" 2>/dev/null || true
  wait "$dockerd_pid" 2>/dev/null || true
  dockerd_pid=
  return 1
}
if ! docker info >/dev/null 2>&1; then
  # Kernels that refuse overlayfs here get the slower vfs driver.
  start_dockerd || start_dockerd --storage-driver=vfs || {
    tail -20 "$cache/dockerd.log" >&2
    fail "dockerd does not start (log above, $cache/dockerd.log)"
  }
fi
# The Dockerfile needs BuildKit: buildx where the client has it, else Debian's docker.io client,
# which has BuildKit built in.
build=(docker build)
docker buildx version >/dev/null 2>&1 || build=(/usr/bin/docker build)
export DOCKER_BUILDKIT=1
echo "docker-smoke: docker engine $(docker version -f '{{.Server.Version}}'), storage $(docker info -f '{{.Driver}}')"
part "docker engine"

# --- Base image: Debian bookworm (debootstrap, cached) + this machine's Node and npm ------------
rootfs_tar="$cache/debian-bookworm-minbase.tar"
if [ ! -s "$rootfs_tar" ]; then
  rootfs=$(mktemp -d)
  debootstrap --variant=minbase bookworm "$rootfs" http://deb.debian.org/debian >"$cache/debootstrap.log" 2>&1 ||
    fail "debootstrap failed ($cache/debootstrap.log)"
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
  tar -C "$rootfs" -cf "$rootfs_tar.part" . && mv "$rootfs_tar.part" "$rootfs_tar"
  rm -rf "$rootfs"
fi
docker image inspect salon-base:bookworm >/dev/null 2>&1 || docker import "$rootfs_tar" salon-base:bookworm >/dev/null
node_version=$(node -v)
base="salon-base:bookworm-node-${node_version#v}"
if ! docker image inspect "$base" >/dev/null 2>&1; then
  ctx=$(mktemp -d)
  cp "$(command -v node)" "$ctx/node"
  npm_dir=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
  cp -a "$npm_dir" "$ctx/npm"
  mkdir -p "$ctx/etc"
  # npm reaches the registry as it does on this machine: its registry and certificate
  # authorities (only those two settings, never credentials).
  cafile=$(npm config get cafile 2>/dev/null)
  if [ -n "$cafile" ] && [ "$cafile" != null ] && [ -f "$cafile" ]; then
    cp "$cafile" "$ctx/etc/ca.crt"
  else
    : >"$ctx/etc/ca.crt"
  fi
  echo "registry=$(npm config get registry 2>/dev/null)" >"$ctx/etc/npmrc"
  if [ -s "$ctx/etc/ca.crt" ]; then echo "cafile=/etc/ssl/certs/ca-certificates.crt" >>"$ctx/etc/npmrc"; fi
  cat >"$ctx/Dockerfile" <<'EOF'
FROM salon-base:bookworm
COPY node /usr/bin/node
COPY npm /usr/lib/node_modules/npm
COPY etc/ca.crt /etc/ssl/certs/ca-certificates.crt
COPY etc/npmrc /usr/etc/npmrc
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/bin/npx \
 && node -v && npm -v
EOF
  "${build[@]}" -q --network host -t "$base" "$ctx" >/dev/null
  rm -rf "$ctx"
fi
part "base image $base"

# --- The image ---------------------------------------------------------------------------------
"${build[@]}" --progress=plain --network host --build-arg "BASE_IMAGE=$base" -t "$image" . >"$cache/build.log" 2>&1 || {
  tail -40 "$cache/build.log" >&2
  fail "docker build (log above, $cache/build.log)"
}
# Former builds' images and layers beyond a few GB go, so that CI's disk does not fill up.
docker image prune -f >/dev/null
"${build[0]}" builder prune -f --keep-storage 6GB >/dev/null
echo "docker-smoke: image $image, $(($(docker image inspect -f '{{.Size}}' "$image") / 1000000)) MB"
part "docker build"

# --- Run it against the machine's PostgreSQL and Redis -----------------------------------------
db="salon_docker_$(date +%s)_$$"
psql -h 127.0.0.1 -U postgres -d postgres -qc "create database $db"
port=$(node -e "const s = require('net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })")
url="http://127.0.0.1:$port"
# As an operator would: the keys every instance shares come from the environment.
JWT_SECRET=$(node -e "console.log(require('crypto').randomBytes(48).toString('base64url'))")
BADGE_PRIVATE_KEY=$(node -e "console.log(require('crypto').generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }))")
export JWT_SECRET BADGE_PRIVATE_KEY
# Read-only root, as compose.yaml runs it; DATA_DIR a tmpfs of the image's user.
docker run -d --name "$name" --network host --read-only --tmpfs /tmp \
  --tmpfs /data:uid=10001,gid=10001,mode=0700 \
  -e "DATABASE_URL=postgres://postgres@127.0.0.1:5432/$db" -e REDIS_URL=redis://127.0.0.1:6379 \
  -e HOST=127.0.0.1 -e "PORT=$port" -e "PUBLIC_URL=http://localhost:$port" -e DEMO_DATA=true \
  -e "SHUTDOWN_DRAIN_SECONDS=$drain" -e JWT_SECRET -e BADGE_PRIVATE_KEY "$image" >/dev/null
logs() { docker logs --tail 40 "$name" 2>&1 | sed 's/^/  container: /' >&2; }
ready=
for _ in $(seq 1 240); do
  if [ "$(curl -s -o /dev/null -w '%{http_code}' "$url/backend/api/health/ready")" = 200 ]; then
    ready=1
    break
  fi
  [ "$(docker inspect -f '{{.State.Running}}' "$name")" = true ] || break
  sleep 0.5
done
[ -n "$ready" ] || {
  logs
  fail "/backend/api/health/ready never answered 200"
}
part "start until ready (migrations, demo data)"

home=$(curl -sf "$url/") || {
  logs
  fail "GET / is not 200"
}
grep -q '<title>[^<]*Salon' <<<"$home" || fail "the home page has not the show's title"
agence=$(curl -sf "$url/backend/api/agence") || {
  logs
  fail "GET /backend/api/agence is not 200"
}
grep -q '"data"' <<<"$agence" || fail "GET /backend/api/agence: no data in $agence"
# A sign-in as the demo exhibitor, as the browser sends it (XSRF cookie and header): argon2's
# native addon, the database, sessions.
jar=$(mktemp)
curl -sf -c "$jar" -o /dev/null "$url/backend/api/health/live"
xsrf=$(awk '$6 == "XSRF-TOKEN" { print $7 }' "$jar")
signin=$(curl -s -b "$jar" -H "X-XSRF-TOKEN: $xsrf" -H 'content-type: application/json' \
  -d '{"identifier":"exposant@example.com","password":"Exposant2024!"}' "$url/backend/api/auth/local")
rm -f "$jar"
grep -q '"jwt"' <<<"$signin" || fail "the demo exhibitor's sign-in answered $signin"
# The other native and data-laden packages load (images, badge PDFs).
docker exec -w /app "$name" node -e "Promise.all(['sharp', 'pdfkit', '@electric-sql/pglite'].map((m) => import(m))).catch((e) => { console.error(e.message); process.exit(1); })" ||
  fail "a run-time package does not load"
# A badge drawn in its worker thread, as the mails' are: the fonts (npm packages, read from
# node_modules at the first PDF) are found in the image, Arabic and Tifinagh embedded (decision 042).
docker exec -w /app/apps/api/dist "$name" node --input-type=module -e "$(cat scripts/badge-fonts-check.mjs)" ||
  fail "the badge PDF thread does not embed the fonts"
uid=$(docker exec "$name" id -u)
[ "$uid" != 0 ] || fail "the server runs as root"
echo "docker-smoke: readiness, home page, agence and sign-in answer; the server runs as uid $uid"
# The image's HEALTHCHECK (node's fetch on /backend/api/health/live) reports healthy.
for _ in $(seq 1 60); do
  health=$(docker inspect -f '{{.State.Health.Status}}' "$name")
  [ "$health" = starting ] || break
  sleep 0.5
done
[ "$health" = healthy ] || {
  docker inspect -f '{{json .State.Health}}' "$name" >&2
  fail "HEALTHCHECK says $health"
}
part "checks"

stop_began=$(date +%s.%N)
docker stop -t 30 "$name" >/dev/null
stop_seconds=$(node -e "console.log((Date.now() / 1000 - $stop_began).toFixed(1))")
code=$(docker inspect -f '{{.State.ExitCode}}' "$name")
[ "$code" = 0 ] || {
  logs
  fail "docker stop: exit code $code"
}
node -e "process.exit($stop_seconds <= $drain + 5 ? 0 : 1)" || fail "docker stop took $stop_seconds s (drain $drain s)"
echo "docker-smoke: docker stop: exit code 0 after $stop_seconds s (drain $drain s)"
part "stop"

echo "docker-smoke: passed in $((SECONDS - started)) s"
