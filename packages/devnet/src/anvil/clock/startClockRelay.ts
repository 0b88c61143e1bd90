import { connect, createServer, type Server, type Socket } from "node:net";
import type { AnvilRpc, ClockCall, DevnetClock } from "./createDevnetClock.js";
import {
  isRollback,
  type LogSubscription,
  logsAtRisk,
  logsFilterOf,
  matches,
  messageBoundaries,
  type PausableStream,
  type RelayLogSubscriptions,
  removedNotification,
  removedOf,
  rollbackDepth,
  textFrame,
} from "./removedLogs.js";

export type ClockRelayOptions = {
  /** Interface and port to listen on (0: a free one). */
  host: string;
  port: number;
  /** The anvil it stands in front of. */
  target: { host: string; port: number };
  clock: DevnetClock;
  /** Calls to anvil itself, for what the relay does around a spaced `anvil_mine`. */
  rpc: AnvilRpc;
  /** privnet's own fault methods (`privnet_faults_*`), answered by the relay, not anvil. */
  faults?: RelayFaultHooks;
};

/** What the relay asks of the devnet's faults. */
export type RelayFaultHooks = {
  /** Answers a `privnet_faults_*` call (an HTTP request with that one call). */
  handle(call: ClockCall, relay: ClockRelay): Promise<unknown>;
  /** Work to do before a call that mines goes to anvil (a base fee to set), if any. */
  beforeMining(): Promise<void> | undefined;
};

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

const headerEnd = Buffer.from("\r\n\r\n");
const noBytes: Buffer = Buffer.alloc(0);
/** A request or response head longer than this is not JSON-RPC: the connection is piped as is. */
const maxHead = 64 * 1024;

/**
 * A TCP relay in front of anvil that reads just enough of each request to keep the devnet's clock:
 * the HTTP framing (to find each request's body) and the methods of the JSON-RPC calls in it.
 * Requests and answers cross byte for byte — batches stay batches, headers (CORS included) stay
 * anvil's — and only a call that mines or reads the next block may wait, while the clock compares
 * the chain with the wall clock (at most once a second). Answers are framed only to count the
 * blocks still in flight. WebSocket connections are read frame by frame the same way (without
 * permessage-deflate, which the relay takes out of the handshake).
 *
 * It also gives log subscriptions what anvil does not: when `anvil_rollback` or `anvil_reorg`
 * takes blocks off the head (asked on any connection), every `eth_subscribe("logs")` subscriber
 * whose filter matches gets those blocks' logs again with `removed: true`, newest first, before
 * any log of the new branch. anvil's answers on a WebSocket connection are framed (not copied) to
 * know where a message may go in; only the answers the relay waits for (a subscription's id, a
 * rollback's) are read.
 */
export async function startClockRelay(options: ClockRelayOptions): Promise<ClockRelay> {
  const { clock, rpc } = options;
  const target = { ...options.target };
  /** Connections through the devnet's port, and through the faults port. */
  const sockets = new Set<Socket>();
  const faultSockets = new Set<Socket>();
  let relay: ClockRelay | undefined;
  const logs: RelayLogSubscriptions = { subscriptions: new Set(), pausable: new Set() };
  const gate = createGate();
  const onConnection = (owned: Set<Socket>) => (client: Socket) => {
    const upstream = connect({ host: target.host, port: target.port });
    for (const socket of [client, upstream]) {
      owned.add(socket);
      socket.setNoDelay(true);
      socket.on("close", () => owned.delete(socket));
    }
    relayConnection(
      client,
      upstream,
      clock,
      rpc,
      options.faults && relay ? { hooks: options.faults, relay } : undefined,
      logs,
      owned === sockets ? gate : undefined,
    );
  };
  let server = createServer(onConnection(sockets));
  const faultsServer = createServer(onConnection(faultSockets));
  const listen = (on: Server, host: string, port: number) =>
    new Promise<number>((resolve, reject) => {
      on.once("error", reject);
      on.listen({ host, port, exclusive: true }, () => {
        on.off("error", reject);
        const address = on.address();
        resolve(typeof address === "object" && address ? address.port : port);
      });
    });
  const closeServer = (on: Server, owned: Set<Socket>) =>
    new Promise<void>((resolve) => {
      if (!on.listening) return resolve();
      on.close(() => resolve());
      for (const socket of owned) socket.destroy();
    });

  const port = await listen(server, options.host, options.port);
  const faultsPort = await listen(faultsServer, "127.0.0.1", 0).catch(async (error: unknown) => {
    await closeServer(server, sockets);
    throw error;
  });
  relay = {
    port,
    faultsPort,
    refuse: () => closeServer(server, sockets),
    async accept() {
      if (server.listening) return;
      server = createServer(onConnection(sockets));
      await listen(server, options.host, port);
    },
    retarget(anvilPort) {
      // Connections to the old anvil closed as it stopped; new ones go to this one.
      target.port = anvilPort;
    },
    hold: () => gate.close(),
    release: () => gate.open(),
    async close() {
      gate.open();
      await Promise.all([closeServer(server, sockets), closeServer(faultsServer, faultSockets)]);
    },
  };
  return relay;
}

