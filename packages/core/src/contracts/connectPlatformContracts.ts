import {
  type Address,
  type Chain,
  createWalletClient,
  type Hex,
  type PublicClient,
  parseEther,
  type Transport,
  type WalletClient,
} from "viem";
import { type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import { deriveAccounts } from "../chain/deriveAccounts.js";
import { SYSTEM_MNEMONIC } from "../chain/systemAccounts.js";
import { ChainUnreachableError } from "../errors/platform.js";
import type { StorageAdapter } from "../storage/StorageAdapter.js";
import type { DeployPlatformContractsOptions } from "./deployPlatformContracts.js";
import {
  ensurePlatformContracts,
  isDeploymentLive,
  readStoredPlatformContracts,
  type StoredPlatformContracts,
} from "./ensurePlatformContracts.js";
import { priceOracleAbi } from "./generated.js";
import { listPlatformContracts, type PlatformContractInfo } from "./listPlatformContracts.js";
import type { PlatformContractAddresses } from "./platformContracts.js";

/**
 * Index of the system mnemonic whose prefunded account (System 20) pays for the owner's and the
 * updater's ETH. It is a prefunded account nothing else in privnet sends from by default.
 */
export const CONTRACTS_FUNDER_INDEX = 20;
/** Index (beyond the 21 prefunded ones) of the key that deploys and owns the platform contracts. */
export const CONTRACTS_OWNER_INDEX = 22;
/** Index (beyond the 21 prefunded ones) of the oracle simulator's updater key. Only the push queue sends from it. */
export const ORACLE_UPDATER_INDEX = 21;

export type PlatformContractsOptions = Omit<DeployPlatformContractsOptions, "updaters"> & {
  /**
   * Key that deploys and owns the contracts. Default: the system mnemonic's key at index 22,
   * funded from System 20 before it deploys. Nothing else may send from it while it deploys.
   */
  ownerPrivateKey?: Hex;
  /** Key the oracle simulator pushes prices with (granted the updater right). Default: index 21. */
  updaterPrivateKey?: Hex;
};

export type PlatformContracts = {
  addresses: PlatformContractAddresses;
  deployment: StoredPlatformContracts;
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
  /** The updater account the oracle pushes with. */
  readonly updaterAccount: PrivateKeyAccount;
  /** A wallet client of the updater, for its pushes. */
  readonly updaterClient: WalletClient<Transport, Chain, PrivateKeyAccount>;
};

export type ConnectPlatformContractsParameters = {
  chain: Chain;
  transport: Transport;
  client: PublicClient;
  storage: StorageAdapter;
  /** Sends `amount` wei to `to` from the funder (through the platform's nonce manager). */
  fund(to: Address, amount: bigint): Promise<void>;
  options?: PlatformContractsOptions | undefined;
};

let derived: { owner: Hex; updater: Hex } | undefined;

/**
 * The platform's contracts, on demand: ensures them (deploy once, then reuse, see
 * {@link ensurePlatformContracts}) with a funded owner key, makes sure the oracle's updater key
 * holds the updater right and gas money, and memoises the result.
 *
 * @example
 * const contracts = connectPlatformContracts({ chain, transport, client, storage, fund });
 * const { addresses } = await contracts.get();
 */
export function connectPlatformContracts(
  params: ConnectPlatformContractsParameters,
): PlatformContractsService {
  const { ownerPrivateKey, updaterPrivateKey, ...deployOptions } = params.options ?? {};
  const keys = () => {
    if (ownerPrivateKey && updaterPrivateKey) return { owner: ownerPrivateKey, updater: updaterPrivateKey };
    derived ??= (() => {
      const [updater, owner] = deriveAccounts(SYSTEM_MNEMONIC, [ORACLE_UPDATER_INDEX, CONTRACTS_OWNER_INDEX]);
      return {
        owner: (owner as { privateKey: Hex }).privateKey,
        updater: (updater as { privateKey: Hex }).privateKey,
      };
    })();
    return { owner: ownerPrivateKey ?? derived.owner, updater: updaterPrivateKey ?? derived.updater };
  };
  const { owner: ownerKey, updater: updaterKey } = keys();
  const ownerAccount = privateKeyToAccount(ownerKey);
  const updaterAccount = privateKeyToAccount(updaterKey);
  const ownerClient = createWalletClient({
    account: ownerAccount,
    chain: params.chain,
    transport: params.transport,
  });
  const updaterClient = createWalletClient({
    account: updaterAccount,
    chain: params.chain,
    transport: params.transport,
  });
  const platformTokenSymbol = deployOptions.platformToken?.symbol ?? "PRIV";
  // What the owner spends: the pool's ETH liquidity plus gas for the deployment.
  const ownerNeeds = (deployOptions.liquidity?.eth ?? parseEther("1000")) + parseEther("10");
  const updaterNeeds = parseEther("1");

  const topUp = async (address: Address, needs: bigint, isDefaultKey: boolean) => {
    if (!isDefaultKey) return;
    const balance = await params.client.getBalance({ address });
    if (balance < needs) await params.fund(address, needs * 2n - balance);
  };

  const ensure = async (): Promise<PlatformContracts> => {
    await topUp(ownerAccount.address, ownerNeeds, ownerPrivateKey === undefined);
    const result = await ensurePlatformContracts(ownerClient, {
      ...deployOptions,
      storage: params.storage,
      updaters: [updaterAccount.address],
    });
    if (result.reused) {
      // A deployment made by someone else (or an older setup) may not know this updater yet.
      const granted = await params.client.readContract({
        address: result.addresses.priceOracle,
        abi: priceOracleAbi,
        functionName: "isUpdater",
        args: [updaterAccount.address],
      });
      if (!granted && result.deployment.deployer.toLowerCase() === ownerAccount.address.toLowerCase()) {
        const hash = await ownerClient.writeContract({
          address: result.addresses.priceOracle,
          abi: priceOracleAbi,
          functionName: "grantUpdater",
          args: [updaterAccount.address],
        });
        await params.client.waitForTransactionReceipt({ hash });
      }
    }
    await topUp(updaterAccount.address, updaterNeeds, updaterPrivateKey === undefined);
    return {
      addresses: result.addresses,
      deployment: result.deployment,
      reused: result.reused,
      platformTokenSymbol,
      owner: ownerAccount.address,
      updater: updaterAccount.address,
    };
  };

  let current: Promise<PlatformContracts> | undefined;
  const get = () => {
    current ??= ensure().catch((error: unknown) => {
      current = undefined;
      throw error;
    });
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
    updaterAccount,
    updaterClient,
  };
}
