// Shared by the contract tests: clients for the worker devnet's prefunded accounts, deployment,
// transactions that must succeed, reverts that must carry a given reason, and time travel.
import type { WorkerDevnet } from "@privnet/devnet/vitest";
import {
  type Abi,
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  createWalletClient,
  getAddress,
  type Hash,
  type Hex,
  http,
  publicActions,
  type TransactionReceipt,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { expect } from "vitest";

export type TestClient = ReturnType<typeof walletFor>;

/** A wallet + public client signing with the devnet's prefunded account `index`. */
export function walletFor(devnet: WorkerDevnet, index: number) {
  const account = devnet.accounts[index];
  if (!account) throw new Error(`The devnet has no prefunded account ${index}`);
  return createWalletClient({
    account: privateKeyToAccount(account.privateKey),
    chain: devnet.chain,
    transport: http(devnet.rpcUrl),
    pollingInterval: 50,
  }).extend(publicActions);
}

/** Deploys a contract and returns its address once the deployment is mined. */
export async function deploy(
  client: TestClient,
  contract: { abi: Abi; bytecode: Hex; args?: readonly unknown[] },
): Promise<Address> {
  const hash = await client.deployContract({
    abi: contract.abi,
    bytecode: contract.bytecode,
    args: contract.args ?? [],
  } as Parameters<TestClient["deployContract"]>[0]);
  const receipt = await mined(client, hash);
  if (!receipt.contractAddress) throw new Error(`Deployment ${receipt.transactionHash} created no contract`);
  return getAddress(receipt.contractAddress);
}

/** Waits for `hash` and asserts it succeeded. */
export async function mined(client: TestClient, hash: Hash | Promise<Hash>): Promise<TransactionReceipt> {
  const receipt = await client.waitForTransactionReceipt({ hash: await hash });
  if (receipt.status !== "success") {
    // Say why: the call trace carries the revert data the receipt lacks.
    const trace = await client
      .request({
        method: "debug_traceTransaction",
        params: [receipt.transactionHash, { tracer: "callTracer" }],
      } as never)
      .catch((error: unknown) => String(error));
    const block = await client.getBlock({ blockNumber: receipt.blockNumber });
    expect.fail(
      `${receipt.transactionHash} reverted in block ${block.number} (timestamp ${block.timestamp}): ${JSON.stringify(trace)}`,
    );
  }
  return receipt;
}

/**
 * Asserts that `action` reverts with `reason`: a require string ("Price is stale") or a custom
 * error's name ("OwnableUnauthorizedAccount"), read from viem's decoded revert, not from the
 * error message.
 */
export async function expectRevert(action: Promise<unknown>, reason: string): Promise<void> {
  const error = await action.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error, `expected a revert with "${reason}"`).toBeInstanceOf(BaseError);
  const reverted = (error as BaseError).walk((cause) => cause instanceof ContractFunctionRevertedError);
  expect(reverted, String(error)).toBeInstanceOf(ContractFunctionRevertedError);
  const { reason: message, data } = reverted as ContractFunctionRevertedError;
  expect(message ?? data?.errorName ?? (reverted as ContractFunctionRevertedError).signature).toBe(reason);
}

/** Mines one empty block with exactly `timestamp` (Unix seconds). */
export async function mineAt(devnet: WorkerDevnet, timestamp: bigint): Promise<void> {
  await devnet.request("evm_setNextBlockTimestamp", [Number(timestamp)]);
  await devnet.request("evm_mine");
}

/** The timestamp of the block that included `receipt`. */
export async function blockTimestamp(client: TestClient, receipt: TransactionReceipt): Promise<bigint> {
  const block = await client.getBlock({ blockNumber: receipt.blockNumber });
  return block.timestamp;
}
