import { createPublicClient, http, type PublicClient } from "viem";

/** Most signed transactions in one JSON-RPC batch request. */
export const SUBMISSION_BATCH_SIZE = 100;

const clients = new WeakMap<PublicClient, PublicClient>();

/**
 * The client the sender submits signed transactions through. Over HTTP, a second client on the
 * same URL (same fetch options, retries and timeout) with viem's JSON-RPC batching: the
 * `eth_sendRawTransaction` calls made in one turn of the event loop — the transactions of one
 * group commit — go out as one batch request of up to {@link SUBMISSION_BATCH_SIZE}. anvil takes
 * about twice as many transactions a second that way as with one request each. viem answers each
 * call of a batch on its own, with the same `RpcRequestError` a single request gets, so refusals
 * are classified exactly as before. Any other transport (WebSocket, custom, fallback) is used as
 * it is.
 *
 * @example
 * await submissionClient(ctx.client).sendRawTransaction({ serializedTransaction });
 */
export function submissionClient(client: PublicClient): PublicClient {
  let batching = clients.get(client);
  if (batching) return batching;
  const transport = client.transport as {
    type?: string;
    url?: string;
    fetchOptions?: RequestInit;
    retryCount?: number;
    retryDelay?: number;
    timeout?: number;
  };
  if (transport.type !== "http" || typeof transport.url !== "string") return client;
  batching = createPublicClient({
    ...(client.chain ? { chain: client.chain } : {}),
    transport: http(transport.url, {
      batch: { batchSize: SUBMISSION_BATCH_SIZE, wait: 0 },
      ...(transport.fetchOptions ? { fetchOptions: transport.fetchOptions } : {}),
      ...(transport.retryCount === undefined ? {} : { retryCount: transport.retryCount }),
      ...(transport.retryDelay === undefined ? {} : { retryDelay: transport.retryDelay }),
      ...(transport.timeout === undefined ? {} : { timeout: transport.timeout }),
    }),
  }) as PublicClient;
  clients.set(client, batching);
  return batching;
}
