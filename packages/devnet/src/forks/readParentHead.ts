import { createPublicClient, http } from "viem";

/** How long a parent chain has to answer one question before it counts as unreachable. */
const PARENT_TIMEOUT_MS = 10_000;

/**
 * The URL's origin, for messages: a node provider's URL often carries its API key in the path or
 * the query, and a URL's user and password are secrets too.
 *
 * @example
 * originOf("https://eth.example/v2/SECRET"); // "https://eth.example"
 */
export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "(the fork URL)";
  }
}

/** What a parent chain answered: its head, or why it could not be read (a sentence). */
export type ParentHead = { head: bigint } | { unreachable: string };

/**
 * Asks the chain at `url` for its head once (no retries, {@link PARENT_TIMEOUT_MS} at most), so
 * that a fork of an unreachable node fails with a sentence rather than a node's stack of errors.
 */
export async function readParentHead(url: string): Promise<ParentHead> {
  const client = createPublicClient({ transport: http(url, { retryCount: 0, timeout: PARENT_TIMEOUT_MS }) });
  try {
    return { head: await client.getBlockNumber({ cacheTime: 0 }) };
  } catch (error) {
    const { shortMessage, name } = error as { shortMessage?: string; name?: string };
    const reason =
      name === "TimeoutError" ? `no answer in ${PARENT_TIMEOUT_MS / 1000} s` : (shortMessage ?? "");
    return { unreachable: `${originOf(url)} did not answer eth_blockNumber (${firstLine(reason)})` };
  }
}

/**
 * Whether the chain at `url` still holds the state of `block` (a node keeps a window of recent
 * states; a fork needs the state at its block).
 */
export async function parentHasStateAt(url: string, block: bigint): Promise<boolean> {
  const client = createPublicClient({ transport: http(url, { retryCount: 0, timeout: PARENT_TIMEOUT_MS }) });
  try {
    await client.getBalance({ address: "0x0000000000000000000000000000000000000000", blockNumber: block });
    return true;
  } catch {
    return false;
  }
}

function firstLine(text: string): string {
  // viem's messages quote the URL: keep only the origin.
  const line = (text.split("\n")[0] ?? "").replace(/https?:\/\/\S+/g, (url) => originOf(url));
  return line.slice(0, 200) || "no reason given";
}
