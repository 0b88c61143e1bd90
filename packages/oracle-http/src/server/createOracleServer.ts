import type { Server } from "node:http";
import {
  defineService,
  InvalidOptionsError,
  type Platform,
  startServices,
  withInstance,
} from "@privnet/core";
import { type HttpServer, startServer, type TlsMaterial } from "@privnet/http";
import express from "express";
import { createOracleRouter, type OracleRouterOptions } from "../router/createOracleRouter.js";
import { oracleErrors } from "../schemas/errors.js";

export type OracleServerOptions = OracleRouterOptions & {
  /** Default: 3004. 0 picks a free port. */
  port?: number;
  /** Default: 127.0.0.1 — only this machine can connect. Use 0.0.0.0 deliberately. */
  host?: string;
  /**
   * Serve HTTPS (and its event streams) with this key and certificate, PEM text; a clear-text
   * request then gets no answer. Default: HTTP. Ignored with `server` (give an `https.Server`).
   */
  tls?: TlsMaterial;
  /**
   * An already-listening `node:http` (or `node:https`) server to serve on; `port` and `host` are then ignored, and
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

export type OracleServer = HttpServer & {
  /**
   * Ends the price streams, closes the port, then stops the push loop it started (the same as
   * `stop()`). A call while it closes answers the same promise.
   */
  close(): Promise<void>;
};

/**
 * Serves the oracle API on its own port (default 3004) and, by default, runs the push loop.
 * The platform's contracts are ensured (deployed on first use) before it listens. A taken port
 * fails with `PORT_IN_USE`, and the loop it started is stopped again. Its status is an instance's
 * (`"the oracle API"`).
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
  const { port = 3004, host = "127.0.0.1", startLoop = true, server, tls, ...routerOptions } = options;
  // Before anything starts: a server that does not listen is refused without side effects.
  if (server && !server.listening) throw new InvalidOptionsError("options.server is not listening.");
  const name = "the oracle API";
  let served: HttpServer | undefined;
  let loopStarted = false;
  const instance = defineService({
    name,
    async start() {
      // Ensures the contracts and loads the simulator's stored state, so /health knows the contract.
      await platform.oracle.tokens();
      if (startLoop) {
        await platform.oracle.start();
        loopStarted = true;
      }
      const app = express();
      app.disable("x-powered-by");
      app.use(createOracleRouter(platform, routerOptions));
      served = await startServer(app, {
        ...(server ? { server } : { port, host, tls }),
        errors: oracleErrors,
        name,
      });
    },
    async stop() {
      await served?.close();
      if (loopStarted) await platform.oracle.stop().catch(() => {});
    },
  });
  await startServices([instance]);
  const { url, port: listeningPort, server: listening } = served as HttpServer;
  return withInstance(
    { url, port: listeningPort, server: listening, close: () => instance.stop() },
    instance,
  );
}
