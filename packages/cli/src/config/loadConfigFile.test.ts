import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { build } from "esbuild";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import type { LoadedConfig } from "./loadConfigFile.js";

// Vitest's module runner would compile the config file itself and hide how Node loads it, so the
// loader runs in a plain `node` child, as `privnet up` does: bundled from source into the
// package's node_modules (where its own dependencies, tsx and zod, resolve).
const packageDir = join(dirname(fileURLToPath(import.meta.url)), "../..");
const buildDir = join(packageDir, "node_modules/.privnet-test");
const loaderFile = join(buildDir, `loadConfigFile-${process.pid}.mjs`);

beforeAll(async () => {
  mkdirSync(buildDir, { recursive: true });
  await build({
    stdin: {
      contents: `import { loadConfigFile } from "./src/config/loadConfigFile.ts";
try {
  console.log(JSON.stringify({ ok: await loadConfigFile(process.cwd()) }));
} catch (error) {
  console.log(JSON.stringify({ error: { name: error.name, message: error.message } }));
}`,
      resolveDir: packageDir,
      loader: "ts",
    },
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    outfile: loaderFile,
    logLevel: "silent",
  });
});
afterAll(() => rmSync(loaderFile, { force: true }));

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** loadConfigFile(cwd) in a plain Node process. */
async function loadConfigFile(cwd: string): Promise<LoadedConfig> {
  const { stdout } = await promisify(execFile)(process.execPath, [loaderFile], { cwd });
  const answer = JSON.parse(stdout) as { ok: LoadedConfig } | { error: { name: string; message: string } };
  if ("error" in answer) throw Object.assign(new Error(answer.error.message), answer.error);
  return { path: answer.ok.path ?? undefined, config: answer.ok.config };
}

/** A project folder with its package.json (`type` as given, or none) and files. */
function project(type: "module" | "commonjs" | undefined, files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "privnet-config-"));
  dirs.push(dir);
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "user-project", private: true, type }));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

// ES module syntax and TypeScript types, as `privnet init` or a README would write the file.
const typescriptConfig = `import { join } from "node:path";
type Port = number;
const port: Port = 3100;
export default { dataDir: join("state", "privnet"), admin: { port } };
`;

describe("loadConfigFile", () => {
  test.each([
    ["commonjs", "commonjs"],
    ["module", "module"],
    ["no type field (CommonJS)", undefined],
  ] as const)("loads privnet.config.ts in a %s package", async (_name, type) => {
    const cwd = project(type, { "privnet.config.ts": typescriptConfig });
    const loaded = await loadConfigFile(cwd);
    expect(loaded).toEqual({
      path: join(cwd, "privnet.config.ts"),
      config: { dataDir: join("state", "privnet"), admin: { port: 3100 } },
    });
  });

  test("loads privnet.config.mts in a CommonJS package and privnet.config.js in a module one", async () => {
    const commonjs = project("commonjs", { "privnet.config.mts": typescriptConfig });
    expect((await loadConfigFile(commonjs)).config).toEqual({
      dataDir: join("state", "privnet"),
      admin: { port: 3100 },
    });
    const esm = project("module", { "privnet.config.js": "export default { chain: { blockTime: 1 } };\n" });
    expect(await loadConfigFile(esm)).toEqual({
      path: join(esm, "privnet.config.js"),
      config: { chain: { blockTime: 1 } },
    });
  });

  test("an invalid config in a CommonJS package names the field", async () => {
    const cwd = project("commonjs", { "privnet.config.ts": `export default { admin: { port: "3000" } };\n` });
    await expect(loadConfigFile(cwd)).rejects.toMatchObject({
      name: "UsageError",
      message: expect.stringMatching(/is not valid:\n {2}admin\.port: /),
    });
  });

  test("a config that does not compile is a usage error naming the file", async () => {
    const cwd = project("commonjs", { "privnet.config.ts": "export default { admin: { port: 3000 }\n" });
    await expect(loadConfigFile(cwd)).rejects.toMatchObject({
      name: "UsageError",
      message: expect.stringContaining(
        `The config file ${join(cwd, "privnet.config.ts")} could not be loaded:`,
      ),
    });
  });

  test("no config file: an empty config", async () => {
    expect(await loadConfigFile(project("commonjs", {}))).toEqual({ path: undefined, config: {} });
  });
});
