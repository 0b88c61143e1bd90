import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { InvalidOptionsError, type Platform } from "@privnet/core";
import express from "express";
import { createOracleRouter, type OracleRouterOptions } from "../router/createOracleRouter.js";

export type OracleServerOptions = OracleRouterOptions & {
  /** Default: 3004. 0 picks a free port. */
  port?: number;
  /** Default: 127.0.0.1 — only this machine can connect. Use 0.0.0.0 deliberately. */
  host?: string;
  /**
   * An already-listening `node:http` server to serve on; `port` and `host` are then ignored, and
   * `close()` closes it. For callers that bind their ports before anything slow starts (as
   * `privnet up` does): a taken port is known at once, and nothing can take it in between.
   */
  server?: Server;
  /**
   * Start the platform's push loop (`platform.oracle.start()`) with the server and stop it on
   * close. Default: true. The loop's interval and models are the platform's `oracle` options.
   */
  startLoop?: boolean;
};

export type OracleServer = {
  /** Base URL, e.g. `http://127.0.0.1:3004`. */
  url: string;
  port: number;
  server: Server;
  /** Ends the price streams, stops the push loop it started, and closes the port. Idempotent. */
  close(): Promise<void>;
};

/**
 * Serves the oracle API on its own port (default 3004) and, by default, runs the push loop.
 * The platform's contracts are ensured (deployed on first use) before it listens.
 *
 * @example
 * const platform = await createPlatform({ transport: http(rpcUrl), contracts: true });
 * const oracle = await createOracleServer(platform, { port: 3004 });
 * console.log(`${oracle.url}/prices`);
 * await oracle.close();
 */
export async function createOracleServer(
  platform: Platform,
  options: OracleServerOptions = {},
): Promise<OracleServer> {
  const { port = 3004, host = "127.0.0.1", startLoop = true, server: given, ...routerOptions } = options;
  if (given && !given.listening) throw new InvalidOptionsError("options.server is not listening.");
  // Ensures the contracts and loads the simulator's stored state, so /health knows the contract.
  await platform.oracle.tokens();
  if (startLoop) await platform.oracle.start();
  const app = express();
  app.disable("x-powered-by");
  const router = createOracleRouter(platform, routerOptions);
  app.use(router);

  let server: Server;
  try {
    server = await new Promise<Server>((resolve, reject) => {
      if (given) {
        resolve(given.on("request", app));
        return;
      }
      // express 5 also hands a listen error to this callback: then only the "error" listener settles.
      const listening = app.listen(port, host, (error) => error || resolve(listening));
      listening.once("error", (error: NodeJS.ErrnoException) => {
        reject(
          error.code === "EADDRINUSE"
            ? new Error(
                `Port ${port} on ${host} is already in use: stop what listens there or choose another port.`,
                {
                  cause: error,
                },
              )
            : error,
        );
      });
    });
  } catch (error) {
    if (startLoop) await platform.oracle.stop();
    throw error;
  }
  const address = server.address() as AddressInfo;
  const bound = given ? address.address : host;
  const urlHost = bound.includes(":") ? `[${bound}]` : bound === "0.0.0.0" ? "127.0.0.1" : bound;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${address.port}`,
    port: address.port,
    server,
    close() {
      closing ??= (async () => {
        router.endStreams();
        await new Promise<void>((resolve, reject) => {
          server.close((error) => (error ? reject(error) : resolve()));
          server.closeIdleConnections();
        });
        if (startLoop) await platform.oracle.stop().catch(() => {});
      })();
      return closing;
    },
  };
}
