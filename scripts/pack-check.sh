#!/usr/bin/env bash
# The packages as a user gets them (issue 13): every public package packed with `pnpm pack`, the
# tarballs installed with npm into fresh projects outside the workspace, and used there.
#
#   1. pack, and read each tarball's package.json: no `source` export condition, no `workspace:`
#      range, no install-time script, license + repository + LICENSE + README, no relative links
#   2. an ES module project on the newest release every peer range allows (viem, express, vitest 5):
#      tsc --noEmit (strict, skipLibCheck: false) over every entry, and a Vitest test that starts a
#      devnet and sends ETH
#   3. a CommonJS project (npm's default) on the OLDEST of every range (vitest 4), with a privnet.config.ts:
#      the same tsc and test, then `npx privnet up` (ports from the config) until /health answers,
#      stopped by its PID
#   4. every examples/*/ with a `test` script: copied out, `workspace:*` turned into the tarballs
#      (and every other @privnet package they pull in, through npm `overrides`), `npm install` (in
#      the background, begun after step 1, while steps 2 and 3 run), then `npm test`
#
# Needs Node >= 22.13 and pnpm 10 on the PATH (scripts/toolchain.sh) and the packages built
# (`pnpm run build`); reaches the npm registry. Prints one "== step" line per step and stops at the
# first failure. Leaves no process and no folder behind. PRIVNET_PACK_CHECK_KEEP=1 keeps the folder.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
fixture="$root/scripts/pack-check"
work="$(mktemp -d "${TMPDIR:-/tmp}/privnet-pack-check.XXXXXX")"
started=$SECONDS
up_pid=""
installs_pid=""

