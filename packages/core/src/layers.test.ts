import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

// Core's folders in layers, lowest first: a folder imports only from folders of lower layers
// (and from itself). The shared context types sit low so that the services never import the
// platform that wires them. `pnpm exec vitest run packages/core/src/layers.test.ts` checks it.
const LAYERS: readonly (readonly string[])[] = [
  ["errors", "chain", "fees", "lifecycle", "workers", "requestRules"],
  ["storage", "signing", "blobs", "input"],
  ["context"],
  ["wallets", "network", "faults"],
  ["sender"],
  ["contracts", "transactions"],
  ["bots", "oracle"],
  ["lending", "explorer"],
  ["platform"],
  ["exports"],
];

const src = dirname(fileURLToPath(import.meta.url));
const layerOf = new Map(LAYERS.flatMap((folders, layer) => folders.map((folder) => [folder, layer])));

// Type tests (`*.test-d.ts`) are held to the layers too: one that checks the public entry lives
// in `exports/typeTests/`, not in the low folder whose types it checks.
function sourceFiles(dir: string, typeTests = false): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "fixtures" ? [] : sourceFiles(path, typeTests);
    const test = typeTests ? /\.test\.tsx?$/ : /\.test(-d)?\.tsx?$/;
    return /\.tsx?$/.test(entry.name) && !test.test(entry.name) ? [path] : [];
  });
}

test("core's folders import only from lower layers", () => {
  const upward: string[] = [];
  const unlisted = new Set<string>();
  for (const file of sourceFiles(src, true)) {
    const from = relative(src, file).split("/")[0] as string;
    if (!from.includes(".") && !layerOf.has(from)) unlisted.add(from);
    const text = readFileSync(file, "utf8");
    for (const [, specifier] of text.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)) {
      const to = relative(src, resolve(dirname(file), specifier as string)).split("/")[0] as string;
      if (to === from || from.includes(".")) continue;
      if ((layerOf.get(to) ?? -1) >= (layerOf.get(from) ?? -1))
        upward.push(`${relative(src, file)} -> ${specifier}`);
    }
  }
  expect([...unlisted]).toEqual([]);
  expect(upward).toEqual([]);
});

// Inside a folder, files import each other one way too: a cycle between two files of one folder
// (types included) means neither can be read without the other, and a new file joins the knot.
// Shared types go to a file of their own that both import. Checked for every package's sources.
const packages = resolve(src, "../..");

test("no import cycle between the files of one folder, in any package", () => {
  const files = readdirSync(packages).flatMap((name) => {
    const dir = join(packages, name, "src");
    return existsSync(dir) ? sourceFiles(dir) : [];
  });
  const sameFolderImports = new Map(files.map((file) => [file, importsInFolder(file)]));
  const cycles = stronglyConnected(sameFolderImports).map((cycle) =>
    cycle.map((file) => relative(packages, file)).join(", "),
  );
  expect(cycles).toEqual([]);
});

// Where the chain's head may be read (`eth_blockNumber`, viem's `getBlockNumber`/`watchBlockNumber`/
// `watchBlocks`): the hub (core's `chain/`) and the devnet's relay with its fault controller, which
// runs on the relay's thread. Everything else follows the hub (`head.watch`, `head.read()`,
// `platform.network.watchHead`). Four more, each for a reason of its own: `privnet status` asks a
// URL once whether a chain answers there (no platform), the devnet's test client's `mineBlocks`
// answers the block it mined, a fork asks its parent's head once to pin its block, and the
// devnet's chain archive reads anvil's own port below the relay (once a pass, every few seconds)
// for the blocks it must keep before anvil drops them.
const HEAD_READERS = [
  "core/src/chain/",
  "devnet/src/anvil/clock/",
  "devnet/src/faults/",
  "cli/src/commands/status.ts",
  "devnet/src/testing/mineBlocks.ts",
  "devnet/src/archive/archiveChain.ts",
  "devnet/src/forks/readParentHead.ts",
];

test("the chain's head is read only by the hub and the devnet's relay", () => {
  const readers: string[] = [];
  for (const name of readdirSync(packages)) {
    const dir = join(packages, name, "src");
    if (!existsSync(dir)) continue;
    for (const file of sourceFiles(dir)) {
      const path = relative(packages, file);
      if (HEAD_READERS.some((allowed) => path.startsWith(allowed))) continue;
      // Code only: comments may name the method.
      const code = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
      if (/"eth_blockNumber"|\bgetBlockNumber\(|\bwatchBlockNumber\(|\bwatchBlocks\(/.test(code))
        readers.push(path);
    }
  }
  expect(readers).toEqual([]);
});

/** The files of its own folder that `file` imports (`import`, `import type`, `export … from`). */
function importsInFolder(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const targets: string[] = [];
  for (const [, specifier] of text.matchAll(/(?:from|import)\s*\(?\s*"(\.\/[^"]+)"/g)) {
    const base = resolve(dirname(file), specifier as string).replace(/\.js$/, "");
    const target = [`${base}.ts`, `${base}.tsx`].find((candidate) => existsSync(candidate));
    if (target && dirname(target) === dirname(file)) targets.push(target);
  }
  return targets;
}

/** The groups of files that reach each other through imports (Tarjan's algorithm), each as a list. */
function stronglyConnected(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    lowest.set(file, index.get(file) as number);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        lowest.set(file, Math.min(lowest.get(file) as number, lowest.get(next) as number));
      } else if (onStack.has(next)) {
        lowest.set(file, Math.min(lowest.get(file) as number, index.get(next) as number));
      }
    }
    if (lowest.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.get(file)?.includes(file)) groups.push(group.sort());
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return groups;
}
