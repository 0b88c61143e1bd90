import type { AnvilRpc, ClockCall } from "./createDevnetClock.js";

/** A log as `eth_getLogs` and a log subscription answer it. */
export type RpcLog = {
  address: string;
  topics: string[];
  blockNumber: string;
  blockHash: string;
  logIndex: string;
  [field: string]: unknown;
};

/** A log filter as `eth_subscribe("logs", filter)` takes it. */
export type LogFilter = {
  address?: string | string[] | null;
  topics?: (string | string[] | null)[] | null;
};

/** One `eth_subscribe("logs")` subscription of a WebSocket connection through the relay. */
export type LogSubscription = {
  /** The id anvil answered. */
  id: string;
  filter: LogFilter;
  /** Sends these (whole) messages to the subscriber, in order, between anvil's own. */
  deliver(messages: string[]): void;
};

/** What the relay holds for every connection: the log subscriptions open through it. */
export type RelayLogSubscriptions = {
  subscriptions: Set<LogSubscription>;
  /** The connections of those subscriptions: paused while a reorganisation goes through. */
  pausable: Set<PausableStream>;
};

/** A subscriber connection's stream from anvil, which a reorganisation holds back for a moment. */
export type PausableStream = {
  /** anvil's messages from the next message boundary on wait until `resume`. */
  pause(): void;
  resume(): void;
};

/** Methods that take blocks off the head: the logs of those blocks are removed. */
const rollbacks = new Set(["anvil_rollback", "anvil_reorg"]);

export const isRollback = (call: ClockCall) => rollbacks.has(call.method);

/** Blocks the rollbacks of a request take off the head at most (their depths added up). */
export function rollbackDepth(calls: ClockCall[]): bigint {
  let depth = 0n;
  for (const call of calls) {
    if (!isRollback(call)) continue;
    const asked = call.params[0];
    try {
      depth += asked === undefined || asked === null ? 1n : BigInt(asked as string | number);
    } catch {
      // anvil refuses it: nothing is taken off.
    }
  }
  return depth;
}

/**
 * The logs of the blocks a rollback of `depth` blocks would take off the head, read from anvil
 * before it goes through.
 */
export async function logsAtRisk(rpc: AnvilRpc, depth: bigint): Promise<RpcLog[]> {
  if (depth <= 0n) return [];
  const head = BigInt(await rpc<string>("eth_blockNumber", []));
  const from = head - depth + 1n > 1n ? head - depth + 1n : 1n;
  if (from > head) return [];
  return rpc<RpcLog[]>("eth_getLogs", [{ fromBlock: hex(from), toBlock: hex(head) }]);
}

/**
 * Of `logs` (read before a rollback), those whose block is no longer on the chain: its height is
 * gone or holds another block. Newest first, as a node reports a reorganisation.
 */
export async function removedOf(rpc: AnvilRpc, logs: RpcLog[]): Promise<RpcLog[]> {
  const gone = new Set<string>();
  const heights = new Map<string, string>();
  for (const log of logs) heights.set(log.blockNumber, log.blockHash);
  for (const [number, hash] of heights) {
    const block = await rpc<{ hash: string } | null>("eth_getBlockByNumber", [number, false]);
    if (!block || block.hash.toLowerCase() !== hash.toLowerCase()) gone.add(hash.toLowerCase());
  }
  return logs
    .filter((log) => gone.has(log.blockHash.toLowerCase()))
    .sort(
      (a, b) =>
        compare(BigInt(b.blockNumber), BigInt(a.blockNumber)) ||
        compare(BigInt(b.logIndex), BigInt(a.logIndex)),
    )
    .map((log) => ({ ...log, removed: true }));
}

/**
 * Whether `log` matches `filter` as JSON-RPC log filters do: `address` one or any of a list;
 * `topics` by position, `null` (or an empty list) matching anything, a list any of its topics; a
 * log with fewer topics than the filter has positions does not match.
 */
export function matches(filter: LogFilter, log: RpcLog): boolean {
  const { address, topics } = filter;
  if (address !== undefined && address !== null) {
    const addresses = Array.isArray(address) ? address : [address];
    const own = log.address.toLowerCase();
    if (addresses.length > 0 && !addresses.some((one) => one.toLowerCase() === own)) return false;
  }
  if (!topics) return true;
  if (topics.length > log.topics.length) return false;
  return topics.every((wanted, index) => {
    if (wanted === null || wanted === undefined) return true;
    const topic = (log.topics[index] as string).toLowerCase();
    if (Array.isArray(wanted))
      return wanted.length === 0 || wanted.some((one) => one === null || one.toLowerCase() === topic);
    return wanted.toLowerCase() === topic;
  });
}

