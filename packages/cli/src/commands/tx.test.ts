import { createPlatform, deriveAccounts, SYSTEM_MNEMONIC } from "@privnet/core";
import { useDevnet } from "@privnet/devnet/vitest";
import { createAdminServer } from "@privnet/express-adapter";
import { type Address, type Hash, http } from "viem";
import { afterEach, describe, expect, test } from "vitest";
import { tx } from "./tx.js";

const devnet = useDevnet();
const [one, two] = deriveAccounts(SYSTEM_MNEMONIC, [1, 2]) as { address: Address }[];
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Three balance lines: the sender, the recipient and the block's fee recipient, in any order. */
function expectBalanceLines() {
  return [0, 1, 2].map(() => expect.stringMatching(/^ {2}.*0x[0-9a-fA-F]{40}\)? {2}[-+][\d.]+ ETH$/));
}

describe("privnet tx", () => {
  test("prints a transaction as the running stack's explorer decodes it; an unknown one exits 1", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl), pollingInterval: 50 });
    cleanups.push(() => platform.close());
    const server = await createAdminServer(platform, { port: 0, logger: false });
    cleanups.push(() => server.close());
    const hash = await devnet.request<Hash>("eth_sendTransaction", [
      { from: one?.address, to: two?.address, value: "0xde0b6b3a7640000" },
    ]);
    const receipt = await platform.client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    await platform.explorer.waitForBlock(receipt.blockNumber);

    const lines: string[] = [];
    const run = (txHash: string) =>
      tx({ hash: txHash, flags: { url: server.url }, cwd: "/", env: {}, write: (line) => lines.push(line) });
    await expect(run(hash)).resolves.toBe(0);
    expect(lines).toEqual([
      `${hash}  success in block ${receipt.blockNumber}`,
      "  1 ETH → System 2",
      `  from   System 1 (${one?.address})`,
      `  to     System 2 (${two?.address})`,
      expect.stringMatching(/^ {2}value {2}1 ETH {3}fee [\d.]+ ETH {3}gas 21000$/),
      "trace:",
      `  CALL System 2 (${two?.address})`,
      "changes:",
      // The sender, the recipient and the block's fee recipient, in address order.
      ...expectBalanceLines(),
    ]);
    // The sender paid 1 ETH and the fee; the recipient gained 1 ETH.
    expect(lines).toContain(`  System 2 (${two?.address})  +1 ETH`);
    expect(lines.find((line) => line.startsWith("  System 1"))).toMatch(
      /^ {2}System 1 \(0x[0-9a-fA-F]{40}\) {2}-1\.\d+ ETH$/,
    );

    lines.length = 0;
    await expect(
      tx({
        hash,
        flags: { url: server.url, json: true },
        cwd: "/",
        env: {},
        write: (line) => lines.push(line),
      }),
    ).resolves.toBe(0);
    expect(JSON.parse(lines.join("\n")).stateChanges).toMatchObject({
      balances: expect.arrayContaining([
        expect.objectContaining({ address: two?.address, delta: "1000000000000000000", formattedDelta: "1" }),
      ]),
      tokens: [],
      storage: [],
    });

    lines.length = 0;
    await expect(run(`0x${"ab".repeat(32)}`)).resolves.toBe(1);
    expect(lines).toEqual([expect.stringMatching(/answered 404: Transaction .* not found\.$/)]);
    await expect(run("0x12")).rejects.toMatchObject({
      message: expect.stringContaining("give a transaction hash"),
    });
  });
});
