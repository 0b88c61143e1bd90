import { useDevnet } from "@privnet/devnet/vitest";
import { EventEmitter } from "eventemitter3";
import { custom, getAddress, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { expect, test } from "vitest";
import { ChainHead } from "../chain/ChainHead.js";
import { createNodeClient } from "../chain/nodeClient.js";
import type { PlatformContext } from "../context/PlatformContext.js";
import type { PlatformEvents } from "../context/PlatformEvents.js";
import { createFeePolicy } from "../fees/feePolicy.js";
import { createKeyVault } from "../signing/KeyVault.js";
import { memoryStorage } from "../storage/memoryStorage.js";
import { NonceManager } from "./NonceManager.js";
import { TransactionWatcher } from "./TransactionWatcher.js";
import { TICK_STEPS, type TickStep } from "./watcherSteps.js";

// A tick's steps run over a real anvil whose next block is mined, by the transport, right after
// the tick's first read of the chain is answered: between its read of the pool's size and its read
// of the head, or the other way round. A transaction mined there is in neither the pool counted nor
// a block up to a head read before it, and would be taken for lost.
const devnet = useDevnet();
const recipient = getAddress("0x00000000000000000000000000000000000000bb");

function swapped(first: TickStep, second: TickStep): TickStep[] {
  return TICK_STEPS.map((step) => (step === first ? second : step === second ? first : step));
}

async function tickAroundABlock(tickSteps: readonly TickStep[]) {
  const inner = http(devnet.rpcUrl)({ chain: devnet.chain, retryCount: 0 });
  let armed = false;
  const poolReads: string[] = [];
  const transport = custom(
    {
      async request({ method, params }) {
        if (method === "txpool_content") poolReads.push(method);
        const first =
          method === "txpool_status" || (method === "eth_getBlockByNumber" && params?.[0] === "latest");
        if (!armed || !first) return inner.request({ method, params });
        armed = false;
        const answer = await inner.request({ method, params });
        await inner.request({ method: "evm_mine" });
        return answer;
      },
    },
    { retryCount: 0 },
  );
  const client = createNodeClient({ chain: devnet.chain, transport });
  const events = new EventEmitter<PlatformEvents>();
  const ctx: PlatformContext = {
    chain: devnet.chain,
    client,
    head: new ChainHead(client),
    storage: memoryStorage(),
    events,
    keyVault: createKeyVault(undefined),
    fees: createFeePolicy({}),
  };
  // No poll and no timer tick in the way: the send's own nudge runs the one tick looked at.
  const watcher = new TransactionWatcher(ctx, {
    pollingInterval: 60_000,
    replaceAfter: 120_000,
    dropAfter: 120_000,
    tickSteps,
  });
  await devnet.request("evm_setAutomine", [false]);
  await watcher.start();
  try {
    const account = privateKeyToAccount(devnet.accounts[7]?.privateKey ?? "0x");
    const manager = new NonceManager(ctx, watcher, account.address, {
      maxInFlight: 1,
      adaptive: false,
      maxPerLock: 1,
      maxAttempts: 1,
    });
    // Recorded and accepted: the tick its attachment starts is the first to read the chain.
    events.on("transaction", (record) => {
      if (record.status === "pending") armed = true;
    });
    const { watched } = await manager.send({
      account,
      to: recipient,
      value: 1n,
      source: "test",
      signer: async () => account,
    });
    const { record } = await watcher.settled(watched);
    return { record, poolReads };
  } finally {
    await watcher.stop();
    await devnet.request("evm_setAutomine", [true]);
  }
}

test("the pool's size is read before the head: a transaction mined between the two reads is not taken for lost", async () => {
  const { record, poolReads } = await tickAroundABlock(TICK_STEPS);
  expect(record).toMatchObject({ status: "confirmed" });
  // No pool-loss check: it settled from the block the head read saw.
  expect(poolReads).toEqual([]);
});

test("with the head read first, the same block makes the tick look for a lost pool (the rule's control)", async () => {
  const { record, poolReads } = await tickAroundABlock(swapped("readPoolSize", "readHead"));
  expect(record).toMatchObject({ status: "confirmed" });
  expect(poolReads).toContain("txpool_content");
});
