/**
 * Builds the panel's app with Vite into dist/app and records a hash of everything the build reads
 * beside it (dist/app-inputs.sha256), so that a build that is already current is not redone:
 * `npm start`, the browser tests' global setup and the benchmark call it with `ifStale`.
 *
 *   tsx scripts/buildApp.ts              # build
 *   tsx scripts/buildApp.ts --if-stale   # build only when missing or older than its inputs
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const panelRoot = fileURLToPath(new URL("..", import.meta.url));
const repoRoot = join(panelRoot, "../..");
const hashFile = join(panelRoot, "dist/app-inputs.sha256");

/** What the build reads: the app, its config, core's source (the form checks bundle core's parsers), the lockfile. */
const inputs = [
  "packages/panel/index.html",
  "packages/panel/vite.config.ts",
  "packages/panel/package.json",
  "packages/panel/tsconfig.json",
  "packages/panel/public",
  "packages/panel/src",
  "packages/core/src",
  "pnpm-lock.yaml",
];

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => !entry.name.includes(".test."))
    .flatMap((entry) => filesUnder(join(path, entry.name)));
}

/** A hash of the build's inputs: their paths and contents. */
export function appInputsHash(): string {
  const hash = createHash("sha256");
  const files = inputs.flatMap((input) => filesUnder(join(repoRoot, input))).sort();
  for (const file of files) {
    hash.update(relative(repoRoot, file));
    hash.update("\0");
    hash.update(readFileSync(file));
    hash.update("\0");
  }
  return hash.digest("hex");
}

export type BuildAppOptions = {
  /** Build only when there is no build or an input changed since the last one. */
  ifStale?: boolean;
  log?: (line: string) => void;
};

// One build per process however many callers ask at once (several Vitest projects' global setups).
const building = Symbol.for("privnet.panel.build");
type Shared = { [building]?: Promise<"built" | "current"> };

/**
 * Builds the app unless `ifStale` and the last build's inputs are unchanged. Resolves with what
 * it did.
 *
 * @example
 * await buildApp({ ifStale: true }); // "built" or "current"
 */
export function buildApp(options: BuildAppOptions = {}): Promise<"built" | "current"> {
  const shared = globalThis as Shared;
  const pending =
    shared[building] ??
    run(options).finally(() => {
      delete shared[building];
    });
  shared[building] = pending;
  return pending;
}

async function run({ ifStale = false, log = () => {} }: BuildAppOptions): Promise<"built" | "current"> {
  const hash = appInputsHash();
  const built = existsSync(join(panelRoot, "dist/app/index.html"));
  if (ifStale && built && existsSync(hashFile) && readFileSync(hashFile, "utf8").trim() === hash) {
    return "current";
  }
  log(
    built ? "privnet: the admin panel's sources changed; building it…" : "privnet: building the admin panel…",
  );
  const { build } = await import("vite");
  // A production build also inside a test run: Vitest sets NODE_ENV=test, with which React and
  // the JSX transform would bundle their development builds.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({
      root: panelRoot,
      configFile: join(panelRoot, "vite.config.ts"),
      mode: "production",
      logLevel: "warn",
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  writeFileSync(hashFile, `${hash}\n`);
  return "built";
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const ifStale = process.argv.includes("--if-stale");
  const outcome = await buildApp({ ifStale, log: (line) => console.log(line) });
  if (!ifStale || outcome === "built")
    console.log(`@privnet/panel: app built in ${relative(repoRoot, join(panelRoot, "dist/app"))}`);
}
