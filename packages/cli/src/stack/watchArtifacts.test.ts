import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPlatform } from "@privnet/core";
import { useDevnet } from "@privnet/devnet/vitest";
import { http } from "viem";
import { afterEach, describe, expect, test } from "vitest";
import { watchArtifacts } from "./watchArtifacts.js";

const devnet = useDevnet();
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A solc standard-JSON output holding one contract (its ABI only: an interface). */
const output = (name: string) =>
  JSON.stringify({
    contracts: {
      [`src/${name}.sol`]: {
        [name]: {
          abi: [{ type: "function", name: "ping", inputs: [], outputs: [], stateMutability: "view" }],
        },
      },
    },
  });

describe("watchArtifacts", () => {
  test("loads each folder, reports bad files, and loads a folder again when a build writes to it", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl), pollingInterval: 50 });
    cleanups.push(() => platform.close());
    const folder = await mkdtemp(join(tmpdir(), "privnet-watch-"));
    cleanups.push(() => rm(folder, { recursive: true, force: true }));
    await writeFile(join(folder, "One.json"), output("One"));
    await writeFile(join(folder, "broken.json"), "{");

    const lines: string[] = [];
    let onLine: ((line: string) => void) | undefined;
    const stop = await watchArtifacts({
      platform,
      folders: [folder, join(folder, "missing")],
      report: (line) => {
        lines.push(line);
        onLine?.(line);
      },
    });
    cleanups.push(stop);
    expect(lines).toEqual([
      `loaded ${folder}: 1 contract, 1 file not used`,
      expect.stringMatching(/^ {2}broken\.json: not valid JSON/),
      expect.stringMatching(/missing: Cannot read the artifacts at .*: no such folder\.$/),
    ]);

    const reloaded = new Promise<string>((resolve) => {
      onLine = (line) => {
        if (line.startsWith("reloaded")) resolve(line);
      };
    });
    await writeFile(join(folder, "Two.json"), output("Two"));
    await expect(reloaded).resolves.toBe(`reloaded ${folder}: 2 contracts, 1 file not used`);
    const [build] = await platform.contracts.artifacts();
    expect(build?.contracts.map((contract) => contract.name)).toEqual(["One", "Two"]);
  });
});
