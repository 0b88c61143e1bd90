// Reads every tarball in the folder given as it will be published, and names each problem:
// node scripts/pack-check/checkTarballs.mjs <folder of .tgz>
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const folder = process.argv[2];
const problems = [];
const INSTALL_SCRIPTS = ["preinstall", "install", "postinstall", "prepare"];

for (const file of readdirSync(folder).filter((name) => name.endsWith(".tgz"))) {
  const dir = mkdtempSync(join(tmpdir(), "privnet-tarball-"));
  try {
    execFileSync("tar", ["-xzf", join(folder, file), "-C", dir]);
    const root = join(dir, "package");
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
    const say = (problem) => problems.push(`${pkg.name}: ${problem}`);

    const walk = (value, path) => {
      if (typeof value === "string") {
        if (!value.includes("*") && !existsSync(join(root, value)))
          say(`${path} -> ${value} is not in the tarball`);
        return;
      }
      for (const [key, inner] of Object.entries(value ?? {})) {
        if (key === "source") say(`${path} keeps the monorepo's "source" condition`);
        walk(inner, `${path}["${key}"]`);
      }
    };
    walk(pkg.exports, "exports");
    for (const [name, target] of Object.entries(
      typeof pkg.bin === "string" ? { [pkg.name]: pkg.bin } : (pkg.bin ?? {}),
    )) {
      if (!existsSync(join(root, target))) say(`bin ${name} -> ${target} is not in the tarball`);
    }
    for (const field of ["dependencies", "peerDependencies", "optionalDependencies"]) {
      for (const [name, range] of Object.entries(pkg[field] ?? {})) {
        if (/^(workspace|catalog|link|file):/.test(range)) say(`${field}.${name} is "${range}"`);
      }
    }
    for (const script of INSTALL_SCRIPTS)
      if (pkg.scripts?.[script]) say(`runs a "${script}" script at install`);
    if (pkg.license !== "MIT") say(`license is ${JSON.stringify(pkg.license)}, not "MIT"`);
    if (!pkg.repository?.url) say("no repository");
    if (!existsSync(join(root, "LICENSE"))) say("no LICENSE file");
    const readmePath = join(root, "README.md");
    if (!existsSync(readmePath)) say("no README.md");
    else {
      const readme = readFileSync(readmePath, "utf8");
      for (const [, target] of readme.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (!/^(https?:\/\/|#|mailto:)/.test(target))
          say(`README links to "${target}", which does not resolve on npm`);
      }
      if (!/npm (install|i) /.test(readme)) say("README has no `npm install` line");
    }
    console.log(
      `${pkg.name}@${pkg.version}: ${problems.filter((p) => p.startsWith(`${pkg.name}:`)).length ? "problems" : "ok"}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
for (const problem of problems) console.error(`  ${problem}`);
process.exit(problems.length ? 1 : 0);
