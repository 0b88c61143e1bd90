import {
  defineService,
  PRIVNET_GAS_LIMIT,
  privnet,
  type Service,
  SYSTEM_ACCOUNT_BALANCE,
  SYSTEM_ACCOUNT_COUNT,
  SYSTEM_MNEMONIC,
} from "@privnet/core";
import { defineAnvil } from "../anvil/defineAnvil.js";
import { DEFAULT_STATE_WINDOW } from "../anvil/devnetSettings.js";
import { DevnetStartError } from "../errors.js";

/** One throwaway fork as an instance: see {@link defineFork}. */
export type ForkInstance = Service & {
  /** The fork's JSON-RPC URL while it runs. */
  readonly url: string;
  /** Its anvil's process id (-1 before it started). */
  readonly pid: number;
};

export type DefineForkParameters = {
  /** Names the instance: `fork <id>`. */
  id: string;
  binary: string;
  /** The parent chain's URL (for a privnet stack: its loopback one, past the chain policy). */
  parentUrl: string;
  block: bigint;
};

/**
 * A throwaway fork: anvil forked from `parentUrl` at `block`, on a loopback port of its own, with
 * privnet's chain id, gas limit and prefunded system accounts (their balance set on the fork), a
 * block per transaction, no state file and no disk cache of the parent. A one-shot instance: once
 * stopped its process is gone for good.
 *
 * @example
 * const fork = defineFork({ id: "fork-1", binary: resolveAnvilBinary(), parentUrl, block: 12n });
 * await fork.start();
 * console.log(fork.url);
 * await fork.stop();
 */
export function defineFork(parameters: DefineForkParameters): ForkInstance {
  const anvil = defineAnvil({
    binary: parameters.binary,
    args: () => [
      ...["--host", "127.0.0.1", "--port", "0", "--chain-id", String(privnet.id)],
      ...["--gas-limit", String(PRIVNET_GAS_LIMIT), "--accounts", String(SYSTEM_ACCOUNT_COUNT)],
      ...["--balance", (SYSTEM_ACCOUNT_BALANCE / 10n ** 18n).toString(), "--mnemonic", SYSTEM_MNEMONIC],
      ...["--fork-url", parameters.parentUrl, "--fork-block-number", parameters.block.toString()],
      ...["--no-storage-caching", "--prune-history", String(DEFAULT_STATE_WINDOW)],
    ],
    urlHost: "127.0.0.1",
    startTimeout: 20_000,
    classify: (error, output) =>
      new DevnetStartError(error instanceof Error ? error.message : String(error), output.join("\n"), error),
  });
  const instance = defineService({
    name: `fork ${parameters.id}`,
    start: () => anvil.start(),
    stop: () => anvil.stop(),
  });
  return Object.defineProperties(instance, {
    url: { get: () => anvil.url, enumerable: true },
    pid: { get: () => anvil.pid, enumerable: true },
  }) as ForkInstance;
}
