import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { useDevnet } from "@privnet/devnet/vitest";
import { afterAll, describe, expect, test } from "vitest";
import { resolveSettings } from "../config/resolveSettings.js";
import { runPrivnet } from "../testing/runPrivnet.js";

// `privnet up --fork-url` refusals as a user meets them: a sentence and an exit code, no stack trace.

const devnet = useDevnet();
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "privnet-up-fork-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const up = ["up", "--port", "0", "--oracle-port", "0", "--chain-port", "0", "--storage", "memory"];

describe("privnet up --fork-url", () => {
  test("an unreachable fork URL fails the start with exit code 1, naming its origin but not its path", async () => {
    const run = runPrivnet([...up, "--fork-url", "http://127.0.0.1:9/v3/api-key-123"], { cwd: tempDir() });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain(
      "privnet: could not start: anvil did not start: the fork URL cannot be used: http://127.0.0.1:9 did not answer eth_blockNumber",
    );
    expect(run.output()).not.toContain("api-key-123");
    expect(run.output()).not.toMatch(/\n\s+at /);
  });

  test("a fork block beyond the parent's head fails the start with exit code 1", async () => {
    const run = runPrivnet([...up, "--fork-url", devnet.rpcUrl, "--fork-block", "99999"], { cwd: tempDir() });
    expect(await run.exited).toBe(1);
    expect(run.output()).toMatch(
      /could not start: anvil did not start: forkBlock 99999 is beyond the head of http:\/\/127\.0\.0\.1:\d+ \(block \d+\)/,
    );
  });

  test("--fork-url with --rpc-url, --fork-block alone, and a block that is not a number are usage errors", () => {
    const resolve = (flags: Record<string, string>) => () =>
      resolveSettings({ config: {}, env: {}, flags, cwd: tempDir() });
    expect(resolve({ "fork-url": devnet.rpcUrl, "rpc-url": devnet.rpcUrl })).toThrow(/exclude each other/);
    expect(resolve({ "fork-block": "3" })).toThrow(/needs chain.forkUrl/);
    expect(resolve({ "fork-url": devnet.rpcUrl, "fork-block": "head" })).toThrow(
      /--fork-block must be an integer/,
    );
    expect(resolve({ "fork-url": "ftp://example.com" })).toThrow(/chain.forkUrl/);
    expect(
      resolveSettings({
        config: {},
        env: { PRIVNET_FORK_URL: devnet.rpcUrl, PRIVNET_FORK_BLOCK: "2" },
        flags: {},
        cwd: tempDir(),
      }).chain,
    ).toMatchObject({
      forkUrl: devnet.rpcUrl,
      forkBlock: 2,
    });
  });
});