type Pending = { blocks: number; answered?: () => void };

function relayConnection(
  client: Socket,
  upstream: Socket,
  clock: DevnetClock,
  rpc: AnvilRpc,
  faults: { hooks: RelayFaultHooks; relay: ClockRelay } | undefined,
  logs: RelayLogSubscriptions,
  gate: RelayGate | undefined,
): void {
  let input: Buffer = noBytes;
  /** A request that met the closed gate: dispatched first once it opens. */
  let deferred: { bytes: Buffer; calls: ClockCall[] } | undefined;
  /** A request waits for the clock: later ones on this connection wait behind it. */
  let held = false;
  let mode: "http" | "websocket" | "pipe" = "http";
  /** Requests sent to anvil and not answered yet, in order (HTTP answers come in order). */
  const pending: Pending[] = [];
  const answers = answerCounter(() => {
    const answered = pending.shift();
    if (!answered) return;
    clock.settled(answered.blocks);
    answered.answered?.();
    if (pending.length === 0) gate?.check();
  });
  let fragments: Buffer[] = [];

  const settleAll = () => {
    for (const entry of pending.splice(0)) {
      clock.settled(entry.blocks);
      entry.answered?.();
    }
  };
  /** A fault call being answered: it outlives anvil (a restart stops the anvil behind it). */
  let answeringFault = false;
  let endAfterAnswer = false;
  const end = () => {
    settleAll();
    forgetSubscriptions();
    upstream.destroy();
    if (answeringFault) endAfterAnswer = true;
    else client.destroy();
  };
  client.on("error", end);
  upstream.on("error", end);
  client.on("close", end);
  upstream.on("close", end);

  let draining = false;
  const toClient = (bytes: Buffer) => {
    if (!client.write(bytes) && !draining) {
      draining = true;
      upstream.pause();
      client.once("drain", () => {
        draining = false;
        upstream.resume();
      });
    }
  };

  // WebSocket: where anvil's messages end, the answers the relay waits for, and the messages it
  // sends a subscriber itself (removed logs), which go in between anvil's.
  const boundaries = messageBoundaries();
  const awaiting = new Map<string, (message: { result?: unknown } | undefined) => void>();
  const subscriptions = new Set<LogSubscription>();
  /** Messages of the relay's own waiting for a message boundary. */
  let injected: Buffer[] = [];
  /** Reorganisations going through: anvil's messages wait from the next boundary on. */
  let pauses = 0;
  let paused = false;
  /** anvil's bytes held back (from a boundary on) while paused. */
  let buffering = false;
  let heldBack: Buffer[] = [];
  const flushInjected = () => {
    const messages = injected;
    injected = [];
    for (const message of messages) toClient(message);
  };
  const stream: PausableStream = {
    pause() {
      pauses++;
      paused = true;
      if (boundaries.idle) buffering = true;
    },
    resume() {
      pauses = Math.max(0, pauses - 1);
      if (pauses > 0) return;
      paused = false;
      if (buffering || boundaries.idle) flushInjected();
      const bytesHeld = heldBack;
      heldBack = [];
      buffering = false;
      for (const bytes of bytesHeld) toClient(bytes);
    },
  };
  const deliver = (messages: string[]) => {
    for (const message of messages) injected.push(textFrame(message));
    if (!paused && !buffering && boundaries.idle) flushInjected();
  };
  const onAnswerText = (text: string) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return;
    }
    for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
      const id = (message as { id?: unknown } | null)?.id;
      if (id === undefined) continue;
      const key = JSON.stringify(id);
      const waiting = awaiting.get(key);
      if (!waiting) continue;
      awaiting.delete(key);
      waiting(message as { result?: unknown });
    }
  };
  const wantsText = () => awaiting.size > 0;
  const relayMessages = (chunk: Buffer) => {
    const startsAtBoundary = boundaries.idle;
    const ends = boundaries.read(chunk, wantsText, onAnswerText);
    if (!paused && !buffering && injected.length === 0) {
      toClient(chunk);
      return;
    }
    let from = 0;
    let atBoundary = startsAtBoundary;
    const out = (segment: Buffer) => {
      if (atBoundary) {
        if (paused) buffering = true;
        else flushInjected();
      }
      if (buffering) heldBack.push(segment);
      else toClient(segment);
    };
    for (const end of ends) {
      out(chunk.subarray(from, end));
      from = end;
      atBoundary = true;
    }
    if (from < chunk.length) out(chunk.subarray(from));
    else if (atBoundary && !paused && !buffering) flushInjected();
  };
  function forgetSubscriptions(): void {
    for (const subscription of subscriptions) logs.subscriptions.delete(subscription);
    subscriptions.clear();
    logs.pausable.delete(stream);
    for (const waiting of [...awaiting.values()]) waiting(undefined);
    awaiting.clear();
    pauses = 0;
    if (paused) stream.resume();
  }
  /** Follows this connection's log subscriptions: their ids (anvil's answers) and their end. */
  function followSubscriptions(calls: ClockCall[]): void {
    for (const call of calls) {
      const filter = logsFilterOf(call);
      if (filter && call.id !== undefined && call.id !== null) {
        awaiting.set(JSON.stringify(call.id), (answer) => {
          if (typeof answer?.result !== "string") return;
          const subscription: LogSubscription = { id: answer.result, filter, deliver };
          subscriptions.add(subscription);
          logs.subscriptions.add(subscription);
          logs.pausable.add(stream);
        });
      } else if (call.method === "eth_unsubscribe") {
        const id = String(call.params[0]).toLowerCase();
        for (const subscription of subscriptions)
          if (subscription.id.toLowerCase() === id) {
            subscriptions.delete(subscription);
            logs.subscriptions.delete(subscription);
          }
        if (subscriptions.size === 0) logs.pausable.delete(stream);
      }
    }
  }

  upstream.on("data", (chunk: Buffer) => {
    if (mode === "websocket") {
      relayMessages(chunk);
      return;
    }
    toClient(chunk);
    if (mode !== "http") return;
    const outcome = answers.read(chunk);
    if (outcome === "switched") mode = "websocket";
    else if (outcome === "unreadable") {
      // Not an answer we can frame: nothing more is counted on this connection.
      mode = "pipe";
      settleAll();
    }
  });

  client.on("data", (chunk: Buffer) => {
    input = input.length === 0 ? chunk : Buffer.concat([input, chunk]);
    pump();
  });

  const idle = () => pending.length === 0;
  gate?.connections.add(idle);
  client.once("close", () => {
    gate?.connections.delete(idle);
    gate?.check();
  });
  const send = (bytes: Buffer, blocks: number, answered?: () => void) => {
    if (mode === "http") {
      pending.push(answered ? { blocks, answered } : { blocks });
      clock.sent(blocks);
    } else {
      answered?.();
    }
    if (!upstream.write(bytes)) {
      client.pause();
      upstream.once("drain", () => {
        if (!held) client.resume();
      });
    }
  };

  /** Holds this connection until `work` is done, then goes on with what came in meanwhile. */
  const hold = (work: Promise<unknown>) => {
    held = true;
    client.pause();
    void work
      .catch(() => undefined)
      .then(() => {
        held = false;
        client.resume();
        pump();
      });
  };

  function pump(): void {
    while (!held && deferred) {
      const message = deferred;
      deferred = undefined;
      dispatch(message.bytes, message.calls);
    }
    while (!held && input.length > 0) {
      if (mode === "pipe") {
        send(input, 0);
        input = noBytes;
        return;
      }
      const message = mode === "http" ? nextRequest() : nextFrame();
      if (message === undefined) return;
      dispatch(message.bytes, message.calls);
    }
  }

  function dispatch(bytes: Buffer, calls: ClockCall[]): void {
    const closed = gate?.closed;
    if (closed) {
      deferred = { bytes, calls };
      hold(closed);
      return;
    }
    const only = calls.length === 1 ? (calls[0] as ClockCall) : undefined;
    if (faults && mode === "http" && only?.method.startsWith("privnet_faults_")) {
      hold(answerFault(only, faults));
      return;
    }
    if (mode === "websocket" && calls.length > 0) followSubscriptions(calls);
    if (logs.subscriptions.size > 0 && calls.some(isRollback)) {
      hold(withRemovedLogs(bytes, calls));
      return;
    }
    const before =
      faults && calls.some((call) => clock.blocksOf(call) > 0) ? faults.hooks.beforeMining() : undefined;
    if (before) {
      hold(before.then(() => dispatchToAnvil(bytes, calls)));
      return;
    }
    dispatchToAnvil(bytes, calls);
  }

  /**
   * Answers a `privnet_faults_*` call itself, once every earlier request on this connection has
   * its answer (HTTP answers keep the order of their requests).
   */
  async function answerFault(call: ClockCall, with_: { hooks: RelayFaultHooks; relay: ClockRelay }) {
    while (pending.length > 0)
      await new Promise<void>((resolve) => upstream.once("data", () => setImmediate(resolve)));
    answeringFault = true;
    let body: unknown;
    try {
      body = { jsonrpc: "2.0", id: call.id ?? null, result: await with_.hooks.handle(call, with_.relay) };
    } catch (error) {
      const { message, code } = error as { message?: string; code?: string };
      body = {
        jsonrpc: "2.0",
        id: call.id ?? null,
        error: { code: -32000, message: message ?? String(error), data: { code } },
      };
    }
    const text = JSON.stringify(body);
    const connection = endAfterAnswer ? "connection: close\r\n" : "";
    await new Promise<void>((resolve) =>
      client.write(
        `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n${connection}content-length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
        () => resolve(),
      ),
    );
    answeringFault = false;
    // Its anvil went away meanwhile: the connection goes too, once the answer is out.
    if (endAfterAnswer) client.end();
  }

  /**
   * A rollback while log subscriptions are open: the logs of the blocks it may take off are read
   * first; subscribers' streams from anvil pause while it goes through; then each subscriber gets
   * those of its logs whose blocks are gone, with `removed: true`, before anything anvil sent
   * meanwhile (the new branch's logs, for `anvil_reorg`).
   */
  async function withRemovedLogs(bytes: Buffer, calls: ClockCall[]): Promise<void> {
    const atRisk = await logsAtRisk(rpc, rollbackDepth(calls)).catch(() => []);
    const watched = [...logs.subscriptions].filter((subscription) =>
      atRisk.some((log) => matches(subscription.filter, log)),
    );
    if (watched.length === 0) {
      dispatchToAnvil(bytes, calls);
      return;
    }
    const streams = [...logs.pausable];
    for (const subscriber of streams) subscriber.pause();
    try {
      await new Promise<void>((resolve) => {
        const last = calls.filter(isRollback).at(-1)?.id;
        if (mode === "websocket" && last !== undefined && last !== null) {
          awaiting.set(JSON.stringify(last), () => resolve());
          dispatchToAnvil(bytes, calls);
        } else dispatchToAnvil(bytes, calls, resolve);
      });
      const removed = await removedOf(rpc, atRisk);
      for (const subscription of watched) {
        if (!logs.subscriptions.has(subscription)) continue;
        const own = removed.filter((log) => matches(subscription.filter, log));
        if (own.length > 0) subscription.deliver(own.map((log) => removedNotification(subscription.id, log)));
      }
    } catch {
      // anvil could not be read: the rollback went through without removed logs.
    } finally {
      for (const subscriber of streams) subscriber.resume();
    }
  }

  function dispatchToAnvil(bytes: Buffer, calls: ClockCall[], answered?: () => void): void {
    let blocks = 0;
    let gated = false;
    for (const call of calls) {
      try {
        clock.observe(call);
        blocks += clock.blocksOf(call);
      } catch {
        // Parameters anvil will refuse: its answer says so; the clock has nothing to do.
      }
      gated ||= clock.gated(call.method);
    }
    const spacing =
      calls.length === 1 && mode === "http" ? safely(() => clock.spacing(calls[0] as ClockCall)) : undefined;
    if (spacing !== undefined) {
      hold(clock.exclusive(() => spacedMine(bytes, blocks, spacing)));
      return;
    }
    const wait = gated ? clock.gate() : undefined;
    if (wait) {
      hold(wait.then(() => send(bytes, blocks, answered)));
      return;
    }
    send(bytes, blocks, answered);
  }

  /**
   * `anvil_mine(blocks, interval)`: anvil applies its interval through the clock offset, which a
   * timestamp interval overrides; for the length of the call the timestamp interval is the one
   * asked for, counted from the latest block.
   */
  async function spacedMine(bytes: Buffer, blocks: number, spacing: number): Promise<void> {
    let spaced = false;
    try {
      const latest = await rpc<{ timestamp: string }>("eth_getBlockByNumber", ["latest", false]);
      await rpc("anvil_setTime", [Number(BigInt(latest.timestamp))]);
      await rpc("anvil_setBlockTimestampInterval", [spacing]);
      spaced = true;
    } catch {
      // The call still goes on: its blocks then get the mode's interval.
    }
    try {
      await new Promise<void>((resolve) => send(bytes, blocks, resolve));
    } finally {
      if (spaced) await rpc("anvil_setBlockTimestampInterval", [clock.interval]).catch(() => undefined);
    }
  }

  /** The next whole HTTP request in `input`, or undefined until it has arrived. */
  function nextRequest(): { bytes: Buffer; calls: ClockCall[] } | undefined {
    const end = input.indexOf(headerEnd);
    if (end === -1) {
      if (input.length > maxHead) mode = "pipe";
      return undefined;
    }
    let head = input.toString("latin1", 0, end);
    if (/\r\ntransfer-encoding:/i.test(head)) {
      // Chunked bodies are not what JSON-RPC clients send: piped from here on, unread.
      mode = "pipe";
      return undefined;
    }
    const length = Number(/\r\ncontent-length:[ \t]*(\d+)/i.exec(head)?.[1] ?? 0);
    const total = end + headerEnd.length + length;
    if (input.length < total) return undefined;
    let bytes = input.subarray(0, total);
    const body = input.subarray(end + headerEnd.length, total);
    input = input.subarray(total);
    if (/\r\nupgrade:[ \t]*websocket/i.test(head)) {
      // Frames the relay can read: no compression.
      head = head.replace(/\r\nsec-websocket-extensions:[^\r]*/gi, "");
      bytes = Buffer.concat([Buffer.from(head, "latin1"), headerEnd, body]);
    }
    return { bytes, calls: readCalls(body) };
  }

  /** The next whole WebSocket frame from the client, with the calls of a message it completes. */
  function nextFrame(): { bytes: Buffer; calls: ClockCall[] } | undefined {
    if (input.length < 2) return undefined;
    const first = input[0] as number;
    const second = input[1] as number;
    let length = second & 0x7f;
    let at = 2;
    if (length === 126) {
      if (input.length < 4) return undefined;
      length = input.readUInt16BE(2);
      at = 4;
    } else if (length === 127) {
      if (input.length < 10) return undefined;
      length = Number(input.readBigUInt64BE(2));
      at = 10;
    }
    const masked = (second & 0x80) !== 0;
    const mask = masked ? input.subarray(at, at + 4) : undefined;
    if (masked) at += 4;
    if (input.length < at + length) return undefined;
    const bytes = input.subarray(0, at + length);
    const payload = Buffer.from(input.subarray(at, at + length));
    input = input.subarray(at + length);
    const opcode = first & 0x0f;
    if (opcode >= 0x8) return { bytes, calls: [] }; // close, ping, pong
    if (mask)
      for (let index = 0; index < payload.length; index++)
        payload[index] = (payload[index] as number) ^ (mask[index & 3] as number);
    fragments.push(payload);
    if ((first & 0x80) === 0) return { bytes, calls: [] };
    const message = fragments.length === 1 ? payload : Buffer.concat(fragments);
    fragments = [];
    return { bytes, calls: readCalls(message) };
  }
}

/**
 * Counts whole HTTP answers in anvil's byte stream (status line, headers, `content-length`
 * bytes of body), calling `onAnswer` for each.
 */
/** The devnet port's gate: closed, requests wait; `connections` tell whether anvil owes them answers. */
type RelayGate = {
  /** Resolves when the gate opens; undefined while open. */
  closed: Promise<void> | undefined;
  connections: Set<() => boolean>;
  close(): Promise<void>;
  open(): void;
  /** Called when a connection's last answer came: the close may be complete. */
  check(): void;
};

function createGate(): RelayGate {
  let opened: (() => void) | undefined;
  let drained: (() => void) | undefined;
  const gate: RelayGate = {
    closed: undefined,
    connections: new Set(),
    close() {
      if (!gate.closed) gate.closed = new Promise<void>((resolve) => (opened = resolve));
      return new Promise<void>((resolve) => {
        drained = resolve;
        gate.check();
      });
    },
    open() {
      const open = opened;
      gate.closed = undefined;
      opened = undefined;
      drained = undefined;
      open?.();
    },
    check() {
      if (!drained) return;
      for (const idle of gate.connections) if (!idle()) return;
      const done = drained;
      drained = undefined;
      done();
    },
  };
  return gate;
}

function answerCounter(onAnswer: () => void) {
  let head: Buffer = noBytes;
  let remaining = 0;
  return {
    read(chunk: Buffer): "ok" | "switched" | "unreadable" {
      let rest = chunk;
      while (rest.length > 0) {
        if (remaining > 0) {
          const taken = Math.min(remaining, rest.length);
          remaining -= taken;
          rest = rest.subarray(taken);
          if (remaining === 0) onAnswer();
          continue;
        }
        head = head.length === 0 ? rest : Buffer.concat([head, rest]);
        rest = noBytes;
        const end = head.indexOf(headerEnd);
        if (end === -1) return head.length > maxHead ? "unreadable" : "ok";
        const text = head.toString("latin1", 0, end);
        rest = head.subarray(end + headerEnd.length);
        head = noBytes;
        if (/^HTTP\/1\.\d 101/.test(text)) {
          onAnswer();
          return "switched";
        }
        if (/^HTTP\/1\.\d 1\d\d/.test(text)) continue; // 100 Continue: the answer follows
        if (/\r\ntransfer-encoding:/i.test(text)) return "unreadable";
        remaining = Number(/\r\ncontent-length:[ \t]*(\d+)/i.exec(text)?.[1] ?? 0);
        if (remaining === 0) onAnswer();
      }
      return "ok";
    },
  };
}

/** Bodies that name nothing the clock acts on are not parsed. */
const mentionsClockMethod = /"(?:evm_|anvil_|eth_s|eth_e|eth_c|eth_u|privnet_faults_)/;

/** The JSON-RPC calls of a body (one call or a batch); none when it is not JSON-RPC. */
function readCalls(body: Buffer): ClockCall[] {
  if (body.length === 0) return [];
  const text = body.toString("utf8");
  if (!mentionsClockMethod.test(text)) return [];
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

function safely<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
