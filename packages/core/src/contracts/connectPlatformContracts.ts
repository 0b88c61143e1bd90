import {
  type Address,
  type Chain,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  isAddressEqual,
  type PublicClient,
  parseEther,
  type Transport,
} from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import { ContractDeploymentFailedError } from "../errors/contracts.js";
import { ChainUnreachableError } from "../errors/platform.js";
import type { SendTransactionParameters, SendTransactionReturnType } from "../sender/sendTransaction.js";
import type { StorageAdapter } from "../storage/StorageAdapter.js";
import type { DeploymentSend, DeployPlatformContractsOptions } from "./deployPlatformContracts.js";
import {
  type EnsurePlatformContractsReturnType,
  ensurePlatformContracts,
  isDeploymentLive,
  readStoredPlatformContracts,
  type StoredPlatformContracts,
} from "./ensurePlatformContracts.js";
import { priceOracleAbi } from "./generated.js";
import { listPlatformContracts, type PlatformContractInfo } from "./listPlatformContracts.js";
import { type PlatformAccounts, platformAccounts } from "./platformAccounts.js";
import type { PlatformContractAddresses, PlatformContractBlocks } from "./platformContracts.js";

export type PlatformContractsOptions = Omit<DeployPlatformContractsOptions, "updaters"> & {
  /**
   * Key that deploys and owns the contracts. Default: the system mnemonic's key at index 22,
   * funded from System 20 before it deploys. Nothing else may send from it while it deploys.
   */
  ownerPrivateKey?: Hex;
  /** Key the oracle simulator pushes prices with (granted the updater right). Default: index 21. */
  updaterPrivateKey?: Hex;
};

/**
 * The deployment the platform uses, in the SDK's shape: the stored record with its block numbers
 * as `bigint` (storage keeps them as decimal strings, {@link StoredPlatformContracts}).
 */
export type PlatformDeployment = Omit<StoredPlatformContracts, "blockNumber" | "blockNumbers"> & {
  /** The block that included the last deployment transaction. */
  blockNumber: bigint;
  /**
   * The block that included each contract's deployment. Absent from deployments stored before
   * privnet kept it (their contracts were all deployed by `blockNumber`).
   */
  blockNumbers?: PlatformContractBlocks | undefined;
};

export type PlatformContracts = {
  addresses: PlatformContractAddresses;
  deployment: PlatformDeployment;
  /** True when a stored deployment was reused. */
  reused: boolean;
  /** The symbol of the platform token (default PRIV). */
  platformTokenSymbol: string;
  owner: Address;
  updater: Address;
};

export type PlatformContractsService = {
  /** The platform's contracts: reused from storage while they have code, deployed otherwise. Memoised. */
  get(): Promise<PlatformContracts>;
  /** Forgets the memoised contracts and ensures them again (after a chain reset: deploys anew). */
  refresh(): Promise<PlatformContracts>;
  /** Forgets the memoised contracts without ensuring them (`platform.revert()`: the next use reads storage again). */
  forget(): void;
  /**
   * Every platform contract deployed on this chain — name, Solidity contract, address, deployment
   * block, ABI — read from storage and checked to have code; deploys nothing. Empty while the
   * contracts are not deployed (before the first `get()`, or after a chain reset until the next).
   */
  list(): Promise<PlatformContractInfo[]>;
  /** The updater account the oracle pushes with (through the platform's sender). */
  readonly updaterAccount: PrivateKeyAccount;
};

export type ConnectPlatformContractsParameters = {
  chain: Chain;
  transport: Transport;
  client: PublicClient;
  storage: StorageAdapter;
  /** Sends `amount` wei to `to` from the funder (through the platform's nonce manager). */
  fund(to: Address, amount: bigint): Promise<void>;
  /**
   * The platform's `sendTransaction`: the deployment, its wiring and a late `grantUpdater` go
   * through it (queue, nonce, record, watch, replace), recorded with source `deployment`.
   */
  send(params: SendTransactionParameters): Promise<SendTransactionReturnType>;
  options?: PlatformContractsOptions | undefined;
};

/**
 * The platform's contracts, on demand: ensures them (deploy once, then reuse, see
 * {@link ensurePlatformContracts}) with a funded owner key, makes sure the oracle's updater key
 * holds the updater right and gas money, and memoises the result. After `forget()` (the chain went
 * back) the next use ensures them again: the same deployment found again keeps its result.
 *
 * @example
 * const contracts = connectPlatformContracts({ chain, transport, client, storage, fund });
 * const { addresses } = await contracts.get();
 */
export function connectPlatformContracts(
  params: ConnectPlatformContractsParameters,
): PlatformContractsService {
  const { ownerPrivateKey, updaterPrivateKey, ...deployOptions } = params.options ?? {};
  const accounts = platformAccounts({ owner: ownerPrivateKey, updater: updaterPrivateKey });
  const platformTokenSymbol = deployOptions.platformToken?.symbol ?? "PRIV";
  let current: Promise<PlatformContracts> | undefined;
  let last: PlatformContracts | undefined;
  const get = () => {
    current ??= ensureContracts(params, deployOptions, accounts).then(
      (ensured) => {
        // Ensured again (after a rewind, a refresh): the deployment it already had is what it was.
        if (last && sameDeployment(last, ensured)) return last;
        last = ensured;
        return ensured;
      },
      (error: unknown) => {
        current = undefined;
        throw error;
      },
    );
    return current;
  };
  return {
    get,
    refresh() {
      current = undefined;
      return get();
    },
    forget() {
      current = undefined;
    },
    async list() {
      const deployment = await readStoredPlatformContracts(params.storage);
      if (!deployment) return [];
      const live = await isDeploymentLive(params.client, deployment).catch((cause: unknown) => {
        throw new ChainUnreachableError({ cause });
      });
      return live ? listPlatformContracts(deployment, platformTokenSymbol) : [];
    },
    updaterAccount: accounts.updater,
  };
}

