import type { ClockCall } from "./createDevnetClock.js";
import type { PausableStream } from "./removedLogs.js";

/**
 * One request from a client as the relay's links see it: an HTTP request or a whole WebSocket
 * message, with the JSON-RPC calls in its body. The bytes go to anvil as they came.
 */
export type RelayRequest = {
  transport: "http" | "websocket";
  /** What goes to anvil, unchanged (an HTTP request with its head, or the message's frames). */
  bytes: Buffer;
  /**
   * The calls of the body (one, or a batch in order). Parsed only when the body names a method
   * one of the links reads (see {@link RelayLink.reads}); empty otherwise, and for what is not
   * JSON-RPC — a plain read costs no parse.
   */
  calls: ClockCall[];
  /** Whether the body is a JSON-RPC batch (an array), answered by an array. */
  batch: boolean;
  /**
   * The HTTP head this request came with (request line and headers, latin1): for a WebSocket
   * message, its connection's handshake. Read with `headerOf` / `pathOf` (httpFraming.ts).
   */
  head: string;
  connection: RelayConnection;
};

/** What became of a request. */
export type RelayAnswer =
  /** anvil's answer went to the client byte for byte (HTTP: it has arrived; WebSocket: sent). */
  | { from: "anvil" }
  /** The connection closed before anvil answered. */
  | { from: "nobody" }
  /** A link answered it; anvil never saw it. `status` is the HTTP status (200 unless said). */
  | { from: "relay"; body: unknown; status?: number; headers?: Readonly<Record<string, string>> };

/**
 * The rest of the chain. Over HTTP it resolves once anvil's answer has gone to the client (answers
 * keep the order of their requests); over a WebSocket once the request has gone to anvil (answers
 * there come in any order: ask {@link RelayConnection.answerOf} for one).
 */
export type RelayNext = (request: RelayRequest) => Promise<RelayAnswer>;

/**
 * One link of the relay's chain. `handle` may answer the request itself (never calling `next`),
 * wait before `next`, or act once `next` resolved. Call `next` at once when there is nothing to
 * do: a request whose links all do so reaches anvil in the same turn it arrived.
 */
export type RelayLink = {
  name: string;
  /**
   * Prefixes of the methods this link acts on (`"evm_"`, `"eth_subscribe"`): a body that names
   * none of any link's is not parsed, and its request comes with no calls.
   */
  reads: readonly string[];
  handle(request: RelayRequest, next: RelayNext): Promise<RelayAnswer>;
};

/** The client connection a request came on; one object for all its requests. */
export type RelayConnection = {
  /** The client's address (`127.0.0.1`, `::ffff:10.0.0.7`) and the local one it arrived at. */
  readonly remoteAddress: string;
  readonly localAddress: string;
  /** Resolves once anvil answered every request sent on this connection so far (HTTP). */
  drained(): Promise<void>;
  /** WebSocket: anvil's answer to the call with this id as it passes (undefined: the connection closed). */
  answerOf(id: unknown): Promise<{ result?: unknown } | undefined>;
  /** WebSocket: sends these whole messages to the client, in order, between anvil's own. */
  deliver(messages: string[]): void;
  /** WebSocket: anvil's messages to this client, which a link may hold back for a moment. */
  stream: PausableStream;
  /** Runs once the connection closed. */
  onClose(listener: () => void): void;
};

/** The answer that says anvil answered: one object, so that the common path allocates none. */
export const ANSWERED_BY_ANVIL: RelayAnswer = Object.freeze({ from: "anvil" });
export const ANSWERED_BY_NOBODY: RelayAnswer = Object.freeze({ from: "nobody" });

export type ClockRelay = {
  port: number;
  /** A loopback port of the same relay that stays open while the devnet's port refuses connections. */
  faultsPort: number;
  /** The devnet's port stops listening and its connections are reset: connections are refused. */
  refuse(): Promise<void>;
  /** The devnet's port listens again (the same port). */
  accept(): Promise<void>;
  /** Relays new connections to another anvil (a restarted one). */
  retarget(port: number): void;
  /**
   * Holds every request on the devnet's port (not the faults port) until {@link release}: those
   * already at anvil are answered first, and this resolves once they are. A client then sees the
   * chain before and after what happens meanwhile, never half of it — a reorganisation is atomic.
   */
  hold(): Promise<void>;
  /** Lets the held requests through, in their order. Harmless when nothing is held. */
  release(): void;
  /** Stops listening and closes every connection. */
  close(): Promise<void>;
};

/** What the relay asks of the devnet's faults. */
export type RelayFaultHooks = {
  /** Answers a `privnet_faults_*` call (an HTTP request with that one call). */
  handle(call: ClockCall, relay: ClockRelay): Promise<unknown>;
  /** Work to do before a call that mines goes to anvil (a base fee to set), if any. */
  beforeMining(): Promise<void> | undefined;
};
