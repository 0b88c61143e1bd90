import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPlatform, deriveAccounts, SYSTEM_MNEMONIC } from "@privnet/core";
import { useDevnet } from "@privnet/devnet/vitest";
import { createAdminServer } from "@privnet/express-adapter";
import { type Address, getAddress, http } from "viem";
import { afterEach, describe, expect, test } from "vitest";
import { simulate } from "./simulate.js";
import { formatExplanation } from "./tx.js";

const devnet = useDevnet();
const [one, two] = deriveAccounts(SYSTEM_MNEMONIC, [1, 2]) as { address: Address }[];
const keyless = "0x00000000000000000000000000000000000a11ce";
const reverter = "0x0000000000000000000000000000000000000bad";
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serve() {
  const platform = await createPlatform({ transport: http(devnet.rpcUrl), pollingInterval: 50 });
  cleanups.push(() => platform.close());
  const server = await createAdminServer(platform, { port: 0, logger: false });
  cleanups.push(() => server.close());
  return server.url;
}

describe("privnet simulate", () => {
  test("one call from flags, printed like privnet tx; --save prints its link", async () => {
    const url = await serve();
    const lines: string[] = [];
    const code = await simulate({
      file: undefined,
      flags: { url, from: one?.address, to: two?.address, value: "1.5", save: true },
      cwd: "/",
      env: {},
      write: (line) => lines.push(line),
    });
    expect(code).toBe(0);
    expect(lines.slice(0, 6)).toEqual([
      expect.stringMatching(/^simulated on block \d+'s state, as block \d+$/),
      "call 0  success",
      "  1.5 ETH → System 2",
      `  from   System 1 (${one?.address})`,
      `  to     System 2 (${two?.address})`,
      "  value  1.5 ETH   gas 21000",
    ]);
    expect(lines).toContain(`  System 2 (${two?.address})  +1.5 ETH`);
    expect(lines.at(-1)).toMatch(new RegExp(`^saved: ${url}/chain/simulations/[0-9a-f-]{36}$`));
  });

  test("a bundle from a JSON file with overrides; a reverting call exits 1; a refused body prints the API's error", async () => {
    const url = await serve();
    const folder = await mkdtemp(join(tmpdir(), "privnet-simulate-"));
    cleanups.push(() => rm(folder, { recursive: true, force: true }));
    const file = join(folder, "bundle.json");
    await writeFile(
      file,
      JSON.stringify({
        overrides: { [keyless]: { balance: "3" }, [reverter]: { code: "0x60006000fd" } },
        calls: [
          { from: keyless, to: two?.address, value: "2" },
          { from: keyless, to: reverter, data: "0x12345678" },
        ],
      }),
    );
    const lines: string[] = [];
    const run = (path: string) =>
      simulate({ file: path, flags: { url }, cwd: "/", env: {}, write: (line) => lines.push(line) });
    await expect(run(file)).resolves.toBe(1);
    expect(lines).toContain("call 0  success");
    expect(lines).toContain("call 1  reverted");
    expect(lines).toContain(`  ${getAddress(keyless)}  -2 ETH`);

    await writeFile(file, JSON.stringify({ calls: [{ from: "0x12" }] }));
    lines.length = 0;
    await expect(run(file)).resolves.toBe(1);
    expect(lines).toEqual([expect.stringMatching(/answered 400: .*from/)]);
    await expect(
      simulate({ file: undefined, flags: { url, from: keyless, args: "nope" }, cwd: "/", env: {} }),
    ).rejects.toMatchObject({ message: expect.stringContaining("--args must be a JSON array") });
  });

  test("a simulated call's decoded return values are printed under its call", () => {
    const lines = formatExplanation(
      {
        transaction: {
          status: "success",
          blockNumber: 8,
          from: keyless,
          fromLabel: null,
          to: reverter,
          toLabel: { name: "USDC" },
          contractAddress: null,
          contractAddressLabel: null,
          formattedValue: "0",
          gasUsed: "23992",
          method: { contract: "USDC", name: "balanceOf", args: [{ name: "account", value: keyless }] },
          summary: "USDC.balanceOf",
        },
        returned: [{ name: "arg0", value: "1000000000" }],
        logs: [],
        revertReason: null,
        trace: null,
      },
      "call 0  success",
    );
    expect(lines).toEqual([
      "call 0  success",
      "  USDC.balanceOf",
      `  from   ${keyless}`,
      `  to     USDC (${reverter})`,
      `  call   USDC.balanceOf(account: ${keyless})`,
      "  value  0 ETH   gas 23992",
      "  returns arg0: 1000000000",
    ]);
  });
});
