#!/usr/bin/env bash
# Runs docs/getting-started.md as a newcomer would: in an empty folder outside the repository, the
# doc's ```sh run``` blocks are executed in order and its ```<lang> file=<path>``` blocks written,
# with the packages as published — `npm install @privnet/<name>` installs the packed tarball.
#
#   scripts/getting-started-check.sh                 # builds and packs the packages itself
#   PRIVNET_TARBALLS=<dir> scripts/getting-started-check.sh   # tarballs packed already (pack-check)
#
# Needs Node >= 22.13 and pnpm 10 on the PATH (scripts/toolchain.sh); reaches the npm registry.
# Prints one "== step" line per block and stops at the first failure; leaves nothing behind
# (PRIVNET_GETTING_STARTED_KEEP=1 keeps the folder).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
doc="$root/docs/getting-started.md"
work="$(mktemp -d "${TMPDIR:-/tmp}/privnet-getting-started.XXXXXX")"
started=$SECONDS

step() { printf '\n== getting-started: %s (%ss)\n' "$*" "$((SECONDS - started))"; }
fail() {
  printf '\ngetting-started check FAILED: %s\n' "$*" >&2
  exit 1
}
cleanup() {
  local status=$?
  if [ "${PRIVNET_GETTING_STARTED_KEEP:-}" = 1 ]; then echo "kept $work"; else rm -rf "$work"; fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

tarballs="${PRIVNET_TARBALLS:-}"
if [ -z "$tarballs" ]; then
  step "build and pack the public packages"
  tarballs="$work/tarballs"
  mkdir -p "$tarballs"
  (cd "$root" && pnpm run build >/dev/null) || fail "pnpm run build"
  for dir in "$root"/packages/*/; do
    if node -e 'process.exit(require(process.argv[1]).private ? 0 : 1)' "$dir/package.json"; then continue; fi
    (cd "$dir" && pnpm pack --pack-destination "$tarballs" >/dev/null) || fail "pnpm pack in $dir"
  done
fi
ls "$tarballs"/privnet-*.tgz >/dev/null 2>&1 || fail "no privnet tarballs in $tarballs"

# The doc's blocks, in order, as JSON lines: { kind: "run", code } or { kind: "file", path, code }.
blocks="$work/blocks.jsonl"
node "$root/scripts/getting-started-check/extractBlocks.mjs" "$doc" >"$blocks" || fail "reading $doc"
[ -s "$blocks" ] || fail "no runnable blocks in $doc"

home="$work/newcomer"
mkdir -p "$home"
count=$(wc -l <"$blocks")
for index in $(seq 1 "$count"); do
  line=$(sed -n "${index}p" "$blocks")
  kind=$(node -p 'JSON.parse(process.argv[1]).kind' "$line")
  if [ "$kind" = file ]; then
    path=$(node -p 'JSON.parse(process.argv[1]).path' "$line")
    step "write $path"
    mkdir -p "$home/$(dirname "$path")"
    node -e 'process.stdout.write(JSON.parse(process.argv[1]).code)' "$line" >"$home/$path"
    continue
  fi
  # A shell block, run in one shell from the newcomer's folder; `npm install @privnet/x` gets x's
  # tarball, and every @privnet package it pulls in resolves to a tarball too (npm overrides).
  script="$work/block-$index.sh"
  node "$root/scripts/getting-started-check/rewriteInstalls.mjs" "$line" "$tarballs" >"$script" ||
    fail "block $index: rewriting its npm install lines"
  step "run block $index: $(node -p 'JSON.parse(process.argv[1]).code.split("\n").filter(Boolean).join(" && ")' "$line")"
  (cd "$home" && bash -euo pipefail "$script") || fail "block $index of $doc"
done

step "done in $((SECONDS - started)) s"
