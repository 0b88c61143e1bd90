import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { expect, test } from "vitest";

// `privnet-devnet` from source, as a user runs it: a bad command line is a usage error (exit 2,
// one sentence and the help), never a stack trace; nothing is started.
const bin = fileURLToPath(new URL("./privnet-devnet.ts", import.meta.url));
const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx/esm")).href;

function run(args: string[]) {
  const result = spawnSync(process.execPath, ["--conditions=source", "--import", tsx, bin, ...args], {
    encoding: "utf8",
    timeout: 20_000,
  });
  return { code: result.status, stderr: result.stderr, stdout: result.stdout };
}

test.each([
  [["--node-memory-limit", "-5"], /--node-memory-limit/],
  [["--port"], /--port/],
  [["--block-time", "soon"], /--block-time expects a number, got "soon"/],
  [["--no-such-flag"], /no-such-flag/],
  [["extra"], /extra/],
])("privnet-devnet %j: exit 2 with the reason and the help", (args, reason) => {
  const { code, stderr, stdout } = run(args);
  expect(code).toBe(2);
  expect(stderr).toMatch(reason);
  expect(stderr).toMatch(/^privnet-devnet: /);
  expect(stderr).toContain("Usage: privnet-devnet [options]");
  expect(stderr).not.toMatch(/\n\s+at /);
  expect(stdout).toBe("");
});

test("a value the devnet refuses (a negative memory limit) is one line and exit 1, no stack", () => {
  const { code, stderr } = run(["--node-memory-limit=-5", "--port", "0"]);
  expect(code).toBe(1);
  expect(stderr.trim()).toMatch(
    /^privnet-devnet: anvil did not start: nodeMemoryLimit must be 0 or a positive number of MB, got -5/,
  );
  expect(stderr).not.toMatch(/\n\s+at /);
});
