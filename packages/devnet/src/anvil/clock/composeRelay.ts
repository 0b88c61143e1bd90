import type { ClockCall } from "./createDevnetClock.js";
import type { RelayLink, RelayNext } from "./relayTypes.js";

/** A chain of links, run in order, and the check that tells which bodies it needs parsed. */
export type RelayChain = {
  /**
   * The chain ending in `toAnvil`: a request given to it runs through the links in order. Made
   * once per connection, so that a request allocates no functions on its way.
   */
  to(toAnvil: RelayNext): RelayNext;
  /** The calls of a body, parsed only if it names a method some link reads. */
  readCalls(body: Buffer): ClockCall[];
  /**
   * The longest HTTP body the framing reads (unlimited unless said): a longer one is answered 413
   * from its head, before its bytes are held, and its connection closed.
   */
  maxBodyBytes: number;
};

/**
 * Composes `links` the way koa composes middleware: the first one gets the request, and each
 * one's `next` is the link after it, the last one's the way to anvil.
 *
 * @example
 * const chain = composeRelay([holdGate.wait, faults, removedLogs, clockGate, holdGate.count]);
 * const handle = chain.to(toAnvil); // per connection
 * const answer = await handle(request);
 */
export function composeRelay(
  links: readonly RelayLink[],
  options: { maxBodyBytes?: number } = {},
): RelayChain {
  const mentions = mentionsRead(links);
  return {
    to(toAnvil) {
      let next = toAnvil;
      for (const link of [...links].reverse()) {
        const after = next;
        next = (request) => link.handle(request, after);
      }
      return next;
    },
    readCalls: (body) => readCalls(body, mentions),
    maxBodyBytes: options.maxBodyBytes ?? Number.POSITIVE_INFINITY,
  };
}

/** One regular expression that finds `"<prefix>` for any prefix a link reads. */
function mentionsRead(links: readonly RelayLink[]): RegExp | undefined {
  const prefixes = [...new Set(links.flatMap((link) => link.reads))];
  if (prefixes.length === 0) return undefined;
  const escaped = prefixes.map((prefix) => prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`"(?:${escaped.join("|")})`);
}

/** The JSON-RPC calls of a body (one call or a batch); none when it is not JSON-RPC. */
function readCalls(body: Buffer, mentions: RegExp | undefined): ClockCall[] {
  if (body.length === 0 || !mentions) return [];
  const text = body.toString("utf8");
  if (!mentions.test(text)) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  const calls: ClockCall[] = [];
  for (const call of Array.isArray(parsed) ? parsed : [parsed]) {
    if (typeof call !== "object" || call === null) continue;
    const { method, params, id } = call as { method?: unknown; params?: unknown; id?: unknown };
    if (typeof method === "string")
      calls.push({
        method,
        params: Array.isArray(params) ? params : [],
        ...(id === undefined ? {} : { id }),
      });
  }
  return calls;
}
