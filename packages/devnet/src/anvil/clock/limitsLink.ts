import { hostAllowed, originAllowed } from "@privnet/core/internal/workers";
import { type ChainPolicySettings, presentedToken, tokenName } from "./chainPolicy.js";
import type { ClockCall } from "./createDevnetClock.js";
import { headerOf } from "./httpFraming.js";
import { rateLimiter } from "./rateLimiter.js";
import { type RpcError, refuseCalls, refuseRequest } from "./relayRefusal.js";
import type { RelayAnswer, RelayConnection, RelayLink, RelayRequest } from "./relayTypes.js";

/** EIP-1474's "limit exceeded". */
export const LIMIT_EXCEEDED = -32005;
/** JSON-RPC's "invalid request". */
const INVALID_REQUEST = -32600;

const extensionOrigin = /^(chrome|moz|safari-web)-extension:\/\//i;

/**
 * The chain port's limits, each refusing a request before it reaches anvil: the `Host` and
 * `Origin` checks of privnet's HTTP APIs (403: DNS rebinding, pages of origins not listed — a
 * wallet extension's always pass), a body larger than `maxBodyBytes` (413), a client address over
 * its rate (429 with `Retry-After`, JSON-RPC error -32005), a batch of more than `maxBatch` calls,
 * an `eth_getLogs` spanning more than `maxLogsRange` blocks, and more than `maxSubscriptions`
 * subscriptions on one WebSocket (-32005 each). Requests with privnet's own services' token are
 * not rate limited, and nothing is while the chain has no admin token: then it is one developer's
 * on loopback (`privnet up` refuses a public bind without one), whose parallel test workers all
 * come from 127.0.0.1 and must not be throttled against each other.
 */
export function limitsLink(settings: ChainPolicySettings): RelayLink {
  const { limits, allowedHosts, corsOrigins, tokens, serviceToken } = settings;
  const rate = rateLimiter({ perSecond: limits.ratePerSecond, burst: limits.rateBurst });
  const subscriptions = new WeakMap<RelayConnection, number>();
  const fromService = (request: RelayRequest) =>
    tokenName(tokens, presentedToken(request.head)) === serviceToken;
  const shared = Object.keys(tokens).some((name) => name !== serviceToken);

  return {
    name: "limits",
    // A batch's size needs its calls: every body is parsed.
    reads: [""],
    handle(request, next) {
      const refused =
        (request.transport === "http" ? checkHttp(request) : undefined) ??
        checkRate(request) ??
        checkCalls(request);
      return refused ? Promise.resolve(refused) : next(request);
    },
  };

  /** Host, Origin and body size: the HTTP request's (a WebSocket's handshake is one). */
  function checkHttp(request: RelayRequest): RelayAnswer | undefined {
    const host = headerOf(request.head, "host");
    if (host === undefined || host === "") {
      if (!/^[^\r]* HTTP\/1\.0/.test(request.head))
        return refuseRequest(request, invalid("the request has no Host header"), { status: 400 });
    } else if (!hostAllowed(host, allowedHosts, request.connection.localAddress)) {
      return refuseRequest(
        request,
        invalid(
          `this chain does not answer to the Host ${JSON.stringify(host)}; add its name to allowedHosts (privnet up: --allowed-hosts) to reach the chain by it`,
        ),
        { status: 403 },
      );
    }
    const origin = headerOf(request.head, "origin");
    if (
      origin !== undefined &&
      corsOrigins.length > 0 &&
      !extensionOrigin.test(origin) &&
      !originAllowed(origin, corsOrigins, host)
    )
      return refuseRequest(
        request,
        invalid(
          `pages on ${JSON.stringify(origin)} may not call this chain; list that origin in corsOrigins (privnet up: --cors-origins) to allow it`,
        ),
        { status: 403 },
      );
    const bodyBytes = request.bytes.length - request.head.length - 4;
    if (bodyBytes > limits.maxBodyBytes)
      return refuseRequest(
        request,
        exceeded(`the body is ${bodyBytes} bytes, over the limit of ${limits.maxBodyBytes}`),
        { status: 413 },
      );
    return undefined;
  }

  function checkRate(request: RelayRequest): RelayAnswer | undefined {
    if (!shared || fromService(request)) return undefined;
    const wait = rate.take(request.connection.remoteAddress);
    if (wait === 0) return undefined;
    const seconds = Math.max(1, Math.ceil(wait));
    return refuseRequest(
      request,
      exceeded(
        `rate limit: ${limits.ratePerSecond} requests a second from one address (bursts of ${limits.rateBurst}); retry after ${seconds} s`,
      ),
      { status: 429, headers: { "retry-after": String(seconds) } },
    );
  }

  function checkCalls(request: RelayRequest): RelayAnswer | undefined {
    const { calls } = request;
    if (calls.length === 0) return undefined;
    if (request.batch && calls.length > limits.maxBatch)
      return refuseRequest(
        request,
        exceeded(`a batch of ${calls.length} calls is over the limit of ${limits.maxBatch}; split it`),
      );
    let subscribing = 0;
    let unsubscribing = 0;
    let tooWide: ClockCall | undefined;
    for (const call of calls) {
      if (call.method === "eth_subscribe") subscribing++;
      else if (call.method === "eth_unsubscribe") unsubscribing++;
      else if (call.method === "eth_getLogs" && logsRange(call) > limits.maxLogsRange) tooWide ??= call;
    }
    if (tooWide)
      return refuseCalls(
        request,
        (call) =>
          call === tooWide
            ? exceeded(
                `eth_getLogs spans ${logsRange(call)} blocks, over the limit of ${limits.maxLogsRange}; ask for a narrower range`,
              )
            : undefined,
        exceeded("not run: an eth_getLogs of the batch spans too many blocks"),
      );
    if (subscribing + unsubscribing === 0 || request.transport !== "websocket") return undefined;
    const live = subscriptions.get(request.connection) ?? 0;
    if (subscribing > 0 && live + subscribing > limits.maxSubscriptions)
      return refuseCalls(
        request,
        (call) =>
          call.method === "eth_subscribe"
            ? exceeded(
                `this connection has ${live} subscriptions, the limit is ${limits.maxSubscriptions}; unsubscribe first`,
              )
            : undefined,
        exceeded("not run: the batch subscribes beyond the connection's limit"),
      );
    subscriptions.set(request.connection, Math.max(0, live + subscribing - unsubscribing));
    return undefined;
  }
}

/** The blocks an `eth_getLogs` spans when both ends are numbers (0 otherwise: a tag, a block hash). */
function logsRange(call: ClockCall): number {
  const filter = call.params[0] as { fromBlock?: unknown; toBlock?: unknown } | undefined;
  const from = quantity(filter?.fromBlock);
  const to = quantity(filter?.toBlock);
  return from === undefined || to === undefined ? 0 : to - from + 1;
}

function quantity(value: unknown): number | undefined {
  return typeof value === "string" && /^0x[0-9a-f]+$/i.test(value) ? Number.parseInt(value, 16) : undefined;
}

const exceeded = (message: string): RpcError => ({ code: LIMIT_EXCEEDED, message });
const invalid = (message: string): RpcError => ({ code: INVALID_REQUEST, message });
