import { useDevnet } from "@privnet/devnet/vitest";
import { EventEmitter } from "eventemitter3";
import { getAddress, http, parseEther, toHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { expect, test } from "vitest";
import { ChainHead } from "../chain/ChainHead.js";
import { createNodeClient } from "../chain/nodeClient.js";
import type { PlatformContext } from "../context/PlatformContext.js";
import type { PlatformEvents } from "../context/PlatformEvents.js";
import { createFeePolicy } from "../fees/feePolicy.js";
import { createKeyVault } from "../signing/KeyVault.js";
import { memoryStorage } from "../storage/memoryStorage.js";
import { NonceManager } from "./NonceManager.js";
import { RewindRecovery } from "./RewindRecovery.js";
import { TransactionWatcher } from "./TransactionWatcher.js";
import type { RewindStep } from "./watcherSteps.js";

// The rewind recovery's rule "`onChainRewound` last": the bots run their setup again and top their
// keys up once the platform announced the rewind, so by then the nonce gaps under the pooled sends
// must be filled. A real anvil: a send mined, two more pooled, then an evm_revert takes the
// first one's block and leaves nonce 0 a gap under the two.
const devnet = useDevnet();
const recipient = getAddress("0x00000000000000000000000000000000000000bb");

function swapped(first: RewindStep, second: RewindStep): RewindStep[] {
  return RewindRecovery.steps.map((step) => (step === first ? second : step === second ? first : step));
}

/** What the platform had heard, in order, when the rewind was announced. */
async function heardAroundARevert(rewindSteps: readonly RewindStep[]) {
  const key = generatePrivateKey();
  const account = privateKeyToAccount(key);
  await devnet.request("anvil_setBalance", [account.address, toHex(parseEther("10"))]);
  const snapshot = await devnet.request<string>("evm_snapshot");
  const client = createNodeClient({
    chain: devnet.chain,
    transport: http(devnet.rpcUrl),
    pollingInterval: 50,
  });
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
  const heard: string[] = [];
  let announced: (heardBefore: string[]) => void = () => undefined;
  const rewound = new Promise<string[]>((resolve) => {
    announced = resolve;
  });
  let manager: NonceManager | undefined;
  const watcher = new TransactionWatcher(ctx, {
    pollingInterval: 50,
    replaceAfter: 120_000,
    dropAfter: 120_000,
    rewindSteps,
    onChainRewound: (cause) => {
      heard.push(`rewound (${cause})`);
      announced([...heard]);
    },
    fillNonceGaps: (_from, gaps) => (manager as NonceManager).fillGaps(gaps),
  });
  manager = new NonceManager(ctx, watcher, account.address, {
    maxInFlight: 8,
    adaptive: false,
    maxPerLock: 8,
    maxAttempts: 1,
  });
  await watcher.start();
  try {
    const send = (value: bigint) =>
      (manager as NonceManager).send({
        account,
        to: recipient,
        value,
        source: "test",
        signer: async () => account,
      });
    const first = await send(1n);
    await watcher.settled(first.watched);
    await devnet.request("evm_setAutomine", [false]);
    await send(2n);
    await send(3n);
    events.on("transaction", (record) =>
      heard.push(`${record.source} nonce ${record.nonce}: ${record.status}`),
    );
    expect(await devnet.request<boolean>("evm_revert", [snapshot])).toBe(true);
    return await rewound;
  } finally {
    await watcher.stop();
    await devnet.request("evm_setAutomine", [true]);
  }
}

test("the rewind is announced last: by then the lost send failed and the gap under the pooled ones is filled", async () => {
  const heard = await heardAroundARevert(RewindRecovery.steps);
  expect(heard).toEqual(["test nonce 0: failed", "nonce-gap-filler nonce 0: pending", "rewound (revert)"]);
});

test("announced before the gaps are filled, a listener would top keys up over an open gap (the rule's control)", async () => {
  const heard = await heardAroundARevert(swapped("fillGaps", "announce"));
  expect(heard).toEqual(["test nonce 0: failed", "rewound (revert)"]);
});
