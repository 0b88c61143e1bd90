import { Agent, createServer, type IncomingMessage, type OutgoingHttpHeaders, request } from "node:http";
import { connect, type Socket } from "node:net";

export type ClockProxyOptions = {
  /** Interface and port to listen on (0: a free one). */
  host: string;
  port: number;
  /** The anvil it stands in front of. */
  target: { host: string; port: number };
  /** The timestamp interval anvil runs with now, in seconds. */
  interval(): number;
};

export type ClockProxy = {
  port: number;
  /** Stops listening and closes every connection. */
  close(): Promise<void>;
};

type Call = { method?: unknown; params?: unknown };

/** Calls whose block, or whose view of the next block, carries the next timestamp. */
const readsNextBlock = new Set([
  "eth_sendRawTransaction",
  "eth_sendTransaction",
  "eth_sendRawTransactionSync",
  "eth_sendTransactionSync",
  "evm_mine",
  "anvil_mine",
  "eth_estimateGas",
  "eth_call",
  "eth_createAccessList",
  "eth_simulateV1",
]);
/** Calls that mine a block: a timestamp set with evm_setNextBlockTimestamp is used up by them. */
const mines = new Set([
  "eth_sendRawTransaction",
  "eth_sendTransaction",
  "eth_sendRawTransactionSync",
  "eth_sendTransactionSync",
  "evm_mine",
  "anvil_mine",
]);
/** How often, at most, the clock is compared with the chain's latest block. */
const catchUpEveryMs = 1_000;

/**
 * Stands in front of an anvil that runs with a block timestamp interval (each block its parent's
 * timestamp + the interval: strictly increasing, and what an estimate sees is what the block
 * gets) and gives it Hardhat's clock: the next block is never behind the wall clock plus the
 * offset `evm_increaseTime` and `anvil_setTime` set. anvil alone does either strictly increasing
 * timestamps (with the interval, which drifts from the wall clock and ignores
 * `evm_increaseTime`) or the wall clock (where blocks within one second share a timestamp).
 *
 * At most once a second, and at once after a revert, a reset or a time change, a request that
 * mines or estimates first compares the latest block with the clock and, when the chain is
 * behind, sets the next block's timestamp (`evm_setNextBlockTimestamp`, which anvil refuses for
 * anything not later than the latest block). Everything else passes through unchanged.
 * WebSocket connections are piped to anvil as they are.
 */
