import type { ClockCall } from "./createDevnetClock.js";
import type { RelayAnswer, RelayRequest } from "./relayTypes.js";

/** A JSON-RPC error object. */
export type RpcError = { code: number; message: string; data?: unknown };

/** HTTP details of a refusal (JSON-RPC answers over HTTP are 200 unless said). */
export type RefusalHttp = { status?: number; headers?: Readonly<Record<string, string>> };

/**
 * The relay's answer refusing a whole request, which never reaches anvil: every call gets an
 * error — `errorOf(call)` for those at fault, `notRun` for the others of a batch (a batch is
 * answered whole or not at all: its bytes go to anvil as they came). A batch gets an array, one
 * call an object; a body with no call read gets `notRun` with id null.
 */
export function refuseCalls(
  request: RelayRequest,
  errorOf: (call: ClockCall) => RpcError | undefined,
  notRun: RpcError,
  http: RefusalHttp = {},
): RelayAnswer {
  const answers = request.calls.map((call) => ({
    jsonrpc: "2.0",
    id: call.id ?? null,
    error: errorOf(call) ?? notRun,
  }));
  const body = request.batch ? answers : (answers[0] ?? { jsonrpc: "2.0", id: null, error: notRun });
  return { from: "relay", body, ...http };
}

/** One error for the whole request (a batch too large, a rate exceeded, a foreign Host). */
export function refuseRequest(request: RelayRequest, error: RpcError, http: RefusalHttp = {}): RelayAnswer {
  const only = !request.batch && request.calls.length === 1 ? request.calls[0] : undefined;
  return { from: "relay", body: { jsonrpc: "2.0", id: only?.id ?? null, error }, ...http };
}
