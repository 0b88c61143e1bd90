import { faultRpc, readPool } from "../faults/faultRpc.js";
import { miningMode, resumeMining } from "../faults/miningMode.js";
import { timestampInterval } from "./blockTime.js";
import type { AnvilInstance } from "./defineAnvil.js";
import type { ClockRelayInstance } from "./defineClockRelay.js";

export type RestartAnvilParameters = {
  anvil: AnvilInstance;
  relay: ClockRelayInstance;
  /** anvil's state file, if any: written as it stops and read as it starts. */
  statePath: string | undefined;
  /** The devnet's own URL (the relay's), through which the pool is sent again. */
  rpcUrl: string;
  /** Send the pool's transactions again once it is back. */
  keepPool: boolean;
};

/**
 * `privnet_faults_restart`: anvil stops and starts again with the chain it had (its state file, or
 * its state dumped before it stops), on a new loopback port the relay turns to; the devnet's port
 * stays the relay's. The pool is lost, unless `keepPool`: its transactions are sent again. Answers
 * what the relay answers the call with.
 *
 * @example
 * const { head, downMs } = await restartAnvil({ anvil, relay, statePath, rpcUrl, keepPool: false });
 */
export async function restartAnvil(parameters: RestartAnvilParameters) {
  const { anvil, relay, statePath, keepPool } = parameters;
  const before = faultRpc(anvil.url);
  const pool = await readPool(before);
  const mode = await miningMode(before);
  // With a state file anvil writes it as it stops and reads it as it starts; without one the
  // state is dumped now and loaded into the next anvil.
  const dump = statePath === undefined ? await before<string>("anvil_dumpState") : undefined;
  const downAt = performance.now();
  await anvil.restart();
  const after = faultRpc(anvil.url);
  if (dump !== undefined) await after("anvil_loadState", [dump]);
  const downMs = Math.round(performance.now() - downAt);
  await after("anvil_setBlockTimestampInterval", [timestampInterval(mode.automine ? 0 : mode.interval)]);
  await resumeMining(after, mode);
  await relay.retarget();
  // Through the devnet's port, so that the clock sees them; one the node refuses stays out.
  if (keepPool)
    await faultRpc(parameters.rpcUrl).batchSettled(
      pool.map((tx) => ["eth_sendRawTransaction", [tx.raw]] as const),
    );
  const head = await after<{ number: string; hash: string }>("eth_getBlockByNumber", ["latest", false]);
  return {
    keepPool,
    head: { number: head.number, hash: head.hash },
    pool: pool.map((tx) => tx.hash),
    downMs,
  };
}
