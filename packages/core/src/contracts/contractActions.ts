import type { Abi, Address } from "viem";
import { ContractNotFoundError, ExplorerUnavailableError } from "../errors/explorer.js";
import type { ExplorerContext } from "../explorer/ExplorerContext.js";
import type { KnownContract } from "../explorer/ExplorerShapes.js";
import { readContractFunction } from "../explorer/readContractFunction.js";
import { type RegisterContractParameters, registerContract } from "../explorer/registerContract.js";
import type { GuardedContext } from "../platform/OperationGuard.js";
import { parseAddress } from "../sender/parseAddress.js";
import type { PlatformContractsService } from "./connectPlatformContracts.js";

/**
 * What `platform.contracts` needs: the service that reuses or deploys the platform's contracts,
 * and the explorer (its ABI registry) for registered contracts and reads.
 */
export type ContractActionsContext = GuardedContext & {
  readonly contracts: PlatformContractsService;
  readonly explorer?: ExplorerContext | undefined;
};

/** `platform.contracts`: the deployed contracts, ensured on first call (or at start with the `contracts` option). */
export function contractActions(ctx: ContractActionsContext) {
  const withExplorer = <R>(operation: (explorer: ExplorerContext) => Promise<R>) =>
    ctx.guard(() => {
      if (!ctx.explorer) return Promise.reject(new ExplorerUnavailableError());
      return operation(ctx.explorer);
    });
  return {
    /** The platform's contracts: reused from storage while they have code, deployed otherwise. */
    get: () => ctx.guard(() => ctx.contracts.get()),
    /** Ensures them again, e.g. after a chain reset (deploys anew when their code is gone). */
    refresh: () => ctx.guard(() => ctx.contracts.refresh()),
    /**
     * Every platform contract deployed on this chain: name, Solidity contract, address, the block
     * of its deployment and ABI. Deploys nothing: empty until the contracts are deployed.
     */
    list: () => ctx.guard(() => ctx.contracts.list()),
    /**
     * Registers a contract's ABI (checked with abitype's zod schema; the address must hold code):
     * its calls, logs and errors are decoded everywhere, its address labelled with `name`, and
     * its view functions readable with {@link read}. Fails with `INVALID_ABI`, `INVALID_LABEL`,
     * `INVALID_ADDRESS` or `NO_CONTRACT_CODE`.
     *
     * @example
     * await platform.contracts.register({ name: "Gauge", address, abi: gaugeAbi });
     */
    register: <const TAbi extends Abi | readonly unknown[]>(
      params: RegisterContractParameters & { abi: TAbi },
    ) => withExplorer((explorer) => registerContract(explorer, params)),
    /** The contracts users registered, by registration time. */
    registered: () => withExplorer((explorer) => explorer.store.contracts.list()),
    /**
     * The contract whose ABI the explorer knows at `address` (platform, bot or registered), or a
     * token standard's when the address holds a token. Fails with `CONTRACT_NOT_FOUND`.
     */
    lookup: (address: Address | string) =>
      withExplorer(async (explorer): Promise<KnownContract> => {
        const checked = parseAddress(address, "address");
        const known = await explorer.registry.lookup(checked);
        if (known) return known;
        throw new ContractNotFoundError(checked);
      }),
    /**
     * Calls a view or pure function of a known contract and answers what it returns (viem's
     * decoding: bigints for integers). Arguments as JSON has them: integers as decimal strings or
     * numbers. Fails with `CONTRACT_NOT_FOUND`, `INVALID_CONTRACT_CALL` or `CONTRACT_READ_REVERTED`.
     *
     * @example
     * const [price, updatedAt] = (await platform.contracts.read(oracle, "getPriceInfo", [token])) as [bigint, bigint];
     */
    read: (address: Address | string, functionName: string, args: readonly unknown[] = []) =>
      withExplorer((explorer) => readContractFunction(explorer, address, functionName, args)),
  };
}

/** The operations of `platform.contracts`. */
export type ContractActions = ReturnType<typeof contractActions>;