/**
 * Ensures the contracts once: tops the owner up (a derived key), deploys or reuses them, grants a
 * reused deployment the updater right it lacks, tops the updater up.
 */
async function ensureContracts(
  params: ConnectPlatformContractsParameters,
  deployOptions: Omit<PlatformContractsOptions, "ownerPrivateKey" | "updaterPrivateKey">,
  accounts: PlatformAccounts,
): Promise<PlatformContracts> {
  const { owner, updater } = accounts;
  const asOwner = ownerSender(params, owner);
  const topUp = async (address: Address, needs: bigint, derived: boolean) => {
    if (!derived) return;
    const balance = await params.client.getBalance({ address });
    if (balance < needs) await params.fund(address, needs * 2n - balance);
  };
  // What the owner spends: the pool's ETH liquidity plus gas for the deployment.
  await topUp(
    owner.address,
    (deployOptions.liquidity?.eth ?? parseEther("1000")) + parseEther("10"),
    accounts.derived.owner,
  );
  const result = await ensurePlatformContracts(asOwner.client, {
    ...deployOptions,
    storage: params.storage,
    updaters: [updater.address],
    send: asOwner.deploymentSend,
  });
  if (result.reused) await grantUpdater(params, asOwner, result, updater.address);
  await topUp(updater.address, parseEther("1"), accounts.derived.updater);
  return {
    addresses: result.addresses,
    deployment: toPlatformDeployment(result.deployment),
    reused: result.reused,
    platformTokenSymbol: deployOptions.platformToken?.symbol ?? "PRIV",
    owner: owner.address,
    updater: updater.address,
  };
}

/** A deployment made by someone else (or an older setup) may not know this updater yet. */
async function grantUpdater(
  params: ConnectPlatformContractsParameters,
  asOwner: OwnerSender,
  result: EnsurePlatformContractsReturnType,
  updater: Address,
) {
  const granted = await params.client.readContract({
    address: result.addresses.priceOracle,
    abi: priceOracleAbi,
    functionName: "isUpdater",
    args: [updater],
  });
  if (granted || !isAddressEqual(result.deployment.deployer, asOwner.address)) return;
  try {
    const sent = await asOwner.send({
      to: result.addresses.priceOracle,
      data: encodeFunctionData({ abi: priceOracleAbi, functionName: "grantUpdater", args: [updater] }),
    });
    await sent.wait();
  } catch (cause) {
    throw new ContractDeploymentFailedError(`grant updater ${updater}`, { cause });
  }
}

type OwnerSender = ReturnType<typeof ownerSender>;

/**
 * The owner's transactions, through the platform's sender (recorded with source `deployment`); its
 * wallet client only reads (chain id, gas estimates from the owner's address).
 */
function ownerSender(params: ConnectPlatformContractsParameters, owner: PrivateKeyAccount) {
  const client = createWalletClient({ account: owner, chain: params.chain, transport: params.transport });
  const send = async (request: Omit<SendTransactionParameters, "account" | "source">) => {
    const sent = await params.send({ ...request, account: owner, source: "deployment" });
    return {
      hash: sent.record.hash,
      contractAddress: sent.contractAddress,
      async wait() {
        const { record, reason } = await sent.wait();
        if (record.status !== "confirmed") throw new Error(`Transaction ${record.hash} ${reason}.`);
        return record.hash;
      },
    };
  };
  const deploymentSend: DeploymentSend = (request) =>
    send({
      ...(request.to === null ? {} : { to: request.to }),
      data: request.data,
      value: request.value,
      gas: request.gas,
    });
  return { address: owner.address, client, send, deploymentSend };
}

/** The same contracts at the same addresses, from the same deployment. */
function sameDeployment(a: PlatformContracts, b: PlatformContracts) {
  return (
    a.deployment.deployedAt === b.deployment.deployedAt &&
    isAddressEqual(a.addresses.priceOracle, b.addresses.priceOracle)
  );
}

/** A stored deployment with its decimal-string blocks read as `bigint`. */
function toPlatformDeployment(stored: StoredPlatformContracts): PlatformDeployment {
  const { blockNumber, blockNumbers, ...rest } = stored;
  if (!blockNumbers) return { ...rest, blockNumber: BigInt(blockNumber) };
  const { priceFeeds, ...own } = blockNumbers;
  return {
    ...rest,
    blockNumber: BigInt(blockNumber),
    blockNumbers: { ...toBlocks(own), priceFeeds: toBlocks(priceFeeds) },
  };
}

function toBlocks<Key extends string>(stored: Record<Key, string>): Record<Key, bigint> {
  return Object.fromEntries(
    Object.entries<string>(stored).map(([key, block]) => [key, BigInt(block)]),
  ) as Record<Key, bigint>;
}
