import { timingSafeEqual } from "node:crypto";
import { headerOf, pathOf } from "./httpFraming.js";

/** The limits of the chain port (see docs/team-chain.md). */
export type ChainLimits = {
  /** Calls in one JSON-RPC batch. */
  maxBatch: number;
  /** Bytes of one request's body. */
  maxBodyBytes: number;
  /** Blocks one `eth_getLogs` spans (from and to given as numbers). */
  maxLogsRange: number;
  /** Live `eth_subscribe` subscriptions on one WebSocket connection. */
  maxSubscriptions: number;
  /** Requests per second from one client address (a token bucket refilled at this rate). */
  ratePerSecond: number;
  /** Requests one client address may send at once before the rate applies. */
  rateBurst: number;
};

/**
 * The chain port's limits when none are given: generous for a team, tight enough that one client
 * cannot starve the others.
 *
 * @example
 * startDevnet({ chainPolicy: { limits: { ...DEFAULT_CHAIN_LIMITS, maxBatch: 500 } } });
 */
export const DEFAULT_CHAIN_LIMITS: ChainLimits = {
  maxBatch: 100,
  maxBodyBytes: 5 * 1024 * 1024,
  maxLogsRange: 10_000,
  maxSubscriptions: 100,
  ratePerSecond: 500,
  rateBurst: 1_000,
};

/**
 * What the chain port enforces, handed to the relay's thread as data. With an `admin` token the
 * admin methods need a token; without one every method stays open (loopback default). The limits
 * and the Host and Origin checks apply either way.
 */
export type ChainPolicySettings = {
  /** Tokens by name (`admin`): a name is what the audit trail shows, never the value. */
  tokens: Readonly<Record<string, string>>;
  /**
   * The name of privnet's own services' token (among `tokens`): their requests are not rate
   * limited and their admin calls not audited (the services' own work, not a person's).
   */
  serviceToken: string;
  allowedHosts: readonly string[];
  /** Origins whose pages may call the chain; empty: any (wallets, dApps), as anvil answers them. */
  corsOrigins: readonly string[];
  limits: ChainLimits;
};

/** One admin call let through, for the audit trail. */
export type AdminCallAudit = { method: string; client: string; token: string };

const publicEth = new Set(
  [
    "accounts blobBaseFee blockNumber call chainId coinbase createAccessList estimateGas feeHistory gasPrice",
    "getAccount getBalance getBlockByHash getBlockByNumber getBlockReceipts getBlockTransactionCountByHash",
    "getBlockTransactionCountByNumber getCode getFilterChanges getFilterLogs getLogs getProof getStorageAt",
    "getTransactionByBlockHashAndIndex getTransactionByBlockNumberAndIndex getTransactionByHash",
    "getTransactionCount getTransactionReceipt getUncleByBlockHashAndIndex getUncleByBlockNumberAndIndex",
    "getUncleCountByBlockHash getUncleCountByBlockNumber getRawTransactionByHash hashrate maxPriorityFeePerGas",
    "mining newBlockFilter newFilter newPendingTransactionFilter protocolVersion sendRawTransaction",
    "simulateV1 subscribe syncing uninstallFilter unsubscribe",
  ]
    .join(" ")
    .split(" ")
    .map((name) => `eth_${name}`),
);

/**
 * Whether anyone may call `method`: reads, calls and estimates (state overrides included), signed
 * transactions, logs, filters and subscriptions, `net_*` and `web3_*`. Everything else — what
 * rewrites the chain or uses the node's keys (`anvil_*`, `evm_*`, `eth_sendTransaction`,
 * `eth_sign*`, …) and any method not listed — is an admin method.
 */
export function isPublicMethod(method: string): boolean {
  return publicEth.has(method) || method.startsWith("net_") || method.startsWith("web3_");
}

/** The token a request presents: its `Authorization: Bearer` header, or its URL's last path segment. */
export function presentedToken(head: string): string | undefined {
  const bearer = /^Bearer\s+(.+)$/i.exec(headerOf(head, "authorization") ?? "")?.[1]?.trim();
  if (bearer) return bearer;
  const path = pathOf(head);
  const segment = path.slice(path.lastIndexOf("/") + 1);
  return segment === "" ? undefined : decodeSegment(segment);
}

/** The name of the token `given` is (compared in constant time), or undefined. */
export function tokenName(
  tokens: Readonly<Record<string, string>>,
  given: string | undefined,
): string | undefined {
  if (given === undefined) return undefined;
  const presented = Buffer.from(given);
  let found: string | undefined;
  for (const [name, value] of Object.entries(tokens)) {
    const expected = Buffer.from(value);
    if (expected.length === presented.length && timingSafeEqual(expected, presented)) found ??= name;
  }
  return found;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