/** The filter of an `eth_subscribe("logs", filter)` call, or undefined when it is not one. */
export function logsFilterOf(call: ClockCall): LogFilter | undefined {
  if (call.method !== "eth_subscribe" || call.params[0] !== "logs") return undefined;
  const filter = call.params[1];
  return typeof filter === "object" && filter !== null ? (filter as LogFilter) : {};
}

/** A notification of a removed log, as the subscription's own are sent. */
export const removedNotification = (subscription: string, log: RpcLog) =>
  JSON.stringify({ jsonrpc: "2.0", method: "eth_subscription", params: { subscription, result: log } });

/** One unmasked, final WebSocket text frame (the server's side). */
export function textFrame(text: string): Buffer {
  const payload = Buffer.from(text, "utf8");
  const length = payload.length;
  const head =
    length < 126
      ? Buffer.from([0x81, length])
      : length < 0x10000
        ? Buffer.from([0x81, 126, length >> 8, length & 0xff])
        : Buffer.concat([Buffer.from([0x81, 127]), bigEndian64(length)]);
  return Buffer.concat([head, payload]);
}

/**
 * Follows the frames of a server's WebSocket stream as it passes through, without copying it:
 * where each message ends (the places another message may go in), and the text of the messages
 * it is asked to read (answers the relay waits for).
 */
export function messageBoundaries() {
  let header: Buffer = Buffer.alloc(0);
  let remaining = 0;
  let inFrame = false;
  let frame = { fin: true, opcode: 0 };
  /** Inside a fragmented message (between its first frame and its final one). */
  let inMessage = false;
  let reading: Buffer[] | undefined;
  return {
    /** At a message boundary: nothing of a message is half through. */
    get idle() {
      return !inFrame && !inMessage && header.length === 0;
    },
    /**
     * Reads `chunk`; answers the offsets in it just after each message that ends in it. `read`
     * says, at the start of each message, whether its text is wanted (`onText`).
     */
    read(chunk: Buffer, wanted: () => boolean, onText: (text: string) => void): number[] {
      const ends: number[] = [];
      let at = 0;
      while (at < chunk.length) {
        if (!inFrame) {
          const need = headerLength(header, chunk.subarray(at));
          const available = header.length + (chunk.length - at);
          if (need === undefined || available < need) {
            header = Buffer.concat([header, chunk.subarray(at)]);
            at = chunk.length;
            break;
          }
          const whole =
            header.length === 0
              ? chunk.subarray(at, at + need)
              : Buffer.concat([header, chunk.subarray(at, at + need - header.length)]);
          at += need - header.length;
          header = Buffer.alloc(0);
          const first = whole[0] as number;
          const second = whole[1] as number;
          let length = second & 0x7f;
          if (length === 126) length = whole.readUInt16BE(2);
          else if (length === 127) length = Number(whole.readBigUInt64BE(2));
          frame = { fin: (first & 0x80) !== 0, opcode: first & 0x0f };
          // Server frames are not masked; a masked one is passed on unread.
          const masked = (second & 0x80) !== 0;
          if (frame.opcode < 0x8 && !inMessage) reading = !masked && wanted() ? [] : undefined;
          remaining = length;
          inFrame = true;
        }
        const taken = Math.min(remaining, chunk.length - at);
        if (reading && frame.opcode < 0x8) reading.push(chunk.subarray(at, at + taken));
        at += taken;
        remaining -= taken;
        if (remaining > 0) break;
        inFrame = false;
        if (frame.opcode >= 0x8) {
          if (!inMessage) ends.push(at);
          continue;
        }
        if (!frame.fin) {
          inMessage = true;
          continue;
        }
        inMessage = false;
        ends.push(at);
        if (reading) {
          const text = Buffer.concat(reading).toString("utf8");
          reading = undefined;
          onText(text);
        }
      }
      return ends;
    },
  };
}

/** The length of the frame header that starts with `known` then `next`, once that can be told. */
function headerLength(known: Buffer, next: Buffer): number | undefined {
  const second = known.length >= 2 ? known[1] : known.length === 1 ? next[0] : next[1];
  if (second === undefined) return undefined;
  const length = second & 0x7f;
  const mask = (second & 0x80) !== 0 ? 4 : 0;
  return (length === 126 ? 4 : length === 127 ? 10 : 2) + mask;
}

function bigEndian64(value: number): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(BigInt(value));
  return bytes;
}

const hex = (value: bigint) => `0x${value.toString(16)}`;
const compare = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);