step() { printf '\n== pack-check: %s (%ss)\n' "$*" "$((SECONDS - started))"; }
fail() {
  printf '\npack-check FAILED: %s\n' "$*" >&2
  exit 1
}
# Stops a process group led by $2 with signal $1, then for good after 10 s.
stop_group() {
  local signal="$1" leader="$2"
  kill -0 -- "-$leader" 2>/dev/null || return 0
  kill "-$signal" -- "-$leader" 2>/dev/null || true
  for _ in $(seq 1 100); do kill -0 -- "-$leader" 2>/dev/null || break; sleep 0.1; done
  kill -KILL -- "-$leader" 2>/dev/null || true
}
cleanup() {
  local status=$?
  # `privnet up`'s process group (npx, its shell, privnet, anvil), led by the PID it started with.
  if [ -n "$up_pid" ]; then stop_group INT "$up_pid"; fi
  # The examples' npm installs, when a step failed before they ended.
  if [ -n "$installs_pid" ]; then stop_group TERM "$installs_pid"; fi
  if [ "${PRIVNET_PACK_CHECK_KEEP:-}" = 1 ]; then echo "pack-check: kept $work"; else rm -rf "$work"; fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# npm as a user runs it: no audit or funding notes, and no config of this machine's leaking in.
npm_i() { npm install --no-audit --no-fund --loglevel=error "$@"; }

step "pack every public package (pnpm pack)"
tarballs="$work/tarballs"
mkdir -p "$tarballs"
packages=()
for dir in "$root"/packages/*/; do
  if node -e 'process.exit(require(process.argv[1]).private ? 0 : 1)' "$dir/package.json"; then continue; fi
  (cd "$dir" && pnpm pack --pack-destination "$tarballs" >/dev/null) || fail "pnpm pack in $dir"
  packages+=("$(node -p 'require(process.argv[1]).name' "$dir/package.json")")
done
echo "packed ${#packages[@]}: ${packages[*]}"

step "read the packed package.json, LICENSE and README of every tarball"
node "$fixture/checkTarballs.mjs" "$tarballs" || fail "a packed package is not fit to publish (above)"

# Tarball of a package name: @privnet/core -> <tarballs>/privnet-core-<version>.tgz
tarball_of() {
  local base="${1#@}"
  base="${base//\//-}"
  local file
  file=$(ls "$tarballs/$base"-[0-9]*.tgz 2>/dev/null | head -n 1)
  [ -n "$file" ] || fail "no tarball for $1"
  echo "$file"
}
all_tarballs=()
for name in "${packages[@]}"; do all_tarballs+=("$(tarball_of "$name")"); done

# The examples, each copied to $work/examples/<name> with its `workspace:*` dependencies turned
# into the tarballs, and every other @privnet package into an npm override to its tarball: a
# package of theirs depends on one they do not list (express-adapter on http), which npm would
# otherwise look for on the registry. Their installs (mostly unpacking: Hardhat, forge + cast and
# anvil are the bulk) run one after another in the background, beside the module and CommonJS
# projects' steps (whose strict tsc keeps one core busy), and each is waited for before that
# example's tests at the end. Each writes <name>.install.log and then, by a rename,
# <name>.install.status (npm's exit code). `--prefer-offline`: metadata already in ~/.npm is used
# without asking the registry again (Hardhat's install: 22-29 s instead of 36-41 s, measured); a
# range nothing cached satisfies still goes to the registry. The newest peers are the module
# project's check, which asks the registry for everything.
step "examples: copy, point them at the tarballs, npm install in the background"
name_tarball=()
for i in "${!packages[@]}"; do name_tarball+=("${packages[$i]}=${all_tarballs[$i]}"); done
examples=()
for example in "$root"/examples/*/; do
  name=$(basename "$example")
  if ! node -e 'process.exit(require(process.argv[1]).scripts?.test ? 0 : 1)' "$example/package.json" 2>/dev/null; then continue; fi
  copy="$work/examples/$name"
  mkdir -p "$copy"
  (cd "$example" && tar --exclude=node_modules --exclude=dist -cf - .) | (cd "$copy" && tar -xf -)
  node -e '
    const fs = require("node:fs");
    const [file, ...pairs] = process.argv.slice(1);
    const tarballs = new Map(pairs.map((pair) => pair.split("=")));
    const pkg = JSON.parse(fs.readFileSync(file, "utf8"));
    const listed = new Set();
    for (const field of ["dependencies", "devDependencies", "optionalDependencies"]) {
      for (const [name, range] of Object.entries(pkg[field] ?? {})) {
        listed.add(name);
        if (!range.startsWith("workspace:")) continue;
        if (!tarballs.has(name)) { console.error(`${name}: no tarball (a private package?)`); process.exit(1); }
        pkg[field][name] = `file:${tarballs.get(name)}`;
      }
    }
    for (const [name, tarball] of tarballs) if (!listed.has(name)) (pkg.overrides ??= {})[name] = `file:${tarball}`;
    fs.writeFileSync(file, JSON.stringify(pkg, null, 2));' "$copy/package.json" "${name_tarball[@]}" ||
    fail "example $name: its @privnet dependencies"
  examples+=("$name")
done
# A process group of its own (led by $installs_pid), so that a failure before the end stops it.
set -m
(
  for name in "${examples[@]}"; do
    begun=$SECONDS
    code=0
    (cd "$work/examples/$name" && npm_i --prefer-offline) >"$work/examples/$name.install.log" 2>&1 || code=$?
    echo "npm install: $((SECONDS - begun)) s" >>"$work/examples/$name.install.log"
    echo "$code" >"$work/examples/$name.install.status.tmp"
    mv "$work/examples/$name.install.status.tmp" "$work/examples/$name.install.status"
  done
) &
installs_pid=$!
set +m
echo "installing ${#examples[@]} in the background: ${examples[*]}"

# The peers a user installs beside the packages (viem, express, vitest): the module project takes
# the newest release each range allows (on its highest major), the CommonJS one the oldest (on its
# lowest), so a range of two majors (vitest ^4 || ^5) has both ends installed and tested. The
# registry's latest release of every peer should be inside its range: a new major nobody admitted
# yet makes npm refuse the packages in the projects that already moved to it. That is said loudly
# but does not fail the check: a release on the registry must not turn a green commit red.
peers=$(node "$fixture/peerRanges.mjs" "$root/packages") || fail "the packages' peer ranges"
peers_newest=()
peers_oldest=()
while read -r name range oldest majors; do
  peers_newest+=("$name@$range")
  peers_oldest+=("$name@$oldest")
  latest=$(npm view "$name" version) || fail "npm view $name version"
  case ",$majors," in
  *",${latest%%.*},"*) ;;
  *) echo "WARNING: peer $name: its latest release, $latest, is outside the packages' range (majors $majors): widen the peer ranges" >&2 ;;
  esac
done <<<"$peers"
typescript=$(node -p 'require(process.argv[1]).devDependencies.typescript' "$root/package.json")
echo "peers, newest: ${peers_newest[*]}"
echo "peers, oldest: ${peers_oldest[*]}"

import_every_entry='
  const entries = ["@privnet/cli", "@privnet/core", "@privnet/core/bots", "@privnet/core/contracts",
    "@privnet/devnet", "@privnet/devnet/faults", "@privnet/express-adapter", "@privnet/http",
    "@privnet/oracle-http", "@privnet/panel", "@privnet/scenarios", "@privnet/storage-postgres", "@privnet/storage-sqlite"];
  for (const entry of entries) await import(entry);
  console.log(`imported ${entries.length} entries`);'

# A fresh project: package.json of the given type, the fixture's files, the tarballs, the peers
# given and the tools.
new_project() {
  local dir="$1" type="$2"
  shift 2
  mkdir -p "$dir"
  printf '{ "name": "pack-check-%s", "version": "1.0.0", "private": true, "type": "%s" }\n' "$type" "$type" >"$dir/package.json"
  cp "$fixture/tsconfig.json" "$fixture/entries.ts" "$fixture/readme.ts" "$fixture/send.test.ts" "$dir/"
  (cd "$dir" && npm_i "${all_tarballs[@]}" "$@" "typescript@$typescript" "@types/node@22") ||
    fail "npm install in the $type project"
  local copies
  copies=$(find "$dir/node_modules" -name package.json -path '*/node_modules/viem/package.json' | wc -l)
  echo "installed: $(cd "$dir" && node -e '
    for (const name of ["viem", "express", "vitest", "typescript"]) process.stdout.write(`${name} ${require(`${name}/package.json`).version}  `)')(viem: $copies copy)"
  [ "$copies" -eq 1 ] || fail "the $type project has $copies copies of viem: a package still depends on its own"
}

