import { PRIVNET_GAS_LIMIT, privnet } from "@privnet/core";
import type { DevnetSettings } from "./devnetSettings.js";
import { stateFileArgs } from "./stateWrites.js";

/**
 * anvil's command line for a devnet: privnet's chain id, gas limit and prefunded accounts; with the
 * clock, a loopback port of anvil's own (the relay takes the devnet's); interval mining unless the
 * devnet mines each transaction (block time 0, or `automineFirst` until `useBlockTime()`); the
 * window of historical states kept in memory; the parent chain when it forks one; with a chain
 * archive, the window of blocks whose transactions anvil keeps; and the state file (loaded when it
 * exists, dumped on exit beside it: see `stateFileArgs`), with that window written into it only
 * when asked.
 *
 * @example
 * spawn(binary, anvilArgs(resolveDevnetSettings({ port: 0 })));
 */
export function anvilArgs(settings: DevnetSettings): string[] {
  const { withClock, blockTime, automineFirst, statePath } = settings;
  const args = [
    "--host",
    withClock ? "127.0.0.1" : settings.host,
    "--port",
    withClock ? "0" : String(settings.port),
    "--chain-id",
    String(privnet.id),
    "--gas-limit",
    String(PRIVNET_GAS_LIMIT),
    "--accounts",
    String(settings.accounts),
    // anvil takes the balance in whole ETH.
    "--balance",
    (settings.balance / 10n ** 18n).toString(),
    "--mnemonic",
    settings.mnemonic,
  ];
  if (blockTime > 0 && !automineFirst) args.push("--block-time", String(blockTime));
  args.push("--prune-history", String(settings.stateWindow));
  if (settings.archive) args.push("--transaction-block-keeper", String(settings.archive.blockWindow));
  if (settings.fork) {
    args.push("--fork-url", settings.fork.url);
    if (settings.fork.block !== undefined) args.push("--fork-block-number", settings.fork.block.toString());
    // A privnet parent's block N is not the same after a reset or a reorganisation: never read a
    // cached copy of it (anvil would keep one per chain id and block in ~/.foundry).
    args.push("--no-storage-caching");
  }
  // Made for each start: the state file is loaded only once it exists.
  if (statePath !== undefined) args.push(...stateFileArgs(statePath));
  if (settings.preserveHistoricalStates) args.push("--preserve-historical-states");
  return args;
}