export async function startClockProxy(options: ClockProxyOptions): Promise<ClockProxy> {
  const { target } = options;
  const agent = new Agent({ keepAlive: true });
  const clock = {
    /** Seconds added to the wall clock. */
    offset: 0,
    /** Seconds the next block must be past the latest, from evm_increaseTime since the last check. */
    increase: 0,
    checkedAt: 0,
    due: true,
    /** A timestamp the user set for the next block, not mined yet: left alone. */
    exactPending: false,
    /** The offset when each snapshot was taken: a revert puts it back. */
    offsets: new Map<string, number>(),
  };
  let rpcId = 0;
  const rpc = async <T>(method: string, params: unknown[]): Promise<T> => {
    const body = Buffer.from(JSON.stringify({ jsonrpc: "2.0", id: `clock-${++rpcId}`, method, params }));
    const { payload } = await forward(
      { method: "POST", url: "/", headers: { "content-type": "application/json" } },
      body,
    );
    const answer = JSON.parse(payload.toString()) as { result?: T; error?: { message?: string } };
    if (answer.error) throw new Error(`${method}: ${answer.error.message}`);
    return answer.result as T;
  };

  async function catchUp(): Promise<void> {
    const now = Date.now();
    if (clock.exactPending || (!clock.due && now - clock.checkedAt < catchUpEveryMs)) return;
    clock.due = false;
    clock.checkedAt = now;
    const increase = clock.increase;
    clock.increase = 0;
    const latest = await rpc<{ timestamp: string }>("eth_getBlockByNumber", ["latest", false]);
    const parent = Number(BigInt(latest.timestamp));
    const next = Math.max(Math.floor(now / 1000) + clock.offset, parent + increase);
    // Refused when a block got there first: its timestamp is already later than the parent's.
    if (next > parent + 1) await rpc("evm_setNextBlockTimestamp", [next]).catch(() => undefined);
  }

  function observe(calls: Call[]): void {
    for (const call of calls) {
      const params = Array.isArray(call.params) ? call.params : [];
      switch (call.method) {
        case "evm_increaseTime": {
          // anvil ignores it while a timestamp interval is set: the clock applies it.
          const seconds = Number(BigInt(params[0] as string | number));
          clock.offset += seconds;
          clock.increase += seconds;
          clock.due = true;
          break;
        }
        case "anvil_setTime":
          clock.offset = Number(BigInt(params[0] as string | number)) - Math.floor(Date.now() / 1000);
          clock.due = true;
          break;
        case "evm_setNextBlockTimestamp":
          clock.exactPending = true;
          break;
        case "evm_revert":
          clock.offset = clock.offsets.get(String(params[0])) ?? clock.offset;
          clock.exactPending = false;
          clock.due = true;
          break;
        case "anvil_reset":
          clock.offset = 0;
          clock.offsets.clear();
          clock.exactPending = false;
          clock.due = true;
          break;
      }
    }
  }

  function forward(
    incoming: { method: string; url: string; headers: IncomingMessage["headers"] | OutgoingHttpHeaders },
    body: Buffer,
  ): Promise<{ status: number; headers: OutgoingHttpHeaders; payload: Buffer }> {
    return new Promise((resolve, reject) => {
      const headers: OutgoingHttpHeaders = { ...incoming.headers, "content-length": body.length };
      delete headers.host;
      delete headers.connection;
      const upstream = request(
        { host: target.host, port: target.port, method: incoming.method, path: incoming.url, headers, agent },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 502,
              headers: { "content-type": response.headers["content-type"] ?? "application/json" },
              payload: Buffer.concat(chunks),
            }),
          );
          response.on("error", reject);
        },
      );
      upstream.on("error", reject);
      upstream.end(body);
    });
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const body = Buffer.concat(chunks);
      const calls = parseCalls(body);
      try {
        observe(calls);
        if (calls.some((call) => readsNextBlock.has(call.method as string))) await catchUp();
      } catch {
        // The clock never stands between a request and the node: anvil's own rule applies.
      }
      try {
        const answer = await forwardCalls(calls, req, body);
        if (calls.some((call) => mines.has(call.method as string))) clock.exactPending = false;
        if (calls.some((call) => call.method === "evm_snapshot")) rememberSnapshots(answer.payload);
        res.writeHead(answer.status, answer.headers);
        res.end(answer.payload);
      } catch (error) {
        res.writeHead(502, { "content-type": "application/json" });
        res.end(
          JSON.stringify({ jsonrpc: "2.0", id: null, error: { code: -32603, message: String(error) } }),
        );
      }
    });
  });

  async function forwardCalls(calls: Call[], req: IncomingMessage, body: Buffer) {
    const incoming = { method: req.method ?? "POST", url: req.url ?? "/", headers: req.headers };
    const spaced = spacedMine(calls);
    if (spaced === undefined) return forward(incoming, body);
    // anvil_mine's interval moves anvil's clock offset, which the timestamp interval overrides:
    // for the length of the call the interval is the one asked for, counted from the latest block
    // (anvil_setTime to its own timestamp).
    const latest = await rpc<{ timestamp: string }>("eth_getBlockByNumber", ["latest", false]);
    await rpc("anvil_setTime", [Number(BigInt(latest.timestamp))]);
    await rpc("anvil_setBlockTimestampInterval", [spaced]);
    try {
      return await forward(incoming, body);
    } finally {
      await rpc("anvil_setBlockTimestampInterval", [options.interval()]);
    }
  }

  function rememberSnapshots(payload: Buffer): void {
    try {
      const parsed = JSON.parse(payload.toString()) as { result?: unknown } | { result?: unknown }[];
      for (const answer of Array.isArray(parsed) ? parsed : [parsed]) {
        if (typeof answer.result === "string") clock.offsets.set(answer.result, clock.offset);
      }
    } catch {
      // not JSON: nothing to remember
    }
  }

  // WebSocket (and anything else that upgrades): a byte pipe to anvil.
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  };
  server.on("connection", track);
  server.on("upgrade", (req: IncomingMessage, socket: Socket, head: Buffer) => {
    const upstream = connect(target.port, target.host, () => {
      const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
      for (let at = 0; at < req.rawHeaders.length; at += 2)
        lines.push(`${req.rawHeaders[at]}: ${req.rawHeaders[at + 1]}`);
      upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
      if (head.length) upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    track(upstream);
    const end = () => {
      socket.destroy();
      upstream.destroy();
    };
    upstream.on("error", end);
    socket.on("error", end);
    upstream.on("close", end);
    socket.on("close", end);
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen({ host: options.host, port: options.port, exclusive: true }, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  return {
    port,
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
        agent.destroy();
      });
    },
  };
}

/** The interval of a lone `anvil_mine(blocks, interval)`, if it has one. */
function spacedMine(calls: Call[]): number | undefined {
  const [call] = calls;
  if (calls.length !== 1 || call?.method !== "anvil_mine" || !Array.isArray(call.params)) return undefined;
  const interval = call.params[1] as string | number | null | undefined;
  if (interval === undefined || interval === null) return undefined;
  const seconds = Number(BigInt(interval));
  return seconds > 0 ? seconds : undefined;
}

function parseCalls(body: Buffer): Call[] {
  try {
    const parsed = JSON.parse(body.toString()) as unknown;
    const calls = Array.isArray(parsed) ? parsed : [parsed];
    return calls.filter((call): call is Call => typeof call === "object" && call !== null);
  } catch {
    return [];
  }
}
