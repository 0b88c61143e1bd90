import { DevnetFaultError } from "../errors.js";

/** A JSON-RPC call to the devnet, for the faults. */
export type FaultRpc = <T = unknown>(method: string, params?: unknown[]) => Promise<T>;

const faultCodes = new Set(["FAULT_INVALID", "FAULT_IN_PROGRESS", "FAULT_UNSUPPORTED"]);

/** JSON-RPC over HTTP to `url`; the relay's fault errors come back as {@link DevnetFaultError}. */
export function faultRpc(url: string): FaultRpc {
  let id = 0;
  return async <T>(method: string, params: unknown[] = []): Promise<T> => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params }),
    });
    const body = (await response.json()) as {
      result?: T;
      error?: { message?: string; data?: { code?: string } };
    };
    if (body.error) {
      const code = body.error.data?.code;
      const message = body.error.message ?? "refused";
      if (code !== undefined && faultCodes.has(code))
        throw new DevnetFaultError(
          code as "FAULT_INVALID",
          `${message.charAt(0).toUpperCase()}${message.slice(1)}.`,
        );
      throw new Error(`${method}: ${message}`);
    }
    return body.result as T;
  };
}

/** How the devnet mines now: a block per transaction, every `interval` seconds, or only when asked. */
export type MiningMode = { automine: boolean; interval: number };

export async function miningMode(rpc: FaultRpc): Promise<MiningMode> {
  const automine = await rpc<boolean>("anvil_getAutomine");
  const interval = (await rpc<number | null>("anvil_getIntervalMining")) ?? 0;
  return { automine, interval };
}

/** No block until {@link resumeMining}; sends still go into the pool. */
export async function pauseMining(rpc: FaultRpc): Promise<void> {
  await rpc("evm_setIntervalMining", [0]);
  await rpc("evm_setAutomine", [false]);
}

export async function resumeMining(rpc: FaultRpc, mode: MiningMode): Promise<void> {
  if (mode.automine) await rpc("evm_setAutomine", [true]);
  else if (mode.interval > 0) await rpc("evm_setIntervalMining", [mode.interval]);
}
