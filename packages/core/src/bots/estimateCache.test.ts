import { useDevnet } from "@privnet/devnet/vitest";
import { createPublicClient, custom, encodeFunctionData, getAddress, http, zeroAddress } from "viem";
import { expect, test } from "vitest";
import { deriveAccounts } from "../chain/deriveAccounts.js";
import { SYSTEM_MNEMONIC } from "../chain/systemAccounts.js";
import { testTokenAbi } from "../contracts/generated.js";
import { estimateCache } from "./estimateCache.js";

const devnet = useDevnet();
const from = (deriveAccounts(SYSTEM_MNEMONIC, [2])[0] as { address: `0x${string}` }).address; // funded
const recipient = getAddress("0x00000000000000000000000000000000000000b8");

/** A client on the devnet that counts the estimates the node was asked for. */
function countingClient() {
  const inner = http(devnet.rpcUrl)({ chain: devnet.chain, retryCount: 0 });
  const estimates: unknown[] = [];
  const client = createPublicClient({
    chain: devnet.chain,
    transport: custom(
      {
        request: ({ method, params }) => {
          if (method === "eth_estimateGas") estimates.push(params);
          return inner.request({ method, params });
        },
      },
      { retryCount: 0 },
    ),
  });
  return { client, estimates };
}

test("one estimate per kind of send, with the margin and the extra on top, and a failed estimate asked again", async () => {
  const { client, estimates } = countingClient();
  const ctx = { client, address: from };
  const transfer = { to: recipient, value: 1n };
  const node = await client.estimateGas({ account: from, ...transfer });
  estimates.length = 0;

  const cache = estimateCache({ margin: 30, extra: 1_000n });
  const limits = await Promise.all([
    cache.gas(ctx, "transfer", transfer),
    cache.gas(ctx, "transfer", transfer),
    cache.gas(ctx, "transfer", { ...transfer, value: 2n }),
  ]);
  expect(limits).toEqual([
    (node * 130n) / 100n + 1_000n,
    (node * 130n) / 100n + 1_000n,
    (node * 130n) / 100n + 1_000n,
  ]);
  expect(estimates).toHaveLength(1);

  // A send the node refuses to estimate (init code that reverts): not kept, asked again next time.
  const reverts = { data: "0x60006000fd" as const }; // PUSH1 0 PUSH1 0 REVERT
  await expect(cache.gas(ctx, "reverts", reverts)).rejects.toThrow();
  await expect(cache.gas(ctx, "reverts", reverts)).rejects.toThrow();
  expect(estimates).toHaveLength(3);

  // The default margin is the 20 % ctx.send adds to its own estimates.
  const call = {
    to: zeroAddress,
    data: encodeFunctionData({ abi: testTokenAbi, functionName: "decimals" }),
  };
  const plain = await client.estimateGas({ account: from, ...call });
  expect(await estimateCache().gas(ctx, "call", call)).toBe((plain * 120n) / 100n);
  cache.clear();
  await cache.gas(ctx, "transfer", transfer);
  expect(estimates).toHaveLength(6);
});

test("a margin that is not a whole percent is refused", () => {
  expect(() => estimateCache({ margin: 12.5 })).toThrow(RangeError);
  expect(() => estimateCache({ margin: -1 })).toThrow("margin is a whole percent");
});
