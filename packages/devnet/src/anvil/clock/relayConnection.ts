import type { Socket } from "node:net";
import type { RelayChain } from "./composeRelay.js";
import { answerCounter, httpAnswer, isBatchBody, noBytes, readHttpRequest } from "./httpFraming.js";
import {
  ANSWERED_BY_ANVIL,
  ANSWERED_BY_NOBODY,
  type RelayAnswer,
  type RelayConnection,
  type RelayNext,
  type RelayRequest,
} from "./relayTypes.js";
import { anvilMessages, clientFrames } from "./websocketFraming.js";

const answeredAtOnce = Promise.resolve(ANSWERED_BY_ANVIL);
const nobodyAnswers = Promise.resolve(ANSWERED_BY_NOBODY);
const drainedAtOnce = Promise.resolve();

/**
 * Relays one client connection to anvil through `chain`: the framing. It cuts the client's bytes
 * into requests (HTTP requests, WebSocket frames), hands each to the chain, and writes what
 * reaches the chain's end to anvil unchanged; anvil's answers go back byte for byte. Requests of a
 * connection go in order: one that waits in a link (not at anvil yet, not answered) holds the
 * ones behind it. An answer of a link's own is written in its request's place.
 */
export function relayConnection(client: Socket, upstream: Socket, chain: RelayChain): RelayConnection {
  return new ConnectionRelay(client, upstream, chain);
}

class ConnectionRelay implements RelayConnection {
  #mode: "http" | "websocket" | "pipe" = "http";
  #input: Buffer = noBytes;
  readonly #frames = clientFrames();
  /** HTTP requests at anvil, in order (answers come in order): each one's resolve. */
  readonly #pending: ((answer: RelayAnswer) => void)[] = [];
  #drainWaiters: (() => void)[] = [];
  readonly #closeListeners: (() => void)[] = [];
  /** A request that waits in the chain holds the connection; its number, to let go once. */
  #held = false;
  #holds = 0;
  /** Requests handed to anvil: one that moved during a dispatch reached anvil in that turn. */
  #sent = 0;
  /** anvil's side or the client went away. */
  #ended = false;
  #draining = false;
  readonly #answers = answerCounter(() => this.#answered(ANSWERED_BY_ANVIL));
  readonly #messages: ReturnType<typeof anvilMessages>;
  readonly #handle: RelayNext;
  // Fields, not parameter properties: the relay's thread runs this file with Node's type
  // stripping when it runs from source, which has no parameter properties. Private: a link sees
  // only what RelayConnection offers.
  readonly #client: Socket;
  readonly #upstream: Socket;
  readonly #chain: RelayChain;
  /** The last HTTP head read: once the connection is a WebSocket, its handshake's. */
  #head = "";
  readonly remoteAddress: string;
  readonly localAddress: string;

