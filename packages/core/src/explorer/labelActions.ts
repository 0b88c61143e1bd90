import { type Address, getAddress } from "viem";
import type { GuardedContext } from "../context/OperationGuard.js";
import { ExplorerUnavailableError } from "../errors/explorer.js";
import { parseAddress } from "../input/parseAddress.js";
import type { ExplorerContext } from "./ExplorerContext.js";
import type { AddressLabel } from "./ExplorerShapes.js";
import { checkName } from "./registerContract.js";

/** What `platform.labels` needs. */
export type LabelActionsContext = GuardedContext & { readonly explorer: ExplorerContext | undefined };

/** One entry of `platform.labels.list()`. */
export type LabelledAddress = { address: Address; label: AddressLabel };

/**
 * `platform.labels`: the names the explorer gives addresses (wallets, system accounts, bots, the
 * deployer, the oracle's updater, contracts), and a user's own, stored, on top.
 */
export function labelActions(ctx: LabelActionsContext) {
  const run = <R>(operation: (explorer: ExplorerContext) => Promise<R>) =>
    ctx.guard(() => {
      if (!ctx.explorer) return Promise.reject(new ExplorerUnavailableError());
      return operation(ctx.explorer);
    });
  return {
    /** Gives `address` your own label (1 to 64 characters), over any other. Fails with `INVALID_LABEL`. */
    set: (address: Address | string, label: string) =>
      run(async (explorer): Promise<LabelledAddress> => {
        const checked = parseAddress(address, "address");
        const name = checkName(label, "label");
        const stored = await explorer.store.labels.set(checked, name);
        explorer.labels.forget();
        return { address: stored.address, label: { name: stored.name, source: "user" } };
      }),
    /** Removes your own label (the address keeps any other); true when there was one. */
    remove: (address: Address | string) =>
      run(async (explorer) => {
        const removed = await explorer.store.labels.remove(parseAddress(address, "address"));
        explorer.labels.forget();
        return removed;
      }),
    /** Every labelled address, by address. */
    list: () =>
      run(async (explorer): Promise<LabelledAddress[]> => {
        const labels = await explorer.labels.all();
        return [...labels.entries()]
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([address, label]) => ({ address: getAddress(address), label }));
      }),
    /** One address's label, or null. */
    get: (address: Address | string) =>
      run(async (explorer) => (await explorer.labels.labeller())(parseAddress(address, "address"))),
  };
}

/** The operations of `platform.labels`. */
export type LabelActions = ReturnType<typeof labelActions>;
