// The peers a user installs beside the packages (viem, express, vitest), read from every public
// package's peerDependencies: node scripts/pack-check/peerRanges.mjs <packages folder>
//
// Prints one line per peer: `<name> <newest spec> <oldest version> <majors>`. A range is one caret
// range or several joined by `||`, one per major (`^4.0.14 || ^5.0.0`). Every package must admit
// the same majors of a peer (a user has one copy of it); the oldest is the highest lower bound of
// the lowest major over every package, the newest a caret range on the highest major's highest
// lower bound, so npm resolves it to the newest release the packages admit.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const folder = process.argv[2];
const parse = (version) => version.split(".").map(Number);
const newer = (a, b) => {
  const [x, y] = [parse(a), parse(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] > y[i];
  return false;
};
const problems = [];
/** peer name -> package name -> Map(major -> lower bound) */
const ranges = new Map();

for (const dir of readdirSync(folder).sort()) {
  const file = join(folder, dir, "package.json");
  if (!existsSync(file)) continue;
  const pkg = JSON.parse(readFileSync(file, "utf8"));
  if (pkg.private) continue;
  for (const [name, range] of Object.entries(pkg.peerDependencies ?? {})) {
    const bounds = new Map();
    for (const part of range.split("||").map((text) => text.trim())) {
      const match = /^\^(\d+)\.\d+\.\d+$/.exec(part);
      if (!match) {
        problems.push(`${pkg.name}: peer ${name} "${range}": "${part}" is not a caret range`);
        continue;
      }
      if (bounds.has(match[1]))
        problems.push(`${pkg.name}: peer ${name} "${range}" names major ${match[1]} twice`);
      bounds.set(match[1], part.slice(1));
    }
    if (!ranges.has(name)) ranges.set(name, new Map());
    ranges.get(name).set(pkg.name, bounds);
  }
}

for (const [name, byPackage] of [...ranges].sort(([a], [b]) => a.localeCompare(b))) {
  const majorsOf = (bounds) => [...bounds.keys()].map(Number).sort((a, b) => a - b);
  const [first, ...others] = [...byPackage];
  const majors = majorsOf(first[1]);
  for (const [pkgName, bounds] of others) {
    if (majorsOf(bounds).join() !== majors.join()) {
      problems.push(
        `peer ${name}: ${first[0]} admits majors ${majors.join(", ")}, ${pkgName} ${majorsOf(bounds).join(", ")}`,
      );
    }
  }
  const highestBound = (major) => {
    let bound;
    for (const bounds of byPackage.values()) {
      const candidate = bounds.get(String(major));
      if (candidate && (!bound || newer(candidate, bound))) bound = candidate;
    }
    return bound;
  };
  const oldest = highestBound(majors[0]);
  const newest = highestBound(majors[majors.length - 1]);
  if (oldest && newest) console.log(`${name} ^${newest} ${oldest} ${majors.join(",")}`);
}

if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}
