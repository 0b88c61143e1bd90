import type { Address, Hash } from "viem";
import type { GuardedContext } from "../context/OperationGuard.js";
import { ExplorerUnavailableError } from "../errors/explorer.js";
import { parseAddress } from "../input/parseAddress.js";
import type { ExplorerContext } from "./ExplorerContext.js";
import { type GetChainAddressParameters, getChainAddress } from "./getChainAddress.js";
import { getChainBlock } from "./getChainBlock.js";
import { getChainTransaction } from "./getChainTransaction.js";
import { type ListBlockGasParameters, listBlockGas } from "./listBlockGas.js";
import { type ListChainBlocksParameters, listChainBlocks } from "./listChainBlocks.js";
import { searchChain } from "./searchChain.js";
import {
  getSimulation,
  type RerunChanges,
  rerunTransaction,
  type SimulateParameters,
  simulate,
} from "./simulate/index.js";

/** What `platform.explorer` needs: the explorer's parts, or undefined when it does not run. */
export type ExplorerActionsContext = GuardedContext & { readonly explorer: ExplorerContext | undefined };

/**
 * `platform.explorer`: the index of the chain — blocks, any transaction decoded (privnet's or
 * not), any address with its label, balances and transactions, and search. Fails with
 * `EXPLORER_UNAVAILABLE` when the platform runs without it.
 */
export function explorerActions(ctx: ExplorerActionsContext) {
  const run = <R>(operation: (explorer: ExplorerContext) => Promise<R>) =>
    ctx.guard(() => {
      if (!ctx.explorer) return Promise.reject(new ExplorerUnavailableError());
      return operation(ctx.explorer);
    });
  return {
    /** The indexed blocks, newest first, with the head and how far the index reached. */
    blocks: (params?: ListChainBlocksParameters) => run((explorer) => listChainBlocks(explorer, params)),
    /**
     * The newest indexed blocks' gas used, oldest first, split by the bot that sent it (the rest
     * as `other`): what fills the blocks.
     */
    blockGas: (params?: ListBlockGasParameters) => run((explorer) => listBlockGas(explorer, params)),
    /** A block by number or hash with its transactions decoded. Fails with `BLOCK_NOT_FOUND`. */
    block: (block: bigint | Hash) => run((explorer) => getChainBlock(explorer, block)),
    /** A transaction with its logs, revert reason and call trace. Fails with `TRANSACTION_NOT_FOUND`. */
    transaction: (hash: Hash) => run((explorer) => getChainTransaction(explorer, hash)),
    /** Any address: label, balance, code, token balances, its transactions from the index. */
    address: (address: Address | string, params?: GetChainAddressParameters) =>
      run((explorer) => getChainAddress(explorer, parseAddress(address, "address"), params)),
    /** A hash, an address, a block number, or a label (substring, any case). */
    search: (q: string) => run((explorer) => searchChain(explorer, q)),
    /**
     * Simulates a call or a bundle (each call sees the ones before it) on the chain's state at a
     * block, with account and storage overrides (storage by variable path from the artifacts'
     * layouts, or by slot), from any address (no key): each call explained like a mined
     * transaction. Nothing on the chain changes. Fails with `INVALID_SIMULATION`.
     *
     * @example
     * const { calls } = await platform.explorer.simulate({ calls: [{ from, to: token, function: "approve", args: [spender, "100"] }] });
     */
    simulate: (params: SimulateParameters) => run((explorer) => simulate(explorer, params)),
    /** A simulation run with `save: true`. Fails with `SIMULATION_NOT_FOUND`. */
    simulation: (id: string) => run((explorer) => getSimulation(explorer, id)),
    /**
     * A mined transaction run again with changes, where it ran in its block, beside the original
     * with what differs. Fails with `TRANSACTION_NOT_FOUND` or `INVALID_SIMULATION`.
     */
    rerun: (hash: Hash, changes: RerunChanges = {}) =>
      run((explorer) => rerunTransaction(explorer, hash, changes)),
    /** The indexer's progress and health. */
    status: () => ctx.explorer?.indexer.status() ?? null,
    /** Resolves once `block` is indexed (tests and scripts: wait on the index, never sleep). */
    waitForBlock: (block: bigint) => run((explorer) => explorer.indexer.waitFor(block)),
  };
}

/** The operations of `platform.explorer`. */
export type ExplorerActions = ReturnType<typeof explorerActions>;
