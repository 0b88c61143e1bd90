// How the devnet mines, and pausing it: used by the fault controller in the relay's thread, so
// this file imports nothing (the thread loads no package).

/** A JSON-RPC call to anvil: its result, or an error. */
export type MiningRpc = <T = unknown>(method: string, params: unknown[]) => Promise<T>;

/** How the devnet mines now: a block per transaction, every `interval` seconds, or only when asked. */
export type MiningMode = { automine: boolean; interval: number };

export async function miningMode(rpc: MiningRpc): Promise<MiningMode> {
  const automine = await rpc<boolean>("anvil_getAutomine", []);
  const interval = (await rpc<number | null>("anvil_getIntervalMining", [])) ?? 0;
  return { automine, interval };
}

/** No block until {@link resumeMining}; sends still go into the pool. */
export async function pauseMining(rpc: MiningRpc): Promise<void> {
  await rpc("evm_setIntervalMining", [0]);
  await rpc("evm_setAutomine", [false]);
}

/** Mines as `mode` says, whatever it does now (paused, or a new anvil's default automine). */
export async function resumeMining(rpc: MiningRpc, mode: MiningMode): Promise<void> {
  if (mode.automine) await rpc("evm_setAutomine", [true]);
  else if (mode.interval > 0) await rpc("evm_setIntervalMining", [mode.interval]);
  else await rpc("evm_setAutomine", [false]);
}