typecheck_and_test() {
  local dir="$1" type="$2"
  step "$type project: every entry imports, with and without a \"source\" condition"
  # A tool that enables "source" (as this monorepo does) must still get the published files.
  (cd "$dir" && node --input-type=module -e "$import_every_entry" && node --conditions=source --input-type=module -e "$import_every_entry") ||
    fail "an entry of a package does not import in the $type project"
  step "$type project: tsc --noEmit (strict, skipLibCheck: false) over every entry"
  (cd "$dir" && npx --no-install tsc -p tsconfig.json) || fail "tsc in the $type project"
  step "$type project: vitest, a devnet and a platform send ETH"
  (cd "$dir" && npx --no-install vitest run send.test.ts) || fail "vitest in the $type project"
}

step "module project: npm install the tarballs and the newest peers"
esm="$work/esm-project"
new_project "$esm" module "${peers_newest[@]}"
typecheck_and_test "$esm" module

step "CommonJS project: npm install the tarballs and the OLDEST peers: ${peers_oldest[*]}"
cjs="$work/cjs-project"
new_project "$cjs" commonjs "${peers_oldest[@]}"
cp "$fixture/privnet.config.ts" "$cjs/"
typecheck_and_test "$cjs" commonjs

step "CommonJS project: npx privnet up (privnet.config.ts) until it answers"
log="$work/privnet-up.log"
# Job control on for this one job: it runs in a process group of its own (led by $up_pid) with
# SIGINT at its default, as in a terminal; stopping it is a Ctrl-C sent to that group.
set -m
(cd "$cjs" && exec npx --no-install privnet up) >"$log" 2>&1 &
up_pid=$!
set +m
admin=""
for _ in $(seq 1 600); do
  if ! kill -0 "$up_pid" 2>/dev/null; then
    cat "$log"
    fail "privnet up exited before it answered"
  fi
  if grep -q '^Press Ctrl-C to stop' "$log"; then
    admin=$(sed -n 's/^ *Admin API *\(http:[^ ]*\).*/\1/p' "$log" | head -n 1)
    break
  fi
  sleep 0.1
done
[ -n "$admin" ] || {
  cat "$log"
  fail "privnet up did not print its admin API within 60 s"
}
grep -q '(config .*privnet.config.ts' "$log" || {
  cat "$log"
  fail "privnet up did not read privnet.config.ts"
}
health=$(curl -fsS "$admin/health") || fail "GET $admin/health"
echo "GET $admin/health -> $health"
docs=$(curl -fsS -o /dev/null -w '%{http_code}' "$admin/docs") || fail "GET $admin/docs"
[ "$docs" = 200 ] || fail "GET $admin/docs answered $docs"
kill -INT -- "-$up_pid"
code=0
wait "$up_pid" || code=$?
# npx reports the Ctrl-C it was sent (130); privnet itself must have stopped cleanly, and nothing of
# the group (anvil included) may outlive it.
for _ in $(seq 1 100); do kill -0 -- "-$up_pid" 2>/dev/null || break; sleep 0.1; done
if kill -0 -- "-$up_pid" 2>/dev/null; then
  pgrep -a -g "$up_pid" || true
  fail "processes of privnet up outlived it"
fi
up_pid=""
if { [ "$code" -ne 0 ] && [ "$code" -ne 130 ]; } || ! grep -q '^privnet: stopped' "$log"; then
  cat "$log"
  fail "privnet up did not stop cleanly on Ctrl-C (exit $code)"
fi
echo "privnet up stopped on Ctrl-C (npx exit $code), no process left"

for name in "${examples[@]}"; do
  step "example $name: npm install (begun in the background), npm test"
  copy="$work/examples/$name"
  while [ ! -f "$copy.install.status" ] && kill -0 "$installs_pid" 2>/dev/null; do sleep 0.2; done
  cat "$copy.install.log" 2>/dev/null || true
  [ "$(cat "$copy.install.status" 2>/dev/null)" = 0 ] || fail "example $name: npm install"
  (cd "$copy" && npm test) || fail "example $name: npm test"
done
wait "$installs_pid" || true
installs_pid=""

# docs/getting-started.md, followed as written (its commands, in a fresh folder) on these tarballs.
step "docs/getting-started.md, command by command (scripts/getting-started-check.sh)"
PRIVNET_TARBALLS="$tarballs" bash "$root/scripts/getting-started-check.sh" || fail "docs/getting-started.md does not work as written"

step "done in $((SECONDS - started)) s"