  constructor(client: Socket, upstream: Socket, chain: RelayChain) {
    this.#client = client;
    this.#upstream = upstream;
    this.#chain = chain;
    this.remoteAddress = client.remoteAddress ?? "";
    this.localAddress = client.localAddress ?? "";
    this.#messages = anvilMessages((bytes) => this.#toClient(bytes));
    this.#handle = chain.to((request) => this.#toAnvil(request));
    const end = () => this.#end();
    client.on("error", end);
    upstream.on("error", end);
    client.on("close", end);
    upstream.on("close", end);
    upstream.on("data", (chunk: Buffer) => this.#fromAnvil(chunk));
    client.on("data", (chunk: Buffer) => {
      this.#input = this.#input.length === 0 ? chunk : Buffer.concat([this.#input, chunk]);
      this.#pump();
    });
  }

  get stream() {
    return this.#messages.stream;
  }

  drained(): Promise<void> {
    if (this.#pending.length === 0) return drainedAtOnce;
    return new Promise((resolve) => this.#drainWaiters.push(resolve));
  }

  answerOf(id: unknown): Promise<{ result?: unknown } | undefined> {
    return this.#ended ? Promise.resolve(undefined) : this.#messages.answerOf(id);
  }

  deliver(messages: string[]): void {
    if (this.#mode === "websocket") this.#messages.deliver(messages);
  }

  onClose(listener: () => void): void {
    if (this.#ended) listener();
    else this.#closeListeners.push(listener);
  }

  #fromAnvil(chunk: Buffer): void {
    if (this.#mode === "websocket") {
      this.#messages.relay(chunk);
      return;
    }
    this.#toClient(chunk);
    if (this.#mode !== "http") return;
    const outcome = this.#answers.read(chunk);
    if (outcome === "switched") this.#mode = "websocket";
    else if (outcome === "unreadable") {
      // Not an answer the relay can frame: nothing more is counted on this connection.
      this.#mode = "pipe";
      while (this.#pending.length > 0) this.#answered(ANSWERED_BY_ANVIL);
    }
  }

  #answered(answer: RelayAnswer): void {
    this.#pending.shift()?.(answer);
    if (this.#pending.length > 0) return;
    const waiters = this.#drainWaiters;
    this.#drainWaiters = [];
    for (const resolve of waiters) resolve();
  }

  #pump(): void {
    while (!this.#held && this.#input.length > 0) {
      if (this.#mode === "pipe") {
        this.#write(this.#input);
        this.#input = noBytes;
        return;
      }
      const request = this.#mode === "http" ? this.#nextRequest() : this.#nextFrame();
      if (request !== undefined) this.#dispatch(request);
      // Not all of it has arrived; unless the framing gave up on it, and a pipe takes it as is.
      else if (!this.#piping()) return;
    }
  }

  /** Read again after a read: the framing may have given up on the connection meanwhile. */
  #piping(): boolean {
    return this.#mode === "pipe";
  }

  #nextRequest(): RelayRequest | undefined {
    const read = readHttpRequest(this.#input, this.#chain.maxBodyBytes);
    if (read === "incomplete") return undefined;
    if (read === "unreadable") {
      this.#mode = "pipe";
      return undefined;
    }
    if ("tooLarge" in read) {
      this.#refuseBody(read.tooLarge);
      return undefined;
    }
    this.#input = read.rest;
    this.#head = read.head;
    return {
      transport: "http",
      bytes: read.bytes,
      calls: this.#chain.readCalls(read.body),
      batch: isBatchBody(read.body),
      head: read.head,
      connection: this,
    };
  }

  #nextFrame(): RelayRequest | undefined {
    const read = this.#frames.read(this.#input);
    if (!read) return undefined;
    this.#input = read.rest;
    const calls = read.message ? this.#chain.readCalls(read.message) : [];
    const batch = read.message ? isBatchBody(read.message) : false;
    return { transport: "websocket", bytes: read.bytes, calls, batch, head: this.#head, connection: this };
  }

  /** A body over the limit: answered 413 after the answers before it, unread, and the connection closed. */
  #refuseBody(length: number): void {
    this.#held = true;
    this.#input = noBytes;
    this.#client.pause();
    const limit = this.#chain.maxBodyBytes;
    const body = {
      jsonrpc: "2.0",
      id: null,
      error: { code: -32005, message: `the body is ${length} bytes, over the limit of ${limit}` },
    };
    void this.drained().then(() => {
      if (this.#client.writable) this.#client.end(httpAnswer(body, 413, true));
      this.#upstream.destroy();
    });
  }

  #dispatch(request: RelayRequest): void {
    const sentBefore = this.#sent;
    let answer: Promise<RelayAnswer>;
    try {
      answer = this.#handle(request);
    } catch (error) {
      answer = Promise.reject(error); // a link that threw rather than reject: the same answer
    }
    if (this.#sent !== sentBefore) {
      // At anvil already: the common path. Its answer went (or goes) to the client as it came.
      answer.catch(() => undefined);
      return;
    }
    this.#held = true;
    const hold = ++this.#holds;
    this.#client.pause();
    answer.then(
      (answered) => this.#settle(hold, answered),
      (error: unknown) => this.#settle(hold, failed(error, request)),
    );
  }

  /** A held request's chain ended: a link's own answer goes out, then the connection goes on. */
  async #settle(hold: number, answer: RelayAnswer): Promise<void> {
    if (answer.from === "relay") {
      await this.drained();
      if (this.#client.writable) {
        const closing = this.#ended;
        await new Promise<void>((resolve) => {
          if (this.#mode === "websocket") {
            this.#messages.deliver([JSON.stringify(answer.body)]);
            resolve();
          } else
            this.#client.write(httpAnswer(answer.body, answer.status, closing, answer.headers), () =>
              resolve(),
            );
        });
        // Its anvil went away meanwhile (a restart): the connection goes too, once the answer is out.
        if (closing) this.#client.end();
      }
    }
    this.#release(hold);
  }

  #release(hold: number): void {
    if (!this.#held || hold !== this.#holds) return;
    this.#held = false;
    if (this.#ended) {
      if (!this.#client.writableEnded) this.#client.destroy();
      return;
    }
    this.#client.resume();
    this.#pump();
  }

  #toAnvil(request: RelayRequest): Promise<RelayAnswer> {
    if (this.#ended) return nobodyAnswers;
    this.#sent++;
    const answer =
      this.#mode === "http"
        ? new Promise<RelayAnswer>((resolve) => this.#pending.push(resolve))
        : answeredAtOnce;
    this.#write(request.bytes);
    if (this.#held) {
      // The held request reached anvil: the ones behind it go on, after it.
      const hold = this.#holds;
      queueMicrotask(() => this.#release(hold));
    }
    return answer;
  }

  #write(bytes: Buffer): void {
    if (this.#upstream.write(bytes)) return;
    this.#client.pause();
    this.#upstream.once("drain", () => {
      if (!this.#held) this.#client.resume();
    });
  }

  #toClient(bytes: Buffer): void {
    if (this.#client.write(bytes) || this.#draining) return;
    this.#draining = true;
    this.#upstream.pause();
    this.#client.once("drain", () => {
      this.#draining = false;
      this.#upstream.resume();
    });
  }

  #end(): void {
    if (this.#ended) return;
    this.#ended = true;
    while (this.#pending.length > 0) this.#answered(ANSWERED_BY_NOBODY);
    this.#messages.close();
    for (const listener of this.#closeListeners.splice(0)) listener();
    this.#upstream.destroy();
    // A request held in the chain may still be answered by a link (a fault call outlives a
    // restarted anvil): the client then goes once that answer is out.
    if (!this.#held) this.#client.destroy();
  }
}

/** A link that failed: the client gets a JSON-RPC error rather than no answer. */
function failed(error: unknown, request: RelayRequest): RelayAnswer {
  const message = error instanceof Error ? error.message : String(error);
  const call = request.calls.length === 1 ? request.calls[0] : undefined;
  return {
    from: "relay",
    body: {
      jsonrpc: "2.0",
      id: call?.id ?? null,
      error: {
        code: -32603,
        message: `the relay could not pass ${call?.method ?? "the request"} on: ${message}`,
      },
    },
  };
}
