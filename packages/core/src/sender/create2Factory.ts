import type { Address, PublicClient, TransactionSerializedLegacy } from "viem";
import { getAddress, keccak256, parseEther } from "viem";
import { Create2FactoryUnavailableError } from "../errors/sender.js";
import type { StorageAdapter, TransactionRecord } from "../storage/StorageAdapter.js";
import { classifyNodeError } from "./classifyNodeError.js";
import { receiptOutcome } from "./receiptOutcome.js";

/**
 * The deterministic deployment proxy the ecosystem shares: the same address on every chain that
 * has it. Called with `salt (32 bytes) ++ init code`, it CREATE2s the contract and returns its
 * address (20 bytes); it reverts when the creation fails.
 */
export const CREATE2_FACTORY_ADDRESS: Address = getAddress("0x4e59b44847b379578588920ca78fbf26c0b4956c");

/** The one-time account that deploys it: the signer recovered from {@link CREATE2_FACTORY_DEPLOYMENT}. */
export const CREATE2_FACTORY_DEPLOYER: Address = getAddress("0x3fab184622dc19b6109349b94811493bf2a45362");

/**
 * The factory's published deployment: a legacy transaction without a chain id (so it is valid on
 * every chain), nonce 0, gas price 100 gwei, gas 100,000, whose signature (r = s = 0x22…22) was
 * chosen rather than made with a key, so nobody holds the deployer's key. Public data, kept verbatim.
 */
export const CREATE2_FACTORY_DEPLOYMENT =
  "0xf8a58085174876e800830186a08080b853604580600e600039806000f350fe7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf31ba02222222222222222222222222222222222222222222222222222222222222222a02222222222222222222222222222222222222222222222222222222222222222" as TransactionSerializedLegacy;

/** What the deployer must hold for its deployment: 100,000 gas at 100 gwei. */
export const CREATE2_FACTORY_DEPLOYER_FUNDING = parseEther("0.01");

/** What {@link ensureCreate2Factory} needs: the chain, the storage, and a way to fund the deployer. */
export type EnsureCreate2FactoryContext = {
  client: PublicClient;
  storage: StorageAdapter;
  /** Sends `value` wei to `to` through the send pipeline and resolves once it is confirmed. */
  fund(to: Address, value: bigint): Promise<void>;
  /** Recorded as the factory deployment's `source`. */
  source: string;
};

/**
 * Makes sure the CREATE2 factory is on the chain. A freshly started anvil has it from genesis, but
 * not after `anvil_reset` (anvil 1.7.1 drops it) nor when started with
 * `--disable-default-create2-deployer`, and other nodes may lack it: there it is deployed once, under a storage lock so that
 * two senders do not both try. The deployer is funded through the send pipeline, then the
 * published bytes are recorded (write-ahead, kind `deploy`) and submitted as they are. Answers the
 * record of the deployment it sent, or null when the factory was already there.
 */
export async function ensureCreate2Factory(
  ctx: EnsureCreate2FactoryContext,
): Promise<TransactionRecord | null> {
  if (await hasCode(ctx, CREATE2_FACTORY_ADDRESS)) return null;
  return ctx.storage.withLock("create2-factory", async () => {
    if (await hasCode(ctx, CREATE2_FACTORY_ADDRESS)) return null;
    const nonce = await ctx.client.getTransactionCount({ address: CREATE2_FACTORY_DEPLOYER });
    if (nonce !== 0) {
      throw new Create2FactoryUnavailableError(
        `its deployer ${CREATE2_FACTORY_DEPLOYER} already used nonce 0 on this chain, and no code is at ${CREATE2_FACTORY_ADDRESS}.`,
      );
    }
    const balance = await ctx.client.getBalance({ address: CREATE2_FACTORY_DEPLOYER });
    if (balance < CREATE2_FACTORY_DEPLOYER_FUNDING) {
      await ctx.fund(CREATE2_FACTORY_DEPLOYER, CREATE2_FACTORY_DEPLOYER_FUNDING - balance);
    }
    const hash = keccak256(CREATE2_FACTORY_DEPLOYMENT);
    const record = await ctx.storage.transactions.insert({
      hash,
      from: CREATE2_FACTORY_DEPLOYER,
      to: CREATE2_FACTORY_ADDRESS,
      value: 0n,
      nonce: 0,
      status: "pending",
      blockNumber: null,
      source: ctx.source,
      createdAt: new Date().toISOString(),
      kind: "deploy",
      selector: null,
      rawTransaction: CREATE2_FACTORY_DEPLOYMENT,
    });
    try {
      await ctx.client.request({ method: "eth_sendRawTransaction", params: [CREATE2_FACTORY_DEPLOYMENT] });
    } catch (error) {
      if (classifyNodeError(error) !== "already-known") {
        await ctx.storage.transactions.remove(record.id).catch(() => undefined);
        throw new Create2FactoryUnavailableError(
          "the node refused its deployment (a node that requires EIP-155 chain ids refuses it).",
          { cause: error },
        );
      }
    }
    const receipt = await ctx.client.waitForTransactionReceipt({ hash });
    const { status, blockNumber } = receiptOutcome(receipt);
    const settled = await ctx.storage.transactions.update(record.id, { status, blockNumber });
    if (receipt.status !== "success" || !(await hasCode(ctx, CREATE2_FACTORY_ADDRESS))) {
      throw new Create2FactoryUnavailableError(
        `its deployment ${hash} did not leave code at ${CREATE2_FACTORY_ADDRESS}.`,
      );
    }
    return settled ?? record;
  });
}

async function hasCode(ctx: { client: PublicClient }, address: Address): Promise<boolean> {
  const code = await ctx.client.getCode({ address });
  return code !== undefined && code !== "0x";
}
