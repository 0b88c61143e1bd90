import { Agent, createServer, get, type Server } from "node:http";
import { connect, type Socket } from "node:net";
import { isPrivnetError } from "@privnet/core";
import { afterEach, describe, expect, test } from "vitest";
import { PortInUseError } from "../errors/PortInUseError.js";
import { openEventStream } from "../streams/openEventStream.js";
import { httpRequest } from "../testing/httpRequest.js";
import { startServer } from "./startServer.js";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function listening(server: Server): Promise<Server> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

describe("startServer", () => {
  test("listens on a free port and answers; close() is idempotent", async () => {
    const served = await startServer((_request, response) => response.end("hi"), {
      port: 0,
      host: "127.0.0.1",
    });
    expect(served.url).toBe(`http://127.0.0.1:${served.port}`);
    expect((await httpRequest(served.url, { method: "GET" })).text).toBe("hi");
    const first = served.close();
    expect(served.close()).toBe(first);
    await first;
    expect(served.server.listening).toBe(false);
  });

  test("its status is an instance's, named as asked; stop(), close() and await using all close it once", async () => {
    const statuses: string[] = [];
    let server: Server;
    {
      await using served = await startServer((_request, response) => response.end("hi"), {
        port: 0,
        host: "127.0.0.1",
        name: "the admin API",
      });
      server = served.server;
      expect(served).toMatchObject({ name: "the admin API", status: "started" });
      served.on("status", (state) => statuses.push(state.status));
      const stopping = served.stop();
      expect(served.close()).toBe(stopping);
      await stopping;
      expect(served.status).toBe("stopped");
    }
    expect(statuses).toEqual(["stopping", "stopped"]);
    expect(server.listening).toBe(false);
  });

  test("close() ends idle keep-alive connections and ones without a request, rather than wait for the clients", async () => {
    const served = await startServer((_request, response) => response.end("hi"), {
      port: 0,
      host: "127.0.0.1",
    });
    // A client that keeps its connection open for good: close() would wait for it forever.
    const agent = new Agent({ keepAlive: true, keepAliveMsecs: 600_000 });
    cleanups.push(async () => agent.destroy());
    const kept = await new Promise<Socket>((resolve, reject) => {
      const request = get(served.url, { agent }, (response) => {
        response.resume();
        response.once("end", () => resolve(request.socket as Socket));
      });
      request.once("error", reject);
    });
    const keptClosed = new Promise<void>((resolve) => kept.once("close", () => resolve()));
    // And a connection that never sends a request.
    const silent = await new Promise<Socket>((resolve) => {
      const socket = connect(served.port, "127.0.0.1", () => resolve(socket));
    });
    const silentClosed = new Promise<void>((resolve) => silent.once("close", () => resolve()));
    await served.close();
    await keptClosed;
    await silentClosed;
  });

  test("a taken port is PORT_IN_USE, naming port and host", async () => {
    const taken = await listening(createServer());
    cleanups.push(() => new Promise((resolve) => taken.close(() => resolve())));
    const port = (taken.address() as { port: number }).port;
    const error = await startServer(() => {}, { port, host: "127.0.0.1" }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PortInUseError);
    expect(isPrivnetError(error, "PORT_IN_USE")).toBe(true);
    expect(error).toMatchObject({
      port,
      host: "127.0.0.1",
      shortMessage: `Port ${port} on 127.0.0.1 is already in use.`,
    });
  });

  test("serves on a server that already listens, and closes it", async () => {
    const server = await listening(createServer());
    const served = await startServer((_request, response) => response.end("on yours"), { server });
    expect(served.port).toBe((server.address() as { port: number }).port);
    expect((await httpRequest(`${served.url}/`, { method: "GET" })).text).toBe("on yours");
    await served.close();
    expect(server.listening).toBe(false);
  });

  test("refuses a server that does not listen yet", async () => {
    await expect(startServer(() => {}, { server: createServer() })).rejects.toMatchObject({
      code: "INVALID_OPTIONS",
      message: "options.server is not listening.",
    });
  });

  test("close() ends open event streams and waits for an open request to finish", async () => {
    let finishSlow: () => void = () => {};
    let slowArrived: () => void = () => {};
    const arrived = new Promise<void>((resolve) => {
      slowArrived = resolve;
    });
    let streamEnded: () => void = () => {};
    const ended = new Promise<void>((resolve) => {
      streamEnded = resolve;
    });
    const served = await startServer(
      (request, response) => {
        if (request.url === "/stream") {
          openEventStream(response).onEnd(streamEnded);
          return;
        }
        finishSlow = () => response.end("done");
        slowArrived();
      },
      { port: 0, host: "127.0.0.1" },
    );
    const stream = await fetch(`${served.url}/stream`);
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    await reader.read(); // the opening comment: the stream is open
    const slow = httpRequest(`${served.url}/slow`, { method: "GET" });
    await arrived;

    let closed = false;
    const closing = served.close().then(() => {
      closed = true;
    });
    await ended; // the stream ended at once…
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {}
    expect(closed).toBe(false); // …while the open request still holds the server
    finishSlow();
    expect((await slow).text).toBe("done");
    await closing;
    expect(closed).toBe(true);
  });
});
