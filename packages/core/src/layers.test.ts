import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

// Core's folders in layers, lowest first: a folder imports only from folders of lower layers
// (and from itself). The shared context types sit low so that the services never import the
// platform that wires them. `pnpm exec vitest run packages/core/src/layers.test.ts` checks it.
const LAYERS: readonly (readonly string[])[] = [
  ["errors", "chain", "fees", "lifecycle"],
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

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "fixtures" ? [] : sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/\.test(-d)?\.ts$/.test(entry.name) ? [path] : [];
  });
}

test("core's folders import only from lower layers", () => {
  const upward: string[] = [];
  const unlisted = new Set<string>();
  for (const file of sourceFiles(src)) {
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
