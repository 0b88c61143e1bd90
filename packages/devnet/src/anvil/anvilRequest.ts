import { type Client, createClient, http, type Transport } from "viem";
import { DevnetStartError } from "../errors.js";

/** A viem client on anvil at `url` that asks once: the caller decides whether to ask again. */
export function anvilClient(url: string): Client<Transport> {
  return createClient({ transport: http(url, { retryCount: 0 }) });
}

/**
 * One JSON-RPC call to anvil while the devnet starts or changes its mining mode; an error anvil
 * answers becomes a `DEVNET_START_FAILED` naming the method.
 *
 * @example
 * await anvilRequest(url, "anvil_setBlockTimestampInterval", [1]);
 */
export async function anvilRequest<T>(url: string, method: string, params: unknown[]): Promise<T> {
  try {
    return (await anvilClient(url).request({ method, params } as never)) as T;
  } catch (error) {
    const { name, details, shortMessage } = error as {
      name?: string;
      details?: string;
      shortMessage?: string;
    };
    // A call that reached anvil and was refused; a network failure stays what it is.
    if (name === "HttpRequestError" || name === "TimeoutError") throw error;
    throw new DevnetStartError(
      `anvil refused ${method}: ${details ?? shortMessage ?? "no reason given"}`,
      "",
    );
  }
}
