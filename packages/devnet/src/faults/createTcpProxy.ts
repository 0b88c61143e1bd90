import { createConnection, createServer, type Server, type Socket } from "node:net";

export type TcpProxyOptions = {
  /** Where connections are forwarded, e.g. PostgreSQL's `{ host: "127.0.0.1", port: 5432 }`. */
  target: { host: string; port: number };
  /** The proxy's interface. Default: 127.0.0.1. */
  host?: string;
};

export type TcpProxy = {
  host: string;
  /** Chosen when it first listens, and kept across {@link TcpProxy.cut} and {@link TcpProxy.restore}. */
  port: number;
  /** Open client connections. */
  readonly connections: number;
  /**
   * The dependency goes away, as a restarted server does: every open connection is reset and the
   * port stops listening, so new connections are refused (`ECONNREFUSED`). Resolves once it no
   * longer listens.
   */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  /** Cuts and stays cut. Idempotent. */
  close(): Promise<void>;
};

/**
 * A TCP proxy on loopback, in front of a dependency a test must take away and bring back (a
 * database, a chain's JSON-RPC port) without touching the real server that other tests share.
 *
 * @example
 * const proxy = await createTcpProxy({ target: { host: "127.0.0.1", port: 5432 } });
 * const storage = postgresStorage({ connectionString: `postgres://root@127.0.0.1:${proxy.port}/test` });
 * await proxy.cut();     // PostgreSQL "restarts"
 * await proxy.restore(); // and is back
 */
export async function createTcpProxy(options: TcpProxyOptions): Promise<TcpProxy> {
  const host = options.host ?? "127.0.0.1";
  const open = new Set<Socket>();
  const clients = new Set<Socket>();
  let closed = false;
  let server: Server | undefined;

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const next = createServer((client) => {
        const upstream = createConnection(options.target);
        open.add(client);
        open.add(upstream);
        clients.add(client);
        const drop = () => {
          client.destroy();
          upstream.destroy();
          open.delete(client);
          open.delete(upstream);
          clients.delete(client);
        };
        client.on("error", drop).on("close", drop);
        upstream.on("error", drop).on("close", drop);
        client.pipe(upstream);
        upstream.pipe(client);
      });
      next.once("error", reject);
      next.listen(port, host, () => {
        next.off("error", reject);
        server = next;
        resolve((next.address() as { port: number }).port);
      });
    });

  const stop = () =>
    new Promise<void>((resolve) => {
      const current = server;
      server = undefined;
      for (const socket of open) socket.resetAndDestroy();
      open.clear();
      clients.clear();
      if (!current) return resolve();
      current.close(() => resolve());
    });

  const port = await listen(0);
  return {
    host,
    port,
    get connections() {
      return clients.size;
    },
    cut: stop,
    async restore() {
      if (closed) throw new Error("The proxy is closed.");
      if (!server) await listen(port);
    },
    async close() {
      closed = true;
      await stop();
    },
  };
}
