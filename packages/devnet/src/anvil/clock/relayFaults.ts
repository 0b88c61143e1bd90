import { MAX_FAULT_HOLD_MS } from "../../faults/holdLimit.js";
import type { AnvilRpc, ClockCall } from "./createDevnetClock.js";
import type { ClockRelay, RelayFaultHooks } from "./startClockRelay.js";

export type RelayFaultsOptions = {
  rpc: AnvilRpc;
  /** Asks the devnet's owner to restart anvil; resolves with what it answered. */
  restart(keepPool: boolean): Promise<unknown>;
};

/** How often a base fee spike looks for blocks mined by anvil's own timer (interval mining). */
const spikePollMs = 100;

/**
 * The faults the relay itself carries out, asked for with privnet's own JSON-RPC methods on the
 * devnet's port or the relay's faults port (which stays open while the devnet's port refuses):
 *
 * - `privnet_faults_unreachable [ms]`: the devnet's port refuses connections for `ms`.
 * - `privnet_faults_feeSpike [baseFee, blocks]`: each of the next `blocks` blocks has that base
 *   fee: it is set before every call that mines goes to anvil, and again after each block anvil
 *   mines on its own timer.
 * - `privnet_faults_restart [{ keepPool }]`: handed to the devnet's owner, which runs anvil.
 * - `privnet_faults_hold [ms?]` / `privnet_faults_release []`: requests on the devnet's port wait
 *   (those at anvil answered first) until released, at most `ms` (60 s): a reorganisation made of
 *   many calls looks atomic to the devnet's clients.
 * - `privnet_faults_status []`: which of these is under way.
 * - `privnet_faults_recover []`: ends them now.
 */
export function createRelayFaults(options: RelayFaultsOptions): RelayFaultHooks & { close(): void } {
  const { rpc } = options;
  let unreachable: { endsAt: string; timer: NodeJS.Timeout; relay: ClockRelay } | undefined;
  let held: NodeJS.Timeout | undefined;
  let spike: { baseFee: string; remaining: number; lastHead: bigint; poller: NodeJS.Timeout } | undefined;
  /** One spike step at a time: counting blocks and setting the fee must not interleave. */
  let spikeStep: Promise<void> = Promise.resolve();

  const head = async () => BigInt(await rpc<string>("eth_blockNumber", []));
  const endUnreachable = async () => {
    const ending = unreachable;
    if (!ending) return false;
    unreachable = undefined;
    clearTimeout(ending.timer);
    await ending.relay.accept();
    return true;
  };
  const endSpike = () => {
    if (!spike) return false;
    clearInterval(spike.poller);
    spike = undefined;
    return true;
  };
  /** Counts the blocks mined since the last step; sets the fee again while blocks remain. */
  const stepSpike = () => {
    spikeStep = spikeStep.then(async () => {
      const current = spike;
      if (!current) return;
      try {
        const now = await head();
        current.remaining -= Number(now - current.lastHead);
        current.lastHead = now;
        if (current.remaining <= 0) {
          endSpike();
          return;
        }
        await rpc("anvil_setNextBlockBaseFeePerGas", [current.baseFee]);
      } catch {
        // anvil is away (restarting): the next step tries again.
      }
    });
    return spikeStep;
  };

  const methods: Record<string, (params: unknown[], relay: ClockRelay) => Promise<unknown>> = {
    async privnet_faults_unreachable([ms], relay) {
      const length = Number(ms);
      if (!Number.isInteger(length) || length < 1)
        throw new Error(`ms must be a positive integer, got ${String(ms)}`);
      if (unreachable)
        throw Object.assign(new Error("the devnet is unreachable already"), { code: "FAULT_IN_PROGRESS" });
      const endsAt = new Date(Date.now() + length).toISOString();
      const timer = setTimeout(() => void endUnreachable(), length);
      unreachable = { endsAt, timer, relay };
      // In effect before the answer: a connection made once it is read is refused. (Asked on the
      // devnet's port itself, the answer is lost with the connection: the faults port is for this.)
      await relay.refuse();
      return { endsAt };
    },
    async privnet_faults_feeSpike([baseFee, blocks]) {
      const count = Number(blocks);
      if (typeof baseFee !== "string" || !/^0x[0-9a-f]+$/i.test(baseFee))
        throw new Error(`baseFee must be a hex quantity, got ${String(baseFee)}`);
      if (!Number.isInteger(count) || count < 1)
        throw new Error(`blocks must be a positive integer, got ${String(blocks)}`);
      if (spike)
        throw Object.assign(new Error("a base fee spike is under way"), { code: "FAULT_IN_PROGRESS" });
      const lastHead = await head();
      await rpc("anvil_setNextBlockBaseFeePerGas", [baseFee]);
      const poller = setInterval(() => void stepSpike(), spikePollMs);
      spike = { baseFee, remaining: count, lastHead, poller };
      return { fromBlock: `0x${(lastHead + 1n).toString(16)}` };
    },
    async privnet_faults_restart([restartOptions]) {
      const keepPool = (restartOptions as { keepPool?: unknown } | undefined)?.keepPool === true;
      return options.restart(keepPool);
    },
    async privnet_faults_hold([ms], relay) {
      const length = typeof ms === "number" && ms > 0 && ms <= MAX_FAULT_HOLD_MS ? ms : MAX_FAULT_HOLD_MS;
      clearTimeout(held);
      await relay.hold();
      // A client that never releases (it crashed mid-fault) does not freeze the devnet.
      held = setTimeout(() => relay.release(), length);
      held.unref();
      return true;
    },
    async privnet_faults_release(_params, relay) {
      clearTimeout(held);
      relay.release();
      return true;
    },
    async privnet_faults_status() {
      return {
        unreachable: unreachable ? { endsAt: unreachable.endsAt } : null,
        feeSpike: spike ? { remaining: spike.remaining } : null,
      };
    },
    async privnet_faults_recover() {
      const ended: string[] = [];
      if (await endUnreachable()) ended.push("unreachable");
      await spikeStep;
      if (endSpike()) ended.push("feeSpike");
      return { ended };
    },
  };

  return {
    handle(call: ClockCall, relay: ClockRelay) {
      const method = methods[call.method];
      if (!method) return Promise.reject(new Error(`the method ${call.method} does not exist`));
      return method(call.params, relay);
    },
    beforeMining() {
      return spike ? stepSpike() : undefined;
    },
    close() {
      clearTimeout(held);
      if (unreachable) clearTimeout(unreachable.timer);
      unreachable = undefined;
      endSpike();
    },
  };
}
