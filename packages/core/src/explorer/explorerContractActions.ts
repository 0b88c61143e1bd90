import type { Abi, Address } from "viem";
import type { GuardedContext } from "../context/OperationGuard.js";
import { ContractNotFoundError, ExplorerUnavailableError } from "../errors/explorer.js";
import { parseAddress } from "../input/parseAddress.js";
import {
  describeArtifactSet,
  type LoadArtifactsParameters,
  type LoadArtifactsReturnType,
  loadArtifacts,
} from "./artifacts/loadArtifacts.js";
import type { ExplorerContext } from "./ExplorerContext.js";
import type { KnownContract } from "./ExplorerShapes.js";
import { readContractFunction } from "./readContractFunction.js";
import { type RegisterContractParameters, registerContract } from "./registerContract.js";

/** What the explorer's part of `platform.contracts` needs. */
export type ExplorerContractActionsContext = GuardedContext & {
  readonly explorer: ExplorerContext | undefined;
};

/**
 * The explorer's part of `platform.contracts` (beside `get`, `refresh` and `list`): registered
 * ABIs, lookups in the ABI registry, and reads of view functions. Fails with
 * `EXPLORER_UNAVAILABLE` when the platform runs without the explorer.
 */
export function explorerContractActions(ctx: ExplorerContractActionsContext) {
  const withExplorer = <R>(operation: (explorer: ExplorerContext) => Promise<R>) =>
    ctx.guard(() => {
      if (!ctx.explorer) return Promise.reject(new ExplorerUnavailableError());
      return operation(ctx.explorer);
    });
  return {
    /**
     * Registers a contract's ABI (checked with abitype's zod schema; the address must hold code):
     * its calls, logs and errors are decoded everywhere, its address labelled with `name`, and
     * its view functions readable with `read`. Fails with `INVALID_ABI`, `INVALID_LABEL`,
     * `INVALID_ADDRESS` or `NO_CONTRACT_CODE`.
     *
     * @example
     * await platform.contracts.register({ name: "Gauge", address, abi: gaugeAbi });
     */
    register: <const TAbi extends Abi | readonly unknown[]>(
      params: RegisterContractParameters & { abi: TAbi },
    ) => withExplorer((explorer) => registerContract(explorer, params)),
    /**
     * Loads a build's artifacts — a Hardhat 3 `artifacts/` folder (with its `build-info/`), a
     * Foundry `out/` folder, or solc standard-JSON outputs — in place of what was loaded from the
     * same folder: any contract on the chain whose runtime code is one of theirs (ignoring the
     * metadata hash, immutables and library addresses; EIP-1167 clones and EIP-1967 proxies as
     * their implementation) is named and decoded. A bad file is listed in `errors`, the rest
     * loads. Registered ABIs still win. Fails with `ARTIFACTS_UNREADABLE` for a folder it cannot
     * read.
     *
     * @example
     * const { contracts, errors } = await platform.contracts.loadArtifacts("./artifacts");
     */
    loadArtifacts: (params: LoadArtifactsParameters) =>
      withExplorer((explorer) => loadArtifacts(explorer, params)),
    /** The builds loaded, each with its contracts and the files that could not be used. */
    artifacts: () =>
      withExplorer(
        async (explorer): Promise<LoadArtifactsReturnType[]> =>
          explorer.artifacts.sets().map(describeArtifactSet),
      ),
    /** Drops the build loaded from `source`; false when none was. */
    unloadArtifacts: (source: string) =>
      withExplorer(async (explorer) => {
        const removed = explorer.artifacts.remove(source);
        if (removed) explorer.labels.forget();
        return removed;
      }),
    /** The contracts users registered, by registration time. */
    registered: () => withExplorer((explorer) => explorer.store.contracts.list()),
    /**
     * The contract whose ABI the explorer knows at `address` (platform, bot, registered, or matched
     * to a loaded build artifact by its code). Fails
     * with `CONTRACT_NOT_FOUND`.
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

/** The explorer's operations of `platform.contracts`. */
export type ExplorerContractActions = ReturnType<typeof explorerContractActions>;
