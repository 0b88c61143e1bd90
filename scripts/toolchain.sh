#!/usr/bin/env bash
# Runs a command with the project's toolchain: Node >= 22.13 and pnpm 10, with the workspace
# installed. On a machine whose own Node is older (or that has no pnpm), both are installed from
# the npm registry into .tools/ (corepack is not used: it cannot verify pnpm offline).
#
#   scripts/toolchain.sh <command> [args...]
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tools="$root/.tools"
NODE_VERSION="22.23.3"
PNPM_VERSION="10.34.9"

node_ok() {
  command -v node >/dev/null 2>&1 || return 1
  node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=13)?0:1)'
}
pnpm_ok() {
  command -v pnpm >/dev/null 2>&1 || return 1
  case "$(pnpm --version 2>/dev/null)" in 10.*) return 0 ;; *) return 1 ;; esac
}

if [ -x "$tools/node_modules/.bin/node" ]; then
  export PATH="$tools/node_modules/.bin:$PATH"
fi
if ! node_ok || ! pnpm_ok; then
  echo "privnet: installing Node $NODE_VERSION and pnpm $PNPM_VERSION into .tools/ (from the npm registry)" >&2
  mkdir -p "$tools"
  [ -f "$tools/package.json" ] || echo '{ "private": true }' >"$tools/package.json"
  (cd "$tools" && npm install --no-audit --no-fund --loglevel=error --no-package-lock \
    "node@$NODE_VERSION" "pnpm@$PNPM_VERSION" >&2)
  export PATH="$tools/node_modules/.bin:$PATH"
  node_ok || { echo "privnet: Node 22 could not be installed into .tools/" >&2; exit 1; }
fi

export TURBO_TELEMETRY_DISABLED=1

# Install (or confirm) the workspace. Fast when nothing changed.
(cd "$root" && pnpm install --frozen-lockfile --reporter=silent >&2) || {
  echo "privnet: pnpm install failed" >&2
  exit 1
}

cd "$root"
exec "$@"
