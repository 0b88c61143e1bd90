import { createFaultController } from "../../faults/faultController.js";
import type { MiningRpc } from "../../faults/miningMode.js";
import type { AdminCallAudit } from "./chainPolicy.js";
import type { ClockCall } from "./createDevnetClock.js";
import type { ClockRelay, RelayFaultHooks } from "./startClockRelay.js";

export type RelayFaultsOptions = {
  /** Calls to anvil the faults make (through the clock: it sees the mining mode change). */
  rpc: MiningRpc;
  /** Asks the devnet's owner to restart anvil; resolves with what it answered. */
  restart(keepPool: boolean): Promise<unknown>;
};

/**
 * The relay's faults: the devnet's fault controller (`faultController.ts`) answering privnet's own
 * JSON-RPC methods on the devnet's port and on the relay's faults port (which stays open while the
 * devnet's port refuses connections):
 *
 * - `privnet_faults_stall [ms]`, `privnet_faults_unreachable [ms]`,
 *   `privnet_faults_feeSpike [baseFee, blocks]`: the timed faults, each under way until its timer
 *   or `privnet_faults_recover []` ends it (`recovered`). A fee spike's base fee is set before
 *   every call that mines goes to anvil (`beforeMining`), and again after each block anvil mines
 *   on its own timer.
 * - `privnet_faults_restart [{ keepPool }]`: handed to the devnet's owner, which runs anvil.
 * - `privnet_faults_begin [fault]` / `privnet_faults_end [lease, event]`: a `reorg` or `dropPool`
 *   the devnet's client carries out with anvil's own methods.
 * - `privnet_faults_hold [ms?]` / `privnet_faults_release []`: requests on the devnet's port wait
 *   (those at anvil answered first) until released, at most `ms` (60 s): a reorganisation made of
 *   many calls looks atomic to the devnet's clients.
 * - `privnet_faults_status []`: which fault is under way.
 * - `privnet_faults_events [after, waitMs]`: the fault events after the cursor `after`, answered
 *   the moment one is published (a long poll, at most 25 s); `[null]` answers the cursor now.
 */
export function createRelayFaults(
  options: RelayFaultsOptions,
): RelayFaultHooks & { audit(entry: AdminCallAudit): void; close(): void } {
  const controller = createFaultController({ rpc: options.rpc, restart: options.restart });
  return {
    handle: (call: ClockCall, relay: ClockRelay) => controller.handle(call, relay),
    beforeMining: () => controller.beforeMining(),
    /** An admin call on the devnet's port, published as an `adminCall` event with the head it saw. */
    audit(entry) {
      const publish = (block: string | null) => controller.publish({ type: "adminCall", ...entry, block });
      options.rpc<string>("eth_blockNumber", []).then(publish, () => publish(null));
    },
    close: () => controller.close(),
  };
}
